"""What every 1981 planner checks before its own rules (and the editions' planners, which share
them): a ship busy weighing anchor, repairing or turned on springs, one doomed to sink, a broadside
the Optional Rules forbid. The Advanced rules these ask are loaded only when a game plays them
(`core.ruleset.load`, the lazy seam), so a Basic or first-edition broadside loads none of them."""

from __future__ import annotations

from umpire.core.ruleset import load
from umpire.rules.wsim import optional

#: the planner of the 1981 Advanced Game's own commands (sail, sink, explode, repair, anchor)
ADVANCED_CMD = "umpire.rules.wsim.planners:advanced_cmd"


def optional_hooks(ruleset, state: dict) -> bool:
    """Whether the 1981 Optional Rules' hooks act: a ruleset that plays them, in a game with any."""
    return ruleset.optional_hooks and bool(state.get("optional"))


def check_busy(ruleset, state: dict, ship: str, doing: str) -> None:
    """A ship weighing anchor (Advanced V.C.6), or one that made repairs this turn (X.B), cannot
    load, fire or melee; one turned on springs this turn cannot load or fire (V.C.4)."""
    busy = state["ships"].get(ship, {})
    if ruleset.level == "advanced" and (busy.get("weighing") or busy.get("repaired_turn") == state["turn"]):
        load("umpire.rules.wsim.advanced_cmds:busy")(state, ship, doing)
    if ruleset.level == "advanced" and doing in ("fire", "load") and busy.get("anchor") in ("bow", "stern"):
        load("umpire.rules.wsim.moves:turned_on_springs")(state, ship, doing)   # Advanced V.C.4


def check_doomed(ruleset, state: dict, ships: list, doing: str) -> None:
    """Ships that will sink or explode take no further part: no melee, no crew taken off, no
    capture (Advanced VIII.C.5); sunk or exploded ones are gone."""
    if ruleset.level == "advanced" and ruleset.actions.get("repair", ("", ""))[1] == ADVANCED_CMD:
        load("umpire.rules.wsim.advanced_cmds:not_doomed")(state, [s for s in ships if s], doing)


def check_fire(ruleset, state: dict, a) -> None:
    """What every 1981 broadside is checked for before its own rules: the options, a busy ship,
    and with the Optional Rules a mast over the side or a ship aground (Optional VIII.B, XI.E)."""
    ruleset.check_options("fire", a.opts)
    check_busy(ruleset, state, a.ship, "fire")
    if optional_hooks(ruleset, state):
        optional.check_fire(state, a.ship)
