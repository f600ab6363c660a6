"""Resolutions and their working; effect helpers are re-exported from `effects`."""

from __future__ import annotations

from umpire.core.effects import add, apply, get, set_  # noqa: F401
from umpire.core.values import Fields, Value


class Step(Value):
    """One line of the working: what was looked up or decided, its value, and where from."""

    __slots__ = ("step", "value", "source")
    step: str
    value: str
    source: str

    def __init__(self, step: str, value: str, source: str = "") -> None:
        self._set(step=step, value=value, source=source)

    def text(self) -> str:
        return f"{self.step}: {self.value}" + (f" [{self.source}]" if self.source else "")


class Resolution(Fields):
    """What a rule decided: effects to journal, the working, and the command's JSON.

    A rule that works on one ship's values without knowing which ship she is (DGUTS's rule
    functions) gives its new values by role instead (`changes`: {"target": {"damage_low": 168.0},
    "firer": {...}}); the command that knows the ships turns them into `effects`, and names the
    `kind` and `summary`. (Written out rather than a dataclass for start-up: `core.values`.)
    """

    __slots__ = ("kind", "summary", "effects", "working", "data", "changes")

    def __init__(self, kind: str = "", summary: str = "", effects: list[dict] | None = None,
                 working: list[Step] | None = None, data: dict | None = None,
                 changes: dict[str, dict] | None = None) -> None:
        self.kind, self.summary = kind, summary
        self.effects = [] if effects is None else effects
        self.working = [] if working is None else working
        self.data = {} if data is None else data
        self.changes = {} if changes is None else changes

    def explain(self) -> list[str]:
        return [s.text() for s in self.working]


#: how a ship's state reads after her name where "has" does not fit it ("HERCULE is sinking", not "has
#: sinking"); every other state reads "has <state>" ("has struck", "has sunk", "has surrendered")
STATE_PHRASES = {"captured": "has been captured", "sinking": "is sinking", "burning": "is burning",
                 "aground": "is aground", "exploding": "will explode", "active": "is in action",
                 "abandoned": "has been abandoned", "burnt": "has burnt"}


def has_state(state: object) -> str:
    """A ship's state as it reads after her name: "has struck", "is sinking", "has been captured"."""
    text = str(state)
    return STATE_PHRASES.get(text, f"has {text}")
