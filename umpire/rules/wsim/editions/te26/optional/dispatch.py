"""What the Tournament Edition's optional rules do around every command: what they forbid
before it is planned (44 land, 52 merchantmen, 54 boats, 55 forts, 56 bombs), what they play
instead of the ruleset (57.3 soldiers' muskets), the state a command is planned on (55.4.1 a
fort's walls) and what follows the ruleset's plan (44, 52, 54, 55, 57). Each rule's own module
says what it does; this one only calls them in order."""

from __future__ import annotations

from umpire.rules.wsim.editions.te26.optional import boats, bombs, forts, land, merchantmen, soldiers


def check(state: dict, action: dict) -> None:
    """Refuse what an optional rule in force forbids (each checks whether it is in force)."""
    merchantmen.check(state, action)       # Optional 52.2.1
    bombs.check(state, action)             # Optional 56.3.1
    forts.check(state, action)             # Optional 55.1
    boats.check(state, action)             # Optional 54.1.4.1
    land.check(state, action)              # Optional 44.3.1, 44.4, 44.5


def instead(state: dict, tables, action: dict):
    """An action an optional rule plays in place of the ruleset's: soldiers' musket fire (57.3)."""
    opts = action.get("opts") or {}
    if action.get("command") == "musketry" and opts.get("troops") == "soldiers":
        return soldiers.musketry(state, tables, action)
    return None


def view(state: dict, action: dict) -> dict:
    """The state the ruleset plans an action on: a fort loads all its walls in a turn (55.4.1)."""
    return forts.view(state, action)


def follow(state: dict, action: dict, out):
    """After the ruleset's plan: an unarmed merchantman stays liable to surrender by firepower
    (52.2.2), what forts, soldiers and boats add (55, 57, 54.4.2-54.4.3), and a sail change
    noted and a gun repair kept off the squares thrown over the side (44.4, 44.3.2.1)."""
    out = forts.follow(state, action, merchantmen.follow(state, action, out))
    out = soldiers.follow(state, action, out)
    out = boats.follow(state, action, out)
    return land.follow(state, action, out)
