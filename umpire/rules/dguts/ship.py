"""Ship values from history's numbers (Basic Rules III, IV, VII) and the initial state.

`derive_ship` turns tonnage, men, guns and nation into the values the game
uses; pre-figured values printed in the text (or any other value) may be
supplied in `overrides` and replace the computed ones, and values that depend
on them are worked out from the supplied figure.
"""

from __future__ import annotations

import math
import re
from fractions import Fraction
from functools import lru_cache
from typing import Any, Mapping, Sequence

from umpire.core.tables import _load
from umpire.rules.dguts.damage import rigging
from umpire.rules.dguts.guns import Battery, format_guns, merge_batteries, parse_guns
from umpire.rules.dguts.model import BadInput
from umpire.rules.dguts.tables import Tables, tables_or_default

#: Keys an override may set, and what each is.
OVERRIDE_KEYS: dict[str, str] = {
    "name": "the ship's name",
    "class": "ship class 1-5 (or I-V)",
    "rate": "rated number of guns",
    "kind": "warship, privateer, merchant, land_battery, galley, steam, bomb, longboat or jollyboat",
    "sails": "sails set in combat",
    "masts": "number of masts",
    "sf_divisor": "tonnage divided by this gives the SF value",
    "sf_value": "sail factor value (points high per sail)",
    "crew_factors": "crew factors on board",
    "cf_value": "crew factor value (points low per CF)",
    "ten_percent_loss": "points low for each 10% of crew lost",
    "morale_value": "morale points (boarding multiplier)",
    "saving_throw": "highest two-dice total that holds morale",
    "decks": "decks, for boarding areas",
    "bow_chaser": "calibre of the bow chaser (\"\" for none)",
    "stern_chaser": "calibre of the stern chaser (\"\" for none)",
    "opening_broadside": "true if the ship gets the opening broadside",
    "sailing_class": "sailing class a-e (single-ship rules)",
    "gunnery_factoring": "true to use the nation's guns per fire factor (optional rule)",
    "fire_factors": "fire factors per side by calibre, e.g. {\"24\" = 5}",
    "protection": "land battery protection: open, dug-in or fortified",
    "weatherliness": "weatherliness class 1-3: 2, 3 or 4 points off the wind (single-ship rules B)",
    "range_bands": "the ship's own range bands in inches, e.g. {A = 3, B = 6, C = 9} (the Turks' rule)",
    "fire_bands": "the range bands she may fire at in this action, e.g. [\"A\"] (Wasp v Avon, a night action)",
    "sf_lost_at_start": "sail factors already lost aloft when the action opens (storm or squall damage)",
    "soldiers": "crew factors of soldiers embarked besides the crew, for boarding only (one point morale)",
}

_ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5}
#: kinds of vessel; galleys, steam vessels and bomb vessels follow the special vessels rules
KINDS = ("warship", "privateer", "merchant", "land_battery", "galley", "steam", "bomb", "longboat", "jollyboat",
         "fireship", "explosive")


def nation_key(name: str, tables: Tables | None = None) -> str:
    """The nation's table key for a common name ("british", "GB", "United States")."""
    t = tables_or_default(tables)
    wanted = " ".join(str(name).strip().lower().split())
    for key, names in t.get("nations", "aliases").items():
        if key == "source":
            continue
        if wanted == key or wanted in names:
            return key
    known = [k for k in t.get("nations", "aliases") if k != "source"]
    raise BadInput(f"nation {name!r}: not known; use one of {', '.join(known)}")


def class_by_tonnage(tons: float, tables: Tables | None = None) -> int:
    """Class I-V from tonnage (Basic Rules III)."""
    t = tables_or_default(tables)
    bounds = sorted((int(k), v) for k, v in t.get("classes", "by_tonnage", "upper_tons").items())
    for cls, upper in bounds:
        if tons <= upper:
            return cls
    return int(t.get("classes", "by_tonnage", "highest_class"))


def parse_class(value: Any) -> int:
    """A ship class typed as 3, "III" or "Class III"."""
    text = str(value).strip().upper().removeprefix("CLASS").strip()
    number = _ROMAN.get(text) or (int(text) if text.isdigit() else 0)
    if not 1 <= number <= 5:
        raise BadInput(f"class {value!r}: use 1-5 or I-V")
    return number


def _positive(value: Any, what: str, allow_zero: bool = False) -> float:
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise BadInput(f"{what} {value!r}: expected a number") from None
    if math.isnan(number) or number < 0 or (number == 0 and not allow_zero) or math.isinf(number):
        raise BadInput(f"{what} {value!r}: must be a positive number")
    return number


def _whole(ov: Mapping[str, Any], key: str, default: Any, least: int = 0) -> int:
    """An override that must be a whole number (sails, masts, decks, morale points)."""
    value = ov.get(key, default)
    if isinstance(value, bool) or not re.fullmatch(r"\s*\d+\s*", str(value)) or int(value) < least:
        raise BadInput(f"{key} {value!r}: expected a whole number, {least} or more")
    return int(value)


def _flag(ov: Mapping[str, Any], key: str, default: bool) -> bool:
    """An on/off override: true/false, yes/no or 1/0."""
    value = ov.get(key, default)
    text = str(value).strip().lower()
    if isinstance(value, bool):
        return value
    if text in ("true", "yes", "1", "on"):
        return True
    if text in ("false", "no", "0", "off"):
        return False
    raise BadInput(f"{key} {value!r}: use true or false")


def _rate(value: Any) -> int:
    match = re.fullmatch(r"\s*(\d{1,4})\s*", str(value))      # (a ship's rate is a few dozen guns at most)
    if not match:
        shown = value if len(str(value)) < 40 else f"{str(value)[:20]}... ({len(str(value))} characters)"
        raise BadInput(f"rate {shown!r}: expected a number of guns such as 44")
    return int(match[1])


def derive_ship(nation: str, tons: float, men: int, guns: Sequence[Battery] | str,
                overrides: Mapping[str, Any] | None = None, tables: Tables | None = None) -> dict:
    """All derived values of a ship as a JSON-able dict (Basic Rules III, IV, VII, IX)."""
    t = tables_or_default(tables)
    ov = dict(overrides or {})
    unknown = sorted(set(ov) - set(OVERRIDE_KEYS))
    if unknown:
        raise BadInput(f"override {unknown[0]!r}: not a ship value; accepted: {', '.join(OVERRIDE_KEYS)}")
    tons_f = _positive(tons, "tons")
    men_f = _positive(men, "men")
    if tons_f < 1:
        raise BadInput(f"tons {tons!r}: a ship of at least 1 ton")
    if men_f != int(men_f):
        raise BadInput(f"men {men!r}: expected a whole number of men")
    batteries = merge_batteries(parse_guns(guns, t) if isinstance(guns, str) else parse_guns(guns, t))
    nat = nation_key(nation, t)
    values: dict[str, Any] = {"name": str(ov.get("name", "")), "nation": nat,
                              "tons": tons_f, "men": int(men_f)}
    values.update(_kind_and_class(nat, tons_f, ov, t))
    values.update(_rig(values["class"], tons_f, ov, t))
    values.update(_crew(tons_f, men_f, ov, t))
    values.update(_morale(nat, ov, t))
    values.update(_armament(batteries, nat, ov, t))
    values["decks"] = _decks(values, ov, t)
    values["sailing_class"] = str(ov.get("sailing_class", "c")).lower()
    if values["sailing_class"] not in "abcde" or len(values["sailing_class"]) != 1:
        raise BadInput(f"sailing_class {ov.get('sailing_class')!r}: use a, b, c, d or e")
    if "protection" in ov:
        values["protection"] = str(ov["protection"])
    if "range_bands" in ov:
        values["range_bands"] = _range_bands(ov["range_bands"])
    if "fire_bands" in ov:
        bands = ov["fire_bands"]
        if isinstance(bands, str):
            bands = [b for b in bands.replace(",", " ").split() if b]
        if not isinstance(bands, (list, tuple)) or not bands or any(str(b).upper() not in "ABCD" or len(str(b)) != 1
                                                                    for b in bands):
            raise BadInput(f"fire_bands {ov['fire_bands']!r}: the bands she may fire at, e.g. [\"A\"] or [\"A\", \"B\"]")
        values["fire_bands"] = sorted({str(b).upper() for b in bands})
    if "soldiers" in ov:
        values["soldiers"] = _positive(ov["soldiers"], "soldiers")
    if "sf_lost_at_start" in ov:
        lost = _whole(ov, "sf_lost_at_start", 0)
        if lost > int(values["sails"]):
            raise BadInput(f"sf_lost_at_start {ov['sf_lost_at_start']!r}: she sets only {values['sails']} sails")
        values["sf_lost_at_start"] = lost
    values["weatherliness"] = _whole(ov, "weatherliness", 3, 1)
    if values["weatherliness"] > 3:
        raise BadInput(f"weatherliness {ov['weatherliness']!r}: class 1, 2 or 3")
    return values


def _range_bands(value: Any) -> dict:
    """A ship's own range bands: {band: inches}, bands A-D, each reaching further than the one before."""
    if not isinstance(value, Mapping) or not value or set(value) - set("ABCD"):
        raise BadInput(f"range_bands {value!r}: give inches by band, e.g. {{A = 3, B = 6, C = 9}}")
    bands = {k: _positive(value[k], f"range_bands {k}") for k in "ABCD" if k in value}
    reach = list(bands.values())
    if reach != sorted(reach):
        raise BadInput(f"range_bands {value!r}: each band must reach further than the one before")
    return bands


def _kind_and_class(nat: str, tons: float, ov: Mapping[str, Any], t: Tables) -> dict:
    kind_rules = t.get("nations", "kinds")
    kind = str(ov.get("kind", nat if nat in kind_rules else "warship"))
    if kind not in KINDS:
        raise BadInput(f"kind {kind!r}: use {', '.join(KINDS)}")
    rule = kind_rules.get(kind, {}) if isinstance(kind_rules.get(kind), Mapping) else {}
    if "class" in ov:
        cls = parse_class(ov["class"])
    else:
        cls = int(rule.get("class", class_by_tonnage(tons, t)))
        frigates = t.get("classes", "frigates")
        if "class" not in rule and cls > int(frigates["class"]) and "rate" in ov \
                and _rate(ov["rate"]) <= int(frigates["max_rate"]):
            cls = int(frigates["class"])   # a large frigate: Class V is for ships of the line
    opening = _flag(ov, "opening_broadside", bool(rule.get("opening_broadside", kind != "land_battery")))
    return {"kind": kind, "class": cls, "opening_broadside": opening}


def _rig(cls: int, tons: float, ov: Mapping[str, Any], t: Tables) -> dict:
    rig = t.get("classes", "rig", str(cls))
    sails = _whole(ov, "sails", rig["sails"], 1)
    masts = _whole(ov, "masts", rig["masts"], 1)
    divisor = ov.get("sf_divisor", 2 * sails if "sails" in ov else rig["sf_divisor"])
    divisor_f = _positive(divisor, "sf_divisor")
    sf = _positive(ov["sf_value"], "sf_value") if "sf_value" in ov else tons / divisor_f
    per_mast = int(t.get("classes", "masts", "sail_factors_per_mast"))
    thresholds = [round(sf * per_mast * k, 6) for k in range(1, masts + 1)]
    return {"sails": sails, "masts": masts, "sf_divisor": divisor_f, "sf_value": sf,
            "sail_factors_per_mast": per_mast, "mast_thresholds": thresholds}


def _crew(tons: float, men: float, ov: Mapping[str, Any], t: Tables) -> dict:
    per_cf = float(t.get("classes", "crew", "men_per_crew_factor"))
    cf = _positive(ov["crew_factors"], "crew_factors") if "crew_factors" in ov else men / per_cf
    cf_value = _positive(ov["cf_value"], "cf_value") if "cf_value" in ov else tons / cf
    tenth = float(t.num("classes", "crew", "ten_percent"))
    ten = (_positive(ov["ten_percent_loss"], "ten_percent_loss") if "ten_percent_loss" in ov
           else cf_value * cf * tenth)
    return {"crew_factors": cf, "cf_value": cf_value, "ten_percent_loss": ten}


def _morale(nat: str, ov: Mapping[str, Any], t: Tables) -> dict:
    row = t.get("nations", "morale", nat)
    value = _whole(ov, "morale_value", row["points"])
    throw = _whole(ov, "saving_throw", row["saving_throw"])
    if not 2 <= throw <= 12:
        raise BadInput(f"saving_throw {throw}: a two-dice total from 2 to 12")
    return {"morale_value": value, "saving_throw": throw}


def _decks(values: Mapping[str, Any], ov: Mapping[str, Any], t: Tables) -> int:
    """Decks: as supplied, else from a supplied rate, else from the class (never the guns carried:
    frigates carried more than their rate). A warship of Class V with no rate takes the decks of
    the ship-of-the-line rate the text prints for her tonnage (the 1st rate, 2,100-3,600 tons: four)."""
    if "decks" in ov:
        return _whole(ov, "decks", 1, 1)
    if "rate" in ov:
        return decks_for_rate(values["rate"], t)
    by_class = int(t.get("classes", "decks_by_class", str(values["class"])))
    band = line_rate_band(values["tons"], t) if values["kind"] == "warship" \
        and values["class"] > int(t.get("classes", "frigates", "class")) else None
    return max(by_class, decks_for_rate(int(band["guns"]), t)) if band else by_class


def line_rate_band(tons: float, tables: Tables | None = None) -> Mapping[str, Any] | None:
    """The largest ship-of-the-line rate of the text's cutaways (rated over 50 guns) whose least
    tonnage the ship reaches, or None (data/dguts/rates.toml)."""
    frigates = int(tables_or_default(tables).get("classes", "frigates", "max_rate"))
    bands = [b for b in _rate_bands() if int(b["guns"]) > frigates and tons >= float(b["tons"][0])]
    return max(bands, key=lambda b: float(b["tons"][0]), default=None)


@lru_cache(maxsize=1)
def _rate_bands() -> tuple[Mapping[str, Any], ...]:
    return tuple(_load("dguts", "rates")["rates"])


def decks_for_rate(rate: int, tables: Tables | None = None) -> int:
    """Decks for boarding areas from the rated guns (Basic Rules IX, Ship Areas)."""
    t = tables_or_default(tables)
    steps = sorted((int(v), int(k)) for k, v in t.get("classes", "decks", "min_rate").items())
    decks = steps[0][1]
    for least, count in steps:
        if rate >= least:
            decks = count
    return decks


def _armament(batteries: tuple[Battery, ...], nat: str, ov: Mapping[str, Any], t: Tables) -> dict:
    factoring = _flag(ov, "gunnery_factoring", False)
    factors = {b.key: fire_factor_row(b, nat, factoring, t) for b in batteries}
    for key, per_side in dict(ov.get("fire_factors", {})).items():
        if key not in factors:
            raise BadInput(f"fire_factors override {key!r}: the ship has no guns of that calibre")
        factors[key]["per_side"] = _positive(per_side, f"fire_factors {key}", allow_zero=True)
        factors[key]["total"] = 2 * factors[key]["per_side"]
    total_guns = sum(b.count for b in batteries)
    longs = [b for b in batteries if not b.carronade]
    best = max(longs, key=lambda b: b.calibre).key if longs else ""
    return {
        "guns": format_guns(batteries),
        "guns_total": total_guns,
        "rate": _rate(ov["rate"]) if "rate" in ov else total_guns,
        "gunnery_factoring": factoring,
        "fire_factors": factors,
        "chasers": {"bow": _chaser(ov.get("bow_chaser", best), factors),
                    "stern": _chaser(ov.get("stern_chaser", best), factors)},
        "armament_weight": sum(b.count * b.calibre for b in batteries),
        "gun_weight": float(gun_weight(batteries, t)),
    }


def _chaser(value: Any, factors: Mapping[str, Any]) -> str:
    key = str(value).strip().upper().replace("#", "")
    if key and key not in factors:
        raise BadInput(f"chaser {value!r}: the ship carries no guns of that calibre; "
                       f"it has {', '.join(factors) or 'none'}")
    return key


def fire_factor_row(b: Battery, nat: str, factoring: bool, tables: Tables | None = None) -> dict:
    """Fire factors of one calibre: guns ÷ 3 (42# ÷ 4), half per side (Basic Rules VII.A).

    With the optional Gunnery Factoring rule the nation's guns per factor is
    used instead, and the factors per side are rounded up.
    """
    t = tables_or_default(tables)
    share = t.num("guns", "fire_factors", "side_share")
    if factoring:
        gpf = t.num("nations", "gunnery_factoring", nat if nat in t.get("nations", "gunnery_factoring")
                    else "other")
        per_side = Fraction(math.ceil(Fraction(b.count) / gpf * share))
        total = per_side / share
    else:
        by_cal = t.get("guns", "fire_factors", "guns_per_factor_by_calibre")
        gpf = Fraction(by_cal.get(b.key, t.get("guns", "fire_factors", "guns_per_factor")))
        total = Fraction(b.count) / gpf
        per_side = total * share
    return {"guns": b.count, "calibre": b.calibre, "carronade": b.carronade,
            "guns_per_factor": float(gpf), "total": float(total), "per_side": float(per_side)}


def gun_weight(batteries: Sequence[Battery], tables: Tables | None = None) -> Fraction:
    """Weight of guns in pounds of shot, carronades at half (Optional, Gun Weight and Tonnage)."""
    t = tables_or_default(tables)
    half = t.num("single-ship", "gun_weight", "carronade_share")
    return sum((b.count * b.calibre * (half if b.carronade else 1) for b in batteries), Fraction(0))


def task_crew_factors(values: Mapping[str, Any], crew_factors: float | None = None,
                      tables: Tables | None = None) -> float:
    """Crew factors for sailing tasks under the Seamanship rule (Single-Ship Rules I).

    The crew is counted again at 15 men to a CF for the U.S., 21 for Britain
    and 26 for other nations; losses still use the normal 21.
    """
    t = tables_or_default(tables)
    per_task = t.get("nations", "seamanship", "task_men_per_cf")
    men_per = per_task.get(values["nation"], per_task["other"])
    cf = float(values["crew_factors"] if crew_factors is None else crew_factors)
    return cf * float(t.get("classes", "crew", "men_per_crew_factor")) / float(men_per)


def initial_state(values: Mapping[str, Any]) -> dict:
    """The tracks a ship starts the action with (all JSON-able, no nulls); a ship that opens the action
    with sail factors already lost (a scenario's storm damage) starts with that much high damage."""
    state = _fresh_state(values)
    lost = int(values.get("sf_lost_at_start", 0))
    if lost:
        state["damage_high"] = round(lost * float(values["sf_value"]), 4)
        state["sails_lost"], state["masts_lost"] = rigging(values, state["damage_high"], 0)
    return state


def _fresh_state(values: Mapping[str, Any]) -> dict:
    return {
        "status": "active",
        "turn": 0,
        "damage_high": 0.0,
        "damage_low": 0.0,
        "crew_lost_points": 0.0,
        "crew_factors": float(values["crew_factors"]),
        "sails_lost": 0,
        "masts_lost": 0,
        "jury_masts": 0,
        "morale": "normal",
        "morale_turns": 0,
        "morale_checks_owed": 0,
        "crew_marks": 0,
        "opening_broadside": {"left": False, "right": False},
        "opening_broadside_turn": -1,
        "fired_this_turn": {"left": 0.0, "right": 0.0, "bow": 0.0, "stern": 0.0},
        "sinking_band": 0,
        "sinking_turns_left": -1,
        "pumps_needed": 0.0,
        "pumping_cf": 0.0,
        "low_repaired": 0.0,
        "high_repaired": 0.0,
        "guns_dismounted": 0,
        "guns_knocked_out": 0,
        "gun_damage_points": 0.0,
        "spar_work": 0.0,
        "fouled_mast": "",
        "fouled_masts": [],
        "speed_penalties": [],
        "flags": [],
    }
