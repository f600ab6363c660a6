"""Basic Game readings fixed against the text, where a state set up directly shows them best.
The same rules typed as commands are case files in tests/cases/wsim-1981/."""

from __future__ import annotations

from umpire.core.state import Resolution
from umpire.rules.wsim import boarding, gunnery
from umpire.rules.wsim.ruleset import Wsim1981
from tests.rulesets.wsim_1981.helpers import TABLES, make_state, resolve

CRACK = "10H-(4-4-4)M-6G-5R(3)-5-18'-20(CR)"
AVG = "10H-(1-1-1)M-6G-5R(3)-5-18'-20(AV)"


def _captured():
    st = make_state(a=("x", CRACK), b=("y", AVG), c=("y", CRACK))
    st["ships"]["b"]["state"] = "surrendered"
    resolve(st, boarding.capture(st, "b", "a", [0], TABLES))
    assert st["ships"]["b"]["controller"] == "x" and st["ships"]["b"]["prize"]["squares"] == 4
    return st


def test_prize_crew_killed_by_fire_returns_the_ship_to_her_owner():
    """IX.D.8: "If for any reason a prize crew leaves, or is eliminated, the ship returns to the
    control of the original owner." Odd losses fall on the prize crew (IX.D.11)."""
    st = _captured()
    b = st["ships"]["b"]
    changes, _, _ = gunnery.mark_hits(b, {"hull": 0, "guns": 0, "crew": 7, "rigging": 0},
                                      gunnery.Fire("c", "b", 1, "left", "hull", "", "right"))
    res = Resolution("fire", "", [{"op": "set", "path": ["ships", "b", *k], "value": v} for k, v in changes], [], {})
    Wsim1981().after(st, res, TABLES)
    resolve(st, res)
    assert b["prize"]["squares"] == 0
    assert (b["controller"], b["state"]) == ("y", "active")
    assert any("returns to the control of her own side" in s.value for s in res.working)


def test_a_two_stage_melee_offers_no_round_chain_for_odds():
    """IX.B.6: the forces change mid-melee, so odds enumerate the dice instead of chaining rounds."""
    st = make_state(a=("x", CRACK), b=("y", CRACK))
    for x, y in (("a", "b"), ("b", "a")):
        st["ships"][x]["grappled"] = [y]
    resolve(st, boarding.form_party(st, "a", "obp", [0], "b"))
    resolve(st, boarding.form_party(st, "b", "obp", [0], "a"))
    assert boarding.melee_needs(st, ["a"], "b", TABLES).chain is not None
    resolve(st, boarding.form_party(st, "b", "dbp", [1], ""))
    assert boarding.melee_needs(st, ["a"], "b", TABLES).chain is None


def test_scenario_ships_carry_no_invented_class_or_turning():
    """D8: turning ability is printed on the counters, in neither text; class only where a rating gives it."""
    from umpire.core import scenarios

    rs = Wsim1981()
    for sid, want in (("wsim-1b", {"mars": ("SOL", 2), "hercule": ("SOL", 2)}),
                      ("wsim-1f", {"constitution": ("F", 3), "guerriere": ("F", 3)}),
                      ("wsim-1j", {"wasp": ("", None), "reindeer": ("", None)})):
        scen = scenarios.load(sid)
        ships = {s["id"]: rs.new_ship(rs.scenario_ship(s, scen)) for s in scen["ships"]}
        for ship_id, (cls, number) in want.items():
            st = rs.status(ships[ship_id])
            assert (st["class"], st["class_number"], st["turning"]) == (cls, number, None)
    trafalgar = scenarios.load("trafalgar")
    victory = rs.status(rs.new_ship(rs.scenario_ship(trafalgar["ships"][0], trafalgar)))
    assert (victory["class"], victory["class_number"]) == ("", None)   # no rating printed, no listing match
