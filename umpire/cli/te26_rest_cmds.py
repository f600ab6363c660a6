"""Commands of the Tournament Edition 2.6 Advanced Game that no other ruleset has: `station`."""

from __future__ import annotations

import click

from umpire.cli import cli
from umpire.cli.actions import _act
from umpire.core.errors import BadInput


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
    from umpire.rules.wsim.editions.te26.marines import Station

    if "station" not in obj.ruleset.actions:
        raise BadInput(f"station: a command of the WS&IM Tournament Edition's Advanced Game (marines, 19.8); "
                       f"this game plays {obj.ruleset.id} at the {getattr(obj.ruleset, 'level', 'basic')} level")
    _act(obj, Station(obj.ship(ship), place.lower()))


@cli.command()
@click.argument("ship")
@click.option("--to", "to", required=True, type=click.Choice(["oars", "sails"], case_sensitive=False),
              help="Change to the oars, or back to battle sails, from the next turn.")
@click.pass_obj
def row(obj, ship, to):
    """Plot SHIP's change to the oars or back to battle sails, made on the next turn (WS&IM
    Tournament Edition, optional rule rowing, Advanced Game). Under oars she moves two hexes
    off the wind, cannot load or fire, and takes no rigging hits.

    \b
    Examples:
      umpire row gunboat --to oars
      umpire row gunboat --to sails
    """
    from umpire.rules.wsim.editions.te26.optional.rowing import Row

    if "row" not in obj.ruleset.actions:
        raise BadInput(f"row: a command of the WS&IM Tournament Edition's Advanced Game (optional rule rowing, "
                       f"39.0); this game plays {obj.ruleset.id} at the {getattr(obj.ruleset, 'level', 'basic')} level")
    _act(obj, Row(obj.ship(ship), to.lower()))
