"""Table packs: the tables no rule text gives, written out as a fill-in template and read back.

A ruleset's data names such tables in `pack-tables.toml` (key -> title, section, dice, rows,
columns, entry, cells with "?" where the umpire fills in). `template` turns that into TOML
text; `read_pack` checks a filled pack against it and returns the tables to layer over the
data (core.tables.Tables `packs`). Pure: the caller reads and writes the files.
"""

from __future__ import annotations

import json
import re
from typing import Any

from umpire.core.errors import BadInput

TO_FILL = "?"
KINDS = ("integer", "hits", "outcome", "text")
OUTCOMES = ("success", "failure")
_HITS = r"^(0|\d*[HGCR](-\d*[HGCR])*)( ?\([A-Z0-9 -]+\))?$"
BAND_HEADING = r"(-?\d+)(?:-(\d+)|(\+))?"
SHAPE_KEYS = ("title", "section", "dice", "rows", "columns", "entry")


def template(ruleset: str, spec: dict[str, dict]) -> str:
    """The fill-in TOML for `ruleset`: one table per missing table, its cells "?" unless a text gives them."""
    lines = [f"# Table pack for {ruleset}: the tables no rule text gives. Fill in every \"?\" cell",
             "# from your own table cards, then start a game with `umpire new ... --tables THIS.toml`.",
             "# A table left out stays missing; a table given must be complete.",
             f"ruleset = {json.dumps(ruleset)}", ""]
    for key, t in spec.items():
        lines.append(f"[tables.{key}]")
        for name in SHAPE_KEYS:
            lines.append(f"{name} = {_toml(t[name])}")
        for note in t.get("given", ()):
            lines.append(f"# the text gives ({note}): keep your card's cells consistent with it")
        if t.get("free"):
            lines.append(f"# the text gives no {' or '.join(t['free'])} for this table: write your card's")
        for name in ("min", "max"):
            if name in t:
                lines.append(f"{name} = {t[name]}")
        lines.append("cells = [")
        lines += [f"    {_toml(row)},   # {heading}" for row, heading in zip(t["cells"], t["rows"])]
        lines += ["]", ""]
    return "\n".join(lines)


def _toml(value: Any) -> str:
    """JSON's strings, numbers and arrays are TOML too."""
    return json.dumps(value, ensure_ascii=False)


def read_pack(text: str, name: str, ruleset: str, spec: dict[str, dict]) -> dict[str, dict]:
    """The tables of a filled pack, checked against `spec`; a fault names the file and the table key."""
    from umpire.core.files import toml_loads    # nesting and number length bounded (docs/limits.md)

    doc = toml_loads(text, f"table pack {name}: not TOML")
    if doc.get("ruleset") != ruleset:
        raise BadInput(f"table pack {name}: ruleset {doc.get('ruleset')!r}; this game is {ruleset} "
                       f"(write one with `umpire tables template --ruleset {ruleset} -o PACK.toml`)")
    tables = doc.get("tables", {})
    if not isinstance(tables, dict) or not tables:
        raise BadInput(f"table pack {name}: no [tables.KEY] to load")
    unknown = sorted(set(tables) - set(spec))
    if unknown:
        offer = ", ".join(spec) or "none: every table of this ruleset is in its text"
        raise BadInput(f"table pack {name}: tables.{unknown[0]} is not a missing table of {ruleset} (they are: {offer})")
    out = {key: _table(name, key, tables[key], spec[key]) for key in tables}
    for key, table in out.items():
        _same_headings(name, key, table, spec[key], out)
    return out


def _same_headings(name: str, key: str, table: dict, shape: dict, pack: dict) -> None:
    """A table the text reads on another's rows and columns (`headings_of`, e.g. the HDT's rake
    numbers on the HDT's) must have that table's headings when the pack gives both."""
    other = shape.get("headings_of")
    if not other or other not in pack:
        return
    for k in ("rows", "columns"):
        if table[k] != pack[other][k]:
            raise BadInput(f"table pack {name}: tables.{key}.{k}: expected the {other} table's "
                           f"{_toml(pack[other][k])}, got {_toml(table[k])}")


def _table(name: str, key: str, given: Any, shape: dict) -> dict:
    where = f"table pack {name}: tables.{key}"
    if not isinstance(given, dict):
        raise BadInput(f"{where}: expected a table")
    if "dice" in given and given["dice"] != shape["dice"]:
        raise BadInput(f"{where}.dice: expected {_toml(shape['dice'])}, got {_toml(given['dice'])}")
    shape = {**shape, **{k: _headings(where, k, given, shape) for k in ("rows", "columns")}}
    cells = given.get("cells")
    if not isinstance(cells, list) or len(cells) != len(shape["rows"]):
        raise BadInput(f"{where}.cells: expected {len(shape['rows'])} rows ({', '.join(shape['rows'])})")
    for i, row in enumerate(cells):
        if not isinstance(row, list) or len(row) != len(shape["columns"]):
            raise BadInput(f"{where}.cells row {shape['rows'][i]}: expected {len(shape['columns'])} cells "
                           f"({', '.join(shape['columns'])})")
        for j, cell in enumerate(row):
            _cell(f"{where}.cells row {shape['rows'][i]} column {shape['columns'][j]}", cell, shape)
    table = {**{k: shape[k] for k in SHAPE_KEYS}, "cells": cells,
             "source": f"table pack {name} ({shape['title']}, {shape['section']})"}
    for check in shape.get("checks", ()):
        _check(where, table, check)
    return table


def _check(where: str, table: dict, check: dict) -> None:
    """A number the text's own worked example gives must be the pack's too."""
    i = _find(where, table, "rows", check["row"])
    j = _find(where, table, "columns", check["column"])
    if table["cells"][i][j] != check["value"]:
        raise BadInput(f"{where}.cells row {table['rows'][i]} column {table['columns'][j]}: "
                       f"{table['cells'][i][j]!r}, but the text's example ({check['note']}) gives {check['value']}")


def _find(where: str, table: dict, k: str, key) -> int:
    if isinstance(key, int):
        try:
            return row_index({"title": where, "rows": table[k]}, key)
        except BadInput:
            raise BadInput(f"{where}.{k}: no heading holds {key}, which the text's example needs") from None
    return table[k].index(key)


def _headings(where: str, k: str, given: dict, shape: dict) -> list[str]:
    """The table's row or column headings: the text's, or where the text gives none (`free`), the pack's."""
    if k not in shape.get("free", ()):
        if k in given and given[k] != shape[k]:
            raise BadInput(f"{where}.{k}: expected {_toml(shape[k])}, got {_toml(given[k])}")
        return shape[k]
    heads = given.get(k)
    if not isinstance(heads, list) or not heads or \
            not all(isinstance(h, str) and h.strip() and h != TO_FILL for h in heads):
        raise BadInput(f"{where}.{k}: the text gives no {k} for this table: give the headings from your "
                       f"card, a list of text such as [\"2-6\", \"7-11\", \"12\"]")
    if k in shape.get("bands", ()):
        bad = [h for h in heads if not re.compile(BAND_HEADING).fullmatch(h.strip())]
        if bad:
            raise BadInput(f"{where}.{k}: {bad[0]!r} is not a number or a band such as \"2-6\" or \"41+\"")
    return heads


def _cell(where: str, cell: Any, shape: dict) -> None:
    entry = shape["entry"]
    if cell == TO_FILL:
        raise BadInput(f"{where}: still \"?\"; fill it in or leave the table out")
    if entry == "integer":
        ok = isinstance(cell, int) and not isinstance(cell, bool) \
            and shape.get("min", cell) <= cell <= shape.get("max", cell)
        what = "a whole number" + (f" from {shape['min']}" if "min" in shape else "") + \
            (f" up to {shape['max']}" if "max" in shape else "")
    elif entry == "hits":
        ok, what = isinstance(cell, str) and bool(re.compile(_HITS).match(cell)), "a hit result such as \"2H-R-C\" or \"0\""
    elif entry == "outcome":
        ok, what = cell in OUTCOMES, "\"success\" or \"failure\""
    elif entry == "text":
        ok, what = isinstance(cell, str) and bool(cell.strip()), "text"
    else:
        ok, what = cell in entry, "one of " + ", ".join(map(str, entry))
    if not ok:
        raise BadInput(f"{where}: {cell!r} is not {what}")


def row_index(table: dict, value: int) -> int:
    """The row whose heading is `value` ("7") or a band holding it ("2-4", "11+"); rows are in order."""
    for i, heading in enumerate(table["rows"]):
        m = re.compile(BAND_HEADING).fullmatch(heading.strip())
        if m:
            lo = int(m.group(1))
            hi = int(m.group(2)) if m.group(2) else (None if m.group(3) else lo)
            if value >= lo and (hi is None or value <= hi):
                return i
    raise BadInput(f"{table['title']}: no row for {value} (rows: {', '.join(table['rows'])})")


def row_or_edge(table: dict, value: int) -> int:
    """`row_index`, but a value beyond the card's rows reads its first or last row."""
    try:
        return row_index(table, value)
    except BadInput:
        first = re.compile(BAND_HEADING).fullmatch(table["rows"][0].strip())
        return 0 if first and value < int(first.group(1)) else len(table["rows"]) - 1


def column_index(table: dict, value: int) -> int:
    """The column whose heading is a band holding `value` ("1-10", "41+"), as `row_index` for rows."""
    return row_index({"title": table["title"], "rows": table["columns"]}, value)
