"""DGUTS fire and morale checks, in the standard and the training game."""

from __future__ import annotations

from umpire.core import actions as A
from umpire.core.dice import DiceNeed
from umpire.core.errors import BadInput, Refused
from umpire.core.ruleset import Plan
from umpire.core.state import Resolution, Step, set_
from umpire.rules.dguts import crew, fleet
from umpire.rules.dguts.commands_common import AFLOAT, afloat, finish, number, ship_sets, status_words, not_herself, yes
from umpire.rules.dguts.fireorder import OPTIONS, range_band
from umpire.rules.dguts.gunnery import fire_dice_needed, fire_order, plan_fire, resolve_fire
from umpire.rules.dguts.morale import morale_dice_needed, resolve_morale_check
from umpire.rules.dguts.singleship import hot_shot_fire_chances, special_rolls_owed
from umpire.rules.dguts.tables import cite, game_tables
from umpire.rules.dguts.training import (resolve_training_fire, resolve_training_morale,
                                         training_fire_dice_needed)


def fire(rs, state: dict, tables, act: A.Fire):
    firer, target, opts = act.ship, act.at, act.opts
    f, t = state["ships"][firer], state["ships"][target]
    not_herself(firer, target, "fire at")
    prize = state.get("level") == "fleet" and t["track"]["status"] == "captured"     # Fleet Action Rules 14
    if t["track"]["status"] not in AFLOAT and not prize:
        raise Refused(f"{t['name']} {status_words(t['track']['status'])}: she may not be fired on")
    afloat(f, "fight her guns")
    if state.get("level") != "fleet":     # crew at other duties does not man the guns (VIII.A, IX.A)
        away = crew.elsewhere(state, firer, "guns")
        if away:
            f = {**f, "track": {**f["track"], "crew_elsewhere": away,
                                "crew_elsewhere_at": crew.taken_from(state, firer, "guns")}}
    if f["track"].get("magazine_flooded"):
        raise Refused(f"{f['name']}'s magazine is flooded: her guns can fire no more")
    try:
        rng = float(opts["range"])
    except ValueError:
        raise BadInput(f"range {opts['range']!r}: DGUTS ranges are inches, e.g. 7 or 7.5") from None
    known = {"anchored", "shot", "crew", "calibres", "firing_speed", "hot_shot", "with", "boarders", "chasers_below"}
    extra = set(opts) - known - {"range", "side", "aim", "rake", "facing", "lose"}
    if extra:
        raise BadInput(f"DGUTS fire option {sorted(extra)[0]!r}: use --opt with {', '.join(sorted(known))}")
    if t["values"].get("kind") in BOATS:
        opts = {**opts, "aim": "low"}          # guns firing at boats fire low
    lower = _lower_deck(state, f, t, opts)
    if opts.get("boarders") not in (None, "") and not ("grappled-lower-decks" in state.get("optional", [])
                                                       and target in f.get("grappled", [])):
        raise BadInput("--opt boarders=CF: the target's boarding party under fire is for ships grappled together "
                       "under --optional grappled-lower-decks (Advanced Optional 11)")
    if lower:
        opts = {**opts, "calibres": lower}
    order = fire_order(rng, opts["side"], opts.get("aim"), opts.get("rake"),
                       anchored=yes(opts, "anchored") or bool(f["track"].get("anchored")),
                       shot=opts.get("shot") or "round",
                       crew=number(opts, "crew"),
                       calibres=opts["calibres"].split(",") if opts.get("calibres") else None,
                       firing_speed=int(number(opts, "firing_speed", 1, 1)),
                       options=tuple(o for o in state.get("optional", ()) if o in OPTIONS),
                       chasers_below=yes(opts, "chasers_below"))
    dt = game_tables(tables)
    night = state.get("night") or {}
    if night and rng > float(night["max_inches"]):
        raise Refused(f"range {rng:g}\": at night ({night['visibility']} visibility) nothing is seen or fired "
                      f"at beyond {float(night['max_inches']):g}\"")
    if f["values"].get("fire_bands"):      # a scenario's own rule (Wasp v Avon: "Firing at A Range only")

        band = range_band(rng, order.anchored, dt, f["values"].get("range_bands")).value
        if band not in f["values"]["fire_bands"]:
            raise Refused(f"range {rng:g}\" is {band} range: in this action {f['name']} fires at "
                          f"{' and '.join(f['values']['fire_bands'])} range only")
    if state.get("level") == "training":
        return _training_fire(f, t, firer, target, opts, rng, dt)
    if state.get("level") == "fleet":
        return _fleet_fire(state, firer, target, opts, order, dt)
    need = fire_dice_needed(f["values"], f["track"], t["values"], t["track"], order, dt)
    provoked = _honors_of_war(state, f, t, "fire at", dt)
    friend, faces = _grappled_friend(state, f, t, order, dt)
    if friend:

        need = DiceNeed(need.count + 1, 6, tuple(need.labels) + ("friend or foe",))

    plans = {}      # the fire planned once on each ship it may strike, for every roll the odds try

    def resolve(rolls, strict):
        hit_id, hit = target, t
        if friend:
            rolls, last = tuple(rolls[:-1]), rolls[-1]
            if last in faces:
                hit_id, hit = friend, state["ships"][friend]
        if hit_id not in plans:
            plans[hit_id] = plan_fire(f["values"], f["track"], hit["values"], hit["track"], order, dt)
        res = resolve_fire(f["values"], f["track"], hit["values"], hit["track"], order, rolls, dt, plans[hit_id])
        if hit["values"].get("kind") in BOATS:
            res = _fire_at_boat(hit, res, dt)
        effects = ship_sets(hit_id, res.changes.get("target", {})) + ship_sets(firer, res.changes.get("firer", {}))
        summary = (f"{f['name']} fires {order.bearing.value} at {t['name']}, {rng:g}\": "
                   f"{res.data['damage']['high']:g} high, {res.data['damage']['low']:g} low")
        out = finish("fire", summary, res, effects)
        _special_damage_due(out, hit, hit_id, res.changes.get("target", {}), order, dt)
        if provoked:
            out.effects += ship_sets(firer, {"provoked_line": True})
        if friend:
            out.working.insert(0, Step("grappled", f"{t['name']} is grappled with {state['ships'][friend]['name']}: "
                                       f"rolled {last}, " + (f"the shot strikes {hit['name']}" if hit_id == friend
                                                             else "the shot strikes the enemy"),
                                       cite(dt, "advanced", "grappled_fire")))
            out.data["struck"] = hit_id
            out.data["rolls"] = list(rolls) + [last]
        if lower:
            out.working.insert(0, Step("grappled", f"{f['name']} is grappled with {t['name']}: she fires her lower "
                                       f"deck guns ({lower.replace(',', ', ')})", cite(dt, "advanced", "grappled_lower_decks")))
        if "grappled-lower-decks" in state.get("optional", []) and target in f.get("grappled", []):
            _boarders_first(out, state, hit, hit_id, res.changes.get("target", {}), opts, dt)
        if yes(opts, "hot_shot"):
            _hot_shot(out, f, res.data["damage"]["low"], dt)
        if _unarmed_merchant(t) and f["values"].get("kind") != "merchant":
            out.effects += ship_sets(target, {"status": "surrendered", "morale": "surrendered", "morale_checks_owed": 0})
            out.working.append(Step("merchantman", f"{t['name']} is unarmed: she strikes to the first shot and "
                                    "waits to be boarded", "DGUTS Optional Rules, Merchant Ships and Privateers"))
            out.data["surrendered"] = True
        return out

    return Plan(need, resolve, per_die="" if friend else "hits")


def _fleet_fire(state: dict, firer: str, target: str, opts: dict, order, dt):
    """Fleet Action Rules: the ships firing at one target from one range add their fire points
    (`--opt with=ship,ship`) and roll two dice once on the fleet table."""

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
    provoked = [sid for sid in ids if _honors_of_war(state, state["ships"][sid], t, "fire at", dt)]
    friend, faces = _grappled_friend({**state, "optional": [*state.get("optional", []), "grappled-fire"]},
                                          state["ships"][firer], t, order, dt)
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


def _grappled_friend(state: dict, f: dict, t: dict, order, dt) -> tuple[str, list]:
    """Advanced Optional 12: firing into an enemy grappled with a friend may strike the friend. The rule
    is for "Other ships": a ship grappled with the enemy herself fires into her without that chance."""
    if "grappled-fire" not in state.get("optional", []):
        return "", []
    friends = [sid for sid in t.get("grappled", []) if state["ships"][sid]["controller"] == f["controller"]
               and sid != f["id"] and state["ships"][sid]["track"]["status"] in AFLOAT]
    if not friends:
        return "", []

    band = range_band(order.range_inches, order.anchored, dt, f["values"].get("range_bands")).value
    faces = dt.find("advanced", "grappled_fire", band)
    if faces is None:
        raise Refused(f"{t['name']} is grappled with a friend: no fire into her at {band} range")
    return friends[0], list(faces)


def _hot_shot(out, f: dict, low: float, dt) -> None:
    """Red-hot shot from a prepared fortification: a 1 in 6 chance of fire for every 36 points low."""

    if f["values"].get("kind") != "land_battery":
        raise Refused("hot shot is fired only from prepared fortifications (a land battery)")
    chances = hot_shot_fire_chances(low, dt)
    out.data["fire_chances"] = chances
    out.working.append(Step("hot shot", f"{low:g} points low: {chances} chance(s) of fire, each a 1 on a die",
                            cite(dt, "batteries", "hot_shot")))


def _training_fire(f: dict, t: dict, firer: str, target: str, opts: dict, rng: float, dt):
    """Training Game fire: two dice per factor, red to hit, white for high or low."""

    chasers = opts.get("chasers") or None
    need = training_fire_dice_needed(f["values"], opts["side"], rng, chasers, dt)

    def resolve(rolls, strict):
        res = resolve_training_fire(f["values"], t["values"], t["track"], opts["side"], rng, rolls, chasers, dt)
        summary = (f"{f['name']} fires at {t['name']}, {rng:g}\" (training): "
                   f"{res.data['damage']['high']:g} high, {res.data['damage']['low']:g} low")
        return finish("fire", summary, res, ship_sets(target, res.changes.get("target", {})))

    return Plan(need, resolve)


def morale(rs, state: dict, tables, act: A.Morale):
    ship, opts = act.ship, act.opts
    s = state["ships"][ship]
    afloat(s, "take a morale check")
    if state.get("level") == "training":
        return _training_morale(s, ship, opts, tables)
    need = morale_dice_needed(s["values"], s["track"])
    dt = game_tables(tables)

    def resolve(rolls, strict):
        res = resolve_morale_check(s["values"], s["track"], rolls, dt)
        verdict = "holds" if res.data["held"] else f"falls to {res.data['morale']}"
        return finish("morale", f"{s['name']} morale check: {verdict}", res,
                     ship_sets(ship, res.changes.get("ship", {})))

    return Plan(need, resolve)


def _training_morale(s: dict, ship: str, opts: dict, tables):
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


def _unarmed_merchant(ship: dict) -> bool:
    """An unarmed merchantman surrenders to a hit or a warning shot (Optional Rules, Merchant Ships)."""
    return ship["values"].get("kind") == "merchant" and int(ship["values"].get("guns_total", 0)) == 0


def ship_of_the_line(ship: dict, dt) -> bool:
    """A ship of the line for the honors of war: rated over 50 guns (Advanced Optional 14)."""
    return int(ship["values"].get("rate", 0)) > int(dt.get("classes", "frigates", "max_rate"))


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


def _lower_deck(state: dict, f: dict, t: dict, opts: dict) -> str:
    """Advanced Optional 11: grappled ships fire into each other with their lower deck guns, "generally
    ... the heaviest guns on board": her heaviest long guns, unless the umpire names the calibres
    (--opt calibres=); a ship of one deck fires what bears. '' when the rule does not apply."""
    if "grappled-lower-decks" not in state.get("optional", []) or t["id"] not in f.get("grappled", []):
        return ""
    if opts.get("calibres") or int(f["values"].get("decks", 1)) < 2:
        return ""
    longs = [k for k in f["values"]["fire_factors"] if not k.endswith("C")]
    if not longs:
        return ""
    return max(longs, key=lambda k: int(k))


def _boarders_first(out, state: dict, hit: dict, hit_id: str, after: dict, opts: dict, dt) -> None:
    """Advanced Optional 11: crew lost to fire between grappled ships falls last on the men in a melee
    (they are on the top deck, away from the guns) and first on a boarding party told off but not yet
    gone across (--opt boarders=CF); a party in a melee keeps its strength until the others are gone."""

    before = float(hit["track"]["crew_factors"])
    lost = round(before - float(after.get("crew_factors", before)), 4)
    if lost <= 0:
        return
    src = cite(dt, "advanced", "grappled_lower_decks")
    party = number(opts, "boarders")
    if party is not None:
        first = min(lost, party)
        out.working.append(Step("boarders", f"{hit['name']}'s {party:g} CF told off to board take the first losses: "
                                f"{first:g} CF of them lost, {party - first:g} left to board", src))
        out.data["boarders_left"] = round(party - first, 4)
        return
    for sid, ship in state["ships"].items():
        rec = ship.get("boarding") or {}
        if not rec.get("melee") or not rec.get("crews"):
            continue
        side = "attacker" if sid == hit_id else ("defender" if rec.get("at") == hit_id else "")
        if not side:
            continue
        in_melee = float(rec["crews"][side])
        others = max(0.0, before - in_melee)
        from_party = round(max(0.0, lost - others), 4)
        text = (f"{lost:g} CF lost: the {others:g} CF not in the melee take them first"
                + (f"; {from_party:g} CF fall from the {in_melee:g} in the melee" if from_party else
                   f"; the {in_melee:g} CF in the melee are untouched"))
        out.working.append(Step("melee party", text, src))
        if from_party:
            crews = {**rec["crews"], side: round(in_melee - from_party, 4)}
            out.effects.append(set_(["ships", sid, "boarding"], {**rec, "crews": crews}))


def _honors_of_war(state: dict, f: dict, t: dict, doing: str, dt) -> bool:
    """Advanced Optional 14: while the enemy has ships of the line, a ship of the line leaves the smaller
    enemy ships alone unless they attacked one; returns whether this act by a small ship provokes the line."""
    if "honors-of-war" not in state.get("optional", []) and state.get("level") != "fleet":
        return False       # (the fleet rules make them a rule: "Honors of War" must be followed)
    f_line, t_line = ship_of_the_line(f, dt), ship_of_the_line(t, dt)
    if f_line and not t_line and not t["track"].get("provoked_line"):
        enemy_line = any(ship_of_the_line(s, dt) and s["controller"] == t["controller"]
                         and s["track"]["status"] in AFLOAT for s in state["ships"].values())
        if enemy_line:
            raise Refused(f"honors of war: {f['name']}, a ship of the line, may not {doing} {t['name']} "
                          "while the enemy has ships of the line and she has not attacked one")
    return t_line and not f_line


BOATS = ("longboat", "jollyboat")


def _fire_at_boat(boat: dict, res, dt):
    """Fire at a boat: hits high are disregarded; a hit from a 12# or larger gun upsets her, as does low
    damage reaching her hull value (Additional Crew Tasks, Using longboats)."""

    row = dt.get("special", "boats")
    kind = boat["values"]["kind"]
    big = any(h["low"] > 0 and int(h["die"].split("#")[0]) >= int(row["upset_by_calibre"]) for h in res.data["hits"])
    low = float(boat["track"]["damage_low"]) + res.data["damage"]["low"]
    sunk = big or low >= float(row["hull"][kind])
    effects = dict(res.changes)
    if sunk:
        effects["target"] = {**effects.get("target", {}), "status": "sunk"}
    why = ("a hit from a gun of 12# or more" if big else f"{low:g} points low against her hull of {row['hull'][kind]}")
    steps = res.working + [Step("boat", f"the {kind} is " + (f"upset or destroyed: {why}" if sunk else
                                f"afloat: {why}"), cite(dt, "special", "boats"))]
    return Resolution(changes=effects, working=steps, data={**res.data, "boat_sunk": sunk})


def _special_damage_due(out, hit: dict, hit_id: str, changes: dict, order, dt) -> None:
    """Single-Ship Rules F: a special damage roll for every 100 points scored on a ship, on the hull
    column for low damage and the spar column for high; the working says how many are due."""

    due = {}
    for column, key in (("hull", "damage_low"), ("spar", "damage_high")):
        before = float(hit["track"].get(key, 0.0))
        n = special_rolls_owed(before, float(changes.get(key, before)), dt)
        if n:
            due[column] = n
    if not due:
        return
    side = "broadside" if order.bearing.value in ("left", "right") else "chasers"
    text = ", ".join(f"{n} on the {c} column" for c, n in due.items())
    out.working.append(Step("special damage", f"{hit['name']} has passed another 100 points: {text} "
                            f"(`umpire special {hit_id} --column COLUMN`; {side}, {_order_band(order, dt)} range)",
                            cite(dt, "special-damage", "check")))
    out.data["special_damage_rolls"] = due


def _order_band(order, dt) -> str:

    return range_band(order.range_inches, order.anchored, dt).value
