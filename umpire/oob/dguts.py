"""DGUTS ships from history's numbers: tonnage, men and guns map straight into the rules."""

from __future__ import annotations

from pathlib import Path

from umpire.oob.fields import base_fields, nation_name
from umpire.oob.reader import OobError, Row


def dguts_ship(path: Path, row: Row) -> tuple[dict, str]:
    """A scenario ship for DGUTS; the derived values are checked now and reported."""
    from umpire.rules.dguts import derive_ship
    from umpire.rules.dguts.model import BadInput as DgutsBad

    if not row.get("nation") and nation_name(row.get("side")):   # "(American)" after a ship line
        row.fields["nation"] = row.get("side")
    for col in ("nation", "tons", "men", "guns"):
        if not row.get(col):
            raise OobError(path, row.line, col, f"empty; a DGUTS ship needs {col}")
    ship = base_fields(path, row)
    overrides = {}
    for col, key in (("class", "class"), ("rate", "rate"), ("kind", "kind")):
        if row.get(col):
            overrides[key] = row.get(col)
    try:
        from umpire.rules.dguts.ship import nation_key

        try:
            nation = nation_key(row.get("nation"))
        except DgutsBad:
            nation = ship.get("nation") or row.get("nation")
        values = derive_ship(nation, ship["tons"], ship["men"], ship["guns"], overrides)
    except DgutsBad as exc:
        msg = str(exc)
        col = next((c for c in ("nation", "class", "rate", "kind", "men", "tons", "guns")
                    if msg.lower().startswith(c)), "guns")
        raise OobError(path, row.line, col, msg) from None
    how = (f"class {values['class']}, SF value {values['sf_value']:g}, CF value {values['cf_value']:.4g}, "
           f"{values['crew_factors']:.4g} crew factors")
    return ship, how
