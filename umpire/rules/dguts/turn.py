"""End of a game turn for one ship: morale recovery, sinking countdown, short effects."""

from __future__ import annotations

import copy
from typing import Any, Mapping

from umpire.rules.dguts.model import BadInput
from umpire.rules.dguts.morale import recover_morale
from umpire.rules.dguts.special_vessels import rest_oarsmen
from umpire.rules.dguts.tables import Tables, tables_or_default

_AFLOAT = ("active", "sinking", "surrendered", "captured")


def end_of_turn(state: Mapping[str, Any], tables: Tables | None = None) -> dict:
    """The ship's state after the turn ends (Basic Rules VII.D, IX).

    Guns are free to fire again, morale counts down and recovers, and a ship in
    danger of sinking without enough crew at the pumps (or past 100% low
    damage) comes a turn nearer to going down.
    """
    t = tables_or_default(tables)
    new = recover_morale(state, t)
    new["turn"] = int(state["turn"]) + 1
    new["fired_this_turn"] = {k: 0.0 for k in state.get("fired_this_turn", {})}
    if state.get("repairs_turn") or state.get("repair_cf"):     # the crew at repairs is free again
        new["repairs_turn"], new["repair_cf"] = {}, 0.0
    new["speed_penalties"] = _count_down_penalties(state.get("speed_penalties", []))
    if int(state.get("fuse_turns", 0)) > 0:
        new["fuse_turns"] = int(state["fuse_turns"]) - 1
    if state.get("rowing"):
        new["rowing"] = rest_oarsmen(state["rowing"])
    _sinking_countdown(new, t)
    return new


def _count_down_penalties(penalties: list[Mapping[str, Any]]) -> list[dict]:
    out = []
    for item in penalties:
        turns = int(item.get("turns", -1))
        if turns < 0:
            out.append(dict(item))
        elif turns > 1:
            out.append({**item, "turns": turns - 1})
    return out


def _sinking_countdown(new: dict, t: Tables) -> None:
    band = int(new.get("sinking_band", 0))
    if band <= 0 or new["status"] not in _AFLOAT:
        return
    certain = band >= int(t.get("sinking", "certain", "percent"))
    if not certain and float(new.get("pumping_cf", 0)) + 1e-9 >= float(new["pumps_needed"]):
        return
    new["sinking_turns_left"] = int(new["sinking_turns_left"]) - 1
    if new["sinking_turns_left"] <= 0:
        new["sinking_turns_left"] = 0
        new["status"] = "sunk"


def assign_pumps(state: Mapping[str, Any], crew_factors: float) -> dict:
    """Put `crew_factors` CF on repair and pumping duty (Basic Rules VII.D)."""
    cf = float(crew_factors)
    if cf < 0 or cf > float(state["crew_factors"]) + 1e-9:
        raise BadInput(f"pumps {crew_factors!r}: between 0 and the {float(state['crew_factors']):g} CF aboard")
    new = copy.deepcopy(dict(state))
    new["pumping_cf"] = round(cf, 4)
    return new
