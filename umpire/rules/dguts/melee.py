"""Grappling, boarding odds and melee (Basic Rules IX; Optional Rules, Melee Losses).

Odds compare crew factors x national morale points x the morale state's melee
multiplier. The odds give the chance a melee starts at once and how many dice
each side may roll: a side rolls its dice one at a time and keeps the last
one it rolls, so typed rolls for a side are the dice it actually rolled.
"""

from __future__ import annotations

import copy
import math
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Mapping, Sequence

from umpire.core.dice import DiceNeed
from umpire.core.state import Resolution, Step
from umpire.rules.dguts.damage import changed
from umpire.rules.dguts.model import BadInput, Refused
from umpire.rules.dguts.morale import melee_multiplier, shift_morale
from umpire.rules.dguts.tables import Tables, cite, tables_or_default


# ------------------------------------------------------------------ odds
@dataclass(frozen=True, slots=True)
class Party:
    """One side of a boarding: the crew factors it commits and what multiplies them."""

    crew_factors: float
    morale_value: int
    morale: str = "normal"
    shock: bool = False        # fresh crew factors entering a melee, first turn
    upper_deck: bool = False   # holding the upper deck against attack from below, first turn
    marines: float = 0.0       # CF of the party that are marines or soldiers (Advanced Optional 13)
    marines_morale: str = ""   # their morale state, a step above (marines) or below (soldiers) the seamen's
    marine_points: int = 1     # melee points a CF of them is worth
    soldiers: float = 0.0      # embarked soldiers besides the crew (a scenario's), for boarding only
    soldier_points: int = 1    # their morale points: "of one point morale"


def party(values: Mapping[str, Any], state: Mapping[str, Any], crew_factors: float | None = None,
          shock: bool = False, upper_deck: bool = False) -> Party:
    """A boarding party from a ship; all its crew factors unless fewer are committed."""
    aboard = float(state["crew_factors"])
    cf = aboard if crew_factors is None else float(crew_factors)
    if not 0 <= cf <= aboard + 1e-9:
        raise BadInput(f"crew {crew_factors!r}: between 0 and the {aboard:g} CF aboard")
    return Party(cf, int(values["morale_value"]), str(state["morale"]), shock, upper_deck)


def party_value(p: Party, tables: Tables | None = None) -> tuple[Fraction, str]:
    """Crew factors x national morale points x morale state multiplier (x2 shock, x2 upper deck)."""
    t = tables_or_default(tables)
    seamen = Fraction(str(p.crew_factors)) - Fraction(str(p.marines))
    value = seamen * p.morale_value * melee_multiplier(p.morale, t)
    text = f"{float(seamen):g} CF x {p.morale_value} x {melee_multiplier(p.morale, t)} ({p.morale})"
    if p.marines:
        mult = melee_multiplier(p.marines_morale, t)
        value += Fraction(str(p.marines)) * p.marine_points * p.morale_value * mult
        text += (f" + {p.marines:g} CF marines x {p.marine_points} points x {p.morale_value} x {mult} "
                 f"({p.marines_morale})")
    if p.soldiers:
        mult = melee_multiplier(p.morale, t)
        value += Fraction(str(p.soldiers)) * p.soldier_points * mult
        text += f" + {p.soldiers:g} CF embarked soldiers x {p.soldier_points} x {mult} ({p.morale})"
    if p.shock:
        value *= int(t.get("boarding", "multipliers", "shock"))
        text += " x2 (fresh crew)"
    if p.upper_deck:
        value *= int(t.get("boarding", "multipliers", "upper_deck_defence"))
        text += " x2 (upper deck)"
    return value, f"{text} = {float(value):g}"


def odds_for(attacker_value: Fraction, defender_value: Fraction, tables: Tables | None = None) -> dict:
    """The odds step, who is favoured, dice per side and bonus pips for two values."""
    t = tables_or_default(tables)
    if attacker_value <= 0 and defender_value <= 0:
        raise Refused("neither side has any melee value")
    if defender_value <= 0 or attacker_value <= 0:
        return {"odds": "unopposed", "favoured": "attacker" if attacker_value > 0 else "defender",
                "ratio": None, "superior_dice": 0, "inferior_dice": 0, "bonus_pips": 0,
                "melee_on": [], "reroll_on": []}
    big, small = max(attacker_value, defender_value), min(attacker_value, defender_value)
    ratio = big / small
    label = "1:1"
    for step in t.get("boarding", "odds", "steps"):
        if ratio >= Fraction(str(step["ratio"])):
            label = step["label"]
    dice = t.get("boarding", "dice", label)
    chance = t.get("boarding", "chance", label)
    every = int(t.get("boarding", "bonus", "pip_every_ratio"))
    favoured = "even" if attacker_value == defender_value else (
        "attacker" if attacker_value > defender_value else "defender")
    return {"odds": label, "favoured": favoured, "ratio": round(float(ratio), 4),
            "superior_dice": int(dice["superior"]), "inferior_dice": int(dice["inferior"]),
            "bonus_pips": math.floor(ratio / every) if ratio >= every else 0,
            "melee_on": list(chance["melee_on"]), "reroll_on": list(chance["reroll_on"])}


def deck_multipliers(attacker_decks: int, defender_decks: int, tables: Tables | None = None) -> tuple[int, int, str]:
    """Advanced Optional 13.E: the defenders' and the attackers' multipliers for a boarder of so many
    decks boarding a ship of so many, and the cell as printed ("3-1": defenders x3, attackers x1)."""
    t = tables_or_default(tables)
    most = int(t.get("advanced", "deck_multipliers", "most_decks"))
    a, d = (str(min(max(int(n), 1), most)) for n in (attacker_decks, defender_decks))
    cell = t.get("advanced", "deck_multipliers", a, d, what=f"melee multipliers, {a} decks boarding {d}")
    m = re.fullmatch(r"\s*(\d+)\s*[-:]\s*(\d+)\s*", str(cell))
    if not m or int(m.group(1)) < 1 or int(m.group(2)) < 1:
        raise BadInput(f"advanced.deck_multipliers.{a}.{d} = {cell!r}: write the cell as the text prints it, "
                       "the defenders' multiplier then the attackers', e.g. \"3-1\"")
    return int(m.group(1)), int(m.group(2)), f"{a} deck(s) boarding {d}: {m.group(1)}-{m.group(2)}"


def boarding_odds(attacker: Party, defender: Party, tables: Tables | None = None,
                  decks: tuple[int, int] | None = None) -> Resolution:
    """Work out the boarding odds (Basic Rules IX, Melee); data holds the odds. `decks` (the boarder's,
    the boarded ship's) applies the melee multipliers by decks (Advanced Optional 13.E)."""
    t = tables_or_default(tables)
    a_value, a_text = party_value(attacker, t)
    d_value, d_text = party_value(defender, t)
    extra = []
    if decks:
        d_mult, a_mult, cell = deck_multipliers(decks[0], decks[1], t)
        a_value, d_value = a_value * a_mult, d_value * d_mult
        extra = [Step("decks", f"{cell}: attackers x{a_mult} = {float(a_value):g}, defenders x{d_mult} = "
                      f"{float(d_value):g}", cite(t, "advanced", "deck_multipliers"))]
    odds = odds_for(a_value, d_value, t)
    steps = [Step("attacker", a_text, cite(t, "boarding", "odds")),
             Step("defender", d_text, cite(t, "boarding", "odds")), *extra,
             Step("odds", f"{odds['odds']} in favour of the {odds['favoured']}" if odds["favoured"] != "even"
                  else "1:1", cite(t, "boarding", "odds"))]
    data = {**odds, "attacker_value": round(float(a_value), 4), "defender_value": round(float(d_value), 4),
            "explain": [s.text() for s in steps]}
    return Resolution(working=list(steps), data=data)


# ------------------------------------------------------------------ melee
def resolve_melee_start(odds: Mapping[str, Any], rolls: Sequence[int], tables: Tables | None = None) -> Resolution:
    """One die: does a melee start at once (a pitched battle this turn), or roll again?"""
    t = tables_or_default(tables)
    rolls = DiceNeed(1, 6, ("melee chance",)).check(rolls)
    if odds["odds"] == "unopposed":
        raise Refused("the boarders are unopposed: no melee")
    melee, again = rolls[0] in odds["melee_on"], rolls[0] in odds["reroll_on"]
    verdict = "melee this turn" if melee else ("roll again" if again else "no melee yet: roll for a decision")
    steps = [Step("melee chance", f"{odds['odds']}: rolled {rolls[0]}, {verdict}", cite(t, "boarding", "chance"))]
    return Resolution(working=list(steps), data={"melee": melee, "reroll": again, "rolls": list(rolls),
                                         "explain": [s.text() for s in steps]})


def melee_dice_allowed(odds: Mapping[str, Any]) -> dict[str, int]:
    """Most dice each side may roll in a melee round: {"attacker": n, "defender": m}."""
    sup, inf = int(odds["superior_dice"]), int(odds["inferior_dice"])
    if odds["favoured"] == "defender":
        return {"attacker": inf, "defender": sup}
    return {"attacker": sup, "defender": inf}


def _kept(side: str, rolls: Sequence[int], allowed: int) -> int:
    got = tuple(rolls)
    if not 1 <= len(got) <= allowed:
        raise BadInput(f"{side} rolls {','.join(map(str, got)) or '(none)'}: the {side} may roll 1 to "
                       f"{allowed} d6, one at a time, keeping the last; got {len(got)}")
    for value in got:
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
            raise BadInput(f"roll {value!r}: a d6 shows 1 to 6")
    return got[-1]


@dataclass(frozen=True, slots=True)
class MeleeSide:
    """A ship in a melee: its values and state."""

    values: Mapping[str, Any]
    state: Mapping[str, Any]


def resolve_melee_round(attacker: MeleeSide, defender: MeleeSide, odds: Mapping[str, Any],
                        attacker_rolls: Sequence[int], defender_rolls: Sequence[int], melee_turn: int = 1,
                        areas_taken: int = 0, tables: Tables | None = None) -> Resolution:
    """One round of boarding: compare kept dice, apply the result by difference of pips.

    `areas_taken` is how many of the defender's areas (foothold, then each deck)
    the attackers hold before the round; effects are keyed "attacker" and "defender".
    """
    t = tables_or_default(tables)
    kept, steps = _kept_totals(odds, attacker_rolls, defender_rolls, t)
    diff = abs(kept["attacker"] - kept["defender"])
    winner = max(kept, key=kept.get) if diff else ""
    total_areas = int(t.get("boarding", "areas", "foothold")) + int(defender.values["decks"])
    outcome = _result(diff, melee_turn, t)
    new = {"attacker": copy.deepcopy(dict(attacker.state)), "defender": copy.deepcopy(dict(defender.state))}
    areas = _areas_after(areas_taken, winner, outcome["areas"], total_areas)
    captured = _apply_outcome(new, winner, outcome, areas >= total_areas, t)
    steps.append(Step("result", _result_text(diff, winner, outcome, areas, total_areas, captured),
                      cite(t, "boarding", "results")))
    effects = {k: changed(s.state, new[k]) for k, s in (("attacker", attacker), ("defender", defender))}
    data = {"rolls": {"attacker": list(attacker_rolls), "defender": list(defender_rolls)},
            "kept": kept, "difference": diff, "winner": winner, "result": outcome["result"],
            "areas_taken": areas, "areas_total": total_areas, "captured": captured,
            "explain": [s.text() for s in steps]}
    return Resolution(changes=effects, working=list(steps), data=data)


def resolve_unopposed(attacker: MeleeSide, defender: MeleeSide, odds: Mapping[str, Any],
                      tables: Tables | None = None) -> Resolution:
    """A boarding one side meets with no resistance (its enemy's melee value is nothing: a routed crew,
    an empty deck): no dice. Boarders unopposed take every area, and the ship with them (Basic Rules IX,
    'When all the decks have been taken, the ship has surrendered'; Advanced Optional 13 'they will ...
    automatically take the upper deck'); boarders with no value of their own are thrown back."""
    t = tables_or_default(tables)
    total = int(t.get("boarding", "areas", "foothold")) + int(defender.values["decks"])
    new = {"attacker": copy.deepcopy(dict(attacker.state)), "defender": copy.deepcopy(dict(defender.state))}
    if odds.get("favoured") == "attacker":
        captured = _apply_outcome(new, "attacker", {"morale_steps": 0, "surrender": False}, True, t)
        result, areas, winner = "taken", total, "attacker"
        text = f"no resistance: the boarders take all {total} areas and the ship surrenders"
    else:
        captured, result, areas, winner = "", "repulsed", 0, "defender"
        text = "the boarders have no fight in them: they are thrown back"
    steps = [Step("result", text, cite(t, "boarding", "results"))]
    effects = {k: changed(s.state, new[k]) for k, s in (("attacker", attacker), ("defender", defender))}
    return Resolution(changes=effects, working=list(steps), data={"rolls": {"attacker": [], "defender": []}, "kept": {},
                                              "difference": None, "winner": winner, "result": result,
                                              "areas_taken": areas, "areas_total": total, "captured": captured,
                                              "explain": [s.text() for s in steps]})


def _kept_totals(odds: Mapping[str, Any], attacker_rolls: Sequence[int], defender_rolls: Sequence[int],
                 t: Tables) -> tuple[dict[str, int], list[Step]]:
    """Each side's kept die, with the favoured side's bonus pips added."""
    allowed = melee_dice_allowed(odds)
    kept = {"attacker": _kept("attacker", attacker_rolls, allowed["attacker"]),
            "defender": _kept("defender", defender_rolls, allowed["defender"])}
    bonus = int(odds.get("bonus_pips", 0))
    text = []
    for side in ("attacker", "defender"):
        extra = bonus if odds["favoured"] == side else 0
        text.append(f"{side} keeps {kept[side]}" + (f"+{extra}" if extra else ""))
        kept[side] += extra
    return kept, [Step("dice", ", ".join(text), cite(t, "boarding", "dice"))]


def _areas_after(areas: int, winner: str, gained: int, total: int) -> int:
    """Boarders advance when they win; a winning defender throws them back."""
    if not winner or not gained:
        return areas
    return min(total, areas + gained) if winner == "attacker" else max(0, areas - gained)


def _apply_outcome(new: dict, winner: str, outcome: dict, all_areas: bool, t: Tables) -> str:
    """Drop the loser's morale, strike a beaten ship and lift the victors; return who was taken."""
    loser = {"attacker": "defender", "defender": "attacker"}.get(winner, "")
    if loser and outcome["morale_steps"]:
        new[loser] = shift_morale(new[loser], outcome["morale_steps"], t)
    captured = ""
    if loser and (outcome["surrender"] or new[loser]["morale"] == "surrendered"):
        captured = loser
    elif winner == "attacker" and all_areas:
        captured = "defender"
    if captured:
        new[captured] = _struck(new[captured])
        victor = "attacker" if captured == "defender" else "defender"
        new[victor] = shift_morale(new[victor], -1, t)
    return captured


def _result(diff: int, melee_turn: int, t: Tables) -> dict:
    """What a difference of pips does on this turn of the melee."""
    last = int(t.get("boarding", "results", "max_melee_turns"))
    out = {"result": "melee", "areas": 0, "morale_steps": 0, "surrender": False}
    if diff == 0:
        out["result"] = "repulsed" if melee_turn == 1 else ("roll again" if melee_turn >= last else "melee")
        return out
    if diff >= int(t.get("boarding", "results", "surrender_at")):
        return {**out, "result": "surrender", "surrender": True}
    row = t.get("boarding", "results", str(diff))
    areas = int(row.get("third_turn_areas", 0)) if melee_turn >= last and not row["areas"] else int(row["areas"])
    steps = int(row["morale_steps"])
    result = "advance" if areas or steps else "melee"
    return {**out, "result": result, "areas": areas, "morale_steps": steps}


def _result_text(diff: int, winner: str, outcome: dict, areas: int, total: int, captured: str) -> str:
    if not winner:
        return {"repulsed": "tie on the first turn: the boarders are repulsed; either side may try to cut the grapple",
                "roll again": "tie on the last turn: roll again until a decision",
                "melee": "tie: the melee goes on"}[outcome["result"]]
    text = f"{winner} by {diff}"
    if outcome["morale_steps"]:
        text += f", loser drops {outcome['morale_steps']} morale steps"
    if outcome["areas"]:
        text += f", {winner} advances {outcome['areas']} areas ({areas} of {total} held by the boarders)"
    if outcome["result"] == "melee":
        text += ", the melee goes on"
    if captured:
        text += f"; the {captured} surrenders and its ship is taken"
    return text


def _struck(state: dict) -> dict:
    new = dict(state)
    new.update(status="captured", morale="surrendered", morale_turns=0, morale_checks_owed=0)
    return new


# ------------------------------------------------------------------ optional melee losses
def melee_losses(winner_roll: int, loser_roll: int, winner_offensive: bool, loser_offensive: bool,
                 winner_enemy_cf: float, loser_enemy_cf: float, tie: bool = False, bonus_pips: int = 0,
                 winner_has_bonus: bool = False, tables: Tables | None = None) -> Resolution:
    """Men lost by each side in a turn of melee (Optional Rules, Melee Losses).

    Each side reads its own final die on its table (winning or losing,
    offensive or defensive; on a tie both use losing-offensive) and loses that
    many men for every 5 CF the enemy has. Bonus pips count only while the
    total stays within 6.
    """
    t = tables_or_default(tables)
    per = Fraction(int(t.get("boarding", "melee_losses", "per_enemy_cf")))
    w_roll = winner_roll + bonus_pips if winner_has_bonus and winner_roll + bonus_pips <= 6 else winner_roll
    w_table = "losing_offensive" if tie else ("winning_offensive" if winner_offensive else "winning_defensive")
    l_table = "losing_offensive" if tie or loser_offensive else "losing_defensive"
    w_rate = t.num("boarding", "melee_losses", w_table, str(w_roll), what=f"melee losses on {w_table} for a roll of {w_roll}")
    l_rate = t.num("boarding", "melee_losses", l_table, str(loser_roll), what=f"melee losses on {l_table} for a roll of {loser_roll}")
    w_men = round(w_rate * Fraction(str(winner_enemy_cf)) / per)
    l_men = round(l_rate * Fraction(str(loser_enemy_cf)) / per)
    steps = [Step("winner", f"{w_table} roll {w_roll}: {w_rate} men per 5 CF x {winner_enemy_cf:g} enemy CF = {w_men}",
                  cite(t, "boarding", "melee_losses")),
             Step("loser", f"{l_table} roll {loser_roll}: {l_rate} men per 5 CF x {loser_enemy_cf:g} enemy CF = {l_men}",
                  cite(t, "boarding", "melee_losses"))]
    return Resolution(working=list(steps), data={"winner_men": w_men, "loser_men": l_men, "explain": [s.text() for s in steps]})


def lose_men(values: Mapping[str, Any], state: Mapping[str, Any], men: int, tables: Tables | None = None) -> dict:
    """A copy of `state` with `men` lost in melee (21 men to a CF; no morale check for it)."""
    t = tables_or_default(tables)
    per_cf = float(t.get("classes", "crew", "men_per_crew_factor"))
    new = copy.deepcopy(dict(state))
    new["crew_factors"] = round(max(0.0, float(state["crew_factors"]) - men / per_cf), 4)
    return new
