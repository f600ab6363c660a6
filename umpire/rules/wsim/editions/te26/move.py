"""Tournament Edition 2.6, the written move (7.0-8.2, 19.2, 19.4), on the 1981 move checker.

The Tournament Edition's movement rules restate the 1981 ones section by section (7.1 = Basic
IV.A, 7.2 = IV.B, 8.2 = V.B, 19.2 = Advanced V.B, 19.4.1 = V.D), so `umpire move` is checked by
the 1981 code (`rules/wsim/moves.py`) and its working cited by this text's numbers. What the
Tournament Edition adds:

* 7.2.9: a "G" in the move column plots a grapple; a ship that wrote her move this turn without
  it may not attempt to grapple (9.0), and one that wrote it takes the grappling attempt
  modifier when she fires (11.3.3.1);
* 19.4.2 (Advanced): a ship that ended her last move with a turn may not begin this one with a
  turn unless the turn is her whole move; 19.4.2.1: written so, only the turn is carried out;
* the anchors are this ruleset's (19.3): at ordinary anchor she may not move;
* 8.2.3.1: ships of different classes fouled or grappled together drift at the rate of the
  highest class (a ship of the line's, every other turn).
"""

from __future__ import annotations

import re

from umpire.core.errors import Refused
from umpire.core.state import Resolution, Step, set_
from umpire.rules.wsim import moves
from umpire.rules.wsim.editions.te26 import ship_work as te26_ship_work

_ANCHOR = {"A": "ordinary", "AB": "bow", "AS": "stern"}


def move(ruleset, state: dict, tables, ship_id: str, notation: str, opts: dict) -> Resolution:
    ship = state["ships"][ship_id]
    text = str(notation or "")
    grapple = "G" in text.upper()
    if grapple:
        text = re.sub(r"[Gg]", " ", text).strip() or "0"
    steps: list[Step] = []
    if grapple:
        steps.append(Step("G written", "she may attempt to grapple this turn; the attempt costs her the grappling "
                          "attempt modifier when she fires", "TE 2.6 7.2.9, 9.0, 11.3.3.1"))
    if ruleset.level == "advanced" and text.strip():
        text = _after_a_turn(ship, state["turn"], text, opts, steps)
    seen = dict(ship)
    if te26_ship_work.anchored(ship, state["turn"]):
        seen["anchor"] = _ANCHOR[ship["te_anchor"]["how"]]
    partners = [state["ships"][x] for x in ship["fouled"] + ship["grappled"] if x in state["ships"]]
    if moves.is_sol(ship) is not True and any(moves.is_sol(x) for x in partners):
        seen.update({"class": "SOL", "class_number": min(x.get("class_number") or 2 for x in partners
                                                            if moves.is_sol(x))})
        steps.append(Step("fouled or grappled to a ship of the line", "she drifts at the ship of the line's rate, "
                          "every other turn", "TE 2.6 8.2.3.1"))
    kept = None
    if (ship.get("towing") or {}).get("ship") and state["turn"] >= ship["towing"].get("from_turn", 0):
        reduced = _towing(ship, text, opts, steps)
        if reduced:
            seen["turning"] = reduced
            if opts.get("turning") is not None and ship.get("turning") is None:
                kept = opts["turning"]          # typed once, kept on her record as typed; used reduced
                opts = {k: v for k, v in opts.items() if k != "turning"}
            elif opts.get("turning") is not None:
                opts = {**opts, "turning": reduced} if str(opts["turning"]).strip() == str(ship["turning"]) else opts
    view = {**state, "ships": {**state["ships"], ship_id: seen}} if seen != ship else state
    res = moves.move(ruleset, view, tables, ship_id, text, opts)
    res.working = steps + res.working
    if kept is not None:
        res.effects.append(set_(["ships", ship_id, "turning"], int(kept)))
    if grapple:
        res.effects.append(set_(["ships", ship_id, "te_grapple_plotted"], state["turn"]))
        res.data["grapple"] = True
    return res


def _towing(ship: dict, text: str, opts: dict, steps: list[Step]) -> int | None:
    """37.3.2 "The towing ship's turning ability is reduced by one (min. = 1). Also, the towing ship
    may not end a Movement Phase with a turn unless the turn was the only movement for the phase"."""
    orders = moves.parse(text) if text.strip() else []
    if len(orders) > 1 and orders[-1][0] == "turn":
        raise Refused(f"{ship['name']} is towing: she may not end her move with a turn unless the turn is her whole "
                      "move (TE 2.6 37.3.2)")
    turning = opts.get("turning") or ship.get("turning")
    if not turning:
        return None
    reduced = max(1, int(turning) - 1)
    steps.append(Step("towing", f"turning ability {turning} -> {reduced}", "TE 2.6 37.3.2"))
    return reduced


def _after_a_turn(ship: dict, turn: int, text: str, opts: dict, steps: list[Step]) -> str:
    """19.4.2: ended last turn's move with a turn, she moves ahead one hex before turning again,
    unless a turn is her whole move; written otherwise, only that first turn is taken (19.4.2.1)."""
    rec = ship.get("movement") or {}
    last = str(rec.get("done") or "")
    if rec.get("turn") != turn - 1 or not last or last[-1] not in "LR":
        return text
    orders = moves.parse(text)
    if not orders or orders[0][0] != "turn" or len(orders) == 1:
        return text
    first = orders[0][1]
    if not opts.get("as_written"):
        raise Refused(f"{ship['name']} ended her last move with a turn ({last}): she must move ahead one hex before "
                      f"turning again, unless a turn is her whole move (TE 2.6 19.4.2); written so, only the turn "
                      f"{first} is taken (19.4.2.1; --as-written journals it so)")
    steps.append(Step("began with a turn after ending with one", f"only the turn {first} is taken; the rest of "
                      f"{text} is voided", "TE 2.6 19.4.2.1"))
    return first


def check_grapple(state: dict, ship_id: str) -> None:
    """9.0: a ship may attempt to grapple if a "G" was written in her move column. Checked when her
    move for this turn has been journalled with `move`."""
    ship = state["ships"][ship_id]
    rec = ship.get("movement") or {}
    if rec.get("turn") == state["turn"] and ship.get("te_grapple_plotted") != state["turn"]:
        raise Refused(f"{ship['name']}'s move this turn ({rec.get('written')}) has no G: a ship may attempt to "
                      "grapple only if a G was written in her move column (TE 2.6 7.2.9, 9.0)")
