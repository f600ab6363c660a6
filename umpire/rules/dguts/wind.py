"""Wind direction at the start of play (Basic Rules V).

A red and a white die pick the cardinal point (each parity names two
directions; the one both name is the wind's), then one die shifts it up to
two points left or right on the eight-point compass the basic game moves on.
"""

from __future__ import annotations

from typing import Sequence

from .model import DiceNeed, Resolution, Step
from .tables import Tables, tables_or_default

WIND_DICE = DiceNeed(3, 6, ("red", "white", "shift"))


def resolve_wind_direction(rolls: Sequence[int], tables: Tables | None = None) -> Resolution:
    """The direction the wind blows from; data: cardinal, wind_from."""
    t = tables_or_default(tables)
    red, white, shift = WIND_DICE.check(rolls)
    by_red = t.get("wind", "cardinal", "red_even" if red % 2 == 0 else "red_odd")
    by_white = t.get("wind", "cardinal", "white_even" if white % 2 == 0 else "white_odd")
    cardinal = next(d for d in by_red if d in by_white)
    compass = t.get("wind", "shift", "compass")
    points = t.get("wind", "shift", "points")[shift - 1]
    wind_from = compass[(compass.index(cardinal) + points) % len(compass)]
    steps = [Step("cardinal point", f"red {red}, white {white}: {cardinal}", t.cite("wind", "cardinal")),
             Step("shift", f"{shift}: {points:+d} points, wind from {wind_from}", t.cite("wind", "shift"))]
    return Resolution({}, tuple(steps), {"cardinal": cardinal, "wind_from": wind_from, "rolls": [red, white, shift],
                                         "explain": [s.text() for s in steps]})
