"""Wind direction at the start of play."""

from __future__ import annotations

import pytest

from umpire.rules.dguts import BadInput, resolve_wind_direction


@pytest.mark.parametrize("rolls, cardinal, wind_from", [
    ((2, 4, 3), "N", "N"), ((2, 3, 4), "S", "S"), ((1, 2, 5), "E", "SE"),
    ((3, 5, 1), "W", "S"), ((4, 6, 6), "N", "E"), ((5, 1, 2), "W", "SW"),
])
def test_wind_direction(rolls, cardinal, wind_from):
    data = resolve_wind_direction(rolls).data
    assert (data["cardinal"], data["wind_from"]) == (cardinal, wind_from)


def test_wind_needs_three_dice():
    with pytest.raises(BadInput, match="red, white, shift"):
        resolve_wind_direction([1, 2])
