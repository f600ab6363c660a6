"""Single-ship rules: special damage, loss of a mast, clearing, hot shot, dismounted guns in fire."""

from __future__ import annotations

import pytest

from umpire.rules.dguts import Refused, RulingNeeded, fire_order, load_tables, resolve_fire
from umpire.rules.dguts.singleship import (hot_shot_fire_chances, resolve_clear_mast,
                                           resolve_mast_loss, resolve_special_damage,
                                           special_rolls_owed)

from .helpers import excerpt, ship


def test_special_damage_is_rolled_per_100_points():
    assert special_rolls_owed(0, 99) == 0
    assert special_rolls_owed(90, 210) == 2


def test_special_damage_table_rows_are_the_texts():
    text = excerpt("special-damage")
    assert "Additional 25 points damage due to rigging carried away" in text
    values, state = ship()
    rigging = resolve_special_damage(values, state, "spar", [2, 2])
    assert rigging.changes["ship"]["damage_high"] == 25.0
    extra = resolve_special_damage(values, state, "hull", [4, 5], band="A")
    assert extra.changes["ship"]["damage_low"] == 50.0
    assert resolve_special_damage(values, state, "hull", [4, 5], band="C").changes["ship"] == {}
    powder = resolve_special_damage(values, state, "hull", [6, 6])
    assert powder.changes["ship"]["damage_low"] == 25.0


def test_steering_and_speed_results():
    values, state = ship()
    rudder = resolve_special_damage(values, state, "hull", [1, 2])
    assert rudder.changes["ship"]["flags"] == ["rudder_shot"]
    chaser = resolve_special_damage(values, state, "hull", [1, 2], broadside=False)
    assert chaser.changes["ship"] == {}
    braces = resolve_special_damage(values, state, "spar", [3, 4])
    assert braces.changes["ship"]["speed_penalties"] == [{"share": 0.1, "turns": 1, "why": "braces shot away"}]
    hulled = resolve_special_damage(values, state, "hull", [1, 1])
    assert hulled.changes["ship"]["speed_penalties"][0]["share"] == 0.05


def test_fire_on_board_twice_adds_ten_points():
    values, state = ship()
    first = resolve_special_damage(values, state, "hull", [3, 4])
    state = {**state, **first.changes["ship"]}
    again = resolve_special_damage(values, state, "hull", [3, 4])
    assert again.changes["ship"]["damage_low"] == 10.0


def test_a_direct_hit_on_a_mast():
    values, state = ship()
    heavy = resolve_special_damage(values, state, "spar", [1, 1], gun_calibre=18)
    assert heavy.changes["ship"]["masts_lost"] == 1 and heavy.changes["ship"]["damage_high"] == 135.0
    light = resolve_special_damage(values, state, "spar", [1, 1], gun_calibre=9)
    assert "masts_lost" not in light.changes["ship"] and light.changes["ship"]["flags"] == ["mast_hit"]
    state = {**state, **light.changes["ship"]}
    second = resolve_special_damage(values, state, "spar", [1, 1], gun_calibre=6)
    assert second.changes["ship"]["masts_lost"] == 1


def test_which_mast_and_how_it_falls():
    values, state = ship()
    res = resolve_mast_loss(values, state, [6, 5])
    assert (res.data["mast"], res.data["fall"]) == ("mizzen", "foul-right")
    assert res.changes["ship"]["fouled_mast"] == "right"
    brig, brig_state = ship(tons=250, men=80, guns="10x12")
    two = resolve_mast_loss(brig, brig_state, [4, 1]).data
    assert (two["mast"], two["fall"]) == ("main", "clear")


def test_clearing_a_fouled_mast():
    values, state = ship()
    fouled = {**state, "fouled_mast": "left"}
    assert resolve_clear_mast(fouled, 3, []).changes["ship"] == {"fouled_mast": ""}
    # "Turn of Attempted Clearing first second third ... automatic": the first two are lost
    assert resolve_clear_mast(fouled, 1, [2]).data["cleared"] is True      # default reading 1-2
    assert resolve_clear_mast(fouled, 1, [3]).data["cleared"] is False
    assert resolve_clear_mast(fouled, 2, [4]).data["cleared"] is True      # default reading 1-4
    with pytest.raises(RulingNeeded, match="single-ship.mast_loss.clearing.1"):
        resolve_clear_mast(fouled, 1, [1], tables=load_tables(strict=True))
    ruled = load_tables({"single-ship": {"mast_loss": {"clearing": {"1": [1]}}}})
    assert resolve_clear_mast(fouled, 1, [2], tables=ruled).data["cleared"] is False
    with pytest.raises(Refused, match="no mast"):
        resolve_clear_mast(state, 3, [])


def test_a_fouled_mast_blocks_a_third_of_that_sides_guns():
    a, a_state = ship(guns="30x18", opening_broadside=False)
    b, b_state = ship()
    res = resolve_fire(a, {**a_state, "fouled_mast": "left"}, b, b_state, fire_order(3, "left"), [6] * 4)
    assert len(res.data["rolls"]) == 4       # 5 factors x 2/3 = 3 1/3


def test_hot_shot_chances():
    assert hot_shot_fire_chances(80) == 2


def test_dismounted_guns_in_fire():
    a, a_state = ship(guns="30x18", opening_broadside=False)
    b, b_state = ship(tons=900, guns="30x18")          # 30 points low dismount a gun
    res = resolve_fire(a, a_state, b, b_state, fire_order(3, "left", rake="bow", options=["dismounted-guns"]), [1, 1, 6, 6, 6])
    assert res.changes["target"]["guns_dismounted"] == 9     # 72 low x4 for the rake = 288 points
    b_state = {**b_state, **res.changes["target"]}
    back = resolve_fire(b, b_state, a, a_state, fire_order(3, "left", options=["dismounted-guns"]), [6, 6, 6, 6])
    assert len(back.data["rolls"]) == 4                      # 5 x 21/30 = 3.5 factors
