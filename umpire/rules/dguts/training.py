"""The Training Game's simpler rules: two dice per three guns, morale points, a short melee table.

Firing: half the guns of a side (or the chasers named) fire; each three guns
roll two dice, a red one for the hit (1 or 2) and a white one for where it
lands (1-3 high, 4-6 low). Long guns reach 12", carronades 5". A morale check
is owed for every CF lost and every mast lost; a failed check costs a morale
point, and a crew at 0 points surrenders.
"""

from __future__ import annotations

import copy
import math
from fractions import Fraction
from typing import Any, Mapping, Sequence

from umpire.core.dice import DiceNeed
from umpire.core.state import Resolution, Step, has_state
from umpire.rules.dguts.damage import DamageOutcome, apply_damage, changed
from umpire.rules.dguts.guns import merge_batteries, parse_guns
from umpire.rules.dguts.melee import odds_for
from umpire.rules.dguts.model import BadInput, Bearing, Refused
from umpire.rules.dguts.tables import Tables, cite, tables_or_default


def _training_dice(values: Mapping[str, Any], bearing: Bearing, range_inches: float,
                   chasers: str | None, t: Tables) -> tuple[list[tuple[str, int, Fraction]], list[Step]]:
    """(label, calibre, share of a factor) for each factor that fires."""
    fire = t.get("training", "fire")
    per = Fraction(int(fire["guns_per_factor"]))
    if bearing in (Bearing.BOW, Bearing.STERN):
        if not chasers:
            raise BadInput(f"training fire with {bearing.value} chasers: name the chase guns, e.g. 3x18")
        guns, share = merge_batteries(parse_guns(chasers, t)), Fraction(1)
    else:
        guns, share = merge_batteries(parse_guns(values["guns"], t)), Fraction(str(fire["side_share"]))
    ranges = t.get("training", "ranges")
    steps, dice = [], []
    for b in guns:
        reach = float(ranges["carronade_inches" if b.carronade else "long_inches"])
        if range_inches > reach:
            steps.append(Step("range", f"{b.label} reaches {reach:g}\": out of range", cite(t, "training", "ranges")))
            continue
        whole, part = divmod(Fraction(b.count) * share / per, 1)
        for n, amount in enumerate([Fraction(1)] * int(whole) + ([part] if part else []), start=1):
            note = "" if amount == 1 else f" ({amount})"
            dice.append((f"{b.label}-{n}{note}", b.calibre, amount))
    return dice, steps


def training_fire_dice_needed(values: Mapping[str, Any], side: Any, range_inches: float,
                              chasers: str | None = None, tables: Tables | None = None) -> DiceNeed:
    """Two dice for each factor, red then white, heaviest shot first."""
    t = tables_or_default(tables)
    dice, _ = _training_dice(values, Bearing.parse(side), float(range_inches), chasers, t)
    if not dice:
        raise Refused(f"range {float(range_inches):g}\": no guns reach (long guns 12\", carronades 5\")")
    labels = tuple(f"{label} {colour}" for label, _, _ in dice for colour in ("red", "white"))
    return DiceNeed(len(labels), 6, labels)


def resolve_training_fire(firer: Mapping[str, Any], target: Mapping[str, Any], target_state: Mapping[str, Any],
                          side: Any, range_inches: float, rolls: Sequence[int], chasers: str | None = None,
                          tables: Tables | None = None) -> Resolution:
    """Training Game fire; effects {"target": ...}; data as for standard fire."""
    t = tables_or_default(tables)
    if target_state["status"] in ("surrendered", "captured", "sunk", "exploded"):
        raise Refused(f"the target {has_state(target_state['status'])}")
    need = training_fire_dice_needed(firer, side, range_inches, chasers, t)
    rolls = need.check(rolls)
    dice, steps = _training_dice(firer, Bearing.parse(side), float(range_inches), chasers, t)
    fire = t.get("training", "fire")
    high = low = Fraction(0)
    for i, (label, calibre, amount) in enumerate(dice):
        red, white = rolls[2 * i], rolls[2 * i + 1]
        if red not in fire["hit_on"]:
            steps.append(Step(label, f"red {red}: miss", cite(t, "training", "fire")))
            continue
        points = calibre * amount
        where = "high" if white in fire["high_on"] else "low"
        high, low = (high + points, low) if where == "high" else (high, low + points)
        steps.append(Step(label, f"red {red} hits, white {white}: {where}, {float(points):g} points",
                          cite(t, "training", "fire")))
    new, checks, more = training_damage(target, target_state, float(high), float(low), t)
    steps += more
    data = {"rolls": list(rolls), "damage": {"high": float(high), "low": float(low)},
            "morale_checks": new["morale_checks_owed"], "morale_checks_new": checks,
            "explain": [s.text() for s in steps]}
    return Resolution(changes={"target": changed(target_state, new)}, working=list(steps), data=data)


def training_damage(values: Mapping[str, Any], state: Mapping[str, Any], high: float, low: float,
                    tables: Tables | None = None) -> tuple[dict, int, list[Step]]:
    """Apply damage the training way: a check for every CF lost and every mast lost."""
    t = tables_or_default(tables)
    out = apply_damage(values, state, high, low, 0.0, t, morale_checks=False)
    out = _training_sinking(values, state, out, t)
    rule = t.get("training", "morale")
    cf_value = float(values["cf_value"])
    before = math.floor(float(state["crew_lost_points"]) / cf_value + 1e-9)
    after = math.floor(float(out.state["crew_lost_points"]) / cf_value + 1e-9)
    checks = (after - before) * int(rule["checks_per_crew_factor"]) + out.masts_new * int(rule["checks_per_mast"])
    new = out.state
    new["morale_checks_owed"] = int(state["morale_checks_owed"]) + checks
    steps = list(out.working)
    if checks:
        steps.append(Step("morale checks owed", f"{checks} new", cite(t, "training", "morale")))
    return new, checks, steps


def _training_sinking(values: Mapping[str, Any], state: Mapping[str, Any], out: DamageOutcome,
                      t: Tables) -> DamageOutcome:
    """The Training Game knows no 70-99% danger and no pumps: a ship is in sinking condition only
    when low damage reaches her tonnage, and sinks two turns later."""
    sink = t.get("training", "sinking")
    new = out.state
    percent = 100.0 * float(new["damage_low"]) / float(values["tons"])
    if percent + 1e-9 >= float(sink["percent"]):
        if int(state.get("sinking_band", 0)) < int(sink["percent"]):
            new.update(sinking_band=int(sink["percent"]), sinking_turns_left=int(sink["sink_turns"]),
                       pumps_needed=0.0)
            if new["status"] in ("active", "sinking"):
                new["status"] = "sinking"
        text = (f"low damage {percent:.1f}% of tonnage reaches her tonnage: in sinking condition, she sinks "
                f"{int(sink['sink_turns'])} turns after")
    else:
        new.update(sinking_band=0, sinking_turns_left=-1, pumps_needed=0.0)
        if new["status"] == "sinking":
            new["status"] = "active"
        text = f"low damage {percent:.1f}% of tonnage: afloat until it reaches her tonnage"
    steps = [s for s in out.working if s.step != "sinking"]
    if len(steps) < len(out.working):       # the Basic Rules would have moved her sinking band
        steps.append(Step("sinking", text, cite(t, "training", "sinking")))
    return DamageOutcome(new, tuple(steps), out.masts_new, out.marks_new, out.checks_new)


def resolve_training_morale(values: Mapping[str, Any], state: Mapping[str, Any], rolls: Sequence[int],
                            saving_throw: int, tables: Tables | None = None) -> Resolution:
    """A training morale check: over the saving throw costs a morale point; 0 points surrenders.

    The training game's own saving throws are lost in the OCR, so the
    umpire gives one (the nation's saving throw is the obvious choice).
    """
    t = tables_or_default(tables)
    if not 2 <= int(saving_throw) <= 12:
        raise BadInput(f"saving throw {saving_throw!r}: a two-dice total from 2 to 12")
    rolls = DiceNeed(2, 6, ("morale die 1", "morale die 2")).check(rolls)
    new = copy.deepcopy(dict(state))
    points = int(state.get("morale_points", values["morale_value"]))
    total = sum(rolls)
    if total > int(saving_throw):
        points -= 1
    new["morale_points"] = max(0, points)
    new["morale_checks_owed"] = max(0, int(state["morale_checks_owed"]) - 1)
    if new["morale_points"] <= int(t.get("training", "morale", "surrender_at")):
        new.update(status="surrendered", morale="surrendered")
    steps = [Step("morale", f"{rolls[0]}+{rolls[1]} = {total} against 2-{saving_throw}: "
                  + (f"down to {new['morale_points']} points" if total > int(saving_throw) else "holds"),
                  cite(t, "training", "morale"))]
    return Resolution(changes={"ship": changed(state, new)}, working=list(steps),
                      data={"held": total <= int(saving_throw), "morale_points": new["morale_points"],
                       "explain": [s.text() for s in steps]})


def training_odds(attacker_cf: float, attacker_points: int, defender_cf: float, defender_points: int,
                  tables: Tables | None = None) -> dict:
    """Training boarding odds: crew factors x morale points on each side."""
    a = Fraction(str(attacker_cf)) * attacker_points
    d = Fraction(str(defender_cf)) * defender_points
    return {**odds_for(a, d, tables), "attacker_value": float(a), "defender_value": float(d)}


def training_melee_result(attacker_kept: int, defender_kept: int, tables: Tables | None = None) -> dict:
    """The Training Game's melee result for the two dice kept."""
    t = tables_or_default(tables)
    diff = abs(attacker_kept - defender_kept)
    row = t.get("training", "melee", str(min(diff, 5)))
    winner = "" if diff == 0 else ("attacker" if attacker_kept > defender_kept else "defender")
    return {"difference": diff, "winner": winner, **{k: v for k, v in row.items()}}
