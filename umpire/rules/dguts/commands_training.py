"""The Training Game as a level (`umpire new --ruleset dguts --level training`, `DgutsTraining`): its
fire (two dice a factor), morale points, boarding by crew factors times morale points, the short
melee table and its two movement allowances. The checks every level shares are the standard
commands' (`commands_fire.aim`, `commands_boarding.boarding`, `commands_ship.not_under_sail`)."""

from __future__ import annotations

from fractions import Fraction

from umpire.core import actions as A
from umpire.core.dice import DiceNeed
from umpire.core.errors import BadInput
from umpire.core.ruleset import Plan
from umpire.core.state import Resolution, Step, set_
from umpire.rules.dguts.commands_boarding import boarding
from umpire.rules.dguts.commands_common import afloat, finish, number, ship_sets
from umpire.rules.dguts.commands_fire import aim
from umpire.rules.dguts.commands_ship import not_under_sail
from umpire.rules.dguts.melee import melee_dice_allowed
from umpire.rules.dguts.tables import cite, game_tables
from umpire.rules.dguts.training import (resolve_training_fire, resolve_training_morale, training_fire_dice_needed,
                                         training_melee_result, training_odds)


def fire(rs, state: dict, tables, act: A.Fire):
    """A Training Game broadside, checked as at every level (`aim`)."""
    a = aim(rs, state, tables, act)
    return _fire(a.f, a.t, a.firer, a.target, a.opts, a.rng, a.dt)


def morale(rs, state: dict, tables, act: A.Morale):
    s = state["ships"][act.ship]
    afloat(s, "take a morale check")
    return _morale(s, act.ship, act.opts, tables)


def board(rs, state: dict, tables, act: A.Board):
    taken = boarding(rs, state, act)
    if taken is not None:
        return taken
    ship, target, opts = act.ship, act.at, act.opts or {}
    return _board(state["ships"][ship], state["ships"][target], ship, target, opts, game_tables(tables))


def speed(rs, state: dict, tables, ship: str, opts: dict):
    moved = not_under_sail(state, tables, ship, opts)
    if moved is not None:
        return moved
    return _speed(state["ships"][ship], opts.get("point") or opts.get("attitude"), tables)


def _fire(f: dict, t: dict, firer: str, target: str, opts: dict, rng: float, dt):
    """Training Game fire: two dice per factor, red to hit, white for high or low."""

    chasers = opts.get("chasers") or None
    need = training_fire_dice_needed(f["values"], opts["side"], rng, chasers, dt)

    def resolve(rolls, strict):
        res = resolve_training_fire(f["values"], t["values"], t["track"], opts["side"], rng, rolls, chasers, dt)
        summary = (f"{f['name']} fires at {t['name']}, {rng:g}\" (training): "
                   f"{res.data['damage']['high']:g} high, {res.data['damage']['low']:g} low")
        return finish("fire", summary, res, ship_sets(target, res.changes.get("target", {})))

    return Plan(need, resolve)


def _morale(s: dict, ship: str, opts: dict, tables):
    """Training Game morale: a failed throw costs a morale point; none left, she surrenders.
    Its own saving throws are lost in the text: the default reading for the crew's morale
    points is used unless one is given."""

    given = number(opts, "saving_throw")
    dt = game_tables(tables)
    points = int(s["values"]["morale_value"])
    throw = int(given) if given is not None else int(dt.get(
        "training", "morale", "saving_throw", str(points), what=f"the saving throw of a {points} point crew"))

    def resolve(rolls, strict):
        res = resolve_training_morale(s["values"], s["track"], rolls, throw, dt)
        out = finish("morale", f"{s['name']} morale check: "
                    + ("holds" if res.data["held"] else f"down to {res.data['morale_points']} points"),
                    res, ship_sets(ship, res.changes.get("ship", {})))
        if given is None:
            out.working.insert(0, Step("saving throw", f"2-{throw} for a {points} point crew (the training "
                                       "game's own are illegible; --opt saving_throw=N gives one)",
                                       "docs/rulings.md"))
        out.data["rolls"] = list(rolls)
        return out

    return Plan(DiceNeed(2, 6, ("morale die 1", "morale die 2")), resolve)


def _board(a: dict, d: dict, ship: str, target: str, opts: dict, dt):
    """Training Game boarding: crew factors times morale points on each side; melee follows at once."""

    a_cf = number(opts, "crew", a["track"]["crew_factors"])
    d_cf = number(opts, "defender_crew", d["track"]["crew_factors"])
    a_pts = int(a["track"].get("morale_points", a["values"]["morale_value"]))
    d_pts = int(d["track"].get("morale_points", d["values"]["morale_value"]))
    odds = training_odds(a_cf, a_pts, d_cf, d_pts, dt)
    rec = {"at": target, "odds": odds, "melee_turn": 1, "areas": 0, "melee": True, "training": True}
    steps = [Step("boarders", f"{a_cf:g} CF x {a_pts} morale points = {odds['attacker_value']:g}",
                  cite(dt, "training", "melee")),
             Step("defenders", f"{d_cf:g} CF x {d_pts} morale points = {odds['defender_value']:g}",
                  cite(dt, "training", "melee")),
             Step("odds", str(odds["odds"]), cite(dt, "boarding", "odds"))]
    return Resolution("board", f"{a['name']} boards {d['name']}: odds {odds['odds']}",
                      [set_(["ships", ship, "boarding"], rec)], steps, dict(odds))


def melee_round(a: dict, d: dict, a_id: str, defender: str, rec: dict, ar, dr, dt):
    """Training Game melee: each side keeps its last die; the difference reads the short table."""

    allowed = melee_dice_allowed(rec["odds"])
    for side, rolls in (("attacker", ar), ("defender", dr)):
        if not 1 <= len(rolls) <= allowed[side] or any(not 1 <= r <= 6 for r in rolls):
            raise BadInput(f"{side} dice {','.join(map(str, rolls))}: 1 to {allowed[side]} d6, the last kept")
    result = training_melee_result(ar[-1], dr[-1], dt)
    winner = result["winner"]
    steps = [Step("dice", f"attacker keeps {ar[-1]}, defender keeps {dr[-1]}", cite(dt, "training", "melee")),
             Step("result", result["text"], cite(dt, "training", "melee"))]
    effects = [set_(["ships", a_id, "boarding"], rec)]
    if winner:
        loser = d if winner == "attacker" else a
        points = int(loser["track"].get("morale_points", loser["values"]["morale_value"]))
        points -= int(result.get("morale_points", 0))
        changes = {"morale_points": max(0, points)}
        if result.get("capture") or points <= int(dt.get("training", "morale", "surrender_at")):
            changes.update(status="surrendered", morale="surrendered")
            steps.append(Step("surrender", f"{loser['name']} surrenders", cite(dt, "training", "melee")))
            effects[0] = set_(["ships", a_id, "boarding"], {})
        effects += ship_sets(loser["id"], changes)
    data = {"rolls": list(ar) + list(dr), "kept": {"attacker": ar[-1], "defender": dr[-1]},
            "winner": winner, "result": result["text"], "outcome": winner or "tie"}
    return Resolution("melee", f"{a['name']} v {d['name']}: {result['text']}", effects, steps, data)


def _speed(s: dict, point, tables):
    """Training Game moves: running 12", across the wind 9", no other course; as little as a third."""


    dt = game_tables(tables)
    row = dt.get("training", "movement")
    pos = str(point or "").lower()
    key = {"running": "running", "run": "running", "broad-reach": "beam", "beam": "beam", "reach": "beam"}.get(pos)
    if key is None:
        raise BadInput("training game: a ship runs before the wind (--opt point=running) or sails across it "
                       "(--opt point=beam); stopped ships drift")
    speed = float(row[key])
    least = round(speed * float(Fraction(str(row["least_share"]))), 4)
    return Resolution("speed", f"{s['name']}: {speed:g}\" (training game)", [],
                      [Step("training game", f"{key}: {speed:g}\", at least {least:g}\"", cite(dt, "training", "movement"))],
                      {"speed": speed, "allowance": speed, "least": least, "base": speed})
