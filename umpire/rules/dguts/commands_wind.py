"""DGUTS wind as part of the game: rolled at the start, set, changed by the hourly roll (Basic Rules V)."""

from __future__ import annotations

from umpire.core.errors import BadInput, Refused
from umpire.rules.dguts.adapter import _num, _yes

WHATS = ("roll", "set", "change")


class WindCommands:
    """The DGUTS ruleset's wind commands (mixed into `Dguts`)."""

    def wind(self, state: dict, tables, what: str, opts: dict):
        if what not in WHATS:
            raise BadInput(f"wind {what!r}: use {', '.join(WHATS)}")
        dt = self.dt(tables)
        return {"roll": self._wind_roll, "set": self._wind_set, "change": self._wind_change}[what](state, dt, opts)

    def wind_now(self, state: dict, tables, ship: str, opts: dict):
        """The wind now (read only)."""
        from umpire.core.state import Resolution, Step

        w = state.get("wind") or {}
        if not w:
            text = "not yet set: `umpire wind roll` (or `umpire wind set --from N --force 5`)"
        else:
            text = f"from {w.get('from') or '?'}, Force {w.get('force', '?')}" + (" (tropics)" if w.get("tropics") else "")
        return Resolution("wind", f"wind {text}", [], [Step("wind", text, "DGUTS Basic Rules V")],
                          {"wind_from": w.get("from", ""), "force": w.get("force")})

    def _wind_roll(self, state, dt, opts):
        from umpire.core.dice import DiceNeed
        from umpire.rules.base import Plan
        from umpire.rules.dguts.wind import resolve_wind_direction, resolve_wind_force

        tropics = _yes(opts, "tropics")

        def resolve(rolls, strict):
            way = resolve_wind_direction(rolls[:3], dt)
            force = resolve_wind_force(rolls[3:], tropics, dt)
            wind = {"from": way.data["wind_from"], "force": force.data["force"], "tropics": tropics}
            return self._wind_result(state, wind, list(way.working) + list(force.working), list(rolls))

        return Plan(DiceNeed(5, 6, ("red", "white", "shift", "force 1", "force 2")), resolve)

    def _wind_set(self, state, dt, opts):
        from umpire.core.state import Step

        old = dict(state.get("wind") or {})
        compass = dt.get("wind", "shift", "compass")
        wind = dict(old)
        if opts.get("from"):
            way = str(opts["from"]).strip().upper()
            if way not in compass:
                raise BadInput(f"wind from {opts['from']!r}: one of {', '.join(compass)}")
            wind["from"] = way
        if opts.get("force") not in (None, ""):
            force = _num(opts, "force")
            if force != int(force) or not 0 <= force <= 12:
                raise BadInput(f"force {opts['force']!r}: a whole wind force from 0 (calm) to 12 (hurricane)")
            wind["force"] = int(force)
        if "tropics" in opts:
            wind["tropics"] = _yes(opts, "tropics")
        if wind == old:
            raise BadInput("wind set: give --from DIRECTION and/or --force N")
        return self._wind_result(state, wind, [Step("wind", "set by the umpire", "DGUTS Basic Rules V")], [])

    def _wind_change(self, state, dt, opts):
        from umpire.rules.base import Plan
        from umpire.rules.dguts.wind import CHANGE_DICE, resolve_wind_change

        old = state.get("wind") or {}
        if not old.get("from") or old.get("force") is None:
            raise Refused("the wind has not been set: `umpire wind roll` or `umpire wind set` first")

        def resolve(rolls, strict):
            res = resolve_wind_change(old["from"], int(old["force"]), rolls, dt)
            wind = {**old, "from": res.data["wind_from"], "force": res.data["force"]}
            return self._wind_result(state, wind, list(res.working), list(rolls))

        return Plan(CHANGE_DICE, resolve)

    def _wind_result(self, state, wind: dict, steps: list, rolls: list):
        from umpire.core.state import Resolution, set_

        text = f"from {wind.get('from') or '?'}, Force {wind.get('force', '?')}"
        return Resolution("wind", f"wind {text}", [set_(["wind"], wind)], steps,
                          {"wind_from": wind.get("from", ""), "force": wind.get("force"), "rolls": rolls})


class NightCommands:
    """Night actions and sighting (Optional Rules, Sighting), mixed into `Dguts`."""

    def night(self, state: dict, tables, what: str, opts: dict):
        from umpire.core.dice import DiceNeed
        from umpire.core.state import Resolution, Step, set_
        from umpire.rules.base import Plan

        dt = self.dt(tables)
        src = dt.cite("sighting", "night")
        if what == "day":
            return Resolution("night", "daylight: no night limit on sighting or fire", [set_(["night"], {})],
                              [Step("daylight", "the night limits are lifted", src)], {"night": False})
        if what == "set":
            vis = str(opts.get("visibility", "")).lower()
            limits = dt.get("sighting", "night", "max_inches")
            if vis not in limits:
                raise BadInput(f"visibility {opts.get('visibility')!r}: one of {', '.join(limits)}")
            return self._night(vis, float(limits[vis]), [], src)
        if what != "roll":
            raise BadInput(f"night {what!r}: use roll, set or day")

        def resolve(rolls, strict):
            (roll,) = DiceNeed(1, 6, ("visibility",)).check(rolls)
            vis = dt.get("sighting", "night", "visibility")[roll - 1]
            return self._night(vis, float(dt.get("sighting", "night", "max_inches", vis)), [roll], src)

        return Plan(DiceNeed(1, 6, ("visibility",)), resolve)

    def _night(self, vis: str, inches: float, rolls: list, src: str):
        from umpire.core.state import Resolution, Step, set_

        night = {"visibility": vis, "max_inches": inches}
        return Resolution("night", f"night, {vis} visibility: sighting and fire to {inches:g}\"",
                          [set_(["night"], night)],
                          [Step("night", f"{vis} visibility: nothing is seen or fired at beyond {inches:g}\"", src)],
                          {"night": True, **night, "rolls": rolls})

    def sight(self, state: dict, tables, ship: str, opts: dict):
        """What can be made out of a ship at a range (read only)."""
        from umpire.core.state import Resolution, Step

        dt = self.dt(tables)
        inches = _num(opts, "range")
        if inches is None:
            raise BadInput("sight: give the range in inches, --opt range=N")
        night = state.get("night") or {}
        if night:
            limit = float(night["max_inches"])
            ident = float(dt.get("sighting", "night", "identify_inches"))
            seen = ("nothing" if inches > limit else
                    "a ship, not known for friend or foe" if inches > ident else "a ship, known for what she is")
            steps = [Step("night", f"{night['visibility']} visibility, {limit:g}\": {seen}", dt.cite("sighting", "night"))]
        else:
            made_out = [s["seen"] for s in dt.get("sighting", "day", "steps") if inches <= float(s["inches"])]
            seen = made_out[-1] if made_out else "nothing: beyond 200\" a ship is not seen"
            steps = [Step("daylight", seen, dt.cite("sighting", "day"))]
        return Resolution("sight", f"at {inches:g}\": {seen}", [], steps, {"range": inches, "seen": seen})


class BurningCommands:
    """Burning ships (Optional Rules, Burning Ships), mixed into `Dguts`."""

    def burn(self, state: dict, tables, ship: str, what: str, areas: list, opts: dict):
        from umpire.core.dice import DiceNeed
        from umpire.rules.base import Plan
        from umpire.rules.dguts import burning
        from umpire.rules.dguts.adapter import _core, _sets

        s = state["ships"][ship]
        if s["track"]["status"] in ("sunk", "exploded"):
            raise Refused(f"{s['name']} is gone")
        dt = self.dt(tables)
        v, t = s["values"], s["track"]

        def done(res, summary):
            return _core("burn", f"{s['name']}: {summary}", res, _sets(ship, res.effects.get("ship", {})))

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
            return Plan(DiceNeed(60, 6, ()), lambda rolls, strict: done(burning.resolve_fire_phase(v, t, rolls, dt),
                                                                       "the fire burns"), flexible=True)
        if what == "fight":
            if len(areas) != 1:
                raise BadInput("burn fight: name the one area the crew fights, e.g. upper-bow")
            crew = _num(opts, "crew", 2.0)
            return Plan(DiceNeed(30, 6, ()), lambda rolls, strict: done(
                burning.resolve_fight_fire(v, t, areas[0], crew, rolls, dt), "fighting the fire"), flexible=True)
        if what == "abandon":
            return self._abandon(state, ship, opts, dt)
        if what == "flood":
            return done(burning.flood_magazine(t, dt), "magazine flooded")
        raise BadInput(f"burn {what!r}: use set, turn, fight, abandon or flood")

    def _abandon(self, state: dict, ship: str, opts: dict, dt):
        from umpire.rules.dguts import burning
        from umpire.rules.dguts.adapter import _core, _sets

        s = state["ships"][ship]
        if s["track"].get("abandoned"):
            raise Refused(f"{s['name']} has already been abandoned")
        res = burning.abandon(s["values"], s["track"], dt)
        effects = _sets(ship, res.effects.get("ship", {}))
        to = str(opts.get("to", ""))
        if to:
            if to not in state["ships"] or to == ship:
                raise BadInput(f"--opt to={to}: name another ship by id")
            other = state["ships"][to]
            if other["controller"] != s["controller"]:
                raise Refused(f"{other['name']} is not a friendly ship")
            crew = round(float(other["track"]["crew_factors"]) + res.data["crew_factors"], 4)
            effects += _sets(to, {"crew_factors": crew})
        return _core("burn", f"{s['name']} abandoned" + (f" to {state['ships'][to]['name']}" if to else ""), res, effects)


class MusketryCommands:
    """Marines and musketry (Advanced Optional 13), mixed into `Dguts`."""

    def musketry(self, state: dict, tables, ship: str, at: str, opts: dict):
        from umpire.core.state import Resolution, Step
        from umpire.rules.dguts.adapter import _afloat, _sets
        from umpire.rules.dguts.damage import apply_damage
        from umpire.rules.dguts.melee import lose_men

        dt = self.dt(tables)
        f, t = state["ships"][ship], state["ships"][at]
        _afloat(f, "fire muskets")
        if at not in f.get("grappled", []):
            raise Refused(f"musketry from the tops needs the ships grappled together ({f['name']} is not "
                          f"grappled with {t['name']})")
        crew = _num(opts, "crew", 0.0)
        grenades = _num(opts, "grenades", 0.0)
        if not crew and not grenades:
            raise BadInput("musketry: give --crew CF in the tops and/or --grenades CF throwing them")
        if crew + grenades > float(f["track"]["crew_factors"]) + 1e-9:
            raise Refused(f"{f['name']} has only {float(f['track']['crew_factors']):g} CF aboard")
        src = dt.cite("advanced", "musketry")
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
                              "(in the upper areas or just below)", dt.cite("advanced", "marines")))
        track = t["track"]
        if men:
            track = lose_men(t["values"], track, int(men), dt)
        if low:
            out = apply_damage(t["values"], track, 0.0, low, 0.0, dt)
            track = out.state
            steps += list(out.working)
        changes = {k: v for k, v in track.items() if t["track"].get(k) != v}
        return Resolution("musketry", f"{f['name']} into {t['name']}: {men:g} men, {low:g} points low",
                          _sets(at, changes), steps, {"men": men, "damage_low": low, "fire_chances": chances})


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
