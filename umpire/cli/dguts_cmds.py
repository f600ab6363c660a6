"""DGUTS commands of their own: the wind (Basic Rules V)."""

from __future__ import annotations

import click

from umpire.cli import cli
from umpire.cli.actions import _act, roll_option


@cli.group(invoke_without_command=True)
@click.pass_context
def wind(ctx):
    """Show the wind (DGUTS): where it blows from and its force.

    \b
    Examples:
      umpire wind
      umpire wind roll --rolls 2,4,3,3,4
      umpire wind set --from NE --force 5
      umpire wind change --rolls 5,3
    """
    if ctx.invoked_subcommand:
        return
    obj = ctx.obj
    obj.emit(obj.ruleset.query(obj.state, obj.tables(), "wind", "", {}))


def _wind(what: str, opts: dict):
    from umpire.rules.dguts.actions import Wind

    return Wind(what, {k: v for k, v in opts.items() if v is not None})


@wind.command("roll")
@click.option("--tropics", is_flag=True, help="Within the tropics: one spot off the force roll.")
@roll_option
@click.pass_obj
def wind_roll(obj, tropics, roll):
    """Roll the wind at the start of play: red, white and shift dice for direction, two for force.

    \b
    Example:
      umpire wind roll --rolls 2,4,3,3,4
    """
    _act(obj, _wind("roll", {"tropics": "1" if tropics else None}), roll)


@wind.command("set")
@click.option("--from", "wind_from", help="Where the wind blows from: N, NE, E, SE, S, SW, W or NW.")
@click.option("--force", help="Wind force, 0 (calm) to 12 (hurricane).")
@click.pass_obj
def wind_set(obj, wind_from, force):
    """Set the wind as the umpire rules it (a scenario's wind, or the table's).

    \b
    Example:
      umpire wind set --from S --force 6
    """
    _act(obj, _wind("set", {"from": wind_from, "force": force}))


@wind.command("change")
@roll_option
@click.pass_obj
def wind_change(obj, roll):
    """The hourly wind roll: one die for the force, one for the direction.

    \b
    Example:
      umpire wind change --rolls 5,3
    """
    _act(obj, _wind("change", {}), roll)
