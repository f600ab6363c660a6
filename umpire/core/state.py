"""Game state as plain data, changed only by journalled effects.

An effect is a small dict: ``{"op": "set", "path": [...], "value": v}`` or
``{"op": "add", "path": [...], "value": n}``. The path walks dicts by key and
lists by index from the root state ``{"turn": n, "ships": {...}, ...}``.
Effects hold the resolved outcome, so a saved game reads the same after a
rules fix.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Iterable, Sequence

from umpire.core.errors import BadInput

Path = Sequence[str | int]


def set_(path: Path, value: Any) -> dict:
    return {"op": "set", "path": list(path), "value": value}


def add(path: Path, value: int | float) -> dict:
    return {"op": "add", "path": list(path), "value": value}


def get(state: Any, path: Path, default: Any = None) -> Any:
    node = state
    for part in path:
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            return default
    return node


def apply(state: dict, effects: Iterable[dict]) -> dict:
    """Apply effects to `state` in place and return it."""
    for eff in effects:
        path = eff["path"]
        node: Any = state
        for part in path[:-1]:
            node = node[part]
        last = path[-1]
        if eff["op"] == "set":
            node[last] = copy.deepcopy(eff["value"])
        elif eff["op"] == "add":
            node[last] = node[last] + eff["value"]
        else:
            raise BadInput(f"journal: unknown effect {eff['op']!r}")
    return state


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
