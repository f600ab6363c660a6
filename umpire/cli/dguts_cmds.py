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


def _night(what: str, opts: dict):
    from umpire.rules.dguts.actions import Night

    return Night(what, opts)


@night.command("roll")
@roll_option
@click.pass_obj
def night_roll(obj, roll):
    """Roll the night's visibility: 1-2 good (10"), 3-4 fair (8"), 5-6 poor (6").

    \b
    Example:
      umpire night roll --roll 3
    """
    _act(obj, _night("roll", {}), roll)


@night.command("set")
@click.option("--visibility", required=True, type=click.Choice(["good", "fair", "poor"]))
@click.pass_obj
def night_set(obj, visibility):
    """Set the night's visibility as the umpire rules it.

    \b
    Example:
      umpire night set --visibility fair
    """
    _act(obj, _night("set", {"visibility": visibility}))


@night.command("day")
@click.pass_obj
def night_day(obj):
    """Daylight again: sighting and fire are no longer bounded by the night.

    \b
    Example:
      umpire night day
    """
    _act(obj, _night("day", {}))


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
    from umpire.rules.dguts.actions import Burn

    opts = {"crew": crew, "to": obj.ship(to_ship) if to_ship else None, "cause": cause, "hot_shot": hot_shot}
    _act(obj, Burn(obj.ship(ship), what, list(areas), {k: v for k, v in opts.items() if v is not None}), roll)


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
    from umpire.rules.dguts.actions import Musketry

    opts = {"crew": crew, "troops": troops, "table": table, "grenades": grenades}
    _act(obj, Musketry(obj.ship(ship), obj.ship(target), {k: v for k, v in opts.items() if v is not None}))


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
    from umpire.rules.dguts.actions import Task

    opts = {"set": state, "crew": crew, "gain": gain, "trained": "1" if trained else None, "squadron": squadron,
            "pace": pace}
    _act(obj, Task(obj.ship(ship), what, {k: v for k, v in opts.items() if v is not None}), roll)


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
    from umpire.rules.dguts.actions import Paddles

    _act(obj, Paddles(obj.ship(ship), {"hits": hits}), roll)


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
    from umpire.rules.dguts.actions import Mortar

    opts = {"size": size, **({"range": rng} if rng else {})}
    _act(obj, Mortar(obj.ship(ship), obj.ship(target) if target else "", opts), roll)


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
    from umpire.rules.dguts.actions import Howitzer

    opts = {"range": rng, "guns": guns, "calibre": calibre, **({"moving": "1"} if moving else {})}
    _act(obj, Howitzer(obj.ship(ship), obj.ship(target), opts), roll)
