"""DGUTS ships from history's numbers: tonnage, men and guns map straight into the rules."""

from __future__ import annotations

import tomllib
from pathlib import Path

from umpire.core.errors import BadInput
from umpire.core.resources import resource_dir
from umpire.oob.families import Conversion
from umpire.oob.fields import base_fields, nation_name
from umpire.oob.published import scenario_ships
from umpire.oob.reader import OobError, Row
from umpire.oob.wsim_fit import Step, squares
from umpire.rules.dguts import derive_ship
from umpire.rules.dguts.guns import Battery, format_guns, parse_guns
from umpire.rules.dguts.ship import nation_key

#: what a DGUTS ship's set-up gives: history's numbers
HISTORY = ("tons", "men", "guns")
#: values the rules figure from them, which a named ship lends as they were figured for her
FIGURED = ("sf_value", "cf_value", "crew_factors")


def dguts_ship(path: Path, row: Row) -> tuple[dict, str]:
    """A scenario ship for DGUTS; the derived values are checked now and reported."""
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
        try:
            nation = nation_key(row.get("nation"))
        except BadInput:
            nation = ship.get("nation") or row.get("nation")
        values = derive_ship(nation, ship["tons"], ship["men"], ship["guns"], overrides)
    except BadInput as exc:
        msg = str(exc)
        col = next((c for c in ("nation", "class", "rate", "kind", "men", "tons", "guns")
                    if msg.lower().startswith(c)), "guns")
        raise OobError(path, row.line, col, msg) from None
    how = (f"class {values['class']}, SF value {values['sf_value']:g}, CF value {values['cf_value']:.4g}, "
           f"{values['crew_factors']:.4g} crew factors")
    return ship, how


def history_values(ship: dict, nation: str) -> dict:
    """The row fields a scenario ship's history gives (and the values figured for her)."""
    out = {k: str(ship[k]) for k in HISTORY if k in ship}
    out["nation"] = ship.get("nation") or nation
    if ship.get("rate"):
        out["rate"] = str(ship["rate"])
    out.update({k: ship[k] for k in FIGURED if k in ship})
    return out


def dguts_by_rating(path: Path, row: Row) -> tuple[dict, str]:
    """The DGUTS text's historical ship of that printed rate, else values derived by rating; the rate
    table's tonnage checked."""
    rated, nations = int(row.get("rate")), [n for n in row.get("_nations").split(",") if n]
    values, how = history_by_rating(rated, nations)
    band = rate_band(rated)
    if band and not band["tons"][0] <= float(values["tons"]) <= band["tons"][1]:
        how += (f"; the text's {band['rate']} ({band['guns']} guns) is {band['tons'][0]:,}-{band['tons'][1]:,} "
                f"tons, so check the tonnage")
    return values, how


def history_by_rating(rated: int, nations: list[str]) -> tuple[dict, str]:
    """Tons, men and guns (as row fields) of a `rated`-gun ship: the DGUTS text's historical ship of
    that printed rate (her side's `nations` first), else derived from the nearest-rated one
    (`scaled`), and where they come from."""
    pool = [c for c in scenario_ships(DGUTS) if str(c["ship"].get("rate", "")).isdigit()
            and not c["ship"].get("armament_lost")]           # only ships whose whole armament is legible
    best = min(pool, key=lambda c: (abs(int(c["ship"]["rate"]) - rated), -int(c["ship"]["rate"]),
                                    c["nation"] not in nations, c["scenario"]))
    ship = best["ship"]
    values = history_values(ship, best["nation"])
    values["rate"] = str(rated)
    if nations and values["nation"] not in nations:
        values["nation"] = nations[0]
    how = f"{ship['name']} ({ship['rate']} guns) of scenario {best['scenario']} ({best['title']})"
    if int(ship["rate"]) != rated:
        values.update(scaled(pool, ship, rated))
        how = (f"the text lists no {rated}-gun ship: {values['tons']} tons and {values['men']} men by rating from "
               f"the text's rated ships, the guns of {how} in the ratio {rated}/{ship['rate']} (docs/oob.md)")
        if not min(int(c["ship"]["rate"]) for c in pool) <= rated <= max(int(c["ship"]["rate"]) for c in pool):
            how += "; outside the text's ratings"
    for key in FIGURED:   # pre-figured for the source ship, not this one
        values.pop(key, None)
    return values, how


def scaled(pool: list[dict], source: dict, rated: int) -> dict:
    """Tons and men of a `rated`-gun ship by a monotone fit over the text's rated ships (rate -> tons,
    rate -> men: oob.wsim_fit.Step), and the `source` ship's gun list with each count in the ratio of
    the ratings (at least one of each)."""
    fit = {k: Step.fit([(int(c["ship"]["rate"]), float(c["ship"][k])) for c in pool]) for k in ("tons", "men")}
    ratio = rated / int(source["rate"])
    guns = [Battery(max(1, int(b.count * ratio + 0.5)), b.calibre, b.carronade) for b in parse_guns(source["guns"])]
    return {"tons": str(squares(fit["tons"](rated), 1)), "men": str(squares(fit["men"](rated), 1)),
            "guns": format_guns(guns)}


def rate_band(guns: int) -> dict | None:
    """The text's rate whose gun number is this rating, if it prints one."""
    with (Path(resource_dir("data")) / "dguts" / "rates.toml").open("rb") as fh:
        rates = tomllib.load(fh)["rates"]
    return next((r for r in rates if r["guns"] == guns), None)


class DgutsConversion(Conversion):
    """A DGUTS ship is history's tonnage, men and guns; a published list's ship takes a named ship's,
    or those of the text's historical ship of the nearest rate."""

    family = "dguts"

    def ship(self, path: Path, row: Row) -> tuple[dict, str]:
        return dguts_ship(path, row)

    def lends_values(self, ship: dict) -> bool:
        return all(k in ship for k in HISTORY)

    def values(self, ship: dict, nation: str) -> dict:
        return history_values(ship, nation)

    def by_rating(self, path: Path, row: Row) -> tuple[dict, str]:
        return dguts_by_rating(path, row)

    def published_fields(self, row: Row) -> dict:
        """The values figured for the named ship she took hers from (none when estimated by rating)."""
        return {k: row.fields[k] for k in FIGURED if k in row.fields}


DGUTS = DgutsConversion()
