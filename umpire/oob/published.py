"""Orders of battle as history books and reference sites print them: a line naming a
side, then one ship per line with her gun rating.

    British                               [French]            Franco-Spanish fleet:
    Victory (100)                         Bucentaure, 80 guns Santísima Trinidad 136
    HMS Royal Sovereign 100 — Collingwood

Each ship gets game values from the rule texts themselves: a ship of the same
name in a bundled scenario lends hers; otherwise a ship of the same rating in
the text's own lists (WS&IM: the national listing of scenario four; DGUTS: the
historical ships with a printed rate) does, and the scenario marks the ship
`estimated` naming that source, so the GM can see and edit it. Nothing here
invents a number: every value comes from a named ship of the texts.
"""

from __future__ import annotations

import difflib
import re
import tomllib
import unicodedata
from functools import lru_cache
from pathlib import Path

from umpire.core import files, scenarios
from umpire.core.errors import BadInput
from umpire.core.ruleset import PLAYED_AS
from umpire.core.ships import make_id
from umpire.oob.families import Conversion, conversion_for
from umpire.oob.fields import NATIONS, nation_name
from umpire.oob.reader import OobError, Row, _decode

SHAPES = ("a side line such as `British`, `[French]` or `Franco-Spanish fleet:`, then ships such as "
          "`Victory (100)`, `Victory, 100 guns`, `HMS Victory 100 — Nelson` or `Santísima Trinidad 136`")
PREFIXES = ("hms", "h.m.s.", "uss", "u.s.s.", "hmss", "ss")
MAX_GUNS = 200       # a bound on typed ratings, not a rule
CLOSE = 0.9          # how alike two normalised names must be to count as one ship
NOTE = re.compile(r"\s+[—–-]+\s+|\s*[—–]\s*|\s*;\s*")
RATING = re.compile(r"[\s,]*\(?\s*(\d{1,3})\s*(?:-?\s*guns?)?\s*\)?\s*$", re.IGNORECASE)
RATING_THEN_NOTE = re.compile(r"^([^,(]+?)[\s,]+\(?(\d{1,3})\s*(?:-?\s*guns?)?\)?\s*,\s*(\S.*)$", re.IGNORECASE)
BULLET = re.compile(r"^(?:[-*•]|\d{1,3}[.)])\s+")


def read_if_published(path: Path) -> list[Row] | None:
    """The rows of `path` when it is a published list; None for any other kind of file (or one
    that cannot be read, which `reader.read` then reports)."""
    text = _text(path)
    return read_published(path, text) if text is not None and is_published(text) else None


def read_sideless(path: Path, side: str) -> list[Row] | None:
    """The rows of published-list ship lines with no side line (`Victory (100)` alone), all on
    `side`; None when the file is not such lines."""
    text = _text(path)
    if text is None or any(side_line(x) for x in text.splitlines() if x.strip() and not x.strip().startswith("#")):
        return None
    try:
        rows = read_published(path, text, side)
    except OobError:
        return None
    return rows if all(r.get("rate") for r in rows) else None   # each with her rating: no CSV read as names


def _text(path: Path) -> str | None:
    try:    # a regular file of a bounded size only: a pipe or device is refused before it is read
        raw, _ = files.read_regular(path, "order of battle", files.MAX_FILE_BYTES)
        return _decode(path, raw).lstrip("\ufeff")
    except (BadInput, OSError, OobError):
        return None


def is_published(text: str) -> bool:
    """Whether a file's first line (after `#` comments) is a published list's side line, not a CSV
    header or a `side:` line."""
    line = next((x.strip() for x in text.splitlines() if x.strip() and not x.strip().startswith("#")), "")
    if line.lower().startswith("side:"):
        return False
    return bool(side_line(line)) and "," not in line.strip("[]:")


def side_line(line: str) -> str:
    """The side a line names (`[French]`, `British fleet:`, `British`), or "" for a ship line."""
    text = line.strip()
    bracketed = text.startswith("[") and text.endswith("]")
    if bracketed:
        return text[1:-1].strip()
    if text.endswith(":"):
        return text[:-1].strip()
    if not any(ch.isdigit() for ch in text) and header_nations(text):
        return text
    return ""


def header_nations(text: str) -> list[str]:
    """Nations a side line names, in order: `Franco-Spanish fleet` -> french, spanish."""
    words = re.findall(r"[a-z]+", text.lower().replace("franco", "french").replace("anglo", "british")
                       .replace("hispano", "spanish"))
    found = []
    for i, word in enumerate(words):
        for phrase in (word, " ".join(words[i:i + 2])):
            n = nation_name(phrase)
            if n and n not in found:
                found.append(n)
    return found


def read_published(path: Path, text: str, side: str = "") -> list[Row]:
    """Rows of a published list; a line that cannot be read is refused with its number. Ships
    before any side line are refused, or with `side` given (printing a list) take that side."""
    rows, nations, side_name = [], [], side
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        header = side_line(line)
        if header:
            side_name, nations = header, header_nations(header)
            side = _side_id(header)
            continue
        if not side:
            raise OobError(path, n, "side", f"a ship before any side line: {SHAPES}")
        name, guns, note = ship_line(path, n, line)
        fields = {"name": name, "side": side, "rate": str(guns) if guns else "", "notes": note,
                  "_nations": ",".join(nations), "_side_name": side_name}
        if len(nations) == 1:
            fields["nation"] = nations[0]
        rows.append(Row(n, fields, "published"))
    if not rows:
        raise OobError(path, 1, "-", f"no ships found: expected {SHAPES}")
    return rows


def ship_line(path: Path, n: int, line: str) -> tuple[str, int, str]:
    """(name, rating or 0, note) of one ship line."""
    body = BULLET.sub("", line)
    parts = NOTE.split(body, maxsplit=1)
    body, note = parts[0].strip(), (parts[1].strip() if len(parts) > 1 else "")
    guns = 0
    m = RATING.search(body)
    if not (m and m.start() > 0):
        m2 = RATING_THEN_NOTE.match(body)     # "Victory, 100 guns, Captain Hardy"
        if m2:
            body, note = f"{m2.group(1)} {m2.group(2)}", note or m2.group(3).strip()
            m = RATING.search(body)
    if m and m.start() > 0:
        guns, body = int(m.group(1)), body[: m.start()]
    name = body.strip(" ,")
    words = name.split()
    if words and words[0].lower() in PREFIXES:
        name = " ".join(words[1:])
    if not name or any(ch.isdigit() for ch in name) or not any(ch.isalpha() for ch in name):
        raise OobError(path, n, "-", f"cannot read {line[:60]!r}: expected {SHAPES}")
    if not 0 <= guns <= MAX_GUNS or (m and m.start() > 0 and guns == 0):
        raise OobError(path, n, "rate", f"{guns} guns: a rating is a number of guns from 1 to {MAX_GUNS}")
    return name, guns, note


def _side_id(header: str) -> str:
    words = [w for w in re.split(r"\s+", header) if w.lower() not in ("fleet", "squadron", "the", "line", "ships")]
    return make_id(" ".join(words) or header)


# --- values for each ship ------------------------------------------------------------

def complete(path: Path, rows: list[Row], conversion: Conversion) -> None:
    """Give each row the values of a ship of the same name, or of the same rating, as the ruleset's
    `conversion` takes them; mark how."""
    for row in rows:
        match = named_ship(row, conversion)
        if match:
            fields, how = match
            row.fields.update(fields)
            row.fields["values_from"] = how
            row.notes.append(f"values of {how}")
            continue
        if not row.get("rate"):
            raise OobError(path, row.line, "rate", f"{row.get('name')!r}: no gun rating, and no ship of that "
                           "name in the bundled scenarios; give the rating, e.g. `Victory (100)`")
        fields, how = conversion.by_rating(path, row)
        row.fields.update(fields)
        row.fields["estimated"] = f"from rating: {how}"
        row.notes.append(f"estimated from rating: {how}")


def finish(doc: dict, rows: list[Row], conversion: Conversion) -> None:
    """Carry the published sides' names and each ship's marks (and the fields the ruleset's
    `conversion` keeps of a row) into the scenario document."""
    by_id = {r.get("id"): r for r in rows}
    for ship in doc["ships"]:
        row = by_id.get(ship["id"])
        if row is None:
            continue
        for key in ("estimated", "values_from"):
            if row.get(key):
                ship[key] = row.get(key)
        ship.update(conversion.published_fields(row))
    names = {r.get("side"): (r.get("_side_name"), r.get("_nations")) for r in rows}
    for side in doc["sides"]:
        name, nations = names.get(side["id"], ("", ""))
        if name:
            side["name"] = name
        if nations:
            side["nation"] = nations.split(",")[0]


def named_ship(row: Row, conversion: Conversion) -> tuple[dict, str] | None:
    """A bundled scenario ship of this name (or a close spelling) on a side of the same nation."""
    want, nations = _key(row.get("name")), [n for n in row.get("_nations").split(",") if n]
    best = None
    for cand in scenario_ships(conversion):
        if nations and cand["nation"] and cand["nation"] not in nations:
            continue
        score = 1.0 if cand["key"] == want else difflib.SequenceMatcher(None, cand["key"], want).ratio()
        if score >= CLOSE and (best is None or score > best[0]):
            best = (score, cand)
    if best is None:
        return None
    cand = best[1]
    spelled = "" if best[0] == 1.0 else f" (spelled {cand['ship']['name']})"
    how = f"{cand['ship']['name']} of scenario {cand['scenario']} ({cand['title']}){spelled}"
    if cand["ship"].get("armament_lost"):
        how += f"; {cand['ship']['armament_lost']} illegible in the text: supply them"
    return conversion.values(cand["ship"], cand["nation"]), how


@lru_cache(maxsize=None)
def _scenario_index(conversion: Conversion) -> tuple[dict, ...]:
    out = []
    for sid, spath in scenarios.bundled().items():
        doc = tomllib.loads(spath.read_text(encoding="utf-8"))
        rid = PLAYED_AS.get(doc.get("ruleset", ""), doc.get("ruleset", ""))
        try:
            if conversion_for(rid) is not conversion:
                continue
        except Exception:   # a scenario for rules not yet playable
            continue
        sides = {s.get("id"): s.get("nation", "") for s in doc.get("sides", [])}
        for ship in doc.get("ships", []):
            if conversion.lends_values(ship) and not ship.get("estimated"):   # the texts' own ships only
                out.append({"scenario": sid, "title": doc.get("title", ""), "ship": ship,
                            "key": _key(ship["name"]), "nation": ship.get("nation") or sides.get(ship["side"], "")})
    return tuple(out)


def scenario_ships(conversion: Conversion) -> tuple[dict, ...]:
    """The bundled scenarios' ships that lend their values to ships of the same name, for the rule
    family of `conversion`."""
    return _scenario_index(conversion)


def _key(name: str) -> str:
    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii").lower()
    words = text.split()
    if words and words[0] in PREFIXES:
        words = words[1:]
    return "".join(ch for ch in " ".join(words) if ch.isalnum())


__all__ = ["NATIONS", "complete", "finish", "is_published", "read_published"]
