"""DGUTS speed, special damage, falling masts, repairs, pumps and explosions."""

from __future__ import annotations

from fractions import Fraction

from umpire.core import actions as A
from umpire.core.dice import DiceNeed
from umpire.core.errors import BadInput, Refused
from umpire.core.ruleset import Plan
from umpire.core.state import Resolution, Step, set_
from umpire.rules.dguts import repairs, singleship
from umpire.rules.dguts.actions import EDITABLE, SpeedClass
from umpire.rules.dguts.crew import check as check_crew
from umpire.rules.dguts.commands_common import afloat, finish, number, ship_sets, yes
from umpire.rules.dguts.explosion import resolve_explosion
from umpire.rules.dguts.singleship import resolve_special_damage, special_damage_dice_needed
from umpire.rules.dguts.special_vessels import check_oarsmen, galley_row_speed
from umpire.rules.dguts.speed import headway, ship_speed
from umpire.rules.dguts.tables import cite, game_tables
from umpire.rules.dguts.turn import assign_pumps
from umpire.rules.dguts.wind import point_of_sail


def not_under_sail(state: dict, tables, ship: str, opts: dict):
    """A ship rowed, kedged or towed by her boats (every level alike), or None: she sails."""
    s = state["ships"][ship]
    if opts.get("row") not in (None, ""):
        afloat(s, "row")
        wind = state.get("wind") or {}
        return _row(s, opts, tables) if s["values"].get("kind") == "galley" else _sweeps(s, wind, tables)
    for how in ("kedge", "boats_tow"):
        if yes(opts, how):
            return _without_sail(s, how, tables)
    return None


def speed(rs, state: dict, tables, ship: str, opts: dict):
    moved = not_under_sail(state, tables, ship, opts)
    if moved is not None:
        return moved
    s = state["ships"][ship]
    wind = state.get("wind") or {}
    point = opts.get("point") or opts.get("attitude")
    if not point and opts.get("off_wind") not in (None, ""):
        point = _off_wind(s, number(opts, "off_wind"), game_tables(tables))
    if not point and opts.get("heading") not in (None, "") and wind.get("from"):

        point = point_of_sail(str(opts["heading"]), wind["from"], game_tables(tables))
    if not point:
        raise BadInput("DGUTS speed needs the point of sail: --opt point=close-hauled|reach|quartering|running "
                       "(or --opt heading=NE once `umpire wind` is set)")
    prize = s["track"]["status"] == "captured"      # "the prize crew will only attempt to sail the ship to safety"
    if not prize:
        afloat(s, "make sail")
    if s["values"].get("kind") in ("longboat", "jollyboat"):
        return _boat_speed(s, point, wind, opts, tables)
    if s["track"].get("anchored"):

        return Resolution("speed", f"{s['name']}: 0\" (at anchor)", [],
                          [Step("anchored", "she rides at anchor: weigh first (`umpire task SHIP anchor --set off`)",
                                "DGUTS Basic Rules VIII.D")], {"speed": 0.0, "allowance": 0.0, "base": None})
    if point == "into-wind" and s["values"].get("kind") == "steam" and not s["track"].get("paddle_jammed"):
        point = "broad-reach"                                 # steam takes her into the wind
        opts = {**opts, "_steam_into_wind": "1"}
    if point == "into-wind":
        return _into_wind(s, opts, wind)
    force = number(opts, "force")
    if force is None and number(opts, "base") is None and wind.get("force") is not None:
        force = float(wind["force"])
    if force is None and number(opts, "base") is None:
        raise BadInput("DGUTS speed needs the wind force: set it with `umpire wind roll` or `umpire wind set "
                       "--force N`, or give --opt force=N or --opt base=INCHES")
    if opts.get("tow") not in (None, ""):
        return _tow(state, s, point, force, opts, tables)
    res = ship_speed(s["values"], s["track"], point, base=number(opts, "base"),
                     wind_force=int(force) if force is not None else None, turned=yes(opts, "turned"),
                     jury_rig_turns=int(number(opts, "jury_rig_turns", 0)),
                     options=tuple(o for o in state.get("optional", ()) if o in ("gun-weight", "seamanship")),
                     tables=game_tables(tables))
    out = finish("speed", f"{s['name']}: {res.data['speed']:g}\"", res, [])
    if prize:

        out.working.append(Step("prize", "her prize crew may only sail her to safety, away from the action",
                                "DGUTS Basic Rules IX, Morale"))
    _steam(s, opts, force, out)
    stopped = not res.data["speed"] or number(opts, "wanted") == 0 or yes(opts, "stopped")
    if force is not None and stopped:      # drift moves only a stopped ship (a strict game asks for no more)
        out.data["drift"] = float(game_tables(tables).get("speed", "drift", str(int(force)),
                                                      what=f"the drift in wind force {int(force)}"))
    if opts.get("previous") not in (None, ""):

        wanted = number(opts, "wanted", res.data["speed"])
        allowed = headway(number(opts, "previous"), res.data["full_speed"], wanted, yes(opts, "into_wind"),
                          game_tables(tables))
        out.working.append(Step("headway", f"from {float(opts['previous']):g}\" last turn: {allowed:g}\" "
                                "this turn (at most half full speed gained or lost)", "DGUTS Basic Rules VI"))
        out.data["speed"] = allowed
        out.summary = f"{s['name']}: {allowed:g}\" (headway)"
    out.data["allowance"] = out.data["speed"]     # inches she may move this turn
    return out


def _boat_speed(s: dict, point: str, wind: dict, opts: dict, tables):
    """A boat's speed by the wind's force; into the wind at half; none from Force 8 (Using longboats)."""


    dt = game_tables(tables)
    row = dt.get("special", "boats")
    force = number(opts, "force")
    force = int(force if force is not None else wind.get("force", -1) if wind.get("force") is not None else -1)
    if force < 0:
        raise BadInput("a boat's speed goes by the wind's force: set the wind or give --opt force=N")
    speed = float(row["speed"].get(str(force), 0.0))
    if point == "into-wind":
        speed *= float(Fraction(str(row["into_wind_share"])))
    return Resolution("speed", f"{s['name']}: {speed:g}\"", [],
                      [Step("boat", f"Force {force}" + (", into the wind at half" if point == "into-wind" else "")
                            + (f": {speed:g}\"" if speed else ": boats cannot work in this wind"),
                            cite(dt, "special", "boats"))],
                      {"speed": speed, "allowance": speed, "base": None})


def _sweeps(s: dict, wind: dict, tables):
    """Class I vessels rowed by three quarters of the crew: 2" in a calm, 1" with wind."""
    dt = game_tables(tables)
    row = dt.get("tasks", "moving_without_sail")
    if int(s["values"]["class"]) not in row["row_classes"]:
        raise Refused(f"only Class I vessels are rowed (she is Class {s['values']['class']}); galleys row any time")
    calm = int(wind.get("force", 1) or 0) == 0
    speed = float(row["row_calm" if calm else "row_wind"])
    return Resolution("speed", f"{s['name']}: {speed:g}\" under sweeps", [],
                      [Step("rowing", f"{'calm' if calm else 'with wind'}: {speed:g}\", three quarters of the crew "
                            "at the sweeps", cite(dt, "tasks", "moving_without_sail"))],
                      {"speed": speed, "allowance": speed, "base": None})


def _without_sail(s: dict, how: str, tables):
    """Kedging (2" a turn) or towed by her boats (1" a turn)."""
    dt = game_tables(tables)
    speed = float(dt.get("tasks", "moving_without_sail", "kedge" if how == "kedge" else "boats_tow"))
    text = "kedging: the anchor carried out and hauled in" if how == "kedge" else "towed by her boats"
    return Resolution("speed", f"{s['name']}: {speed:g}\" ({text.split(':')[0]})", [],
                      [Step(how.replace("_", " "), f"{text}: {speed:g}\"", cite(dt, "tasks", "moving_without_sail"))],
                      {"speed": speed, "allowance": speed, "base": None})


def _tow(state: dict, s: dict, point, force, opts: dict, tables):
    """Towing: a third of the two ships' combined speed; the tower at least half the size of the tow."""


    dt = game_tables(tables)
    row = dt.get("tasks", "moving_without_sail")
    other = state["ships"].get(str(opts["tow"]))
    if other is None or other["id"] == s["id"]:
        raise BadInput(f"--opt tow={opts['tow']}: the id of the other ship in the tow")
    small, big = sorted((s, other), key=lambda x: float(x["values"]["tons"]))
    if float(small["values"]["tons"]) < float(big["values"]["tons"]) * float(Fraction(str(row["tower_least_size"]))):
        raise Refused(f"{small['name']} is less than half the size of {big['name']}: the smaller ship cannot tow")
    speeds = [ship_speed(x["values"], x["track"], point, base=number(opts, "base"),
                         wind_force=int(force) if force is not None else None, tables=dt).data["speed"]
              for x in (s, other)]
    speed = round(sum(speeds) * float(Fraction(str(row["tow_share"]))), 4)
    return Resolution("speed", f"{s['name']} and {other['name']} in tow: {speed:g}\"", [],
                      [Step("tow", f"{speeds[0]:g}\" + {speeds[1]:g}\", a third: {speed:g}\"",
                            cite(dt, "tasks", "moving_without_sail"))],
                      {"speed": speed, "allowance": speed, "base": None})


def _steam(s: dict, opts: dict, force, out) -> None:
    """Steam vessels: into the wind at full speed to Force 2, half above; a jammed wheel halves her."""


    if s["values"].get("kind") != "steam":
        return
    share = Fraction(1)
    if opts.get("_steam_into_wind"):
        if force is not None and force > 2:
            share *= Fraction(1, 2)
        out.working.append(Step("steam", "into the wind under steam" + (" at half speed above Force 2"
                                if share != 1 else ""), "DGUTS Optional Rules, Special Vessels (steam)"))
    if s["track"].get("paddle_jammed"):
        share *= Fraction(1, 2)
        out.working.append(Step("steam", "a paddle wheel is jammed: half speed under sail",
                                "DGUTS Optional Rules, Special Vessels (steam)"))
    if share != 1:
        out.data["speed"] = round(out.data["speed"] * float(share), 4)
        out.data["full_speed"] = round(out.data["full_speed"] * float(share), 4)


def _row(s: dict, opts: dict, tables):
    """A galley under oars: 8" (12" in battle), any heading, less for low damage."""
    if s["values"].get("kind") != "galley":
        raise BadInput(f"{s['name']} is not a galley: only galleys row (`ship edit --kind galley`)")
    if s["track"].get("oars_sheared"):
        return Resolution("speed", f"{s['name']}: 0\" under oars (oars sheared)", [], [],
                          {"speed": 0.0, "allowance": 0.0, "base": None})
    battle = str(opts["row"]) == "battle"
    spell = check_oarsmen(s["track"], battle, game_tables(tables))
    speed, step = galley_row_speed(s["values"], s["track"], battle, game_tables(tables),
                                   int(number(opts, "turns", 0, 0)))
    note = Step("oarsmen", spell + " (`umpire task SHIP row --pace normal|battle` counts the turn)",
                cite(game_tables(tables), "special", "galley_stamina"))
    return Resolution("speed", f"{s['name']}: {speed:g}\" under oars", [], [step, note],
                      {"speed": speed, "allowance": speed, "base": None})


def _off_wind(s: dict, points: float, dt) -> str:
    """Point of sail from the points (of 32) a course lies off the wind; closer than her
    weatherliness allows is into the wind (Single-Ship Rules B)."""
    row = dt.get("advanced", "weatherliness")
    if not 0 <= points <= 16:
        raise BadInput(f"off_wind {points:g}: points of the 32-point compass off the wind, 0 to 16")
    if points < int(row["points"][str(s["values"].get("weatherliness", 3))]):
        return "into-wind"
    return next(p for p in ("close-hauled", "broad-reach", "quartering", "running") if points <= int(row[p]))


def _into_wind(s: dict, opts: dict, wind: dict):
    """Heading into the wind: no ship sails there; turning into it and stopping is how she tacks,
    holding position a full turn (Basic Rules VI)."""

    where = (f"{float(opts['off_wind']):g} points off the wind, closer than her weatherliness allows"
             if opts.get("off_wind") not in (None, "") else
             f"heading {str(opts.get('heading', '')).upper()} with the wind from {wind.get('from')}")
    steps = [Step("into the wind", f"{where}: she stops; a tack holds position for a full turn, turning only",
                  "DGUTS Basic Rules VI; Single-Ship Rules B")]
    return Resolution("speed", f"{s['name']}: 0\" (into the wind)", [], steps,
                      {"speed": 0.0, "full_speed": 0.0, "base": None, "allowance": 0.0, "tacking": True})


def special(rs, state: dict, tables, act: A.Special):
    """A roll on the single-ship special damage table (hull or spar column)."""
    ship, column, opts = act.ship, act.column, act.opts
    ship, column, opts = act.ship, act.column, act.opts
    s = state["ships"][ship]
    afloat(s, "take special damage")
    band = (opts.get("band") or "A").upper()
    if band not in ("A", "B", "C", "D"):
        raise BadInput(f"band {band!r}: the range band is A, B, C or D")
    broadside = yes({"broadside": opts.get("broadside", "1")}, "broadside")
    calibre = int(number(opts, "calibre", 0))
    need = special_damage_dice_needed(column)
    dt = game_tables(tables)

    def resolve(rolls, strict):
        res = resolve_special_damage(s["values"], s["track"], column, rolls, band, broadside, calibre, dt)
        return finish("special", f"{s['name']}: special damage ({column})", res,
                     ship_sets(ship, res.changes.get("ship", {})))

    return Plan(need, resolve)


def mast(rs, state: dict, tables, act: A.Mast):
    """Which mast fell and whether clear or foul; with --opt attempt=N, try to cut a fouled mast away."""
    ship, opts = act.ship, act.opts
    ship, opts = act.ship, act.opts
    s = state["ships"][ship]
    afloat(s, "lose a mast")
    dt = game_tables(tables)
    if opts.get("attempt"):
        attempt = number(opts, "attempt", 1, 1)
        if attempt != int(attempt) or not 1 <= attempt <= 3:
            raise BadInput(f"attempt {opts['attempt']!r}: clearing a fouled mast takes attempt 1, 2 or 3 "
                           "(the third is automatic)")
        attempt, crew, which = int(attempt), number(opts, "crew", 1.0), str(opts.get("mast", ""))
        if not singleship.fouled_masts(s["track"]):
            raise Refused(f"no mast is fouling {s['name']}")

        def resolve(rolls, strict):
            res = singleship.resolve_clear_mast(s["track"], attempt, rolls, crew, dt, which)
            return finish("mast", f"{s['name']}: clearing the fouled mast", res,
                         ship_sets(ship, res.changes.get("ship", {})))

        return Plan(singleship.clear_mast_dice_needed(attempt, dt), resolve)
    need = singleship.mast_loss_dice_needed()

    def fall(rolls, strict):
        res = singleship.resolve_mast_loss(s["values"], s["track"], rolls, dt)
        return finish("mast", f"{s['name']}: a mast comes down", res, ship_sets(ship, res.changes.get("ship", {})))

    return Plan(need, fall)


def repair(rs, state: dict, tables, act: A.Repair):
    """Repairs by the crew factors put to work: low (hull), high (rigging), jury mast, guns."""
    ship, what, opts = act.ship, act.what, act.opts
    ship, what, opts = act.ship, act.what, act.opts
    s = state["ships"][ship]
    afloat(s, "make repairs")
    if "crew" not in opts:
        raise BadInput("say how many crew factors work on the repair: --crew CF")
    crew, turns = number(opts, "crew"), int(number(opts, "turns", 1, 1))
    battle = yes(opts, "battle")
    dt = game_tables(tables)
    v, t = s["values"], s["track"]
    what = {"hull": "low", "rigging": "high"}.get(what, what)     # the words `--what` offers for them
    if what not in ("low", "high", "jury", "guns"):
        raise BadInput(f"repair {what!r}: use low, high, jury or guns")
    done = dict(t.get("repairs_turn") or {})
    if what in done:      # the rates are a turn's work (Single-Ship Rules H): one order of each kind a turn
        raise Refused(f"{s['name']} has {done[what]:g} CF at {what} repairs this turn already: each kind of "
                      "repair is one order a turn (Single-Ship Rules H); `umpire turn` first")
    if crew is not None and crew >= 0:
        check_crew(state, ship, "repairs", crew, float(t.get("repair_cf", 0.0)), guns=rs.crew_fires_guns)
    if what == "low":
        res = repairs.repair_low(v, t, crew, battle, turns, dt)
    elif what == "high":
        res = repairs.repair_high(v, t, crew, turns, dt)
    elif what == "jury":
        res = repairs.rig_jury_mast(v, t, crew, turns, dt)
    elif what == "guns":
        res = repairs.repair_guns(v, t, crew, battle, turns, dt)
    at_work = {"repair_cf": round(float(t.get("repair_cf", 0.0)) + crew, 4), "repairs_turn": {**done, what: crew}}
    return finish("repair", f"{s['name']} repairs ({what})", res,
                  ship_sets(ship, {**res.changes.get("ship", {}), **at_work}))


def pumps(rs, state: dict, tables, act: A.Pumps):
    """Crew factors at the pumps of a ship in danger of sinking."""
    ship, crew = act.ship, act.crew
    ship, crew = act.ship, act.crew
    s = state["ships"][ship]
    if s["track"]["status"] not in ("surrendered", "captured"):   # a prize crew, or a beaten one, may pump
        afloat(s, "man the pumps")
    crew = number({"crew": crew}, "crew")
    new = assign_pumps(s["track"], crew)
    check_crew(state, ship, "pumps", crew, guns=rs.crew_fires_guns)
    need = s["track"].get("pumps_needed", 0)
    steps = [Step("pumps", f"{float(crew):g} CF at the pumps; {float(need):g} CF needed", "DGUTS Basic Rules VII.D")]
    return Resolution("pumps", f"{s['name']}: {float(crew):g} CF at the pumps",
                      ship_sets(ship, {"pumping_cf": new["pumping_cf"]}), steps, {"pumping_cf": new["pumping_cf"],
                                                                            "pumps_needed": need})


def explode(rs, state: dict, tables, act: A.Explode):
    """A ship blows up: lost with all hands; damage to each ship nearby by distance in inches."""
    ship, near, opts = act.ship, act.near, act.opts
    ship, near, opts = act.ship, act.near, act.opts
    s = state["ships"][ship]
    if s["track"]["status"] not in ("surrendered", "captured"):     # a struck ship or a prize, afire, still may
        afloat(s, "blow up")
    if ship in near:
        raise BadInput(f"{s['name']} cannot be near herself; --near names the other ships")
    nearby = {sid: (state["ships"][sid]["values"], state["ships"][sid]["track"], number({"near": d}, "near"))
              for sid, d in near.items()}
    explosive = yes(opts, "explosive_ship")
    res = resolve_explosion(s["values"], s["track"], nearby, explosive, game_tables(tables))
    effects = []
    for key, changes in res.changes.items():
        effects += ship_sets(ship if key == "ship" else key, changes)
    return finish("explode", f"{s['name']} explodes", res, effects)


def speed_class(rs, state: dict, tables, a: SpeedClass):
    """Roll a ship's speed class and sailing class by her type (Advanced Optional 1)."""
    s = state["ships"][a.ship]
    dt = game_tables(tables)
    row = dt.get("advanced", "speed_classes")
    rate = int(s["values"]["rate"])
    kind = ("line" if rate > int(dt.get("classes", "frigates", "max_rate")) else
            "frigate" if rate >= int(row["frigate_min_rate"]) else "small")
    pip = int(rate >= int(row["line_pip_rate"])) if kind == "line" else (
        int(rate >= int(row["frigate_pip_rate"])) if kind == "frigate" else 0)

    def resolve(rolls, strict):

        c_die, s_die = DiceNeed(2, 6, ("speed class", "sailing class")).check(rolls)
        cls = int(row[kind][c_die + pip - 1])
        letter = row["line_bonus" if kind == "line" else "frigate_bonus"][s_die - 1]
        res = edit_ship(rs, state, a.ship, {"class": str(cls), "sailing_class": letter})
        res.working.insert(0, Step("speed class", f"{kind.replace('line', 'ship of the line')}, rate {rate}: "
                                   f"rolled {c_die}" + (f"+{pip}" if pip else "") + f" = Class {cls}; "
                                   f"sailing {s_die} = {letter.upper()}", cite(dt, "advanced", "speed_classes")))
        res.data["rolls"] = [c_die, s_die]
        return res

    return Plan(DiceNeed(2, 6, ("speed class", "sailing class")), resolve)


def edit(rs, state: dict, tables, a: A.ShipEdit):
    return edit_ship(rs, state, a.ship, a.changes)


#: values a set-up may give figured (a scenario's printed values), and what they are worked out from:
#: a change to what they come from works them out again, as the text's formulas do (Basic Rules VII)
_FIGURED_FROM = {"men": ("crew_factors", "cf_value", "ten_percent_loss"),
                 "tons": ("sf_value", "cf_value", "ten_percent_loss"), "guns": ("fire_factors",)}


def edit_ship(rs, state: dict, ship: str, changes: dict):
    """A ship's set-up changed in play: values worked out again, damage and losses kept."""
    unknown = sorted(set(changes) - set(EDITABLE))
    if unknown:
        raise BadInput(f"ship edit: {unknown[0]!r} cannot be changed; give {', '.join(EDITABLE.values())}")
    given = {k: v for k, v in changes.items() if v not in (None, "")}
    if not given:
        raise BadInput(f"ship edit: say what changes ({', '.join(EDITABLE.values())})")
    s = state["ships"][ship]
    old = s["definition"]
    overrides = {**old.get("overrides", {}), **{k: str(given[k]) for k in ("rate", "class", "sailing_class",
                                                                            "weatherliness", "kind") if k in given}}
    dropped = list(dict.fromkeys(k for g in given for k in _FIGURED_FROM.get(g, ()) if k in overrides))
    overrides = {k: v for k, v in overrides.items() if k not in dropped}
    d = rs.ship_definition(old["name"], old["side"], old["id"], {
        "nation": given.get("nation", old["nation"]), "tons": given.get("tons", old["tons"]),
        "men": given.get("men", old["men"]), "guns": given.get("guns", old["guns"]), "overrides": overrides})
    fresh = rs.new_ship(d)
    lost = float(s["values"]["crew_factors"]) - float(s["track"]["crew_factors"])
    crew = round(max(0.0, float(fresh["values"]["crew_factors"]) - lost), 4)
    effects = [set_(["ships", ship, "definition"], d), set_(["ships", ship, "values"], fresh["values"])]
    if crew != s["track"]["crew_factors"]:
        effects.append(set_(["ships", ship, "track", "crew_factors"], crew))
    steps = [Step(k, f"{old.get(k, old.get('overrides', {}).get(k, ''))} -> {v}", "umpire ship edit")
             for k, v in given.items()]
    steps += [Step(k, f"the set-up's {k} {old['overrides'][k]} is worked out again from the new "
                   f"{' and '.join(x for x in given if k in _FIGURED_FROM.get(x, ()))}: "
                   f"{fresh['values'].get(k, '')}", "DGUTS Basic Rules VII") for k in dropped]
    steps.append(Step("values", f"class {fresh['values']['class']}, SF value {fresh['values']['sf_value']:.4g}, "
                      f"CF value {fresh['values']['cf_value']:.4g}, crew {crew:g} CF "
                      f"({lost:g} CF lost before kept as lost)", "DGUTS Basic Rules III, VII"))
    new = {**s, "definition": d, "values": fresh["values"], "track": {**s["track"], "crew_factors": crew}}
    return Resolution("ship", f"{s['name']}: set-up changed ({', '.join(given)})", effects, steps,
                      {"ship": rs.status(new)})
