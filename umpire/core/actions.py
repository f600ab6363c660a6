"""Actions: what the umpire asked for, as small frozen values with typed fields.

The command line builds an action, the journal keeps it (as a plain table, in
the shape `journal()` gives), and `verify` reads it back with `from_journal`,
which checks every field's type so a hand-edited or damaged event is refused
with a message naming the field instead of failing somewhere in the rules.
A ruleset's `actions` table maps each command to its action type and the
method that plans it; rulesets share these shapes and may declare their own.
"""

from __future__ import annotations

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


class Action:
    """Base of every action: a frozen value whose fields are its annotations, in order.

    (A frozen dataclass in all but name: built by this small base instead, because
    generating dataclasses costs about a millisecond each at start-up, and an umpire
    runs a command every few seconds.) `command` is the word typed after `umpire`.
    """

    command: ClassVar[str] = ""
    _fields: ClassVar[tuple[str, ...]] = ()
    _kinds: ClassVar[dict[str, str]] = {}

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        kinds: dict[str, str] = {}
        for klass in reversed(cls.__mro__):
            for name, kind in klass.__dict__.get("__annotations__", {}).items():
                if not str(kind).startswith("ClassVar"):
                    kinds[name] = str(kind)
        cls._fields, cls._kinds = tuple(kinds), kinds

    def __init__(self, *args: Any, **kw: Any) -> None:
        if len(args) > len(self._fields):
            raise TypeError(f"{type(self).__name__} takes {len(self._fields)} values, got {len(args)}")
        given = dict(zip(self._fields, args))
        for name in kw:
            if name not in self._kinds or name in given:
                raise TypeError(f"{type(self).__name__}: unexpected or repeated field {name!r}")
        given.update(kw)
        for name in self._fields:
            if name in given:
                value = given[name]
            elif hasattr(type(self), name):
                value = getattr(type(self), name)
                value = type(value)(value) if isinstance(value, (dict, list)) else value   # a fresh default
            else:
                raise TypeError(f"{type(self).__name__}: missing field {name!r}")
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen: cannot delete {name!r}")

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and all(getattr(self, f) == getattr(other, f) for f in self._fields)

    __hash__ = None   # type: ignore[assignment]  (fields may be tables)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(" + ", ".join(f"{f}={getattr(self, f)!r}" for f in self._fields) + ")"

    @classmethod
    def from_journal(cls, data: Mapping[str, Any]) -> "Action":
        """The action a journalled table describes; a field of the wrong kind is refused by name."""
        values = {}
        for name in cls._fields:
            kind = cls._kinds[name]
            if name not in data:
                if not hasattr(cls, name):
                    raise BadInput(f"{data.get('command', cls.command)}: the action lacks {name!r}")
                continue
            value = data[name]
            if isinstance(value, float) and kind == "int" and value.is_integer():
                value = int(value)
            if not _ok(kind, value):
                raise BadInput(f"{data.get('command', cls.command)}: action field {name!r} must be "
                               f"{kind}, not {value!r}")
            values[name] = value
        try:
            return cls(**values)
        except TypeError as exc:    # a field with no default that the journal lacks (a dataclass action)
            raise BadInput(f"{data.get('command', cls.command)}: the action is incomplete ({exc})") from None

    def journal(self) -> dict:
        """The table the journal keeps (the same shape the command line builds)."""
        return {"command": self.command, **{f: getattr(self, f) for f in self._fields}}


# --- shapes the rulesets share ------------------------------------------------------

class Fire(Action):
    command: ClassVar[str] = "fire"
    ship: str
    at: str
    opts: dict = {}


class Load(Action):
    command: ClassVar[str] = "load"
    ship: str
    side: str


class Contact(Action):
    """foul, unfoul, grapple, ungrapple: two ships and the procedure (`kind`)."""

    kind: str
    ship: str
    other: str
    opts: dict = {}

    @classmethod
    def from_journal(cls, data: Mapping[str, Any]) -> "Contact":
        return super().from_journal({"kind": data.get("command", ""), "other": data.get("with", ""),
                                     **{k: v for k, v in data.items() if k not in ("command", "with")}})

    def journal(self) -> dict:
        return {"command": self.kind, "ship": self.ship, "with": self.other, "opts": self.opts}


class Board(Action):
    command: ClassVar[str] = "board"
    ship: str
    party: str
    sections: str = ""
    at: str = ""
    opts: dict = {}


class Melee(Action):
    command: ClassVar[str] = "melee"
    attackers: list[str]
    defender: str
    opts: dict = {}


class Capture(Action):
    command: ClassVar[str] = "capture"
    ship: str
    by: str
    sections: str = ""


class Transfer(Action):
    command: ClassVar[str] = "transfer"
    ship: str
    to: str
    sections: str


class Surrender(Action):
    command: ClassVar[str] = "surrender"
    ship: str
    by: str


class Recover(Action):
    command: ClassVar[str] = "recover"
    ship: str


class EndTurn(Action):
    command: ClassVar[str] = "turn"


class Morale(Action):
    command: ClassVar[str] = "morale"
    ship: str
    opts: dict = {}


class Mast(Action):
    command: ClassVar[str] = "mast"
    ship: str
    opts: dict = {}


class Repair(Action):
    command: ClassVar[str] = "repair"
    ship: str
    what: str
    opts: dict = {}


class Pumps(Action):
    command: ClassVar[str] = "pumps"
    ship: str
    crew: float


class Explode(Action):
    command: ClassVar[str] = "explode"
    ship: str
    near: dict[str, float] = {}
    opts: dict = {}


class Burn(Action):
    """Fire aboard a ship: `what` the rules' step (set, fight, the turn's burning ...), `areas` where."""

    command: ClassVar[str] = "burn"
    ship: str
    what: str
    areas: list[str] = []
    opts: dict = {}


class Musketry(Action):
    """Small arms fired from one ship at another alongside (`at`)."""

    command: ClassVar[str] = "musketry"
    ship: str
    at: str
    opts: dict = {}


class Special(Action):
    command: ClassVar[str] = "special"
    ship: str
    column: str
    opts: dict = {}


class ShipEdit(Action):
    """Give or correct values of a ship's record in play (`ship edit SHIP --FIELD VALUE`)."""

    command: ClassVar[str] = "ship edit"
    ship: str
    changes: dict = {}
