"""`umpire ship edit`: change a ship's set-up in play (journalled, so `undo` and `verify` see it).

Imported by `cli.setup` so the command joins the `ship` group.
"""

from __future__ import annotations

import click

from umpire.cli import cli
from umpire.cli.actions import _act

# `cli.setup` has registered the group before it imports this module
ship = cli.commands["ship"]


@ship.command("edit")
@click.argument("name")
@click.option("--guns", help="DGUTS: the whole gun list, e.g. \"28x18,16x32C,2x12\".")
@click.option("--men", type=int, help="DGUTS: crew (men and boys).")
@click.option("--tons", type=float, help="DGUTS: tonnage.")
@click.option("--nation", help="DGUTS: nation, e.g. british.")
@click.option("--rate", help="DGUTS: rated number of guns, e.g. 38.")
@click.option("--class", "ship_class", help="DGUTS: ship class 1-5 or I-V.")
@click.option("--sailing-class", help="DGUTS single-ship rules: sailing class a-e.")
@click.option("--weatherliness", type=int, help="DGUTS single-ship rules: weatherliness class 1-3.")
@click.option("--kind", help="DGUTS: warship, privateer, merchant, galley, steam or bomb.")
@click.pass_obj
def ship_edit(obj, name, guns, men, tons, nation, rate, ship_class, sailing_class, weatherliness, kind):
    """Change a ship's guns, crew, tonnage or nation during a game; her values are worked out
    again and the damage and losses she has taken are kept.

    \b
    Example:
      umpire ship edit macedonian --guns "28x18,16x32C,2x12,2x9,1x18C"
    """
    from umpire.rules.dguts.actions import ShipEdit

    changes = {"guns": guns, "men": men, "tons": tons, "nation": nation, "rate": rate, "class": ship_class,
               "sailing_class": sailing_class, "weatherliness": weatherliness, "kind": kind}
    _act(obj, ShipEdit(obj.ship(name), {k: v for k, v in changes.items() if v is not None}))




@ship.command("speedclass")
@click.argument("name")
@click.option("--roll", "--rolls", "roll", metavar="C,S", help="The two dice: speed class, then sailing class.")
@click.pass_obj
def ship_speedclass(obj, name, roll):
    """Roll a ship's speed class and sailing class by her size and type (DGUTS advanced optional 1).

    \b
    Example:
      umpire ship speedclass victory --rolls 4,2
    """
    from umpire.rules.dguts.actions import SpeedClass

    _act(obj, SpeedClass(obj.ship(name)), roll)
