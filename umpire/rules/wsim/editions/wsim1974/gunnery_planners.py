"""The first edition's broadsides (named in `Wsim1974.actions`): loading with the shot of Types
of Ammunition and firing by How to Fire 6-7 (`editions/wsim1974/fire.py`), with Sinking and
Exploding Ships' Destroyed Hull die. Apart from the other planners, so a broadside loads only the
gunnery rules."""

from __future__ import annotations

from umpire.core.dice import DiceNeed
from umpire.core.errors import BadInput
from umpire.core.ruleset import Plan
from umpire.core.state import Step, set_
from umpire.rules.wsim import checks, gunnery
from umpire.rules.wsim.reading import side_word
from umpire.rules.wsim.editions.wsim1974 import fire as wsim1974_fire, optional as wsim1974_optional


def load(ruleset, state: dict, tables, a):
    """A broadside loaded, with the shot of Types of Ammunition (`wsim1974_fire`)."""
    if a.ship in state["ships"]:
        wsim1974_optional.busy(state["ships"][a.ship], state["turn"], "load")
    return wsim1974_fire.load(state, a.ship, side_word(a.side), a.shot, tables, list(state.get("optional") or []))


def fire(ruleset, state: dict, tables, a):
    """How to Fire 6-7 with the optional rules in play (shot, wind, anchors: `wsim1974_fire`);
    with Sinking and Exploding Ships, a broadside that marks off the last hull square takes
    one more die on the Destroyed Hull Table (Optional Rules, 1-4)."""
    checks.check_fire(ruleset, state, a)
    target = a.at
    act = gunnery.fire_from_opts(a.ship, target, a.opts)
    optional = list(state.get("optional") or [])
    got = wsim1974_fire.reading(state, act, tables, optional)
    need = wsim1974_fire.needs(got)
    plan = Plan(need, lambda rolls, strict: wsim1974_fire.resolve(state, act, rolls, tables, got),
                flexible=got[0] is None and got[2] != "grape")
    if "sinking-and-exploding-ships" not in optional or not plan.need.count:
        return plan
    n = plan.need.count
    need = DiceNeed(n + 1, 6, tuple(plan.need.labels) + ("destroyed hull",))
    return plan.replace(need=need, flexible=True,
                               resolve=lambda rolls, strict: destroyed_hull(plan, n, target, rolls, strict, tables,
                                                                            state["turn"]))


def destroyed_hull(plan, n: int, target: str, rolls, strict: bool, tables, turn: int = 0):
    """The 1981 broadside, then the Destroyed Hull die if it struck the target."""
    res = plan.resolve(tuple(rolls[:n]), strict)
    struck = any(e["path"] == ["ships", target, "state"] and e["value"] == "struck" for e in res.effects)
    want = n + (1 if struck else 0)
    if strict and len(rolls) != want:
        raise BadInput(f"this broadside needs {want} dice" + (": the hit die, then the Destroyed Hull die (her last "
                       "hull square is gone)" if struck else " (she keeps hull squares: no Destroyed Hull die)")
                       + f"; got {len(rolls)}")
    res.data["rolls"] = list(rolls[:want])
    if struck:
        die = rolls[n]
        result = tables["destroyed-hull"]["results"][die - 1]
        res.working.append(Step(f"Destroyed Hull Table, die {die}", {"surrenders": "the ship surrenders",
                                "sinks": "she will sink (a 6 on a later Move)",
                                "explodes": "she will explode (a 6 on a later Move)"}[result],
                                tables.source("destroyed-hull")))
        if result != "surrenders":
            res.effects.append(set_(["ships", target, "state"], "sinking" if result == "sinks" else "exploding"))
            res.effects.append(set_(["ships", target, "doomed_turn"], turn))
        res.data["destroyed_hull"] = result
    return res
