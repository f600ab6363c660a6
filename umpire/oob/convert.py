"""Convert order-of-battle rows into a scenario for a ruleset, and back to CSV."""

from __future__ import annotations

import csv
import io
import tomllib
from pathlib import Path

from umpire.core.errors import BadInput
from umpire.core.resources import resource_dir
from umpire.oob.fields import QUALITIES, base_fields
from umpire.oob.reader import COLUMNS, OPTIONAL, OobError, Row, assign_ids, read

def listing() -> list[dict]:
    with (resource_dir("data") / "wsim-1974" / "national-ships.toml").open("rb") as fh:
        return tomllib.load(fh)["ships"]


def wsim_ship(path: Path, row: Row) -> tuple[dict, str]:
    """A WS&IM ship: the spec when given, else the nearest national listing entry."""
    from umpire.rules.wsim.spec import Spec

    ship = base_fields(path, row)
    if row.get("spec"):
        try:
            spec = Spec.parse(row.get("spec"))
        except BadInput as exc:
            raise OobError(path, row.line, "spec", str(exc)) from None
        ship["spec"] = str(spec)
        return ship, ""
    nation = ship.get("nation")
    if not nation:
        raise OobError(path, row.line, "nation", "give a nation (or a spec) to derive WS&IM stats")
    rated = _rated_guns(path, row)
    entries = [e for e in listing() if e["nation"] == nation]
    if not entries:
        known = sorted({e["nation"] for e in listing()})
        raise OobError(path, row.line, "nation", f"the national listing has no {nation} ships "
                       f"(it has {', '.join(known)}); give a spec")
    want_class = row.get("class").lower()
    best = min(entries, key=lambda e: (abs(e["rated_guns"] - rated),
                                       0 if want_class and want_class in e.get("class", "").lower() else 1))
    quality = QUALITIES.get(row.get("quality").lower() or "av")
    if not quality:
        raise OobError(path, row.line, "quality", f"{row.get('quality')!r}: use EL, CR, AV, GR or PR")
    points = best["points"][quality]
    ship["spec"] = f"{best['spec']}-{points}({quality})"
    ship["quality"] = quality
    how = (f"derived from the {nation} {best['rated_guns']}-gun listing"
           + (f" ({best['class']})" if best.get("class") else "") + f" for {rated} guns, {quality} crew")
    return ship, how


def _rated_guns(path: Path, row: Row) -> int:
    if row.get("rate"):
        digits = "".join(ch for ch in row.get("rate") if ch.isdigit())
        if digits:
            return int(digits)
    if row.get("guns"):
        from umpire.rules.dguts.guns import parse_guns

        try:
            return sum(b.count for b in parse_guns(row.get("guns")))
        except ValueError as exc:
            raise OobError(path, row.line, "guns", str(exc)) from None
    raise OobError(path, row.line, "rate", "give the rated guns (e.g. 74) in 'rate', or 'guns', or a 'spec'")


def _converter(rid: str):
    """The row converter of a ruleset's family (an edition converts as its family does)."""
    from umpire.core.ruleset import find_ruleset

    family = find_ruleset(rid).family
    if family == "dguts":
        from umpire.oob.dguts import dguts_ship

        return dguts_ship
    if family == "wsim":
        return wsim_ship
    if family == "grid":
        from umpire.oob.grid import grid_ship

        return grid_ship
    raise BadInput(f"ruleset {rid}: orders of battle convert for the wsim, dguts and grid rules")


def convert(path: Path, ruleset: str) -> tuple[dict, list[str]]:
    """Read `path` and return (scenario document, report lines). Nothing is written here."""
    from umpire.core.ruleset import canonical

    rid = canonical(ruleset)
    from umpire.oob.published import complete, read_if_published

    rows = read_if_published(path) or read(path)
    published = rows[0].source == "published"
    if published:   # ship names and ratings only: values from the texts' own ships (oob/published.py)
        from umpire.core.ruleset import find_ruleset

        complete(path, rows, find_ruleset(rid).family)
    assign_ids(path, rows)
    ships, report = [], []
    for row in rows:
        ship, how = _converter(rid)(path, row)
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
        from umpire.oob.published import finish

        finish(doc, rows)
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
