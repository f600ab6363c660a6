"""Actions only DGUTS has, as frozen values the journal keeps (the shared shapes are in core.actions)."""

from __future__ import annotations

from typing import ClassVar

from umpire.core.actions import Action

#: what `ship edit` may change, and the option that sets it
EDITABLE = {"guns": "--guns", "men": "--men", "tons": "--tons", "nation": "--nation", "rate": "--rate",
            "class": "--class", "sailing_class": "--sailing-class", "weatherliness": "--weatherliness",
            "kind": "--kind"}


class WindOrder(Action):
    """The wind: rolled at the start (direction and force), set by the umpire, or changed hourly;
    DGUTS's `wind` (`what` is roll, set or change; WS&IM's wind action has only options)."""

    command: ClassVar[str] = "wind"
    what: str
    opts: dict = {}


class Night(Action):
    """Night falls (visibility rolled or set) or day returns: it bounds sighting and firing."""

    command: ClassVar[str] = "night"
    what: str
    opts: dict = {}


class SpeedClass(Action):
    """Advanced Optional 1: a ship's speed class and sailing class rolled by her size and type."""

    command: ClassVar[str] = "ship speedclass"
    ship: str


class Task(Action):
    """A crew task: studding sails set or taken in, anchoring, lightening ship."""

    command: ClassVar[str] = "task"
    ship: str
    what: str
    opts: dict = {}


class GalleyRam(Action):
    """A galley rams a ship whose course she crosses (the grid game's `ram` is another action)."""

    command: ClassVar[str] = "ram"
    ship: str
    at: str
    opts: dict = {}


class Paddles(Action):
    """A steam vessel hit low: does a paddle wheel jam?"""

    command: ClassVar[str] = "paddles"
    ship: str
    opts: dict = {}


class Mortar(Action):
    """A mortar shell: where it falls, or (on a ship's counter) whether it strikes and bursts."""

    command: ClassVar[str] = "mortar"
    ship: str
    at: str = ""
    opts: dict = {}


class Howitzer(Action):
    """Howitzers fired from an anchored battery or from shore."""

    command: ClassVar[str] = "howitzer"
    ship: str
    at: str
    opts: dict = {}
