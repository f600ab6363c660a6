"""`umpire odds COMMAND ...`: the exact distribution of any dice-taking action."""

from __future__ import annotations

import click

from umpire.cli import cli
from umpire.core.errors import BadInput

DICE_COMMANDS = ("fire", "foul", "unfoul", "grapple", "ungrapple", "melee", "board", "morale", "special", "mast", "sink",
                 "explode", "tack", "surgeon", "marines")


@cli.command(context_settings={"ignore_unknown_options": True, "allow_extra_args": True})
@click.argument("command")
@click.argument("args", nargs=-1, type=click.UNPROCESSED)
@click.pass_context
def odds(ctx, command, args):
    """Exact odds of an action instead of doing it: give the action as you would type it.

    \b
    Example:
      umpire odds fire mars --at hercule --range 3 --side left --facing right
    """
    sub = cli.get_command(ctx, command) if command in DICE_COMMANDS else None
    if sub is None:
        raise BadInput(f"odds of {command!r}: give an action that takes dice, e.g. fire, grapple, melee")
    ctx.obj.odds = True
    sub.main(list(args), prog_name=f"umpire odds {command}", standalone_mode=False, obj=ctx.obj)
