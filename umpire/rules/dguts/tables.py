"""Loading the DGUTS tables (TOML under data/dguts) and applying house rulings.

Every table names its source. Values the rule text does not give are absent
from the tables; in their place the tool has a documented default reading
(data/dguts/defaults.toml, reasoned in docs/rulings.md). Asking for such a
value gives the default reading and remembers that it was used, so the working
can say so; in a `--strict` game it raises `RulingNeeded` naming the key
instead. House rulings are flat dotted keys (or the same as nested tables)
laid over the tables; a ruling replaces the default reading of its key.
"""

from __future__ import annotations

import copy
import re
import tomllib
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

from umpire.core.tables import _load
from umpire.rules.dguts.model import BadInput, MissingTable, RulingNeeded

#: The table files this package owns, by table name (file stem).
TABLE_NAMES: tuple[str, ...] = (
    "guns", "classes", "nations", "fire", "morale", "sinking", "boarding",
    "speed", "repairs", "explosion", "special-damage", "single-ship",
    "training", "advanced", "batteries", "wind", "sighting", "fleet", "burning", "tasks", "special",
)


@dataclass(frozen=True, slots=True)
class Tables:
    """All DGUTS tables by name, with the dotted keys that house rulings set."""

    data: Mapping[str, Any]
    ruled: frozenset[str] = frozenset()
    #: default readings by dotted key (data/dguts/defaults.toml)
    defaults: Mapping[str, Any] = field(default_factory=dict)
    #: a `--strict` game: refuse where a default reading would be taken
    strict: bool = False
    #: default readings taken so far, by key (for the working)
    used: dict = field(default_factory=dict, compare=False)

    def get(self, table: str, *path: str, what: str = "") -> Any:
        """The value at table/path; where the text lacks it, the default reading (or, in a
        strict game, RulingNeeded naming the key); MissingTable if there is neither."""
        node: Any = self.data.get(table)
        if node is None:
            raise MissingTable(table, ".".join(path), what)
        for part in path:
            if not isinstance(node, Mapping) or str(part) not in node:
                return self._default(table, tuple(str(p) for p in path), what)
            node = node[str(part)]
        return node

    def _default(self, table: str, path: tuple[str, ...], what: str) -> Any:
        key = ".".join((table, *path))
        if key not in self.defaults:
            raise MissingTable(table, ".".join(path), what)
        if self.strict:
            raise RulingNeeded(key, what)
        value = self.defaults[key]
        self.used[key] = value
        return value

    def find(self, table: str, *path: str, default: Any = None) -> Any:
        """Like get, but return `default` when the value is absent."""
        try:
            return self.get(table, *path)
        except MissingTable:
            return default

    def num(self, table: str, *path: str, what: str = "") -> Fraction:
        """A number from the tables as an exact Fraction ("3/2" strings allowed)."""
        return as_fraction(self.get(table, *path, what=what), f"{table}.{'.'.join(path)}")

    def source(self, table: str, section: str | None = None) -> str:
        """The source string of a table (or of one of its sections)."""
        node = self.data.get(table, {})
        if section is not None and isinstance(node.get(section), Mapping):
            sub = node[section].get("source")
            if sub:
                return str(sub) + self._ruled_note(table, section)
        return str(node.get("source", "")) + self._ruled_note(table, section)

    def cite(self, table: str, section: str | None = None) -> str:
        """A short citation for the working: file and section, without the quoted phrases."""
        full = self.source(table, section)
        note = "; house ruling applies" if full.endswith("; house ruling applies") else ""
        short = re.split(r"[:;]| '", full, maxsplit=1)[0].strip()
        return short + note

    def _ruled_note(self, table: str, section: str | None) -> str:
        prefix = f"{table}." + (f"{section}." if section else "")
        return "; house ruling applies" if any(k.startswith(prefix) for k in self.ruled) else ""

    def is_ruled(self, table: str, *path: str) -> bool:
        return ".".join((table, *path)) in self.ruled


def as_fraction(value: Any, where: str = "") -> Fraction:
    """Read an int, float or "a/b" string as a Fraction."""
    if isinstance(value, bool):
        raise BadInput(f"{where}: expected a number, got {value!r}")
    if isinstance(value, (int, Fraction)):
        return Fraction(value)
    if isinstance(value, float):
        return Fraction(str(value))
    if isinstance(value, str):
        try:
            return Fraction(value.strip())
        except (ValueError, ZeroDivisionError):
            pass
    raise BadInput(f"{where}: expected a number such as 2, 1.5 or \"3/2\", got {value!r}")


def _check_sources(name: str, table: Mapping[str, Any]) -> None:
    """Every section of a table file must carry a source (a bad table names file and key)."""
    if "source" not in table:
        raise BadInput(f"table file {name}.toml: missing top-level 'source'")
    for key, value in table.items():
        if isinstance(value, Mapping) and "source" not in value and not key.startswith("_"):
            raise BadInput(f"table file {name}.toml: section [{key}] has no 'source'")


def read_table_file(path: Path) -> dict:
    """Read one table file and check it."""
    try:
        with path.open("rb") as handle:
            table = tomllib.load(handle)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise BadInput(f"table file {path}: {exc}") from None
    _check_sources(path.stem, table)
    return table


@lru_cache(maxsize=1)
def default_readings() -> dict[str, dict]:
    """Every default reading by dotted key: {"value", "source", "reason", "block"} (data/dguts/defaults.toml)."""
    out: dict[str, dict] = {}
    for item in _load("dguts", "defaults").get("reading", []):
        if "value" in item:
            cells = {item["key"]: item["value"]}
        else:
            cells = {f"{item['key']}.{k}": v for k, v in _flat(item["values"]).items()}
        for key, value in cells.items():
            out[key] = {"value": value, "source": item["source"], "reason": item["reason"], "block": item["key"]}
    return out


def _flat(values: Mapping[str, Any], prefix: str = "") -> dict:
    out: dict = {}
    for key, value in values.items():
        full = f"{prefix}.{key}" if prefix else str(key)
        out.update(_flat(value, full) if isinstance(value, Mapping) else {full: value})
    return out


@lru_cache(maxsize=1)
def _default_values() -> dict[str, Any]:
    return {k: v["value"] for k, v in default_readings().items()}


@lru_cache(maxsize=1)
def _default_data() -> dict:
    """Every DGUTS table through the one layered loader, each checked for its sources."""
    data = {}
    for name in TABLE_NAMES:
        table = _load("dguts", name)
        _check_sources(name, table)
        data[name] = table
    return data


def default_tables(strict: bool = False) -> Tables:
    """The tables as shipped, without house rulings (default readings where the text lacks a number)."""
    return Tables(_default_data(), defaults=_default_values(), strict=strict)


def load_tables(rulings: Mapping[str, Any] | None = None, strict: bool = False) -> Tables:
    """The shipped tables with house rulings laid over them: flat dotted keys
    ("morale.states.shaken.fire", as a game keeps them) or the same as nested tables.

    A ruling must name a key the tables have or one with a default reading, and
    give a value of the same kind (a number for a number, a list for a list)."""
    if not rulings:
        return default_tables(strict)
    data = copy.deepcopy(_default_data())
    ruled: set[str] = set()
    for dotted, value in _flat(rulings).items():
        table, *path = dotted.split(".")
        if table not in data:
            raise BadInput(f"house ruling for table {table!r}: no such table; "
                           f"tables are {', '.join(TABLE_NAMES)}")
        if not path:
            raise BadInput(f"house ruling {dotted!r}: name a key inside the table, e.g. {table}.KEY")
        _check_ruling(dotted, value, _default_data(), _default_values())
        node = data[table]
        for i, part in enumerate(path[:-1]):
            node = node.setdefault(part, {})
            if not isinstance(node, dict):
                raise BadInput(f"house ruling {'.'.join([table, *path[:i + 1]])}: that key holds a value, "
                               "not a table")
        node[path[-1]] = copy.deepcopy(value)
        ruled.add(dotted)
    return Tables(data, frozenset(ruled), _default_values(), strict)


def _lookup(data: Mapping[str, Any], dotted: str) -> tuple[bool, Any]:
    node: Any = data
    for part in dotted.split("."):
        if not isinstance(node, Mapping) or part not in node:
            return False, None
        node = node[part]
    return True, node


def _kind(value: Any) -> str:
    """What kind of value a table key holds, as a ruling must match it."""
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, (int, float)) or (isinstance(value, str) and _is_number(value)):
        return "a number"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, Mapping):
        return "a table"
    return "text"


def _is_number(text: str) -> bool:
    try:
        Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        return False
    return True


def _check_ruling(dotted: str, value: Any, data: Mapping[str, Any], defaults: Mapping[str, Any]) -> None:
    """Refuse a ruling whose key the tables do not have (and no default reading names),
    or whose value is of another kind than the value it replaces."""
    found, old = _lookup(data, dotted)
    if not found:
        if dotted in defaults:
            found, old = True, defaults[dotted]
        elif any(k.startswith(dotted + ".") for k in defaults):
            found, old = True, {}
    if not found:
        near = sorted(k for k in defaults if k.split(".")[0] == dotted.split(".")[0])[:6]
        hint = f"; keys with a default reading there include {', '.join(near)}" if near else ""
        raise BadInput(f"house ruling {dotted!r}: no such table key{hint} (`umpire rulings` lists them)")
    if _kind(old) != _kind(value):
        raise BadInput(f"house ruling {dotted!r}: expected {_kind(old)} (e.g. {_example(old)}), got {value!r}")
    for prefix, (pattern, what) in _TEXT_FORMS.items():
        if dotted.startswith(prefix) and isinstance(value, str) and not re.fullmatch(pattern, value.strip()):
            raise BadInput(f"house ruling {dotted!r}: expected {what}, got {value!r}")


#: text values that must have a form, by key prefix: (pattern, what is accepted)
_TEXT_FORMS = {
    "advanced.deck_multipliers.": (r"[1-9]\d*\s*[-:]\s*[1-9]\d*",
                                   'the defenders\' multiplier then the attackers\', e.g. "3-1"'),
}


def _example(value: Any) -> str:
    if isinstance(value, Mapping):
        return "a table of values"
    return repr(value) if not isinstance(value, str) else f'"{value}"'


def ruling_is_known(dotted: str) -> bool:
    """Whether a flat ruling key names a table key or a default reading."""
    return _lookup(_default_data(), dotted)[0] or dotted in _default_values()


def game_tables(tables) -> Tables:
    """The DGUTS tables with a game's house rulings, kept on the game's `core.tables.Tables` (so the
    default readings a command takes are gathered in one place for its working)."""
    mine = getattr(tables, "_dguts", None)
    if mine is None:
        mine = load_tables(getattr(tables, "rulings", None) or {}, bool(getattr(tables, "strict", False)))
        try:
            tables._dguts = mine
        except AttributeError:
            pass
    return mine


def tables_or_default(tables: Tables | None) -> Tables:
    """The tables given, or the shipped ones."""
    return tables if tables is not None else default_tables()
