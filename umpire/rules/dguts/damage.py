"""Damage bookkeeping: high damage to sails and masts, low damage to hull and crew.

High damage takes down one sail per SF value and one mast per three SF values
(Basic Rules IV, VII.C). Low damage kills one CF per CF value (VII.B) and
counts toward sinking (VII.D). Every mast lost and every tenth of the crew
lost owes a morale check (IX).
"""

from __future__ import annotations

import copy
import math
from fractions import Fraction
from typing import Any, Mapping

from umpire.core.values import Value
from umpire.core.state import Step
from umpire.rules.dguts.model import rule
from umpire.rules.dguts.tables import Tables, cite, tables_or_default

_EPS = 1e-9


class DamageOutcome(Value):
    """The new state after damage, the working, and what the damage caused."""

    __slots__ = ("state", "working", "masts_new", "marks_new", "checks_new")
    state: dict
    working: tuple[Step, ...]
    masts_new: int
    marks_new: int
    checks_new: int

    def __init__(self, state: dict, working: tuple[Step, ...], masts_new: int, marks_new: int,
                 checks_new: int) -> None:
        self._set(state=state, working=working, masts_new=masts_new, marks_new=marks_new, checks_new=checks_new)


def fouled_masts(state: Mapping[str, Any]) -> list[dict]:
    """Each mast fouling the ship: [{"mast", "side"}] (a game from before this list kept one side)."""
    out = [dict(m) for m in state.get("fouled_masts", [])]
    if not out and state.get("fouled_mast"):
        out = [{"mast": "", "side": str(state["fouled_mast"])}]
    return out


def changed(old: Mapping[str, Any], new: Mapping[str, Any]) -> dict:
    """The keys of `new` whose values differ from `old` (the effects to journal)."""
    return {k: copy.deepcopy(v) for k, v in new.items() if old.get(k) != v}


def _r(value: float | Fraction) -> float:
    """A float rounded to 4 places, for state values that are journalled."""
    return round(float(value), 4)


def count_reached(points: float, step: float) -> int:
    """How many multiples of `step` `points` has reached (with a little float slack)."""
    if step <= 0:
        return 0
    return int(math.floor(points / step + _EPS))


def rigging(values: Mapping[str, Any], damage_high: float, masts_lost: int) -> tuple[int, int]:
    """(sails lost, masts lost) for a total of high damage; masts never come back by repair."""
    sf = float(values["sf_value"])
    per_mast = int(values.get("sail_factors_per_mast", 3))
    masts = max(masts_lost, min(int(values["masts"]), count_reached(damage_high, per_mast * sf)))
    sails = min(int(values["sails"]), max(count_reached(damage_high, sf), per_mast * masts))
    return sails, masts


def apply_damage(values: Mapping[str, Any], state: Mapping[str, Any], high: float, low: float,
                 crew_only: float = 0.0, tables: Tables | None = None,
                 morale_checks: bool = True) -> DamageOutcome:
    """Add `high` and `low` points (and low points that kill crew only) to a ship."""
    t = tables_or_default(tables)
    new = copy.deepcopy(dict(state))
    steps: list[Step] = []
    new["damage_high"] = _r(state["damage_high"] + high)
    new["damage_low"] = _r(state["damage_low"] + low)
    masts_new = _apply_rigging(values, state, new, steps)
    marks_new = _apply_crew(values, state, new, low + crew_only, steps)
    steps.extend(update_sinking(values, new, t))
    checks = 0
    if morale_checks and new["status"] not in ("surrendered", "captured", "sunk", "exploded"):
        rule = t.get("morale", "checks")
        checks = masts_new * int(rule["per_mast_lost"]) + marks_new * int(rule["per_tenth_of_crew"])
        new["morale_checks_owed"] = int(state["morale_checks_owed"]) + checks
        if checks:
            steps.append(Step("morale checks owed", f"{checks} new, {new['morale_checks_owed']} in all",
                              cite(t, "morale", "checks")))
    return DamageOutcome(new, tuple(steps), masts_new, marks_new, checks)


def _apply_rigging(values: Mapping[str, Any], state: Mapping[str, Any], new: dict,
                   steps: list[Step]) -> int:
    sails, masts = rigging(values, new["damage_high"], int(state["masts_lost"]))
    masts_new = masts - int(state["masts_lost"])
    new["sails_lost"], new["masts_lost"] = sails, masts
    if sails != state["sails_lost"] or masts_new:
        steps.append(Step("aloft", f"{new['damage_high']:g} high against SF value "
                          f"{float(values['sf_value']):g}: {sails} sails and {masts} masts down"
                          + (f" ({masts_new} new)" if masts_new else ""),
                          rule("Basic Rules VII.C")))
    return masts_new


def _apply_crew(values: Mapping[str, Any], state: Mapping[str, Any], new: dict, points: float,
                steps: list[Step]) -> int:
    if points <= 0:
        return 0
    cf_value = float(values["cf_value"])
    new["crew_lost_points"] = _r(state["crew_lost_points"] + points)
    new["crew_factors"] = _r(max(0.0, float(state["crew_factors"]) - points / cf_value))
    marks = min(10, count_reached(new["crew_lost_points"], float(values["ten_percent_loss"])))
    marks_new = max(0, marks - int(state["crew_marks"]))
    new["crew_marks"] = max(marks, int(state["crew_marks"]))
    steps.append(Step("crew", f"{points:g} low / CF value {cf_value:g} = "
                      f"{points / cf_value:.4g} CF lost, {new['crew_factors']:g} CF left; "
                      f"{new['crew_marks']} tenths of the crew lost", rule("Basic Rules VII.B")))
    return marks_new


def update_sinking(values: Mapping[str, Any], new: dict, tables: Tables | None = None) -> list[Step]:
    """Set the sinking band, pumps needed and turns left from low damage (Basic Rules VII.D)."""
    t = tables_or_default(tables)
    percent = 100.0 * float(new["damage_low"]) / float(values["tons"])
    certain = t.get("sinking", "certain")
    bands = sorted(int(k) for k in t.get("sinking", "bands") if k != "source")
    band = int(certain["percent"]) if percent + _EPS >= float(certain["percent"]) else 0
    if not band:
        band = max((b for b in bands if percent + _EPS >= b), default=0)
    old = int(new.get("sinking_band", 0))
    if band == old:
        return []
    new["sinking_band"] = band
    if band == 0:
        new.update(sinking_turns_left=-1, pumps_needed=0.0)
        if new["status"] == "sinking":
            new["status"] = "active"
        return [Step("sinking", "out of danger", cite(t, "sinking", "bands"))]
    if band == int(certain["percent"]):
        turns, pumps = int(certain["sink_turns"]), 0.0
        why = f"low damage {percent:.1f}% of tonnage: sinks in {turns} turns whatever the pumps"
        src = cite(t, "sinking", "certain")
    else:
        row = t.get("sinking", "bands", str(band))
        turns = int(row["sink_turns"])
        pumps = _r(t.num("sinking", "bands", str(band), "pumps_per_class") * int(values["class"]))
        why = (f"low damage {percent:.1f}% of tonnage: {pumps:g} CF at the pumps, "
               f"or sinks in {turns} turns")
        src = cite(t, "sinking", "bands")
    if band > old:
        new["sinking_turns_left"] = turns
    new["pumps_needed"] = pumps
    if new["status"] == "active":
        new["status"] = "sinking"
    return [Step("sinking", why, src)]


def speed_share(values: Mapping[str, Any], state: Mapping[str, Any],
                tables: Tables | None = None) -> tuple[Fraction, str]:
    """Share of speed lost to sails and masts down (Basic Rules IV), and its explanation."""
    t = tables_or_default(tables)
    row = t.get("speed", "rigging", "1" if int(values["class"]) == 1 else "other")
    per_sail, per_mast = Fraction(row["per_sail"]), Fraction(row["per_mast"])
    masts = int(state["masts_lost"]) - int(state.get("jury_masts", 0))
    jury = int(state.get("jury_masts", 0))
    loose_sails = int(state["sails_lost"]) - int(values.get("sail_factors_per_mast", 3)) * int(state["masts_lost"])
    jury_share = t.num("speed", "jury_mast", "share")
    lost = masts * per_mast + jury * per_mast * (1 - jury_share) + max(0, loose_sails) * per_sail
    text = (f"{max(0, loose_sails)} sails x {per_sail} + {masts} masts x {per_mast}"
            + (f" + {jury} jury masts x {per_mast * (1 - jury_share)}" if jury else "")
            + f" = {float(min(lost, 1)):.3g} of speed lost")
    return min(Fraction(1), lost), text
