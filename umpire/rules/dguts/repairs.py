"""Repairs of high, low and gun damage (Single-Ship Rules H) and dismounted guns (G)."""

from __future__ import annotations

import copy
import math
from fractions import Fraction
from typing import Any, Mapping

from umpire.core.state import Resolution, Step
from umpire.rules.dguts.damage import changed, rigging, update_sinking
from umpire.rules.dguts.model import BadInput, Refused
from umpire.rules.dguts.tables import Tables, cite, tables_or_default


#: the most turns one repair order may cover: far beyond any action (the work is bounded by it)
MAX_TURNS = 1000


def _crew(crew: Any, state: Mapping[str, Any]) -> Fraction:
    try:
        number = math.nan if isinstance(crew, bool) else float(crew)
    except (TypeError, ValueError):
        number = math.nan
    if not math.isfinite(number):
        raise BadInput(f"crew {crew!r}: a number of crew factors, between 0 and the "
                       f"{float(state['crew_factors']):g} CF aboard")
    value = Fraction(str(float(crew)))
    if value < 0 or float(value) > float(state["crew_factors"]) + 1e-9:
        raise BadInput(f"crew {crew!r}: between 0 and the {float(state['crew_factors']):g} CF aboard")
    return value


def _turns(turns: Any) -> int:
    if not isinstance(turns, int) or isinstance(turns, bool) or not 1 <= turns <= MAX_TURNS:
        raise BadInput(f"turns {turns!r}: a whole number of turns, 1 to {MAX_TURNS}")
    return turns


def repair_high(values: Mapping[str, Any], state: Mapping[str, Any], crew: float, turns: int = 1,
                tables: Tables | None = None) -> Resolution:
    """Repair aloft: 10 points a turn with 1 CF; sails come back only with 2 CF (H.1).

    Damage that brought down a mast is not repaired away: it counts as spar
    work toward a jury mast instead.
    """
    t = tables_or_default(tables)
    row = t.get("repairs", "high")
    cf, turns = _crew(crew, state), _turns(turns)
    if cf < int(row["crew_needed"]):
        raise Refused(f"repairing high damage needs {row['crew_needed']} CF; {float(cf):g} given")
    new = copy.deepcopy(dict(state))
    sf = float(values["sf_value"])
    floor = int(state["masts_lost"]) * int(values.get("sail_factors_per_mast", 3)) * sf
    work = float(row["points_per_turn"]) * turns
    to_sails = min(work, max(0.0, float(state["damage_high"]) - floor))
    new["damage_high"] = round(float(state["damage_high"]) - to_sails, 4)
    if int(state["masts_lost"]) > int(state.get("jury_masts", 0)):
        new["spar_work"] = round(float(state.get("spar_work", 0)) + work - to_sails, 4)
    new["high_repaired"] = round(float(state.get("high_repaired", 0)) + to_sails, 4)
    sails, _ = rigging(values, new["damage_high"], int(state["masts_lost"]))
    if cf >= int(row["sail_crew_needed"]):
        new["sails_lost"] = sails
    steps = [Step("repair high", f"{float(cf):g} CF for {turns} turns: {to_sails:g} points repaired, "
                  f"{new['damage_high']:g} high left; {new['sails_lost']} sails down"
                  + ("" if cf >= int(row["sail_crew_needed"]) else
                     f" (sails are restored only with {row['sail_crew_needed']} CF)"),
                  cite(t, "repairs", "high"))]
    return Resolution(changes={"ship": changed(state, new)}, working=list(steps),
                      data={"repaired": to_sails, "explain": [s.text() for s in steps]})


def rig_jury_mast(values: Mapping[str, Any], state: Mapping[str, Any], crew: float, turns: int,
                  tables: Tables | None = None) -> Resolution:
    """Set a jury mast: spar work equal to a mast, then 3 CF for 6 turns; half a mast (H.1)."""
    t = tables_or_default(tables)
    row = t.get("repairs", "high")
    cf, turns = _crew(crew, state), _turns(turns)
    if int(state["masts_lost"]) <= int(state.get("jury_masts", 0)):
        raise Refused("no fallen mast is waiting for a jury mast")
    need = int(values.get("sail_factors_per_mast", 3)) * float(values["sf_value"])
    if float(state.get("spar_work", 0)) + 1e-9 < need:
        raise Refused(f"a spar is not ready: {float(state.get('spar_work', 0)):g} of {need:g} points "
                      f"of high repairs done toward it")
    if cf < int(row["jury_mast_crew"]) or turns < int(row["jury_mast_turns"]):
        raise Refused(f"a jury mast needs {row['jury_mast_crew']} CF for {row['jury_mast_turns']} turns")
    new = copy.deepcopy(dict(state))
    new["jury_masts"] = int(state.get("jury_masts", 0)) + 1
    new["spar_work"] = round(float(state["spar_work"]) - need, 4)
    steps = [Step("jury mast", f"rigged: worth {t.get('speed', 'jury_mast', 'share')} of the lost mast",
                  cite(t, "repairs", "high"))]
    return Resolution(changes={"ship": changed(state, new)}, working=list(steps), data={"explain": [s.text() for s in steps]})


def _tier(repaired: float, tons: float, tiers: list[Mapping[str, Any]]) -> Mapping[str, Any] | None:
    for tier in tiers:
        if repaired + 1e-9 < float(tier["up_to_percent"]) * tons / 100:
            return tier
    return None


def repair_low(values: Mapping[str, Any], state: Mapping[str, Any], crew: float, battle: bool = False,
               turns: int = 1, tables: Tables | None = None) -> Resolution:
    """Repair the hull: 10 points per CF a turn (half in battle), up to 5 CF; dearer past
    20% and 40% of tonnage repaired, nothing past 50% at sea (H.2). Crew are not restored."""
    t = tables_or_default(tables)
    row = t.get("repairs", "low")
    cf, turns = _crew(crew, state), _turns(turns)
    working_cf = min(cf, Fraction(int(row["max_crew"])))
    fractional = int(values["class"]) in row.get("fractional_crew_classes", [])
    step_pts = float(row["points_per_step"]) * float(t.num("repairs", "low", "battle_share") if battle else 1)
    tons = float(values["tons"])
    damage, repaired = float(state["damage_low"]), float(state.get("low_repaired", 0))
    for _ in range(turns):
        damage, repaired = _one_low_turn(damage, repaired, working_cf, step_pts, tons, row["tiers"], fractional)
    new = copy.deepcopy(dict(state))
    new["damage_low"], new["low_repaired"] = round(damage, 4), round(repaired, 4)
    done = float(state["damage_low"]) - damage
    steps = [Step("repair low", f"{float(working_cf):g} CF for {turns} {'battle' if battle else 'non-battle'} "
                  f"turns: {done:g} points repaired, {new['damage_low']:g} low left "
                  f"({new['low_repaired']:g} repaired in all)", cite(t, "repairs", "low"))]
    if cf > working_cf:
        steps.insert(0, Step("crew", f"at most {row['max_crew']} CF work on the hull", cite(t, "repairs", "low")))
    if _tier(repaired, tons, row["tiers"]) is None and damage > 0:
        steps.append(Step("limit", "no more low damage can be repaired at sea", cite(t, "repairs", "low")))
    steps.extend(update_sinking(values, new, t))
    return Resolution(changes={"ship": changed(state, new)}, working=list(steps),
                      data={"repaired": round(done, 4), "explain": [s.text() for s in steps]})


def _one_low_turn(damage: float, repaired: float, crew: Fraction, step_pts: float, tons: float,
                  tiers: list, fractional: bool) -> tuple[float, float]:
    budget = Fraction(crew)
    while damage > 1e-9:
        tier = _tier(repaired, tons, tiers)
        if tier is None:
            break
        cost = Fraction(int(tier["crew_per_step"]))
        share = min(Fraction(1), budget / cost) if fractional else (Fraction(1) if budget >= cost else Fraction(0))
        if share <= 0:
            break
        room = float(tier["up_to_percent"]) * tons / 100 - repaired
        pts = min(step_pts * float(share), damage, room)
        damage, repaired = damage - pts, repaired + pts
        budget -= cost * Fraction(pts / step_pts).limit_denominator(1000) if fractional else cost
    return damage, repaired


def repair_guns(values: Mapping[str, Any], state: Mapping[str, Any], crew: float, battle: bool = False,
                turns: int = 1, tables: Tables | None = None) -> Resolution:
    """Remount guns: 1 per CF a turn (half in battle), up to 90% of those knocked out (H.3)."""
    t = tables_or_default(tables)
    row = t.get("repairs", "guns")
    cf, turns = _crew(crew, state), _turns(turns)
    rate = Fraction(int(row["per_crew_per_turn"])) * (t.num("repairs", "guns", "battle_share") if battle else 1)
    knocked = int(state.get("guns_knocked_out", 0))
    restorable = math.floor(knocked * t.num("repairs", "guns", "restorable_share"))
    restored_so_far = knocked - int(state.get("guns_dismounted", 0))
    can = max(0, restorable - restored_so_far)
    remounted = min(can, math.floor(cf * rate * turns))
    new = copy.deepcopy(dict(state))
    new["guns_dismounted"] = int(state.get("guns_dismounted", 0)) - remounted
    steps = [Step("repair guns", f"{remounted} guns remounted, {new['guns_dismounted']} still out",
                  cite(t, "repairs", "guns"))]
    return Resolution(changes={"ship": changed(state, new)}, working=list(steps),
                      data={"remounted": remounted, "explain": [s.text() for s in steps]})


def points_per_gun(values: Mapping[str, Any]) -> float:
    """Low damage that dismounts one gun: tonnage ÷ guns carried (G)."""
    return float(values["tons"]) / int(values["guns_total"])


def dismount_guns(values: Mapping[str, Any], state: Mapping[str, Any], low_points: float,
                  rake: bool = False, tables: Tables | None = None) -> dict:
    """A copy of `state` with the guns that `low_points` of low damage dismount (G)."""
    t = tables_or_default(tables)
    factor = int(t.get("repairs", "dismounting", "rake_factor")) if rake else 1
    new = copy.deepcopy(dict(state))
    new["gun_damage_points"] = round(float(state.get("gun_damage_points", 0)) + low_points * factor, 4)
    total = min(int(values["guns_total"]), math.floor(new["gun_damage_points"] / points_per_gun(values) + 1e-9))
    more = max(0, total - int(state.get("guns_knocked_out", 0)))
    new["guns_knocked_out"] = int(state.get("guns_knocked_out", 0)) + more
    new["guns_dismounted"] = int(state.get("guns_dismounted", 0)) + more
    return new
