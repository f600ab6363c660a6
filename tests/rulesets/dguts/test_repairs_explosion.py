"""Repairs (single-ship rules H, G) and explosions (optional rules)."""

from __future__ import annotations

import pytest

from umpire.rules.dguts import (Refused, apply_damage, dismount_guns, explosion_damage,
                                explosive_ship_damage, repair_guns, repair_high, repair_low,
                                resolve_explosion, rig_jury_mast)
from umpire.rules.dguts.repairs import points_per_gun

from .helpers import excerpt, ship


def test_the_1000_ton_repair_example():
    text = excerpt("repair-example")
    assert "When 200 points of repairs have been made" in text and "at least 200 points" in text
    values, state = ship(tons=1000, men=420)
    state = {**state, "damage_low": 700.0}
    first = repair_low(values, state, 5, turns=4)
    assert first.changes["ship"] == {"damage_low": 500.0, "low_repaired": 200.0}
    state = {**state, **first.changes["ship"]}
    assert repair_low(values, state, 5).data["repaired"] == 20.0    # 2 CF per 10 points
    state = {**state, **repair_low(values, state, 5, turns=10).changes["ship"]}
    assert state["low_repaired"] == 400.0
    assert repair_low(values, state, 5).data["repaired"] == 10.0    # 3 CF per 10 points
    state = {**state, **repair_low(values, state, 5, turns=20).changes["ship"]}
    assert (state["damage_low"], state["low_repaired"]) == (200.0, 500.0)


def test_low_repairs_are_half_in_battle_and_need_whole_crew_factors():
    values, state = ship(tons=1000, men=420)
    state = {**state, "damage_low": 100.0}
    assert repair_low(values, state, 2, battle=True).data["repaired"] == 10.0
    assert repair_low(values, state, 0.5).data["repaired"] == 0.0
    brig, brig_state = ship(tons=250, men=80, guns="10x12")
    assert repair_low(brig, {**brig_state, "damage_low": 50.0}, 0.5).data["repaired"] == 5.0


def test_repairs_take_a_ship_out_of_sinking_danger():
    values, state = ship()
    state = apply_damage(values, state, 0, 640).state
    assert state["status"] == "sinking"
    state = {**state, **repair_low(values, state, 4).changes["ship"]}
    assert state["sinking_band"] == 0 and state["status"] == "active"


def test_high_repairs_ten_points_a_turn_and_sails_need_two_crew():
    assert "Additional Cf's do not increase repair rate" in excerpt("high-repair")
    values, state = ship()                   # SF 45
    state = apply_damage(values, state, 100, 0).state     # 2 sails down
    one = repair_high(values, state, 1, turns=2)
    assert one.changes["ship"]["damage_high"] == 80.0 and "sails_lost" not in one.changes["ship"]
    two = repair_high(values, state, 5, turns=2)
    assert two.changes["ship"]["damage_high"] == 80.0 and two.changes["ship"]["sails_lost"] == 1
    with pytest.raises(Refused, match="needs 1 CF"):
        repair_high(values, state, 0.5)


def test_a_fallen_mast_needs_a_jury_mast():
    values, state = ship()
    state = apply_damage(values, state, 140, 0).state
    res = repair_high(values, state, 1, turns=14)
    state = {**state, **res.changes["ship"]}
    assert state["damage_high"] == 135.0 and state["spar_work"] == 135.0
    with pytest.raises(Refused, match="3 CF for 6 turns"):
        rig_jury_mast(values, state, 3, 5)
    state = {**state, **rig_jury_mast(values, state, 3, 6).changes["ship"]}
    assert state["jury_masts"] == 1


def test_dismounted_guns_example_and_remounting():
    assert "1300 ton Frigate carrying 50 guns would lose a gun for every 26 points" in excerpt("dismount-example")
    values, state = ship(tons=1300, men=400, guns="50x18")
    assert points_per_gun(values) == 26.0
    state = dismount_guns(values, state, 60)
    assert state["guns_dismounted"] == 2
    state = dismount_guns(values, state, 30, rake=True)      # 120 more points: 180 in all
    assert state["guns_dismounted"] == 6 and state["guns_knocked_out"] == 6
    res = repair_guns(values, state, 10)
    assert res.data["remounted"] == 5                       # 90% of 6 knocked out
    assert repair_guns(values, state, 4, battle=True).data["remounted"] == 2


def test_the_explosion_example():
    text = excerpt("explosion")
    assert "2,590# or armamant inflicts 1,295 pts." in text and "647 pts." in text and "323 pts." in text
    assert explosion_damage(2590, 1) == (1295, 647)
    assert explosion_damage(2590, 2) == (647, 323)
    assert explosion_damage(2590, 4) == (323, 161)
    assert explosion_damage(2590, 4.5) == (0, 0)


def test_explosive_ship_rings():
    assert explosive_ship_damage(0.5) == (1600, 800)
    assert explosive_ship_damage(5.5) == (50, 25)
    assert explosive_ship_damage(7) == (0, 0)


def test_resolve_explosion_damages_ships_nearby():
    boom, boom_state = ship(guns="30x18,6x8")                # 588 lb of armament
    near, near_state = ship()
    far, far_state = ship()
    res = resolve_explosion(boom, boom_state, {"near": (near, near_state, 0.5), "far": (far, far_state, 3)})
    assert res.changes["ship"]["status"] == "exploded"
    assert res.data["damage"] == {"near": {"high": 147, "low": 294}, "far": {"high": 36, "low": 73}}
    assert res.changes["near"]["damage_low"] == 294.0
