"""Commands of the Tournament Edition 2.6 Optional Rules that no other ruleset has: `bomb`."""

from __future__ import annotations

import click

from umpire.cli import cli
from umpire.cli.actions import _act, roll_option
from umpire.core.errors import BadInput


@cli.command()
@click.argument("ship")
@click.option("--load", is_flag=True, help="One turn's loading of the mortar (four turns load it).")
@click.option("--at", "target", help="The ship fired at (anchored or aground).")
@click.option("--range", "rng", help="Range in hexes (3 to 10).")
@click.option("--mortar", type=click.Choice(["bow", "second"]), default="bow", show_default=True,
              help="Which mortar (a two-mortar bomb has a second).")
@click.option("--facing", type=click.Choice(["left", "right"]), help="The target's broadside nearer the bomb "
              "(where gun hits land).")
@click.option("--arc", type=click.Choice(["bow", "stern", "left", "right"]),
              help="The field the target lies in, as the map shows, checked against the mortar's field of fire.")
@roll_option
@click.pass_obj
def bomb(obj, ship, load, target, rng, mortar, facing, arc, roll):
    """Load or fire a bomb's mortar (WS&IM Tournament Edition, optional rule bombs).

    \b
    Examples:
      umpire bomb thunder --load
      umpire bomb thunder --at victory --range 6 --facing left --rolls 4
    """
    from umpire.rules.wsim.editions.te26.optional.bombs import Bomb

    if "bomb" not in obj.ruleset.actions:
        raise BadInput(f"bomb: a command of the WS&IM Tournament Edition's Advanced Game (optional rule bombs); "
                       f"this game plays {obj.ruleset.id}")
    opts = {"load": load, "mortar": mortar, "range": rng, "facing": facing, "arc": arc}
    _act(obj, Bomb(obj.ship(ship), obj.ship(target) if target else "", {k: v for k, v in opts.items() if v}), roll)
