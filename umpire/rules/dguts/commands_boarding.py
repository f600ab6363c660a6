"""DGUTS grappling, boarding and melee, in the standard and the training game."""

from __future__ import annotations

from dataclasses import replace

from umpire.core import actions as A
from umpire.core.dice import DiceNeed, parse_rolls
from umpire.core.errors import BadInput, Refused
from umpire.core.ruleset import Plan, load
from umpire.core.state import Resolution, Step, set_
from umpire.rules.dguts import crew as crew_ledger
from umpire.rules.dguts.commands_common import afloat, finish, keep_rolling, number, ship_sets, not_herself, yes
from umpire.rules.dguts.commands_fire import honors_of_war
from umpire.rules.dguts.grapple import GrappleOrder, grapple_dice_needed, resolve_cut_grapple, resolve_grapple
from umpire.rules.dguts.melee import (MeleeSide, boarding_odds, lose_men, melee_dice_allowed, melee_losses,
                                      party as make_party, resolve_melee_round, resolve_melee_start,
                                      resolve_unopposed)
from umpire.rules.dguts.tables import cite, game_tables


def contact(rs, state: dict, tables, act: A.Contact):
    kind, a, b, opts = act.kind, act.ship, act.other, act.opts
    if kind == "ungrapple":
        return ungrapple(rs, state, tables, a, b, opts)
    if kind == "foul":
        return collide(rs, state, tables, a, b)
    if kind != "grapple":
        raise BadInput(f"{kind} is a WS&IM procedure; DGUTS ships grapple (`umpire grapple A B --opt distance=0.5`)")
    not_herself(a, b, "grapple")
    afloat(state["ships"][a], "grapple")
    _boardable(state["ships"][b], "be grappled")

    provoked = honors_of_war(rs, state, state["ships"][a], state["ships"][b], "grapple", game_tables(tables))
    if rs.plays(state, "three-grappled"):
        group = _grappled_group(state, a) | _grappled_group(state, b)
        if len(group) > 3:
            rule = rs.rule_source("three-grappled")
            raise Refused(f"no more than three ships may be grappled together ({', '.join(sorted(group))} "
                          f"would be; {rule})")
    if "distance" not in opts:
        raise BadInput("DGUTS grappling needs the distance between hulls: --opt distance=INCHES "
                       "(and --opt touching=1, target_stopped=1 or opposite_headings=1 when they apply)")
    order = GrappleOrder(number(opts, "distance"), yes(opts, "touching"), yes(opts, "target_stopped"),
                         yes(opts, "opposite_headings"), rs.plays(state, "first-roll"))
    dt = game_tables(tables)
    training = not rs.grapple_by_roll
    if training:        # "within a distance of less than 1" ... boarding takes place if either player desires"
        within = float(dt.get("training", "boarding", "within_inches"))
        if order.distance >= within and not order.touching:
            raise Refused(f'Training Game: the ships are {order.distance:g}" apart; boarding takes place only '
                          f'when they come within less than {within:g}"')
        need = DiceNeed(0, 6, ())
    else:
        need = grapple_dice_needed(order, dt)
    sa, sb = state["ships"][a], state["ships"][b]

    def resolve(rolls, strict):
        if training:

            need.check(rolls)
            steps = [Step("grapple", "Training Game: within less than 1\", the ships close for boarding "
                          "without a grapple roll", cite(dt, "training", "boarding"))]
            res = Resolution(working=steps, data={"grappled": True, "rolls": [],
                                                  "explain": [x.text() for x in steps]})
        else:
            res = resolve_grapple(order, rolls, dt)
        ok = res.data["grappled"]
        effects = [set_(["ships", a, "track", "provoked_line"], True)] if provoked else []
        if ok:
            effects += [set_(["ships", a, "grappled"], sorted(set(sa.get("grappled", [])) | {b})),
                        set_(["ships", b, "grappled"], sorted(set(sb.get("grappled", [])) | {a}))]
        r = finish("grapple", f"{sa['name']} and {sb['name']}: {'grappled' if ok else 'not grappled'}", res, effects)
        r.data["success"] = ok
        return r

    return Plan(need, resolve)


def collide(rs, state: dict, tables, a: str, b: str):
    """Two ships whose paths cross may collide: one die (Optional Rules, Special Movement Rules).
    An entangling collision holds them together as if grappled; each may fire a broadside first."""

    not_herself(a, b, "collide with")
    sa, sb = state["ships"][a], state["ships"][b]
    for s in (sa, sb):
        _boardable(s, "collide")
    dt = game_tables(tables)
    results = dt.get("speed", "collision", "results")
    words = {"first-veers": f"{sa['name']} veers off; movement goes on",
             "other-veers": f"{sb['name']} veers off; movement goes on",
             "entangled": "entangling collision: the ships are entangled; each may fire a broadside "
                          "before boarding",
             "glancing": "glancing collision: they lie side by side, not entangled; each may fire a "
                         "broadside, and grappling is automatic while they touch"}

    def resolve(rolls, strict):
        (roll,) = DiceNeed(1, 6, ("collision",)).check(rolls)
        result = results[roll - 1]
        effects = []
        if result == "entangled":
            effects = [set_(["ships", a, "grappled"], sorted(set(sa.get("grappled", [])) | {b})),
                       set_(["ships", b, "grappled"], sorted(set(sb.get("grappled", [])) | {a}))]
        steps = [Step("collision", f"rolled {roll}: {words[result]}", cite(dt, "speed", "collision"))]
        return Resolution("foul", f"{sa['name']} and {sb['name']}: {result.replace('-', ' ')}", effects, steps,
                          {"result": result, "entangled": result == "entangled", "success": result == "entangled",
                           "rolls": [roll]})

    return Plan(DiceNeed(1, 6, ("collision",)), resolve)


def ungrapple(rs, state: dict, tables, a: str, b: str, opts: dict):
    """Cut the grapples between two ships (Basic Rules IX): never while their crews are in a melee;
    at once with the other crew's consent (or a friend's, or a beaten crew's); after boarders
    are repulsed on a first-turn tie, a roll of 1 or 2."""

    not_herself(a, b, "cut loose from")
    sa, sb = state["ships"][a], state["ships"][b]
    afloat(sa, "cut a grapple")
    if b not in sa.get("grappled", []):
        raise Refused(f"{sa['name']} is not grappled with {sb['name']}")
    recs = [r for r, other in ((sa.get("boarding") or {}, b), (sb.get("boarding") or {}, a))
            if r.get("at") == other]
    if any(r.get("melee") for r in recs):
        raise Refused(f"{sa['name']} and {sb['name']} are locked in a melee: no grapple is cut until it is decided")
    dt = game_tables(tables)
    if b in (sa["track"].get("entangled_with"), ) or a == sb["track"].get("entangled_with"):
        return _disentangle(sa, sb, opts)
    if "freed" in opts:
        raise BadInput("--opt freed is for a galley entangled with the ship she rammed")
    consent = (yes(opts, "consent") or sa["controller"] == sb["controller"]
               or sb["track"]["status"] in ("surrendered", "captured", "struck"))
    repulsed = any(r.get("repulsed") for r in recs)
    if not consent and not repulsed:
        raise Refused(f"the grapple holds: {sb['name']}'s crew must consent (--opt consent=1), "
                      "or the boarders must first be repulsed")
    if "roll" in opts:
        raise BadInput("give the die with --roll, not --opt roll")

    def resolve(rolls, strict):
        if consent:
            DiceNeed(0, 6, ()).check(rolls)
            cut, steps = True, [Step("cut grapple", "with the consent of the other crew: cut",
                                     cite(dt, "boarding", "grapple"))]
            data = {"rolls": []}
        else:
            res = resolve_cut_grapple(rolls, dt)
            cut, steps, data = res.data["cut"], list(res.working), {"rolls": list(rolls)}
        effects = _ungrapple_effects(sa, sb) if cut else []
        return Resolution("ungrapple", f"{sa['name']} and {sb['name']}: " + ("grapples cut" if cut else "still grappled"),
                          effects, steps, {**data, "success": cut})

    return Plan(DiceNeed(0, 6, ()) if consent else DiceNeed(1, 6, ("cut grapple",)), resolve)


def _disentangle(sa: dict, sb: dict, opts: dict):
    """A galley fast in the ship she rammed tries to get clear (Special Vessels, Galleys: "The galley
    can attempt to disentangle every turn"). The text gives no chance: the umpire says whether she
    is freed this turn (--opt freed=yes|no)."""

    word = str(opts.get("freed", "")).strip().lower()
    if word not in ("yes", "no", "1", "0", "true", "false"):
        raise BadInput("a galley entangled with the ship she rammed: the text gives no chance of getting "
                       "clear, so say whether she is freed this turn, --opt freed=yes or --opt freed=no")
    freed = word in ("yes", "1", "true")
    galley = sa if sa["track"].get("entangled_with") == sb["id"] else sb
    effects = _ungrapple_effects(sa, sb) + [set_(["ships", galley["id"], "track", "entangled_with"], "")] \
        if freed else []
    steps = [Step("disentangle", f"{galley['name']} " + ("gets clear" if freed else "is still fast")
                  + " (the umpire's call: the text gives no chance)", "DGUTS Special Vessels, Galleys")]
    return Resolution("ungrapple", f"{sa['name']} and {sb['name']}: " + ("clear" if freed else "still entangled"),
                      effects, steps, {"success": freed, "rolls": []})


def boarding(rs, state: dict, act: A.Board):
    """What every level checks of a boarding: the ships, that they are grappled; a ship whose crew has
    surrendered is taken at once (returned as the Resolution, else None)."""
    ship, target, opts = act.ship, act.at, act.opts or {}
    if not target:
        raise BadInput("say which ship is boarded: --at SHIP")
    not_herself(ship, target, "board")
    a, d = state["ships"][ship], state["ships"][target]
    afloat(a, "board")
    _boardable(d, "be boarded")
    if target not in a.get("grappled", []):
        raise Refused(f"{a['name']} is not grappled with {d['name']} (use `umpire grapple` first)")
    if _surrendered(d):
        res = _take_surrendered(a, d, ship, target)
        return _with_prize_crew(rs, state, res, ship, target, number(opts, "prize_crew"))
    return None


def board(rs, state: dict, tables, act: A.Board):
    """Boarding odds from the parties' crew factors, then the die for whether a melee starts."""
    taken = boarding(rs, state, act)
    if taken is not None:
        return taken
    ship, target, opts = act.ship, act.at, act.opts or {}
    a, d = state["ships"][ship], state["ships"][target]
    dt = game_tables(tables)
    att = make_party(a["values"], a["track"], _party_crew(rs, state, ship, "boarding", number(opts, "crew")),
                     yes(opts, "shock"))
    dfd = make_party(d["values"], d["track"], _party_crew(rs, state, target, "defence", number(opts, "defender_crew")),
                     False, yes(opts, "upper_deck"))
    att = _with_marines(att, number(opts, "marines", 0.0), opts.get("troops"), a["values"]["nation"], dt)
    dfd = _with_marines(dfd, number(opts, "defender_marines", 0.0), opts.get("defender_troops"),
                        d["values"]["nation"], dt)
    att = _with_soldiers(att, a, number(opts, "soldiers", 0.0), dt)
    dfd = _with_soldiers(dfd, d, number(opts, "defender_soldiers", 0.0), dt)
    decks = ((int(a["values"]["decks"]), int(d["values"]["decks"]))
             if "deck-multipliers" in state.get("optional", []) else None)
    odds = boarding_odds(att, dfd, dt, decks)
    turn = int(state.get("turn", 1))
    record = {"at": target, "odds": {k: v for k, v in odds.data.items() if k != "explain"},
              "melee_turn": 1, "areas": 0, "crews": {"attacker": att.crew_factors, "defender": dfd.crew_factors},
              "turn": turn}
    unopposed = odds.data["odds"] == "unopposed"

    def resolve(rolls, strict):
        steps_res = odds
        rec = {**record, "melee": True}
        verdict = ("no resistance: `umpire melee` settles it without dice" if odds.data["favoured"] == "attacker"
                   else "the boarders have no fight in them: `umpire melee` throws them back")
        if not unopposed:
            start = resolve_melee_start(odds.data, rolls, dt)
            steps_res = Resolution(changes=odds.changes, working=odds.working + start.working,
                                   data={**odds.data, **start.data})
            if start.data["melee"]:     # a pitched battle this turn; the decision dice from next turn
                rec.update(pitched_turn=turn, melee_turn=2)
                verdict = "a pitched battle this turn; the decision dice are rolled next turn"
            elif start.data["reroll"]:
                rec.update(melee=False, reroll=True)
                verdict = "roll again (`umpire board` once more)"
            else:
                verdict = "no melee at once: the decision dice are rolled now (`umpire melee`)"
        return finish("board", f"{a['name']} boards {d['name']}: odds {odds.data['odds']}; {verdict}", steps_res,
                     [set_(["ships", ship, "boarding"], rec)])

    return Plan(DiceNeed(0 if unopposed else 1, 6, () if unopposed else ("melee chance",)), resolve)


def _party_crew(rs, state: dict, sid: str, duty: str, given: float | None) -> float | None:
    """The CF of a boarding party or of the defence: those given, if free of the turn's other duties,
    else every CF free of them (Basic IX.A: "the full complement he has aboard (minus battle losses,
    of course) or he may detail some to stay behind"; the crew ledger, crew.py)."""
    if given is None:
        return crew_ledger.free_for(state, sid, duty, rs.crew_fires_guns)
    if given <= float(state["ships"][sid]["track"]["crew_factors"]) + 1e-9:     # (else: bad input, below)
        crew_ledger.check(state, sid, duty, given, guns=rs.crew_fires_guns)
    return given


def melee(rs, state: dict, tables, act: A.Melee):
    """One round of melee: each side's dice (1 to the number its odds allow; the last one counts)."""
    attackers, defender, opts = act.attackers, act.defender, act.opts
    opts = opts or {}
    a_id = attackers[0]
    not_herself(a_id, defender, "fight")
    a, d = state["ships"][a_id], state["ships"][defender]
    rec = a.get("boarding")
    if rec and rec.get("at") == defender and rec.get("taken") and d["controller"] == a["controller"]:

        return Resolution("melee", f"{a['name']} already holds {d['name']}: no melee", [],
                          [Step("melee", "her crew surrendered and she was taken unopposed",
                                "DGUTS Basic Rules IX")], {"outcome": "taken", "winner": "attacker"})
    afloat(a, "fight a melee")
    afloat(d, "fight a melee")
    if not rec or rec.get("at") != defender:
        raise Refused(f"{a['name']} has not boarded {d['name']} (use `umpire board {a_id} --at {defender}`)")
    if rec.get("reroll"):
        raise Refused(f"the boarding roll said roll again: `umpire board {a_id} --at {defender}` once more")
    if rec.get("repulsed"):
        raise Refused(f"the boarders were repulsed: board again (`umpire board {a_id} --at {defender}`) "
                      "or cut the grapple (`umpire ungrapple`)")
    if not rec.get("melee"):
        raise Refused(f"no melee between {a['name']} and {d['name']}: board first")
    if rec.get("pitched_turn") == state.get("turn"):
        raise Refused(f"{a['name']} and {d['name']} fight a pitched battle this turn: the decision dice "
                      "are rolled next turn")
    allowed = melee_dice_allowed(rec["odds"])
    unopposed = rec["odds"].get("odds") == "unopposed"
    prize_crew = number(opts, "prize_crew")
    typed = {side: parse_rolls(opts[side]) for side in ("attacker", "defender") if opts.get(side)}
    if unopposed and typed:
        raise BadInput("the boarding is unopposed: no melee dice are rolled (leave out --opt attacker/defender)")
    dt = game_tables(tables)
    melee_turn, last_round = _melee_round_turn(rs, state, rec, a, d, dt)

    def resolve(rolls, strict):
        if unopposed:
            ar, dr = (), ()
        elif len(typed) == 2:
            ar, dr = typed["attacker"], typed["defender"]
        elif typed:
            raise BadInput("give both sides' dice: --opt attacker=R,R --opt defender=R")
        else:   # the tool's dice: each side rolls on while it shows less than 4 and dice remain
            ar, dr = keep_rolling(rolls[: allowed["attacker"]]), keep_rolling(rolls[allowed["attacker"]:])
        if rec.get("training"):     # (a melee the training game's boarding began)
            return load("umpire.rules.dguts.commands_training:melee_round")(a, d, a_id, defender, rec, ar, dr, dt)
        d_values = {**d["values"], "decks": rs.melee_decks} if rs.melee_decks else d["values"]
        if unopposed:
            res = resolve_unopposed(MeleeSide(a["values"], a["track"]), MeleeSide(d_values, d["track"]),
                                    rec["odds"], dt)
        else:
            res = resolve_melee_round(MeleeSide(a["values"], a["track"]), MeleeSide(d_values, d["track"]),
                                      rec["odds"], ar, dr, melee_turn, rec["areas"], dt)
        if "melee-losses" in state.get("optional", []) and not unopposed:
            res = _with_melee_losses(a, d, res, rec, dt)
        effects = ship_sets(a_id, res.changes.get("attacker", {})) + ship_sets(defender, res.changes.get("defender", {}))
        new_rec = {**rec, "melee_turn": melee_turn + 1, "areas": res.data["areas_taken"],
                   "last_round": last_round}
        if res.data["result"] == "repulsed":
            new_rec.update(melee=False, repulsed=True)
        effects.append(set_(["ships", a_id, "boarding"], {} if res.data["captured"] else new_rec))
        if res.data["captured"] == "defender":
            effects.append(set_(["ships", defender, "controller"], a["controller"]))
        r = finish("melee", f"{a['name']} v {d['name']}: {res.data['result']}", res, effects)
        if res.data["captured"] == "defender":
            after = {sid: {**state["ships"][sid], "track": {**state["ships"][sid]["track"], **res.changes.get(role, {})}}
                     for sid, role in ((a_id, "attacker"), (defender, "defender"))}
            after[a_id]["boarding"] = {}        # the melee is over: the boarders are free (the prize crew's)
            r = _with_prize_crew(rs, {**state, "ships": {**state["ships"], **after}}, r, a_id, defender, prize_crew)
        r.data["rolls"] = list(ar) + list(dr)
        r.data["outcome"] = res.data["winner"] or "tie"
        if typed:       # journalled and logged as the dice typed (`--opt attacker=... defender=...`)
            r.data["typed_in_options"] = True
        return r

    need = DiceNeed(0 if typed else allowed["attacker"] + allowed["defender"], 6,
                    () if typed else tuple([f"attacker {i + 1}" for i in range(allowed["attacker"])]
                                           + [f"defender {i + 1}" for i in range(allowed["defender"])]))
    return Plan(need, resolve, flexible=bool(typed))


def _melee_round_turn(rs, state: dict, rec: dict, a: dict, d: dict, dt) -> tuple[int, dict]:
    """The turn of the melee this round is fought in, and the round to remember: one round a game turn
    in the standard game (Basic Rules IX, the melee 'must always end on the third turn'); two at the
    fleet level, at the start and at the end of the turn, both in the same turn of the melee (Fleet
    Action Rules 12). A further round in the same game turn is refused."""
    turn = int(state.get("turn", 1))
    per_turn = int(dt.get("fleet", "melee", rs.melee_rounds_key))
    last = rec.get("last_round") or {}
    if last.get("turn") == turn:
        if int(last.get("count", 1)) >= per_turn:
            when = "at the start and at the end of each turn" if per_turn == 2 else "once each turn"
            raise Refused(f"{a['name']} and {d['name']} have fought their melee {when} already this turn "
                          f"(turn {turn}): the next round is next turn (`umpire turn`)")
        return int(last["melee_turn"]), {"turn": turn, "melee_turn": int(last["melee_turn"]),
                                         "count": int(last.get("count", 1)) + 1}
    return int(rec["melee_turn"]), {"turn": turn, "melee_turn": int(rec["melee_turn"]), "count": 1}


def _surrendered(ship: dict) -> bool:
    return ship["track"]["status"] == "surrendered" or ship["track"].get("morale") == "surrendered"


def _boardable(ship: dict, doing: str) -> None:
    """A ship afloat may be grappled and boarded, also one whose crew has surrendered (Basic Rules IX)."""
    if ship["track"]["status"] != "surrendered":
        afloat(ship, doing)


def _take_surrendered(a: dict, d: dict, ship: str, target: str):
    """Boarding a ship whose crew surrendered occupies her: a prize under the boarder's side."""

    if a["controller"] == d["controller"]:      # "another friendly vessel may occupy the ship, but the crew
        steps = [Step("boarding", f"{a['name']}'s people occupy {d['name']} for their own side; her own crew, "
                      "having surrendered, can fight no more in this engagement",
                      "DGUTS Basic Rules IX ('another friendly vessel may occupy the ship')")]
        effects = [set_(["ships", target, "track", "status"], "captured"),
                   set_(["ships", ship, "boarding"], {"at": target, "taken": True, "melee": False})]
        return Resolution("board", f"{a['name']} occupies {d['name']} (friends)", effects, steps,
                          {"odds": "unopposed", "captured": False, "controller": d["controller"]})
    steps = [Step("boarding", f"{d['name']}'s crew has surrendered: {a['name']}'s boarders occupy her unopposed",
                  "DGUTS Basic Rules IX ('If an enemy crew occupies the ship, it is considered a prize')"),
             Step("prize", f"{d['name']} is taken; she now answers to the {a['controller']} side", "DGUTS Basic Rules IX")]
    effects = [set_(["ships", target, "track", "status"], "captured"),
               set_(["ships", target, "controller"], a["controller"]),
               set_(["ships", ship, "boarding"], {"at": target, "taken": True, "melee": False})]
    return Resolution("board", f"{a['name']} boards {d['name']} and takes her", effects, steps,
                      {"odds": "unopposed", "captured": True, "controller": a["controller"]})


def _with_prize_crew(rs, state: dict, res: Resolution, ship: str, target: str, crew: float | None) -> Resolution:
    """A prize crew put aboard a ship taken (`--opt prize_crew=CF`): it leaves the captor's crew, and the
    crew that surrendered is held aboard the prize as prisoners (Basic IX: "the prize crew will only
    attempt to sail the ship to safety"; Additional Crew Tasks: "losses due to low damage and prize crews
    deplete a ship's manpower"). The text sets no size: the umpire names it."""
    if crew is None or not res.data.get("captured"):
        if res.data.get("captured"):
            res.working.append(Step("prize crew", "none named: give --opt prize_crew=CF to send one from "
                                    f"{state['ships'][ship]['name']}'s crew", "DGUTS Basic Rules IX"))
        return res
    crew_ledger.check(state, ship, "prize", crew, guns=rs.crew_fires_guns)
    a, d = state["ships"][ship], state["ships"][target]
    held = float(d["track"]["crew_factors"])
    res.effects += ship_sets(ship, {"crew_factors": round(float(a["track"]["crew_factors"]) - crew, 4)})
    # what her own crew was doing this turn (guns fired, pumps, repairs) was their work, not the prize
    # crew's: the prisoners do no duty, and the prize crew starts free of any
    res.effects += ship_sets(target, {"crew_factors": round(crew, 4), "prize_crew_of": ship,
                                      "prize_crew_sent": round(crew, 4),
                                      "prisoners": round(float(d["track"].get("prisoners", 0.0)) + held, 4),
                                      "fired_this_turn": {}, "pumping_cf": 0.0, "repair_cf": 0.0})
    res.working.append(Step("prize crew", f"{crew:g} CF of {a['name']}'s crew go aboard {d['name']} as her prize "
                            f"crew; her own {held:.4g} CF are held as prisoners", "DGUTS Basic Rules IX"))
    res.data["prize_crew"] = crew
    return res


def _ungrapple_effects(sa: dict, sb: dict) -> list[dict]:

    out = []
    for me, other in ((sa, sb), (sb, sa)):
        out.append(set_(["ships", me["id"], "grappled"], sorted(set(me.get("grappled", [])) - {other["id"]})))
        if (me.get("boarding") or {}).get("at") == other["id"]:
            out.append(set_(["ships", me["id"], "boarding"], {}))
    return out


def _with_melee_losses(a: dict, d: dict, res, rec: dict, dt):
    """The round's result with the men each side lost (Optional Rules, Melee Losses): each side's
    final die on its table, per 5 CF of the enemy; the boarders are on the offensive."""

    kept, winner = res.data["kept"], res.data["winner"]
    crews = rec.get("crews") or {"attacker": a["track"]["crew_factors"], "defender": d["track"]["crew_factors"]}
    odds = rec["odds"]
    w, l = (winner, "defender" if winner == "attacker" else "attacker") if winner else ("attacker", "defender")
    bonus = int(odds.get("bonus_pips", 0))
    raw = {side: kept[side] - (bonus if odds.get("favoured") == side else 0) for side in kept}
    loss = melee_losses(raw[w], raw[l], w == "attacker", l == "attacker", crews[l], crews[w], tie=not winner,
                        bonus_pips=bonus, winner_has_bonus=odds.get("favoured") == w, tables=dt)
    men = {w: loss.data["winner_men"], l: loss.data["loser_men"]}
    effects = dict(res.changes)
    for side, ship in (("attacker", a), ("defender", d)):
        track = {**ship["track"], **effects.get(side, {})}
        effects[side] = {**effects.get(side, {}), "crew_factors": lose_men(ship["values"], track, men[side], dt)["crew_factors"]}
    data = {**res.data, "men_lost": {"attacker": men["attacker"], "defender": men["defender"]}}
    return Resolution(changes=effects, working=res.working + loss.working, data=data)


def _grappled_group(state: dict, ship: str) -> set[str]:
    """The ships held together with `ship` by grapples, directly or through each other."""
    seen, todo = set(), [ship]
    while todo:
        sid = todo.pop()
        if sid not in seen:
            seen.add(sid)
            todo += state["ships"][sid].get("grappled", [])
    return seen


def _with_soldiers(p, ship: dict, soldiers: float, dt):
    """Soldiers a scenario embarks besides the crew ("of one point morale, and may be used only in a
    boarding action"): CF of them join a boarding party, or stand with the defenders."""

    if not soldiers:
        return p
    aboard = float(ship["values"].get("soldiers", 0.0))
    if soldiers < 0 or soldiers > aboard + 1e-9:
        raise BadInput(f"soldiers {soldiers:g}: {ship['name']} carries {aboard:g} CF of soldiers besides her crew")
    return replace(p, soldiers=soldiers, soldier_points=int(dt.get("nations", "morale", "soldiers", "points")))


def _with_marines(p, marines: float, troops, nation: str, dt):
    """Marines (or embarked soldiers) among a party count two melee points a CF, marines a morale level
    above the seamen, soldiers one below (Advanced Optional 13.A-C). Only the British and Americans have
    marines; the French and Spanish use soldiers, and so do the rest."""

    if not marines:
        return p
    if marines > p.crew_factors + 1e-9:
        raise BadInput(f"marines {marines:g}: more than the {p.crew_factors:g} CF in the party")
    kind = str(troops or ("marines" if nation in dt.get("advanced", "marines", "nations") else "soldiers")).lower()
    if kind not in ("marines", "soldiers"):
        raise BadInput(f"troops {kind!r}: marines or soldiers")
    order = list(dt.get("morale", "ladder", "order"))
    fighting = [o for o in order if o != "surrendered"]
    if p.morale not in fighting:
        return p
    i = fighting.index(p.morale) + (-1 if kind == "marines" else 1)
    level = fighting[min(max(i, 0), len(fighting) - 1)]
    return replace(p, marines=marines, marines_morale=level,
                   marine_points=int(dt.get("advanced", "marines", "melee_points")))
