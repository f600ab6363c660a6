"""The Tournament Edition's morale check (3.2.5.1, 12.3.5): one die against the crew quality
number, with the melee modifiers the umpire gives."""

from __future__ import annotations

from umpire.core.errors import BadInput
from umpire.core.state import Resolution, Step

_YES = ("1", "yes", "true")


def resolve(state: dict, ship_id: str, opts: dict, rolls: tuple[int, ...], tables) -> Resolution:
    rules = tables["procedures"]["morale"]
    ship = state["ships"][ship_id]
    quality = rules["quality"][ship["quality"]]
    roll = rolls[0]
    steps = [Step("crew quality", f"{ship['quality']} = {quality}", "TE 2.6 3.2.5.1"), Step("die", str(roll))]
    for key, why in (("outnumbered", "opponent has a 2-1 ratio in TMS"), ("flagship", "the ship is a flagship")):
        value = str(opts.get(key) or "").lower()
        if value not in ("", "0", "no", "false") + _YES:
            raise BadInput(f"morale --opt {key}={value}: use {key}=1 when {why}")
        if value in _YES:
            roll += rules[key]
            steps.append(Step(why, f"{rules[key]:+d} = {roll}", "TE 2.6 12.3.5"))
    passed = roll <= quality
    steps.append(Step("equal or below the crew quality number" if passed else "greater than the crew quality number",
                      "passes" if passed else "fails", "TE 2.6 3.2.5.1"))
    data = {"ship": ship_id, "rolls": list(rolls), "passed": passed, "quality": ship["quality"]}
    return Resolution("morale", f"{ship['name']} {'passes' if passed else 'fails'} the morale check", [], steps, data)
