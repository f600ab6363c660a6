"""DGUTS wind and light as part of the game: the wind rolled at the start, set, changed by the hourly roll
(Basic Rules V); night and sighting (Optional Rules, Sighting)."""

from __future__ import annotations

from umpire.core.dice import DiceNeed
from umpire.core.errors import BadInput, Refused
from umpire.core.ruleset import Plan
from umpire.core.state import Resolution, Step, set_
from umpire.rules.dguts.actions import Night, WindOrder
from umpire.rules.dguts.commands_common import number, yes
from umpire.rules.dguts.tables import cite, game_tables
from umpire.rules.dguts.wind import (CHANGE_DICE, resolve_wind_change, resolve_wind_direction,
                                     resolve_wind_force)

WHATS = ("roll", "set", "change")


def wind(rs, state: dict, tables, act: WindOrder):
    what, opts = act.what, act.opts
    if what not in WHATS:
        raise BadInput(f"wind {what!r}: use {', '.join(WHATS)}")
    dt = game_tables(tables)
    return {"roll": _wind_roll, "set": _wind_set, "change": _wind_change}[what](state, dt, opts)


def wind_now(rs, state: dict, tables, ship: str, opts: dict):
    """The wind now (read only)."""

    w = state.get("wind") or {}
    if not w:
        text = "not yet set: `umpire wind roll` (or `umpire wind set --from N --force 5`)"
    else:
        text = f"from {w.get('from') or '?'}, Force {w.get('force', '?')}" + (" (tropics)" if w.get("tropics") else "")
    return Resolution("wind", f"wind {text}", [], [Step("wind", text, "DGUTS Basic Rules V")],
                      {"wind_from": w.get("from", ""), "force": w.get("force")})


def _wind_roll(state, dt, opts):
    tropics = yes(opts, "tropics")

    def resolve(rolls, strict):
        way = resolve_wind_direction(rolls[:3], dt)
        force = resolve_wind_force(rolls[3:], tropics, dt)
        wind = {"from": way.data["wind_from"], "force": force.data["force"], "tropics": tropics}
        return _wind_result(state, wind, list(way.working) + list(force.working), list(rolls))

    return Plan(DiceNeed(5, 6, ("red", "white", "shift", "force 1", "force 2")), resolve)


def _wind_set(state, dt, opts):
    old = dict(state.get("wind") or {})
    compass = dt.get("wind", "shift", "compass")
    wind = dict(old)
    if opts.get("from"):
        way = str(opts["from"]).strip().upper()
        if way not in compass:
            raise BadInput(f"wind from {opts['from']!r}: one of {', '.join(compass)}")
        wind["from"] = way
    if opts.get("force") not in (None, ""):
        force = number(opts, "force")
        if force != int(force) or not 0 <= force <= 12:
            raise BadInput(f"force {opts['force']!r}: a whole wind force from 0 (calm) to 12 (hurricane)")
        wind["force"] = int(force)
    if "tropics" in opts:
        wind["tropics"] = yes(opts, "tropics")
    if wind == old:
        raise BadInput("wind set: give --from DIRECTION and/or --force N")
    return _wind_result(state, wind, [Step("wind", "set by the umpire", "DGUTS Basic Rules V")], [])


def _wind_change(state, dt, opts):
    old = state.get("wind") or {}
    if not old.get("from") or old.get("force") is None:
        raise Refused("the wind has not been set: `umpire wind roll` or `umpire wind set` first")

    def resolve(rolls, strict):
        res = resolve_wind_change(old["from"], int(old["force"]), rolls, dt)
        wind = {**old, "from": res.data["wind_from"], "force": res.data["force"]}
        return _wind_result(state, wind, list(res.working), list(rolls))

    return Plan(CHANGE_DICE, resolve)


def _wind_result(state, wind: dict, steps: list, rolls: list):
    text = f"from {wind.get('from') or '?'}, Force {wind.get('force', '?')}"
    return Resolution("wind", f"wind {text}", [set_(["wind"], wind)], steps,
                      {"wind_from": wind.get("from", ""), "force": wind.get("force"), "rolls": rolls})


def night(rs, state: dict, tables, act: Night):
    what, opts = act.what, act.opts
    dt = game_tables(tables)
    src = cite(dt, "sighting", "night")
    if what == "day":
        return Resolution("night", "daylight: no night limit on sighting or fire", [set_(["night"], {})],
                          [Step("daylight", "the night limits are lifted", src)], {"night": False})
    if what == "set":
        vis = str(opts.get("visibility", "")).lower()
        limits = dt.get("sighting", "night", "max_inches")
        if vis not in limits:
            raise BadInput(f"visibility {opts.get('visibility')!r}: one of {', '.join(limits)}")
        return _night(vis, float(limits[vis]), [], src)
    if what != "roll":
        raise BadInput(f"night {what!r}: use roll, set or day")

    def resolve(rolls, strict):
        (roll,) = DiceNeed(1, 6, ("visibility",)).check(rolls)
        vis = dt.get("sighting", "night", "visibility")[roll - 1]
        return _night(vis, float(dt.get("sighting", "night", "max_inches", vis)), [roll], src)

    return Plan(DiceNeed(1, 6, ("visibility",)), resolve)


def _night(vis: str, inches: float, rolls: list, src: str):
    night = {"visibility": vis, "max_inches": inches}
    return Resolution("night", f"night, {vis} visibility: sighting and fire to {inches:g}\"",
                      [set_(["night"], night)],
                      [Step("night", f"{vis} visibility: nothing is seen or fired at beyond {inches:g}\"", src)],
                      {"night": True, **night, "rolls": rolls})


def sight(rs, state: dict, tables, ship: str, opts: dict):
    """What can be made out of a ship at a range (read only)."""

    dt = game_tables(tables)
    inches = number(opts, "range")
    if inches is None:
        raise BadInput("sight: give the range in inches, --opt range=N")
    night = state.get("night") or {}
    if night:
        limit = float(night["max_inches"])
        ident = float(dt.get("sighting", "night", "identify_inches"))
        seen = ("nothing" if inches > limit else
                "a ship, not known for friend or foe" if inches > ident else "a ship, known for what she is")
        steps = [Step("night", f"{night['visibility']} visibility, {limit:g}\": {seen}", cite(dt, "sighting", "night"))]
    else:
        made_out = [s["seen"] for s in dt.get("sighting", "day", "steps") if inches <= float(s["inches"])]
        seen = made_out[-1] if made_out else "nothing: beyond 200\" a ship is not seen"
        steps = [Step("daylight", seen, cite(dt, "sighting", "day"))]
    return Resolution("sight", f"at {inches:g}\": {seen}", [], steps, {"range": inches, "seen": seen})

