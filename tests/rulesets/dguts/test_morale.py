"""Morale checks, the ladder and recovery."""

from __future__ import annotations

import pytest

from umpire.rules.dguts import (BadInput, Refused, end_of_turn, load_tables, morale_dice_needed,
                                resolve_morale_check, shift_morale)

from .helpers import excerpt, ship


def test_saving_throw_holds_up_to_the_nations_number():
    values, state = ship("british")          # 2-8
    state = {**state, "morale_checks_owed": 2}
    held = resolve_morale_check(values, state, [4, 4])
    assert held.data["held"] is True and held.changes["ship"] == {"morale_checks_owed": 1}
    failed = resolve_morale_check(values, state, [4, 5])
    assert failed.changes["ship"]["morale"] == "shaken"
    assert failed.changes["ship"]["morale_turns"] == 2
    assert failed.data["morale_checks"] == 1


def test_the_texts_recovery_example():
    assert "in disorder for 6 turns, then will rise to shaken for 2 more turns" in excerpt("morale-recovery")
    values, state = ship("spanish")
    state = {**state, "morale": "shaken", "morale_turns": 1, "morale_checks_owed": 1}
    state = {**state, **resolve_morale_check(values, state, [6, 6]).changes["ship"]}
    seen = []
    for _ in range(9):
        state = end_of_turn(state)
        seen.append(state["morale"])
    assert seen == ["disorder"] * 5 + ["shaken", "shaken", "normal", "normal"]


def test_flushed_with_victory_lasts_two_turns():
    values, state = ship()
    flushed = shift_morale(state, -1)
    assert (flushed["morale"], flushed["morale_turns"]) == ("flushed", 2)
    after = end_of_turn(end_of_turn(flushed))
    assert after["morale"] == "normal"


def test_routed_lasts_an_hour_by_default_reading_or_as_ruled():
    values, state = ship()
    routed = {**state, "morale": "disorder", "morale_turns": 2, "morale_checks_owed": 1}
    res = resolve_morale_check(values, routed, [6, 6])
    assert res.changes["ship"]["morale"] == "routed"
    assert res.changes["ship"]["morale_turns"] == 12
    s = {**routed, **res.changes["ship"]}
    assert end_of_turn(s)["morale"] == "routed" and end_of_turn(s)["morale_turns"] == 11
    tables = load_tables({"morale": {"states": {"routed": {"turns": 3}}}})
    ruled = resolve_morale_check(values, routed, [6, 6], tables)
    assert ruled.changes["ship"]["morale_turns"] == 3


def test_dropping_off_the_ladder_surrenders_the_ship():
    values, state = ship()
    gone = shift_morale({**state, "morale": "routed"}, 1)
    assert gone["morale"] == "surrendered" and gone["status"] == "surrendered"
    with pytest.raises(Refused, match="surrendered"):
        morale_dice_needed(values, gone)


def test_morale_dice_must_be_two():
    values, state = ship()
    with pytest.raises(BadInput, match="expected 2 d6 in this order: morale die 1, morale die 2"):
        resolve_morale_check(values, state, [3])
