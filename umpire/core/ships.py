"""Ship ids and lookup by id or unambiguous prefix of id or name."""

from __future__ import annotations

import re

from umpire.core.errors import BadInput
from umpire.core.suggest import did_you_mean, some

_ID = r"^[a-z0-9][a-z0-9_-]*$"     # (patterns are compiled on first use, by re's own cache)
MAX_NAME = 200          # characters in a ship's name, id or side (docs/limits.md)


def check_name(text: str, what: str = "name") -> str:
    """Refuse an empty or over-long name (a bound on typed input, not a rule)."""
    if not text.strip():
        raise BadInput(f"ship {what}: give one, e.g. VICTORY")
    if len(text) > MAX_NAME:
        raise BadInput(f"ship {what} of {len(text)} characters: at most {MAX_NAME}")
    return text


def make_id(name: str) -> str:
    """'ROYAL SOVEREIGN' -> 'royal-sovereign'; accents are dropped ('Éole' -> 'eole')."""
    import unicodedata

    name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    out = re.sub(r"[^a-z0-9_-]+", "-", name.strip().lower().replace(" ", "-")).strip("-")
    return re.sub(r"-{2,}", "-", out)


def check_new_id(ship_id: str, taken: dict) -> str:
    if not re.compile(_ID).match(ship_id):
        raise BadInput(f"ship id {ship_id!r}: use lower-case letters, digits and hyphens, e.g. royal-sovereign "
                       "(give one with --id)")
    if ship_id in taken:
        raise BadInput(f"ship id {ship_id!r} is already taken by {taken[ship_id]['name']}; give another with --id")
    return ship_id


def find_ship(ships: dict, text: str, where: str = "in this game", listed_by: str = "umpire status") -> str:
    """Id of the ship `text` names: exact id, else a unique case-insensitive prefix of an id or name.
    `where` and `listed_by` say where the ships are and what lists them (a game, or a scenario)."""
    if text in ships:
        return text
    key = text.strip().lower()
    exact = [sid for sid, s in ships.items() if sid == key or s["name"].lower() == key]
    if len(exact) == 1:
        return exact[0]
    hits = [sid for sid, s in ships.items() if sid.startswith(key) or s["name"].lower().startswith(key)]
    if len(hits) == 1:
        return hits[0]
    if not hits:
        if not ships:
            raise BadInput(f"no ship {text!r} {where} (none yet; `umpire ship add` adds one)")
        names = [*ships, *(s["name"].lower() for s in ships.values())]
        raise BadInput(f"no ship {text!r} {where}{did_you_mean(text, names)} (`{listed_by}` lists them)")
    raise BadInput(f"ship {text!r} is ambiguous: " + some([f"{h} ({ships[h]['name']})" for h in hits]))
