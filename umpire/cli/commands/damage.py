"""Damage and what is done about it: special damage, masts, fire aboard, pumps, paddle wheels,
sinking, explosions, repair."""

from __future__ import annotations

import click

from umpire.cli import cli
from umpire.cli.actions import act, action_type, key_values, roll_option, ruleset_action
from umpire.core import actions as A
from umpire.core.errors import BadInput


@cli.command()
@click.argument("ship")
@click.option("--column", required=True, type=click.Choice(["hull", "spar"]), help="Hull (low) or spar (high).")
@click.option("--opt", "extra", multiple=True, metavar="KEY=VALUE", help="band=A-D, broadside=0|1, calibre=N.")
@roll_option
@click.pass_obj
def special(obj, ship, column, extra, roll):
    """Roll on the special damage table (DGUTS single-ship rules).

    \b
    Example:
      umpire special guerriere --column spar --opt band=A --roll 3,5
    """
    act(obj, A.Special(obj.ship(ship), column, key_values(extra)), roll)


@cli.command()
@click.argument("ship")
@click.option("--opt", "extra", multiple=True, metavar="KEY=VALUE",
              help="attempt=N (and crew=CF) to cut away a fouled mast.")
@click.option("--cut", is_flag=False, flag_value="any", metavar="[left|right]",
              help="WS&IM loss-of-rigging: try to cut loose a mast hanging over the side (one die on the "
              "Unfouling Table); name the side when masts hang over both.")
@roll_option
@click.pass_obj
def mast(obj, ship, extra, roll, cut=None):
    """A mast comes down: which one, and clear or foul (DGUTS single-ship rules).
    WS&IM loss-of-rigging: roll the mast dice owed for whole rigging sections lost, or
    --cut a mast hanging over the side loose.

    \b
    Examples:
      umpire mast guerriere --roll 2,5
      umpire mast swan --rolls 1,4
      umpire mast swan --cut --roll 2
    """
    opts = key_values(extra)
    if cut is not None:
        if "cut" not in obj.ruleset.options.get("mast", ()):
            raise BadInput(f"--cut: cutting loose a mast over the side is not a {obj.ruleset.id} option "
                           "(WS&IM loss-of-rigging)")
        opts["cut"] = cut
    act(obj, A.Mast(obj.ship(ship), opts), roll)


@cli.command()
@click.argument("ship")
@click.argument("what", type=click.Choice(["set", "turn", "fight", "abandon", "flood", "fireship", "fuse",
                                          "shell", "premature"]))
@click.argument("areas", nargs=-1)
@click.option("--crew", help="fight: crew factors fighting the fire (groups of 2 CF).")
@click.option("--to", "to_ship", help="abandon: the friendly ship alongside that takes her crew.")
@click.option("--cause", type=click.Choice(["crew", "hit"]), default="crew", show_default=True,
              help="set: by her own crew (she must be abandoned first) or by enemy action.")
@click.option("--hot-shot", "hot_shot", help="premature: hot shot hits she took (a chance each).")
@roll_option
@click.pass_obj
def burn(obj, ship, what, areas, crew, to_ship, cause, hot_shot, roll):
    """Fire aboard a ship (DGUTS optional rule): set fires in areas, burn a turn, fight a fire,
    abandon her or flood her magazine; set a fireship burning or light an explosive ship's fuse. Areas are bow, midships or stern of each deck and the hold,
    e.g. upper-bow, deck2-midships, hold-stern. `shell` rolls for each howitzer shell that hit
    (one bow or stern deck area named for each); `premature` rolls the chances of an explosive
    ship hit before her fuse is lit going up (one for each 100 points low, one for each hot shot).

    \b
    Examples:
      umpire burn java abandon --to constitution
      umpire burn java set upper-bow hold-stern
      umpire burn java turn
      umpire burn constitution fight upper-stern --crew 4
      umpire burn java flood
      umpire burn java shell upper-bow upper-stern
      umpire burn infernal premature --hot-shot 1
    """
    opts = {"crew": crew, "to": obj.ship(to_ship) if to_ship else None, "cause": cause, "hot_shot": hot_shot}
    act(obj, action_type(obj, "burn")(obj.ship(ship), what, list(areas), {k: v for k, v in opts.items() if v is not None}), roll)


@cli.command()
@click.argument("ship")
@click.option("--crew", required=True, type=float, help="Crew factors at the pumps.")
@click.pass_obj
def pumps(obj, ship, crew):
    """Put crew factors at the pumps of a ship in danger of sinking (DGUTS).

    \b
    Example:
      umpire pumps guerriere --crew 3
    """
    act(obj, A.Pumps(obj.ship(ship), crew))


@cli.command()
@click.argument("ship")
@click.option("--hits", default="1", show_default=True, help="Hits she took low.")
@roll_option
@click.pass_obj
def paddles(obj, ship, hits, roll):
    """A steam vessel hit low: a die for each hit, 1 or 2 jams a paddle wheel (DGUTS special vessels).

    \b
    Example:
      umpire paddles comet --hits 2 --rolls 4,1
    """
    act(obj, action_type(obj, "paddles")(obj.ship(ship), {"hits": hits}), roll)


@cli.command()
@click.argument("ship")
@roll_option
@click.pass_obj
def sink(obj, ship, roll):
    """The turn's die for a ship marked as sinking (WS&IM advanced): a 6 and she sinks. Rolled
    once a turn, from the turn after she was marked.

    \b
    Example:
      umpire sink hercule --roll 6
    """
    act(obj, ruleset_action(obj, "sink", {"ship": obj.ship(ship)}, {}), roll)


@cli.command()
@click.argument("ship")
@click.option("--near", "near", multiple=True, metavar="SHIP[=INCHES]",
              help="WS&IM: a ship in an adjacent hex (repeat, in the order her dice are rolled). "
                   "DGUTS: SHIP=INCHES, a ship nearby and its distance.")
@click.option("--explosive-ship", is_flag=True, help="DGUTS: a fire ship or explosion vessel.")
@roll_option
@click.pass_obj
def explode(obj, ship, near, explosive_ship, roll):
    """A ship blows up. WS&IM advanced: the turn's die for a ship marked as exploding; on a 6 she
    explodes and each ship named by --near takes one die of rigging damage. DGUTS: ships nearby
    take damage by distance.

    \b
    Examples:
      umpire explode hercule --near mars --rolls 6,3
      umpire explode java --near constitution=2
    """
    kind = action_type(obj, "explode")
    if kind._kinds.get("near") == "dict[str, float]":
        pairs = key_values(near)
        try:
            dist = {obj.ship(k): float(v) for k, v in pairs.items()}
        except ValueError:
            raise BadInput(f"--near {' '.join(near)}: give SHIP=INCHES, e.g. constitution=2") from None
        data = {"ship": obj.ship(ship), "near": dist, "opts": {"explosive_ship": explosive_ship}}
        act(obj, ruleset_action(obj, "explode", data, {}), roll)
        return
    for item in near:
        if "=" in item:
            raise BadInput(f"--near {item!r}: in {obj.ruleset.id} name a ship in an adjacent hex, with no distance")
    given = {"--explosive-ship": "opts"} if explosive_ship else {}
    data = {"ship": obj.ship(ship), "near": [obj.ship(n) for n in near]}
    act(obj, ruleset_action(obj, "explode", data, given), roll)


@cli.command()
@click.argument("ship")
@click.option("--what", type=click.Choice(["hull", "rigging", "guns", "low", "high", "jury"]),
              help="WS&IM advanced: hull, rigging or guns. DGUTS: hull (low), rigging (high), a jury mast, or guns.")
@click.option("--crew", type=float, help="DGUTS: crew factors at work.")
@click.option("--turns", type=int, help="DGUTS: turns spent on it (default 1).")
@click.option("--battle", is_flag=True, help="DGUTS: repairs made during the action.")
@click.option("--card", help="grid: the held damage card repaired, or hull (plug one unit).")
@click.option("--result", type=click.Choice(["fixed", "failed"]), help="grid: the repair roll's result.")
@roll_option
@click.pass_obj
def repair(obj, ship, what, crew, turns, battle, card, result, roll):
    """Repair damage. WS&IM advanced: one turn of work on hull, rigging or guns, in the load
    phase; the third turn of one kind gives back the two squares marked last. DGUTS: crew factors
    put to work. Grid: a held damage card.

    \b
    Examples:
      umpire repair constitution --what rigging
      umpire repair guerriere --what low --crew 4 --turns 2
      umpire repair swallow --card sail-shot-away --result fixed
    """
    kind = action_type(obj, "repair")
    if "opts" in kind._fields:
        if not (what or card):
            raise BadInput("repair: say what is repaired: --what (DGUTS) or --card (grid)")
        opts = {"crew": crew, "turns": 1 if turns is None else turns, "battle": battle, "result": result}
        data = {"ship": obj.ship(ship), "what": what or card, "opts": {k: v for k, v in opts.items() if v is not None}}
        act(obj, ruleset_action(obj, "repair", data, {}), roll)
        return
    given = {name: "opts" for name, value in (("--crew", crew), ("--turns", turns), ("--battle", battle or None),
                                              ("--card", card), ("--result", result)) if value is not None}
    if not what and not given:
        raise BadInput("repair: say what is repaired: --what hull|rigging|guns")
    act(obj, ruleset_action(obj, "repair", {"ship": obj.ship(ship), "what": what or ""}, given), roll)
