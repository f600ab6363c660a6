"""The fleet level's fire (Fleet Action Rules): ships valued in points, several ships firing at one
target together on the fleet table, and a ship in a melee firing with the crew not in it. The order
is checked as at every level (`commands_fire.aim`); the points and the table are `fleet.py`'s."""

from __future__ import annotations

from umpire.core import actions as A
from umpire.core.dice import DiceNeed
from umpire.core.errors import BadInput, Refused
from umpire.core.ruleset import Plan
from umpire.core.state import Resolution, Step
from umpire.rules.dguts import fleet
from umpire.rules.dguts.commands_common import afloat, ship_sets
from umpire.rules.dguts import commands_fire
from umpire.rules.dguts.commands_fire import grappled_friend, honors_of_war
from umpire.rules.dguts.fireorder import range_band
from umpire.rules.dguts.tables import cite


def fire(rs, state: dict, tables, act: A.Fire):
    """Fleet Action Rules: the ships firing at one target from one range add their fire points
    (`--opt with=ship,ship`) and roll two dice once on the fleet table."""
    a = commands_fire.aim(rs, state, tables, act)
    firer, target, opts, order, dt = a.firer, a.target, a.opts, a.order, a.dt

    if order.bearing.value in ("bow", "stern"):
        raise Refused("fleet rules: there is no bow or stern chaser fire")
    others = [x.strip() for x in str(opts.get("with", "")).split(",") if x.strip()]
    ids = [firer] + [_fleet_ship(state, x) for x in others]
    t = state["ships"][target]
    band = range_band(order.range_inches, order.anchored, dt).value
    aim = "high" if band == "D" else order.aim.value
    fleet.check_fleet_target(t["track"], aim)
    for sid in ids:
        afloat(state["ships"][sid], "fight her guns")
        if state["ships"][sid]["track"].get("fired_this_turn", {}).get(order.bearing.value):
            raise Refused(f"{state['ships'][sid]['name']}'s {order.bearing.value} broadside has already fired this turn")
    provoked = [sid for sid in ids if honors_of_war(rs, state, state["ships"][sid], t, "fire at", dt)]
    friend, faces = grappled_friend(rs, state, state["ships"][firer], t, order, dt)
    firers, melee_steps = [], []
    for sid in ids:
        track, note = _free_of_melee(state, sid, target, dt)
        firers.append((state["ships"][sid]["values"], track))
        melee_steps += note
    short = [fleet.flagship_lost(state["ships"][sid], list(state["ships"].values())) for sid in ids]
    try:
        points, steps = fleet.fleet_fire_points(firers, band, order.rake.value if order.rake.value != "none" else "",
                                                dt, short)
    except Refused as exc:
        if melee_steps:
            raise Refused(f"{exc}: " + "; ".join(s.value for s in melee_steps)) from None
        raise
    steps = melee_steps + steps

    def resolve(rolls, strict):
        hit_id, hit, pre = target, t, []
        if friend:
            rolls, last = tuple(rolls[:2]), rolls[2]
            if last in faces:
                hit_id, hit = friend, state["ships"][friend]
            pre = [Step("grappled", f"{t['name']} is grappled with {state['ships'][friend]['name']}: rolled {last}, "
                        f"the fire strikes {hit['name']}", cite(dt, "advanced", "grappled_fire"))]
        res = fleet.resolve_fleet_fire(points, band, aim, rolls, order.range_inches, order.shot.value, dt)
        changes, more = fleet.fleet_damage(hit["values"], hit["track"], res.data["damage"]["mast"],
                                           res.data["damage"]["crew"], dt)
        effects = ship_sets(hit_id, changes)
        for sid in provoked:
            effects += ship_sets(sid, {"provoked_line": True})
        for sid in ids:
            fired = {**state["ships"][sid]["track"].get("fired_this_turn", {}), order.bearing.value: 1.0}
            effects += ship_sets(sid, {"fired_this_turn": fired})
        working = [Step("range", f"{order.range_inches:g}\" is {band} range, aimed {aim}", cite(dt, "fire", "bands"))]
        working += pre + steps + list(res.working) + more
        names = ", ".join(state["ships"][s]["name"] for s in ids)
        return Resolution("fire", f"{names} fire at {t['name']}: {res.data['damage']['mast']:g} mast, "
                          f"{res.data['damage']['crew']:g} crew", effects, working,
                          {**{k: v for k, v in res.data.items() if k != "explain"}, "points": points,
                           "band": band, "aim": aim, "firers": ids, "struck": hit_id,
                           "morale_checks": int(changes.get("morale_checks_owed", hit["track"]["morale_checks_owed"])),
                           "damage_fleet": res.data["damage"],
                           # what the odds count: the fleet table's mast and crew points (any hit: either)
                           "marked": {f"{k} points": v for k, v in res.data["damage"].items()},
                           "damage": {"high": res.data["damage"]["mast"], "low": res.data["damage"]["crew"]}})

    labels = ("fleet die 1", "fleet die 2") + (("friend or foe",) if friend else ())
    return Plan(DiceNeed(len(labels), 6, labels), resolve)


def _fleet_ship(state: dict, ref: str) -> str:
    if ref in state["ships"]:
        return ref
    hits = [sid for sid, s in state["ships"].items() if sid.startswith(ref.lower()) or s["name"].lower().startswith(ref.lower())]
    if len(hits) != 1:
        raise BadInput(f"--opt with={ref}: name one ship by id" + (f" (one of {', '.join(hits)})" if hits else ""))
    return hits[0]




def _free_of_melee(state: dict, sid: str, target: str, dt) -> tuple[dict, list]:
    """Fleet Action Rules 10: 'Ships when grappled together may fire into each other using CF not involved
    in melees': a ship in a melee with the ship she fires at fires her points in the share of her crew
    factors not in the melee (rounded down). Returns her track for the fire and the working."""

    s = state["ships"][sid]
    if target not in s.get("grappled", []):
        return s["track"], []
    mine = s.get("boarding") or {}
    theirs = state["ships"][target].get("boarding") or {}
    party = (float(mine["crews"]["attacker"]) if mine.get("melee") and mine.get("at") == target and mine.get("crews")
             else float(theirs["crews"]["defender"]) if theirs.get("melee") and theirs.get("at") == sid
             and theirs.get("crews") else 0.0)
    aboard = float(s["track"]["crew_factors"])
    if not party or aboard <= 0:
        return s["track"], []
    share = max(0.0, aboard - party) / aboard
    left = dict(s["track"].get("fleet_left") or fleet.fleet_left(s["values"], s["track"], dt))
    for kind in ("fire", "carronade"):
        left[kind] = int(left[kind] * share + 1e-9)
    step = Step("melee", f"{s['name']} has {party:g} of her {aboard:g} CF in the melee: she fires with the "
                f"{aboard - party:g} CF free ({left['fire']} fire, {left['carronade']} carronade points)",
                cite(dt, "fleet", "melee"))
    return {**s["track"], "fleet_left": left}, [step]
