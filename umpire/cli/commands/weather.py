"""The wind, the night, and what can be seen: wind, night, sight."""

from __future__ import annotations

import click

from umpire.cli import cli
from umpire.cli.actions import act, action_type, roll_option
from umpire.core.errors import BadInput


@cli.group(invoke_without_command=True)
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

    The game's rules decide which: the options their wind action takes (`Ruleset.options`), or
    the subcommands where their wind action names `what` is done.

    \b
    Examples:
      umpire wind --direction 2 --velocity 3 --change 4
      umpire wind --rolls 5,3,6
      umpire wind                                  # DGUTS: where it blows from, and its force
      umpire wind roll --rolls 2,4,3,3,4           # DGUTS
      umpire wind set --from NE --force 5          # DGUTS
      umpire wind change --rolls 5,3               # DGUTS
    """
    obj = ctx.obj
    kind = action_type(obj, "wind")
    given = {k: v for k, v in (("direction", direction), ("velocity", velocity), ("change", change),
                               ("variable", True if variable else None)) if v is not None}
    _check_wind(obj.ruleset, kind, given, roll, ctx.invoked_subcommand)
    if ctx.invoked_subcommand:
        return
    if _by_subcommand(kind):
        obj.emit(obj.ruleset.query(obj.state, obj.tables(), "wind", "", {}))
        return
    act(obj, kind(given), roll)


def _by_subcommand(kind) -> bool:
    """Whether the rules' wind action is chosen by a subcommand (`roll`, `set`, `change` fill its `what`)."""
    return "what" in kind._fields


def _check_wind(rs, kind, given: dict, roll: str | None, sub: str | None) -> None:
    """Refuse what the game's rules do not take for their wind, saying what they take."""
    taken = rs.options.get("wind", ())
    if _by_subcommand(kind):
        usage = f"{rs.id} uses " + ", ".join(f"`wind {name}`" for name in wind.commands)
    else:
        usage = f"{rs.id} takes wind " + " ".join(f"[--{name}]" for name in taken) + " or wind [--rolls R,...]"
    for name in given:
        if name not in taken:
            raise BadInput(f"wind: --{name} is not a {rs.id} option; {usage}")
    if sub and not _by_subcommand(kind):
        raise BadInput(f"wind {sub}: not a {rs.id} command; {usage}")
    if roll and _by_subcommand(kind):
        raise BadInput(f"wind: --roll goes with a subcommand in {rs.id}; {usage}")


def _wind(obj, what: str, opts: dict):
    """The game's wind action for a subcommand (`roll`, `set`, `change`)."""
    return action_type(obj, "wind")(what, {k: v for k, v in opts.items() if v is not None})


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
    act(obj, _wind(obj, "roll", {"tropics": "1" if tropics else None}), roll)


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
    act(obj, _wind(obj, "set", {"from": wind_from, "force": force}))


@wind.command("change")
@roll_option
@click.pass_obj
def wind_change(obj, roll):
    """The hourly wind roll: one die for the force, one for the direction.

    \b
    Example:
      umpire wind change --rolls 5,3
    """
    act(obj, _wind(obj, "change", {}), roll)


@cli.group(invoke_without_command=True)
@click.pass_context
def night(ctx):
    """Night actions (DGUTS): roll the visibility, set it, or bring back the day.

    \b
    Examples:
      umpire night roll --roll 3
      umpire night set --visibility poor
      umpire night day
    """
    if ctx.invoked_subcommand:
        return
    click.echo(ctx.get_help())


def _night(obj, what: str, opts: dict):
    """The game's night action for a subcommand (`roll`, `set`, `day`)."""
    return action_type(obj, "night")(what, opts)


@night.command("roll")
@roll_option
@click.pass_obj
def night_roll(obj, roll):
    """Roll the night's visibility: 1-2 good (10"), 3-4 fair (8"), 5-6 poor (6").

    \b
    Example:
      umpire night roll --roll 3
    """
    act(obj, _night(obj, "roll", {}), roll)


@night.command("set")
@click.option("--visibility", required=True, type=click.Choice(["good", "fair", "poor"]))
@click.pass_obj
def night_set(obj, visibility):
    """Set the night's visibility as the umpire rules it.

    \b
    Example:
      umpire night set --visibility fair
    """
    act(obj, _night(obj, "set", {"visibility": visibility}))


@night.command("day")
@click.pass_obj
def night_day(obj):
    """Daylight again: sighting and fire are no longer bounded by the night.

    \b
    Example:
      umpire night day
    """
    act(obj, _night(obj, "day", {}))


@cli.command()
@click.argument("ship")
@click.option("--range", "rng", required=True, help="Range in inches.")
@click.pass_obj
def sight(obj, ship, rng):
    """What can be made out of SHIP at a range (DGUTS sighting; by day or by night).

    \b
    Example:
      umpire sight guerriere --range 60
    """
    obj.emit(obj.ruleset.query(obj.state, obj.tables(), "sight", obj.ship(ship), {"range": rng}))
