"""Morale (Basic Rules IX): saving throws on two dice, the ladder and its durations.

A failed check drops the crew one step. A crew below normal stays at a step
for the turns the table gives, then rises one step at a time, spending each
step's turns on the way back to normal. A crew that wins a contested boarding
rises one step (normal to flushed with victory, for two turns).
"""

from __future__ import annotations

import copy
from fractions import Fraction
from typing import Any, Mapping, Sequence

from umpire.core.dice import DiceNeed
from umpire.core.state import Resolution, Step
from umpire.rules.dguts.damage import changed
from umpire.rules.dguts.model import Morale, MORALE_LADDER, Refused
from umpire.rules.dguts.tables import Tables, cite, tables_or_default

#: morale_turns value meaning "no duration legible: stays until a house ruling gives one".
UNTIL_RULED = -1


def morale_turns_for(morale: Morale, tables: Tables | None = None) -> int:
    """Turns a crew spends at a step it drops or rises to (0 at normal and surrendered)."""
    t = tables_or_default(tables)
    if morale in (Morale.NORMAL, Morale.SURRENDERED):
        return 0
    value = t.find("morale", "states", morale.value, "turns")
    return UNTIL_RULED if value is None else int(value)


def melee_multiplier(morale: str, tables: Tables | None = None) -> Fraction:
    """Melee value multiplier of a morale state (Basic Rules IX table)."""
    t = tables_or_default(tables)
    return t.num("morale", "states", morale, "melee", what=f"the melee multiplier of a {morale} crew")


def shift_morale(state: Mapping[str, Any], steps: int, tables: Tables | None = None) -> dict:
    """A copy of `state` moved `steps` down the ladder (negative steps move up)."""
    t = tables_or_default(tables)
    new = copy.deepcopy(dict(state))
    now = MORALE_LADDER.index(Morale.parse(state["morale"]))
    if MORALE_LADDER[now] is Morale.SURRENDERED:
        return new
    target = min(max(now + steps, 0), len(MORALE_LADDER) - 1)
    morale = MORALE_LADDER[target]
    new["morale"] = morale.value
    new["morale_turns"] = morale_turns_for(morale, t)
    if morale is Morale.SURRENDERED:
        new["morale_checks_owed"] = 0
        if new["status"] in ("active", "sinking"):
            new["status"] = "surrendered"
    return new


def morale_dice_needed(values: Mapping[str, Any], state: Mapping[str, Any]) -> DiceNeed:
    """A morale check is two dice (Basic Rules IX)."""
    if state["morale"] == Morale.SURRENDERED.value:
        raise Refused("the crew has surrendered; no morale checks are taken")
    return DiceNeed(2, 6, ("morale die 1", "morale die 2"))


def resolve_morale_check(values: Mapping[str, Any], state: Mapping[str, Any], rolls: Sequence[int],
                         tables: Tables | None = None) -> Resolution:
    """One morale check: hold on a total up to the saving throw, else drop one step."""
    t = tables_or_default(tables)
    rolls = morale_dice_needed(values, state).check(rolls)
    total, throw = sum(rolls), int(values["saving_throw"])
    steps = [Step("saving throw", f"{rolls[0]}+{rolls[1]} = {total} against 2-{throw}",
                  cite(t, "nations", "morale"))]
    owed = int(state["morale_checks_owed"])
    if owed <= 0:
        steps.append(Step("check", "none was owed; taken at the umpire's call", cite(t, "morale", "checks")))
    if total <= throw:
        new = copy.deepcopy(dict(state))
        steps.append(Step("result", f"morale holds ({state['morale']})", cite(t, "morale", "states")))
    else:
        new = shift_morale(state, 1, t)
        steps.append(Step("result", f"morale drops from {state['morale']} to {new['morale']}"
                          + _turns_note(new), cite(t, "morale", "states")))
    new["morale_checks_owed"] = max(0, min(owed, int(new["morale_checks_owed"])) - 1)
    data = {"rolls": list(rolls), "total": total, "saving_throw": throw, "held": total <= throw,
            "morale": new["morale"], "morale_turns": new["morale_turns"],
            "morale_checks": new["morale_checks_owed"], "explain": [s.text() for s in steps]}
    return Resolution(changes={"ship": changed(state, new)}, working=list(steps), data=data)


def _turns_note(state: Mapping[str, Any]) -> str:
    turns = int(state["morale_turns"])
    if turns > 0:
        return f" for {turns} turns"
    if turns == UNTIL_RULED:
        return (f"; the text's duration for {state['morale']} is not legible, so it lasts until a "
                f"house ruling gives [morale] states.{state['morale']}.turns")
    return ""


def recover_morale(state: Mapping[str, Any], tables: Tables | None = None) -> dict:
    """One turn of morale recovery: count down, then rise one step (or fall back from flushed)."""
    t = tables_or_default(tables)
    new = copy.deepcopy(dict(state))
    morale = Morale.parse(state["morale"])
    turns = int(state.get("morale_turns", 0))
    if morale in (Morale.NORMAL, Morale.SURRENDERED) or turns <= 0:
        return new
    turns -= 1
    if turns > 0:
        new["morale_turns"] = turns
        return new
    if morale is Morale.FLUSHED:
        new.update(morale=Morale.NORMAL.value, morale_turns=0)
        return new
    up = MORALE_LADDER[MORALE_LADDER.index(morale) - 1]
    new.update(morale=up.value, morale_turns=morale_turns_for(up, t))
    return new
