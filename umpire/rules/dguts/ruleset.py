"""Don't Give Up The Ship! as the command line sees it: an adapter from the
journalled game state to the pure DGUTS rules in this package.

A ship in the game state is ``{"id", "name", "side", "controller",
"definition", "values", "track"}``: `values` are the derived ship values
(fixed), `track` the state the rules change (damage, crew, morale, ...).
"""

from __future__ import annotations

from umpire.core.errors import BadInput, Refused
from umpire.core.ruleset import Ruleset

STATUS_KEYS = ("tons", "sf_value", "cf_value", "class", "rate", "sails", "masts", "mast_thresholds",
               "ten_percent_loss", "morale_value", "saving_throw", "guns", "fire_factors", "chasers", "nation")
TRACK_KEYS = ("damage_high", "damage_low", "crew_factors", "sails_lost", "masts_lost", "morale", "morale_turns",
              "morale_checks_owed", "sinking_band", "sinking_turns_left", "guns_dismounted")


def _core(kind: str, summary: str, res, effects: list[dict]):
    from umpire.core.state import Resolution

    data = {k: v for k, v in res.data.items() if k != "explain"}
    return Resolution(kind, summary, effects, list(res.working), data)


def _num(opts: dict, key: str, default=None, low: float | None = 0.0) -> float | None:
    """A number typed as an option; refuse words, NaN, infinities and values below `low` (if given)."""
    import math

    value = opts.get(key, default)
    if value in (None, ""):
        return default
    try:
        out = float(value)
    except (TypeError, ValueError):
        raise BadInput(f"{key} {value!r}: give a number") from None
    if not math.isfinite(out) or (low is not None and out < low):
        raise BadInput(f"{key} {value!r}: give a number of at least {low:g}")
    return out


def _yes(opts: dict, key: str) -> bool:
    value = str(opts.get(key, "")).strip().lower()
    if value in ("", "0", "no", "false", "off"):
        return False
    if value in ("1", "yes", "true", "on"):
        return True
    raise BadInput(f"{key} {opts[key]!r}: use 1 or 0 (yes or no)")


AFLOAT = ("active", "sinking")
# Bounds on typed numbers, not rules: the largest ships of the age were about 5,000 tons with 1,200 men.
MAX_TONS, MAX_MEN, MAX_GUNS = 10000, 5000, 500


def _afloat(ship: dict, doing: str) -> None:
    """Refuse an action by a ship that has sunk, exploded, struck or been taken."""
    status = ship["track"]["status"]
    if status not in AFLOAT:
        raise Refused(f"{ship['name']} {_status_words(status)}: she cannot {doing}")


def _status_words(status: str) -> str:
    return {"captured": "has been captured", "surrendered": "has surrendered", "sunk": "has sunk",
            "exploded": "has blown up", "struck": "has struck"}.get(status, f"is {status}")


def _two(a: str, b: str, what: str) -> None:
    if a == b:
        raise BadInput(f"a ship cannot {what} herself")


def _keep_rolling(rolls) -> tuple[int, ...]:
    """The tool's policy for best-of-N dice: stop at the first 4 or better."""
    out = []
    for r in rolls:
        out.append(r)
        if r >= 4:
            break
    return tuple(out)


def _sets(ship_id: str, changes: dict) -> list[dict]:
    from umpire.core.state import set_

    return [set_(["ships", ship_id, "track", k], v) for k, v in changes.items()]


class Dguts(Ruleset):
    id = "dguts"
    aliases = ("dgts", "dont-give-up-the-ship")
    data_id = "dguts"
    title = "Don't Give Up The Ship!, second edition (1975)"
    units = "inches"
    levels = ("standard", "training")
    required_keys = ("id", "name", "side", "controller", "values", "track")
    actions = {"fire": "_fire", "grapple": "_contact", "melee": "_melee", "board": "_board", "morale": "_morale",
               "repair": "_repair", "pumps": "_pumps", "explode": "_explode", "special": "_special",
               "mast": "_mast", "turn": "_turn"}
    queries = {"speed": "speed"}

    # --- journalled actions, as the command line builds them ---------------
    def _fire(self, state, tables, a):
        return self.fire(state, tables, a["ship"], a["at"], a["opts"])

    def _contact(self, state, tables, a):
        return self.contact(state, tables, a["command"], a["ship"], a["with"], a.get("opts", {}))

    def _melee(self, state, tables, a):
        return self.melee(state, tables, a["attackers"], a["defender"], a.get("opts", {}))

    def _board(self, state, tables, a):
        return self.board(state, tables, a["ship"], a["party"], a.get("sections", ""), a.get("at", ""),
                          a.get("opts", {}))

    def _morale(self, state, tables, a):
        return self.morale(state, tables, a["ship"], a.get("opts", {}))

    def _repair(self, state, tables, a):
        return self.repair(state, tables, a["ship"], a["what"], a.get("opts", {}))

    def _pumps(self, state, tables, a):
        return self.pumps(state, tables, a["ship"], a["crew"])

    def _explode(self, state, tables, a):
        return self.explode(state, tables, a["ship"], a.get("near", {}), a.get("opts", {}))

    def _special(self, state, tables, a):
        return self.special(state, tables, a["ship"], a["column"], a.get("opts", {}))

    def _mast(self, state, tables, a):
        return self.mast(state, tables, a["ship"], a.get("opts", {}))

    def _turn(self, state, tables, a):
        return self.end_turn(state, tables)

    # --- tables ------------------------------------------------------------
    def dt(self, tables):
        """The DGUTS tables with the game's house rulings."""
        from umpire.rules.dguts.tables import load_tables

        rulings = getattr(tables, "rulings", None) or {}
        return load_tables(rulings)

    # optional rule -> the section of the text it comes from (fire options also in fireorder.OPTIONS)
    optional_rules = {
        "point-blank": "Advanced Optional 4",
        "stern-rake": "Advanced Optional 5",
        "carronade-accuracy": "Advanced Optional 7",
        "opening-nations": "Advanced Optional 3",
        "shot-weight": "Single-Ship Rules M",
        "dismounted-guns": "Single-Ship Rules G",
        "gun-weight": "Advanced Optional, Gun Weight and Tonnage",
        "seamanship": "Single-Ship Rules I (Seamanship)",
        "first-roll": "Advanced Optional 10",
    }

    def check_rulings(self, tables) -> None:
        self.dt(tables)

    # --- setup -------------------------------------------------------------
    def initial_state(self, game) -> dict:
        return {"turn": 1, "level": game.meta.get("level", "standard"),
                "ships": {d["id"]: self.new_ship(d) for d in game.ships}}

    def ship_definition(self, name: str, side: str, ship_id: str, opts: dict) -> dict:
        missing = [k for k in ("nation", "tons", "men", "guns") if opts.get(k) in (None, "")]
        if missing:
            raise BadInput(f"a DGUTS ship needs --{' --'.join(missing)} "
                           "(e.g. --nation american --tons 1576 --men 456 --guns \"30x24,22x32C\")")
        tons, men = _num(opts, "tons", low=None), _num(opts, "men", low=None)
        if tons <= 0 or men <= 0 or men != int(men):
            raise BadInput(f"tons {opts['tons']} and men {opts['men']} must be more than zero (men a whole number)")
        if tons > MAX_TONS or men > MAX_MEN:
            raise BadInput(f"tons {opts['tons']} or men {opts['men']}: more than any ship of the age of sail "
                           f"(at most {MAX_TONS} tons and {MAX_MEN} men)")
        from umpire.rules.dguts.guns import parse_guns

        if any(b.count > MAX_GUNS for b in parse_guns(str(opts["guns"]))):
            raise BadInput(f"guns {opts['guns']!r}: more than {MAX_GUNS} guns of one calibre")
        overrides = {k: opts[k] for k in ("rate", "class") if opts.get(k)}
        if opts.get("merchant"):
            overrides["kind"] = "merchant"
        for k, v in (opts.get("overrides") or {}).items():
            overrides[k] = v
        d = {"id": ship_id, "name": name, "side": side, "nation": opts["nation"], "tons": tons,
             "men": int(men), "guns": str(opts["guns"]), "overrides": overrides}
        self.new_ship(d)   # refuse bad calibres, tonnage, overrides now
        return d

    def scenario_ship(self, s: dict, scen: dict) -> dict:
        from umpire.rules.dguts.ship import OVERRIDE_KEYS

        sides = {x["id"]: x for x in scen.get("sides", [])}
        nation = s.get("nation") or sides.get(s["side"], {}).get("nation", "")
        overrides = {k: s[k] for k in OVERRIDE_KEYS if k in s and k != "name"}
        missing = [k for k in ("tons", "men", "guns") if k not in s] + ([] if nation else ["nation"])
        if missing:
            raise BadInput(f"scenario {scen.get('_path', scen.get('id'))}: ship {s['id']}: field "
                           f"{missing[0]!r} is missing")
        try:
            return self.ship_definition(s["name"], s["side"], s["id"], {
                "nation": nation, "tons": s.get("tons"), "men": s.get("men"), "guns": s.get("guns"),
                "overrides": overrides})
        except BadInput as exc:
            raise BadInput(f"scenario {scen.get('_path', scen.get('id'))}: ship {s['id']}: {exc}") from None

    def new_ship(self, d: dict) -> dict:
        from umpire.rules.dguts import derive_ship, initial_state

        values = derive_ship(d["nation"], d["tons"], d["men"], d["guns"], {"name": d["name"], **d.get("overrides", {})})
        return {"id": d["id"], "name": d["name"], "side": d["side"], "controller": d["side"],
                "definition": d, "values": values, "track": initial_state(values)}

    def status(self, ship: dict) -> dict:
        v, t = ship["values"], ship["track"]
        out = {"id": ship["id"], "name": ship["name"], "side": ship["side"], "controller": ship["controller"],
               "state": t["status"]}
        out.update({k: v[k] for k in STATUS_KEYS if k in v})
        out.update({k: t[k] for k in TRACK_KEYS if k in t})
        return out

    # --- actions -----------------------------------------------------------
    def fire(self, state: dict, tables, firer: str, target: str, opts: dict):
        from umpire.rules.base import Plan
        from umpire.rules.dguts.gunnery import fire_dice_needed, fire_order, resolve_fire

        from umpire.rules.dguts.fireorder import OPTIONS

        f, t = state["ships"][firer], state["ships"][target]
        _two(firer, target, "fire at")
        if t["track"]["status"] not in AFLOAT:
            raise Refused(f"{t['name']} {_status_words(t['track']['status'])}: she may not be fired on")
        _afloat(f, "fight her guns")
        try:
            rng = float(opts["range"])
        except ValueError:
            raise BadInput(f"range {opts['range']!r}: DGUTS ranges are inches, e.g. 7 or 7.5") from None
        known = {"anchored", "shot", "crew", "calibres", "firing_speed"}
        extra = set(opts) - known - {"range", "side", "aim", "rake", "facing", "lose", "_optional"}
        if extra:
            raise BadInput(f"DGUTS fire option {sorted(extra)[0]!r}: use --opt with {', '.join(sorted(known))}")
        order = fire_order(rng, opts["side"], opts.get("aim"), opts.get("rake"),
                           anchored=_yes(opts, "anchored"), shot=opts.get("shot") or "round",
                           crew=_num(opts, "crew"),
                           calibres=opts["calibres"].split(",") if opts.get("calibres") else None,
                           firing_speed=int(_num(opts, "firing_speed", 1, 1)),
                           options=tuple(o for o in opts.get("_optional", ()) if o in OPTIONS))
        dt = self.dt(tables)
        if state.get("level") == "training":
            return self._training_fire(f, t, firer, target, opts, rng, dt)
        need = fire_dice_needed(f["values"], f["track"], t["values"], t["track"], order, dt)

        def resolve(rolls, strict):
            res = resolve_fire(f["values"], f["track"], t["values"], t["track"], order, rolls, dt)
            effects = _sets(target, res.effects.get("target", {})) + _sets(firer, res.effects.get("firer", {}))
            summary = (f"{f['name']} fires {order.bearing.value} at {t['name']}, {rng:g}\": "
                       f"{res.data['damage']['high']:g} high, {res.data['damage']['low']:g} low")
            return _core("fire", summary, res, effects)

        return Plan(need, resolve, per_die="hits")

    def _training_fire(self, f: dict, t: dict, firer: str, target: str, opts: dict, rng: float, dt):
        """Training Game fire: two dice per factor, red to hit, white for high or low."""
        from umpire.rules.base import Plan
        from umpire.rules.dguts.training import resolve_training_fire, training_fire_dice_needed

        chasers = opts.get("chasers") or None
        need = training_fire_dice_needed(f["values"], opts["side"], rng, chasers, dt)

        def resolve(rolls, strict):
            res = resolve_training_fire(f["values"], t["values"], t["track"], opts["side"], rng, rolls, chasers, dt)
            summary = (f"{f['name']} fires at {t['name']}, {rng:g}\" (training): "
                       f"{res.data['damage']['high']:g} high, {res.data['damage']['low']:g} low")
            return _core("fire", summary, res, _sets(target, res.effects.get("target", {})))

        return Plan(need, resolve)

    def morale(self, state: dict, tables, ship: str, opts: dict):
        from umpire.rules.base import Plan
        from umpire.rules.dguts.morale import morale_dice_needed, resolve_morale_check

        s = state["ships"][ship]
        _afloat(s, "take a morale check")
        if state.get("level") == "training":
            return self._training_morale(s, ship, opts, tables)
        need = morale_dice_needed(s["values"], s["track"])
        dt = self.dt(tables)

        def resolve(rolls, strict):
            res = resolve_morale_check(s["values"], s["track"], rolls, dt)
            verdict = "holds" if res.data["held"] else f"falls to {res.data['morale']}"
            return _core("morale", f"{s['name']} morale check: {verdict}", res,
                         _sets(ship, res.effects.get("ship", {})))

        return Plan(need, resolve)

    def _training_morale(self, s: dict, ship: str, opts: dict, tables):
        """Training Game morale: a failed throw costs a morale point; none left, she surrenders.
        Its own saving throws are lost in the text: the nation's is used unless one is given."""
        from umpire.core.dice import DiceNeed
        from umpire.core.state import Step
        from umpire.rules.base import Plan
        from umpire.rules.dguts.training import resolve_training_morale

        given = _num(opts, "saving_throw")
        throw = int(given) if given is not None else int(s["values"]["saving_throw"])
        dt = self.dt(tables)

        def resolve(rolls, strict):
            res = resolve_training_morale(s["values"], s["track"], rolls, throw, dt)
            out = _core("morale", f"{s['name']} morale check: "
                        + ("holds" if res.data["held"] else f"down to {res.data['morale_points']} points"),
                        res, _sets(ship, res.effects.get("ship", {})))
            if given is None:
                out.working.insert(0, Step("saving throw", f"2-{throw}, the nation's (the training game's own "
                                           "are illegible; give --opt saving_throw=N)", "docs/rulings.md"))
            out.data["rolls"] = list(rolls)
            return out

        return Plan(DiceNeed(2, 6, ("morale die 1", "morale die 2")), resolve)

    def speed(self, state: dict, tables, ship: str, opts: dict):
        from umpire.rules.dguts.speed import ship_speed

        s = state["ships"][ship]
        point = opts.get("point") or opts.get("attitude")
        if not point:
            raise BadInput("DGUTS speed needs the point of sail: --opt point=close-hauled|reach|quartering|running, "
                           "and the base speed: --opt base=INCHES (or --opt force=N where the chart is known)")
        _afloat(s, "make sail")
        force = _num(opts, "force")
        res = ship_speed(s["values"], s["track"], point, base=_num(opts, "base"),
                         wind_force=int(force) if force is not None else None, turned=_yes(opts, "turned"),
                         jury_rig_turns=int(_num(opts, "jury_rig_turns", 0)),
                         options=tuple(o for o in opts.get("_optional", ()) if o in ("gun-weight", "seamanship")),
                         tables=self.dt(tables))
        out = _core("speed", f"{s['name']}: {res.data['speed']:g}\"", res, [])
        if opts.get("previous") not in (None, ""):
            from umpire.core.state import Step
            from umpire.rules.dguts.speed import headway

            wanted = _num(opts, "wanted", res.data["speed"])
            allowed = headway(_num(opts, "previous"), res.data["full_speed"], wanted, _yes(opts, "into_wind"),
                              self.dt(tables))
            out.working.append(Step("headway", f"from {float(opts['previous']):g}\" last turn: {allowed:g}\" "
                                    "this turn (at most half full speed gained or lost)", "DGUTS Basic Rules VI"))
            out.data["speed"] = allowed
            out.summary = f"{s['name']}: {allowed:g}\" (headway)"
        return out

    def contact(self, state: dict, tables, kind: str, a: str, b: str, opts: dict):
        from umpire.core.state import set_
        from umpire.rules.base import Plan
        from umpire.rules.dguts.grapple import GrappleOrder, grapple_dice_needed, resolve_grapple

        if kind != "grapple":
            raise BadInput(f"{kind} is a WS&IM procedure; DGUTS ships grapple (`umpire grapple A B --opt distance=0.5`)")
        _two(a, b, "grapple")
        for sid in (a, b):
            _afloat(state["ships"][sid], "grapple")
        if "distance" not in opts:
            raise BadInput("DGUTS grappling needs the distance between hulls: --opt distance=INCHES "
                           "(and --opt touching=1, target_stopped=1 or opposite_headings=1 when they apply)")
        order = GrappleOrder(_num(opts, "distance"), _yes(opts, "touching"), _yes(opts, "target_stopped"),
                             _yes(opts, "opposite_headings"), "first-roll" in opts.get("_optional", ()))
        dt = self.dt(tables)
        need = grapple_dice_needed(order, dt)
        sa, sb = state["ships"][a], state["ships"][b]

        def resolve(rolls, strict):
            res = resolve_grapple(order, rolls, dt)
            ok = res.data["grappled"]
            effects = []
            if ok:
                effects = [set_(["ships", a, "grappled"], sorted(set(sa.get("grappled", [])) | {b})),
                           set_(["ships", b, "grappled"], sorted(set(sb.get("grappled", [])) | {a}))]
            r = _core("grapple", f"{sa['name']} and {sb['name']}: {'grappled' if ok else 'not grappled'}", res, effects)
            r.data["success"] = ok
            return r

        return Plan(need, resolve)

    def _training_round(self, a: dict, d: dict, a_id: str, defender: str, rec: dict, ar, dr, dt):
        """Training Game melee: each side keeps its last die; the difference reads the short table."""
        from umpire.core.state import Resolution, Step, set_
        from umpire.rules.dguts.melee import melee_dice_allowed
        from umpire.rules.dguts.training import training_melee_result

        allowed = melee_dice_allowed(rec["odds"])
        for side, rolls in (("attacker", ar), ("defender", dr)):
            if not 1 <= len(rolls) <= allowed[side] or any(not 1 <= r <= 6 for r in rolls):
                raise BadInput(f"{side} dice {','.join(map(str, rolls))}: 1 to {allowed[side]} d6, the last kept")
        result = training_melee_result(ar[-1], dr[-1], dt)
        winner = result["winner"]
        steps = [Step("dice", f"attacker keeps {ar[-1]}, defender keeps {dr[-1]}", dt.cite("training", "melee")),
                 Step("result", result["text"], dt.cite("training", "melee"))]
        effects = [set_(["ships", a_id, "boarding"], rec)]
        if winner:
            loser = d if winner == "attacker" else a
            points = int(loser["track"].get("morale_points", loser["values"]["morale_value"]))
            points -= int(result.get("morale_points", 0))
            changes = {"morale_points": max(0, points)}
            if result.get("capture") or points <= int(dt.get("training", "morale", "surrender_at")):
                changes.update(status="surrendered", morale="surrendered")
                steps.append(Step("surrender", f"{loser['name']} surrenders", dt.cite("training", "melee")))
                effects[0] = set_(["ships", a_id, "boarding"], {})
            effects += _sets(loser["id"], changes)
        data = {"rolls": list(ar) + list(dr), "kept": {"attacker": ar[-1], "defender": dr[-1]},
                "winner": winner, "result": result["text"], "outcome": winner or "tie"}
        return Resolution("melee", f"{a['name']} v {d['name']}: {result['text']}", effects, steps, data)

    def end_turn(self, state: dict, tables):
        from umpire.core.state import Resolution, Step, set_
        from umpire.rules.dguts.turn import end_of_turn

        dt = self.dt(tables)
        effects, steps = [], []
        for sid, s in state["ships"].items():
            new = end_of_turn(s["track"], dt)
            changes = {k: v for k, v in new.items() if s["track"].get(k) != v}
            effects += _sets(sid, changes)
            for key in ("morale", "status"):
                if key in changes:
                    steps.append(Step(s["name"], f"{key} now {changes[key]}", "DGUTS end of turn"))
        turn = state["turn"] + 1
        effects.append(set_(["turn"], turn))
        return Resolution("turn", f"turn {turn} begins", effects, steps, {"turn": turn})

    def score(self, state: dict, tables=None) -> dict:
        lines = [{"ship": s["id"], "side": s["side"], "state": s["track"]["status"]}
                 for s in state["ships"].values() if s["track"]["status"] != "active"]
        return {"ships": lines}

    def special(self, state: dict, tables, ship: str, column: str, opts: dict):
        """A roll on the single-ship special damage table (hull or spar column)."""
        from umpire.rules.base import Plan
        from umpire.rules.dguts.singleship import resolve_special_damage, special_damage_dice_needed

        s = state["ships"][ship]
        _afloat(s, "take special damage")
        band = (opts.get("band") or "A").upper()
        if band not in ("A", "B", "C", "D"):
            raise BadInput(f"band {band!r}: the range band is A, B, C or D")
        broadside = _yes({"broadside": opts.get("broadside", "1")}, "broadside")
        calibre = int(_num(opts, "calibre", 0))
        need = special_damage_dice_needed(column)
        dt = self.dt(tables)

        def resolve(rolls, strict):
            res = resolve_special_damage(s["values"], s["track"], column, rolls, band, broadside, calibre, dt)
            return _core("special", f"{s['name']}: special damage ({column})", res,
                         _sets(ship, res.effects.get("ship", {})))

        return Plan(need, resolve)

    def mast(self, state: dict, tables, ship: str, opts: dict):
        """Which mast fell and whether clear or foul; with --opt attempt=N, try to cut a fouled mast away."""
        from umpire.core.dice import DiceNeed
        from umpire.rules.base import Plan
        from umpire.rules.dguts import singleship

        s = state["ships"][ship]
        _afloat(s, "lose a mast")
        dt = self.dt(tables)
        if opts.get("attempt"):
            attempt = int(_num(opts, "attempt", 1, 1))
            crew = _num(opts, "crew", 1.0)

            def resolve(rolls, strict):
                res = singleship.resolve_clear_mast(s["track"], attempt, rolls, crew, dt)
                return _core("mast", f"{s['name']}: clearing the fouled mast", res,
                             _sets(ship, res.effects.get("ship", {})))

            return Plan(DiceNeed(1, 6, ("clear mast",)), resolve)
        need = singleship.mast_loss_dice_needed()

        def fall(rolls, strict):
            res = singleship.resolve_mast_loss(s["values"], s["track"], rolls, dt)
            return _core("mast", f"{s['name']}: a mast comes down", res, _sets(ship, res.effects.get("ship", {})))

        return Plan(need, fall)

    def repair(self, state: dict, tables, ship: str, what: str, opts: dict):
        """Repairs by the crew factors put to work: low (hull), high (rigging), jury mast, guns."""
        from umpire.rules.dguts import repairs

        s = state["ships"][ship]
        _afloat(s, "make repairs")
        if "crew" not in opts:
            raise BadInput("say how many crew factors work on the repair: --crew CF")
        crew, turns = _num(opts, "crew"), int(_num(opts, "turns", 1, 1))
        battle = _yes(opts, "battle")
        dt = self.dt(tables)
        v, t = s["values"], s["track"]
        if what == "low":
            res = repairs.repair_low(v, t, crew, battle, turns, dt)
        elif what == "high":
            res = repairs.repair_high(v, t, crew, turns, dt)
        elif what == "jury":
            res = repairs.rig_jury_mast(v, t, crew, turns, dt)
        elif what == "guns":
            res = repairs.repair_guns(v, t, crew, battle, turns, dt)
        else:
            raise BadInput(f"repair {what!r}: use low, high, jury or guns")
        return _core("repair", f"{s['name']} repairs ({what})", res, _sets(ship, res.effects.get("ship", {})))

    def pumps(self, state: dict, tables, ship: str, crew: float):
        """Crew factors at the pumps of a ship in danger of sinking."""
        from umpire.core.state import Resolution, Step
        from umpire.rules.dguts.turn import assign_pumps

        s = state["ships"][ship]
        _afloat(s, "man the pumps")
        crew = _num({"crew": crew}, "crew")
        new = assign_pumps(s["track"], crew)
        need = s["track"].get("pumps_needed", 0)
        steps = [Step("pumps", f"{float(crew):g} CF at the pumps; {float(need):g} CF needed", "DGUTS Basic Rules VII.D")]
        return Resolution("pumps", f"{s['name']}: {float(crew):g} CF at the pumps",
                          _sets(ship, {"pumping_cf": new["pumping_cf"]}), steps, {"pumping_cf": new["pumping_cf"],
                                                                                "pumps_needed": need})

    def explode(self, state: dict, tables, ship: str, near: dict, opts: dict):
        """A ship blows up: lost with all hands; damage to each ship nearby by distance in inches."""
        from umpire.rules.dguts.explosion import resolve_explosion

        s = state["ships"][ship]
        _afloat(s, "blow up")
        if ship in near:
            raise BadInput(f"{s['name']} cannot be near herself; --near names the other ships")
        nearby = {sid: (state["ships"][sid]["values"], state["ships"][sid]["track"], _num({"near": d}, "near"))
                  for sid, d in near.items()}
        explosive = _yes(opts, "explosive_ship")
        res = resolve_explosion(s["values"], s["track"], nearby, explosive, self.dt(tables))
        effects = []
        for key, changes in res.effects.items():
            effects += _sets(ship if key == "ship" else key, changes)
        return _core("explode", f"{s['name']} explodes", res, effects)

    def board(self, state: dict, tables, ship: str, party: str, sections: str, target: str, opts: dict | None = None):
        """Boarding odds from the parties' crew factors, then the die for whether a melee starts."""
        from umpire.core.dice import DiceNeed
        from umpire.core.state import set_
        from umpire.rules.base import Plan
        from umpire.rules.dguts.melee import boarding_odds, party as make_party, resolve_melee_start

        opts = opts or {}
        if not target:
            raise BadInput("say which ship is boarded: --at SHIP")
        _two(ship, target, "board")
        a, d = state["ships"][ship], state["ships"][target]
        _afloat(a, "board")
        _afloat(d, "be boarded")
        if target not in a.get("grappled", []):
            raise Refused(f"{a['name']} is not grappled with {d['name']} (use `umpire grapple` first)")
        dt = self.dt(tables)
        if state.get("level") == "training":
            return self._training_board(a, d, ship, target, opts, dt)
        att = make_party(a["values"], a["track"], _num(opts, "crew"), _yes(opts, "shock"))
        dfd = make_party(d["values"], d["track"], _num(opts, "defender_crew"), False, _yes(opts, "upper_deck"))
        odds = boarding_odds(att, dfd, dt)
        record = {"at": target, "odds": {k: v for k, v in odds.data.items() if k != "explain"},
                  "melee_turn": 1, "areas": 0}
        unopposed = odds.data["odds"] == "unopposed"

        def resolve(rolls, strict):
            steps_res = odds
            melee = unopposed
            if not unopposed:
                start = resolve_melee_start(odds.data, rolls, dt)
                steps_res = type(odds)(odds.effects, odds.working + start.working, {**odds.data, **start.data})
                melee = start.data["melee"]
            rec = {**record, "melee": melee}
            r = _core("board", f"{a['name']} boards {d['name']}: odds {odds.data['odds']}"
                      + ("; melee this turn" if melee else "; no melee yet"), steps_res,
                      [set_(["ships", ship, "boarding"], rec)])
            return r

        return Plan(DiceNeed(0 if unopposed else 1, 6, () if unopposed else ("melee chance",)), resolve)

    def _training_board(self, a: dict, d: dict, ship: str, target: str, opts: dict, dt):
        """Training Game boarding: crew factors times morale points on each side; melee follows at once."""
        from umpire.core.state import Resolution, Step, set_
        from umpire.rules.dguts.training import training_odds

        a_cf = _num(opts, "crew", a["track"]["crew_factors"])
        d_cf = _num(opts, "defender_crew", d["track"]["crew_factors"])
        a_pts = int(a["track"].get("morale_points", a["values"]["morale_value"]))
        d_pts = int(d["track"].get("morale_points", d["values"]["morale_value"]))
        odds = training_odds(a_cf, a_pts, d_cf, d_pts, dt)
        rec = {"at": target, "odds": odds, "melee_turn": 1, "areas": 0, "melee": True, "training": True}
        steps = [Step("boarders", f"{a_cf:g} CF x {a_pts} morale points = {odds['attacker_value']:g}",
                      dt.cite("training", "melee")),
                 Step("defenders", f"{d_cf:g} CF x {d_pts} morale points = {odds['defender_value']:g}",
                      dt.cite("training", "melee")),
                 Step("odds", str(odds["odds"]), dt.cite("boarding", "odds"))]
        return Resolution("board", f"{a['name']} boards {d['name']}: odds {odds['odds']}",
                          [set_(["ships", ship, "boarding"], rec)], steps, dict(odds))

    def melee(self, state: dict, tables, attackers: list[str], defender: str, opts: dict | None = None):
        """One round of melee: each side's dice (1 to the number its odds allow; the last one counts)."""
        from umpire.core.dice import DiceNeed, parse_rolls
        from umpire.core.state import set_
        from umpire.rules.base import Plan
        from umpire.rules.dguts.melee import MeleeSide, melee_dice_allowed, resolve_melee_round

        opts = opts or {}
        a_id = attackers[0]
        _two(a_id, defender, "fight")
        a, d = state["ships"][a_id], state["ships"][defender]
        _afloat(a, "fight a melee")
        _afloat(d, "fight a melee")
        rec = a.get("boarding")
        if not rec or rec.get("at") != defender:
            raise Refused(f"{a['name']} has not boarded {d['name']} (use `umpire board {a_id} --at {defender}`)")
        if not rec.get("melee"):
            raise Refused(f"no melee yet between {a['name']} and {d['name']}: the boarding roll did not start "
                          "one; roll again with `umpire board` next turn")
        allowed = melee_dice_allowed(rec["odds"])
        typed = {side: parse_rolls(opts[side]) for side in ("attacker", "defender") if opts.get(side)}
        dt = self.dt(tables)

        def resolve(rolls, strict):
            if len(typed) == 2:
                ar, dr = typed["attacker"], typed["defender"]
            elif typed:
                raise BadInput("give both sides' dice: --opt attacker=R,R --opt defender=R")
            else:   # the tool's dice: each side rolls on while it shows less than 4 and dice remain
                ar, dr = _keep_rolling(rolls[: allowed["attacker"]]), _keep_rolling(rolls[allowed["attacker"]:])
            if rec.get("training"):
                return self._training_round(a, d, a_id, defender, rec, ar, dr, dt)
            res = resolve_melee_round(MeleeSide(a["values"], a["track"]), MeleeSide(d["values"], d["track"]),
                                      rec["odds"], ar, dr, rec["melee_turn"], rec["areas"], dt)
            effects = _sets(a_id, res.effects.get("attacker", {})) + _sets(defender, res.effects.get("defender", {}))
            new_rec = {**rec, "melee_turn": rec["melee_turn"] + 1, "areas": res.data["areas_taken"]}
            effects.append(set_(["ships", a_id, "boarding"], {} if res.data["captured"] else new_rec))
            r = _core("melee", f"{a['name']} v {d['name']}: {res.data['result']}", res, effects)
            r.data["rolls"] = list(ar) + list(dr)
            r.data["outcome"] = res.data["winner"] or "tie"
            return r

        need = DiceNeed(0 if typed else allowed["attacker"] + allowed["defender"], 6,
                        () if typed else tuple([f"attacker {i + 1}" for i in range(allowed["attacker"])]
                                               + [f"defender {i + 1}" for i in range(allowed["defender"])]))
        return Plan(need, resolve)
