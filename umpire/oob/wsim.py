"""WS&IM ships from an order of battle: the specification when a row gives one; else one derived from
her tons, men and guns (oob/wsim_fit.py, docs/oob.md); else, with a rating only, the national
listing's ship of that rating (the first edition's scenario four, data/wsim-1974/national-ships.toml)."""

from __future__ import annotations

import tomllib
from pathlib import Path

from umpire.core.errors import BadInput
from umpire.core.resources import resource_dir
from umpire.oob.dguts import history_by_rating
from umpire.oob.families import Conversion
from umpire.oob.fields import QUALITIES, base_fields
from umpire.oob.reader import OobError, Row
from umpire.oob.wsim_fit import RIG_WORDS, RIGS, derive
from umpire.rules.dguts.guns import parse_guns
from umpire.rules.wsim.ship import read_class
from umpire.rules.wsim.spec import Spec


def national_listing() -> dict:
    """The national listing: its ships (nation, rated guns, class, spec, points by crew) and source."""
    with (Path(resource_dir("data")) / "wsim-1974" / "national-ships.toml").open("rb") as fh:
        return tomllib.load(fh)


def listing() -> list[dict]:
    return national_listing()["ships"]


def wsim_ship(path: Path, row: Row) -> tuple[dict, str]:
    """A WS&IM ship: the spec when given, else the nearest national listing entry."""
    ship = base_fields(path, row)
    if row.get("class"):
        try:
            read_class(row.get("class"))
        except ValueError as exc:
            raise OobError(path, row.line, "class", str(exc)) from None
    elif _rig(path, row) in RIGS:   # a brig is class 5 whatever else the row gives (Introduction II.C)
        ship["class_number"], ship["class"] = RIGS[_rig(path, row)]
    if row.get("spec"):
        try:
            spec = Spec.parse(row.get("spec"))
        except BadInput as exc:
            raise OobError(path, row.line, "spec", str(exc)) from None
        ship["spec"] = str(spec)
        if row.get("rate"):   # the gun rating of her record (1974 towing and wind, 1981 Optional Rules)
            ship["rated_guns"] = _rated_guns(path, row)
        return ship, ""
    if all(row.get(c) for c in ("tons", "men", "guns")):
        return derived_ship(path, row, ship)
    nation = ship.get("nation")
    if not nation:
        raise OobError(path, row.line, "nation", "give a nation (or a spec) to derive WS&IM stats")
    rated = _rated_guns(path, row)
    entries = [e for e in listing() if e["nation"] == nation]
    if not entries:
        known = sorted({e["nation"] for e in listing()})
        raise OobError(path, row.line, "nation", f"the national listing has no {nation} ships "
                       f"(it has {', '.join(known)}); give a spec")
    low, high = min(e["rated_guns"] for e in entries), max(e["rated_guns"] for e in entries)
    if not low <= rated <= high:
        col = "rate" if row.get("rate") else "guns"
        raise OobError(path, row.line, col, f"{rated} guns: the national listing's {nation} ships are rated "
                       f"{low} to {high} guns, and no listed ship stands for a smaller or larger one; give "
                       "tons, men and guns (the spec is then derived from them, docs/oob.md) or a spec")
    want_class = row.get("class").lower()
    best = min(entries, key=lambda e: (abs(e["rated_guns"] - rated),
                                       0 if want_class and want_class in e.get("class", "").lower() else 1))
    quality = QUALITIES.get(row.get("quality").lower() or "av")
    if not quality:
        raise OobError(path, row.line, "quality", f"{row.get('quality')!r}: use EL, CR, AV, GR or PR")
    points = best["points"][quality]
    ship["spec"] = f"{best['spec']}-{points}({quality})"
    ship["quality"] = quality
    if row.get("rate"):
        ship["rated_guns"] = rated
    how = (f"derived from the {nation} {best['rated_guns']}-gun listing"
           + (f" ({best['class']})" if best.get("class") else "") + f" for {rated} guns, {quality} crew")
    return ship, how


def derived_ship(path: Path, row: Row, ship: dict) -> tuple[dict, str]:
    """A ship whose spec is derived from her tons, men and guns, marked `estimated` with the working."""
    quality = QUALITIES.get(row.get("quality").lower() or "av")
    if not quality:
        raise OobError(path, row.line, "quality", f"{row.get('quality')!r}: use EL, CR, AV, GR or PR")
    rig = _rig(path, row)
    rated = _rated_guns(path, row) if row.get("rate") else 0
    try:
        got = derive(ship["tons"], ship["men"], parse_guns(ship["guns"]), quality, rig, rated)
    except BadInput as exc:
        raise OobError(path, row.line, "guns", str(exc)) from None
    ship.update(spec=got.spec, quality=quality, estimated=got.note)
    if not row.get("class"):
        ship["class_number"] = got.class_number
        if got.kind:
            ship["class"] = got.kind
    if rated:
        ship["rated_guns"] = rated
    return ship, got.note


def _rig(path: Path, row: Row) -> str:
    """The `rig` column (or a `kind` that names a rig), lower case; "" when not given."""
    if row.get("rig"):
        rig = row.get("rig").lower()
        if rig not in RIG_WORDS:
            raise OobError(path, row.line, "rig", f"{row.get('rig')!r}: use {', '.join(RIG_WORDS)}")
        return rig
    kind = row.get("kind").lower()
    return kind if kind in RIG_WORDS else ""


def _rated_guns(path: Path, row: Row) -> int:
    if row.get("rate"):
        digits = "".join(ch for ch in row.get("rate") if ch.isdigit())
        if digits:
            return int(digits)
    if row.get("guns"):
        try:
            return sum(b.count for b in parse_guns(row.get("guns")))
        except ValueError as exc:
            raise OobError(path, row.line, "guns", str(exc)) from None
    raise OobError(path, row.line, "rate", "give the rated guns (e.g. 74) in 'rate', or 'guns', or a 'spec'")


def wsim_by_rating(path: Path, row: Row) -> tuple[dict, str]:
    """The national listing's ship of the nearest rating (the same, where there is one), AV crew."""
    rated, nations = int(row.get("rate")), [n for n in row.get("_nations").split(",") if n]
    found = national_listing()
    entries = [e for e in found["ships"] if not nations or e["nation"] in nations] or found["ships"]
    if not any(e["rated_guns"] == rated for e in entries):
        return wsim_derived_by_rating(rated, nations)
    best = min(entries, key=lambda e: (abs(e["rated_guns"] - rated), -e["rated_guns"],
                                       nations.index(e["nation"]) if e["nation"] in nations else 99))
    spec = f"{best['spec']}-{best['points']['AV']}(AV)"
    how = (f"the {best['nation']} {best['rated_guns']}-gun ship of the national listing"
           + (f" ({best['class']})" if best.get("class") else "") + f", average crew ({found['source']})")
    if best["rated_guns"] != rated:
        how += f"; the listing has no {rated}-gun {'/'.join(nations) or ''} ship, so the nearest rating"
    return {"spec": spec, "quality": "AV", "nation": best["nation"]}, how


def wsim_derived_by_rating(rated: int, nations: list[str]) -> tuple[dict, str]:
    """A rating the national listing has no ship of: tons, men and guns by rating from the DGUTS
    text's rated ships (oob.dguts.history_by_rating), then the spec derived from them (wsim_fit),
    with an average crew; never the nearest listed ship's."""
    history, source = history_by_rating(rated, nations)
    got = derive(float(history["tons"]), float(history["men"]), parse_guns(history["guns"]), "AV", "", rated)
    how = f"the national listing has no {rated}-gun {'/'.join(nations)} ship; {source}; then {got.note}"
    fields = {"spec": got.spec, "quality": "AV", "class_number": str(got.class_number)}
    if got.kind:
        fields["class"] = got.kind
    if nations:
        fields["nation"] = nations[0]
    return fields, how


class WsimConversion(Conversion):
    """A WS&IM ship is her specification; a published list's ship takes a named ship's spec, or the
    national listing's of her rating, and keeps her rated guns."""

    family = "wsim"

    def ship(self, path: Path, row: Row) -> tuple[dict, str]:
        return wsim_ship(path, row)

    def lends_values(self, ship: dict) -> bool:
        return "spec" in ship

    def values(self, ship: dict, nation: str) -> dict:
        return {"spec": ship["spec"]}

    def by_rating(self, path: Path, row: Row) -> tuple[dict, str]:
        return wsim_by_rating(path, row)

    def published_fields(self, row: Row) -> dict:
        out = {"rated_guns": int(row.get("rate"))} if row.get("rate") else {}
        if row.get("class_number"):   # derived by rating (wsim_derived_by_rating)
            out["class_number"] = int(row.get("class_number"))
        return out


WSIM = WsimConversion()
