"""Shared helpers for the DGUTS rules tests: fixture excerpts and ready-made ships."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from umpire.rules.dguts import derive_ship, initial_state

FIXTURES = Path(__file__).parent / "fixtures"


@lru_cache(maxsize=None)
def excerpts() -> dict[str, str]:
    """The verbatim excerpts of the rule text, by name."""
    out: dict[str, str] = {}
    name = ""
    for line in (FIXTURES / "dguts-excerpts.txt").read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            continue
        if line.startswith("== "):
            name = line[3:].strip()
            out[name] = ""
        elif name:
            out[name] += line
    return out


def excerpt(name: str) -> str:
    return excerpts()[name]


def ship(nation="british", tons=900, men=315, guns="30x18,6x8", **overrides):
    values = derive_ship(nation, tons, men, guns, overrides)
    return values, initial_state(values)


def constitution():
    return ship("american", 1576, 456, "30x24,22x32C", **{"class": 4})


def guerriere():
    return ship("british", 1338, 272, "30x18,16x32C,2x12,2x9")
