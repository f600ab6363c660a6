"""Gunnery internals: each names the rule it checks; numbers worked from the 1981 Basic tables.
Worked fire examples that go through `umpire fire` are case files in tests/cases/wsim-1981/."""

from __future__ import annotations

import pytest

from umpire.core.errors import BadInput, Refused
from umpire.rules.wsim import gunnery
from umpire.rules.wsim.gunnery import Fire, parse_result
from tests.rulesets.wsim_1981.helpers import TABLES, make_state

BIG = "14H-(5-4-4)M-13(2)G-7R(3)-5-22'-30(AV)"
SMALL = "6H-(2-2-1)M-2(1)G-5R(4)-6-15'-11(PR)"


def fire(state, **kw):
    act = Fire(**{"firer": "a", "target": "b", "range": 3, "side": "left", "facing": "right", **kw})
    return act


def test_parse_result():
    assert parse_result("2H-R-G") == {"hull": 2, "guns": 1, "crew": 0, "rigging": 1}
    assert parse_result("3H-2C-G") == {"hull": 3, "guns": 1, "crew": 2, "rigging": 0}
    assert parse_result("0") == {"hull": 0, "guns": 0, "crew": 0, "rigging": 0}


def test_carronades_only_within_two_hexes():
    st = make_state(a=("x", BIG), b=("y", BIG))
    assert gunnery.guns_firing(st["ships"]["a"], fire(st, range=2), TABLES) == 15
    assert gunnery.guns_firing(st["ships"]["a"], fire(st, range=3), TABLES) == 13
    only = make_state(a=("x", "6H-(2-2-1)M-0(2)G-5R(4)-6-15'-11(PR)"), b=("y", BIG))
    with pytest.raises(Refused, match="carronades reach 2"):
        gunnery.check_fire(only, fire(only, range=3), TABLES)


def test_crew_section_loss_and_initial_broadside():
    # 13 guns at 3 hexes: row 13 -> 3; AV 0; initial +2 -> 5; two sections lost -2 -> 3
    st = make_state(a=("x", BIG), b=("y", BIG))
    st["ships"]["a"]["at_turn_start"]["crew_left"] = [0, 0, 4]
    table, steps = gunnery.hit_table(st, fire(st), TABLES)
    assert table == 3
    assert any("crew sections lost" in s.step and "-2" in s.value for s in steps)


def test_boarding_sections_count_as_lost():
    st = make_state(a=("x", BIG), b=("y", BIG))
    st["ships"]["a"]["parties"] = [0]
    table, _ = gunnery.hit_table(st, fire(st), TABLES)
    assert table == 4
    st["ships"]["a"]["parties"] = [0, 1, 2]
    with pytest.raises(Refused, match="no crew section"):
        gunnery.check_fire(st, fire(st), TABLES)


def test_captured_ship_minus_two_and_ignores_crew_loss():
    st = make_state(a=("x", BIG), b=("y", BIG))
    a = st["ships"]["a"]
    a["prize"] = {"squares": 3, "quality": "CR", "from": "z"}
    a["at_turn_start"]["crew_left"] = [0, 0, 0]
    # row 13 range 3 -> 3; prize crew CR +2 -> 5; captured -2 -> 3; initial +2 -> 5
    table, steps = gunnery.hit_table(st, fire(st), TABLES)
    assert table == 5
    assert not any("crew sections lost" in s.step for s in steps)


def test_gun_hits_facing_side_then_other_side_then_hull():
    st = make_state(a=("x", BIG), b=("y", "6H-(2-2-1)M-1(1)G-5R(4)-6-15'-11(PR)"))
    b = st["ships"]["b"]
    act = fire(st, facing="right", lose="guns")
    changes, steps, landed = gunnery.mark_hits(b, {"hull": 0, "guns": 6, "crew": 0, "rigging": 0}, act)
    got = dict((k[0], v) for k, v in changes)
    assert got["guns_left"] == {"left": 0, "right": 0}
    assert got["carronades_left"] == {"left": 0, "right": 0}
    assert got["hull_left"] == 4                     # two excess gun hits became hull hits
    assert "firepower" in got["liable"]


def test_excess_hull_and_strike():
    st = make_state(a=("x", BIG), b=("y", SMALL))
    b = st["ships"]["b"]
    changes, steps, landed = gunnery.mark_hits(b, {"hull": 9, "guns": 0, "crew": 9, "rigging": 30}, fire(st))
    got = dict((k[0], v) for k, v in changes)
    assert got["hull_left"] == 0 and got["struck"] and got["state"] == "struck"
    assert got["crew_left"] == [0, 0, 0] and landed["crew"] == 5
    assert got["rigging_left"] == [0, 0, 0, 0] and "immobility" in got["liable"]
    assert landed == {"hull": 6, "guns": 0, "crew": 5, "rigging": 20}


def test_prize_crew_takes_odd_losses():
    st = make_state(a=("x", BIG), b=("y", BIG))
    b = st["ships"]["b"]
    b["prize"] = {"squares": 3, "quality": "AV", "from": "c"}
    changes, _, _ = gunnery.mark_hits(b, {"hull": 0, "guns": 0, "crew": 5, "rigging": 0}, fire(st))
    got = dict((k[0], v) for k, v in changes)
    assert got["prize"]["squares"] == 0            # losses 1, 3, 5
    assert got["crew_left"] == [3, 4, 4]           # losses 2, 4


def test_house_ruling_overrides_and_is_cited():
    from umpire.core.tables import Tables

    st = make_state(a=("x", BIG), b=("y", BIG))
    t = Tables("wsim-1981", {"hdt.modifiers.initial_broadside": [0, 0, 0, 0, 0]})
    table, steps = gunnery.hit_table(st, fire(st), t)
    assert table == 3
    t = Tables("wsim-1981", {"hdt.modifiers.crew_quality_AV": [1, 1, 1, 1, 1]})
    table, steps = gunnery.hit_table(st, fire(st), t)
    assert table == 6 and any("house ruling" in s.source for s in steps)
    with pytest.raises(BadInput, match="no such table key"):
        Tables("wsim-1981", {"hdt.modifiers.nonsense": 1})["hdt"]


def test_struck_this_phase_still_fires_but_loaded_this_turn_does_not():
    st = make_state(a=("x", BIG), b=("y", BIG))
    st["ships"]["a"]["struck"] = True
    st["ships"]["a"]["state"] = "struck"          # struck by fire earlier in this combat phase
    gunnery.check_fire(st, fire(st), TABLES)      # fire is simultaneous: she still fires
    st["ships"]["a"]["at_turn_start"]["struck"] = True
    with pytest.raises(Refused, match="struck"):
        gunnery.check_fire(st, fire(st), TABLES)
    st = make_state(a=("x", BIG), b=("y", BIG))
    st["ships"]["a"]["loaded_this_turn"] = "left"
    with pytest.raises(Refused, match="next turn"):
        gunnery.check_fire(st, fire(st), TABLES)


def test_prize_odd_and_even_losses_count_across_the_phase():
    st = make_state(a=("x", BIG), b=("y", BIG))
    b = st["ships"]["b"]
    b["prize"] = {"squares": 5, "quality": "AV", "from": "c"}
    for _ in range(2):       # two broadsides of one crew hit each: losses 1 (prize) and 2 (prisoners)
        changes, _, _ = gunnery.mark_hits(b, {"hull": 0, "guns": 0, "crew": 1, "rigging": 0}, fire(st))
        for (key,), value in changes:
            b[key] = value
    assert b["prize"]["squares"] == 4 and b["crew_left"] == [4, 4, 4]
