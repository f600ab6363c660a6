"""Speed (Basic Rules IV and VI; Single-Ship Rules A; Optional Gun Weight and Tonnage).

The base speed by class and wind force is lost from the text except for a
Class III ship at Force 6 (12"), so it is normally an input. The point of
sail multiplies it; losses and gains in percent (sails and masts down, a
turn, a fouled mast, special damage, sailing class, gun weight) are added
together and applied to that speed.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping

from umpire.core.state import Resolution, Step
from umpire.rules.dguts.damage import fouled_masts, speed_share
from umpire.rules.dguts.model import BadInput, PointOfSail, SailingClass
from umpire.rules.dguts.tables import Tables, cite, tables_or_default

SPEED_OPTIONS = ("gun-weight", "seamanship")


def base_speed(ship_class: int, wind_force: int, tables: Tables | None = None) -> Fraction:
    """Base speed in inches from the (mostly lost) class and wind force chart."""
    t = tables_or_default(tables)
    return Fraction(str(t.get("speed", "base_speed", str(ship_class), str(wind_force),
                              what=f"the base speed of a Class {ship_class} ship in wind force {wind_force}")))


def _base(values: Mapping[str, Any], base: Any, wind_force: Any, t: Tables) -> tuple[Fraction, str]:
    if base is not None:
        value = Fraction(str(float(base)))
        if value < 0:
            raise BadInput(f"base speed {base!r}: inches, 0 or more")
        return value, "given"
    if wind_force is None:
        raise BadInput("speed: give the base speed in inches (the text's chart by wind force is lost) "
                       "or a wind force the chart covers")
    return base_speed(int(values["class"]), int(wind_force), t), cite(t, "speed", "base_speed")


def gun_weight_bonus(values: Mapping[str, Any], tables: Tables | None = None) -> Fraction:
    """Half the difference between 100% and the gun weight as a share of tonnage."""
    t = tables_or_default(tables)
    gunned = Fraction(str(values["gun_weight"])) / Fraction(str(values["tons"]))
    return (1 - gunned) * t.num("single-ship", "gun_weight", "bonus_share")


def turn_penalty(nation: str, extra: Any = None, seamanship: bool = False,
                 tables: Tables | None = None) -> Fraction:
    """Speed lost for a turn: 10%; with Seamanship, U.S. 5%, others but Britain 5-15% more."""
    t = tables_or_default(tables)
    basic = t.num("speed", "turning", "penalty")
    if not seamanship:
        return basic
    special = t.get("nations", "seamanship", "turn_penalty")
    if nation in special:
        return Fraction(special[nation])
    if nation == "british":
        return basic
    low, high = (t.num("nations", "seamanship", k) for k in ("extra_turn_penalty_min", "extra_turn_penalty_max"))
    if extra is None:
        raise BadInput(f"seamanship: give the extra turning penalty for a {nation} ship, "
                       f"{float(low):.0%} to {float(high):.0%}")
    more = Fraction(str(extra))
    if not low <= more <= high:
        raise BadInput(f"extra turn penalty {extra!r}: between {float(low):g} and {float(high):g}")
    return basic + more


def jury_rig_share(turns: int, tables: Tables | None = None) -> Fraction:
    """Speed of a dismasted ship under jury rig after `turns` of work (Basic Rules IV)."""
    t = tables_or_default(tables)
    row = t.get("speed", "jury_rig")
    steps = max(0, int(turns)) // int(row["turns_per_step"])
    return min(t.num("speed", "jury_rig", "maximum"), steps * t.num("speed", "jury_rig", "per_step"))


def ship_speed(values: Mapping[str, Any], state: Mapping[str, Any], point_of_sail: Any,
               base: Any = None, wind_force: Any = None, turned: bool = False,
               jury_rig_turns: int = 0, options: tuple[str, ...] = (), extra_turn_penalty: Any = None,
               tables: Tables | None = None) -> Resolution:
    """Speed this turn in inches, with the working; data: speed, full_speed, base."""
    t = tables_or_default(tables)
    for name in set(options) - set(SPEED_OPTIONS):
        raise BadInput(f"speed option {name!r}: use {', '.join(SPEED_OPTIONS)}")
    pos = PointOfSail.parse(point_of_sail)
    start, src = _base(values, base, wind_force, t)
    steps = [Step("base speed", f'{float(start):g}"', src)]
    factor = t.num("speed", "point_of_sail", pos.value)
    steps.append(Step("point of sail", f"{pos.value} x{factor}", cite(t, "speed", "point_of_sail")))
    change, more = _changes(values, state, jury_rig_turns, options, t)
    steps += more
    full = max(Fraction(0), start * factor * (1 + change))
    speed = full
    if turned:
        pen = turn_penalty(values["nation"], extra_turn_penalty, "seamanship" in options, t)
        speed = max(Fraction(0), start * factor * (1 + change - pen))
        steps.append(Step("turn", f"-{float(pen):.0%}", cite(t, "speed", "turning")))
    steps.append(Step("speed", f'{float(speed):.3g}" (full speed {float(full):.3g}")', cite(t, "speed")))
    data = {"speed": round(float(speed), 4), "full_speed": round(float(full), 4),
            "base": float(start), "explain": [s.text() for s in steps]}
    return Resolution(working=list(steps), data=data)


def _changes(values: Mapping[str, Any], state: Mapping[str, Any], jury_rig_turns: int,
             options: tuple[str, ...], t: Tables) -> tuple[Fraction, list[Step]]:
    """The sum of percentage losses (negative) and gains, with a step for each."""
    steps: list[Step] = []
    dismasted = int(state["masts_lost"]) >= int(values["masts"]) and not int(state.get("jury_masts", 0))
    if dismasted:
        share = jury_rig_share(jury_rig_turns, t)
        steps.append(Step("dismasted", f"jury rig after {jury_rig_turns} turns: {float(share):.0%} speed",
                          cite(t, "speed", "jury_rig")))
        return share - 1, steps
    lost, why = speed_share(values, state, t)
    change = -lost
    if lost:
        steps.append(Step("sails and masts", why, cite(t, "speed", "rigging")))
    fouled = len(fouled_masts(state))
    if fouled:
        pen = t.num("speed", "fouled_mast", "penalty") * fouled
        change -= pen
        steps.append(Step("fouled mast", f"{fouled} fouled: -{float(pen):.0%}", cite(t, "speed", "fouled_mast")))
    for item in state.get("speed_penalties", []):
        pen = Fraction(str(item["share"]))
        change -= pen
        steps.append(Step("damage", f"{item.get('why', 'special damage')}: -{float(pen):.0%}",
                          cite(t, "special-damage")))
    if state.get("studding_sails"):
        gain = t.num("tasks", "studding_sails", "speed")
        change += gain
        steps.append(Step("studding sails", f"+{float(gain):.0%}", cite(t, "tasks", "studding_sails")))
    light = sum(Fraction(str(v)) for v in state.get("lightened", {}).values())
    if light:
        change += light
        steps.append(Step("lightened", f"+{float(light):.0%} ({', '.join(state['lightened'])})",
                          cite(t, "tasks", "lightening")))
    sail_class = SailingClass.parse(values.get("sailing_class", "c"))
    bonus = t.num("speed", "sailing_class", sail_class.value)
    if bonus:
        change += bonus
        steps.append(Step("sailing class", f"{sail_class.value.upper()} {float(bonus):+.0%}",
                          cite(t, "speed", "sailing_class")))
    if "gun-weight" in options:
        gw = gun_weight_bonus(values, t)
        change += gw
        steps.append(Step("gun weight", f"{float(gw):+.1%}", cite(t, "single-ship", "gun_weight")))
    return change, steps


def headway(previous: float, full_speed: float, wanted: float, into_wind: bool = False,
            tables: Tables | None = None) -> float:
    """Speed allowed this turn: at most half the full speed gained or lost (Basic Rules VI).

    Turning into the wind stops the ship at once.
    """
    t = tables_or_default(tables)
    if min(previous, full_speed, wanted) < 0:
        raise BadInput("headway: speeds are inches, 0 or more")
    if into_wind:
        return 0.0
    step = float(t.num("speed", "headway", "max_change")) * full_speed
    return round(min(full_speed, max(previous - step, min(previous + step, wanted))), 4)
