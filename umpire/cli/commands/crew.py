"""What the crew is set to: crew (the grid game's control panel), station, task, surgeon."""

from __future__ import annotations

import click

from umpire.cli import cli
from umpire.cli.actions import act, action_type, require_command, roll_option
from umpire.core.errors import BadInput


POSITION_OPTIONS = ("helm", "stays", "rigging", "gunner", "port", "starboard", "bow", "stern", "surgeon", "repair",
                    "below_repair", "pumps", "fighting", "marines", "marines_rigging", "marines_pumps")


def _positions(command):
    for name in reversed(POSITION_OPTIONS):
        flag = "--" + name.replace("_", "-")
        command = click.option(flag, name, type=click.IntRange(min=0), metavar="N",
                               help=f"Figures on the {name.replace('_', ' ')} position.")(command)
    return command


@cli.command()
@click.argument("ship")
@_positions
@click.option("--boat", "boats", multiple=True, metavar="BOAT=N", help="Crew figures in a boat, e.g. gig=2.")
@click.pass_obj
def crew(obj, ship, boats, **positions):
    """Place SHIP's crew and marine figures on her control panel (grid).

    Positions not named keep their figures; figures on no position are idle.

    \b
    Example:
      umpire crew swallow --helm 1 --stays 1 --rigging 5 --gunner 1 --port 7 --fighting 2 --marines 3
    """
    given = {k: v for k, v in positions.items() if v is not None}
    crews = {}
    for item in boats:
        name, sep, n = item.partition("=")
        if not sep or not n.strip().isdigit():
            raise BadInput(f"--boat {item!r}: write BOAT=N, e.g. gig=2")
        crews[name.strip().lower().replace(" ", "-")] = int(n)
    if not given and not crews:
        raise BadInput("crew: name at least one position, e.g. --helm 1, or a boat with --boat gig=2")
    act(obj, action_type(obj, "crew")(obj.ship(ship), given, crews))


@cli.command()
@click.argument("ship")
@roll_option
@click.pass_obj
def surgeon(obj, ship, roll):
    """SHIP's surgeon tries to bring one figure back from the casualty box (grid).

    \b
    Example:
      umpire surgeon swallow --roll 1
    """
    act(obj, action_type(obj, "surgeon")(obj.ship(ship)), roll)


@cli.command()
@click.argument("ship")
@click.option("--marines", "place", required=True, type=click.Choice(["deck", "rigging"], case_sensitive=False),
              help="Post SHIP's marines on the deck or in the rigging (in the Planning Phase).")
@click.pass_obj
def station(obj, ship, place):
    """Send SHIP's marines aloft into the rigging or bring them down to the deck (WS&IM Tournament
    Edition, Advanced Game). From the rigging their musket fire gains, and may set the rigging
    afire; a broadside at her rigging then takes its crew hits from them.

    \b
    Examples:
      umpire station orient --marines rigging
      umpire station orient --marines deck
    """
    require_command(obj, "station", "the WS&IM Tournament Edition's Advanced Game (marines, 19.8)")
    act(obj, action_type(obj, "station")(obj.ship(ship), place.lower()))


@cli.command()
@click.argument("ship")
@click.argument("what", type=click.Choice(["studding", "anchor", "springs", "boats", "guns", "stores", "water",
                                          "flagship", "squadron", "flagship-roll", "row", "stay"]))
@click.option("--set", "state", type=click.Choice(["on", "off"]), default="on", show_default=True,
              help="studding, anchor: set or take in, anchor or weigh.")
@click.option("--crew", help="Crew factors at the task: sailors for sail tasks, anyone for guns "
                             "(default: all aboard).")
@click.option("--gain", help="stores, water: the speed gained, e.g. 0.1 (default: the most the text allows).")
@click.option("--trained", is_flag=True, help="studding, under --optional studding-nations: allow a trained crew "
                                              "of a nation other than the U.S. or Britain.")
@click.option("--squadron", help="flagship: the squadron she leads (default: the whole fleet); squadron: the "
                                 "squadron a ship of the line joins (--set off leaves it).")
@click.option("--pace", type=click.Choice(["normal", "battle"]),
              help="row: a galley's pace this turn, normal (8\") or battle and ramming (12\").")
@roll_option
@click.pass_obj
def task(obj, ship, what, state, crew, gain, trained, squadron, pace, roll):
    """A crew task (DGUTS optional rule): set studding sails, anchor, or lighten ship by jettisoning
    boats, guns, stores or water. The working gives the turns it takes with the crew at it
    (for `guns`, the main deck's guns heaved overboard at a pound of shot a man a turn).
    `row` counts a galley's turn under oars against what her oarsmen can keep up (two hours
    at the normal pace, twenty minutes at battle speed, two turns' rest for each turn rowed).
    `squadron` (fleet rules) puts a ship of the line in a squadron, whose flagship's loss
    costs her a fire factor too.
    `flagship-roll` (fleet rules): a turn engaged with no fleet flagship marked, one die for
    SHIP's fleet; on 1 or 2 every ship of it fires a factor less from then on.
    `stay`: each turn a sinking (rammed) ship's crew stays aboard, a die against its morale
    points plus one; the turn before she sinks everyone leaves.

    \b
    Examples:
      umpire task constitution studding
      umpire task constitution anchor --set off
      umpire task essex water --gain 0.05
      umpire task victory flagship
      umpire task temeraire squadron --squadron weather
      umpire task galley row --pace battle
      umpire task redoutable flagship-roll --roll 2
    """
    opts = {"set": state, "crew": crew, "gain": gain, "trained": "1" if trained else None, "squadron": squadron,
            "pace": pace}
    act(obj, action_type(obj, "task")(obj.ship(ship), what, {k: v for k, v in opts.items() if v is not None}), roll)
