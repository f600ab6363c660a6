"""Burning ships: areas, setting fires, spreading, damage, burning out, fighting fires, the magazine,
abandoning ship and flooding the magazine (Optional Rules, Burning Ships)."""

from __future__ import annotations

import pytest

from umpire.rules.dguts import Refused, derive_ship, initial_state, load_tables
from umpire.rules.dguts.burning import (abandon, damage_per_turn, neighbours, resolve_fight_fire,
                                        resolve_fire_phase, resolve_set_fires, ship_areas)

from .helpers import excerpt

T = load_tables()


def _frigate():
    v = derive_ship("british", 900, 315, "30x18,6x8", {"rate": "36"})
    return v, initial_state(v)


def test_areas_and_their_neighbours():
    v, _ = _frigate()
    assert ship_areas(v, T)[:3] == ["upper-bow", "upper-midships", "upper-stern"] and len(ship_areas(v, T)) == 9
    assert sorted(neighbours(v, "deck2-midships", T)) == ["deck2-bow", "deck2-stern", "hold-midships", "upper-midships"]


def test_damage_a_turn_by_tonnage():
    text = excerpt("burning-2")
    assert "SO pts. damage to the ship's hull on ships over 2000 tons, 40 pts." in text
    assert (damage_per_turn(2100, T), damage_per_turn(1500, T), damage_per_turn(900, T)) == (50, 40, 30)


def test_fires_are_set_only_in_an_abandoned_ship_and_a_disordered_crew_may_fail():
    assert "Crews in disorder have a reduced chance of starting a fire" in excerpt("burning")
    v, s = _frigate()
    with pytest.raises(Refused, match="abandon her first"):
        resolve_set_fires(v, s, ["upper-bow"], [], tables=T)
    s = {**s, **abandon(v, s, T).changes["ship"], "morale": "disorder"}
    res = resolve_set_fires(v, s, ["upper-bow", "hold-stern"], [5, 2], tables=T)
    assert res.data["started"] == ["hold-stern"]                         # 5 fails, 2 succeeds (1-4)
    hit = resolve_set_fires(v, initial_state(v), ["upper-bow"], [], deliberate=False, tables=T)
    assert hit.data["started"] == ["upper-bow"]                           # a fire by enemy action


def test_a_fire_spreads_on_1_dies_on_a_first_6_and_burns_out_after_four_turns():
    v, s = _frigate()
    s = {**s, "fires": {"upper-bow": 0}}
    dead = resolve_fire_phase(v, s, [6], T)
    assert dead.data["fires"] == {} and dead.data["damage_low"] == 30
    spread = resolve_fire_phase(v, s, [1, 5, 2], T)                       # to upper-midships; 5 again, 2: not below
    assert spread.data["fires"] == {"upper-bow": 1, "upper-midships": 0}
    old = {**s, "fires": {"upper-bow": 3}}
    out = resolve_fire_phase(v, old, [3, 3], T)
    assert out.data["burned_out"] == ["upper-bow"] and out.data["fires"] == {}


def test_the_hold_burned_out_sinks_her_and_the_magazine_may_blow():
    v, s = _frigate()
    s = {**s, "fires": {"hold-midships": 3}}
    res = resolve_fire_phase(v, s, [4, 3, 3, 3, 2], T)       # magazine holds, no spread, sinks in 2 turns
    ship = res.changes["ship"]
    assert ship["status"] == "sinking" and ship["sinking_turns_left"] == 2
    assert resolve_fire_phase(v, s, [1, 3, 3, 3, 2], T).data["magazine_explodes"] is True


def test_fire_fighting_groups_of_two():
    v, s = _frigate()
    s = {**s, "fires": {"upper-bow": 1}}
    res = resolve_fight_fire(v, s, "upper-bow", 4, [3, 6, 1], T)          # group 1: 3; group 2: 6 again, 1
    assert res.data["out"] is True and res.data["fires"] == {}
    with pytest.raises(Refused):
        resolve_fight_fire(v, s, "upper-bow", 1, [1], T)


def test_in_play_abandon_burn_and_flood(umpire, tmp_path):
    assert "Once a magazine is flooded the ship can no longer fire its guns." in excerpt("flooding")
    g = tmp_path / "b.toml"
    assert umpire("new", g, "--scenario", "dguts-constitution-java").code == 0
    run = lambda *a: umpire("--game", g, *a)  # noqa: E731
    assert run("burn", "java", "set", "upper-bow").code == 1
    assert run("--json", "burn", "java", "abandon").json["crew_factors"] > 20
    assert run("--json", "burn", "java", "set", "upper-bow").json["started"] == ["upper-bow"]
    res = run("--json", "burn", "java", "turn", "--rolls", "2,4")     # two neighbours: two dice
    assert res.code == 0 and res.json["damage_low"] == 40                  # 1340 tons: 40 a turn
    assert run("burn", "constitution", "flood").code == 0
    assert run("fire", "constitution", "--at", "java", "--range", "3", "--side", "left").code == 1
    assert run("--json", "verify").json["differences"] == []


def test_fire_reaches_a_ship_alongside():
    # "If a fire Is burning on the top deck then treat the enemy's adjacent top deck as an adjoining area.
    # If the blaze is still confined below decks, the chance is reduced to l in 6"
    assert "treat the enemy's adjacent top deck as an adjoining area" in excerpt("burning-alongside")
    v, s = _frigate()
    other_v, other_s = _frigate()
    s = {**s, "fires": {"upper-bow": 1, "deck2-stern": 1}}
    # own spreads first (deck2-stern: 3 neighbours; upper-bow: 2), then alongside: deck2-stern (1 die), upper-bow
    res = resolve_fire_phase(v, s, [3, 3, 3, 3, 3, 2, 5, 1], T, [("enemy", other_v, other_s)])
    assert res.data["caught"] == {"enemy": ["upper-bow"]}
    assert res.changes["enemy"] == {"fires": {"upper-bow": 0}}


def test_fireships_burn_six_turns_and_an_explosive_ships_fuse(umpire, tmp_path):
    # "Once a fireship starts burning, it will continue to burn for 6 turns"; explosive ships "rolls 1-4
    # meaning that the fuse has started", "The fuse of the explosive ship will burn for 1-6 turns"
    g = tmp_path / "fs.toml"
    assert umpire("new", g, "--ruleset", "dguts").code == 0
    run = lambda *a: umpire("--game", g, *a)  # noqa: E731
    for name in ("Firebrand", "Infernal", "Target"):
        run("ship", "add", name, "--side", "a" if name != "Target" else "b", "--nation", "british", "--tons", "300",
            "--men", "60", "--guns", "4x6")
    assert run("--json", "burn", "firebrand", "fireship").json["fires"] == {"upper-bow": 0, "upper-midships": 0,
                                                                           "upper-stern": 0}
    assert run("burn", "infernal", "fuse").code == 1                              # not an explosive ship
    run("ship", "edit", "infernal", "--kind", "explosive")
    res = run("--json", "burn", "infernal", "fuse", "--rolls", "2,2")
    assert res.json["lit"] is True
    run("turn")
    last = run("--json", "turn").json
    assert any("fuse runs out" in line for line in last["explain"])
    assert run("--json", "verify").json["differences"] == []


def test_a_fireships_areas_outlast_the_usual_four_turns():
    v, s = _frigate()
    old = {**s, "fires": {"upper-bow": 3}, "fireship": True}
    assert resolve_fire_phase(v, old, [3, 3], T).data["fires"] == {"upper-bow": 4}
    assert resolve_fire_phase(v, {**old, "fires": {"upper-bow": 5}}, [3, 3], T).data["burned_out"] == ["upper-bow"]
