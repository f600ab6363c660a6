"""Convert order-of-battle rows into a scenario for a ruleset, and back to CSV."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from umpire.core.ruleset import canonical
from umpire.oob.families import conversion_for
from umpire.oob.published import complete, finish, read_if_published
from umpire.oob.reader import COLUMNS, OPTIONAL, assign_ids, read


def convert(path: Path, ruleset: str) -> tuple[dict, list[str]]:
    """Read `path` and return (scenario document, report lines). Nothing is written here."""
    rid = canonical(ruleset)
    conversion = conversion_for(rid)
    rows = read_if_published(path) or read(path)
    published = rows[0].source == "published"
    if published:   # ship names and ratings only: values from the texts' own ships (oob/published.py)
        complete(path, rows, conversion)
    assign_ids(path, rows)
    ships, report = [], []
    for row in rows:
        ship, how = conversion.ship(path, row)
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


def export_csv(ships: list[dict]) -> str:
    """Ships (scenario or game definitions) as OOB CSV with every column we know."""
    cols = list(COLUMNS) + [c for c in OPTIONAL]
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
