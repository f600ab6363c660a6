"""What the DGUTS commands share: reading typed options, refusing ships out of action, and the
command's Resolution from a rule function's (its `changes` by role become effects on named ships)."""

from __future__ import annotations

import math

from umpire.core.errors import BadInput, Refused
from umpire.core.state import Resolution, set_


def finish(kind: str, summary: str, res: Resolution, effects: list[dict]) -> Resolution:
    """The command's Resolution from a rule's: its kind, summary and journalled effects named; the
    working and data kept, less the rule's own "explain" (the command's working is the explain)."""
    data = {k: v for k, v in res.data.items() if k != "explain"}
    return Resolution(kind, summary, effects, list(res.working), data)


def number(opts: dict, key: str, default=None, low: float | None = 0.0) -> float | None:
    """A number typed as an option; refuse words, NaN, infinities and values below `low` (if given)."""
    value = opts.get(key, default)
    if value in (None, ""):
        return default
    try:
        out = float(value)
    except (TypeError, ValueError):
        raise BadInput(f"{key} {value!r}: give a number") from None
    if not math.isfinite(out):
        raise BadInput(f"{key} {value!r}: give a finite number" + (f" of at least {low:g}" if low is not None else ""))
    if low is not None and out < low:
        raise BadInput(f"{key} {value!r}: give a number of at least {low:g}")
    return out


def yes(opts: dict, key: str) -> bool:
    value = str(opts.get(key, "")).strip().lower()
    if value in ("", "0", "no", "false", "off"):
        return False
    if value in ("1", "yes", "true", "on"):
        return True
    raise BadInput(f"{key} {opts[key]!r}: use 1 or 0 (yes or no)")


AFLOAT = ("active", "sinking")
# Bounds on typed numbers, not rules: the largest ships of the age were about 5,000 tons with 1,200 men.
MAX_TONS, MAX_MEN, MAX_GUNS = 10000, 5000, 500


def afloat(ship: dict, doing: str) -> None:
    """Refuse an action by a ship that has sunk, exploded, struck or been taken."""
    status = ship["track"]["status"]
    if status not in AFLOAT:
        raise Refused(f"{ship['name']} {status_words(status)}: she cannot {doing}")


def status_words(status: str) -> str:
    return {"captured": "has been captured", "surrendered": "has surrendered", "sunk": "has sunk",
            "exploded": "has blown up", "struck": "has struck"}.get(status, f"is {status}")


def not_herself(a: str, b: str, what: str) -> None:
    if a == b:
        raise BadInput(f"a ship cannot {what} herself")


def keep_rolling(rolls) -> tuple[int, ...]:
    """The tool's policy for best-of-N dice: stop at the first 4 or better."""
    out = []
    for r in rolls:
        out.append(r)
        if r >= 4:
            break
    return tuple(out)


def ship_sets(ship_id: str, changes: dict) -> list[dict]:
    return [set_(["ships", ship_id, "track", k], v) for k, v in changes.items()]
