"""The square-grid game's own actions (fire, board, repair and turn use the shared shapes in core)."""

from __future__ import annotations

from typing import ClassVar

from umpire.core.actions import Action


class Crew(Action):
    """Crew figures placed on the control panel: position -> figures; boats -> figures."""

    command: ClassVar[str] = "crew"
    ship: str
    positions: dict = {}
    boats: dict = {}


class Tack(Action):
    command: ClassVar[str] = "tack"
    ship: str
    #: the sail setting; "" for the one the ship shows (`sail`)
    sail: str = ""
    #: compass heading and where the wind blows from, when the umpire gives them ("" not given)
    heading: str = ""
    wind_from: str = ""


class SailSetting(Action):
    """The Sail Status Indicator moved to a new setting (anchor, none, reefed, main, topsail, all); the
    grid game's `sail` (WS&IM's sets `sails`)."""

    command: ClassVar[str] = "sail"
    ship: str
    setting: str


class Marines(Action):
    """Marines in the rigging fire at a ship alongside."""

    command: ClassVar[str] = "marines"
    ship: str
    at: str
    range: int


class Surgeon(Action):
    command: ClassVar[str] = "surgeon"
    ship: str


class Boats(Action):
    """Launch or recover one of a ship's boats (`how` is launch or recover)."""

    command: ClassVar[str] = "boats"
    ship: str
    how: str
    boat: str
    #: the ship's squares this move, for a boat carrying a gun (launched at 3 or less, L309-310); -1 not given
    speed: int = -1


class Ram(Action):
    """A ram or a collision between two ships (`kind`: ram or collision)."""

    command: ClassVar[str] = "ram"
    ship: str
    at: str
    kind: str = "ram"


class Meet(Action):
    """Two ships end a move in one square: the roll for who places them, or a collision."""

    command: ClassVar[str] = "meet"
    ship: str
    other: str
    speed: int
    other_speed: int


class RunDown(Action):
    """A ship sails through a boat's square to run it down (`at` is SHIP/BOAT)."""

    command: ClassVar[str] = "run-down"
    ship: str
    at: str
    speed: int
