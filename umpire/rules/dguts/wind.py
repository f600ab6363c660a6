"""Wind direction at the start of play (Basic Rules V).

A red and a white die pick the cardinal point (each parity names two
directions; the one both name is the wind's), then one die shifts it up to
two points left or right on the eight-point compass the basic game moves on.
"""

from __future__ import annotations

from typing import Sequence

from umpire.core.dice import DiceNeed
from umpire.core.state import Resolution, Step
from umpire.rules.dguts.model import BadInput
from umpire.rules.dguts.tables import Tables, cite, tables_or_default

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
    steps = [Step("cardinal point", f"red {red}, white {white}: {cardinal}", cite(t, "wind", "cardinal")),
             Step("shift", f"{shift}: {points:+d} points, wind from {wind_from}", cite(t, "wind", "shift"))]
    return Resolution(working=list(steps), data={"cardinal": cardinal, "wind_from": wind_from, "rolls": [red, white, shift],
                                         "explain": [s.text() for s in steps]})


FORCE_DICE = DiceNeed(2, 6, ("force 1", "force 2"))
CHANGE_DICE = DiceNeed(2, 6, ("force change", "direction change"))
#: Beaufort forces the base speed chart runs over, Calm (0) to Hurricane (12)
FORCES = range(0, 13)


def resolve_wind_force(rolls: Sequence[int], tropics: bool = False, tables: Tables | None = None) -> Resolution:
    """Wind force on two dice, one spot less within the tropics (Basic Rules V); data: force."""
    t = tables_or_default(tables)
    a, b = FORCE_DICE.check(rolls)
    total = max(2, a + b - (1 if tropics else 0))
    force = int(t.get("wind", "force", "by_total", str(total), what=f"the wind force for a roll of {total}"))
    steps = [Step("wind force", f"{a}+{b}" + (" -1 (tropics)" if tropics else "") + f" = {total}: Force {force}",
                  cite(t, "wind"))]
    return Resolution(working=list(steps), data={"force": force, "rolls": [a, b], "explain": [s.text() for s in steps]})


def resolve_wind_change(wind_from: str, force: int, rolls: Sequence[int], tables: Tables | None = None) -> Resolution:
    """The hourly roll: the force drops, holds or rises a level; the wind backs, holds or veers a point."""
    t = tables_or_default(tables)
    f_die, d_die = CHANGE_DICE.check(rolls)
    step = int(t.get("wind", "change", "force", str(f_die), what=f"the force change for a roll of {f_die}"))
    turn = int(t.get("wind", "change", "direction", str(d_die), what=f"the direction change for a roll of {d_die}"))
    new_force = min(max(FORCES), max(min(FORCES), int(force) + step))
    compass = t.get("wind", "shift", "compass")
    new_from = compass[(compass.index(wind_from) + turn) % len(compass)] if wind_from in compass else wind_from
    steps = [Step("force", f"{f_die}: {'holds' if not step else ('rises' if step > 0 else 'drops')} "
                  f"(Force {new_force})", cite(t, "wind")),
             Step("direction", f"{d_die}: " + ("holds" if not turn else f"{abs(turn)} point {'right' if turn > 0 else 'left'}")
                  + f" (from {new_from})", cite(t, "wind"))]
    return Resolution(working=list(steps), data={"force": new_force, "wind_from": new_from, "rolls": [f_die, d_die],
                                         "explain": [s.text() for s in steps]})


def point_of_sail(heading: str, wind_from: str, tables: Tables | None = None) -> str:
    """The point of sail of a ship on `heading` with the wind from `wind_from` (eight-point compass,
    Basic Rules VI): into the wind, close-hauled, broad-reach, quartering or running."""
    t = tables_or_default(tables)
    compass = t.get("wind", "shift", "compass")
    for name, value in (("heading", heading), ("wind", wind_from)):
        if str(value).upper() not in compass:
            raise BadInput(f"{name} {value!r}: one of {', '.join(compass)}")
    off = abs(compass.index(heading.upper()) - compass.index(wind_from.upper())) % len(compass)
    off = min(off, len(compass) - off)
    return ("into-wind", "close-hauled", "broad-reach", "quartering", "running")[off]
