"""Scenario files: bundled ones by id, alias or prefix, or a TOML file path.

Scenarios are data only: they are read with tomllib and checked key by key;
nothing in them is executed. Errors name the file, the ship and the field.
"""

from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path

from umpire.core.errors import BadInput
from umpire.core.resources import resource_dir

REQUIRED = ("id", "ruleset", "title")


def bundled() -> dict[str, Path]:
    """Every bundled scenario file by id (the file stem)."""
    root = resource_dir("scenarios")
    return {p.stem: p for p in sorted(root.glob("*/*.toml"))}


@lru_cache(maxsize=None)
def _read(path: Path) -> dict:
    try:
        text = path.read_bytes().decode("utf-8")
    except FileNotFoundError:
        raise BadInput(f"scenario file {path} not found") from None
    except UnicodeDecodeError:
        raise BadInput(f"scenario file {path}: not a UTF-8 text file") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise BadInput(f"scenario file {path}: {exc}") from None


def find(ref: str) -> Path:
    """A scenario by file path, id, alias or unambiguous id prefix."""
    p = Path(ref)
    if p.suffix == ".toml" or p.exists():
        if not p.exists():
            raise BadInput(f"scenario file {ref} not found")
        return p
    files = bundled()
    key = ref.strip().lower()
    if key in files:
        return files[key]
    by_alias = [sid for sid, path in files.items() if key in [a.lower() for a in _read(path).get("aliases", [])]]
    if len(by_alias) == 1:
        return files[by_alias[0]]
    hits = [sid for sid in files if sid.startswith(key)] or by_alias
    if len(hits) == 1:
        return files[hits[0]]
    if not hits:
        raise BadInput(f"no scenario {ref!r}; `umpire scenarios` lists them")
    raise BadInput(f"scenario {ref!r} is ambiguous: {', '.join(hits)}")


def load(ref: str) -> dict:
    path = find(ref)
    doc = dict(_read(path))
    validate(doc, path)
    doc["_path"] = str(path)
    return doc


def validate(doc: dict, path: Path) -> None:
    for key in REQUIRED:
        if key not in doc:
            raise BadInput(f"scenario file {path}: missing field {key!r}")
    doc.setdefault("ships", [])   # some sources name an action but print no set-up
    if not isinstance(doc["ships"], list):
        raise BadInput(f"scenario file {path}: 'ships' must be a list of [[ships]] tables")
    sides = {s.get("id") for s in doc.get("sides", [])}
    seen: set[str] = set()
    for i, ship in enumerate(doc["ships"], 1):
        label = f"scenario file {path}: ship {i} ({ship.get('name', '?')})"
        for key in ("id", "name", "side"):
            if not isinstance(ship.get(key), str) or not ship.get(key):
                raise BadInput(f"{label}: field {key!r} is missing or not text")
        if ship["id"] in seen:
            raise BadInput(f"{label}: field 'id' {ship['id']!r} repeats an earlier ship")
        seen.add(ship["id"])
        if sides and ship["side"] not in sides:
            raise BadInput(f"{label}: field 'side' {ship['side']!r} is not one of the [[sides]] {sorted(sides)}")


def listing() -> list[dict]:
    out = []
    for sid, path in bundled().items():
        doc = _read(path)
        out.append({"id": sid, "ruleset": doc.get("ruleset", "?"), "title": doc.get("title", ""),
                    "date": doc.get("date", ""), "ships": len(doc.get("ships", []))})
    return out
