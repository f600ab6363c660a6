"""Special vessels and special guns (Optional Rules): galleys rowing and ramming, steam vessels'
paddle wheels, mortars from bomb ketches and forts, and howitzers."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, Mapping, Sequence

from umpire.core.dice import DiceNeed
from umpire.core.state import Resolution, Step
from umpire.rules.dguts.model import BadInput, Refused
from umpire.rules.dguts.tables import Tables, cite, tables_or_default


def galley_row_speed(values: Mapping[str, Any], state: Mapping[str, Any], battle: bool = False,
                     tables: Tables | None = None, turns: int = 0) -> tuple[float, Step]:
    """Rowing speed: 8" (12" in battle), 20% less for every tenth of her tonnage taken low, and 10% less
    for each 45-degree turn (up to four, 180 degrees, in a turn)."""
    t = tables_or_default(tables)
    row = t.get("special", "galley")
    if not 0 <= turns <= int(row["most_turns"]):
        raise BadInput(f"turns {turns}: a galley turns 0 to {row['most_turns']} times 45 degrees in a turn "
                       f"(up to {45 * int(row['most_turns'])} degrees)")
    base = float(row["row_battle" if battle else "row_normal"])
    tenths = math.floor(float(state["damage_low"]) / (float(values["tons"]) / 10) + 1e-9)
    share = max(Fraction(0), 1 - tenths * Fraction(str(row["loss_per_tenth_low"]))
                - turns * Fraction(str(row["turn_loss"])))
    speed = round(base * float(share), 4)
    turning = f", less {turns} x 10% for {45 * turns} degrees of turning" if turns else ""
    return speed, Step("rowing", f"{'battle' if battle else 'normal'} {base:g}\" less {tenths} x 20% for low "
                       f"damage{turning}: {speed:g}\"", cite(t, "special", "galley"))


def galley_stamina(tables: Tables | None = None) -> dict[str, int]:
    """The turns a galley's oarsmen can row at each pace before they must rest, and the rest a turn
    of rowing costs (Special Vessels, Galleys)."""
    t = tables_or_default(tables)
    row = t.get("special", "galley_stamina")
    per = int(row["minutes_per_turn"])
    return {"normal": int(row["normal_minutes"]) // per, "battle": int(row["battle_minutes"]) // per,
            "rest": int(row["rest_turns_per_turn"])}


def check_oarsmen(state: Mapping[str, Any], battle: bool, tables: Tables | None = None) -> str:
    """Refuse a pace the oarsmen are too spent to keep; else a note of the spell so far."""
    t = tables_or_default(tables)
    most = galley_stamina(t)
    r = state.get("rowing") or {}
    turns, hard = int(r.get("turns", 0)), int(r.get("battle_turns", 0))
    if battle and hard >= most["battle"]:
        raise Refused(f"her oarsmen have kept battle speed {hard} turns ({most['battle']} at most, twenty "
                      "minutes): row at the normal pace or rest them")
    if turns >= most["normal"]:
        raise Refused(f"her oarsmen have rowed {turns} turns without a full rest ({most['normal']} at most, "
                      "about two hours): they must rest")
    return (f"oarsmen: {turns} turn(s) rowed, {hard} at battle speed, {int(r.get('rest_owed', 0))} turn(s) of rest "
            f"owed (at most {most['normal']} turns rowing, {most['battle']} at battle speed)")


def row_a_turn(state: Mapping[str, Any], battle: bool, tables: Tables | None = None) -> dict:
    """The galley's state after a turn under oars: the spell counted, two turns' rest owed for it."""
    t = tables_or_default(tables)
    check_oarsmen(state, battle, t)
    r = dict(state.get("rowing") or {})
    r["turns"] = int(r.get("turns", 0)) + 1
    r["battle_turns"] = int(r.get("battle_turns", 0)) + (1 if battle else 0)
    r["rest_owed"] = int(r.get("rest_owed", 0)) + galley_stamina(t)["rest"]
    r["this_turn"] = True
    return r


def rest_oarsmen(rowing: Mapping[str, Any]) -> dict:
    """At the end of a turn: a turn without rowing is a turn of rest; fully rested, a new spell begins."""
    r = dict(rowing)
    if r.pop("this_turn", False):
        return r
    r["rest_owed"] = max(0, int(r.get("rest_owed", 0)) - 1)
    return r if r["rest_owed"] else {}


def resolve_ram(angled: bool, rolls: Sequence[int], tables: Tables | None = None) -> Resolution:
    """A galley crossing a ship's path: ahead, ram, astern (or at 45 degrees a side collision);
    a ram's second die is the turns the rammed ship takes to sink, the third whether they entangle."""
    t = tables_or_default(tables)
    row = t.get("special", "galley")
    first = DiceNeed(1, 6, ("ram",)).check(rolls[:1])[0]
    result = row["ram_angled" if angled else "ram_square"][first - 1]
    src = cite(t, "special", "galley")
    steps = [Step("ram", f"rolled {first}" + (" (at 45 degrees)" if angled else "") + f": {result}", src)]
    data: dict = {"result": result, "rolls": [first]}
    if result == "ram":
        sink, tangle = DiceNeed(2, 6, ("sinks in", "entangled")).check(rolls[1:3])
        data.update(sinks_in=sink, entangled=tangle in row["entangled_on"], rolls=[first, sink, tangle])
        steps.append(Step("rammed", f"dead in the water; she sinks in {sink} turns; the galley takes a raking "
                          "shot and backs off", src))
        steps.append(Step("entangled", f"rolled {tangle}: " + ("entangled" if data["entangled"] else "clear"), src))
    elif result == "collision":
        steps.append(Step("collision", "side to side: the galley's oars on that side are sheared off", src))
    return Resolution(working=list(steps), data=data)


def ram_dice(angled: bool, rolls_known: Sequence[int] = ()) -> DiceNeed:
    return DiceNeed(3, 6, ("ram", "sinks in", "entangled"))


def resolve_paddles(hits_low: int, rolls: Sequence[int], tables: Tables | None = None) -> Resolution:
    """One die for each hit low on a steam vessel: 1 or 2 jams a paddle wheel (half speed)."""
    t = tables_or_default(tables)
    rolls = DiceNeed(hits_low, 6, tuple(f"hit {i + 1}" for i in range(hits_low))).check(rolls)
    jammed = any(r in t.get("special", "steam", "paddle_on") for r in rolls)
    steps = [Step("paddle wheels", f"rolled {', '.join(map(str, rolls))}: " + ("a wheel jams: half speed under "
                  "sail" if jammed else "the wheels turn"), cite(t, "special", "steam"))]
    return Resolution(working=list(steps), data={"jammed": jammed, "rolls": list(rolls)})


def mortar_row(size: str, tables: Tables | None = None) -> dict:
    t = tables_or_default(tables)
    key = str(size).removesuffix('"').strip()
    row = t.find("special", "mortars", key)
    if not isinstance(row, Mapping):
        raise BadInput(f"mortar {size!r}: 13, 10, 8 or 5.5 (inches)")
    return dict(row)


def resolve_mortar_fall(rolls: Sequence[int], tables: Tables | None = None) -> Resolution:
    """Where the shell falls: two dice along the line of fire, two across, read on rulers crossed at 7"."""
    t = tables_or_default(tables)
    a, b, c, d = DiceNeed(4, 6, ("along 1", "along 2", "across 1", "across 2")).check(rolls)
    mark = int(t.get("special", "mortars", "ruler_mark"))
    along, across = a + b - mark, c + d - mark
    steps = [Step("fall of shot", f"along {a}+{b} = {a + b} on the ruler: {along:+d}\"; across {c}+{d} = {c + d}: "
                  f"{across:+d}\" from the aiming point", cite(t, "special", "mortars"))]
    return Resolution(working=list(steps), data={"along": along, "across": across, "rolls": [a, b, c, d]})


def resolve_mortar_hit(size: str, rolls: Sequence[int], tables: Tables | None = None) -> Resolution:
    """A shell on the target's counter: half the time on the vessel; a third of those explode."""
    t = tables_or_default(tables)
    row = mortar_row(size, t)
    vessel, burst = DiceNeed(2, 6, ("on the vessel", "explodes")).check(rolls)
    src = cite(t, "special", "mortars")
    if vessel not in t.get("special", "mortars", "vessel_on"):
        return Resolution(working=[Step("mortar", f"rolled {vessel}: the shell misses the vessel", src)],
                          data={"hit": False, "high": 0, "low": 0, "rolls": [vessel, burst]})
    bursts = burst in t.get("special", "mortars", "explode_on")
    low, high = (int(row["low"]), int(row["high"])) if bursts else (int(row["dud"]), 0)
    steps = [Step("mortar", f"rolled {vessel}: on the vessel; {burst}: " + ("it bursts" if bursts else "a dud")
                  + f", {low} low, {high} high", src)]
    return Resolution(working=list(steps), data={"hit": True, "bursts": bursts, "high": high, "low": low,
                                         "rolls": [vessel, burst]})


def howitzer_factors(guns: int, land: bool, tables: Tables | None = None) -> int:
    t = tables_or_default(tables)
    factors = math.ceil(guns / int(t.get("special", "howitzers", "guns_per_factor")))
    return factors * (2 if land else 1)


def resolve_howitzers(calibre: int, factors: int, band: str, moving: bool, rolls: Sequence[int],
                      tables: Tables | None = None) -> Resolution:
    """Percentage dice, one for each fire factor, against the chance at the range; each hit scores four
    times the shot weight. Each shell that hits may start a fire (a die: 1-3, 6 again), rolled with
    `umpire burn SHIP shell AREA ...`."""
    t = tables_or_default(tables)
    row = t.get("special", "howitzers")
    chance = row["moving" if moving else "stationary"].get(band)
    if chance is None:
        raise Refused(f"howitzers do not reach {band} range")
    rolls = DiceNeed(factors, 100, tuple(f"factor {i + 1}" for i in range(factors))).check(rolls)
    hits = sum(1 for r in rolls if r <= int(chance))
    low = hits * calibre * int(row["damage_multiplier"])
    src = cite(t, "special", "howitzers")
    steps = [Step("howitzers", f"{factors} factors at {band} range, {chance}% each ({'moving' if moving else 'stationary'} "
                  f"target), rolled {', '.join(map(str, rolls))}: {hits} hit(s), {low} points low", src)]
    if hits:
        steps.append(Step("fire", f"a die for each of the {hits} shell(s): 1-3 starts a fire on the bow or stern "
                          "deck, 6 rolls again (`umpire burn SHIP shell AREA ...`, one bow or stern area a shell)", src))
    return Resolution(working=list(steps), data={"hits": hits, "low": low, "rolls": list(rolls)})
