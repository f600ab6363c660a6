"""`umpire wind`: the WS&IM Advanced wind phase, beside the DGUTS wind's own subcommands.

Both rule systems call the command `wind`. This group takes the WS&IM options itself; for a
DGUTS game it shows the wind and offers the DGUTS subcommands (`roll`, `set`, `change`), which
stay in `dguts_cmds`. Whichever module loads first, `wind` stays this group: the DGUTS group,
when it registers, is kept aside and its subcommands are found through it."""

from __future__ import annotations

import importlib

import click

from umpire.cli import cli
from umpire.core.errors import BadInput

_dguts: dict = {}


class _Commands(dict):
    """The CLI's command table, keeping this `wind` when the DGUTS module registers its own."""

    def __setitem__(self, name, command) -> None:
        if name == "wind" and "wind" in self and command is not self["wind"]:
            _dguts["wind"] = command
            return
        super().__setitem__(name, command)


class _WindGroup(click.Group):
    """Subcommands are the DGUTS wind group's, loaded when first asked for."""

    def _theirs(self) -> click.Group:
        if "wind" not in _dguts:
            importlib.import_module("umpire.cli.dguts_cmds")
        return _dguts["wind"]

    def get_command(self, ctx, name):
        return self._theirs().get_command(ctx, name)

    def list_commands(self, ctx):
        return self._theirs().list_commands(ctx)


@click.group(cls=_WindGroup, invoke_without_command=True)
@click.option("--direction", help="WS&IM: direction the wind blows toward, 1-6 (clockwise).")
@click.option("--velocity", help="WS&IM: 0 becalmed, 1 light, 2 moderate, 3 normal, 4 heavy, 5 gale, 6 storm, "
              "7 hurricane.")
@click.option("--change", help="WS&IM: the wind change number.")
@click.option("--roll", "--rolls", "roll", metavar="R[,R...]",
              help="WS&IM: the wind phase's dice as rolled (default: umpire rolls).")
@click.option("--variable", is_flag=True, help="WS&IM variable-wind-direction-and-velocity: at the start, roll "
              "direction, velocity and change number instead of the scenario's wind.")
@click.pass_context
def wind(ctx, direction, velocity, change, roll, variable=False):
    """The wind. WS&IM Advanced: set it, or roll the wind phase of turns 3, 6, 9, ...
    DGUTS: show it, or use the roll, set and change subcommands.

    \b
    Examples:
      umpire wind --direction 2 --velocity 3 --change 4
      umpire wind --rolls 5,3,6
      umpire wind set --from NE --force 5          # DGUTS
    """
    obj = ctx.obj
    given = {k: v for k, v in (("direction", direction), ("velocity", velocity), ("change", change)) if v is not None}
    if obj.ruleset.family != "wsim":
        if given or roll:
            raise BadInput("wind: --direction, --velocity, --change and --roll are WS&IM options; "
                           "DGUTS uses `wind roll`, `wind set` and `wind change`")
        if not ctx.invoked_subcommand:
            ctx.invoke(wind._theirs().callback)
        return
    if ctx.invoked_subcommand:
        raise BadInput(f"wind {ctx.invoked_subcommand}: a DGUTS command; WS&IM takes wind [--direction N] "
                       "[--velocity N] [--change N] or wind [--rolls R,...]")
    from umpire.rules.wsim.actions import Wind

    if variable:
        given["variable"] = True
    if obj.game.meta.get("optional"):
        given["_optional"] = list(obj.game.meta["optional"])
    if obj.odds:
        raise BadInput("wind: no odds are shown for the wind phase")
    obj.emit(obj.session.perform(Wind(given).journal(), roll))


cli.commands = _Commands(cli.commands)
if "wind" in cli.commands:   # the DGUTS module registered first
    _dguts["wind"] = dict.pop(cli.commands, "wind")
cli.add_command(wind)
