"""What a DGUTS ship data sheet's turn log would hold, read back from the game's journal: the
broadsides fired, the damage totals recorded by the end of each turn, and changes of morale and state.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from umpire.pdf.journal import event_effects, next_turn
from umpire.core.numbers import measure


@dataclass(frozen=True, slots=True)
class DgutsEntry:
    """One row of a DGUTS ship's turn log: what she fired, damage totals after the turn, notes."""

    turn: int
    fire: str = ""
    high: str = ""
    low: str = ""
    notes: tuple[str, ...] = ()


def dguts_log(events: Sequence[Mapping], names: Mapping[str, str]) -> dict[str, tuple[DgutsEntry, ...]]:
    """Each DGUTS ship's turn rows: broadsides fired, the damage totals the journal recorded
    by the end of the turn, and changes of morale and state."""
    cells: dict[tuple[str, int], dict] = {}
    turn = 1
    for event in events:
        for ship, column, text in dguts_marks(event, names):
            cell = cells.setdefault((ship, turn), {"fire": [], "high": "", "low": "", "notes": []})
            if column in ("high", "low"):
                cell[column] = text
            elif text not in cell[column]:
                cell[column].append(text)
        turn = next_turn(event, turn)
    out: dict[str, list[DgutsEntry]] = {}
    for (ship, t), c in sorted(cells.items()):
        out.setdefault(ship, []).append(DgutsEntry(t, "; ".join(c["fire"]), c["high"], c["low"], tuple(c["notes"])))
    return {ship: tuple(rows) for ship, rows in out.items()}


def dguts_marks(event: Mapping, names: Mapping[str, str]) -> list[tuple[str, str, str]]:
    """(ship id, column, text) marks of one DGUTS journal event."""
    kind = str(event.get("kind", ""))
    action = event.get("action") if isinstance(event.get("action"), Mapping) else {}
    out: list[tuple[str, str, str]] = []
    if kind == "fire" and action.get("ship"):
        opts = action.get("opts") if isinstance(action.get("opts"), Mapping) else {}
        target = str(action.get("at", ""))
        out.append((str(action["ship"]), "fire", f"{opts.get('side', '')} at {names.get(target, target)}".strip()))
    for eff in event_effects(event):
        path = list(eff.get("path", []))
        if eff.get("op") != "set" or len(path) < 3 or path[0] != "ships":
            continue
        if path[2:] == ["grappled"]:
            others = ", ".join(names.get(str(o), str(o)) for o in eff.get("value") or [])
            out.append((str(path[1]), "notes", f"grappled {others}".strip()))
            continue
        if len(path) != 4 or path[2] != "track":
            continue
        ship, key, value = str(path[1]), path[3], eff.get("value")
        if key == "damage_high":
            out.append((ship, "high", _points(value)))
        elif key == "damage_low":
            out.append((ship, "low", _points(value)))
        elif key == "morale":
            out.append((ship, "notes", f"morale {value}"))
        elif key == "status":
            out.append((ship, "notes", str(value)))
    return out


def _points(value: object) -> str:
    try:
        x = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return str(value)
    return measure(x)
