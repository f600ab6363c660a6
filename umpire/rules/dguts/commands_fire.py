"""DGUTS fire and morale checks in the standard game (the fleet level's fire is `commands_fleet`, the
training game's `commands_training`; both share `aim`)."""

from __future__ import annotations

from typing import Any

from umpire.core.values import Value
from umpire.core import actions as A
from umpire.core.dice import DiceNeed
from umpire.core.errors import BadInput, Refused
from umpire.core.ruleset import Plan
from umpire.core.state import Resolution, Step, set_
from umpire.rules.dguts import crew
from umpire.rules.dguts.commands_common import AFLOAT, afloat, finish, number, ship_sets, status_words, not_herself, yes
from umpire.rules.dguts.fireorder import OPTIONS, range_band
from umpire.rules.dguts.gunnery import fire_dice_needed, fire_order, plan_fire, resolve_fire
from umpire.rules.dguts.morale import morale_dice_needed, resolve_morale_check
from umpire.rules.dguts.singleship import hot_shot_fire_chances, special_rolls_owed
from umpire.rules.dguts.tables import cite, game_tables


class Aimed(Value):
    """A fire order checked against the ships and the table: who fires (her track with the crew at
    other duties marked) at whom, from what range, with which options."""

    #: (lower: the calibres of her lower deck, firing into a ship grappled with her, or "")
    __slots__ = ("firer", "target", "lower", "f", "t", "opts", "order", "rng", "dt")

    def __init__(self, firer: str, target: str, lower: str, f: dict, t: dict, opts: dict, order: Any,
                 rng: float, dt: Any) -> None:
        self._set(firer=firer, target=target, lower=lower, f=f, t=t, opts=opts, order=order, rng=rng, dt=dt)


def aim(rs, state: dict, tables, act: A.Fire) -> Aimed:
    """What every level checks before a broadside is fired: the target may be fired on, the firer
    fights her guns, the range and options read, the night and a scenario's own range limits."""
    firer, target, opts = act.ship, act.at, act.opts
    f, t = state["ships"][firer], state["ships"][target]
    not_herself(firer, target, "fire at")
    prize = rs.fires_on_prizes and t["track"]["status"] == "captured"     # Fleet Action Rules 14
    if t["track"]["status"] not in AFLOAT and not prize:
        raise Refused(f"{t['name']} {status_words(t['track']['status'])}: she may not be fired on")
    afloat(f, "fight her guns")
    if rs.crew_fires_guns:     # crew at other duties does not man the guns (VIII.A, IX.A)
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
    return Aimed(firer, target, lower, f, t, opts, order, rng, dt)


def fire(rs, state: dict, tables, act: A.Fire):
    """A broadside (or chasers) of the standard game."""
    a = aim(rs, state, tables, act)
    firer, target, f, t, opts, order, rng, dt = a.firer, a.target, a.f, a.t, a.opts, a.order, a.rng, a.dt
    lower = a.lower
    need = fire_dice_needed(f["values"], f["track"], t["values"], t["track"], order, dt)
    provoked = honors_of_war(rs, state, f, t, "fire at", dt)
    friend, faces = grappled_friend(rs, state, f, t, order, dt)
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


def grappled_friend(rs, state: dict, f: dict, t: dict, order, dt) -> tuple[str, list]:
    """Advanced Optional 12 (a rule of the fleet level: Fleet Action Rules 11): firing into an enemy
    grappled with a friend may strike the friend. The rule is for "Other ships": a ship grappled with
    the enemy herself fires into her without that chance."""
    if not rs.plays(state, "grappled-fire"):
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


def morale(rs, state: dict, tables, act: A.Morale):
    ship = act.ship
    s = state["ships"][ship]
    afloat(s, "take a morale check")
    need = morale_dice_needed(s["values"], s["track"])
    dt = game_tables(tables)

    def resolve(rolls, strict):
        res = resolve_morale_check(s["values"], s["track"], rolls, dt)
        verdict = "holds" if res.data["held"] else f"falls to {res.data['morale']}"
        return finish("morale", f"{s['name']} morale check: {verdict}", res,
                     ship_sets(ship, res.changes.get("ship", {})))

    return Plan(need, resolve)


def _unarmed_merchant(ship: dict) -> bool:
    """An unarmed merchantman surrenders to a hit or a warning shot (Optional Rules, Merchant Ships)."""
    return ship["values"].get("kind") == "merchant" and int(ship["values"].get("guns_total", 0)) == 0


def ship_of_the_line(ship: dict, dt) -> bool:
    """A ship of the line for the honors of war: rated over 50 guns (Advanced Optional 14)."""
    return int(ship["values"].get("rate", 0)) > int(dt.get("classes", "frigates", "max_rate"))


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


def honors_of_war(rs, state: dict, f: dict, t: dict, doing: str, dt) -> bool:
    """Advanced Optional 14: while the enemy has ships of the line, a ship of the line leaves the smaller
    enemy ships alone unless they attacked one; returns whether this act by a small ship provokes the line."""
    if not rs.plays(state, "honors-of-war"):
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
