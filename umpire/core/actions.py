"""Actions: what the umpire asked for, as small frozen values with typed fields.

The command line builds an action, the journal keeps it (as a plain table, in
the shape `journal()` gives), and `verify` reads it back with `from_journal`,
which checks every field's type so a hand-edited or damaged event is refused
with a message naming the field instead of failing somewhere in the rules.
A ruleset's `actions` table maps each command to its action type and the
method that plans it; rulesets share these shapes and may declare their own.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, field, fields
from typing import Any, ClassVar, Mapping

from umpire.core.errors import BadInput

_KINDS = {"str": (str,), "int": (int,), "float": (int, float), "bool": (bool,), "dict": (dict,),
          "list[str]": (list,), "dict[str, float]": (dict,)}


def _ok(kind: str, value: Any) -> bool:
    types = _KINDS[kind]
    if isinstance(value, bool) and bool not in types:
        return False
    if not isinstance(value, types):
        return False
    if kind == "list[str]":
        return all(isinstance(v, str) for v in value)
    if kind == "dict[str, float]":
        return all(isinstance(k, str) and isinstance(v, (int, float)) and not isinstance(v, bool)
                   for k, v in value.items())
    return True


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action; `command` is the word typed after `umpire`."""

    command: ClassVar[str] = ""

    @classmethod
    def from_journal(cls, data: Mapping[str, Any]) -> "Action":
        """The action a journalled table describes; a field of the wrong kind is refused by name."""
        values = {}
        for f in fields(cls):
            if f.name not in data:
                if f.default is MISSING and f.default_factory is MISSING:
                    raise BadInput(f"{data.get('command', cls.command)}: the action lacks {f.name!r}")
                continue
            value = data[f.name]
            if isinstance(value, float) and f.type == "int" and value.is_integer():
                value = int(value)
            if not _ok(f.type, value):
                raise BadInput(f"{data.get('command', cls.command)}: action field {f.name!r} must be "
                               f"{f.type}, not {value!r}")
            values[f.name] = value
        return cls(**values)

    def journal(self) -> dict:
        """The table the journal keeps (the same shape the command line builds)."""
        return {"command": self.command, **{f.name: getattr(self, f.name) for f in fields(self)}}


# --- shapes the rulesets share ------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Fire(Action):
    command: ClassVar[str] = "fire"
    ship: str
    at: str
    opts: dict = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Load(Action):
    command: ClassVar[str] = "load"
    ship: str
    side: str


@dataclass(frozen=True, slots=True)
class Contact(Action):
    """foul, unfoul, grapple, ungrapple: two ships and the procedure (`kind`)."""

    kind: str
    ship: str
    other: str
    opts: dict = field(default_factory=dict)

    @classmethod
    def from_journal(cls, data: Mapping[str, Any]) -> "Contact":
        # (a slotted dataclass cannot call super() without arguments)
        return Action.from_journal.__func__(cls, {"kind": data.get("command", ""), "other": data.get("with", ""),
                                     **{k: v for k, v in data.items() if k not in ("command", "with")}})

    def journal(self) -> dict:
        return {"command": self.kind, "ship": self.ship, "with": self.other, "opts": self.opts}


@dataclass(frozen=True, slots=True)
class Board(Action):
    command: ClassVar[str] = "board"
    ship: str
    party: str
    sections: str = ""
    at: str = ""
    opts: dict = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Melee(Action):
    command: ClassVar[str] = "melee"
    attackers: list[str]
    defender: str
    opts: dict = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Capture(Action):
    command: ClassVar[str] = "capture"
    ship: str
    by: str
    sections: str = ""


@dataclass(frozen=True, slots=True)
class Transfer(Action):
    command: ClassVar[str] = "transfer"
    ship: str
    to: str
    sections: str


@dataclass(frozen=True, slots=True)
class Surrender(Action):
    command: ClassVar[str] = "surrender"
    ship: str
    by: str


@dataclass(frozen=True, slots=True)
class Recover(Action):
    command: ClassVar[str] = "recover"
    ship: str


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    command: ClassVar[str] = "turn"


@dataclass(frozen=True, slots=True)
class Morale(Action):
    command: ClassVar[str] = "morale"
    ship: str
    opts: dict = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Mast(Action):
    command: ClassVar[str] = "mast"
    ship: str
    opts: dict = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Repair(Action):
    command: ClassVar[str] = "repair"
    ship: str
    what: str
    opts: dict = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Pumps(Action):
    command: ClassVar[str] = "pumps"
    ship: str
    crew: float


@dataclass(frozen=True, slots=True)
class Explode(Action):
    command: ClassVar[str] = "explode"
    ship: str
    near: dict[str, float] = field(default_factory=dict)
    opts: dict = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Special(Action):
    command: ClassVar[str] = "special"
    ship: str
    column: str
    opts: dict = field(default_factory=dict)
