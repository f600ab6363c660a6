"""Commands several rule systems name alike but take differently: one command with every option,
and the game's ruleset's own action type decides which of them apply (an option its action has
no field for is refused, never ignored)."""

from __future__ import annotations

import click

from umpire.cli import cli
from umpire.cli.actions import _act, roll_option
from umpire.core.errors import BadInput


def ruleset_action(obj, command: str, data: dict, options: dict[str, str]):
    """The game's action for `command` from `data`; `options` maps each given option to the field it fills."""
    entry = obj.ruleset.actions.get(command)
    if entry is None:
        raise BadInput(f"{command} is not a {obj.ruleset.id} command")
    kind = entry[0]
    for option, fieldname in options.items():
        if fieldname not in kind._fields:
            raise BadInput(f"{option}: not an option of {command} in {obj.ruleset.id}")
    return kind.from_journal({"command": command, **data})


@cli.command()
@click.argument("ship")
@click.option("--at", "target", required=True, help="The ship rammed (or collided with, or run alongside).")
@click.option("--angled", is_flag=True, help="DGUTS galley: crossing at about 45 degrees rather than square on.")
@click.option("--collision", is_flag=True, help="Grid: an accidental collision rather than a ram (the same damage).")
@click.option("--alongside", is_flag=True, help="Grid: SHIP ran alongside: no damage, only the entangling die.")
@roll_option
@click.pass_obj
def ram(obj, ship, target, angled, collision, alongside, roll):
    """SHIP rams another. DGUTS: a galley crossing a ship's course (ahead, ram or astern; a ram
    sinks her). Grid game: 1D6 damage cards each and 2 in 6 entangled; dice in order: SHIP's
    damage, the other's, the entangling die (alongside: that die only).

    \b
    Examples:
      umpire ram algerine --at brig --rolls 3,4,2
      umpire ram swallow --at royal-fortune --rolls 3,5,2
    """
    if collision and alongside:
        raise BadInput("ram: --collision or --alongside, not both")
    given = {"--angled": "opts"} if angled else {}
    if collision or alongside:
        given["--collision" if collision else "--alongside"] = "kind"
    kind = "collision" if collision else "alongside" if alongside else "ram"
    data = {"ship": obj.ship(ship), "at": obj.ship(target), "kind": kind, "opts": {"angled": "1"} if angled else {}}
    _act(obj, ruleset_action(obj, "ram", data, given), roll)
