"""Commands of the WS&IM 1981 Optional Rules: tow, aground, designate, signal and timer.

(`mast` is the shared command in `actions`; `speed --blocked-by` is there too.) Each command
is refused in a game started without its optional rule."""

from __future__ import annotations

import click

from umpire.cli import cli
from umpire.cli.actions import _act, roll_option
from umpire.core.errors import BadInput


def _wsim(obj, command: str) -> None:
    """The game's rules must have the command (the first edition has its own tow and aground)."""
    rs = obj.ruleset
    if command in rs.actions or command in rs.queries or (command == "timer" and rs.family == "wsim"):
        return
    raise BadInput(f"{command}: a command of the WS&IM 1981 Optional Rules; this game plays {obj.ruleset.id}")


@cli.command()
@click.argument("ship")
@click.argument("towed", required=False)
@click.option("--cast-off", is_flag=True, help="End SHIP's tow (the ungrappling notation).")
@click.pass_obj
def tow(obj, ship, towed, cast_off):
    """SHIP takes the friendly ship TOWED in tow, or casts off her tow (WS&IM towing).

    The tow is rigged this turn (her stern in the hex the towed ship's bow points to); from the
    next turn both move on SHIP's plot and SHIP loses speed by the two ships' gun ratings.

    \b
    Examples:
      umpire tow mars hercule
      umpire tow mars --cast-off
    """
    from umpire.rules.wsim.optional_actions import Tow

    _wsim(obj, "tow")
    opts = {"cast_off": True} if cast_off else {}
    _act(obj, Tow(obj.ship(ship), obj.ship(towed) if towed else "", opts))


@cli.command()
@click.argument("ship")
@click.option("--refloat", is_flag=True, help="Try to refloat her, in a later turn's reload phase.")
@click.option("--land", is_flag=True, help="She entered a land hex: she is destroyed.")
@click.option("--rocks", is_flag=True, help="Tournament Edition: she entered a rocks hex (a die for the damage).")
@click.option("--lighten", multiple=True, metavar="SECTION",
              help="Tournament Edition: throw a section of guns over the side to lighten her: left-bow, "
              "left-stern, right-bow or right-stern (repeatable).")
@click.option("--battle", is_flag=True, help="Tournament Edition, with --refloat: an enemy ship is within ten hexes.")
@click.option("--depth", type=int, metavar="FEET", help="Tournament Edition: the depth of the hex she entered, "
              "checked against her depth value.")
@roll_option
@click.pass_obj
def aground(obj, ship, refloat, land, rocks, lighten, battle, depth, roll):
    """SHIP has run aground (the umpire read the depths), or try to refloat her (WS&IM running-aground).

    1981: grounding rolls the die that sets how hard she is to refloat; each later turn a die
    above it refloats her. Tournament Edition (land-rocks-and-shoals): she stops; each later
    turn two dice and their modifiers reach 10 to refloat her. She may not move or fire while
    aground.

    \b
    Examples:
      umpire aground hercule --roll 3
      umpire aground hercule --refloat --roll 5
      umpire aground hercule --land
      umpire aground hercule --rocks --roll 4
      umpire aground hercule --refloat --battle --lighten left-bow --rolls 5,4
    """
    from umpire.rules.wsim.optional_actions import Aground

    _wsim(obj, "aground")
    opts = {k: True for k, v in (("refloat", refloat), ("land", land), ("rocks", rocks), ("battle", battle)) if v}
    if lighten:
        opts["lighten"] = list(lighten)
    if depth is not None:
        opts["depth"] = depth
    _act(obj, Aground(obj.ship(ship), opts), roll)


@cli.command()
@click.argument("ship")
@click.option("--fore-and-aft", is_flag=True, help="Fore-and-aft rigged, as the scenario states (fore-and-aft-rigging).")
@click.option("--uncoppered", is_flag=True, help="At sea three months or more with no coppering (copper-bottom).")
@click.option("--newly-arrived", type=int, metavar="N",
              help="Newly arrived: N extra crew squares per section, 1 or 2 for a ship of the line, 1 for a "
              "frigate (scurvy; at set-up).")
@click.option("--rated-guns", type=int, metavar="N", help="Her gun rating, which towing and blocked wind compare.")
@click.option("--merchantman", metavar="KIND", help="Tournament Edition: a merchantman, KIND merchant or "
              "east-indiaman (merchantmen).")
@click.option("--privateer", is_flag=True, help="Tournament Edition: the merchantman is converted to a privateer "
              "(privateers-and-pirates; at set-up).")
@click.option("--pirate", is_flag=True, help="Tournament Edition: the sloop is a pirate, her crew doubled "
              "(privateers-and-pirates; at set-up).")
@click.option("--mortars", type=int, metavar="N", help="Tournament Edition: a bomb (or a fort) with N mortars, 1 or "
              "2 (bombs).")
@click.option("--fort", metavar="KIND", help="Tournament Edition: a fort, KIND stone, earthen or wooden; its two "
              "broadsides are two walls (forts).")
@click.option("--soldiers", type=int, metavar="N", help="Tournament Edition: N soldier squares embarked (soldiers; "
              "at set-up).")
@click.option("--artillery", is_flag=True, help="Tournament Edition, with --soldiers: they are artillery troops.")
@click.option("--boat", is_flag=True, help="Tournament Edition: the class 7 or 8 vessel is a boat unit that rows "
              "(boats).")
@click.pass_obj
def designate(obj, ship, fore_and_aft, uncoppered, newly_arrived, rated_guns, merchantman, privateer, pirate,
              mortars, fort, soldiers, artillery, boat=False):
    """Note what the scenario states about SHIP for the WS&IM optional rules.

    \b
    Examples:
      umpire designate hornet --fore-and-aft
      umpire designate mars --newly-arrived 2 --rated-guns 74
      umpire designate bengal --merchantman east-indiaman --privateer
    """
    from umpire.rules.wsim.optional_actions import Designate

    _wsim(obj, "designate")
    opts = {"fore_and_aft": fore_and_aft, "uncoppered": uncoppered, "newly_arrived": newly_arrived,
            "rated_guns": rated_guns, "merchantman": merchantman, "privateer": privateer, "pirate": pirate,
            "mortars": mortars, "fort": fort, "soldiers": soldiers, "artillery": artillery, "boat": boat}
    _act(obj, Designate(obj.ship(ship), {k: v for k, v in opts.items() if v not in (None, False)}))


@cli.command()
@click.argument("ship")
@click.option("--text", required=True, help="The message, as written.")
@click.pass_obj
def signal(obj, ship, text):
    """Record SHIP's one written message to her fleet this turn (WS&IM multi-player-communication).

    \b
    Example:
      umpire signal victory --text "Engage the enemy more closely"
    """
    from umpire.rules.wsim.optional_actions import Signal

    _wsim(obj, "signal")
    _act(obj, Signal(obj.ship(ship), text))


@cli.command()
@click.option("--start", is_flag=True, help="Count the time down here, and say when it is up.")
@click.pass_obj
def timer(obj, start):
    """Time allowed to write movement this turn (WS&IM timed-moves); --start counts it down.

    \b
    Examples:
      umpire timer
      umpire timer --start
    """
    from umpire.core.state import Resolution

    _wsim(obj, "timer")
    state = obj.state
    minutes, most, steps, unwritten = obj.ruleset.timer(state, obj.tables(), list(obj.game.meta.get("optional", [])))
    res = Resolution("timer", f"{minutes} minute(s) to write movement", [], steps,
                     {"minutes": minutes, "most_ships_a_side": most, "turn": state["turn"], "unwritten": unwritten})
    obj.emit(res)
    if start:
        _count_down(minutes * 60, obj.as_json, unwritten)


def _count_down(seconds: int, quiet: bool, unwritten: str) -> None:
    import time

    end = time.monotonic() + seconds
    while True:
        left = end - time.monotonic()
        if left <= 0:
            break
        if not quiet:
            click.echo(f"\r{int(left) // 60}:{int(left) % 60:02d} left ", nl=False)
        time.sleep(min(1.0, left))
    click.echo(("" if quiet else "\r") + "\atime is up: " + unwritten)


@cli.command()
@click.argument("ship")
@click.option("--hexes", type=int, metavar="N", help="Hexes she moved this movement phase (default: her journalled move).")
@click.pass_obj
def lead(obj, ship, hexes):
    """May SHIP cast the lead this turn, and ask the depths around her? (WS&IM casting-the-lead)

    \b
    Examples:
      umpire lead hercule
      umpire lead hercule --hexes 1
    """
    _wsim(obj, "lead")
    opts = {} if hexes is None else {"hexes": hexes}
    obj.emit(obj.ruleset.query(obj.state, obj.tables(), "lead", obj.ship(ship), opts))
