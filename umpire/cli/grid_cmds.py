"""Commands of the square-grid crew-counter game: crew, tack, marines, surgeon, boats.

Fire, speed, board, repair, sail, turn and status are the shared commands (cli/actions.py,
cli/shared_cmds.py, cli/game_cmds.py); these are the grid game's own, each building one action."""

from __future__ import annotations

import click

from umpire.cli import cli
from umpire.cli.actions import _act, roll_option
from umpire.core.errors import BadInput
from umpire.rules.grid import actions as G

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
    _act(obj, G.Crew(obj.ship(ship), given, crews))


@cli.command()
@click.argument("ship")
@click.option("--sail", help="Sail setting: reefed, main, topsail or all (default: the one she shows).")
@click.option("--heading", metavar="H", help="Her heading, a compass point N NE E ... (with --wind-from): she must be "
              "on a Reach, and the working gives her heading on the other Reach.")
@click.option("--wind-from", metavar="W", help="Compass point the wind blows from (with --heading).")
@roll_option
@click.pass_obj
def tack(obj, ship, sail, heading, wind_from, roll):
    """Try to tack SHIP from one reach to the other (grid).

    \b
    Example:
      umpire tack swallow --sail all --roll 4
      umpire tack swallow --heading NE --wind-from N --roll 4
    """
    if bool(heading) != bool(wind_from):
        raise BadInput("tack: give --heading and --wind-from together")
    _act(obj, G.Tack(obj.ship(ship), sail or "", heading or "", wind_from or ""), roll)


@cli.command()
@click.argument("ship")
@click.option("--at", "target", required=True, help="Ship fired at.")
@click.option("--range", "rng", required=True, type=int, help="Range in squares (marines fire at 1).")
@roll_option
@click.pass_obj
def marines(obj, ship, target, rng, roll):
    """Marines in SHIP's rigging fire at a ship alongside (grid).

    \b
    Example:
      umpire marines swallow --at royal-fortune --range 1 --rolls 1,5
    """
    _act(obj, G.Marines(obj.ship(ship), obj.ship(target), rng), roll)


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
    _act(obj, G.Surgeon(obj.ship(ship)), roll)


@cli.command()
@click.argument("ship")
@click.option("--launch", metavar="BOAT", help="Boat to launch, e.g. gig.")
@click.option("--recover", metavar="BOAT", help="Boat to take back aboard.")
@click.option("--speed", type=click.IntRange(0, 99), help="The ship's squares this move (needed to launch a boat "
              "carrying a gun: 3 or less).")
@click.pass_obj
def boats(obj, ship, launch, recover, speed):
    """Launch or recover one of SHIP's boats at the end of the move (grid).

    \b
    Example:
      umpire boats swallow --launch gig
      umpire boats swallow --launch launch --speed 3
    """
    if bool(launch) == bool(recover):
        raise BadInput("boats: give one of --launch BOAT or --recover BOAT")
    how, boat = ("launch", launch) if launch else ("recover", recover)
    _act(obj, G.Boats(obj.ship(ship), how, boat, -1 if speed is None else speed))


@cli.command()
@click.argument("ship")
@click.option("--with", "other", required=True, help="The other ship in the square.")
@click.option("--speed", required=True, type=int, help="SHIP's speed this move (squares).")
@click.option("--other-speed", required=True, type=int, help="The other ship's speed this move.")
@roll_option
@click.pass_obj
def meet(obj, ship, other, speed, other_speed, roll):
    """Two ships end their move in one square: who decides the final placement, or a collision (grid).

    Each ship has chances equal to her speed (+1 trained, -1 dreadful) and there is one chance of a
    collision; the die has as many faces as there are chances.

    \b
    Example:
      umpire meet swallow --with royal-fortune --speed 3 --other-speed 2 --roll 4
    """
    _act(obj, G.Meet(obj.ship(ship), obj.ship(other), speed, other_speed), roll)


@cli.command("run-down")
@click.argument("ship")
@click.option("--at", "target", required=True, metavar="SHIP/BOAT", help="The boat, e.g. royal-fortune/gig.")
@click.option("--speed", required=True, type=int, help="SHIP's speed this move (squares).")
@roll_option
@click.pass_obj
def run_down(obj, ship, target, speed, roll):
    """SHIP sails through a boat's square to run it down (grid).

    \b
    Example:
      umpire run-down swallow --at royal-fortune/gig --speed 3 --roll 2
    """
    from umpire.cli.actions import _target

    _act(obj, G.RunDown(obj.ship(ship), _target(obj, target), speed), roll)


def load_deck(path: str, ruleset) -> dict:
    """A replacement damage-card deck for `new --deck FILE` (TOML `[[cards]]`), checked; exit 2 on any fault."""
    import tomllib
    from pathlib import Path

    from umpire.core import files
    from umpire.core.tables import Tables
    from umpire.rules.grid.cards import check_deck

    if ruleset.family != "grid":
        raise BadInput(f"--deck: a damage-card deck is for the grid rules, not {ruleset.id}")
    raw, _ = files.read_regular(Path(path), "deck", files.MAX_FILE_BYTES)
    try:
        doc = tomllib.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise BadInput(f"deck {path}: not a TOML file ({exc})") from None
    return check_deck(doc, path, Tables(ruleset.data_id)["deck"])
