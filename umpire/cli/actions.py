"""Commands for what happens at the table: fire, speed, load, foul, grapple, board, melee, ...

Each maps its options onto an action (core/actions.py) and hands it to the engine."""

from __future__ import annotations

import click

from umpire.cli import cli
from umpire.cli import wind_cmds  # noqa: F401  (`wind` is shared by two rule systems: it registers first)
from umpire.core import actions as A
from umpire.core.errors import BadInput
from umpire.core.state import Resolution

roll_option = click.option("--roll", "--rolls", "roll", metavar="R[,R...]",
                           help="Dice as rolled at the table, e.g. 4 or 3,5,1 (default: umpire rolls).")


def _act(obj, act: A.Action, roll: str | None = None):
    """Do the action through the engine (or, under `umpire odds`, show its exact odds) and print."""
    action = act.journal()
    if obj.odds:
        return _odds(obj, action)
    res = obj.session.perform(action, roll)
    obj.emit(res)
    return res


def _odds(obj, action: dict) -> None:
    from umpire.core.odds import distribution, events

    got = obj.session.plan(action)
    if isinstance(got, Resolution) or got.need.count == 0:
        raise BadInput(f"{action['command']}: no dice are rolled here, so there are no odds to show")
    data = distribution(got)
    data["events"] = events(got)
    if obj.as_json:
        import json

        click.echo(json.dumps(data))
        return
    from umpire.cli.odds import chart_lines

    click.echo("\n".join(chart_lines(data, action)))


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
@click.option("--opt", "extra", multiple=True, metavar="KEY=VALUE", help="Ruleset-specific option (repeatable).")
@roll_option
@click.pass_obj
def fire(obj, ship, target, rng, side, aim, rake, facing, lose, cards, section, hit_section, extra, roll):
    """Fire SHIP's broadside at a target and mark the hits.

    \b
    Example:
      umpire fire constitution --at guerriere --range 3 --side left --facing right --roll 4
    """
    opts = {"range": rng, "side": side, "aim": aim, "rake": rake, "facing": facing, "lose": lose, "cards": cards,
            "section": section, "hit_section": hit_section}
    opts.update(_pairs(extra))
    if obj.game.meta.get("optional"):
        opts["_optional"] = list(obj.game.meta["optional"])
    roll = _typed_in_opts(obj, "fire", opts, roll)
    _act(obj, A.Fire(obj.ship(ship), _target(obj, target), {k: v for k, v in opts.items() if v is not None}), roll)


def _typed_in_opts(obj, command: str, opts: dict, roll: str | None) -> str | None:
    """Typed dice that are not plain d6s (grid fire dice show 1 2 3 4 8 X) go to the rules as an option."""
    if roll and command in obj.ruleset.typed_dice_in_opts:
        opts["rolls"] = roll
        return None
    return roll


def _target(obj, text: str) -> str:
    """A ship, or (where the rules have boats as targets) one of her boats as SHIP/BOAT."""
    head, sep, boat = text.partition("/")
    if sep and obj.ruleset.boat_targets:
        return f"{obj.ship(head)}/{boat.strip().lower()}"
    return obj.ship(text)


def _pairs(items) -> dict:
    out = {}
    for item in items:
        if "=" not in item:
            raise BadInput(f"--opt {item!r}: write KEY=VALUE")
        k, v = item.split("=", 1)
        out[k.strip()] = v.strip()
    return out


@cli.command()
@click.argument("ship")
@click.option("--attitude", help="WS&IM attitude to the wind: A, B, C or D.")
@click.option("--heading", help="Ship's heading: WS&IM hex direction 1-6 (with --wind); grid compass point N NE E ...")
@click.option("--wind", type=int, help="WS&IM: direction the wind blows toward, 1-6 (with --heading).")
@click.option("--blocked-by", metavar="SHIP", help="WS&IM blocked-wind: the adjacent ship lying between her "
              "bow or stern hex and the wind this turn.")
@click.option("--wind-from", help="grid: compass point the wind blows from (with --heading).")
@click.option("--point", help="Point of sailing: grid reach or other.")
@click.option("--sail", help="WS&IM battle (default) or full; grid anchor, none, reefed, main, topsail or all.")
@click.option("--opt", "extra", multiple=True, metavar="KEY=VALUE", help="Ruleset-specific option (repeatable).")
@click.pass_obj
def speed(obj, ship, attitude, heading, wind, wind_from, point, sail, extra, blocked_by=None):
    """Movement allowance of SHIP this turn.

    \b
    Example:
      umpire speed constitution --attitude A
    """
    opts = {"attitude": attitude, "heading": heading, "wind": wind, "sail": sail, **_pairs(extra),
            "_optional": list(obj.game.meta.get("optional", []))}
    opts.update({k: v for k, v in (("wind_from", wind_from), ("point", point)) if v is not None})
    if blocked_by is not None:
        opts["blocked_by"] = obj.ship(blocked_by)
    ship, _, boat = _target(obj, ship).partition("/")
    if boat:
        opts["boat"] = boat
    obj.emit(obj.ruleset.query(obj.state, obj.tables(), "speed", ship, opts))


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
    if shot and obj.ruleset.family != "wsim":
        raise BadInput("--shot: shot types are a WS&IM option")
    if shot:
        from umpire.rules.wsim.actions import Load

        return _act(obj, Load(obj.ship(ship), side, shot))
    _act(obj, A.Load(obj.ship(ship), side))


def _contact(kind: str, helptext: str):
    @click.argument("ship")
    @click.argument("other")
    @click.option("--opt", "extra", multiple=True, metavar="KEY=VALUE", help="Ruleset-specific option (repeatable).")
    @roll_option
    @click.pass_obj
    def command(obj, ship, other, roll, extra=(), motionless=0):
        opts = {"motionless": motionless} if motionless else {}
        opts.update(_pairs(extra))
        if obj.game.meta.get("optional"):
            opts["_optional"] = list(obj.game.meta["optional"])
        _act(obj, A.Contact(kind, obj.ship(ship), obj.ship(other), opts), roll)

    command.__doc__ = f"{helptext}\n\n    \b\n    Example:\n      umpire {kind} constitution guerriere --roll 2\n    "
    if kind == "grapple":
        command = click.option("--motionless", type=click.IntRange(0, 2), default=0,
                               help="How many of the two ships did not move this turn.")(command)
    return cli.command(kind)(command)


_contact("foul", "Check whether two ships that collided have fouled.")
_contact("unfoul", "Try to unfoul two fouled ships.")
_contact("grapple", "Try to grapple an adjacent ship.")
_contact("ungrapple", "Try to cast off one grapple.")


@cli.command()
@click.argument("ship")
@click.option("--party", type=click.Choice(["obp", "dbp", "tbp", "nbp"], case_sensitive=False),
              help="WS&IM and DGUTS: the boarding party.")
@click.option("--sections", help="Crew sections, e.g. 1,2 (lowest manned first).")
@click.option("--at", "target", help="Ship the party boards or defends against.")
@click.option("--opt", "extra", multiple=True, metavar="KEY=VALUE",
              help="DGUTS: crew=CF, defender_crew=CF, shock=1, upper_deck=1.")
@click.option("--target-rolls", metavar="R,R,...", help="grid: the boarded ship's dice (--rolls are the boarders').")
@roll_option
@click.pass_obj
def board(obj, ship, party, sections, target, extra, target_rolls, roll):
    """Form a boarding party for this turn (OBP, DBP, TBP or NBP).

    \b
    Example:
      umpire board constitution --party obp --sections 1,2 --at guerriere
    """
    opts = _pairs(extra)
    if target_rolls:
        opts["target_rolls"] = target_rolls
    roll = _typed_in_opts(obj, "board", opts, roll)
    _act(obj, A.Board(_target(obj, ship), party or "", sections or "", obj.ship(target) if target else "", opts),
         roll)


@cli.command()
@click.argument("attacker")
@click.option("--at", "defender", required=True, help="Ship boarded.")
@click.option("--with", "others", multiple=True, help="Another ship whose OBP boards the same ship.")
@click.option("--opt", "extra", multiple=True, metavar="KEY=VALUE",
              help="DGUTS: attacker=R,R,... defender=R,... (each side's dice in the order rolled).")
@roll_option
@click.pass_obj
def melee(obj, attacker, defender, others, extra, roll):
    """Fight a melee: up to three rounds, or until one side is three to one.

    Typed dice: two per round, attacker's then defender's.

    \b
    Example:
      umpire melee constitution --at guerriere --rolls 2,5,1,6
    """
    attackers = [obj.ship(attacker)] + [obj.ship(o) for o in others]
    _act(obj, A.Melee(attackers, obj.ship(defender), _pairs(extra)), roll)


@cli.command()
@click.argument("ship")
@click.option("--by", "captor", required=True, help="Ship sending the prize crew.")
@click.option("--sections", required=True, help="Captor's crew sections sent aboard, e.g. 3.")
@click.pass_obj
def capture(obj, ship, captor, sections):
    """Put a prize crew aboard a ship that has struck or surrendered.

    \b
    Example:
      umpire capture guerriere --by constitution --sections 3
    """
    _act(obj, A.Capture(obj.ship(ship), obj.ship(captor), sections))


@cli.command()
@click.argument("ship")
@click.option("--to", "dest", required=True, help="Friendly ship receiving the crew.")
@click.option("--sections", required=True, help="Crew sections transferred, e.g. 3.")
@click.pass_obj
def transfer(obj, ship, dest, sections):
    """Transfer crew sections to a friendly ship.

    \b
    Example:
      umpire transfer victory --to temeraire --sections 3
    """
    _act(obj, A.Transfer(obj.ship(ship), obj.ship(dest), sections))


@cli.command()
@click.argument("ship")
@click.option("--by", "how", required=True, type=click.Choice(["firepower", "immobility", "melee", "choice"]),
              help="How she surrenders.")
@click.pass_obj
def surrender(obj, ship, how):
    """Confirm a surrender the tool flagged (no friend of the firer's class within ten hexes).

    \b
    Example:
      umpire surrender guerriere --by firepower
    """
    _act(obj, A.Surrender(obj.ship(ship), how))


@cli.command()
@click.argument("ship")
@click.pass_obj
def recover(obj, ship):
    """End a surrender: a friendly ship is within five hexes at the start of the turn.

    \b
    Example:
      umpire recover guerriere
    """
    _act(obj, A.Recover(obj.ship(ship)))


@cli.command()
@click.argument("ship")
@click.option("--opt", "extra", multiple=True, metavar="KEY=VALUE", help="Training game: saving_throw=N.")
@roll_option
@click.pass_obj
def morale(obj, ship, extra, roll):
    """Take a morale check (DGUTS): two dice against the nation's saving throw.

    \b
    Example:
      umpire morale guerriere --roll 4,5
    """
    _act(obj, A.Morale(obj.ship(ship), _pairs(extra)), roll)


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
    _act(obj, A.Pumps(obj.ship(ship), crew))


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
    _act(obj, A.Special(obj.ship(ship), column, _pairs(extra)), roll)


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
    opts = _pairs(extra)
    if cut is not None:
        if obj.ruleset.family != "wsim":
            raise BadInput("--cut: cutting loose a mast over the side is a WS&IM loss-of-rigging option")
        opts["cut"] = cut
    _act(obj, A.Mast(obj.ship(ship), opts), roll)
