"""Single-ship action rules: special damage (F), loss of a mast (E), hot shot.

Special damage is rolled on two dice for every 100 points scored on a ship,
in the hull column for low damage and the spar column for high damage.
"""

from __future__ import annotations

import copy
import math
from fractions import Fraction
from typing import Any, Mapping, Sequence

from umpire.core.dice import DiceNeed
from umpire.core.state import Resolution, Step
from umpire.rules.dguts.damage import apply_damage, changed, fouled_masts
from umpire.rules.dguts.model import BadInput, Refused
from umpire.rules.dguts.tables import Tables, cite, tables_or_default

COLUMNS = ("hull", "spar")


def special_rolls_owed(points_before: float, points_after: float, tables: Tables | None = None) -> int:
    """Special damage rolls due when a ship's total damage goes from `before` to `after`."""
    t = tables_or_default(tables)
    every = float(t.get("special-damage", "check", "points_per_roll"))
    return max(0, math.floor(points_after / every + 1e-9) - math.floor(points_before / every + 1e-9))


def special_damage_dice_needed(column: str) -> DiceNeed:
    """Two dice on the hull (low) or spar (high) column."""
    if column not in COLUMNS:
        raise BadInput(f"special damage column {column!r}: use hull (low) or spar (high)")
    return DiceNeed(2, 6, (f"{column} die 1", f"{column} die 2"))


def resolve_special_damage(values: Mapping[str, Any], state: Mapping[str, Any], column: str,
                           rolls: Sequence[int], band: str = "A", broadside: bool = True,
                           gun_calibre: int = 0, tables: Tables | None = None) -> Resolution:
    """Look up and apply one special damage roll; effects {"ship": ...}."""
    t = tables_or_default(tables)
    rolls = special_damage_dice_needed(column).check(rolls)
    total = sum(rolls)
    entry = t.get("special-damage", column, str(total))
    src = cite(t, "special-damage", column)
    steps = [Step("special damage", f"{column} {total}: {entry['text']}", src)]
    new = copy.deepcopy(dict(state))
    if entry.get("broadside_only") and not broadside:
        steps.append(Step("no effect", "this result needs broadside fire", src))
    elif entry.get("a_range_only") and band != "A":
        steps.append(Step("no effect", f"this result needs A range, not {band}", src))
    else:
        new = _apply_entry(values, new, entry, gun_calibre, steps, t)
    data = {"rolls": list(rolls), "total": total, "text": entry["text"], "explain": [s.text() for s in steps]}
    return Resolution(changes={"ship": changed(state, new)}, working=list(steps), data=data)


def _apply_entry(values: Mapping[str, Any], state: dict, entry: Mapping[str, Any], calibre: int,
                 steps: list[Step], t: Tables) -> dict:
    flags = list(state.get("flags", []))
    extra_low = float(entry.get("extra_low", 0))
    if entry.get("flag") == "fire_on_board" and "fire_on_board" in flags:
        extra_low += float(entry.get("if_on_fire_extra_low", 0))
    elif entry.get("flag") and entry["flag"] not in flags:
        flags.append(entry["flag"])
    extra_high = float(entry.get("extra_high", 0))
    if entry.get("mast_hit"):
        extra_high += _mast_hit(values, state, flags, calibre, int(entry.get("mast_gun_over", 9)), steps, t)
    if "speed_penalty" in entry:
        state["speed_penalties"] = list(state.get("speed_penalties", [])) + [
            {"share": float(Fraction(str(entry["speed_penalty"]))), "turns": int(entry.get("turns", -1)),
             "why": entry["text"].split(":")[0]}]
    state["flags"] = flags
    if extra_low or extra_high:
        out = apply_damage(values, state, extra_high, extra_low, 0.0, t)
        steps.extend(out.working)
        return out.state
    return state


def _mast_hit(values: Mapping[str, Any], state: Mapping[str, Any], flags: list[str], calibre: int,
              over: int, steps: list[Step], t: Tables) -> float:
    """High points that bring the next mast down, or 0 after marking a first light hit."""
    if calibre <= 0 and "mast_hit" not in flags:     # the entry turns on the gun: no guess at it
        raise BadInput(f"a mast hit: a gun of {over}# or less only marks the mast the first time, a heavier one "
                       "brings it down; give the calibre of the gun that scored (--opt calibre=N)")
    if calibre <= over and "mast_hit" not in flags:
        flags.append("mast_hit")
        steps.append(Step("mast", f"first hit by a gun of {over}# or less: the mast stands",
                          cite(t, "special-damage", "spar")))
        return 0.0
    if "mast_hit" in flags:
        flags.remove("mast_hit")
    masts = int(state["masts_lost"])
    if masts >= int(values["masts"]):
        return 0.0
    per_mast = int(values.get("sail_factors_per_mast", 3)) * float(values["sf_value"])
    return max(0.0, (masts + 1) * per_mast - float(state["damage_high"]))


def mast_loss_dice_needed() -> DiceNeed:
    """Which mast falls, then whether it falls clear or foul (E)."""
    return DiceNeed(2, 6, ("which mast", "clear or foul"))


def resolve_mast_loss(values: Mapping[str, Any], state: Mapping[str, Any], rolls: Sequence[int],
                      tables: Tables | None = None) -> Resolution:
    """Which mast came down and whether it fouled the ship (E); each fouled mast is kept."""
    t = tables_or_default(tables)
    rolls = mast_loss_dice_needed().check(rolls)
    row = t.get("single-ship", "mast_loss")
    mast = row["two_masts" if int(values["masts"]) == 2 else "three_masts"][rolls[0] - 1]
    fall = row["fall"][rolls[1] - 1]
    new = copy.deepcopy(dict(state))
    src = cite(t, "single-ship", "mast_loss")
    steps = [Step("mast lost", f"{mast} mast, falls {fall}", src)]
    if fall != "clear":
        side = fall.removeprefix("foul-")
        fouled = fouled_masts(state) + [{"mast": mast, "side": side}]
        new["fouled_masts"] = fouled
        new["fouled_mast"] = fouled[0]["side"]
        steps.append(Step("fouled", f"turn one point to {side}; speed -20%; a third of the {side} guns "
                          f"cannot fire until it is cut away ({len(fouled)} fouled)", src))
    return Resolution(changes={"ship": changed(state, new)}, working=list(steps),
                      data={"mast": mast, "fall": fall, "rolls": list(rolls), "explain": [s.text() for s in steps]})


def clearing_rule(attempt: int, tables: Tables | None = None) -> Any:
    """The die faces that clear a fouled mast on this attempt, or "automatic" (E)."""
    t = tables_or_default(tables)
    if isinstance(attempt, bool) or not 1 <= int(attempt) <= 3:
        raise BadInput(f"attempt {attempt!r}: clearing a fouled mast takes attempt 1, 2 or 3 (the third is automatic)")
    return t.get("single-ship", "mast_loss", "clearing", str(int(attempt)),
                 what=f"the rolls that clear a fouled mast on attempt {attempt}")


def clear_mast_dice_needed(attempt: int, tables: Tables | None = None) -> DiceNeed:
    """One die, none on the automatic attempt."""
    if clearing_rule(attempt, tables) == "automatic":
        return DiceNeed(0, 6, ())
    return DiceNeed(1, 6, ("clear mast",))


def resolve_clear_mast(state: Mapping[str, Any], attempt: int, rolls: Sequence[int], crew: float = 1.0,
                       tables: Tables | None = None, mast: str = "") -> Resolution:
    """Try to cut away a fouled mast with 1 CF, from the turn after it fell (E).

    Only the third attempt (automatic) is legible in the text; the rolls that clear
    it on the first and second attempts are default readings (docs/rulings.md).
    `mast` names which fouled mast (fore, main, mizzen) when more than one fouls the ship.
    """
    t = tables_or_default(tables)
    fouled = fouled_masts(state)
    if not fouled:
        raise Refused("no mast is fouling the ship")
    if crew < int(t.get("single-ship", "mast_loss", "clearing_crew")):
        raise Refused("cutting away a fouled mast needs 1 CF")
    rule = clearing_rule(attempt, t)
    which = _which_fouled(fouled, mast)
    src = cite(t, "single-ship", "mast_loss")
    rolls = clear_mast_dice_needed(attempt, t).check(rolls)
    if rule == "automatic":
        cleared, text = True, "cleared automatically"
    else:
        cleared = rolls[0] in list(rule)
        text = f"rolled {rolls[0]}, needs {', '.join(map(str, rule))}: " + ("cleared" if cleared else "still foul")
    new = copy.deepcopy(dict(state))
    if cleared:
        rest = fouled[:which] + fouled[which + 1:]
        new["fouled_masts"] = rest
        new["fouled_mast"] = rest[0]["side"] if rest else ""
    name = fouled[which]["mast"] or "the"
    steps = [Step("clear mast", f"{name} mast fouled {fouled[which]['side']}, attempt {attempt}: {text}", src)]
    return Resolution(changes={"ship": changed(state, new)}, working=list(steps),
                      data={"cleared": cleared, "mast": fouled[which]["mast"], "still_fouled": len(new.get("fouled_masts", fouled)),
                       "explain": [s.text() for s in steps]})


def _which_fouled(fouled: list[dict], mast: str) -> int:
    if not mast:
        return 0
    for i, m in enumerate(fouled):
        if m["mast"] == mast.strip().lower():
            return i
    raise BadInput(f"mast {mast!r}: the fouled masts are {', '.join(m['mast'] or '?' for m in fouled)}")


def hot_shot_fire_chances(low_points: float, tables: Tables | None = None) -> int:
    """Dice to roll for fire from hot shot: one for every 36 points low (VIII.E)."""
    t = tables_or_default(tables)
    return math.floor(low_points / float(t.get("batteries", "hot_shot", "points_per_chance")) + 1e-9)
