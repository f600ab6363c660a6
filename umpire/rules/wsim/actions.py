"""Actions only WS&IM has, as frozen values the journal keeps (the shared shapes are in core.actions)."""

from __future__ import annotations

from typing import ClassVar

from umpire.core.actions import Action


class Load(Action):
    """Load one broadside; `shot` is the Advanced Game's ammunition ("" for roundshot, as typed
    before shot types existed)."""

    command: ClassVar[str] = "load"
    ship: str
    side: str
    shot: str = ""


class Wind(Action):
    """The Advanced wind phase: set the wind (`opts` direction, velocity, change) or roll it."""

    command: ClassVar[str] = "wind"
    opts: dict = {}
