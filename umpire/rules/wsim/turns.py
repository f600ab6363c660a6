"""End of turn, loading, surrender and victory points (Basic X, VIII.D, IX.D, XI)."""

from __future__ import annotations

from umpire.core.errors import Refused
from umpire.core.state import Resolution, Step, set_, has_state
from umpire.rules.wsim.ship import SIDES, snapshot


def can_work_guns(ship: dict) -> bool:
    manned = sum(ship["crew_left"]) > 0 or ship["prize"]["squares"] > 0
    return manned and not ship.get("struck") and ship["state"] != "surrendered"


def load(state: dict, ship_id: str, side: str) -> Resolution:
    """Load one broadside; a ship loads one broadside per turn (X.A)."""
    ship = state["ships"][ship_id]
    if not can_work_guns(ship):
        raise Refused(f"{ship['name']} cannot load: she {has_state(ship['state'])} or has no crew")
    if ship["loaded"][side]:
        raise Refused(f"{ship['name']}'s {side} broadside is already loaded")
    if ship["loaded_this_turn"]:
        raise Refused(f"{ship['name']} has already loaded her {ship['loaded_this_turn']} broadside this turn "
                      "(one broadside per turn)")
    effects = [set_(["ships", ship_id, "loaded", side], True), set_(["ships", ship_id, "loaded_this_turn"], side)]
    return Resolution("load", f"{ship['name']} loads her {side} broadside", effects,
                      [Step("load", f"{side} broadside, roundshot", "Basic X.A, X.C")], {"ship": ship_id, "side": side})


def end_turn(state: dict, hold=None) -> Resolution:
    """Close the turn: reload one fired broadside per ship that has not loaded, clear boarding
    parties, and take the new turn's firing basis (fire is simultaneous within a turn).
    `hold(state, id, ship)`, at the Advanced level, gives a ship's own end-of-turn effects and
    working and the broadsides not to reload."""
    effects: list[dict] = []
    steps: list[Step] = []
    for sid, ship in state["ships"].items():
        loaded = dict(ship["loaded"])
        held: set[str] = set()
        if hold:
            more, said, held = hold(state, sid, ship)
            effects += more
            steps += said
        if not ship["loaded_this_turn"] and can_work_guns(ship):
            empty = [s for s in ship["fired_this_turn"] if not loaded[s]] + [s for s in SIDES if not loaded[s]]
            empty = [s for s in empty if s not in held]
            if empty:
                loaded[empty[0]] = True
                effects.append(set_(["ships", sid, "loaded", empty[0]], True))
                if "shot" in ship:   # the Advanced log keeps the shot loaded: `turn` loads roundshot
                    effects.append(set_(["ships", sid, "shot", empty[0]], "round"))
                steps.append(Step(f"{ship['name']} reloads", f"{empty[0]} broadside", "Basic X.A"))
        for key, value in (("fired_this_turn", []), ("loaded_this_turn", ""), ("parties", []), ("boarding", []),
                           ("prize_losses", 0)):
            if ship.get(key) != value:
                effects.append(set_(["ships", sid, key], value))
        for key, empty in (("fresh", []), ("fresh_prize", 0), ("tries", [])):
            if ship.get(key):   # only where set this turn, so quiet ships add nothing to the journal
                effects.append(set_(["ships", sid, key], empty))
        basis = snapshot(ship)
        if ship.get("at_turn_start") != basis:   # only ships changed this turn need a new basis in the journal
            effects.append(set_(["ships", sid, "at_turn_start"], basis))
    turn = state["turn"] + 1
    effects.append(set_(["turn"], turn))
    return Resolution("turn", f"turn {turn} begins", effects, steps, {"turn": turn})


def surrender(state: dict, ship_id: str, how: str) -> Resolution:
    """Confirm a surrender the tool flagged as liable: the umpire has checked that no friendly
    ship of the firer's class or larger is within ten hexes (VIII.D.3.b, VIII.D.4.b)."""
    ship = state["ships"][ship_id]
    if ship.get("struck") or ship["state"] in ("surrendered", "captured"):
        raise Refused(f"{ship['name']} has already {ship['state']}")
    if how in ("firepower", "immobility") and how not in ship["liable"]:
        raise Refused(f"{ship['name']} is not liable to surrender by {how} "
                      f"({'all gun squares' if how == 'firepower' else 'all rigging squares'} must be gone)")
    effects = [set_(["ships", ship_id, "state"], "surrendered"), set_(["ships", ship_id, "surrendered_by"], how)]
    steps = [Step("surrender", f"by {how}", "Basic VIII.D.3.b" if how == "firepower" else
                  "Basic VIII.D.4.b" if how == "immobility" else "Basic IX.D.1")]
    return Resolution("surrender", f"{ship['name']} surrenders ({how})", effects, steps,
                      {"ship": ship_id, "state": "surrendered", "by": how})


def recover(state: dict, ship_id: str, at_turn_start: bool = True) -> Resolution:
    """A surrendered ship (not struck) with a friend within five hexes at the start of the turn
    returns to normal duty, damage and all (IX.D.14). The umpire confirms the distance. With
    `at_turn_start` (1981, TE 2.6 11.4.5) the check is at the beginning of a turn, so a ship that
    surrendered in this turn waits for the next; the 1974 text sets no such time."""
    ship = state["ships"][ship_id]
    if ship.get("struck"):
        raise Refused(f"{ship['name']} has struck her colours: she stays surrendered")
    if ship["state"] == "captured":
        raise Refused(f"{ship['name']} has a prize crew aboard: she is retaken by melee, not by a friend nearby")
    if ship["state"] != "surrendered":
        raise Refused(f"{ship['name']} has not surrendered")
    if at_turn_start and (ship.get("at_turn_start") or {}).get("state", "surrendered") != "surrendered":
        raise Refused(f"{ship['name']} surrendered in this turn: a friend within five hexes frees her at the "
                      f"beginning of a turn, from turn {state['turn'] + 1} (Basic IX.D.14)")
    effects = [set_(["ships", ship_id, "state"], "active"), set_(["ships", ship_id, "surrendered_by"], ""),
               set_(["ships", ship_id, "liable"], [])]
    return Resolution("recover", f"{ship['name']} is no longer surrendered", effects,
                      [Step("friendly ship within five hexes", "surrender ends", "Basic IX.D.14")], {"ship": ship_id})


def score(state: dict, tables, judge: bool = True) -> dict:
    """Victory points by side: an enemy ship struck or surrendered scores her points,
    one captured scores twice (XI.B); with `judge`, whether the game is over (`victory`)."""
    sides = sorted({s["side"] for s in state["ships"].values()})
    points = dict.fromkeys(sides, 0)
    lines = []
    for ship in state["ships"].values():
        down = ship.get("struck") or ship["state"] in ("surrendered", "captured")
        if not down:
            continue
        captured = ship["prize"]["squares"] > 0
        gainers = [ship["controller"]] if captured else [s for s in sides if s != ship["side"]]
        value = ship["points"] * (tables["procedures"]["victory"]["captured_multiplier"] if captured else 1)
        for g in gainers:
            points[g] = points.get(g, 0) + value     # (a controller no ship sides with, in a hand-edited file)
        lines.append({"ship": ship["id"], "state": ship["state"], "captured": captured, "points": value,
                      "to": gainers})
    out = {"points": points, "ships": lines}
    if judge:
        out["victory"] = phrased(victory(state, tables))
    return out


DOWN = ("struck", "surrendered", "captured", "sunk", "exploded")
#: how a ship's state reads after her name; the judgement keeps the bare state (journalled as it was)
FATE = {"captured": "has been captured", "sinking": "is sinking", "exploding": "will explode",
        "struck": "has struck her colours"}


def phrased(v: dict) -> dict:
    """The end of the game as the umpire reads it: "HERCULE has been captured", not "has captured"."""
    why = v.get("why") or ""
    for state, words in FATE.items():
        if why.endswith(f" has {state}"):
            return {**v, "why": why[: -len(f" has {state}")] + " " + words}
    return v


def is_down(ship: dict) -> bool:
    """Out of the fight: struck (surrender by striking, VIII.D.1.b), surrendered, captured; sunk or exploded."""
    return bool(ship.get("struck")) or ship["state"] in DOWN


def has_no_crew(ship: dict) -> bool:
    return sum(ship["crew_left"]) == 0


def victory(state: dict, tables=None) -> dict:
    """The end of the game as far as the state shows it (Basic XI; Advanced III.A.3.c).

    A single-ship action (one ship a side) ends when one ship surrenders, the other winning
    (XI.A); both at once is a draw (XI.A.2); a ship with no crew left loses even if the other
    strikes (XI.A.3). A multi-ship action ends when its scenario says (XI.B): the tool shows
    who leads on points. A storm rising to hurricane ends any game at once (III.A.3.c).
    Once announced the end stands (XI.A.4), but within the turn it was announced the state
    is judged again: a second surrender in the same turn is simultaneous, a draw (XI.A.2)."""
    fresh = _judge(state, tables)
    ended = state.get("game_over")
    if ended and (ended.get("turn") != state.get("turn") or not fresh["over"]):
        return dict(ended)
    return fresh


def _judge(state: dict, tables) -> dict:
    ships = list(state["ships"].values())
    sides = sorted({s["side"] for s in ships})
    single = len(sides) == 2 and len(ships) == 2
    if _hurricane(state, tables):
        return {"action": "single-ship" if single else "multi-ship", "over": True, "winner": None, "draw": False,
                "why": "the wind has risen from storm to hurricane", "source": "Advanced III.A.3.c"}
    if single:
        return _single_ship(ships)
    return _multi_ship(state, tables, sides)


def _hurricane(state: dict, tables) -> bool:
    wind = state.get("wind")
    if not wind or tables is None:     # only the Advanced Game tracks the wind
        return False
    return wind.get("velocity") == len(tables["wind"]["velocities"]) - 1


def _single_ship(ships: list[dict]) -> dict:
    out = {"action": "single-ship", "over": False, "winner": None, "draw": False, "why": "", "source": ""}
    crewless = [s for s in ships if has_no_crew(s)]
    down = [s for s in ships if is_down(s)]
    if len(crewless) == 1:
        loser = crewless[0]
        winner = next(s for s in ships if s is not loser)
        return {**out, "over": True, "winner": winner["side"],
                "why": f"{loser['name']} has lost all her crew squares", "source": "Basic XI.A.3"}
    if len(down) == 2 or len(crewless) == 2:
        return {**out, "over": True, "draw": True, "why": "both ships have surrendered", "source": "Basic XI.A.2"}
    if len(down) == 1:
        loser = down[0]
        winner = next(s for s in ships if s is not loser)
        return {**out, "over": True, "winner": winner["side"],
                "why": f"{loser['name']} has {loser['state']}", "source": "Basic XI.A"}
    return out


def _multi_ship(state: dict, tables, sides: list[str]) -> dict:
    out = {"action": "multi-ship", "over": False, "winner": None, "draw": False,
           "why": "the scenario sets the end; then the side with the most points wins", "source": "Basic XI.B.4"}
    if tables is None or len(sides) < 2:
        return out
    points = score(state, tables, judge=False)["points"]
    best = max(points.values())
    leaders = [s for s, p in points.items() if p == best]
    return {**out, "leader": leaders[0] if len(leaders) == 1 else None}
