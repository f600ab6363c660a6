"""Tournament Edition 2.6, 12.4.7: "On the turn after a prize crew captures a ship, it may not
change sails, turn the ship, grapple an enemy ship, upanchor, perform repairs, or load or fire
guns." The capture's turn is kept on the captured ship (`te_prize_turn`) by the melee."""

from __future__ import annotations

from umpire.core.errors import Refused

#: what each command does that 12.4.7 forbids on the turn after the capture
FORBIDDEN = {"fire": "fire her guns", "load": "load her guns", "sail": "change sails", "repair": "perform repairs",
             "grapple": "grapple an enemy ship", "move": "turn the ship"}


def check(state: dict, command: str, ship_id: str, how: str = "") -> None:
    ship = state["ships"].get(ship_id)
    if not ship or not ship.get("te_prize_turn") or not ship["prize"]["squares"]:
        return
    if state["turn"] != ship["te_prize_turn"] + 1:
        return
    if command == "move" and not any(c in str(how).upper() for c in "LR"):
        return                                   # she may sail on; only turning her is forbidden
    what = FORBIDDEN.get(command) or ("upanchor" if command == "anchor" and how == "up" else "")
    if what:
        raise Refused(f"{ship['name']} was captured last turn: on the turn after the capture her prize crew may not "
                      f"{what} (TE 2.6 12.4.7)")
