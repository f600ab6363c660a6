"""Actions only WS&IM has, as frozen values the journal keeps (the shared shapes are in core.actions)."""

from __future__ import annotations

from typing import ClassVar

from umpire.core.actions import Action


class LoadWithShot(Action):
    """Load one broadside; `shot` is the Advanced Game's ammunition ("" for roundshot, as typed
    before shot types existed). Core's `Load` is the same without a shot."""

    command: ClassVar[str] = "load"
    ship: str
    side: str
    shot: str = ""


class Wind(Action):
    """The Advanced wind phase: set the wind (`opts` direction, velocity, change) or roll it."""

    command: ClassVar[str] = "wind"
    opts: dict = {}


class Sail(Action):
    """The Full Sail Phase (Advanced XI): set full or battle sails."""

    command: ClassVar[str] = "sail"
    ship: str
    sails: str


class Sink(Action):
    """The turn's die for a ship marked as sinking (Advanced VIII.C.3)."""

    command: ClassVar[str] = "sink"
    ship: str


class ExplodeAdjacent(Action):
    """The turn's die for a ship marked as exploding, and the ships in adjacent hexes, in the
    order named (Advanced VIII.C.4). `optional` is what an older version journalled of the game's
    optional rules; the rules read `state["optional"]` (Optional X)."""

    command: ClassVar[str] = "explode"
    ship: str
    near: list[str] = []
    optional: list[str] = []


class RepairTurn(Action):
    """One turn of repair work on hull, rigging or guns (Advanced X.B): no options, the work is the
    turn's (core's `Repair` carries the crew and turns other rules put to work)."""

    command: ClassVar[str] = "repair"
    ship: str
    what: str


class Anchor(Action):
    """An anchoring order (Advanced V.C): `how` is ordinary, bow, stern (springs), up or cut."""

    command: ClassVar[str] = "anchor"
    ship: str
    how: str = "ordinary"


class Move(Action):
    """One ship's move for the turn: the notation as written and what the table shows (`opts`:
    attitude, heading, wind, sail, turning, blocked_by) and how it is taken (as_written,
    collision, for_turn, erase_orders, unwritten)."""

    command: ClassVar[str] = "move"
    ship: str
    notation: str
    opts: dict = {}
