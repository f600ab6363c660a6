"""Grappling and cutting grapples (Basic Rules IX.A; Advanced Optional 10)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from umpire.core.dice import DiceNeed
from umpire.core.state import Resolution, Step
from umpire.rules.dguts.model import BadInput, Refused
from umpire.rules.dguts.tables import Tables, cite, tables_or_default


@dataclass(frozen=True, slots=True)
class GrappleOrder:
    """Distance between hulls in inches and the circumstances of the attempt."""

    distance: float
    touching: bool = False
    target_stopped: bool = False
    opposite_headings: bool = False
    first_roll: bool = False     # Advanced Optional 10: roll 1-3 before attempting


def grapple_dice_needed(order: GrappleOrder, tables: Tables | None = None) -> DiceNeed:
    """No dice if the grapple is automatic; one die; two with the optional first roll."""
    t = tables_or_default(tables)
    if order.distance < 0:
        raise BadInput(f"distance {order.distance!r}: inches between hulls, 0 or more")
    if order.distance > float(t.get("boarding", "grapple", "max_inches")) and not order.touching:
        raise Refused(f'ships {order.distance:g}" apart: grappling needs them within '
                      f'{t.get("boarding", "grapple", "max_inches"):g}"')
    if order.touching or order.target_stopped:
        return DiceNeed(0, 6, ())
    labels = ("grapple",) if not order.first_roll else ("first roll", "grapple")
    return DiceNeed(len(labels), 6, labels)


def resolve_grapple(order: GrappleOrder, rolls: Sequence[int], tables: Tables | None = None) -> Resolution:
    """Whether the grapple holds (Basic Rules IX.A)."""
    t = tables_or_default(tables)
    rolls = grapple_dice_needed(order, t).check(rolls)
    src = cite(t, "boarding", "grapple")
    if not rolls:
        steps = [Step("grapple", "automatic: the ships touch or the target is stopped", src)]
        return Resolution(working=list(steps), data={"grappled": True, "rolls": [], "explain": [s.text() for s in steps]})
    steps = []
    if order.first_roll:
        first_on = t.get("advanced", "grappling", "first_on")
        if rolls[0] not in first_on:
            steps.append(Step("first roll", f"{rolls[0]}: no attempt this turn", cite(t, "advanced", "grappling")))
            return Resolution(working=list(steps), data={"grappled": False, "rolls": list(rolls),
                                                 "explain": [s.text() for s in steps]})
        steps.append(Step("first roll", f"{rolls[0]}: an attempt may be made", cite(t, "advanced", "grappling")))
    key = "opposite_succeeds_on" if order.opposite_headings else "succeeds_on"
    needed = t.get("boarding", "grapple", key)
    held = rolls[-1] in needed
    steps.append(Step("grapple", f"rolled {rolls[-1]}, needs {_faces(needed)}: "
                      + ("grappled" if held else "no grapple"), src))
    return Resolution(working=list(steps), data={"grappled": held, "rolls": list(rolls), "explain": [s.text() for s in steps]})


def resolve_cut_grapple(rolls: Sequence[int], tables: Tables | None = None) -> Resolution:
    """After a first-turn tie either side may try to cut the grapple: 1 or 2 (IX)."""
    t = tables_or_default(tables)
    rolls = DiceNeed(1, 6, ("cut grapple",)).check(rolls)
    needed = t.get("boarding", "grapple", "cut_on")
    cut = rolls[0] in needed
    steps = [Step("cut grapple", f"rolled {rolls[0]}, needs {_faces(needed)}: " + ("cut" if cut else "holds"),
                  cite(t, "boarding", "grapple"))]
    return Resolution(working=list(steps), data={"cut": cut, "rolls": list(rolls), "explain": [s.text() for s in steps]})


def _faces(faces: Sequence[int]) -> str:
    return ", ".join(map(str, faces))
