"""DGUTS optional rules as commands: burning ships (Optional Rules) and marines' musketry
(Advanced Optional 13)."""

from __future__ import annotations

from umpire.core.dice import DiceNeed
from umpire.core.errors import BadInput, Refused
from umpire.core.ruleset import Plan
from umpire.core.state import Resolution, Step
from umpire.rules.dguts import burning
from umpire.core.actions import Burn, Musketry
from umpire.rules.dguts.commands_common import afloat, finish, ship_sets
from umpire.rules.dguts.commands_common import number
from umpire.rules.dguts.damage import apply_damage
from umpire.rules.dguts.melee import lose_men
from umpire.rules.dguts.tables import cite, game_tables


def _all_dice_used(res, rolls, strict: bool, what: str, order: str = burning.DICE_ORDER):
    """Typed dice for a roll whose number is known only while resolving: every one must be used."""
    used = list(res.data.get("rolls", rolls))
    if strict and len(used) < len(rolls):
        raise BadInput(f"{what} uses {len(used)} dice ({', '.join(map(str, used))}); {len(rolls)} were typed: "
                       f"{order}")
    return res


def burn(rs, state: dict, tables, act: Burn):
    ship, what, areas, opts = act.ship, act.what, list(act.areas), act.opts
    s = state["ships"][ship]
    if s["track"]["status"] in ("sunk", "exploded"):
        raise Refused(f"{s['name']} is gone")
    dt = game_tables(tables)
    v, t = s["values"], s["track"]

    def done(res, summary):
        return finish("burn", f"{s['name']}: {summary}", res, ship_sets(ship, res.changes.get("ship", {})))

    if what == "set":
        if not areas:
            raise BadInput(f"burn set: name the areas, e.g. upper-bow (areas: {', '.join(burning.ship_areas(v, dt))})")
        deliberate = str(opts.get("cause", "")).lower() not in ("hit", "enemy")
        n = burning.set_fires_dice(t, areas, deliberate)
        return Plan(DiceNeed(n, 6, tuple(f"set {a}" for a in areas[:n])),
                    lambda rolls, strict: done(burning.resolve_set_fires(v, t, areas, rolls, deliberate, dt),
                                               "fires set"))
    if what == "turn":
        if not burning.fires_of(t):
            raise Refused(f"nothing is burning aboard {s['name']}")
        alongside = [(sid, state["ships"][sid]["values"], state["ships"][sid]["track"])
                     for sid in s.get("grappled", []) if state["ships"][sid]["track"]["status"] not in ("sunk", "exploded")]

        def phase(rolls, strict):
            res = burning.resolve_fire_phase(v, t, rolls, dt, alongside)
            _all_dice_used(res, rolls, strict, "the fire phase")
            out = done(res, "the fire burns")
            for sid, _, _ in alongside:
                out.effects += ship_sets(sid, res.changes.get(sid, {}))
            return out

        return Plan(DiceNeed(60, 6, ()), phase, flexible=True)
    if what == "fight":
        if len(areas) != 1:
            raise BadInput("burn fight: name the one area the crew fights, e.g. upper-bow")
        crew = number(opts, "crew", 2.0)
        return Plan(DiceNeed(30, 6, ()), lambda rolls, strict: done(_all_dice_used(
            burning.resolve_fight_fire(v, t, areas[0], crew, rolls, dt), rolls, strict, "fighting the fire",
            "one die for each group of 2 CF, rolled again on 5 or 6"), "fighting the fire"), flexible=True)
    if what == "fireship":
        return done(burning.light_fireship(v, t, dt), "a fireship set burning")
    if what == "fuse":
        if s["values"].get("kind") != "explosive":
            raise Refused(f"{s['name']} is not an explosive ship (`umpire ship edit {ship} --kind explosive`)")
        return Plan(DiceNeed(2, 6, ("fuse lit", "fuse turns")),
                    lambda rolls, strict: done(burning.light_fuse(t, rolls, dt), "the fuse"))
    if what == "shell":
        return Plan(DiceNeed(6 * max(1, len(areas)), 6, ()), lambda rolls, strict: done(_all_dice_used(
            burning.resolve_shell_fires(v, t, areas, rolls, dt), rolls, strict, "the howitzer shells",
            "one die for each shell, in the order the areas are named, rolled again on 6"), "howitzer shells"),
            flexible=True)
    if what == "premature":
        if s["values"].get("kind") != "explosive":
            raise Refused(f"{s['name']} is not an explosive ship (`umpire ship edit {ship} --kind explosive`)")
        if int(t.get("fuse_turns", 0)) > 0 or t.get("fuse_disrupted"):
            raise Refused(f"{s['name']}'s fuse is already lit: the chance of going up early is for hits "
                          "before the fuse is set off")
        hot = int(number(opts, "hot_shot", 0, 0))
        chances, hundreds = burning.premature_chances(t, hot, dt)
        if not chances:
            raise Refused(f"no chance of going up: {float(t['damage_low']):g} points low (a chance for every "
                          f"{float(dt.get('burning', 'special_ships', 'premature_per_low')):g} not yet rolled "
                          "for) and no hot shot hits (--hot-shot N)")
        return Plan(DiceNeed(chances, 6, tuple(f"chance {i + 1}" for i in range(chances))),
                    lambda rolls, strict: done(burning.resolve_premature(t, chances, hundreds, rolls, dt),
                                               "hit before her fuse"))
    if what == "abandon":
        return _abandon(state, ship, opts, dt)
    if what == "flood":
        return done(burning.flood_magazine(t, dt), "magazine flooded")
    raise BadInput(f"burn {what!r}: use set, turn, fight, abandon, flood, fireship, fuse, shell or premature")


def _abandon(state: dict, ship: str, opts: dict, dt):
    s = state["ships"][ship]
    if s["track"].get("abandoned"):
        raise Refused(f"{s['name']} has already been abandoned")
    # "one extra turn for every 10% casualties the ship has suffered" (Burning Ships): a prize's people are
    # her own crew, held aboard as prisoners, and the prize crew sent; their wounded are evacuated alike
    sent = float(s["track"].get("prize_crew_sent", 0.0))
    lost = None
    if sent:
        people = float(s["values"]["crew_factors"]) + sent
        lost = 1 - (float(s["track"]["crew_factors"]) + float(s["track"].get("prisoners", 0.0))) / people
    res = burning.abandon(s["values"], s["track"], dt, lost)
    effects = ship_sets(ship, res.changes.get("ship", {}))
    to = str(opts.get("to", ""))
    if to:
        if to not in state["ships"] or to == ship:
            raise BadInput(f"--opt to={to}: name another ship by id")
        other = state["ships"][to]
        if other["controller"] != s["controller"]:
            raise Refused(f"{other['name']} is not a friendly ship")
        # they come aboard when the abandoning is done; a crew that surrendered come as prisoners, never
        # crew ("the crew which surrendered is unable to resume fighting", Basic IX)
        # a prize crew comes back as crew, the prisoners it held as prisoners
        prize_crew = bool(s["track"].get("prize_crew_of"))
        kind = "prisoners" if s["track"]["status"] in ("surrendered", "captured") and not prize_crew else "crew"
        due = int(state.get("turn", 1)) + int(res.data["turns"])
        moving = [(round(float(res.data["crew_factors"]), 4), kind),
                  (round(float(s["track"].get("prisoners", 0.0)), 4), "prisoners")]
        arriving = [*other["track"].get("crew_arriving", []),
                    *({"from": ship, "cf": cf, "as": k, "turn": due} for cf, k in moving if cf > 0)]
        effects += ship_sets(to, {"crew_arriving": arriving})
        if moving[1][0]:
            effects += ship_sets(ship, {"prisoners": 0.0})
        for cf, k in moving:
            if cf > 0:
                res.working.append(Step("abandon ship", f"{cf:.4g} CF come aboard {other['name']} as {k} at the "
                                        f"start of turn {due}", cite(dt, "burning", "evacuation")))
    return finish("burn", f"{s['name']} abandoned" + (f" to {state['ships'][to]['name']}" if to else ""), res, effects)


def musketry(rs, state: dict, tables, act: Musketry):
    ship, at, opts = act.ship, act.at, act.opts
    dt = game_tables(tables)
    f, t = state["ships"][ship], state["ships"][at]
    afloat(f, "fire muskets")
    if at not in f.get("grappled", []):
        raise Refused(f"musketry from the tops needs the ships grappled together ({f['name']} is not "
                      f"grappled with {t['name']})")
    crew = number(opts, "crew", 0.0)
    grenades = number(opts, "grenades", 0.0)
    if not crew and not grenades:
        raise BadInput("musketry: give --crew CF in the tops and/or --grenades CF throwing them")
    if crew + grenades > float(f["track"]["crew_factors"]) + 1e-9:
        raise Refused(f"{f['name']} has only {float(f['track']['crew_factors']):g} CF aboard")
    src = cite(dt, "advanced", "musketry")
    steps, men, low, chances = [], 0.0, 0.0, 0
    if crew:
        troops = _troops(str(opts.get("troops", "marines")), f["values"]["nation"])
        column = str(opts.get("table", "killed"))
        if column not in ("killed", "casualties"):
            raise BadInput(f"table {column!r}: killed (the text's historical figures) or casualties")
        per = float(dt.get("advanced", "musketry", troops, column, what=f"{column} by {troops}"))
        men = round(per * crew)
        steps.append(Step("musketry", f"{crew:g} CF of {troops.replace('_', ' ')}: {per:g} {column} a CF = "
                          f"{men:g} men", src))
    if grenades:
        low = float(dt.get("advanced", "marines", "grenade_low")) * grenades
        chances = int(dt.get("advanced", "marines", "grenade_fire_chances")) * int(grenades)
        steps.append(Step("grenades", f"{grenades:g} CF: {low:g} points low, {chances} chances of fire "
                          "(in the upper areas or just below)", cite(dt, "advanced", "marines")))
    track = t["track"]
    if men:
        track = lose_men(t["values"], track, int(men), dt)
    if low:
        out = apply_damage(t["values"], track, 0.0, low, 0.0, dt)
        track = out.state
        steps += list(out.working)
    changes = {k: v for k, v in track.items() if t["track"].get(k) != v}
    return Resolution("musketry", f"{f['name']} into {t['name']}: {men:g} men, {low:g} points low",
                      ship_sets(at, changes), steps, {"men": men, "damage_low": low, "fire_chances": chances})


def _troops(kind: str, nation: str) -> str:
    """The musketry row for the troops in the tops: marines by nation, soldiers, seamen."""
    kind = kind.strip().lower()
    if kind == "marines" and nation in ("british", "american"):
        return f"{nation}_marines"
    if kind in ("marines", "soldiers"):
        return "soldiers_french_us" if nation in ("french", "american") else "soldiers_other"
    if kind == "seamen":
        return "seamen"
    raise BadInput(f"troops {kind!r}: marines, soldiers or seamen")
