"""Actions of the WS&IM Optional Rules, as frozen values the journal keeps (`mast` uses the
shared shape in core.actions)."""

from __future__ import annotations

from typing import ClassVar

from umpire.core.actions import Action


class Tow(Action):
    """Take a friendly ship in tow (`towed`), or end the tow (`opts` cast_off) (Optional VII)."""

    command: ClassVar[str] = "tow"
    ship: str
    towed: str = ""
    opts: dict = {}


class Aground(Action):
    """The umpire finds the ship aground, or (`opts` refloat) tries to refloat her (Optional XI)."""

    command: ClassVar[str] = "aground"
    ship: str
    opts: dict = {}


class Designate(Action):
    """What the scenario states about a ship for the optional rules (`opts`: fore_and_aft,
    uncoppered, newly_arrived, rated_guns)."""

    command: ClassVar[str] = "designate"
    ship: str
    opts: dict = {}


class Signal(Action):
    """One written message from a ship to her fleet (Optional III)."""

    command: ClassVar[str] = "signal"
    ship: str
    text: str
