"""Boarding parties, melee, capture, prize crews and transfers (Basic VII, IX), where the state
is set up directly. Worked examples typed as commands are case files in tests/cases/wsim-1981/."""

from __future__ import annotations

import pytest

from umpire.core.errors import BadInput, Refused
from umpire.rules.wsim import boarding, turns
from tests.rulesets.wsim_1981.helpers import TABLES, make_state, resolve

CRACK = "10H-(4-4-4)M-6G-5R(3)-5-18'-20(CR)"
AVG = "10H-(4-4-4)M-6G-5R(3)-5-18'-20(AV)"
POOR = "10H-(6-6-6)M-6G-5R(3)-5-18'-20(PR)"


def grappled(a_spec, b_spec):
    st = make_state(a=("x", a_spec), b=("y", b_spec))
    st["ships"]["a"]["grappled"] = ["b"]
    st["ships"]["b"]["grappled"] = ["a"]
    return st


def test_parties_lowest_sections_first():
    st = grappled(CRACK, AVG)
    with pytest.raises(Refused, match="lowest manned"):
        boarding.form_party(st, "a", "obp", [1], "b")
    st["ships"]["a"]["crew_left"] = [0, 4, 4]
    resolve(st, boarding.form_party(st, "a", "obp", [1], "b"))
    assert st["ships"]["a"]["parties"] == [1]
    with pytest.raises(Refused, match="already"):
        boarding.form_party(st, "a", "dbp", [1], "b")


def test_prize_crew_one_to_six():
    st = make_state(a=("x", CRACK), b=("y", POOR))
    st["ships"]["b"]["state"] = "surrendered"
    # 18 prisoners need at least 3 prize squares; section 1 has 4
    res = boarding.capture(st, "b", "a", [0], TABLES)
    resolve(st, res)
    assert st["ships"]["b"]["prize"]["squares"] == 4
    # lose two prize squares: 2 x 6 < 18 -> the prisoners rise
    st["ships"]["b"]["prize"]["squares"] = 2
    effects, steps = boarding.prisoner_check(st["ships"]["b"], TABLES)
    resolve(st, type("R", (), {"effects": effects})())
    assert st["ships"]["b"]["controller"] == "y" and st["ships"]["b"]["prize"]["squares"] == 0


def test_transfer_erases_latest_casualties_first():
    st = make_state(a=("x", CRACK), c=("x", CRACK))
    st["ships"]["c"]["crew_left"] = [0, 1, 4]
    res = boarding.transfer(st, "a", "c", [2])
    resolve(st, res)
    assert st["ships"]["a"]["crew_left"] == [4, 4, 0]
    assert st["ships"]["c"]["crew_left"] == [1, 4, 4]   # section 2 refilled before section 1
    assert res.data["erased"] == 4 and st["ships"]["c"]["passengers"] == 0
    st["ships"]["a"]["crew_left"] = [4, 4, 4]
    resolve(st, boarding.transfer(st, "a", "c", [2]))
    assert st["ships"]["c"]["crew_left"] == [4, 4, 4] and st["ships"]["c"]["passengers"] == 1


def test_victory_points():
    st = make_state(a=("x", CRACK), b=("y", AVG), c=("y", AVG))
    st["ships"]["b"]["struck"] = True
    st["ships"]["b"]["state"] = "struck"
    st["ships"]["c"]["state"] = "captured"
    st["ships"]["c"]["prize"] = {"squares": 2, "quality": "CR", "from": "a"}
    st["ships"]["c"]["controller"] = "x"
    assert turns.score(st, TABLES)["points"] == {"x": 60, "y": 0}


def test_melee_only_with_enemies_in_contact_once_a_turn():
    st = grappled(CRACK, POOR)
    resolve(st, boarding.form_party(st, "a", "obp", [0], "b"))
    resolve(st, boarding.form_party(st, "b", "dbp", [0], ""))
    with pytest.raises(BadInput):
        boarding.melee_plan(st, ["a", "a"], "b")
    with pytest.raises(BadInput):
        boarding.form_party(st, "a", "obp", [1], "a")
    resolve(st, boarding.resolve_melee(st, ["a"], "b", (5, 5, 5, 5, 5, 5), TABLES))
    with pytest.raises(Refused, match="once per turn"):
        boarding.melee_plan(st, ["a"], "b")
    friend = make_state(a=("x", CRACK), c=("x", AVG))
    friend["ships"]["a"]["grappled"] = ["c"]
    friend["ships"]["a"]["boarding"] = [{"party": "obp", "sections": [0], "at": "c"}]
    with pytest.raises(Refused, match="friendly"):
        boarding.melee_plan(friend, ["a"], "c")


def test_struck_ships_crew_takes_no_part():
    st = grappled(CRACK, AVG)
    resolve(st, boarding.form_party(st, "b", "dbp", [0], ""))
    st["ships"]["b"]["struck"] = True
    st["ships"]["b"]["state"] = "struck"
    resolve(st, boarding.form_party(st, "a", "obp", [0], "b"))
    assert boarding.melee_needs(st, ["a"], "b", TABLES).count == 0      # boarded without melee
    with pytest.raises(Refused):
        boarding.transfer(st, "b", "a", [1])


def test_captured_ships_party_is_her_prize_crew():
    st = grappled(CRACK, AVG)
    st["ships"]["b"]["prize"] = {"squares": 3, "quality": "GR", "from": "z"}
    st["ships"]["b"]["controller"] = "z"
    with pytest.raises(BadInput, match="prize crew"):
        boarding.form_party(st, "b", "obp", [0], "a")
    res = boarding.form_party(st, "b", "dbp", [], "a")
    assert res.data["squares"] == 3
    resolve(st, res)
    resolve(st, boarding.form_party(st, "a", "obp", [0], "b"))
    att, dfn, kind = boarding.melee_plan(st, ["a"], "b")
    assert kind == "dbp" and dfn[0].prize and dfn[0].squares == 3 and dfn[0].quality == "GR"


def test_transfer_to_self_and_to_a_prize():
    st = make_state(a=("x", CRACK), c=("x", AVG))
    with pytest.raises(BadInput):
        boarding.transfer(st, "a", "a", [0])
    st["ships"]["c"]["prize"] = {"squares": 2, "quality": "CR", "from": "a"}
    resolve(st, boarding.transfer(st, "a", "c", [2]))
    assert st["ships"]["c"]["prize"]["squares"] == 6 and st["ships"]["c"]["crew_left"] == [4, 4, 4]


def test_after_hook_lets_prisoners_rise_when_fire_thins_the_prize_crew():
    from umpire.core.state import Resolution, set_
    from umpire.rules.wsim.ruleset import Wsim1981

    st = make_state(a=("x", CRACK), b=("y", POOR))
    st["ships"]["b"].update(prize={"squares": 3, "quality": "CR", "from": "a"}, controller="x", state="captured")
    res = Resolution("fire", "hit", [set_(["ships", "b", "prize"], {"squares": 2, "quality": "CR", "from": "a"})])
    Wsim1981().after(st, res, TABLES)              # 2 x 6 < 18 prisoners
    resolve(st, res)
    assert st["ships"]["b"]["controller"] == "y" and st["ships"]["b"]["prize"]["squares"] == 0
    quiet = Resolution("fire", "hit", [set_(["ships", "a", "hull_left"], 9)])
    Wsim1981().after(st, quiet, TABLES)
    assert len(quiet.effects) == 1
