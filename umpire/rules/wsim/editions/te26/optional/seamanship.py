"""Tournament Edition 2.6, Optional 35.1, variable seamanship: a sail change within ten hexes of
an unsundered enemy ship takes a die against the crew's morale (`sail SHIP full --battle`)."""

from __future__ import annotations

from umpire.core.dice import DiceNeed
from umpire.core.errors import BadInput
from umpire.core.ruleset import Plan
from umpire.core.state import Resolution, Step, set_


SEAMANSHIP = "variable-seamanship"


def sail_change(state: dict, tables, ship_id: str, opts: dict, res: Resolution):
    """Optional 35.1 "When attempting to change sail status within ten hexes of an unsundered
    enemy ship, roll one die during the Sail Status Phase. If the roll is higher than the value of
    the crew morale, the sail status remains the same." `res` is the change the Advanced Game
    allows; the umpire says the enemy is within ten hexes (`sail --battle`)."""
    unknown = sorted(k for k, v in opts.items() if k != "battle" and v not in (None, False, ""))
    if unknown:
        raise BadInput(f"sail: option {unknown[0]!r} is not a wsim-te26 option (only --battle)")
    battle = str(opts.get("battle") or "").lower() in ("1", "yes", "true")
    if not battle:
        return res
    if SEAMANSHIP not in (state.get("optional") or []):
        res.working.append(Step("an enemy ship within ten hexes", "no die: variable seamanship is not in play",
                                "TE 2.6 35.1 (optional)"))
        return res
    ship = state["ships"][ship_id]
    quality = tables["procedures"]["morale"]["quality"][ship["quality"]]

    def resolve(rolls, strict):
        die = rolls[0]
        steps = list(res.working) + [
            Step("an unsundered enemy ship within ten hexes: variable seamanship die", str(die), "TE 2.6 35.1"),
            Step(f"crew morale {ship['quality']} = {quality}",
                 "the sails change" if die <= quality else "higher: the sail status remains the same",
                 "TE 2.6 35.1, 3.2.5.1")]
        data = {**res.data, "rolls": [die], "seamanship": die <= quality}
        if die <= quality:          # the change made, as `sail` without the die notes it (44.4, 52.2.1)
            return Resolution(res.kind, res.summary, res.effects + [set_(["ships", ship_id, "te_sail_turn"],
                                                                         state["turn"])], steps, data)
        now = ship.get("sails", "battle")
        data["sails"] = now
        steps = [Step(s.step, f"{s.value}: not made", s.source) if s.step == "Sail Status Phase" else s
                 for s in steps]
        return Resolution(res.kind, f"{ship['name']}'s crew fail to change sails: she stays at {now} sails", [],
                          steps, data)
    return Plan(DiceNeed(1, 6, ("variable seamanship",)), resolve)
