"""How DGUTS reads its tables (TOML under data/dguts): a `core.tables.Reading`, and its citations.

Every table names its source, and every section of a table its own. Values the
rule text does not give are absent from the tables; in their place the tool has
a documented default reading (data/dguts/defaults.toml, reasoned in
docs/rulings.md). Asking for such a value gives the default reading and
remembers that it was used, so the working can say so; in a `--strict` game it
raises `RulingNeeded` naming the key instead. House rulings are flat dotted
keys (or the same as nested tables) laid over the tables; a ruling replaces the
default reading of its key, and gives a value of the same kind as the one it
replaces (a number as 2, 1.5 or "3/2"). The tables are the one
`core.tables.Tables`, each loaded the first time a rule reads it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from umpire.core.tables import Reading, Tables, as_fraction, default_readings as _readings
from umpire.rules.dguts.model import MissingTable

__all__ = ["DGUTS", "TABLE_NAMES", "Tables", "as_fraction", "cite", "default_readings", "default_tables",
           "game_tables", "load_tables", "source", "tables_or_default"]

#: The table files the DGUTS rules read, by table name (file stem).
TABLE_NAMES: tuple[str, ...] = (
    "guns", "classes", "nations", "fire", "morale", "sinking", "boarding",
    "speed", "repairs", "explosion", "special-damage", "single-ship",
    "training", "advanced", "batteries", "wind", "sighting", "fleet", "burning", "tasks", "special",
)

#: the table of default readings (data/dguts/defaults.toml)
DEFAULTS = "defaults"

DGUTS = Reading(
    defaults=DEFAULTS, by_kind=True, tables=TABLE_NAMES, sections_sourced=True, missing=MissingTable,
    text_forms={"advanced.deck_multipliers.": (r"[1-9]\d*\s*[-:]\s*[1-9]\d*",
                                               'the defenders\' multiplier then the attackers\', e.g. "3-1"')},
)


def source(tables: Tables, table: str, section: str | None = None) -> str:
    """The source string of a table (or of one of its sections), "; house ruling applies" where a
    ruling sets a key of it."""
    node = tables[table] if table in TABLE_NAMES else {}
    if section is not None and isinstance(node.get(section), Mapping):
        sub = node[section].get("source")
        if sub:
            return str(sub) + _ruled_note(tables, table, section)
    return str(node.get("source", "")) + _ruled_note(tables, table, section)


def cite(tables: Tables, table: str, section: str | None = None) -> str:
    """A short citation for the working: file and section, without the quoted phrases."""
    full = source(tables, table, section)
    note = "; house ruling applies" if full.endswith("; house ruling applies") else ""
    short = re.split(r"[:;]| '", full, maxsplit=1)[0].strip()
    return short + note


def _ruled_note(tables: Tables, table: str, section: str | None) -> str:
    prefix = f"{table}." + (f"{section}." if section else "")
    return "; house ruling applies" if any(k.startswith(prefix) for k in tables.rulings) else ""


def default_readings() -> dict[str, dict]:
    """Every default reading by dotted key: {"value", "source", "reason", "block"} (data/dguts/defaults.toml)."""
    return _readings("dguts", DEFAULTS)


def default_tables(strict: bool = False) -> Tables:
    """The tables as shipped, without house rulings (default readings where the text lacks a number)."""
    return Tables("dguts", strict=strict, reading=DGUTS)


def load_tables(rulings: Mapping[str, Any] | None = None, strict: bool = False) -> Tables:
    """The shipped tables with house rulings laid over them: flat dotted keys
    ("morale.states.shaken.fire", as a game keeps them) or the same as nested tables.

    A ruling must name a key the tables have or one with a default reading, and
    give a value of the same kind (a number for a number, a list for a list)."""
    return Tables("dguts", rulings, strict, reading=DGUTS).check()


def game_tables(tables: Tables | None) -> Tables:
    """The game's tables read as DGUTS reads them, with its house rulings: the same `Tables` for every
    rule of a command, so the default readings it takes are gathered in one place for its working."""
    if tables is None:
        return default_tables()
    return tables.read_as(DGUTS)


def tables_or_default(tables: Tables | None) -> Tables:
    """The tables given, or the shipped ones."""
    return tables if tables is not None else default_tables()
