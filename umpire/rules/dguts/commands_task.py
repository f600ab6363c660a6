"""DGUTS crew tasks as commands: studding sails, anchoring, springs, lightening ship, flagships and
squadrons, a galley's rowing and a crew staying aboard a sinking ship."""

from __future__ import annotations

from umpire.core.dice import DiceNeed
from umpire.core.errors import BadInput, Refused
from umpire.core.ruleset import Plan
from umpire.core.state import Resolution, Step
from umpire.rules.dguts import burning, tasks
from umpire.rules.dguts.actions import Task
from umpire.rules.dguts.commands_common import afloat, finish, number, ship_sets, yes
from umpire.rules.dguts.fleet import resolve_unmarked_flagship
from umpire.rules.dguts.special_vessels import galley_row_speed, row_a_turn
from umpire.rules.dguts.tables import cite, game_tables


def task(rs, state: dict, tables, a: Task):
    """Crew tasks: studding sails, anchor, lightening ship; the working gives the turns the crew needs."""
    s = state["ships"][a.ship]
    afloat(s, "work the ship")
    dt = game_tables(tables)
    on = str(a.opts.get("set", "on")).lower() not in ("off", "0", "no", "false")
    if a.what == "studding":
        res = tasks.set_studding_sails(s["values"], s["track"], on, yes(a.opts, "trained"), dt,
                                       by_nation="studding-nations" in state.get("optional", []))
        job = "sail"
    elif a.what == "anchor":
        res, job = tasks.set_anchored(s["track"], on, dt), "anchor"
    elif a.what in ("boats", "guns", "stores", "water"):
        res, job = tasks.lighten(s["values"], s["track"], a.what, a.opts.get("gain"), dt), ""
    elif a.what == "springs":
        if not s["track"].get("anchored"):
            raise Refused(f"{s['name']} must be at anchor to rig springs on her cable")
        res, job = tasks.rig_springs(s["track"], dt), ""
    elif a.what == "flagship":
        res, job = tasks.mark_flagship(s["track"], on, str(a.opts.get("squadron", "")), dt), ""
    elif a.what == "squadron":
        res, job = tasks.join_squadron(s["values"], s["track"], on, str(a.opts.get("squadron", "")), dt), ""
    elif a.what == "row":
        return _row_turn(s, a.opts, dt)
    elif a.what == "flagship-roll":
        return _unmarked_flagship(rs, state, s, a.opts, dt)
    elif a.what == "stay":
        return _stay_aboard(state, s, dt)
    else:
        raise BadInput(f"task {a.what!r}: studding, anchor, springs, boats, guns, stores, water, flagship, squadron, "
                       "flagship-roll, row or stay")
    out = finish("task", f"{s['name']}: {a.what} {'' if job == '' else ('on' if on else 'off')}".strip(), res,
                ship_sets(a.ship, res.changes.get("ship", {})))
    if job:
        crew = number(a.opts, "crew", float(s["track"]["crew_factors"]))
        if job != "anchor":         # only sailors work the sails; anyone can anchor
            hands, share = tasks.sailors(s["values"], float(s["track"]["crew_factors"]), dt)
            out.working.append(Step("sailors", share, cite(dt, "tasks", "sailors")))
            if a.opts.get("crew") not in (None, "") and crew > hands + 1e-9:
                raise Refused(f"{s['name']} has {hands:g} CF of sailors; only sailors work the sails "
                              f"(--crew {crew:g} is more)")
            crew = min(crew, hands)
        turns, text = tasks.task_turns(s["values"], job, crew, dt)
        out.working.append(Step("crew", text, cite(dt, "tasks", "crew")))
        out.data["turns"] = turns
    elif a.what == "guns":          # anyone can heave guns overboard: a pound a man a turn
        crew = number(a.opts, "crew", float(s["track"]["crew_factors"]))
        if crew > float(s["track"]["crew_factors"]) + 1e-9:
            raise Refused(f"{s['name']} has {float(s['track']['crew_factors']):g} CF aboard "
                          f"(--crew {crew:g} is more)")
        turns, dumped, text = tasks.dump_guns_turns(s["values"], crew, dt)
        out.working.append(Step("dumping", text, cite(dt, "tasks", "lightening")))
        out.data.update({"turns": turns, "dumped": dumped})
    return out


def _unmarked_flagship(rs, state: dict, s: dict, opts: dict, dt):
    """Fleet Action Rules 1.b: a turn engaged (enemy within 8") with no flagship marked for her fleet:
    one die, and on a third of the faces every ship of the fleet suffers a loss of flagship."""

    if not rs.fleet_flagships:
        raise Refused("the loss of an unmarked flagship is a Fleet Action rule (`umpire new ... --level fleet`)")
    squadron = ""
    side = s["controller"]
    ships = [o for o in state["ships"].values() if o["controller"] == side]
    marked = [o["name"] for o in ships if o["track"].get("flagship") == "fleet"]
    if marked:
        raise Refused(f"{marked[0]} is the fleet's marked flagship: only a fleet with none rolls")
    turn = int(state.get("turn", 1))
    if any(int(o["track"].get("flagship_roll_turn", 0)) == turn for o in ships):
        raise Refused(f"the {side} fleet has rolled for its unmarked flagship this turn already")

    def resolve(rolls, strict):
        lost, step = resolve_unmarked_flagship(side, squadron, rolls[0], dt)
        effects = []
        for o in ships:
            change = {"flagship_roll_turn": turn}
            if lost and o["track"]["status"] in ("active", "sinking"):
                change["flagship_losses"] = int(o["track"].get("flagship_losses", 0)) + 1
            effects += ship_sets(o["id"], change)
        engaged = Step("engaged", f"roll once each turn the enemy is within "
                       f"{float(dt.get('fleet', 'flagships', 'engaged_inches')):g}\" of the fleet",
                       cite(dt, "fleet", "flagships"))
        return Resolution("task", f"{'the ' + squadron + ' squadron' if squadron else 'the ' + side + ' fleet'}: "
                          + ("loss of flagship" if lost else "no loss"), effects, [step, engaged],
                          {"lost": lost, "ships": [o["id"] for o in ships]})

    return Plan(DiceNeed(1, 6, ("unmarked flagship",)), resolve)


def _stay_aboard(state: dict, s: dict, dt):
    """A crew aboard a slowly sinking ship (a galley's ram): each turn a die, staying on up to the
    crew's morale points plus one; everyone leaves the turn before she sinks (Special Vessels, Galleys)."""

    track = s["track"]
    if track["status"] != "sinking":
        raise Refused(f"{s['name']} is not sinking: her crew has no call to leave")
    if track.get("abandoned") or float(track["crew_factors"]) <= 0:
        raise Refused(f"{s['name']}'s crew has already left her")
    turn = int(state.get("turn", 1))
    if int(track.get("stay_roll_turn", 0)) == turn:
        raise Refused(f"{s['name']}'s crew has rolled to stay aboard this turn already")
    row = dt.get("special", "rammed_crews")
    src = cite(dt, "special", "rammed_crews")
    points = int(track.get("morale_points", s["values"]["morale_value"]))
    up_to = points + int(row["stay_above_points"])

    def leave(steps, data):
        res = burning.abandon(s["values"], track, dt)
        effects = ship_sets(s["id"], {**res.changes.get("ship", {}), "stay_roll_turn": turn})
        return Resolution("task", f"{s['name']}: her crew abandons her", effects, steps + list(res.working),
                          {**data, "abandoned": True})

    if int(track.get("sinking_turns_left", 99)) <= int(row["must_leave_turns_left"]):
        return leave([Step("abandon", "she sinks next turn: every crew must leave her now", src)], {"rolls": []})

    def resolve(rolls, strict):
        (roll,) = DiceNeed(1, 6, ("stay aboard",)).check(rolls)
        step = Step("stay aboard", f"a {points}-point crew stays on 1-{up_to}: rolled {roll}, "
                    + ("they stay" if roll <= up_to else "they abandon her"), src)
        if roll > up_to:
            return leave([step], {"rolls": [roll], "stayed": False})
        return Resolution("task", f"{s['name']}: her crew stays aboard", ship_sets(s["id"], {"stay_roll_turn": turn}),
                          [step], {"rolls": [roll], "stayed": True, "abandoned": False})

    return Plan(DiceNeed(1, 6, ("stay aboard",)), resolve)


def _row_turn(s: dict, opts: dict, dt):
    """A galley rows this turn (Special Vessels, Galleys): her speed under oars, the spell counted
    against what her oarsmen can keep up, and the rest it costs them."""

    if s["values"].get("kind") != "galley":
        raise Refused(f"{s['name']} is not a galley: only galleys row (`ship edit {s['id']} --kind galley`)")
    if s["track"].get("oars_sheared"):
        raise Refused(f"{s['name']}'s oars are sheared: they serve only for turning")
    pace = str(opts.get("pace", "normal")).lower()
    if pace not in ("normal", "battle"):
        raise BadInput(f"--opt pace={pace}: normal (8\") or battle (12\", ramming)")
    if (s["track"].get("rowing") or {}).get("this_turn"):
        raise Refused(f"{s['name']} has already rowed this turn")
    battle = pace == "battle"
    rowing = row_a_turn(s["track"], battle, dt)
    speed, step = galley_row_speed(s["values"], s["track"], battle, dt)
    steps = [step, Step("oarsmen", f"{rowing['turns']} turn(s) rowed this spell, {rowing['battle_turns']} at "
                        f"battle speed; {rowing['rest_owed']} turn(s) of rest owed", cite(dt, "special", "galley_stamina"))]
    return Resolution("task", f"{s['name']} rows ({pace}): {speed:g}\"", ship_sets(s["id"], {"rowing": rowing}), steps,
                      {"speed": speed, "allowance": speed, "rowing": rowing})
