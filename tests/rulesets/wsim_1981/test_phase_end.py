"""Effects the text applies at the end of a phase, not at once: the phase's fires typed in every
order give the same game (Basic VIII.A.7: firing is simultaneous; Advanced I.A.2.b.2: critical
damage "is applied after all other damage has been recorded at the end of the Combat Phase").

MARS's left broadside at HERCULE, four hexes: 18 guns, HDT table 1, CR +2, initial +2 -> table 5;
die 6 "3H-G-C*", critical die 2 + 5 = 7H (crew demoralized), morale die 3 + AV 3 - 0 sections
lost = 6: HERCULE's crew drops to GR at the end of the phase. HERCULE's right broadside at MARS
fires with the AV crew she began the phase with (+0, not GR's -1): 20 guns, table 1, initial +2 ->
table 3, die 1 "G-C", in whichever order the two fires are typed.
"""

from __future__ import annotations

from itertools import permutations

from tests.conftest import HERCULE, MARS

FIRES = (("fire", "mars", "--at", "hercule", "--range", "4", "--side", "left", "--facing", "right", "--aim", "hull",
          "--hit-section", "bow", "--rolls", "6,2,3"),
         ("fire", "hercule", "--at", "mars", "--range", "4", "--side", "right", "--facing", "left", "--aim", "hull",
          "--hit-section", "bow", "--rolls", "1"),
         ("fire", "mars", "--at", "hercule", "--range", "4", "--side", "right", "--facing", "right", "--aim", "hull",
          "--hit-section", "bow", "--rolls", "4"))


def play(umpire, tmp_path, order) -> tuple[dict, list[int]]:
    path = tmp_path / f"game-{''.join(map(str, order))}.toml"
    assert umpire("new", path, "--ruleset", "wsim-1981", "--level", "advanced", "--seed", "3").code == 0
    for name, side, spec in (("MARS", "british", MARS), ("HERCULE", "french", HERCULE)):
        assert umpire("--game", path, "ship", "add", name, "--side", side, "--spec", spec).code == 0
    tables = {}
    for i in order:
        res = umpire("--game", path, "--json", *FIRES[i])
        assert res.code == 0, res.err
        tables[i] = res.json["hit_table"]
    res = umpire("--game", path, "--json", "status")
    assert res.code == 0, res.err
    return res.json["ships"], [tables[i] for i in range(len(FIRES))]


def test_one_phase_of_fire_in_every_order_gives_one_game(umpire, tmp_path):
    games = [play(umpire, tmp_path, order) for order in permutations(range(len(FIRES)))]
    assert all(g == games[0] for g in games)
    ships, tables = games[0]
    assert tables[1] == 3                       # HERCULE fires with her AV crew
    assert {s["id"]: s["quality"] for s in ships} == {"mars": "CR", "hercule": "GR"}


def test_a_ship_doomed_by_this_phases_fire_still_fires_in_it():
    # Advanced VIII.C.5 takes a sinking or exploding ship out of the fight; a Destroyed Hull die or
    # a magazine critical scored in this Combat Phase does so from the next: her own fire in the
    # phase is simultaneous with the fire that doomed her (Basic VIII.A.7).
    import pytest

    from umpire.core.errors import Refused
    from umpire.core.tables import Tables
    from umpire.rules.wsim import advanced_fire as af
    from umpire.rules.wsim.advanced import Wsim1981Advanced

    rs, TABLES = Wsim1981Advanced(), Tables("wsim-1981-advanced")
    s = {"turn": 1, "ships": {sid: rs.new_ship({"id": sid, "name": sid.upper(), "side": side, "spec": spec})
                              for sid, side, spec in (("mars", "british", MARS), ("hercule", "french", HERCULE))}}
    s["ships"]["hercule"]["state"] = "exploding"
    act = af.AdvancedFire("hercule", "mars", 2, "left", "", "", "right")
    af.check(s, act, TABLES)
    s["ships"]["hercule"]["at_turn_start"]["state"] = "exploding"    # doomed in an earlier turn
    with pytest.raises(Refused, match="no further part"):
        af.check(s, act, TABLES)
