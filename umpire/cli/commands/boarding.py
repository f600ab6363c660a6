"""Ships in contact and what follows: foul, grapple, ram, board, melee, capture, transfer,
surrender, recover, morale."""

from __future__ import annotations

import click

from umpire.cli import cli
from umpire.cli.actions import act, key_values, roll_option, ruleset_action, ship_or_boat, typed_in_opts
from umpire.core import actions as A
from umpire.core.errors import BadInput


def _contact(kind: str, helptext: str):
    @click.argument("ship")
    @click.argument("other")
    @click.option("--opt", "extra", multiple=True, metavar="KEY=VALUE", help="Ruleset-specific option (repeatable).")
    @roll_option
    @click.pass_obj
    def command(obj, ship, other, roll, extra=(), motionless=0):
        opts = {"motionless": motionless} if motionless else {}
        opts.update(key_values(extra))
        act(obj, A.Contact(kind, obj.ship(ship), obj.ship(other), opts), roll)

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
@click.option("--at", "target", required=True, help="The ship rammed (or collided with, or run alongside).")
@click.option("--angled", is_flag=True, help="DGUTS galley: crossing at about 45 degrees rather than square on.")
@click.option("--collision", is_flag=True, help="Grid: an accidental collision rather than a ram (the same damage). "
              "WS&IM Tournament Edition (boats): the only form, a collision with a boat unit.")
@click.option("--alongside", is_flag=True, help="Grid: SHIP ran alongside: no damage, only the entangling die.")
@roll_option
@click.pass_obj
def ram(obj, ship, target, angled, collision, alongside, roll):
    """SHIP rams another. DGUTS: a galley crossing a ship's course (ahead, ram or astern; a ram
    sinks her). Grid game: 1D6 damage cards each and 2 in 6 entangled; dice in order: SHIP's
    damage, the other's, the entangling die (alongside: that die only). WS&IM Tournament
    Edition with boats: SHIP ran into OTHER (`--collision`): a boat running into a larger
    vessel goes back to her hex; a larger vessel entering a boat's hex destroys her (one die).

    \b
    Examples:
      umpire ram algerine --at brig --rolls 3,4,2
      umpire ram swallow --at royal-fortune --rolls 3,5,2
    """
    if collision and alongside:
        raise BadInput("ram: --collision or --alongside, not both")
    given = {"--angled": "opts"} if angled else {}
    if collision or alongside:
        given["--collision" if collision else "--alongside"] = "kind"
    kind = "collision" if collision else "alongside" if alongside else "ram"
    data = {"ship": obj.ship(ship), "at": obj.ship(target), "kind": kind, "opts": {"angled": "1"} if angled else {}}
    act(obj, ruleset_action(obj, "ram", data, given), roll)


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
    opts = key_values(extra)
    if target_rolls:
        opts["target_rolls"] = target_rolls
    roll = typed_in_opts(obj, "board", opts, roll)
    act(obj, A.Board(ship_or_boat(obj, ship), party or "", sections or "", obj.ship(target) if target else "", opts),
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
    """Fight a melee by the game's rules.

    WS&IM 1981: up to three rounds, or until one side is three to one;
    typed dice two per round, attacker's then defender's. WS&IM 1974: one
    exchange of two dice a Move. TE 2.6: boarding, crew loss and morale
    rolls (docs/cli.md). DGUTS: one round of a melee begun with `board`
    (two a turn at the fleet level); each side rolls up to the dice its
    odds allow, keeping the last (--opt attacker=R,R defender=R, or the
    umpire rolls).

    \b
    Example:
      umpire melee constitution --at guerriere --rolls 2,5,1,6
    """
    attackers = [obj.ship(attacker)] + [obj.ship(o) for o in others]
    act(obj, A.Melee(attackers, obj.ship(defender), key_values(extra)), roll)


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
    act(obj, A.Capture(obj.ship(ship), obj.ship(captor), sections))


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
    act(obj, A.Transfer(obj.ship(ship), obj.ship(dest), sections))


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
    act(obj, A.Surrender(obj.ship(ship), how))


@cli.command()
@click.argument("ship")
@click.pass_obj
def recover(obj, ship):
    """End a surrender: a friendly ship is within five hexes at the start of the turn.

    \b
    Example:
      umpire recover guerriere
    """
    act(obj, A.Recover(obj.ship(ship)))


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
    act(obj, A.Morale(obj.ship(ship), key_values(extra)), roll)
