"""The square-grid game's own actions (fire, board, repair and turn use the shared shapes in core)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from umpire.core.actions import Action


@dataclass(frozen=True, slots=True)
class Crew(Action):
    """Crew figures placed on the control panel: position -> figures; boats -> figures."""

    command: ClassVar[str] = "crew"
    ship: str
    positions: dict = field(default_factory=dict)
    boats: dict = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Tack(Action):
    command: ClassVar[str] = "tack"
    ship: str
    #: the sail setting; "" for the one the ship shows (`sail`)
    sail: str = ""
    #: compass heading and where the wind blows from, when the umpire gives them ("" not given)
    heading: str = ""
    wind_from: str = ""


@dataclass(frozen=True, slots=True)
class Sail(Action):
    """The Sail Status Indicator moved to a new setting (anchor, none, reefed, main, topsail, all)."""

    command: ClassVar[str] = "sail"
    ship: str
    setting: str


@dataclass(frozen=True, slots=True)
class Marines(Action):
    """Marines in the rigging fire at a ship alongside."""

    command: ClassVar[str] = "marines"
    ship: str
    at: str
    range: int


@dataclass(frozen=True, slots=True)
class Surgeon(Action):
    command: ClassVar[str] = "surgeon"
    ship: str


@dataclass(frozen=True, slots=True)
class Boats(Action):
    """Launch or recover one of a ship's boats (`how` is launch or recover)."""

    command: ClassVar[str] = "boats"
    ship: str
    how: str
    boat: str
    #: the ship's squares this move, for a boat carrying a gun (launched at 3 or less, L309-310); -1 not given
    speed: int = -1


@dataclass(frozen=True, slots=True)
class Ram(Action):
    """A ram or a collision between two ships (`kind`: ram or collision)."""

    command: ClassVar[str] = "ram"
    ship: str
    at: str
    kind: str = "ram"


@dataclass(frozen=True, slots=True)
class Meet(Action):
    """Two ships end a move in one square: the roll for who places them, or a collision."""

    command: ClassVar[str] = "meet"
    ship: str
    other: str
    speed: int
    other_speed: int


@dataclass(frozen=True, slots=True)
class RunDown(Action):
    """A ship sails through a boat's square to run it down (`at` is SHIP/BOAT)."""

    command: ClassVar[str] = "run-down"
    ship: str
    at: str
    speed: int
