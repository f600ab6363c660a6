"""Guns and small arms: fire, load, and the rules' other weapons (mortar, howitzer, bomb,
musketry, marines)."""

from __future__ import annotations

import click

from umpire.cli import cli
from umpire.cli.actions import (act, action_type, key_values, require_command, roll_option, ruleset_action,
                                ship_or_boat, typed_in_opts)
from umpire.core import actions as A
from umpire.core.errors import BadInput


@cli.command()
@click.argument("ship")
@click.option("--at", "target", required=True, help="Target ship.")
@click.option("--range", "rng", required=True, help="Range: hexes (WS&IM) or inches (DGUTS).")
@click.option("--side", required=True, help="Broadside firing: left/port or right/starboard; grid also bow, stern, or a boat's gun: cutter, launch.")
@click.option("--aim", help="WS&IM: hull or rigging. DGUTS: high or low.")
@click.option("--rake", type=click.Choice(["bow", "stern"]), help="The fire rakes the target.")
@click.option("--facing", help="WS&IM: target's broadside facing the firer (gun hits land there); "
              "needed only when the result has gun hits to place, and not on a rake (the target chooses).")
@click.option("--lose", type=click.Choice(["carronades", "guns"]), help="WS&IM: which gun squares the target "
              "gives up first (target's choice; default carronades).")
@click.option("--cards", metavar="ID[,ID...]", help="grid: the damage cards drawn at the table, one per hit.")
@click.option("--section", type=click.Choice(["bow", "stern"]), help="WS&IM advanced: only this gun section fires.")
@click.option("--hit-section", type=click.Choice(["bow", "stern"]),
              help="WS&IM advanced: target's gun section nearest the firing guns (default: target's choice).")
@click.option("--guns", type=click.IntRange(min=1), help="grid: how many of the battery's manned guns fire "
              "(default: all of them).")
@click.option("--opt", "extra", multiple=True, metavar="KEY=VALUE", help="Ruleset-specific option (repeatable).")
@roll_option
@click.pass_obj
def fire(obj, ship, target, rng, side, aim, rake, facing, lose, cards, section, hit_section, guns, extra, roll):
    """Fire SHIP's broadside at a target and mark the hits.

    \b
    Example:
      umpire fire constitution --at guerriere --range 3 --side left --facing right --roll 4
    """
    if guns is not None and not getattr(obj.ruleset, "fire_some_guns", False):
        raise BadInput(f"--guns: {obj.ruleset.id} fires a battery whole; --guns is for the grid rules")
    opts = {"range": rng, "side": side, "aim": aim, "rake": rake, "facing": facing, "lose": lose, "cards": cards,
            "section": section, "hit_section": hit_section, "guns": guns}
    opts.update(key_values(extra))
    roll = typed_in_opts(obj, "fire", opts, roll)
    act(obj, A.Fire(obj.ship(ship), ship_or_boat(obj, target), {k: v for k, v in opts.items() if v is not None}), roll)


@cli.command("load")
@click.argument("ship")
@click.option("--side", required=True, help="Broadside to load: left/port or right/starboard.")
@click.option("--shot", type=click.Choice(["round", "double", "chain", "grape"]),
              help="WS&IM advanced: the shot loaded (default round).")
@click.pass_obj
def load_cmd(obj, ship, side, shot):
    """Load one broadside of SHIP (one per turn).

    \b
    Example:
      umpire load constitution --side left
      umpire load constitution --side left --shot double
    """
    if shot:   # the game's own load action, where it has a shot to load
        data = {"ship": obj.ship(ship), "side": side, "shot": shot}
        return act(obj, ruleset_action(obj, "load", data, {"--shot": "shot"}))
    act(obj, A.Load(obj.ship(ship), side))


@cli.command()
@click.argument("ship")
@click.option("--size", type=click.Choice(["13", "10", "8", "5.5"]), default="13", show_default=True)
@click.option("--range", "rng", help="Range to the aiming point in inches (checked against the mortar's reach).")
@click.option("--at", "target", help="The ship on whose counter the shell fell: does it strike and burst?")
@roll_option
@click.pass_obj
def mortar(obj, ship, size, rng, target, roll):
    """Fire a mortar (DGUTS special guns): without --at, where the shell falls; with --at, whether it
    strikes the vessel on whose counter it fell, and bursts.

    \b
    Examples:
      umpire mortar thunder --size 13 --range 40 --rolls 3,5,6,2
      umpire mortar thunder --size 13 --at fort --rolls 2,1
    """
    opts = {"size": size, **({"range": rng} if rng else {})}
    act(obj, action_type(obj, "mortar")(obj.ship(ship), obj.ship(target) if target else "", opts), roll)


@cli.command()
@click.argument("ship")
@click.option("--at", "target", required=True, help="Target ship.")
@click.option("--range", "rng", required=True, help="Range in inches.")
@click.option("--guns", required=True, help="Howitzers firing.")
@click.option("--calibre", required=True, help="Their calibre in pounds.")
@click.option("--moving", is_flag=True, help="The target is under way.")
@roll_option
@click.pass_obj
def howitzer(obj, ship, target, rng, guns, calibre, moving, roll):
    """Fire howitzers from an anchored ship or from shore (DGUTS special guns): percentage dice.

    \b
    Example:
      umpire howitzer fort --at frigate --range 5 --guns 6 --calibre 24 --rolls 40,90,12,70
    """
    opts = {"range": rng, "guns": guns, "calibre": calibre, **({"moving": "1"} if moving else {})}
    act(obj, action_type(obj, "howitzer")(obj.ship(ship), obj.ship(target), opts), roll)


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
    require_command(obj, "bomb", "the WS&IM Tournament Edition's Advanced Game (optional rule bombs)")
    opts = {"load": load, "mortar": mortar, "range": rng, "facing": facing, "arc": arc}
    act(obj, action_type(obj, "bomb")(obj.ship(ship), obj.ship(target) if target else "", {k: v for k, v in opts.items() if v}), roll)


@cli.command()
@click.argument("ship")
@click.option("--at", "target", required=True, help="The ship grappled alongside.")
@click.option("--crew", help="Crew factors firing muskets from the tops.")
@click.option("--troops", type=click.Choice(["marines", "soldiers", "seamen"]), default="marines", show_default=True)
@click.option("--table", type=click.Choice(["killed", "casualties"]), default="killed", show_default=True,
              help="The text's historical figures (killed) or what the muskets should have done (casualties).")
@click.option("--grenades", help="Crew factors throwing grenades (once each in a battle).")
@click.pass_obj
def musketry(obj, ship, target, crew, troops, table, grenades):
    """Musketry and grenades from the fighting tops into a ship grappled alongside (DGUTS advanced optional).

    \b
    Example:
      umpire musketry constitution --at guerriere --crew 2 --troops marines
    """
    opts = {"crew": crew, "troops": troops, "table": table, "grenades": grenades}
    act(obj, action_type(obj, "musketry")(obj.ship(ship), obj.ship(target), {k: v for k, v in opts.items() if v is not None}))


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
    act(obj, action_type(obj, "marines")(obj.ship(ship), obj.ship(target), rng), roll)
