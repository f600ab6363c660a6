"""A ship blowing up, and explosive ships (Optional Rules: Burning Ships, Special Vessels)."""

from __future__ import annotations

import copy
import math
from fractions import Fraction
from typing import Any, Mapping

from umpire.core.state import Resolution, Step
from umpire.rules.dguts.damage import apply_damage, changed
from umpire.rules.dguts.model import BadInput
from umpire.rules.dguts.tables import Tables, cite, tables_or_default


def _distance(value: Any) -> float:
    try:
        inches = float(value)
    except (TypeError, ValueError):
        raise BadInput(f"distance {value!r}: inches, 0 or more") from None
    if inches < 0 or math.isnan(inches):
        raise BadInput(f"distance {value!r}: inches, 0 or more")
    return inches


def explosion_damage(armament_lb: float, distance: float, tables: Tables | None = None) -> tuple[int, int]:
    """(low, high) points on a ship `distance` inches from one that explodes.

    Half the armament's weight low within 1", half that within 2", a quarter
    of it up to 4"; high is half the low; whole points, rounded down.
    """
    t = tables_or_default(tables)
    inches = _distance(distance)
    base = Fraction(armament_lb) * t.num("explosion", "magazine", "armament_share")
    high_share = t.num("explosion", "magazine", "high_share")
    for ring in t.get("explosion", "magazine", "rings"):
        if inches <= float(ring["up_to_inches"]):
            low = base * Fraction(str(ring["share"]))
            return math.floor(low), math.floor(low * high_share)
    return 0, 0


def explosive_ship_damage(distance: float, tables: Tables | None = None) -> tuple[int, int]:
    """(low, high) points from an explosive ship going up `distance` inches away."""
    t = tables_or_default(tables)
    inches = _distance(distance)
    for ring in t.get("explosion", "explosive_ship", "rings"):
        if inches <= float(ring["up_to_inches"]):
            return int(ring["low"]), int(ring["high"])
    return 0, 0


def resolve_explosion(exploding: Mapping[str, Any], exploding_state: Mapping[str, Any],
                      nearby: Mapping[str, tuple[Mapping[str, Any], Mapping[str, Any], float]],
                      explosive_ship: bool = False, tables: Tables | None = None) -> Resolution:
    """The exploding ship is lost with all hands; each nearby ship (id -> values, state,
    distance) takes damage by distance. Effects are keyed "ship" and by the nearby ids."""
    t = tables_or_default(tables)
    gone = copy.deepcopy(dict(exploding_state))
    gone.update(status="exploded", crew_factors=0.0)
    effects: dict = {"ship": changed(exploding_state, gone)}
    src = cite(t, "explosion", "explosive_ship" if explosive_ship else "magazine")
    steps = [Step("explosion", f"armament {exploding['armament_weight']} lb" if not explosive_ship
                  else "explosive ship", src)]
    damage: dict = {}
    for ship_id, (values, state, distance) in nearby.items():
        low, high = (explosive_ship_damage(distance, t) if explosive_ship
                     else explosion_damage(exploding["armament_weight"], distance, t))
        damage[ship_id] = {"high": high, "low": low}
        steps.append(Step(ship_id, f'{float(distance):g}": {low} low, {high} high', src))
        if low or high:
            outcome = apply_damage(values, state, high, low, 0.0, t)
            effects[ship_id] = changed(state, outcome.state)
            steps.extend(outcome.working)
    return Resolution(changes=effects, working=list(steps), data={"damage": damage, "explain": [s.text() for s in steps]})
