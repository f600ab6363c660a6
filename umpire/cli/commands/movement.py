"""Moving the ships: speed, move, sail, anchor, tack, tow, aground, lead, row, meet, run-down,
boats; and the written orders of the turn: timer, signal."""

from __future__ import annotations

import time

import click

from umpire.cli import cli
from umpire.cli.actions import (act, action_type, key_values, require_command, roll_option, ruleset_action,
                                ship_or_boat)
from umpire.core.errors import BadInput
from umpire.core.state import Resolution


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
    opts = {"attitude": attitude, "heading": heading, "wind": wind, "sail": sail, **key_values(extra)}
    opts.update({k: v for k, v in (("wind_from", wind_from), ("point", point)) if v is not None})
    if blocked_by is not None:
        opts["blocked_by"] = obj.ship(blocked_by)
    ship, _, boat = ship_or_boat(obj, ship).partition("/")
    if boat:
        opts["boat"] = boat
    obj.emit(obj.ruleset.query(obj.state, obj.tables(), "speed", ship, opts))


@cli.command()
@click.argument("ship")
@click.argument("notation", nargs=-1)
@click.option("--attitude", help="WS&IM attitude to the wind at the start of the move: A, B, C or D.")
@click.option("--heading", type=int, help="Hex direction 1-6 the bow points to at the start (instead of --attitude; "
              "with --wind unless the game tracks the wind).")
@click.option("--wind", type=int, help="Direction the wind blows toward, 1-6 (with --heading).")
@click.option("--sail", help="battle (default) or full (Advanced; default the sails she has set).")
@click.option("--turning", type=int, help="WS&IM: her turning ability, when her record has none (not given at "
              "`ship add`, in the scenario or with `ship edit`): typed once, it is kept on her record and "
              "never asked for again; a different value from the recorded one is refused (correct the record "
              "with `ship edit SHIP --turning N`).")
@click.option("--as-written", is_flag=True,
              help="Journal an illegal move as the log has it: she moves up to the infraction and stops there.")
@click.option("--blocked-by", help="Optional Rules IX (blocked-wind): the adjacent ship blocking her wind this turn.")
@click.option("--for-turn", type=int, help="Optional IV (command-lag): write this move ahead, for turn N.")
@click.option("--erase-orders", is_flag=True,
              help="Optional IV (command-lag): erase her moves written ahead (she is back within ten hexes).")
@click.option("--unwritten", is_flag=True,
              help="Optional II (timed-moves): her orders were not written in time; she sails straight ahead her "
              "full allowance.")
@click.option("--collision", is_flag=True,
              help="Cut this turn's journalled move back to where a collision stopped her (the first part of it).")
@click.pass_obj
def move(obj, ship, notation, attitude, heading, wind, sail, turning, blocked_by, for_turn, erase_orders, unwritten,
         as_written, collision):
    """Journal SHIP's move for this turn, as written in her log.

    NOTATION is the move column: a number of hexes straight ahead, L or R for a
    60 degree turn, B for a movement factor spent backing sails (Advanced), 0 for
    no move, D for a drifting turn; e.g. L1R1, "B B B 1", 0. The move is checked
    against the allowance for her attitude, one turn per hex, her turning ability
    and what holds her in place (fouled, grappled, anchored, crew away boarding).
    A move the rules do not allow is refused, saying where it breaks them; the
    tool also says when she drifts. One move per ship per turn; `undo` takes it
    back, and --collision cuts it short where a collision stopped her.

    With the command-lag optional rule, --for-turn N writes a move ahead; in
    turn N `move SHIP` (no notation) carries it out, and --erase-orders drops
    the moves written ahead.

    \b
    Example:
      umpire move constitution L1R1 --attitude A
      umpire move constitution 2 --heading 3 --wind 1
      umpire move guerriere 0
      umpire move constitution L1 --attitude A --collision
      umpire move president 2 --for-turn 4
    """
    opts = {"attitude": attitude, "heading": heading, "wind": wind, "sail": sail, "turning": turning,
            "as_written": True if as_written else None, "collision": True if collision else None,
            "blocked_by": obj.ship(blocked_by) if blocked_by else None, "for_turn": for_turn,
            "erase_orders": True if erase_orders else None, "unwritten": True if unwritten else None}
    opts = {k: v for k, v in opts.items() if v is not None}
    act(obj, action_type(obj, "move")(obj.ship(ship), " ".join(notation), opts))


@cli.command()
@click.argument("ship")
@click.argument("sails", required=False, type=click.Choice(["full", "battle"], case_sensitive=False))
@click.option("--set", "setting", metavar="SETTING",
              help="grid: the new setting: anchor, none, reefed, main, topsail or all.")
@click.option("--battle", is_flag=True, help="Tournament Edition: an unsundered enemy ship is within ten hexes "
              "(with variable seamanship, a die against the crew's morale).")
@roll_option
@click.pass_obj
def sail(obj, ship, sails, setting, battle, roll):
    """Set SHIP's sails. WS&IM advanced: full or battle sails (Full Sail Phase), in effect at
    once; full sails double the rigging hits she takes. Grid: move her sail marker to a new
    setting (the first setting given is where she starts; `speed` and `tack` then use it).

    \b
    Examples:
      umpire sail constitution full
      umpire sail orient full --battle --roll 3
      umpire sail swallow --set topsail
    """
    kind = action_type(obj, "sail")
    if "setting" in kind._fields:
        if sails:
            raise BadInput(f"sail {sails}: in {obj.ruleset.id} give the new setting with --set")
        if not setting:
            raise BadInput("sail: give the new setting with --set (anchor, none, reefed, main, topsail or all)")
        act(obj, ruleset_action(obj, "sail", {"ship": obj.ship(ship), "setting": setting},
                                 {"--battle": "opts"} if battle else {}), roll)
        return
    if not sails:
        raise BadInput("sail: say full or battle, e.g. umpire sail constitution full")
    given = {"--set": "setting"} if setting else {}
    data = {"ship": obj.ship(ship), "sails": sails.lower()}
    if battle:
        given["--battle"] = "opts"
        data["opts"] = {"battle": "1"}
    act(obj, ruleset_action(obj, "sail", data, given), roll)


@cli.command()
@click.argument("ship")
@click.option("--spring", type=click.Choice(["bow", "stern"]), help="Anchor on springs, by the bow or the stern.")
@click.option("--up", is_flag=True, help="Weigh anchor: two turns with no loading, firing, repairs or melee.")
@click.option("--cut", is_flag=True, help="Cut the anchors: free next turn, never to anchor again.")
@click.pass_obj
def anchor(obj, ship, spring, up, cut):
    """Anchor SHIP (WS&IM advanced), in effect from next turn: ordinary, or on springs by the bow
    or the stern; or weigh (--up) or cut (--cut) her anchors. Whether the scenario allows
    anchoring is the umpire's call.

    \b
    Examples:
      umpire anchor constitution --spring bow
      umpire anchor constitution --up
    """
    if sum(bool(x) for x in (spring, up, cut)) > 1:
        raise BadInput("anchor: give one of --spring, --up or --cut")
    how = spring or ("up" if up else "cut" if cut else "ordinary")
    act(obj, ruleset_action(obj, "anchor", {"ship": obj.ship(ship), "how": how}, {}))


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
    act(obj, action_type(obj, "tack")(obj.ship(ship), sail or "", heading or "", wind_from or ""), roll)


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
    require_command(obj, "tow", "the WS&IM 1981 Optional Rules")
    opts = {"cast_off": True} if cast_off else {}
    act(obj, action_type(obj, "tow")(obj.ship(ship), obj.ship(towed) if towed else "", opts))


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
    require_command(obj, "aground", "the WS&IM 1981 Optional Rules")
    opts = {k: True for k, v in (("refloat", refloat), ("land", land), ("rocks", rocks), ("battle", battle)) if v}
    if lighten:
        opts["lighten"] = list(lighten)
    if depth is not None:
        opts["depth"] = depth
    act(obj, action_type(obj, "aground")(obj.ship(ship), opts), roll)


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
    require_command(obj, "lead", "the WS&IM 1981 Optional Rules")
    opts = {} if hexes is None else {"hexes": hexes}
    obj.emit(obj.ruleset.query(obj.state, obj.tables(), "lead", obj.ship(ship), opts))


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
    require_command(obj, "row", "the WS&IM Tournament Edition's Advanced Game (optional rule rowing, 39.0)")
    act(obj, action_type(obj, "row")(obj.ship(ship), to.lower()))


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
    act(obj, action_type(obj, "meet")(obj.ship(ship), obj.ship(other), speed, other_speed), roll)


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
    act(obj, action_type(obj, "run-down")(obj.ship(ship), ship_or_boat(obj, target), speed), roll)


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
    act(obj, action_type(obj, "boats")(obj.ship(ship), how, boat, -1 if speed is None else speed))


@cli.command()
@click.option("--start", is_flag=True, help="Count the time down here, and say when it is up.")
@click.pass_obj
def timer(obj, start):
    """Time allowed to write movement this turn (WS&IM timed-moves; grid: the umpire's time limit); --start counts it down.

    \b
    Examples:
      umpire timer
      umpire timer --start
    """
    state = obj.state
    minutes, most, steps, unwritten = obj.ruleset.timer(state, obj.tables())
    res = Resolution("timer", f"{minutes} minute(s) to write movement", [], steps,
                     {"minutes": minutes, "most_ships_a_side": most, "turn": state["turn"], "unwritten": unwritten})
    obj.emit(res)
    if start:
        _count_down(minutes * 60, obj.as_json, unwritten)


def _count_down(seconds: int, quiet: bool, unwritten: str) -> None:
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
@click.option("--text", required=True, help="The message, as written.")
@click.pass_obj
def signal(obj, ship, text):
    """Record SHIP's one written message to her fleet this turn (WS&IM multi-player-communication).

    \b
    Example:
      umpire signal victory --text "Engage the enemy more closely"
    """
    require_command(obj, "signal", "the WS&IM 1981 Optional Rules")
    act(obj, action_type(obj, "signal")(obj.ship(ship), text))
