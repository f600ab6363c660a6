"""Fields every ruleset's order-of-battle ship shares: names, sides, nations, numbers, position."""

from __future__ import annotations

from pathlib import Path

from umpire.core.errors import BadInput
from umpire.oob.reader import OobError, Row
from umpire.rules.dguts.guns import format_guns, parse_guns
from umpire.rules.dguts.ship import nation_key

NATIONS = {
    "british": ("british", "britain", "english", "england", "uk", "gb", "royal navy", "rn"),
    "french": ("french", "france"),
    "spanish": ("spanish", "spain"),
    "american": ("american", "us", "usa", "united states", "america", "usn"),
    "dutch": ("dutch", "netherlands", "holland", "batavian"),
    "venetian": ("venetian", "venice"),
    "danish": ("danish", "denmark"),
    "swedish": ("swedish", "sweden"),
    "russian": ("russian", "russia"),
    "portuguese": ("portuguese", "portugal"),
    "neapolitan": ("neapolitan", "naples"),
}
QUALITIES = {"el": "EL", "elite": "EL", "cr": "CR", "crack": "CR", "av": "AV", "average": "AV",
             "gr": "GR", "green": "GR", "pr": "PR", "poor": "PR"}


def nation_name(text: str) -> str | None:
    key = text.strip().lower()
    for name, aliases in NATIONS.items():
        if key in aliases:
            return name
    return None


def base_fields(path: Path, row: Row) -> dict:
    """Fields every ruleset keeps, checked and typed; unknown nations refused."""
    ship: dict = {"id": row.get("id"), "name": row.get("name"), "side": row.get("side").lower()}
    if row.get("nation"):
        n = nation_name(row.get("nation")) or _dguts_nation(row.get("nation"))
        if not n:
            raise OobError(path, row.line, "nation", f"{row.get('nation')!r} is not a nation umpire knows "
                           f"({', '.join(NATIONS)})")
        ship["nation"] = n
    for key in ("tons", "men"):
        if row.get(key):
            ship[key] = _number(path, row, key)
    if row.get("guns"):
        try:
            ship["guns"] = format_guns(parse_guns(row.get("guns")))
        except ValueError as exc:
            raise OobError(path, row.line, "guns", str(exc)) from None
    for key in ("class", "quality", "rate", "hex", "notes", "kind", "rig"):
        if row.get(key):
            ship[key] = row.get(key)
    if row.get("hex") and not row.get("hex").isdigit():
        raise OobError(path, row.line, "hex", f"{row.get('hex')!r}: a hex number such as 4319")
    for key, top in (("direction", 6), ("arrives", 999)):
        if row.get(key):
            value = _number(path, row, key)
            if value != int(value) or not 1 <= value <= top:
                raise OobError(path, row.line, key, f"{row.get(key)!r}: a whole number from 1 to {top}")
            ship[key] = int(value)
    return ship


def _dguts_nation(text: str) -> str | None:
    """Nations the DGUTS tables know beyond the common ones (e.g. privateer)."""
    try:
        return nation_key(text)
    except BadInput:
        return None


def _number(path: Path, row: Row, key: str) -> int | float:
    text = row.get(key).replace(",", "")
    try:
        value = float(text)
    except ValueError:
        raise OobError(path, row.line, key, f"{row.get(key)!r} is not a number") from None
    if value <= 0 or value != value:
        raise OobError(path, row.line, key, f"{row.get(key)!r} must be more than zero")
    if value > 10000:   # a bound on typed numbers, not a rule
        raise OobError(path, row.line, key, f"{row.get(key)!r} is more than any ship of the age of sail")
    return int(value) if value.is_integer() else value
