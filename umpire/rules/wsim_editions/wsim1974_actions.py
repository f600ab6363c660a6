"""The first edition's optional-rule actions, as frozen values the journal keeps. Their fields
are those the WS&IM command line fills for `sink`, `explode`, `repair`, `anchor`, `sail`,
`tow` and `aground`, so one command serves every WS&IM ruleset."""

from __future__ import annotations

from typing import ClassVar

from umpire.core.actions import Action


class Sink(Action):
    """The Move's die for a ship that will sink (Sinking and Exploding Ships 3)."""

    command: ClassVar[str] = "sink"
    ship: str


class Explode(Action):
    """The Move's die for a ship that will explode, and the ships in adjacent hexes, in the
    order named (Sinking and Exploding Ships 4)."""

    command: ClassVar[str] = "explode"
    ship: str
    near: list[str] = []
    optional: list[str] = []


class Repair(Action):
    """One Move of repair work on hull, rigging or guns (Repairs)."""

    command: ClassVar[str] = "repair"
    ship: str
    what: str


class Anchor(Action):
    """An anchoring notation (Anchors 1-7): ordinary, bow, stern (springs), up or cut."""

    command: ClassVar[str] = "anchor"
    ship: str
    how: str = "ordinary"


class Sail(Action):
    """Place or remove the full sails counter at the end of a Move (Full Sails 1)."""

    command: ClassVar[str] = "sail"
    ship: str
    sails: str


class Tow(Action):
    """Take a friendly ship or prize in tow (`towed`), or end the tow (`opts` cast_off) (Towing)."""

    command: ClassVar[str] = "tow"
    ship: str
    towed: str = ""
    opts: dict = {}


class Aground(Action):
    """The umpire finds the ship aground, or (`opts` refloat) the die to refloat her (Running Aground)."""

    command: ClassVar[str] = "aground"
    ship: str
    opts: dict = {}
