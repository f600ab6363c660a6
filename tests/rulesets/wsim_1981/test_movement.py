"""Movement allowance: rigging losses, full sail and attitude to the wind (Basic IV.A.17,
Advanced V.A). The text's worked examples are in tests/cases/wsim-1981/movement-allowance.toml."""

from __future__ import annotations

import pytest

from umpire.rules.wsim.movement import allowance, attitude
from tests.rulesets.wsim_1981.helpers import TABLES, make_state

SPEED3 = "14H-(5-4-4)M-9(1)G-7R(3)-5-21'-26(CR)"
SPEED4 = "7H-(2-2-1)M-2(1)G-5R(4)-6-15'-11(CR)"


def ship(spec):
    return make_state(s=("x", spec))["ships"]["s"]


def test_rigging_sections_lost_reduce_and_floor_at_zero():
    s = ship(SPEED3)
    s["rigging_left"] = [0, 3, 7]
    assert allowance(s, "A", TABLES).data["allowance"] == 2
    s["rigging_left"] = [0, 0, 7]
    assert allowance(s, "C", TABLES).data["allowance"] == 0       # 1 - 2, never below 0 (IV.A.17)
    assert allowance(s, "D", TABLES).data["allowance"] == 0


def test_full_sail_chart():
    assert allowance(ship(SPEED3), "A", TABLES, "full").data["allowance"] == 5
    assert allowance(ship(SPEED4), "B", TABLES, "full").data["allowance"] == 5


@pytest.mark.parametrize("heading, wind, expected", [
    (1, 1, "B"), (2, 1, "A"), (6, 1, "A"), (3, 1, "C"), (5, 1, "C"), (4, 1, "D"),
])
def test_attitude_from_heading_and_wind(heading, wind, expected):
    assert attitude(heading, wind, TABLES) == expected
