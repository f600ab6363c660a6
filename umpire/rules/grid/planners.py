"""The square-grid game's commands: each checks an action against the state and returns a Plan
(the dice it needs and how to resolve them) or a Resolution; `Grid.actions` names them."""

from __future__ import annotations

from umpire.core import actions as A
from umpire.core.dice import DiceNeed
from umpire.core.errors import BadInput, Refused
from umpire.core.ruleset import Plan
from umpire.core.state import Resolution, Step, set_
from umpire.rules.grid import actions as G
from umpire.rules.grid import combat, movement, odds, upkeep
from umpire.rules.grid import ship as S


def fire(rs, state, tables, a: A.Fire):
    f = combat.fire_check(state, a.ship, a.at, a.opts, tables)
    if a.opts.get("rolls"):
        faces = combat.parse_faces(a.opts["rolls"], tables, f["guns"])
        return combat.resolve_fire(state, a.ship, f, faces, a.opts, tables)
    return Plan(_d6(f["guns"], "fire die"), lambda rolls, strict: combat.resolve_fire(
        state, a.ship, f, [combat.face_of(r, tables) for r in rolls], a.opts, tables),
        chain=combat.fire_chain(f, tables, state))


def board(rs, state, tables, a: A.Board):
    if not a.at:
        raise BadInput("board: say which ship is boarded with --at")
    combat.board_check(state, a.ship, a.at)
    d = state["ships"][a.at]
    sid, boat = combat.boarder(a.ship)
    na = len(combat.fighters(state["ships"][sid], False, boat))
    nd = len(combat.defenders(d, combat.first_move(d, a.ship, state["turn"]), tables))
    typed_a, typed_d = a.opts.get("rolls"), a.opts.get("target_rolls")
    ra = combat.board_rolls(typed_a, na, "attacker") if typed_a else None
    rd = combat.board_rolls(typed_d, nd, "defender") if typed_d else None
    if ra is not None and rd is not None:
        return combat.resolve_board(state, a.ship, a.at, ra, rd, tables)
    need = (0 if ra is not None else na) + (0 if rd is not None else nd)

    def resolve(rolls, strict):
        got = list(rolls)
        mine = ra if ra is not None else tuple(got[:na])
        theirs = rd if rd is not None else tuple(got[len(got) - nd:])
        return combat.resolve_board(state, a.ship, a.at, mine, theirs, tables)
    exact = odds.board_odds(state, a.ship, a.at, tables) if ra is None and rd is None else None
    return Plan(_d6(need, "fighter"), resolve, chain=exact)


def repair(rs, state, tables, a: A.Repair):
    ship = state["ships"][a.ship]
    what = upkeep.repair_check(ship, a.what, tables)
    result = (a.opts.get("result") or "").lower()
    if result and result not in ("fixed", "failed"):
        raise BadInput(f"result {result!r}: use fixed or failed")
    upkeep.repair_once(ship, what, state["turn"], tables)
    if result:
        return upkeep.resolve_repair(ship, what, result == "fixed", f"the umpire's roll: {result}", tables,
                                     state["ships"], state["turn"])
    chance = tables["chances"]["repair"]
    if not chance:
        raise BadInput("the text gives no repair chance: give the result of the roll with --result fixed|failed, "
                       "or set the ruling chances.repair (`umpire rulings set chances.repair N`, N in 6)")

    def resolve(rolls, strict):
        return upkeep.resolve_repair(ship, what, rolls[0] <= chance,
                                     f"roll {rolls[0]}, {chance} or less repairs (house ruling)", tables,
                                     state["ships"], state["turn"])
    return Plan(_d6(1, "repair"), resolve)


def end_turn(rs, state, tables, a):
    return upkeep.end_turn(state, tables)


def crew(rs, state, tables, a: G.Crew):
    if state.get("move_begun") == state["turn"]:
        raise Refused(f"move {state['turn']} is under way (its movement cards are revealed: {state['move_begun_by']} "
                      "is journalled): \"Once the Movement Cards are revealed, no player is allowed to move any "
                      "crew figures (other than for damage) until the move has finished\" (Outline of a Game); "
                      "place the crew at the start of the next move, after `turn`")
    return upkeep.allocate(state["ships"][a.ship], a.positions, a.boats, tables)


def tack(rs, state, tables, a: G.Tack):
    ship = state["ships"][a.ship]
    chance, steps = movement.tack_check(ship, tables, a.sail, state["turn"], a.heading, a.wind_from)
    return Plan(_d6(1, "tack"), lambda rolls, strict: movement.resolve_tack(ship, chance, steps, rolls[0],
                                                                            state["turn"], a.heading, a.wind_from))


def sail(rs, state, tables, a: G.SailSetting):
    if state.get("move_begun") == state["turn"]:
        raise Refused(f"move {state['turn']} is under way ({state['move_begun_by']} is journalled): the sail marker "
                      "is moved at the start of a move, before the movement cards are revealed (Outline of a "
                      "Game; Rule Summary, move sequence); set it after `turn`")

    return movement.set_sail(state["ships"][a.ship], tables, a.setting)


def surrender(rs, state, tables, a: A.Surrender):
    """"The ship surrenders when it has no crew left alive on deck (or before then, if the player
    wishes)" (Boarding): `board` does the first; this is the player's wish."""
    if a.by != "choice":
        raise BadInput(f"--by {a.by}: in the grid game a ship surrenders by choice (a boarding that leaves "
                       "no crew on her deck makes her surrender by itself)")
    ship = state["ships"][a.ship]
    S.afloat(ship, "surrender")
    return Resolution("surrender", f"{ship['name']} surrenders", [set_(["ships", a.ship, "state"], "surrendered")],
                      [Step("surrender", "the player's choice, before her deck is cleared",
                            "square-grid-crew-counter-rules.txt, Boarding (L264-265)")],
                      {"ship": a.ship, "state": "surrendered"})


def marines(rs, state, tables, a: G.Marines):
    n = combat.marines_check(state, a.ship, a.at, a.range, tables)
    return Plan(_d6(n, "marine"), lambda rolls, strict: combat.resolve_marines(state, a.ship, a.at, rolls,
                                                                               tables))


def surgeon(rs, state, tables, a: G.Surgeon):
    ship = state["ships"][a.ship]
    upkeep.surgeon_check(ship, state["turn"])
    return Plan(_d6(1, "surgeon"), lambda rolls, strict: upkeep.resolve_surgeon(ship, rolls[0], tables,
                                                                                 state["turn"]))


def boats(rs, state, tables, a: G.Boats):
    return upkeep.boats(state["ships"][a.ship], a.how, a.boat, state["turn"],
                        a.speed if a.speed >= 0 else None)


def ram(rs, state, tables, a: G.Ram):
    if a.kind not in ("ram", "collision", "alongside"):
        raise BadInput(f"kind {a.kind!r}: ram, collision or alongside")
    combat.ram_check(state, a.ship, a.at)
    labels = ("entangled",) if a.kind == "alongside" else (f"{a.ship} damage", f"{a.at} damage", "entangled")
    need = DiceNeed(len(labels), 6, labels)
    return Plan(need, lambda rolls, strict: combat.resolve_ram(state, a.ship, a.at, rolls, a.kind, tables))


def meet(rs, state, tables, a: G.Meet):
    if a.ship == a.other:
        raise BadInput("meet: name two different ships")
    chances = combat.meet_chances(state, a.ship, a.other, (a.speed, a.other_speed), tables)
    total = sum(n for _, n in chances)
    return Plan(DiceNeed(1, total, ("placement",)), lambda rolls, strict: combat.resolve_meet(state, chances,
                                                                                              rolls[0]))


def run_down(rs, state, tables, a: G.RunDown):
    chance, steps = combat.run_down_chance(state, a.ship, a.at, a.speed, tables)
    return Plan(_d6(1, "run down"), lambda rolls, strict: combat.resolve_run_down(state, a.ship, a.at, chance,
                                                                                   steps, rolls[0]))


def speed(rs, state: dict, tables, ship: str, opts: dict):
    s = state["ships"][ship]
    if opts.get("boat"):
        return movement.boat_speed(s, opts["boat"], state["turn"], tables)
    if opts.get("sail") in ("battle", "full"):
        raise BadInput(f"--sail {opts['sail']}: the grid settings are anchor, none, reefed, main, topsail, all")
    sail = movement.current_sail(s, opts.get("sail"), "speed")
    point = opts.get("point")
    if not point:
        heading, wind = opts.get("heading"), opts.get("wind_from")
        if heading is None or wind is None:
            raise BadInput("give --point reach|other, or --heading and --wind-from as compass points (N NE E ...)")
        if movement.into_wind(str(heading), str(wind)):
            return _halted_into_wind(s, tables, sail, str(heading))
        point = movement.point_of_sailing(str(heading), str(wind))
    spill = str(opts.get("spill") or "no").strip().lower()
    if spill not in ("yes", "no", "true", "false", "1", "0"):
        raise BadInput(f"--opt spill={opts['spill']}: use yes or no")
    res = movement.speed(s, tables, sail, str(point).lower(), spill in ("yes", "true", "1"))
    if opts.get("orders"):
        track = opts.get("heading") is not None and opts.get("wind_from") is not None
        data, steps = movement.check_orders(s, tables, movement.sail_index(tables, sail), str(point).lower(),
                                            str(opts["orders"]), spill in ("yes", "true", "1"),
                                            str(opts["heading"]) if track else None,
                                            str(opts["wind_from"]) if track else None)
        res = Resolution(res.kind, f"{res.summary}; orders {data['orders']} allowed", res.effects,
                         res.working + steps, {**res.data, "orders": data})
    return res


def _halted_into_wind(ship: dict, tables, sail: str, heading: str) -> Resolution:
    """`speed` for a ship heading straight into the wind: halted at Mainsail or less (L161-164)."""
    step = movement.halt_into_wind(ship, tables, movement.sail_index(tables, sail), heading)
    return Resolution("speed", f"{ship['name']}: 0 squares (halted head to wind)", [], [step],
                      {"ship": ship["id"], "allowance": 0, "point": "into the wind", "halted": True})


def _d6(count: int, label: str):
    return DiceNeed(count, 6, tuple(f"{label} {i + 1}" for i in range(count)) if count > 1 else (label,))
