"""Reading a game's journal back for the sheets' turn logs: the turn each event falls in and the
effects it journalled. Each rule family's log (`pdf/<family>/journal.py`) reads its marks from these.
"""

from __future__ import annotations

from typing import Iterable, Mapping


def next_turn(event: Mapping, turn: int) -> int:
    """The turn after this event: `umpire turn` events set the new turn number."""
    for eff in event_effects(event):
        if eff.get("op") == "set" and list(eff.get("path", [])) == ["turn"] and isinstance(eff.get("value"), int):
            return eff["value"]
    return turn


def event_effects(event: Mapping) -> Iterable[Mapping]:
    """The effects an event journalled (a hand-edited entry that is not one left out)."""
    effects = event.get("effects")
    return [e for e in effects if isinstance(e, Mapping)] if isinstance(effects, list) else []
