"""DGUTS special vessels and special guns as commands: ram, paddles, mortar, howitzer."""

from __future__ import annotations

from umpire.core.dice import DiceNeed
from umpire.core.errors import BadInput, Refused
from umpire.core.ruleset import Plan
from umpire.core.state import Resolution, set_
from umpire.rules.dguts.actions import GalleyRam, Howitzer, Mortar, Paddles
from umpire.rules.dguts.commands_common import AFLOAT, afloat, number, ship_sets, yes
from umpire.rules.dguts.commands_common import finish
from umpire.rules.dguts.damage import apply_damage
from umpire.rules.dguts.fireorder import range_band
from umpire.rules.dguts.special_vessels import (howitzer_factors, mortar_row, resolve_howitzers,
                                                resolve_mortar_fall, resolve_mortar_hit, resolve_paddles,
                                                resolve_ram)
from umpire.rules.dguts.tables import game_tables


def ram(rs, state: dict, tables, act: GalleyRam):
    ship, at, opts = act.ship, act.at, act.opts
    g, t = state["ships"][ship], state["ships"][at]
    afloat(g, "ram")
    afloat(t, "be rammed")
    if g["values"].get("kind") != "galley":
        raise Refused(f"{g['name']} is not a galley (`umpire ship edit {ship} --kind galley`)")
    angled = yes(opts, "angled")
    dt = game_tables(tables)

    def resolve(rolls, strict):
        res = resolve_ram(angled, rolls, dt)
        effects = []
        if res.data["result"] == "ram":
            effects += ship_sets(at, {"status": "sinking", "sinking_band": 100, "sinking_turns_left": res.data["sinks_in"],
                                  "dead_in_water": True})
            if res.data["entangled"]:
                effects += [set_(["ships", ship, "grappled"], sorted(set(g.get("grappled", [])) | {at})),
                            set_(["ships", at, "grappled"], sorted(set(t.get("grappled", [])) | {ship}))]
                effects += ship_sets(ship, {"entangled_with": at})      # she goes down with her if still fast
        elif res.data["result"] == "collision":
            effects += ship_sets(ship, {"oars_sheared": True})
        return Resolution("ram", f"{g['name']} rams at {t['name']}: {res.data['result']}", effects,
                          list(res.working), dict(res.data))

    return Plan(DiceNeed(3, 6, ("ram", "sinks in", "entangled")), resolve, flexible=True)


def paddles(rs, state: dict, tables, act: Paddles):
    ship, opts = act.ship, act.opts
    s = state["ships"][ship]
    afloat(s, "steam")
    if s["values"].get("kind") != "steam":
        raise Refused(f"{s['name']} is not a steam vessel (`umpire ship edit {ship} --kind steam`)")
    hits = int(number(opts, "hits", 1, 1))
    dt = game_tables(tables)

    def resolve(rolls, strict):
        res = resolve_paddles(hits, rolls, dt)
        effects = ship_sets(ship, {"paddle_jammed": True}) if res.data["jammed"] else []
        return Resolution("paddles", f"{s['name']}: " + ("a paddle wheel jams" if res.data["jammed"] else
                                                         "the paddle wheels turn"), effects,
                          list(res.working), dict(res.data))

    return Plan(DiceNeed(hits, 6, tuple(f"hit {i + 1}" for i in range(hits))), resolve)


def mortar(rs, state: dict, tables, act: Mortar):
    ship, at, opts = act.ship, act.at, act.opts
    s = state["ships"][ship]
    afloat(s, "fire a mortar")
    dt = game_tables(tables)
    size = str(opts.get("size", "13"))
    row = mortar_row(size, dt)
    rng = number(opts, "range")
    if rng is not None and rng > float(row["range"]):
        raise Refused(f"a {size}\" mortar reaches {float(row['range']):g}\", not {rng:g}\"")
    if not at:
        _mortar_ready(state, s, dt)
        def fall(rolls, strict):
            res = resolve_mortar_fall(rolls, dt)
            return Resolution("mortar", f"{s['name']}'s {size}\" shell falls {res.data['along']:+d}\", "
                              f"{res.data['across']:+d}\"", ship_sets(ship, {"mortar_turn": int(state.get("turn", 1))}),
                              list(res.working), dict(res.data))

        return Plan(DiceNeed(4, 6, ("along 1", "along 2", "across 1", "across 2")), fall)
    t = state["ships"][at]
    if t["track"]["status"] not in AFLOAT:
        raise Refused(f"{t['name']} is out of the fight")

    def hit(rolls, strict):
        res = resolve_mortar_hit(size, rolls, dt)
        effects = []
        if res.data["hit"]:
            out = apply_damage(t["values"], t["track"], float(res.data["high"]), float(res.data["low"]), 0.0, dt)
            changes = {k: v for k, v in out.state.items() if t["track"].get(k) != v}
            res = Resolution(changes=res.changes, working=res.working + list(out.working), data=res.data)
            effects = ship_sets(at, changes)
        return finish("mortar", f"{s['name']}'s {size}\" shell at {t['name']}: "
                     + ("hits" if res.data["hit"] else "misses"), res, effects)

    return Plan(DiceNeed(2, 6, ("on the vessel", "bursts")), hit)


def _mortar_ready(state: dict, s: dict, dt) -> None:
    """A ship's mortar fires once every three turns, and not in winds above Force 5."""
    if s["values"].get("kind") == "land_battery":
        return
    wind = state.get("wind") or {}
    if wind.get("force") is not None and int(wind["force"]) > int(dt.get("special", "mortars", "max_wind_force")):
        raise Refused(f"a bomb vessel cannot fire her mortars in a Force {wind['force']} wind")
    last = s["track"].get("mortar_turn")
    every = int(dt.get("special", "mortars", "ship_every_turns"))
    if last is not None and int(state.get("turn", 1)) - int(last) < every:
        raise Refused(f"{s['name']}'s mortar fires once every {every} turns (last on turn {last})")


def howitzer(rs, state: dict, tables, act: Howitzer):
    ship, at, opts = act.ship, act.at, act.opts
    s, t = state["ships"][ship], state["ships"][at]
    afloat(s, "fire howitzers")
    land = s["values"].get("kind") == "land_battery"
    if not land and not s["track"].get("anchored"):
        raise Refused("howitzers fire only from an anchored ship or from shore (`umpire task SHIP anchor`)")
    guns, calibre = int(number(opts, "guns", 0, 1)), int(number(opts, "calibre", 0, 1))
    if not guns or not calibre:
        raise BadInput("howitzer: give --guns N and --calibre POUNDS")
    dt = game_tables(tables)
    band = range_band(number(opts, "range", 0), True, dt).value
    factors = howitzer_factors(guns, land, dt)
    moving = yes(opts, "moving")

    def resolve(rolls, strict):
        res = resolve_howitzers(calibre, factors, band, moving, rolls, dt)
        effects = []
        if res.data["low"]:
            out = apply_damage(t["values"], t["track"], 0.0, float(res.data["low"]), 0.0, dt)
            res = Resolution(changes=res.changes, working=res.working + list(out.working), data=res.data)
            effects = ship_sets(at, {k: v for k, v in out.state.items() if t["track"].get(k) != v})
        return finish("howitzer", f"{s['name']}'s howitzers at {t['name']}: {res.data['hits']} hit(s)", res, effects)

    return Plan(DiceNeed(factors, 100, tuple(f"factor {i + 1}" for i in range(factors))), resolve)
