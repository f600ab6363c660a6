"""Values shared by the DGUTS rules: the rule text's citation, errors and closed sets.

The rules never roll dice. A resolver is split in two: one function says which
dice it needs (`core.dice.DiceNeed`), another takes the rolled values and returns a
`core.state.Resolution` whose `changes` are the new absolute values of the ship
states by role ("ship", "target", "firer", ...).
"""

from __future__ import annotations

import re
from enum import Enum
from typing import Any

from umpire.core.errors import BadInput as _CoreBadInput, Refused as _CoreRefused
from umpire.core.tables import MissingValue, RulingNeeded  # RulingNeeded: named with the rules' other errors


TEXT = "dguts-1975-second-edition-ocr.txt"


def rule(section: str) -> str:
    """A citation of the rule text by section, for the working."""
    return f"{TEXT}, {section}"


BadInput = _CoreBadInput   # input the rules cannot accept (bad calibre, bad tonnage, wrong dice)


class Refused(_CoreRefused, ValueError):
    """The rules refuse the action (out of range, target struck, no guns bear)."""


class MissingTable(Refused, MissingValue):
    """A number the rule text does not give is needed; an umpire must supply it."""


class _Parsed(Enum):
    """An Enum that parses the words an umpire types."""

    @classmethod
    def parse(cls, text: Any) -> Any:
        if isinstance(text, cls):
            return text
        key = str(text).strip().lower().replace("_", "-").replace(" ", "-")
        for member in cls:
            if key == member.value or key in _ALIASES.get(member, ()):
                return member
        accepted = ", ".join(m.value for m in cls)
        what = re.sub(r"(?<!^)(?=[A-Z])", " ", cls.__name__).lower()
        raise BadInput(f"{what} {text!r}: use one of {accepted}")


class Bearing(_Parsed):
    """Which guns fire: a broadside or the chasers."""

    LEFT = "left"
    RIGHT = "right"
    BOW = "bow"
    STERN = "stern"


class Aim(_Parsed):
    """Where the shot is directed: high at sails and masts, low at hull and crew (VIII.B)."""

    HIGH = "high"
    LOW = "low"


class RangeBand(Enum):
    """The fire table's range bands (Basic Rules VIII.B)."""

    A = "A"
    B = "B"
    C = "C"
    D = "D"


class Rake(_Parsed):
    """A raking shot from off the target's bow or stern (Basic Rules VIII.D)."""

    NONE = "none"
    BOW = "bow"
    STERN = "stern"


class Shot(_Parsed):
    """Shot types of the single-ship rules (round shot is the standard game's)."""

    ROUND = "round"
    GRAPE = "grape"
    CHAIN = "chain"


class Morale(_Parsed):
    """The morale ladder, best first."""

    FLUSHED = "flushed"
    NORMAL = "normal"
    SHAKEN = "shaken"
    DISORDER = "disorder"
    ROUTED = "routed"
    SURRENDERED = "surrendered"


class PointOfSail(_Parsed):
    """Course relative to the wind (Basic Rules VI)."""

    CLOSE_HAULED = "close-hauled"
    BROAD_REACH = "broad-reach"
    QUARTERING = "quartering"
    RUNNING = "running"


class SailingClass(_Parsed):
    """Sailing class A-E of the single-ship rules (A)."""

    A = "a"
    B = "b"
    C = "c"
    D = "d"
    E = "e"


_ALIASES: dict[Any, tuple[str, ...]] = {
    Bearing.LEFT: ("port", "larboard", "l"),
    Bearing.RIGHT: ("starboard", "r"),
    Bearing.BOW: ("bow-chaser", "bow-chasers", "ahead"),
    Bearing.STERN: ("stern-chaser", "stern-chasers", "astern"),
    Aim.HIGH: ("rigging", "h", "aloft"),
    Aim.LOW: ("hull", "l", "crew"),
    Rake.NONE: ("no", ""),
    Shot.ROUND: ("ball", "roundshot", "round-shot"),
    Shot.GRAPE: ("canister", "cannister", "grape-canister", "grapeshot"),
    Shot.CHAIN: ("bar", "star", "chain-bar", "disabling", "chainshot"),
    Morale.FLUSHED: ("flushed-with-victory",),
    Morale.DISORDER: ("in-disorder",),
    Morale.SURRENDERED: ("surrender", "surrenders", "struck"),
    PointOfSail.CLOSE_HAULED: ("close-hauling", "close"),
    PointOfSail.BROAD_REACH: ("broad", "beam", "beam-reach", "reach", "broad-reaching", "across"),
    PointOfSail.QUARTERING: ("quarter-reach", "quarter-reaching", "quarter"),
    PointOfSail.RUNNING: ("run", "before-the-wind", "downwind"),
}

MORALE_LADDER: tuple[Morale, ...] = tuple(Morale)
