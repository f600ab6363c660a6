"""The Training Game: its fire example, ranges and morale points."""

from __future__ import annotations

import pytest

from umpire.rules.dguts import BadInput, Refused, derive_ship, initial_state
from umpire.rules.dguts.training import (resolve_training_fire, resolve_training_morale,
                                         training_damage, training_fire_dice_needed)

from .helpers import excerpt


def _ships():
    a = derive_ship("british", 520, 230, "18x24C,12x12", {"crew_factors": 11, "cf_value": 45.5, "morale_value": 3})
    b = derive_ship("danish", 580, 254, "15x12", {"crew_factors": 12, "morale_value": 2})
    return a, b


def test_the_training_fire_example():
    text = excerpt("training-fire-example")
    assert "112 of 18-24#C + 3 = 3-24#C factors" in text and "3-18# stern chasers+3=1-18# factor" in text
    a, b = _ships()
    need = training_fire_dice_needed(a, "left", 4)
    assert need.count == 10 and need.labels[:2] == ("24#C-1 red", "24#C-1 white")
    # one hit high with the 24#C, one hit low with the 12#
    res = resolve_training_fire(a, b, initial_state(b), "left", 4, [1, 2, 5, 5, 6, 1, 6, 6, 2, 4])
    assert res.data["damage"] == {"high": 24.0, "low": 12.0}
    assert res.changes["target"]["damage_high"] == 24.0 and "sails_lost" not in res.changes["target"]  # SF value 29
    stern = training_fire_dice_needed(b, "stern", 4, chasers="3x18")
    assert stern.count == 2


def test_training_ranges():
    a, b = _ships()
    assert training_fire_dice_needed(a, "left", 8).count == 4     # the carronades are out of range
    with pytest.raises(Refused, match="no guns reach"):
        training_fire_dice_needed(a, "left", 13)
    with pytest.raises(BadInput, match="name the chase guns"):
        training_fire_dice_needed(a, "bow", 3)


def test_every_crew_factor_lost_owes_a_check():
    a, b = _ships()
    new, checks, _ = training_damage(b, initial_state(b), 0, 100)   # CF value 48.33: two CF
    assert checks == 2 and new["morale_checks_owed"] == 2


def test_training_morale_points_run_down_to_surrender():
    a, b = _ships()
    state = {**initial_state(b), "morale_checks_owed": 2}
    first = resolve_training_morale(b, state, [6, 6], saving_throw=7)
    assert first.data["morale_points"] == 1
    state = {**state, **first.changes["ship"]}
    second = resolve_training_morale(b, state, [5, 6], saving_throw=7)
    assert second.changes["ship"]["status"] == "surrendered"
    held = resolve_training_morale(b, initial_state(b), [3, 4], saving_throw=7)
    assert held.data["held"] is True
