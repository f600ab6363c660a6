"""The hand-written frozen values keep a frozen dataclass's meaning: equal and hashed by their fields,
shown by them, never changed in place, copied with changes by `replace`."""

from __future__ import annotations

import pytest

from umpire.core.dice import DiceNeed
from umpire.core.ruleset import Plan, Ruling
from umpire.core.state import Resolution, Step
from umpire.core.tables import PLAIN, Reading
from umpire.core.values import FrozenInstanceError
from umpire.rules.wsim.boarding import MeleeNeed
from umpire.rules.wsim.spec import Spec


def test_equal_hashed_and_shown_by_their_fields():
    assert Step("range", "4 hexes", "Basic VIII.B") == Step("range", "4 hexes", "Basic VIII.B")
    assert Step("range", "4 hexes") != Step("range", "5 hexes")
    assert len({Step("a", "b"), Step("a", "b"), Step("a", "c")}) == 2
    assert repr(Ruling("hdt.x", 3, "house")) == "Ruling(key='hdt.x', value=3, origin='house', source='')"
    assert DiceNeed(2) == DiceNeed(2, 6, ()) and DiceNeed(2) != DiceNeed(2, 10)
    assert (Step("a", "b") == ("a", "b", "")) is False          # a value equals only its own kind


def test_never_changed_in_place_and_copied_with_changes():
    step = Step("range", "4 hexes")
    with pytest.raises(FrozenInstanceError):
        step.value = "5 hexes"
    with pytest.raises(AttributeError):         # (as a frozen dataclass's error is)
        step.source = ""
    with pytest.raises(FrozenInstanceError):
        del step.step
    need = DiceNeed(1)
    plan = Plan(need, lambda rolls, strict: Resolution())
    later = plan.replace(flexible=True, per_die="hits")
    assert (later.need, later.flexible, later.per_die, plan.flexible) == (need, True, "hits", False)
    with pytest.raises(TypeError):
        plan.replace(no_such_field=1)
    spec = Spec.parse("14H-(5-4-4)M-9(1)G-7R(3)-5-21'-26(CR)")
    assert spec.replace(hull=12).hull == 12 and spec.hull == 14 and str(spec) == "14H-(5-4-4)M-9(1)G-7R(3)-5-21'-26(CR)"


def test_copied_and_pickled_whole():
    import copy
    import pickle

    from umpire.rules.wsim.advanced_fire import AdvancedFire

    fire = AdvancedFire("mars", "hercule", 4, "left", section="bow", hit_section="stern")
    for twin in (copy.deepcopy(fire), copy.copy(fire), pickle.loads(pickle.dumps(fire))):
        assert twin == fire and twin is not fire and (twin.section, twin.hit_section) == ("bow", "stern")
    step = Step("range", "4")
    assert copy.deepcopy([step]) == [step] and pickle.loads(pickle.dumps(step)) == step


def test_a_subclass_compares_the_fields_its_parent_does_and_keeps_its_own():
    a, b = MeleeNeed(4, 6, ("r1",), chain=None), MeleeNeed(4, 6, ("r1",), chain=object())
    assert a == b and hash(a) == hash(b) and "chain" not in repr(b)
    assert b.replace(count=2).chain is b.chain


def test_resolutions_are_changed_in_place_and_compared_by_their_fields():
    res = Resolution("fire", "MARS fires")
    res.working.append(Step("range", "4"))
    res.effects += [{"op": "set", "path": ["turn"], "value": 2}]
    assert res == Resolution("fire", "MARS fires", [{"op": "set", "path": ["turn"], "value": 2}], [Step("range", "4")])
    assert Resolution().effects is not Resolution().effects                 # a fresh list each
    with pytest.raises(TypeError):
        hash(res)
    assert Reading() == PLAIN and Reading(by_kind=True) != PLAIN
