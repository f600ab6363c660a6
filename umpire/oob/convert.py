"""Convert order-of-battle rows into a scenario for a ruleset, and back to CSV."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from umpire.core import scenarios
from umpire.core.errors import BadInput
from umpire.core.record import Record
from umpire.core.ruleset import canonical, find_ruleset
from umpire.oob.families import conversion_for
from umpire.oob.published import complete, finish, read_if_published, read_sideless
from umpire.oob.reader import COLUMNS, OPTIONAL, OobError, Row, assign_ids, read, record_columns


def convert(path: Path, ruleset: str, side: str = "") -> tuple[dict, list[str]]:
    """Read `path` and return (scenario document, report lines). Nothing is written here. With a
    `side` (printing a list), ships whose file names no side take it, so one line is one ship."""
    rid = canonical(ruleset)
    conversion = conversion_for(rid)
    rows = read_if_published(path) or _read(path, side)
    published = rows[0].source == "published"
    if published:   # ship names and ratings only: values from the texts' own ships (oob/published.py)
        complete(path, rows, conversion)
    assign_ids(path, rows, side)
    ships, report = [], []
    record = find_ruleset(rid).record()
    for row in rows:
        ship, how = conversion.ship(path, row)
        record_values(path, row, ship, record)
        ships.append(ship)
        for note in row.notes + ([how] if how else []):
            report.append(f"line {row.line}: {ship['name']} — {note}")
    sides = []
    for s in ships:
        if s["side"] not in [x["id"] for x in sides]:
            sides.append({"id": s["side"], "name": s["side"].title(), "nation": s.get("nation", "")})
    doc = {"format": 1, "id": path.stem.lower(), "ruleset": rid, "title": path.stem.replace("_", " ").replace("-", " "),
           "source": f"converted from {path.name} with umpire oob convert", "sides": sides, "ships": ships}
    if published:
        finish(doc, rows, conversion)
    return doc, report


def _read(path: Path, side: str) -> list[Row]:
    """CSV or book lines; failing those, with a `side`, published ship lines with no side line."""
    try:
        return read(path)
    except OobError:
        rows = read_sideless(path, side) if side else None
        if rows is None:
            raise
        return rows


#: the side of a printed list's ships whose file names none
UNSIDED = "ships"


def scenario_document(path: Path, ruleset: str) -> dict:
    """The scenario an order of battle converts to, checked as `oob convert` checks what it writes
    and as `new --scenario` will read it; nothing is written (`sheet --oob`, `cards --oob`)."""
    doc, _ = convert(path, ruleset, UNSIDED)
    scenarios.validate(doc, path)
    scenarios.check_playable(doc, path)
    doc["_path"] = str(path)
    return doc


def record_values(path: Path, row: Row, ship: dict, record: Record) -> None:
    """The values of her record a CSV column gives that the family's conversion did not set (WS&IM
    `turning`), read as the ruleset declares them (core.record): a bad one names line and column."""
    for f in record.fields:
        col, key = f.at("csv"), f.at("scenario")
        if col and key and key not in ship and row.get(col):
            try:
                ship[key] = f.read(row.get(col), col)
            except BadInput as exc:
                raise OobError(path, row.line, col, str(exc)) from None


#: optional columns written only when a ship has them (older exports lack them)
LATER = ("rig",)


def export_csv(ships: list[dict]) -> str:
    """Ships (scenario or game definitions) as OOB CSV with every column we know (a ship record's
    own columns, e.g. `turning`, when a ship has them)."""
    cols = (list(COLUMNS) + [c for c in OPTIONAL if c not in LATER or any(c in s for s in ships)]
            + [c for c in record_columns() if any(c in s for s in ships)])
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(cols)
    for s in ships:
        writer.writerow(["" if s.get(c) is None else _cell(s.get(c)) for c in cols])
    return out.getvalue()


def _cell(value):
    """A CSV cell a spreadsheet will not evaluate: text starting =, +, -, @, tab or CR gets a leading
    apostrophe (the reader drops it again); numbers stay numbers."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        try:
            float(value)
        except ValueError:
            return "'" + value
    return value
