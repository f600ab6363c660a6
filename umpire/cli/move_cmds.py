"""`umpire move`: a ship's written move for the turn, checked against the rules and journalled."""

from __future__ import annotations

import click

from umpire.cli import cli
from umpire.cli.actions import _act


@cli.command()
@click.argument("ship")
@click.argument("notation", nargs=-1)
@click.option("--attitude", help="WS&IM attitude to the wind at the start of the move: A, B, C or D.")
@click.option("--heading", type=int, help="Hex direction 1-6 the bow points to at the start (instead of --attitude; "
              "with --wind unless the game tracks the wind).")
@click.option("--wind", type=int, help="Direction the wind blows toward, 1-6 (with --heading).")
@click.option("--sail", help="battle (default) or full (Advanced; default the sails she has set).")
@click.option("--turning", type=int, help="Her turning ability, when it was not given at `ship add`.")
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
    from umpire.rules.wsim.moves import Move

    opts = {"attitude": attitude, "heading": heading, "wind": wind, "sail": sail, "turning": turning,
            "as_written": True if as_written else None, "collision": True if collision else None,
            "blocked_by": obj.ship(blocked_by) if blocked_by else None, "for_turn": for_turn,
            "erase_orders": True if erase_orders else None, "unwritten": True if unwritten else None}
    opts = {k: v for k, v in opts.items() if v is not None}
    if obj.game.meta.get("optional"):
        opts["_optional"] = list(obj.game.meta["optional"])
    _act(obj, Move(obj.ship(ship), " ".join(notation), opts))
