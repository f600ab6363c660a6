"""Fleet Action Rules: ships valued in points, combined fire on two dice, damage checked off by points.

A ship has one defense point a ton; fire points (100 lb of broadside shot each, long guns
and carronades apart, the carronades firing only at A and B range), crew points (100 men
each) and gun points (10 guns each). Each kind of point is worth the ship's tonnage divided
by how many she has; a mast falls for every half of a third of her tonnage. All the ships
firing at one target from one range and aiming the same way add their fire points and roll
two dice once; the table's mast and crew figures, times the points firing, are the damage.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, Mapping, Sequence

from umpire.core.dice import DiceNeed
from umpire.core.state import Resolution, Step
from umpire.rules.dguts.model import BadInput, Refused
from umpire.rules.dguts.tables import Tables, cite, tables_or_default

POINTS = ("fire", "carronade", "crew", "gun")


def fleet_values(values: Mapping[str, Any], tables: Tables | None = None) -> dict:
    """A ship's fleet points and what each is worth in damage (Notes on Values and Damage)."""
    t = tables_or_default(tables)
    row = t.get("fleet", "values")
    longs = sum(f["per_side"] * f["guns_per_factor"] * f["calibre"] for f in values["fire_factors"].values()
                if not f["carronade"])
    carr = sum(f["per_side"] * f["guns_per_factor"] * f["calibre"] for f in values["fire_factors"].values()
               if f["carronade"])
    per = float(row["shot_weight_per_fire_point"])
    points = {"fire": round(longs / per), "carronade": round(carr / per),
              "crew": round(int(values["men"]) / float(row["men_per_crew_point"])),
              "gun": round(int(values["guns_total"]) / float(row["guns_per_gun_point"]))}
    tons = float(values["tons"])
    worth = {k: round(tons / n, 2) if n else 0.0 for k, n in points.items()}
    worth["fire"] = round(tons / max(1, points["fire"] + points["carronade"]), 2)
    worth["carronade"] = worth["fire"]
    masts = int(values["masts"])
    mast = round(tons / masts * float(Fraction(str(row["mast_share"]))), 2) if masts > 0 else 0.0
    return {"points": points, "worth": worth, "mast_worth": mast, "defense": tons}


def fleet_taken(state: Mapping[str, Any], gunfire_only: bool = False) -> dict:
    """Mast and crew damage taken from every cause: the fleet table's fire (`fleet_taken`) and the
    high and low points that fire, explosions and other rules add to the standard counters (the
    fleet table's "mast" is damage high, its "crew" damage low: "25 crew, 5 mast when aiming low")."""
    taken = state.get("fleet_taken", {"mast": 0.0, "crew": 0.0})
    if gunfire_only:
        return {"mast": float(taken["mast"]), "crew": float(taken["crew"])}
    return {"mast": float(taken["mast"]) + float(state.get("damage_high", 0.0)),
            "crew": float(taken["crew"]) + float(state.get("damage_low", 0.0))}


def fleet_left(values: Mapping[str, Any], state: Mapping[str, Any], tables: Tables | None = None) -> dict:
    """Points left after the damage taken, from every cause, up to the end of the last turn."""
    fv = fleet_values(values, tables)
    taken = fleet_taken(state)
    left = {}
    for kind in ("crew", "gun"):
        worth = fv["worth"][kind]
        lost = math.floor(float(taken["crew"]) / worth + 1e-9) if worth else 0
        left[kind] = max(0, fv["points"][kind] - lost)
    pool = fv["points"]["fire"] + fv["points"]["carronade"]
    worth = fv["worth"]["fire"]      # 0 only where a hand-edited file gives a ship thousands of points
    lost = min(pool, math.floor(float(taken["crew"]) / worth + 1e-9)) if pool and worth else 0
    carr_lost = round(lost * fv["points"]["carronade"] / pool) if pool else 0     # shared in proportion
    left["carronade"] = fv["points"]["carronade"] - carr_lost
    left["fire"] = fv["points"]["fire"] - (lost - carr_lost)
    masts = math.floor(float(taken["mast"]) / fv["mast_worth"] + 1e-9) if fv["mast_worth"] else 0
    left["masts"] = max(0, int(values["masts"]) - masts)
    return left


def crew_after_points(values: Mapping[str, Any], track: Mapping[str, Any],
                      tables: Tables | None = None) -> tuple[dict, Step | None]:
    """The crew factors aboard once crew points are checked off at the end of the turn (Damage Effect):
    each crew point is an equal share of the crew she began with ("one crew point for every 100 crewmen"),
    so the crew that boards, defends or works the ship is what her points have left (Basic IX: "the full
    complement he has aboard (minus battle losses, of course)"). Low damage from other causes has taken
    its men off already; only the points the fleet table's fire costs beyond it are taken here, once
    (`fleet_crew_points_off` counts them)."""
    t = tables_or_default(tables)
    points = fleet_values(values, t)["points"]["crew"]
    if not points:
        return {}, None
    worth = float(values["tons"]) / points
    low = float(track.get("damage_low", 0.0))
    share = math.floor((fleet_taken(track)["crew"]) / worth + 1e-9) - math.floor(low / worth + 1e-9)
    share = min(points, max(0, share))
    done = int(track.get("fleet_crew_points_off", 0))
    if share <= done:
        return {}, None
    each = float(values["crew_factors"]) / points
    cf = float(track["crew_factors"])
    new = max(0.0, round(cf - (share - done) * each, 4))
    changes = {"crew_factors": new, "fleet_crew_points_off": share}
    # Basic IX: a morale roll "for every 10% of Crew Factors lost due to enemy fire"; each crew point is a
    # 1/points share of her crew, so the tenths passed are counted on the points checked off
    checks = _tenths(share, points) - _tenths(done, points)
    note = ""
    if checks and track.get("status") in ("active", "sinking"):
        changes["morale_checks_owed"] = int(track.get("morale_checks_owed", 0)) + checks
        note = f"; {share} of {points} crew points lost passes {checks} more tenth(s) of her crew: " \
               f"{checks} morale check(s) owed"
    return changes, Step(
        "crew points", f"{share - done} crew point(s) checked off, each {each:.2f} CF (a {points}th of her "
        f"{float(values['crew_factors']):.2f} CF): {cf:.2f} -> {new:.2f} CF aboard{note}", cite(t, "fleet", "values"))


def _tenths(lost: int, points: int) -> int:
    """Tenths of a crew of `points` crew points passed when `lost` of them are gone."""
    return min(10, math.floor(lost * 10 / points + 1e-9))


def flagship_lost(ship: Mapping[str, Any], ships: Sequence[Mapping[str, Any]]) -> str:
    """Fleet Action Rules 1: '' or why the ship fires one factor short: her fleet's (or squadron's)
    marked flagship is out of the action. The flagship belongs to the fleet she was marked for (her
    `side`), not to whoever holds her now: a captured flagship is her own fleet's loss, not her captor's."""
    mine = ship["track"].get("squadron") or ""
    for other in ships:
        flag = other["track"].get("flagship", "")
        if not flag or other["side"] != ship["controller"] or other["track"]["status"] in ("active", "sinking"):
            continue
        if flag == "fleet" or flag == f"squadron:{mine}":
            return f"{other['name']}, flagship of the {'fleet' if flag == 'fleet' else mine + ' squadron'}, is lost"
    return ""


def resolve_unmarked_flagship(side: str, squadron: str, roll: int, tables: Tables | None = None) -> tuple[bool, Step]:
    """Fleet Action Rules 1.b: a fleet (or squadron) whose flagship is not marked, engaged with the enemy,
    rolls each turn: on a third of the faces it suffers a loss of flagship, cumulatively."""
    t = tables_or_default(tables)
    (roll,) = DiceNeed(1, 6, ("unmarked flagship",)).check([roll])
    lost = roll in t.get("fleet", "flagships", "unmarked_loss_on")
    who = f"the {squadron} squadron" if squadron else f"the {side} fleet"
    return lost, Step("unmarked flagship", f"{who}, engaged with no marked flagship: rolled {roll}, "
                      + ("a loss of flagship: every ship one fire factor less, and each holds her last heading "
                         "next movement phase" if lost else "no loss"), cite(t, "fleet", "flagships"))


def fleet_fire_points(firers: Sequence[tuple[Mapping, Mapping]], band: str, rake: str = "",
                      tables: Tables | None = None, short: Sequence[str] = ()) -> tuple[int, list[Step]]:
    """Fire points of every ship firing together; carronades only at A and B range (rules 2-4);
    a ship whose flagship is lost fires one factor short (rule 1). A rake, only at A range (rule 4),
    multiplies the fire of the first ship, the one in the raking position: "Raking ships merely add the
    appropriate increase in the number of factors" (rule 2)."""
    t = tables_or_default(tables)
    total, steps = 0, []
    bands = t.get("fire", "multipliers", "rake_bands")
    if rake and band not in bands:
        raise Refused(f"fleet rules: a rake is possible only at {'/'.join(bands)} range "
                      f"(this is {band} range; Fleet Action Rules 4)")
    carr_ok = band in t.get("fleet", "fire", "carronade_bands")
    short = list(short) or [""] * len(firers)
    for n, ((values, state), why) in enumerate(zip(firers, short)):
        left = state.get("fleet_left") or fleet_left(values, state, t)
        if not left["crew"]:
            raise Refused(f"{values.get('name') or 'a firing ship'} has no crew points left: she cannot fire")
        pts = left["fire"] + (left["carronade"] if carr_ok else 0)
        each = int(t.get("fleet", "flagships", "fire_factors_lost"))
        if why:
            pts = max(0, pts - each)
            steps.append(Step("loss of flagship", f"{why}: {each} fire factor less", cite(t, "fleet", "flagships")))
        unmarked = int(state.get("flagship_losses", 0))
        if unmarked:
            pts = max(0, pts - unmarked * each)
            steps.append(Step("loss of flagship", f"{unmarked} loss(es) of an unmarked flagship: {unmarked * each} "
                              "fire factor(s) less", cite(t, "fleet", "flagships")))
        steps.append(Step(values.get("name") or "ship", f"{left['fire']} fire points"
                          + (f" + {left['carronade']} carronade" if carr_ok and left["carronade"] else ""),
                          cite(t, "fleet", "values")))
        if rake and n == 0:
            mult = int(t.get("fleet", "fire", "rake", rake))
            steps.append(Step("rake", f"{values.get('name') or 'the raking ship'} rakes ({rake}): her {pts} "
                              f"points x{mult} = {pts * mult}", cite(t, "fleet", "fire")))
            pts *= mult
        total += pts
    if total <= 0:
        raise Refused("no fire points left among the firing ships")
    return total, steps


def resolve_fleet_fire(points: int, band: str, aim: str, rolls: Sequence[int], inches: float, shot: str = "round",
                       tables: Tables | None = None) -> Resolution:
    """Two dice on the fleet table; the entry times the points firing is the damage (mast, crew)."""
    t = tables_or_default(tables)
    a, b = DiceNeed(2, 6, ("fleet die 1", "fleet die 2")).check(rolls)
    total = a + b
    src = cite(t, "fleet", "table")
    if aim == "low" and band == "D":
        aim = "high"
    if aim == "low" and inches < float(t.get("fleet", "fire", "point_blank_inches")):
        entry = [t.get("fleet", "fire", "point_blank_low")[k] for k in ("mast", "crew")]
        why = "under 1\": point blank"
    else:
        column = t.get("fleet", "table", aim)
        if band not in column:
            raise Refused(f"fleet fire aimed {aim} reaches only {', '.join(column)} range")
        entry = column[band][total - 2]
        why = f"{band} range, aimed {aim}"
    mast, crew = (Fraction(x) * points for x in entry)
    steps = [Step("fleet table", f"{a}+{b} = {total}, {why}: {entry[0]} mast, {entry[1]} crew per point"
                  f" x {points} points", src)]
    if shot != "round":
        mult = t.get("fleet", "fire", "shot", shot)
        mast, crew = mast * Fraction(str(mult["mast"])), crew * Fraction(str(mult["crew"]))
        steps.append(Step("shot", f"{shot}: mast x{mult['mast']}, crew x{mult['crew']}", cite(t, "fleet", "fire")))
    data = {"rolls": [a, b], "total": total, "damage": {"mast": float(mast), "crew": float(crew)},
            "explain": [s.text() for s in steps]}
    return Resolution(working=list(steps), data=data)


def fleet_damage(values: Mapping[str, Any], state: Mapping[str, Any], mast: float, crew: float,
                 tables: Tables | None = None) -> tuple[dict, list[Step]]:
    """The target's damage taken; the points it costs count from the end of the turn (Damage Effect)."""
    t = tables_or_default(tables)
    taken = fleet_taken(state, gunfire_only=True)
    taken["mast"] = round(float(taken["mast"]) + mast, 4)
    taken["crew"] = round(float(taken["crew"]) + crew, 4)
    after = fleet_left(values, {**state, "fleet_taken": taken}, t)
    masts_lost = max(int(state.get("masts_lost", 0)), int(values["masts"]) - after["masts"])
    steps = [Step("damage", f"{mast:g} mast, {crew:g} crew; at the end of the turn: {after['fire']} fire, "
                  f"{after['carronade']} carronade, {after['crew']} crew, {after['gun']} gun points and "
                  f"{after['masts']} masts left", cite(t, "fleet", "values"))]
    changes = {"fleet_taken": taken, "masts_lost": masts_lost}
    fallen = masts_lost - int(state.get("masts_lost", 0))
    if fallen and state.get("status") in ("active", "sinking"):
        # Basic IX: "Morale rolls are taken on the turn a mast is lost"
        changes["morale_checks_owed"] = int(state.get("morale_checks_owed", 0)) + fallen
        steps.append(Step("morale checks owed", f"{fallen} mast(s) down: {fallen} morale check(s) owed",
                          cite(t, "morale", "checks")))
    fv = fleet_values(values, t)
    masts = int(values["masts"])
    if masts_lost >= masts and state.get("status") in ("active", "sinking") and fv["mast_worth"]:
        # rule 13: dismasted, she makes off under a jury rig; stopped again, she strikes
        jury = float(t.num("fleet", "jury_rig", "masts_to_stop", what="mast damage that stops a jury rig"))
        stop_at = (masts + jury) * fv["mast_worth"]
        all_mast = fleet_taken({**state, "fleet_taken": taken})["mast"]
        if all_mast + 1e-9 >= stop_at:
            changes.update(status="surrendered", morale="surrendered", morale_checks_owed=0)
            steps.append(Step("surrender", f"{all_mast:g} mast damage reaches {stop_at:g}: her jury rig "
                              "is shot away too, and a ship stopped again strikes", cite(t, "fleet", "jury_rig")))
        elif int(state.get("masts_lost", 0)) < masts:
            steps.append(Step("dismasted", f"all masts gone: she makes off under a jury rig, away from the enemy; "
                              f"stopped again ({stop_at:g} mast damage) she strikes", cite(t, "fleet", "jury_rig")))
    if "fleet_left" not in state:      # what she fights with until the turn ends
        changes["fleet_left"] = fleet_left(values, state, t)
    return changes, steps


def check_fleet_target(target_state: Mapping[str, Any], aim: str) -> None:
    """Rule 14: a ship taken by the enemy may be fired at only high."""
    if target_state.get("status") == "captured" and aim != "high":
        raise Refused("fleet rules: a captured ship may be fired at only high (--aim high; Fleet Action Rules 14)")
