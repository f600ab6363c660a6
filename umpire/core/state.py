"""Resolutions and their working; effect helpers are re-exported from `effects`."""

from __future__ import annotations

from dataclasses import dataclass, field

from umpire.core.effects import add, apply, get, set_  # noqa: F401

@dataclass(frozen=True, slots=True)
class Step:
    """One line of the working: what was looked up or decided, its value, and where from."""

    step: str
    value: str
    source: str = ""

    def text(self) -> str:
        return f"{self.step}: {self.value}" + (f" [{self.source}]" if self.source else "")


@dataclass(slots=True)
class Resolution:
    """What a rule decided: effects to journal, the working, and the command's JSON.

    A rule that works on one ship's values without knowing which ship she is (DGUTS's rule
    functions) gives its new values by role instead (`changes`: {"target": {"damage_low": 168.0},
    "firer": {...}}); the command that knows the ships turns them into `effects`, and names the
    `kind` and `summary`.
    """

    kind: str = ""
    summary: str = ""
    effects: list[dict] = field(default_factory=list)
    working: list[Step] = field(default_factory=list)
    data: dict = field(default_factory=dict)
    changes: dict[str, dict] = field(default_factory=dict)

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
