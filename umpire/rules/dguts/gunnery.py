"""Cannon fire (Basic Rules VIII): range bands, the fire table, damage and multipliers.

One die is rolled for each fire factor. The dice are taken in a fixed order:
heaviest shot first (long guns before carronades of the same weight), full
factors of a calibre before its fractional factor. A fractional factor fires
like a full one but a hit scores only its fraction of the shot weight.
"""

from __future__ import annotations

import copy
import math
from fractions import Fraction
from typing import Any, Mapping, Sequence

from umpire.core.values import Value
from umpire.core.dice import DiceNeed
from umpire.core.state import Resolution, Step, has_state
from umpire.rules.dguts.commands_common import MAX_GUNS
from umpire.rules.dguts.damage import DamageOutcome, apply_damage, changed, fouled_masts
from umpire.rules.dguts.fireorder import OPTIONS, FireOrder, fire_order, max_range, range_band
from umpire.rules.dguts.model import Aim, BadInput, Bearing, Rake, RangeBand, Refused, rule
from umpire.rules.dguts.repairs import dismount_guns
from umpire.rules.dguts.tables import Tables, cite, tables_or_default

__all__ = ["OPTIONS", "FireOrder", "FirePlan", "fire_dice_needed", "fire_order", "max_range",
           "plan_fire", "range_band", "resolve_fire"]

_DEAD = ("sunk", "exploded")
_STRUCK = ("surrendered", "captured")


class Die(Value):
    """One die of a fire: which guns it stands for and what share of a factor."""

    __slots__ = ("label", "key", "calibre", "carronade", "amount")
    label: str
    key: str
    calibre: int
    carronade: bool
    amount: Fraction

    def __init__(self, label: str, key: str, calibre: int, carronade: bool, amount: Fraction) -> None:
        self._set(label=label, key=key, calibre=calibre, carronade=carronade, amount=amount)


class FirePlan(Value):
    """Everything decided before the dice: band, aim, dice and multipliers."""

    __slots__ = ("band", "aim", "dice", "multipliers", "opening", "crew_used", "working")
    band: RangeBand
    aim: Aim
    dice: tuple[Die, ...]
    multipliers: tuple[tuple[str, Fraction, str], ...]
    opening: bool
    crew_used: Fraction
    working: tuple[Step, ...]

    def __init__(self, band: RangeBand, aim: Aim, dice: tuple[Die, ...],
                 multipliers: tuple[tuple[str, Fraction, str], ...], opening: bool, crew_used: Fraction,
                 working: tuple[Step, ...] = ()) -> None:
        self._set(band=band, aim=aim, dice=dice, multipliers=multipliers, opening=opening, crew_used=crew_used,
                  working=working)


def plan_fire(firer: Mapping[str, Any], firer_state: Mapping[str, Any], target: Mapping[str, Any],
              target_state: Mapping[str, Any], order: FireOrder,
              tables: Tables | None = None) -> FirePlan:
    """Check the order against the rules and work out the dice and multipliers."""
    t = tables_or_default(tables)
    steps: list[Step] = []
    try:
        _check_can_fire(firer_state, target_state, order)
    except Refused as exc:   # the refusal names the ship it is about
        raise Refused(f"{firer.get('name') or 'the firing ship'}: {exc}") from None
    land = firer.get("kind") == "land_battery"
    long_reach = order.anchored or land
    band = _chaser_band(order, t) or range_band(order.range_inches, long_reach, t, firer.get("range_bands"))
    steps.append(Step("range", f"{order.range_inches:g}\" is {band.value} range"
                      + (" (anchored or land guns: bands x3/2)" if long_reach else "")
                      + (" (the ship's own bands: " + ", ".join(f'{k} {v:g}"' for k, v in firer["range_bands"].items())
                         + ")" if firer.get("range_bands") else ""), cite(t, "fire", "bands")))
    aim = _aim(order, band, steps, t)
    _check_shot_and_rake(order, band, t)
    groups = _guns_bearing(firer, firer_state, order, t, steps)
    if "chasers" in order.options and order.bearing in (Bearing.BOW, Bearing.STERN):
        if order.range_inches > float(t.get("advanced", "chasers", "reach_inches")):
            raise Refused(f"range {order.range_inches:g}\": chasers reach "
                          f"{float(t.get('advanced', 'chasers', 'reach_inches')):g}\"")
    else:
        groups = _in_range(groups, order, long_reach, t, steps)
    dice, crew_used = _crew_limited_dice(groups, firer_state, order, steps)
    if not dice:
        away = [x.value for x in steps if x.step == "crew elsewhere"]
        raise Refused("no guns can fire: " + (steps[-1].value if steps else "none bear")
                      + (f"; {away[0]}" if away else ""))
    opening = _opening_available(firer, firer_state, order, t)
    mults = _multipliers(firer, firer_state, order, opening, t)
    mults += _battery_state(firer, firer_state, t)
    return FirePlan(band, aim, tuple(dice), tuple(mults), opening, crew_used, tuple(steps))


def _check_can_fire(firer_state: Mapping[str, Any], target_state: Mapping[str, Any],
                    order: FireOrder) -> None:
    if firer_state.get("studding_sails") and not order.chasers_below:
        raise Refused("with studding sails set she can fire neither broadside nor upper deck chase guns "
                      "(chase guns mounted below: --opt chasers_below=1)")
    if firer_state["status"] in _DEAD or firer_state["status"] in _STRUCK:
        raise Refused(f"the firing ship {has_state(firer_state['status'])} and cannot fire")
    if firer_state.get("morale") == "surrendered":
        raise Refused("the firing ship's crew has surrendered and cannot fire")
    if target_state["status"] in _DEAD:
        raise Refused(f"the target {has_state(target_state['status'])}")
    if target_state["status"] in _STRUCK:
        raise Refused(f"the target has struck ({target_state['status']}); fire is refused")
    fired = firer_state.get("fired_this_turn", {})
    if order.bearing in (Bearing.LEFT, Bearing.RIGHT):
        if fired.get(order.bearing.value, 0) > 0:
            raise Refused(f"the {order.bearing.value} broadside has already fired this turn")
    else:
        if fired.get("left", 0) > 0 and fired.get("right", 0) > 0:
            raise Refused("chasers cannot fire: both broadsides have fired this turn")
        if fired.get(order.bearing.value, 0) > 0:
            raise Refused(f"the {order.bearing.value} chaser has already fired this turn")


def _chaser_band(order: FireOrder, t: Tables) -> RangeBand | None:
    """Advanced Optional 8: chasers fire beyond 16" to 20" on the D table."""
    if "chasers" not in order.options or order.bearing not in (Bearing.BOW, Bearing.STERN):
        return None
    top = float(t.get("fire", "bands", "max_inches")["D"])
    if top < order.range_inches <= float(t.get("advanced", "chasers", "reach_inches")):
        return RangeBand.D
    return None


def advanced_chasers(firer: Mapping[str, Any], end: str, tables: Tables | None = None) -> tuple[str, Fraction]:
    """(calibre key, fire factors) of a ship's bow or stern chasers by Advanced Optional 8."""
    t = tables_or_default(tables)
    row = t.get("advanced", "chasers")
    factors = firer["fire_factors"]
    longs = sorted((int(k), k) for k, f in factors.items() if not f["carronade"])
    carrs = sorted((int(k.removesuffix("C")), k) for k, f in factors.items() if f["carronade"])
    if end == "bow":
        fit = [k for c, k in longs if c <= int(row["bow_largest_long"])] or \
              [k for c, k in carrs if c <= int(row["bow_largest_carronade"])]
        if not fit:
            raise Refused("no gun of the ship is light enough to be a bow chaser (12# long or 68# carronade at most)")
        return fit[-1], Fraction(int(row["bow_guns"]))
    # "rounding all fractions off to the nearest whole": a half rounds up (not to the even number)
    guns = math.floor(int(firer["rate"]) * Fraction(str(row["stern_share_of_rate"])) + Fraction(1, 2))
    if guns <= 0 or not (longs or carrs):
        raise Refused("she carries no stern chasers (a tenth of her rate rounds to none)")
    per = Fraction(str(row["stern_guns_per_factor_us" if firer.get("nation") == "american" else "stern_guns_per_factor"]))
    count = guns if guns <= 2 else math.floor(guns / per + Fraction(1, 2))
    return (longs or carrs)[-1][1], Fraction(count)


def _aim(order: FireOrder, band: RangeBand, steps: list[Step], t: Tables) -> Aim:
    if band.value in t.get("fire", "table", "always_high"):
        if order.aim is not Aim.HIGH:
            steps.append(Step("aim", f"{band.value} range is always aimed high", cite(t, "fire", "table")))
        return Aim.HIGH
    steps.append(Step("aim", order.aim.value, cite(t, "fire", "table")))
    return order.aim


def _check_shot_and_rake(order: FireOrder, band: RangeBand, t: Tables) -> None:
    bands = t.get("single-ship", "shot_types", order.shot.value, "bands")
    if band.value not in bands:
        raise Refused(f"{order.shot.value} shot reaches only {'/'.join(bands)} range; "
                      f"this is {band.value} range")
    if order.rake is not Rake.NONE and band.value not in t.get("fire", "multipliers", "rake_bands"):
        raise Refused(f"a rake is possible only at {'/'.join(t.get('fire', 'multipliers', 'rake_bands'))} "
                      f"range; this is {band.value} range")
    if order.rake is not Rake.NONE and order.bearing not in (Bearing.LEFT, Bearing.RIGHT):
        raise BadInput("rake: give the broadside that rakes (left or right), not a chaser")


def _frac(value: Any) -> Fraction:
    """A stored fire factor back as an exact fraction (3.6666... -> 11/3)."""
    return Fraction(float(value)).limit_denominator(1000)


def _decimal(value: Any) -> Fraction:
    """A stored crew figure as the decimal it is (0.9354 stays 0.9354)."""
    return Fraction(str(float(value)))


def _guns_bearing(firer: Mapping[str, Any], state: Mapping[str, Any], order: FireOrder,
                  t: Tables, steps: list[Step]) -> list[tuple[str, Fraction]]:
    """(calibre key, fire factors) for the guns that bear."""
    factors = firer["fire_factors"]
    if firer.get("kind") == "land_battery":
        per_gun = Fraction(t.get("fire", "land", "guns_per_factor"))
        groups = [(k, Fraction(row["guns"]) / per_gun) for k, row in factors.items()]
        steps.append(Step("land guns", "one die for each gun", cite(t, "fire", "land")))
    elif order.bearing in (Bearing.BOW, Bearing.STERN) and "chasers" in order.options:
        groups = [advanced_chasers(firer, order.bearing.value, t)]
        steps.append(Step("chasers", f"{order.bearing.value}: {float(groups[0][1]):g} factors of "
                          f"{groups[0][0].removesuffix('C')}#{'C' if groups[0][0].endswith('C') else ''}, "
                          "a table better", cite(t, "advanced", "chasers")))
    elif order.bearing in (Bearing.BOW, Bearing.STERN):
        key = firer["chasers"][order.bearing.value]
        if not key:
            raise Refused(f"the ship has no {order.bearing.value} chaser")
        groups = [(key, Fraction(t.get("guns", "chasers", "factors")))]
        steps.append(Step("chaser", f"{order.bearing.value} chaser: one factor of {key}#, full damage",
                          cite(t, "guns", "chasers")))
    else:
        groups = [(k, _frac(row["per_side"])) for k, row in factors.items() if row["per_side"] > 0]
        blocking = sum(1 for m in fouled_masts(state) if m["side"] == order.bearing.value)
        if blocking:
            share = max(Fraction(0), 1 - blocking * t.num("single-ship", "mast_loss", "blocked_guns_share"))
            groups = [(k, f * share) for k, f in groups]
            steps.append(Step("fouled mast", f"{blocking} fouled: a third of the {order.bearing.value} guns "
                              "cannot fire for each", cite(t, "single-ship", "mast_loss")))
    out = int(state.get("guns_dismounted", 0))
    if "dismounted-guns" in order.options and out and firer.get("kind") != "land_battery":
        share = 1 - Fraction(out, int(firer["guns_total"]))
        groups = [(k, f * share) for k, f in groups]
        steps.append(Step("dismounted guns", f"{out} of {firer['guns_total']} guns out: factors x{share}",
                          cite(t, "repairs", "dismounting")))
    if order.calibres:
        wanted = set(order.calibres)
        missing = wanted - {k for k, _ in groups}
        if missing:
            raise BadInput(f"calibre {sorted(missing)[0]!r}: these guns do not bear; bearing guns are "
                           f"{', '.join(k for k, _ in groups)}")
        groups = [(k, f) for k, f in groups if k in wanted]
    return sorted(groups, key=lambda g: (-int(g[0].removesuffix("C")), g[0].endswith("C")))


def _in_range(groups: list[tuple[str, Fraction]], order: FireOrder, long_reach: bool,
              t: Tables, steps: list[Step]) -> list[tuple[str, Fraction]]:
    kept = []
    for key, factors in groups:
        reach = max_range(key, long_reach, t)
        label = f"{key.removesuffix('C')}#{'C' if key.endswith('C') else ''}"
        if reach is None:
            steps.append(Step("max range", f"{label}: not legible in the text, not checked",
                              cite(t, "guns", "carronades" if key.endswith("C") else "long_guns")))
            kept.append((key, factors))
        elif Fraction(str(order.range_inches)) > reach:
            steps.append(Step("max range", f"{label} reaches {float(reach):g}\": out of range",
                              cite(t, "guns", "carronades" if key.endswith("C") else "long_guns")))
        else:
            kept.append((key, factors))
    if groups and not kept:
        longest = max((max_range(k, long_reach, t) or Fraction(0)) for k, _ in groups)
        raise Refused(f"range {order.range_inches:g}\": beyond every gun that bears "
                      f"(longest reach {float(longest):g}\")")
    return kept


#: the most dice one fire rolls: a ship carries at most MAX_GUNS guns, so a broadside has far fewer
#: fire factors; more comes only from a hand-edited game file
MAX_FIRE_DICE = 2 * MAX_GUNS


def _crew_limited_dice(groups: list[tuple[str, Fraction]], state: Mapping[str, Any],
                       order: FireOrder, steps: list[Step]) -> tuple[list[Die], Fraction]:
    """One die per factor, as far as the crew detailed to the guns reaches (Basic Rules VIII.A)."""
    busy = sum(_decimal(v) for v in state.get("fired_this_turn", {}).values())
    away = _decimal(state.get("crew_elsewhere", 0.0))     # the crew ledger's other duties (crew.py)
    free = max(Fraction(0), _decimal(state["crew_factors"]) - busy - away)
    if away:
        steps.append(Step("crew elsewhere", f"{float(away):.4g} CF not at the guns "
                          f"({state.get('crew_elsewhere_at', '')}): {float(free):.4g} CF free for them",
                          rule("Basic Rules VIII.A, IX.A")))
    crew = free
    if order.crew_detailed is not None:
        wanted = _decimal(order.crew_detailed)
        if wanted > free:
            raise Refused(f"crew {order.crew_detailed:g}: only {float(free):.4g} CF are free for the guns")
        crew = wanted
    wanted_total = sum((f for _, f in groups), Fraction(0))
    dice: list[Die] = []
    left = crew
    for key, factors in groups:
        calibre, carr = int(key.removesuffix("C")), key.endswith("C")
        label = f"{calibre}#{'C' if carr else ''}"
        whole, part = divmod(factors, 1)
        for n in range(1, int(whole) + (2 if part else 1)):    # lazily: a hand-edited factor may be huge
            share = Fraction(1) if n <= whole else part
            if len(dice) >= MAX_FIRE_DICE:
                raise BadInput(f"more than {MAX_FIRE_DICE} fire factors bear: no broadside fires so many "
                               f"({MAX_GUNS} guns at most); the game file has been changed by hand: `umpire verify` "
                               "shows where")
            use = min(share, left)
            if use <= 0:
                break
            left -= use
            frac_note = "" if use == 1 else f" ({use})" if use.denominator < 1000 else f" ({float(use):.4g})"
            dice.append(Die(f"{label}-{n}{frac_note}", key, calibre, carr, use))
    used = crew - left
    if used < wanted_total:
        steps.append(Step("crew at the guns", f"{float(crew):.4g} CF man {float(used):.4g} of "
                          f"{float(wanted_total):.4g} fire factors", rule("Basic Rules VIII.A")))
    return dice, used


def _opening_available(firer: Mapping[str, Any], state: Mapping[str, Any], order: FireOrder,
                       t: Tables) -> bool:
    """The 3/2 opening broadside: the first turn a ship fires broadside guns (VIII.D)."""
    if order.bearing not in (Bearing.LEFT, Bearing.RIGHT) or not firer.get("opening_broadside"):
        return False
    if "opening-nations" in order.options and firer["nation"] not in t.get("advanced", "opening_broadside", "nations"):
        return False
    if state["opening_broadside"].get(order.bearing.value):
        return False
    first = int(state["opening_broadside_turn"])
    return first < 0 or first == int(state["turn"])


def morale_fire_multiplier(morale: str, tables: Tables | None = None) -> Fraction:
    """Fire multiplier for a crew's morale state (Basic Rules IX table)."""
    t = tables_or_default(tables)
    return t.num("morale", "states", morale, "fire", what=f"the fire multiplier of a {morale} crew")


def _multipliers(firer: Mapping[str, Any], state: Mapping[str, Any], order: FireOrder, opening: bool,
                 t: Tables) -> list[tuple[str, Fraction, str]]:
    out: list[tuple[str, Fraction, str]] = []
    if opening:
        out.append(("opening broadside", t.num("fire", "multipliers", "opening_broadside"),
                    cite(t, "fire", "multipliers")))
    if order.rake is not Rake.NONE:
        if order.rake is Rake.STERN and "stern-rake" in order.options:
            out.append(("stern rake", t.num("advanced", "rakes", "stern"), cite(t, "advanced", "rakes")))
        else:
            out.append((f"{order.rake.value} rake", t.num("fire", "multipliers", "rake"),
                        cite(t, "fire", "multipliers")))
    morale = str(state.get("morale", "normal"))
    factor = morale_fire_multiplier(morale, t)
    if factor != 1:
        out.append((f"{morale} crew", factor, cite(t, "morale", "states")))
    if order.firing_speed != 1:
        out.append(("firing speed", order.firing_speed, cite(t, "single-ship", "firing_speed")))
    return out


def _battery_state(firer: Mapping[str, Any], state: Mapping[str, Any],
                   t: Tables) -> list[tuple[str, Fraction, str]]:
    """A land battery that has taken half the points that silence it fires at half (VIII.E)."""
    if firer.get("kind") != "land_battery":
        return []
    silence = battery_silence_points(firer, t)
    low = Fraction(str(state["damage_low"]))
    if low >= silence:
        raise Refused(f"the battery is silenced ({float(low):g} of {float(silence):g} points low)")
    if low * 2 >= silence:
        return [("battery half silenced", t.num("batteries", "silenced", "half_fire_share"),
                 cite(t, "batteries", "silenced"))]
    return []


def battery_silence_points(values: Mapping[str, Any], tables: Tables | None = None) -> Fraction:
    """Points low that silence a land battery: per 6 guns, by protection (VIII.E)."""
    t = tables_or_default(tables)
    protection = str(values.get("protection", "open"))
    per_six = t.num("batteries", "silenced", protection, what=f"silencing points for a {protection} battery")
    return per_six * Fraction(int(values["guns_total"]), int(t.get("batteries", "silenced", "guns")))


def fire_dice_needed(firer: Mapping[str, Any], firer_state: Mapping[str, Any],
                     target: Mapping[str, Any], target_state: Mapping[str, Any], order: FireOrder,
                     tables: Tables | None = None) -> DiceNeed:
    """The dice a fire needs: one d6 per fire factor, in the documented order."""
    plan = plan_fire(firer, firer_state, target, target_state, order, tables)
    return DiceNeed(len(plan.dice), 6, tuple(d.label for d in plan.dice))


def _entry(plan: FirePlan, die: Die, roll: int, order: FireOrder, t: Tables) -> tuple[str, str]:
    """(fire table entry, which table) for one die."""
    if "point-blank" in order.options and order.range_inches < float(t.get("advanced", "point_blank", "below_inches")):
        return t.get("advanced", "point_blank", "table")[roll - 1], "point blank"
    band = plan.band.value
    if "chasers" in order.options and order.bearing in (Bearing.BOW, Bearing.STERN):
        if order.range_inches < float(t.get("advanced", "chasers", "point_blank_below")):
            return t.get("advanced", "point_blank", "table")[roll - 1], "point blank (chaser)"
        better = t.get("advanced", "chasers", "better_band").get(band, band)
        aim = Aim.HIGH if better in t.get("fire", "table", "always_high") else plan.aim
        return t.get("fire", "table", better, aim.value)[roll - 1], f"{better} {aim.value} (chaser)"
    if die.carronade and "carronade-accuracy" in order.options:
        band = t.get("advanced", "carronades", "table_for_band").get(band, band)
    aim = Aim.HIGH if band in t.get("fire", "table", "always_high") else plan.aim
    return t.get("fire", "table", band, aim.value)[roll - 1], f"{band} {aim.value}"


def _shot_weight(firer: Mapping[str, Any], plan: FirePlan, order: FireOrder,
                 t: Tables) -> dict[str, Fraction]:
    if "shot-weight" not in order.options or plan.band.value not in t.get("single-ship", "shot_weight", "bands"):
        return {}
    row = t.find("single-ship", "shot_weight", firer["nation"])
    if not isinstance(row, Mapping):
        return {}
    if row.get("needs_firing_speed") and order.firing_speed == 1:
        return {}
    return {k: Fraction(str(v)) for k, v in row.items() if k in ("high", "low")}


def resolve_fire(firer: Mapping[str, Any], firer_state: Mapping[str, Any], target: Mapping[str, Any],
                 target_state: Mapping[str, Any], order: FireOrder, rolls: Sequence[int],
                 tables: Tables | None = None, plan: FirePlan | None = None) -> Resolution:
    """Resolve a fire with the rolled dice; effects hold the new target and firer values. `plan` is
    this fire's `plan_fire`, when the caller has it already (the odds resolve one fire for many rolls)."""
    t = tables_or_default(tables)
    plan = plan or plan_fire(firer, firer_state, target, target_state, order, t)
    rolls = DiceNeed(len(plan.dice), 6, tuple(d.label for d in plan.dice)).check(rolls)
    steps = list(plan.working)
    steps += [Step("multiplier", f"{name} x{factor}", src) for name, factor, src in plan.multipliers]
    (high, low, crew_only), hits = _score(firer, plan, order, rolls, steps, t)
    if target.get("kind") == "land_battery" and high:
        steps.append(Step("land battery", f"{float(high):g} points high disregarded", cite(t, "batteries", "silenced")))
        high = Fraction(0)
    if target_state.get("studding_sails") and high:
        high *= t.num("tasks", "studding_sails", "high_damage")
        steps.append(Step("studding sails", "the target's studding sails: hits high x3/2",
                          cite(t, "tasks", "studding_sails")))
    steps.append(Step("damage", f"{float(high):g} high, {float(low):g} low"
                      + (f", {float(crew_only):g} crew only" if crew_only else ""), cite(t, "fire", "table")))
    outcome = _damage_target(target, target_state, order, (high, low, crew_only), steps, t)
    new_firer = _firer_after(firer_state, order, plan)
    effects = {"target": changed(target_state, outcome.state), "firer": changed(firer_state, new_firer)}
    data = {"rolls": list(rolls), "band": plan.band.value, "aim": plan.aim.value,
            "damage": {"high": round(float(high), 4), "low": round(float(low), 4),
                       "crew_only": round(float(crew_only), 4)},
            "morale_checks": outcome.state["morale_checks_owed"], "morale_checks_new": outcome.checks_new,
            "masts_lost_new": outcome.masts_new, "opening_broadside": plan.opening, "hits": hits,
            "explain": [s.text() for s in steps]}
    return Resolution(changes=effects, working=list(steps), data=data)


def _score(firer: Mapping[str, Any], plan: FirePlan, order: FireOrder, rolls: Sequence[int],
           steps: list[Step], t: Tables) -> tuple[tuple[Fraction, Fraction, Fraction], list[dict]]:
    """Look up each die on the fire table; return (high, low, crew-only) points and the hits."""
    total = math.prod((f for _, f, _ in plan.multipliers), start=Fraction(1))
    shot = t.get("single-ship", "shot_types", order.shot.value)
    weight = _shot_weight(firer, plan, order, t)
    hits = []
    source = cite(t, "fire", "table")
    # dice alike score alike: each entry and each die's points are worked out once, then counted
    entries: dict[tuple[bool, int], tuple[str, str]] = {}
    scored: dict[tuple[int, Fraction, str], tuple[Fraction, Fraction, Fraction]] = {}
    counts: dict[tuple[int, Fraction, str], int] = {}
    for die, roll in zip(plan.dice, rolls):
        if (die.carronade, roll) not in entries:
            entries[die.carronade, roll] = _entry(plan, die, roll, order, t)
        entry, table = entries[die.carronade, roll]
        key = (die.calibre, die.amount, entry)
        if key not in scored:
            scored[key] = _die_points(die, entry, shot, weight, total)
        points = scored[key]
        counts[key] = counts.get(key, 0) + 1
        hits.append({"die": die.label, "roll": roll, "result": entry,
                     "high": float(points[0]), "low": float(points[1])})
        steps.append(Step(die.label, f"rolled {roll} on {table}: {_describe(entry, *points)}", source))
    sums = [sum((scored[k][i] * n for k, n in counts.items() if scored[k][i]), Fraction(0)) for i in range(3)]
    return (sums[0], sums[1], sums[2]), hits


def _damage_target(target: Mapping[str, Any], state: Mapping[str, Any], order: FireOrder,
                   points: tuple[Fraction, Fraction, Fraction], steps: list[Step], t: Tables) -> DamageOutcome:
    """Apply the points to the target; with the dismounted-guns option, knock guns off too."""
    high, low, crew_only = (float(p) for p in points)
    outcome = apply_damage(target, state, high, low, crew_only, t)
    steps.extend(outcome.working)
    if "dismounted-guns" in order.options and low:
        after = dismount_guns(target, outcome.state, low, order.rake is not Rake.NONE, t)
        if after["guns_dismounted"] != outcome.state["guns_dismounted"]:
            steps.append(Step("guns dismounted", f"{after['guns_dismounted']} guns now out",
                              cite(t, "repairs", "dismounting")))
        outcome = DamageOutcome(after, outcome.working, outcome.masts_new, outcome.marks_new, outcome.checks_new)
    return outcome


def _die_points(die: Die, entry: str, shot: Mapping[str, Any], weight: Mapping[str, Fraction],
                total: Fraction) -> tuple[Fraction, Fraction, Fraction]:
    """(high, low, crew-only low) points scored by one die."""
    if entry == "-":
        return Fraction(0), Fraction(0), Fraction(0)
    base = die.calibre * die.amount * (Fraction(1, 2) if entry.endswith("/2") else 1) * total
    if entry.startswith("H"):
        return base * Fraction(str(shot["high"])) * (1 + weight.get("high", 0)), Fraction(0), Fraction(0)
    low = base * Fraction(str(shot["low"])) * (1 + weight.get("low", 0))
    return Fraction(0), low, base * Fraction(str(shot["crew_only_extra"]))


def _describe(entry: str, high: Fraction, low: Fraction, crew: Fraction) -> str:
    if entry == "-":
        return "miss"
    where = "high" if entry.startswith("H") else "low"
    half = " at half value" if entry.endswith("/2") else ""
    pts = float(high if where == "high" else low)
    extra = f" (+{float(crew):g} crew only)" if crew else ""
    return f"hits {where}{half}, {pts:g} points{extra}"


def _firer_after(state: Mapping[str, Any], order: FireOrder, plan: FirePlan) -> dict:
    new = copy.deepcopy(dict(state))
    fired = dict(new.get("fired_this_turn", {}))
    fired[order.bearing.value] = round(float(fired.get(order.bearing.value, 0)) + float(plan.crew_used), 4)
    new["fired_this_turn"] = fired
    if plan.opening:
        new["opening_broadside"] = {**new["opening_broadside"], order.bearing.value: True}
        new["opening_broadside_turn"] = int(state["turn"])
    return new
