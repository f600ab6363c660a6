"""Frozen values written out by hand: the few small classes every command loads at start-up (a line of
the working, the dice a rule needs, a plan, a ruling, a ship's spec).

A frozen dataclass generates its `__init__`, `__repr__`, `__eq__`, `__hash__`, `__setattr__` and
`__delattr__` from source text when its module is imported, and compiling that text costs over half a
millisecond a class: a few milliseconds of every command's start-up. A `Value` subclass names its
fields (`__slots__`, and `_fields` where they differ from the slots, e.g. a field left out of equality)
and writes its own `__init__`; equality, hashing, `repr`, immutability and `replace` come from here,
with a dataclass's meaning.
"""

from __future__ import annotations

from typing import Any, ClassVar


class FrozenInstanceError(AttributeError):
    """A field of a frozen value assigned or deleted (as `dataclasses.FrozenInstanceError`, which is
    not imported: the dataclasses module is itself a cost at start-up)."""


class Fields:
    """A record of named fields (`__slots__`): equal by them and shown as `Name(field=value, ...)`,
    as a dataclass is. Mutable, so not hashed (`Resolution`); `Value` is the frozen kind."""

    __slots__ = ()
    #: the fields compared and shown, in order (a subclass's own `__slots__` by default)
    _fields: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "_fields" not in cls.__dict__:
            cls._fields = tuple(cls.__dict__.get("__slots__", ()))

    def _values(self) -> tuple:
        return tuple(getattr(self, name) for name in self._fields)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._values() == other._values()     # type: ignore[attr-defined]

    __hash__ = None     # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"{type(self).__name__}(" + ", ".join(f"{n}={getattr(self, n)!r}" for n in self._fields) + ")"


class Value(Fields):
    """A frozen value: equal and hashed by its fields, never changed in place."""

    __slots__ = ()

    def _set(self, **values: Any) -> None:
        """Give the fields their values (from `__init__`: the one way to set them)."""
        for name, value in values.items():
            object.__setattr__(self, name, value)

    def __hash__(self) -> int:
        return hash(self._values())

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    @classmethod
    def _every(cls) -> list[str]:
        """Every field stored, the subclass's and its bases'."""
        return [n for klass in cls.__mro__ for n in klass.__dict__.get("__slots__", ())]

    def replace(self, **changes: Any):
        """A copy with some fields changed (as `dataclasses.replace`)."""
        every = self._every()
        return type(self)(**{n: changes.pop(n) if n in changes else getattr(self, n) for n in every}, **changes)

    # copied and pickled as a frozen dataclass with slots is: its fields set past `__setattr__`
    def __getstate__(self) -> list:
        return [getattr(self, n) for n in self._every()]

    def __setstate__(self, state: list) -> None:
        for name, value in zip(self._every(), state):
            object.__setattr__(self, name, value)
