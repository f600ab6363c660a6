"""Damage bookkeeping: sails, masts, crew, morale checks owed, sinking and the turn's end."""

from __future__ import annotations

import pytest

from umpire.rules.dguts import (BadInput, apply_damage, assign_pumps, end_of_turn, rigging,
                                speed_share)

from .helpers import ship


def test_sails_and_masts_from_high_damage():
    values, _ = ship()                       # 900 tons, SF value 45
    assert rigging(values, 44.9, 0) == (0, 0)
    assert rigging(values, 45, 0) == (1, 0)
    assert rigging(values, 134, 0) == (2, 0)
    assert rigging(values, 135, 0) == (3, 1)
    assert rigging(values, 180, 0) == (4, 1)
    assert rigging(values, 405, 0) == (9, 3)
    assert rigging(values, 900, 0) == (10, 3)


def test_speed_lost_to_sails_and_masts():
    values, state = ship()
    after = apply_damage(values, state, 180, 0).state          # one mast and one more sail
    lost, _ = speed_share(values, after)
    assert lost == pytest.approx(1 / 3 + 1 / 10)
    brig, brig_state = ship(tons=240, men=80, guns="10x12")      # Class I: SF 20
    after = apply_damage(brig, brig_state, 80, 0).state         # one mast (60) and one sail
    assert speed_share(brig, after)[0] == pytest.approx(1 / 2 + 1 / 6)


def test_each_mast_and_each_tenth_of_the_crew_owes_a_morale_check():
    values, state = ship()                   # 15 CF, CF value 60, 10% at 90 points low
    out = apply_damage(values, state, 275, 185)
    assert out.masts_new == 2 and out.marks_new == 2
    assert out.state["morale_checks_owed"] == 4
    again = apply_damage(values, out.state, 0, 5)    # 190 low: no new tenth
    assert again.checks_new == 0
    third = apply_damage(values, again.state, 0, 80)  # 270 low: the third tenth
    assert third.checks_new == 1 and third.state["morale_checks_owed"] == 5


def test_crew_factors_fall_by_low_damage_over_cf_value():
    values, state = ship()
    out = apply_damage(values, state, 0, 90)
    assert out.state["crew_factors"] == pytest.approx(13.5)
    wiped = apply_damage(values, state, 0, 5000)
    assert wiped.state["crew_factors"] == 0.0


def test_sinking_danger_pumps_and_countdown():
    values, state = ship()                   # Class III, 900 tons
    out = apply_damage(values, state, 0, 666)          # 74%
    s = out.state
    assert s["sinking_band"] == 70 and s["status"] == "sinking"
    assert s["pumps_needed"] == 0.75 and s["sinking_turns_left"] == 16
    s = end_of_turn(s)
    assert s["sinking_turns_left"] == 15
    s = assign_pumps(s, 0.75)
    s = end_of_turn(s)
    assert s["sinking_turns_left"] == 15 and s["status"] == "sinking"
    s = apply_damage(values, s, 0, 60).state           # 80.7%: another 3/4 CF
    assert s["pumps_needed"] == 1.5 and s["sinking_turns_left"] == 8
    s = end_of_turn(s)
    assert s["sinking_turns_left"] == 7


def test_a_ship_sinks_two_turns_after_100_percent_whatever_the_pumps():
    values, state = ship()
    s = apply_damage(values, {**state, "pumping_cf": 5.0}, 0, 900).state
    assert s["sinking_band"] == 100 and s["sinking_turns_left"] == 2
    s = end_of_turn(s)
    assert s["status"] == "sinking"
    s = end_of_turn(s)
    assert s["status"] == "sunk"


def test_sixteen_turns_without_pumps_sink_the_ship():
    values, state = ship()
    s = apply_damage(values, state, 0, 640).state
    for _ in range(16):
        s = end_of_turn(s)
    assert s["status"] == "sunk"


def test_pumps_cannot_take_more_crew_than_aboard():
    values, state = ship()
    with pytest.raises(BadInput, match="pumps 20"):
        assign_pumps(state, 20)


def test_end_of_turn_frees_the_guns_and_counts_the_turn():
    values, state = ship()
    state = {**state, "fired_this_turn": {"left": 6.0, "right": 0.0, "bow": 1.0, "stern": 0.0},
             "speed_penalties": [{"share": 0.1, "turns": 1, "why": "braces"}, {"share": 0.05, "turns": -1}]}
    after = end_of_turn(state)
    assert after["turn"] == 1
    assert after["fired_this_turn"] == {"left": 0.0, "right": 0.0, "bow": 0.0, "stern": 0.0}
    assert after["speed_penalties"] == [{"share": 0.05, "turns": -1}]
