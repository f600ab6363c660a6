"""A ship's record, declared: the values a ruleset reads for a ship and where each may be given.

Each ruleset names its record (`Ruleset.ship_record`, "module:NAME" of a `Record`). A field says
what kind of value it is, its default (or none: given when the rules need it), the rule section
it comes from, where it is kept in the ship's state, and the places it may be given: `ship add`
(an option), a scenario's ship table (a key), an order-of-battle CSV (a column), `ship edit`
(an option). `umpire ship edit SHIP --FIELD VALUE` is the one journalled way to give or correct
a value in play (`edit`, the planner every ruleset's "ship edit" falls back to), so `undo` takes
it back and `verify` replays it; once given, the rules read it from the record and never ask
for it again.
"""

from __future__ import annotations

from typing import Any, Callable

from umpire.core.errors import BadInput
from umpire.core.state import Resolution, Step, set_

#: the kinds of value a field may hold
KINDS = ("int", "number", "text", "choice")
#: the places a value may be given
PLACES = ("add", "scenario", "csv", "edit")


class _Frozen:
    """A small frozen value (a frozen dataclass in all but name: generating dataclasses costs about a
    millisecond each at start-up, and every `status` reads a ruleset's record; see core.actions)."""

    __slots__: tuple[str, ...] = ()

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen: cannot set {name!r}")

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{k}={getattr(self, k)!r}' for k in self.__slots__)})"


class RecordField(_Frozen):
    """One value of a ship's record.

    `name` is the field as `ship edit` takes it (`--name`, underscores typed as hyphens);
    `path` where it is kept in the ship's state (default: the name); `given` the name it has in
    each place it may be given (`(("add", "--turning"), ("scenario", "turning"), ("csv",
    "turning"), ("edit", "--turning"))`); `default` None means the rules ask for it when they need
    it, and `asked` names the command that does (said at `new --scenario`).
    """

    __slots__ = ("name", "kind", "section", "what", "given", "default", "choices", "low", "high", "path", "asked")

    def __init__(self, name: str, kind: str, section: str, what: str, given: tuple[tuple[str, str], ...] = (),
                 default: Any = None, choices: tuple[str, ...] = (), low: float | None = None,
                 high: float | None = None, path: tuple[str, ...] = (), asked: str = "") -> None:
        if kind not in KINDS:
            raise ValueError(f"record field {name}: kind {kind!r} is not one of {KINDS}")
        if kind == "choice" and not choices:
            raise ValueError(f"record field {name}: a choice names its choices")
        unknown = [p for p, _ in given if p not in PLACES]
        if unknown:
            raise ValueError(f"record field {name}: place {unknown[0]!r} is not one of {PLACES}")
        for key, value in zip(self.__slots__, (name, kind, section, what, tuple(given), default, tuple(choices),
                                               low, high, tuple(path), asked)):
            object.__setattr__(self, key, value)

    @property
    def option(self) -> str:
        """The option `ship edit` takes for it."""
        return dict(self.given).get("edit") or "--" + self.name.replace("_", "-")

    @property
    def where(self) -> tuple[str, ...]:
        return tuple(p for p, _ in self.given)

    def at(self, place: str) -> str:
        """Its name in `place` ("add", "scenario", "csv", "edit"), or "" where it cannot be given."""
        return dict(self.given).get(place, "")

    @property
    def key_path(self) -> tuple[str, ...]:
        return self.path or (self.name,)

    def allowed(self) -> str:
        """The values it accepts, as the umpire reads them."""
        if self.kind == "choice":
            return "one of " + ", ".join(self.choices)
        if self.kind in ("int", "number"):
            whole = "a whole number" if self.kind == "int" else "a number"
            if self.low is not None and self.high is not None:
                return f"{whole} from {self.low:g} to {self.high:g}"
            if self.low is not None:
                return f"{whole} from {self.low:g}"
            return whole
        return "text"

    def read(self, value: Any, said: str = "") -> Any:
        """The value as the record keeps it; a bad one is refused naming the field and what is allowed."""
        said = said or self.option
        text = str(value).strip() if value is not None and not isinstance(value, bool) else ""

        def bad() -> BadInput:
            return BadInput(f"{said} {value!r}: {self.what} is {self.allowed()} ({self.section})")

        if not text:
            raise bad()
        if self.kind == "text":
            return text
        if self.kind == "choice":
            for choice in self.choices:
                if text.lower() == choice.lower():
                    return choice
            raise bad()
        try:
            number = int(text) if self.kind == "int" else float(text)
        except ValueError:
            raise bad() from None
        if number != number or (self.low is not None and number < self.low) or \
                (self.high is not None and number > self.high):
            raise bad()
        return number

    def value(self, ship: dict) -> Any:
        """Her value, as the state keeps it (None when not given)."""
        held: Any = ship
        for key in self.key_path:
            if not isinstance(held, dict) or key not in held:
                return self.default
            held = held[key]
        low = self.low if self.kind in ("int", "number") and isinstance(held, (int, float)) else None
        if held == "" or (low is not None and held < low):
            return None      # the state's "not given" (an empty class, a gun rating of 0)
        return held


class Record(_Frozen):
    """A ruleset's ship record: its fields, and `check(ship, changes)`, what is wrong with a set of
    changed values taken together ("" when nothing), for values that depend on each other."""

    __slots__ = ("fields", "check")

    def __init__(self, fields: tuple[RecordField, ...], check: Callable[[dict, dict], str] | None = None) -> None:
        object.__setattr__(self, "fields", tuple(fields))
        object.__setattr__(self, "check", check)

    def field(self, name: str) -> RecordField | None:
        key = name.strip().lstrip("-").replace("-", "_").lower()
        return next((f for f in self.fields if f.name == key or f.at("edit").lstrip("-").replace("-", "_") == key),
                    None)

    def editable(self) -> tuple[RecordField, ...]:
        return tuple(f for f in self.fields if f.at("edit"))

    def values(self, ship: dict) -> dict:
        """Every field's value for one ship (None where not given), for `status`."""
        return {f.name: f.value(ship) for f in self.fields}

    def offered(self) -> str:
        """The fields `ship edit` takes, as an error message lists them."""
        return "; ".join(f"{f.option} ({f.allowed()})" for f in self.editable()) or "none"


EMPTY = Record(())


def changes_read(record: Record, ruleset_id: str, changes: dict) -> dict[RecordField, Any]:
    """The typed changes of `ship edit`, each read against the record; unknown or bad ones refused."""
    if not changes:
        raise BadInput(f"ship edit: say what changes; a {ruleset_id} ship's record takes {record.offered()}")
    out: dict[RecordField, Any] = {}
    for name, value in changes.items():
        f = record.field(str(name))
        said = f"--{str(name).replace('_', '-')}"
        if f is None:
            raise BadInput(f"ship edit: {said} is not a field of a {ruleset_id} ship's record; it takes "
                           f"{record.offered()}")
        if not f.at("edit"):
            where = " or ".join(f"{p} ({f.at(p)})" if p in ("scenario", "csv") else "ship add" for p in f.where)
            raise BadInput(f"ship edit: {said}, {f.what}, is set up once ({where or 'by the rules'}) and not "
                           f"changed in play; ship edit takes {record.offered()}")
        out[f] = f.read(value, f"ship edit {f.option}")
    return out


def edit(ruleset, state: dict, tables, action) -> Resolution:
    """`ship edit SHIP --FIELD VALUE ...`: give or correct values of a ship's record in play."""
    record = ruleset.record()
    ship_id = action.ship
    ship = state["ships"].get(ship_id)
    if ship is None:
        raise BadInput(f"ship edit: no ship {ship_id!r} in this game")
    typed = changes_read(record, ruleset.id, dict(action.changes))
    if record.check:
        problem = record.check(ship, {f.name: v for f, v in typed.items()})
        if problem:
            raise BadInput(f"ship edit: {problem}")
    effects, steps, new = [], [], dict(ship)
    for f, value in typed.items():
        effects.append(set_(["ships", ship_id, *f.key_path], value))
        old = f.value(ship)
        steps.append(Step(f.what, f"{'not given' if old is None else old} -> {value}", f.section))
        if len(f.key_path) == 1:
            new[f.key_path[0]] = value
    said = ", ".join(f"{f.name} {v}" for f, v in typed.items())
    return Resolution("ship", f"{ship['name']}: record changed ({said})", effects, steps,
                      {"ship": ruleset.status(new), "record": record.values(new)})
