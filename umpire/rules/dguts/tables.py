"""Loading the DGUTS tables (TOML under data/dguts) and applying house rulings.

Every table names its source. Values the rule text does not give are absent;
asking for one raises `MissingTable`, which tells the umpire which key to
supply. House rulings are nested dicts merged over the loaded tables; the keys
they set are remembered so the working can say a value is a house ruling.
"""

from __future__ import annotations

import copy
import re
import tomllib
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

from .model import BadInput, MissingTable

#: The table files this package owns, by table name (file stem).
TABLE_NAMES: tuple[str, ...] = (
    "guns", "classes", "nations", "fire", "morale", "sinking", "boarding",
    "speed", "repairs", "explosion", "special-damage", "single-ship",
    "training", "advanced", "batteries", "wind",
)


@dataclass(frozen=True, slots=True)
class Tables:
    """All DGUTS tables by name, with the dotted keys that house rulings set."""

    data: Mapping[str, Any]
    ruled: frozenset[str] = frozenset()

    def get(self, table: str, *path: str, what: str = "") -> Any:
        """The value at table/path, or MissingTable naming the key to supply."""
        node: Any = self.data.get(table)
        if node is None:
            raise MissingTable(table, ".".join(path), what)
        for part in path:
            if not isinstance(node, Mapping) or str(part) not in node:
                raise MissingTable(table, ".".join(str(p) for p in path), what)
            node = node[str(part)]
        return node

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
def _default_data() -> dict:
    """Every DGUTS table through the one layered loader, each checked for its sources."""
    from umpire.core.tables import _load

    data = {}
    for name in TABLE_NAMES:
        table = _load("dguts", name)
        _check_sources(name, table)
        data[name] = table
    return data


def default_tables() -> Tables:
    """The tables as shipped, without house rulings."""
    return Tables(_default_data())


def load_tables(rulings: Mapping[str, Any] | None = None) -> Tables:
    """The shipped tables with house rulings laid over them: flat dotted keys
    ("morale.states.shaken.fire", as a game keeps them) or the same as nested tables."""
    if not rulings:
        return default_tables()
    from umpire.core.game import flatten

    data = copy.deepcopy(_default_data())
    ruled: set[str] = set()
    for dotted, value in flatten(dict(rulings)).items():
        table, *path = dotted.split(".")
        if table not in data:
            raise BadInput(f"house ruling for table {table!r}: no such table; "
                           f"tables are {', '.join(TABLE_NAMES)}")
        if not path:
            raise BadInput(f"house ruling {dotted!r}: name a key inside the table, e.g. {table}.KEY")
        node = data[table]
        for i, part in enumerate(path[:-1]):
            node = node.setdefault(part, {})
            if not isinstance(node, dict):
                raise BadInput(f"house ruling {'.'.join([table, *path[:i + 1]])}: that key holds a value, "
                               "not a table")
        node[path[-1]] = copy.deepcopy(value)
        ruled.add(dotted)
    return Tables(data, frozenset(ruled))


def tables_or_default(tables: Tables | None) -> Tables:
    """The tables given, or the shipped ones."""
    return tables if tables is not None else default_tables()
