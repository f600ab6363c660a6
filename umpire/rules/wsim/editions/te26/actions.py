"""Actions the Tournament Edition adds, as frozen values the journal keeps."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from umpire.core.actions import Action


@dataclass(frozen=True, slots=True)
class Burn(Action):
    """A fire aboard (Advanced 20.0): `set` (she catches fire), `fight` (crew sections fight it),
    `turn` (the Firefighting Phase with no attempt). The command line's `burn` fills these fields."""

    command: ClassVar[str] = "burn"
    ship: str
    what: str
    areas: list[str] = field(default_factory=list)
    opts: dict = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Musketry(Action):
    """Musket fire (Advanced 24.7): the firing ship's marines at an adjacent enemy (`at`). The
    command line's `musketry` fills these fields."""

    command: ClassVar[str] = "musketry"
    ship: str
    at: str
    opts: dict = field(default_factory=dict)
