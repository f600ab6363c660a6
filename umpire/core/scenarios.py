"""Scenario files: bundled ones by id, alias or prefix, or a TOML file path.

Scenarios are data only: they are read with tomllib and checked key by key;
nothing in them is executed. Errors name the file, the ship and the field.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from umpire.core import files
from umpire.core.errors import BadInput
from umpire.core.suggest import did_you_mean, some
from umpire.core.resources import resource_dir
from umpire.core.ruleset import PLAYED_AS, canonical, find_ruleset
from umpire.core.ships import MAX_NAME   # characters in a ship's name or id (docs/limits.md)

REQUIRED = ("id", "ruleset", "title")


def bundled() -> dict[str, Path]:
    """Every bundled scenario file by id (the file stem)."""
    root = Path(resource_dir("scenarios"))
    return {p.stem: p for p in sorted(root.glob("*/*.toml"))}


@lru_cache(maxsize=None)
def _read(path: Path) -> dict:
    raw, _ = files.read_regular(path, "scenario file", files.MAX_FILE_BYTES)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise BadInput(f"scenario file {path}: not a UTF-8 text file") from None
    return files.toml_loads(text, f"scenario file {path}")


def find(ref: str) -> Path:
    """A scenario by file path (ends in .toml or names a folder), id, alias or unambiguous id prefix."""
    p = Path(ref)
    if p.suffix == ".toml" or "/" in ref or "\\" in ref:
        return p        # read (a regular file only) by `_read`, which names what is wrong with it
    files = bundled()
    key = ref.strip().lower()
    if key in files:
        return files[key]
    aliases = {sid: [a.lower() for a in _read(path).get("aliases", [])] for sid, path in files.items()}
    by_alias = [sid for sid, names in aliases.items() if key in names]
    if len(by_alias) == 1:
        return files[by_alias[0]]
    hits = ([sid for sid in files if sid.startswith(key)] or by_alias
            or [sid for sid, names in aliases.items() if key and any(a.startswith(key) for a in names)])
    if len(hits) == 1:
        return files[hits[0]]
    if not hits:
        known = [*files, *(a for names in aliases.values() for a in names)]
        raise BadInput(f"no scenario {ref!r}{did_you_mean(ref, known)} (`umpire scenarios` lists them)")
    raise BadInput(f"scenario {ref!r} is ambiguous: {some(hits)}")


def load(ref: str) -> dict:
    path = find(ref)
    doc = dict(_read(path))
    validate(doc, path)
    doc["_path"] = str(path)
    return doc


def validate(doc: dict, path: Path) -> None:
    """Check every field's presence and type; errors name the file, the ship and the field."""
    import re

    for key in REQUIRED:
        if not isinstance(doc.get(key), str) or not doc.get(key):
            raise BadInput(f"scenario file {path}: field {key!r} is missing or not text")
    doc.setdefault("ships", [])   # some sources name an action but print no set-up
    for key in ("ships", "sides"):
        if not isinstance(doc.get(key, []), list) or not all(isinstance(x, dict) for x in doc.get(key, [])):
            raise BadInput(f"scenario file {path}: {key!r} must be a list of [[{key}]] tables")
    sides = {s.get("id") for s in doc.get("sides", [])}
    seen: set[str] = set()
    for i, ship in enumerate(doc["ships"], 1):
        label = f"scenario file {path}: ship {i} ({ship.get('name', '?')})"
        for key in ("id", "name", "side"):
            if not isinstance(ship.get(key), str) or not ship.get(key):
                raise BadInput(f"{label}: field {key!r} is missing or not text")
        if len(ship["name"]) > MAX_NAME or len(ship["id"]) > MAX_NAME:
            raise BadInput(f"{label}: field 'name' or 'id' is longer than {MAX_NAME} characters")
        if not re.match(r"^[a-z0-9][a-z0-9_-]*$", ship["id"]):
            raise BadInput(f"{label}: field 'id' {ship['id']!r}: use lower-case letters, digits and hyphens")
        _check_fields(ship, label)
        if ship["id"] in seen:
            raise BadInput(f"{label}: field 'id' {ship['id']!r} repeats an earlier ship")
        seen.add(ship["id"])
        if sides and ship["side"] not in sides:
            raise BadInput(f"{label}: field 'side' {ship['side']!r} is not one of the [[sides]] {sorted(sides)}")


def check_playable(doc: dict, path: Path) -> None:
    """Every ship is one the ruleset accepts, as `umpire new --scenario` will read it (so a written
    scenario is never one `new` refuses)."""
    rs = find_ruleset(canonical(PLAYED_AS.get(doc["ruleset"], doc["ruleset"])))
    for ship in doc["ships"]:
        try:
            rs.scenario_ship(ship, doc)
        except BadInput as exc:
            raise BadInput(f"scenario file {path}: {exc}") from None


_TEXT = ("spec", "guns", "nation", "hex", "class", "rate", "notes", "arrival_note")
_NUMBERS = ("tons", "men", "sf_value", "cf_value", "crew_factors")


def _check_fields(ship: dict, label: str) -> None:
    for key in _TEXT:
        if key in ship and not isinstance(ship[key], (str, int)) or isinstance(ship.get(key), bool):
            raise BadInput(f"{label}: field {key!r} must be text")
    for key in _NUMBERS:
        value = ship.get(key)
        if key in ship and (isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 0):
            raise BadInput(f"{label}: field {key!r} must be a number above zero, not {value!r}")
    if "men" in ship and ship["men"] != int(ship["men"]):
        raise BadInput(f"{label}: field 'men' must be a whole number, not {ship['men']!r}")
    if "direction" in ship and (isinstance(ship["direction"], bool) or ship["direction"] not in range(1, 7)):
        raise BadInput(f"{label}: field 'direction' must be a hex direction 1 to 6, not {ship['direction']!r}")
    if "hex" in ship and not str(ship["hex"]).isdigit():
        raise BadInput(f"{label}: field 'hex' must be a hex number such as \"4319\", not {ship['hex']!r}")
    if "arrives" in ship and (isinstance(ship["arrives"], bool) or not isinstance(ship["arrives"], int)
                              or ship["arrives"] < 1):
        raise BadInput(f"{label}: field 'arrives' must be a turn number from 1, not {ship['arrives']!r}")


def listing() -> list[dict]:
    out = []
    for sid, path in bundled().items():
        doc = _read(path)
        out.append({"id": sid, "ruleset": doc.get("ruleset", "?"), "title": doc.get("title", ""),
                    "date": doc.get("date", ""), "ships": len(doc.get("ships", []))})
    return out
