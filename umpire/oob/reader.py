"""Reading order-of-battle files: CSV with a header row, or text lines in the rule
books' own formats. Every problem names the file, line and column."""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field
from pathlib import Path

from umpire.core import files
from umpire.core.errors import BadInput
from umpire.core.ruleset import find_ruleset, ruleset_ids
from umpire.core.ships import make_id

COLUMNS = ("name", "side", "nation", "tons", "men", "guns")
OPTIONAL = ("id", "class", "quality", "spec", "rate", "hex", "direction", "arrives", "notes", "kind", "rig")


def record_columns() -> tuple[str, ...]:
    """The CSV columns the rulesets' ship records declare beyond COLUMNS and OPTIONAL (core.record),
    e.g. WS&IM `turning`."""
    names: list[str] = []
    for rid in ruleset_ids():
        for f in find_ruleset(rid).record().fields:
            col = f.at("csv")
            if col and col not in COLUMNS + OPTIONAL and col not in names:
                names.append(col)
    return tuple(names)

#: The longest text line read (a book line is under 100 characters); longer is refused, so no
#: pattern below is ever run on more (docs/limits.md).
MAX_LINE = 500

# Each pattern is matched against one part of a line already split at its first colon and its
# closing "(side)", with no two adjacent parts able to take the same characters: the work is
# linear in the length of the line, whatever its characters (no catastrophic backtracking).
# Hex 4319; Dir.4 VICTORY: 17H-(5-5-4)M-11(1)G-8R(3)-5-22'-33(EL) (British)
_PLACE = re.compile(r"Hex\s*(?P<hex>\d{3,4})\s*[;,]\s*Dir\.?\s*(?P<dir>\d)\s+(?P<name>\S.*)", re.IGNORECASE)
_SPEC = re.compile(r"\d+\s*H.*\((?:EL|CR|AV|GR|PR)\)", re.IGNORECASE)
# Constitution: 1576 tons, 456 men, 30-24#, 22-32#C
_DGUTS = re.compile(r"(?P<tons>[\d,.]+) *tons?, *(?P<men>[\d,]+) *men, *(?P<guns>\S.*)", re.IGNORECASE)
_SIDE = re.compile(r"\((?P<side>[A-Za-z ]+)\)$")


def match_wsim(line: str) -> dict | None:
    """A WS&IM book line as name, spec, side and (optional) hex and direction, or None."""
    head, colon, body = line.partition(":")
    if not colon or not head.strip():
        return None
    out: dict = {"name": head.strip(), "hex": None, "dir": None, "side": None}
    placed = _PLACE.fullmatch(out["name"])
    if placed:
        out.update(name=placed["name"].strip(), hex=placed["hex"], dir=placed["dir"])
    body = _squeeze(body)
    side = _SIDE.search(body)
    for spec, side_ in (((body[: side.start()].rstrip(), side["side"]) if side else (body, None)), (body, None)):
        if _SPEC.fullmatch(spec):
            return {**out, "spec": spec, "side": side_}
    return None


def match_dguts(line: str) -> dict | None:
    """A DGUTS book line as name, tons, men, guns and side, or None."""
    head, colon, body = line.partition(":")
    if not colon or not head.strip():
        return None
    body = _squeeze(body)
    side = _SIDE.search(body)
    if side:
        body = body[: side.start()].rstrip()
    m = _DGUTS.fullmatch(body)
    if not m:
        return None
    return {"name": head.strip(), "tons": m["tons"], "men": m["men"], "guns": m["guns"].rstrip(),
            "side": side["side"] if side else None}


def _squeeze(text: str) -> str:
    """Runs of blanks as one space, and blanks inside brackets and around commas dropped, so the patterns
    need no optional blanks of their own."""
    text = " ".join(text.split())
    return text.replace("( ", "(").replace(" )", ")").replace(" ,", ",")


@dataclass
class Row:
    """One ship of an order of battle, with where it came from."""

    line: int
    fields: dict[str, str]
    source: str = "csv"
    notes: list[str] = field(default_factory=list)

    def get(self, key: str) -> str:
        return (self.fields.get(key) or "").strip()


class OobError(BadInput):
    def __init__(self, path: Path | str, line: int | str, column: str, problem: str) -> None:
        super().__init__(f"{path}: line {line}, column {column}: {problem}")


def read(path: Path) -> list[Row]:
    """Rows of an OOB file; CSV when the first line is a header naming `name`."""
    raw, _ = files.read_regular(path, "order of battle", files.MAX_FILE_BYTES)
    text = _decode(path, raw)
    if not text.strip():
        raise OobError(path, 1, "header", "the file is empty; expected a header row: " + ",".join(COLUMNS))
    text = text.lstrip("\ufeff")
    lead = len(text) - len(text.lstrip("\r\n \t"))
    skipped = text[:lead].count("\n")
    text = text[lead:]
    first = text.splitlines()[0]
    looks_like_line = len(first) <= MAX_LINE and (match_wsim(first) or match_dguts(first)
                                                  or first.lower().startswith("side:"))
    if "," in first and not looks_like_line:
        return _read_csv(path, text, skipped)
    return _read_lines(path, "\n" * skipped + text)


def _decode(path: Path, raw: bytes) -> str:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        col = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise OobError(path, line, str(col), "not UTF-8 text (is this a CSV file?)") from None
    if "\x00" in text:
        line = text[: text.index("\x00")].count("\n") + 1
        raise OobError(path, line, "-", "binary data (NUL byte); expected CSV text")
    return text


def _read_csv(path: Path, text: str, skipped: int = 0) -> list[Row]:
    reader = csv.reader(io.StringIO(text), strict=True)
    try:
        header = [h.strip().lower() for h in next(reader)]
    except csv.Error as exc:
        raise OobError(path, 1 + skipped, "header", f"{exc} (check the quotes)") from None
    for col in ("name", "side"):
        if col not in header:
            raise OobError(path, 1, col, f"missing column {col!r}; columns are {', '.join(COLUMNS)} "
                           f"(optional {', '.join(OPTIONAL)})")
    known = COLUMNS + OPTIONAL + record_columns()
    unknown = [h for h in header if h not in known]
    if unknown:
        raise OobError(path, 1, unknown[0], f"unknown column {unknown[0]!r}; known: {', '.join(known)}")
    if len(set(header)) != len(header):
        dup = next(h for h in header if header.count(h) > 1)
        raise OobError(path, 1, dup, f"column {dup!r} appears twice")
    rows = []
    start = reader.line_num + 1
    try:
        for record in reader:
            line, start = start + skipped, reader.line_num + 1
            if not any(c.strip() for c in record):
                continue
            if len(record) != len(header):
                raise OobError(path, line, "-", f"{len(record)} fields, the header has {len(header)} "
                               "(a comma inside a value needs quotes; check the quotes)")
            rows.append(Row(line, {h: _uncell(c) for h, c in zip(header, record)}))
    except csv.Error as exc:
        raise OobError(path, start + skipped, "-", f"{exc} (check the quotes)") from None
    if not rows:
        raise OobError(path, 2, "-", "no ships after the header row")
    return rows


def _uncell(text: str) -> str:
    """A cell as written: the apostrophe an export puts before =, +, -, @ (against spreadsheet formulas) dropped."""
    return text[1:] if text[:1] == "'" and text[1:2] in ("=", "+", "-", "@", "\t", "\r") else text


def _read_lines(path: Path, text: str) -> list[Row]:
    """Ship lines as the rule books print them; `side: NAME` lines set the side of those after."""
    rows = []
    side = ""
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if len(line) > MAX_LINE:
            raise OobError(path, n, "-", f"the line is longer than {MAX_LINE} characters; a ship line is one "
                           "ship's name and figures")
        if line.lower().startswith("side:"):
            side = line.split(":", 1)[1].strip().lower()
            continue
        m = match_wsim(line)
        if m:
            f = {"name": m["name"], "spec": m["spec"], "side": (m["side"] or side).strip().lower()}
            if m["hex"]:
                f.update(hex=m["hex"], direction=m["dir"])
            rows.append(Row(n, f, "wsim-line"))
            continue
        m = match_dguts(line)
        if m:
            rows.append(Row(n, {"name": m["name"], "tons": m["tons"].replace(",", ""),
                                "men": m["men"].replace(",", ""), "guns": m["guns"],
                                "side": (m["side"] or side).strip().lower()}, "dguts-line"))
            continue
        raise OobError(path, n, "-", f"cannot read {line[:60]!r}: expected a CSV header row, a WS&IM line like "
                       "\"Hex 4319; Dir.4 VICTORY: 17H-(5-5-4)M-11(1)G-8R(3)-5-22'-33(EL)\" or a DGUTS line like "
                       "\"Constitution: 1576 tons, 456 men, 30-24#, 22-32#C\"")
    if not rows:
        raise OobError(path, 1, "-", "no ships found")
    return rows


def assign_ids(path: Path, rows: list[Row], side: str = "") -> None:
    """Give each row an id (given, or from the name); refuse duplicates. A row without a side takes
    `side` when one is given (printing a list), else is refused."""
    seen: dict[str, int] = {}
    for row in rows:
        if not row.get("name"):
            raise OobError(path, row.line, "name", "empty; every ship needs a name")
        if not row.get("side") and side:
            row.fields["side"] = side
        if not row.get("side"):
            raise OobError(path, row.line, "side", "empty; say which side the ship fights for "
                           "(in a text file, a line `side: british` before the ships)")
        given = row.get("id")
        sid = given or make_id(row.get("name"))
        if not given and sid in seen:   # same name on two sides (Trafalgar's two SWIFTSUREs)
            sid = f"{sid}-{make_id(row.get('side'))}"
            row.notes.append(f"id {sid}: the name is shared with another ship")
        if not re.match(r"^[a-z0-9][a-z0-9_-]*$", sid):
            raise OobError(path, row.line, "id", f"{sid!r}: use lower-case letters, digits and hyphens")
        if sid in seen:
            raise OobError(path, row.line, "id", f"duplicate id {sid!r} (first on line {seen[sid]}); "
                           "give one of them an id column value")
        seen[sid] = row.line
        row.fields["id"] = sid
