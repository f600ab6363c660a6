"""Movement allowance (Basic Game IV.A) and attitude to the wind."""

from __future__ import annotations

from umpire.core.errors import BadInput, Refused
from umpire.core.state import Resolution, Step, has_state
from umpire.rules.wsim.ship import sections_lost
from umpire.rules.wsim import optional

ATTITUDES = ("A", "B", "C", "D")
#: what the Optional Rules mark on a ship that changes her allowance (rules/wsim/optional.py)
OPTIONAL_MARKS = ("fore_and_aft", "mast_over", "towing", "towed_by", "uncoppered", "aground")


def attitude(heading: int, wind_toward: int, tables) -> str:
    """Attitude from a ship's heading and the direction the wind blows toward (1-6)."""
    for name, v in (("heading", heading), ("wind", wind_toward)):
        if not 1 <= v <= 6:
            raise BadInput(f"{name} {v}: hex directions run 1 to 6")
    rel = (heading - wind_toward) % 6
    return tables["movement"]["attitude_by_relative_direction"][str(rel)]


def allowance(ship: dict, att: str, tables, sail: str = "battle", turn: int = 0) -> Resolution:
    """Hexes the ship may move this turn: chart value less one per rigging section lost, never below 0."""
    att = att.upper()
    if att not in ATTITUDES:
        raise BadInput(f"attitude {att!r}: use A, B, C or D")
    speed = ship["battle_sail"] if sail == "battle" else ship["full_sail"]
    charts = tables["movement"][f"{sail}_sail"]
    if str(speed) not in charts:
        raise Refused(f"{ship['name']}: no {sail} sail chart for speed {speed} (charts: {', '.join(charts)})")
    base = charts[str(speed)][att]
    lost = sections_lost(ship)
    src = tables.source("movement")
    steps = [Step(f"{sail} sail {speed} chart, attitude {att}", str(base), src)]
    marked = any(ship.get(k) for k in OPTIONAL_MARKS)
    if marked:   # only a game with the optional rule can mark a ship so (rules/wsim/optional.py)

        base = optional.chart_value(ship, att, turn, base, steps, tables)
    value = max(0, base - lost)
    if lost:
        steps.append(Step("rigging sections lost", f"-{lost}", "Basic VIII.D.4.a"))
    if base - lost < 0:
        steps.append(Step("never below 0", "0", "Basic IV.A.17"))
    may_turn = True
    if marked:
        value, may_turn = optional.speed_losses(ship, sail, turn, value, steps, tables)
    for reason, rule in _cannot_move(ship, turn):
        steps.append(Step("she cannot move", reason, rule))
        value = 0
    data = {"ship": ship["id"], "attitude": att, "sail": sail, "chart": base, "sections_lost": lost,
            "allowance": value, "may_turn": may_turn}
    return Resolution("speed", f"{ship['name']} attitude {att}: {value} hex(es)", [], steps, data)


def _cannot_move(ship: dict, turn: int = 0) -> list[tuple[str, str]]:
    """Why a ship may not move this turn at all (she may still drift or turn in place)."""
    out = []
    if turn and ship.get("all_aboard_turn") == turn - 1:
        out.append(("her whole crew was in boarding parties last turn", "Basic VII.B.5"))
    if ship.get("struck") or ship["state"] == "surrendered":
        out.append((f"{ship['name']} {has_state(ship['state'])}", "Basic VIII.D.1.b, IX.D.4"))
    if sum(ship["crew_left"]) == 0 and ship["prize"]["squares"] == 0:
        out.append(("no crew left", "Basic VIII.D.2.b"))
    if ship["fouled"] or ship["grappled"]:
        out.append(("fouled or grappled: she may only drift", "Basic V.C.6, VI.A.6"))
    return out
