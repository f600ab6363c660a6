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
    """What a rule decided: effects to journal, the working, and the command's JSON."""

    kind: str
    summary: str
    effects: list[dict] = field(default_factory=list)
    working: list[Step] = field(default_factory=list)
    data: dict = field(default_factory=dict)

    def explain(self) -> list[str]:
        return [s.text() for s in self.working]
