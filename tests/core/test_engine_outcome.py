"""How verify compares a journalled event's effects with a fresh resolution: by what they change."""

from __future__ import annotations

from umpire.core.effects import set_, add, unset
from umpire.core.engine import _outcome

STATE = {"turn": 3, "ships": {"mars": {"hull_left": 10, "loaded": {"left": True, "right": False},
                                       "prize": {"squares": 2}}}}


def test_a_table_set_whole_equals_its_entries_set_one_by_one():
    whole = [set_(["ships", "mars", "loaded"], {"left": False, "right": False})]
    parts = [set_(["ships", "mars", "loaded", "left"], False)]
    assert _outcome(STATE, whole) == _outcome(STATE, parts) == {("ships", "mars", "loaded", "left"): False}


def test_setting_a_value_to_what_it_was_changes_nothing():
    assert _outcome(STATE, [set_(["ships", "mars", "hull_left"], 10), set_(["turn"], 3)]) == {}


def test_add_and_set_to_the_same_number_agree_and_differ_from_another():
    assert _outcome(STATE, [add(["ships", "mars", "hull_left"], -3)]) == \
        _outcome(STATE, [set_(["ships", "mars", "hull_left"], 7)])
    assert _outcome(STATE, [set_(["ships", "mars", "hull_left"], 6)]) != \
        _outcome(STATE, [set_(["ships", "mars", "hull_left"], 7)])


def test_a_table_emptied_removes_its_entries_and_later_effects_build_on_earlier_ones():
    assert _outcome(STATE, [set_(["ships", "mars", "prize"], {})]) == \
        _outcome(STATE, [unset(["ships", "mars", "prize", "squares"]), set_(["ships", "mars", "prize"], {})])
    twice = [set_(["ships", "mars", "hull_left"], 8), add(["ships", "mars", "hull_left"], -1)]
    assert _outcome(STATE, twice) == {("ships", "mars", "hull_left"): 7}


def test_effects_that_cannot_apply_equal_nothing_that_can():
    bad = [add(["ships", "nobody", "hull_left"], -1)]
    assert _outcome(STATE, bad)[0] == "unappliable"
    assert _outcome(STATE, bad) != _outcome(STATE, [])
