"""Actions the Tournament Edition adds, as frozen values the journal keeps."""

from __future__ import annotations

from typing import ClassVar

from umpire.core.actions import Action


class Station(Action):
    """Where a ship's marines are posted (Advanced 19.8): on the deck or in the rigging."""

    command: ClassVar[str] = "station"
    ship: str
    marines: str


class TeSail(Action):
    """The Sail Status Phase (Advanced 19.1, 27.0): full or battle sails; `opts` battle when an
    unsundered enemy ship is within ten hexes (Optional 35.1's die)."""

    command: ClassVar[str] = "sail"
    ship: str
    sails: str
    opts: dict = {}


class Collide(Action):
    """A collision with a boat unit (Optional 54.1.4): `ship` ran into `at`."""

    command: ClassVar[str] = "ram"
    ship: str
    at: str
    kind: str = "ram"
    opts: dict = {}


class Bomb(Action):
    """A bomb's mortar: a turn of loading (`opts` load), or fired `at` a ship (Optional 56)."""

    command: ClassVar[str] = "bomb"
    ship: str
    at: str = ""
    opts: dict = {}


class Row(Action):
    """Plot the change to oars or back to battle sails (Optional 39.2), made on the next turn."""

    command: ClassVar[str] = "row"
    ship: str
    to: str
