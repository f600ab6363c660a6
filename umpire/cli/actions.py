"""From the command line to the engine: the helpers every action command shares.

A command reads its options, asks the game's ruleset for the action type of its command
(`action_type`, `ruleset_action`), builds the action and hands it to `act`, which performs it
through the Session (or, under `umpire odds`, shows its exact odds) and prints the result."""

from __future__ import annotations

import click

from umpire.core import actions as A
from umpire.core.errors import BadInput

roll_option = click.option("--roll", "--rolls", "roll", metavar="R[,R...]",
                           help="Dice as rolled at the table, e.g. 4 or 3,5,1 (default: umpire rolls).")


def act(obj, what: A.Action, roll: str | None = None):
    """Do the action through the engine (or, under `umpire odds`, show its exact odds) and print."""
    action = what.journal()
    if obj.odds:
        return obj.odds(obj, action)
    res = obj.session.perform(action, roll)
    obj.emit(res)
    return res


def typed_in_opts(obj, command: str, opts: dict, roll: str | None) -> str | None:
    """Typed dice that are not plain d6s (grid fire dice show 1 2 3 4 8 X) go to the rules as an option."""
    if roll and command in obj.ruleset.typed_dice_in_opts:
        opts["rolls"] = roll
        return None
    return roll


def ship_or_boat(obj, text: str) -> str:
    """A ship, or (where the rules have boats as targets) one of her boats as SHIP/BOAT."""
    head, sep, boat = text.partition("/")
    if sep and obj.ruleset.boat_targets:
        return f"{obj.ship(head)}/{boat.strip().lower()}"
    return obj.ship(text)


def key_values(items) -> dict:
    """The `--opt KEY=VALUE` options as a table; anything else is refused."""
    out = {}
    for item in items:
        if "=" not in item:
            raise BadInput(f"--opt {item!r}: write KEY=VALUE")
        k, v = item.split("=", 1)
        out[k.strip()] = v.strip()
    return out


def action_type(obj, command: str):
    """The game's action type for `command`, from its ruleset's `actions` (refused, as the engine
    refuses it, when the rules have no such command)."""
    rs = obj.ruleset
    entry = rs.actions.get(command)
    if entry is None:
        raise BadInput(f"{command} is not a {rs.id} command; {rs.id} offers {', '.join(sorted(rs.actions))}")
    return entry[0]


def ruleset_action(obj, command: str, data: dict, options: dict[str, str]):
    """The game's action for `command` from `data`; `options` maps each given option to the field it fills."""
    kind = action_type(obj, command)
    for option, fieldname in options.items():
        if fieldname not in kind._fields:
            raise BadInput(f"{option}: not an option of {command} in {obj.ruleset.id}")
    return kind.from_journal({"command": command, **data})


def require_command(obj, command: str, whose: str) -> None:
    """Refuse a command the game's rules do not offer, saying `whose` command it is."""
    rs = obj.ruleset
    if command not in rs.actions and command not in rs.queries:
        raise BadInput(f"{command}: a command of {whose}; this game plays {rs.id} at the "
                       f"{obj.game.meta.get('level') or rs.levels[0]} level")
