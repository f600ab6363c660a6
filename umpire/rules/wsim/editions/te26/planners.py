"""The Tournament Edition's planners (named in `WsimTe26.actions` and `queries`), for the
Beginners' game; the Advanced Game's own are in `advanced_planners.py`. They check what the 1981
planners check (`rules/wsim/planners.py`) and play this text's rules."""

from __future__ import annotations

from umpire.core.dice import DiceNeed
from umpire.core.errors import BadInput, Refused
from umpire.core.ruleset import Plan
from umpire.core.state import Step, set_
from umpire.rules.wsim.reading import section_list
from umpire.rules.wsim import boarding, gunnery, optional as optional_1981, planners
from umpire.rules.wsim.editions.te26 import advanced_fire as te26_advanced, contact as te26_contact
from umpire.rules.wsim.editions.te26 import melee as te26_melee, morale as te26_morale
from umpire.rules.wsim.editions.te26 import move as te26_move, prize as te26_prize, ship_work as te26_ship_work
from umpire.rules.wsim.editions.te26.fire import most_gun_hits
from umpire.rules.wsim.editions.te26.optional import boats as te26_boats, dispatch as te26_optional
from umpire.rules.wsim.editions.te26.optional import fore_and_aft as te26_fore_and_aft
from umpire.rules.wsim.editions.te26.optional import loss_of_rigging as te26_loss_of_rigging
from umpire.rules.wsim.editions.te26.optional import merchantmen as te26_merchantmen
from umpire.rules.wsim.editions.te26.optional import towing as te26_tow
from umpire.rules.wsim import checks


def need_ship(state: dict, ship_id: str) -> None:
    if ship_id not in state["ships"]:
        raise BadInput(f"no ship {ship_id!r}")


# --- the commands whose 1981 checks come first ------------------------------------------------

def fire(ruleset, state: dict, tables, a):
    """A broadside, checked as the 1981 ones are (`checks.check_fire`), by this text's rules."""
    checks.check_fire(ruleset, state, a)
    return beginners_fire(state, tables, a.ship, a.at, a.opts)


def contact(ruleset, state: dict, tables, a):
    ruleset.check_options(a.kind, a.opts)
    return te26_contact.plan(ruleset, state, tables, a.kind, a.ship, a.other, a.opts)


def melee(ruleset, state: dict, tables, a):
    planners.check_melee(ruleset, state, a)
    return melee_plan(state, tables, a.attackers, a.defender, a.opts)


def board(ruleset, state: dict, tables, a):
    ruleset.check_options("board", a.opts)
    checks.check_doomed(ruleset, state, [a.ship, a.at], "board or be boarded")
    return form_party(state, a.ship, a.party, a.sections, a.at)


def transfer(ruleset, state: dict, tables, a):
    checks.check_doomed(ruleset, state, [a.ship, a.to], "have crew taken off or put aboard")
    return transfer_crew(state, a.ship, a.to, a.sections)


def load(ruleset, state: dict, tables, a):
    """A broadside loaded with roundshot (the Beginners' game), as 1981."""
    return planners.load(ruleset, state, tables, a)


def end_turn(ruleset, state: dict, tables, a):
    return planners.end_turn(ruleset, state, tables, a)


def beginners_fire(state: dict, tables, firer: str, target: str, opts: dict):
    """A broadside (11.2-11.4) on the pack's HDT and Hit Tables 0-10, then a gun hit location
    die per gun hit (11.4.3.1.1), which also says which kind of gun is hit."""
    te26_loss_of_rigging.no_fire(state, firer)                          # 36.2.2
    te26_boats.fire_check(state, target, opts)                     # 54.2.2-54.2.3

    act = gunnery.fire_from_opts(firer, target, {**opts, "rake": "", "lose": ""})   # no rakes at this level
    got = te26_advanced.Reading(state, act, {k: v for k, v in opts.items()
                                             if k == "grapple-plotted"}, tables)
    te26_merchantmen.fire_reading(got)          # Optional 52.2.3
    top = tables["procedures"]["advanced_fire"]["top_table"]
    if got.base > top:
        got.steps.append(Step(f"above table {top}", f"use table {top}", "TE 2.6 11.2.4"))
    table = None if got.base < 0 else min(got.base, top)
    extra = most_gun_hits(got.view, table, got.aim)
    if extra:
        tables["gun-hit-location"]          # refused before any die without the pack's table
    need = DiceNeed((1 if table is not None else 0) + extra, 6,
                    (("hit table",) if table is not None else ()) + ("gun hit location",) * extra)
    return Plan(need, lambda rolls, strict: te26_advanced.resolve(state, got, rolls, strict, tables,
                                                                  advanced=False),
                flexible=bool(extra) or table is None)


def melee_plan(state: dict, tables, attackers: list[str], defender: str, opts=None):
    """The Tournament Edition melee (12.3): OBPs against a DBP or an OBP (te26_melee)."""
    need = te26_melee.needs(state, attackers, defender, tables)
    return Plan(need, lambda rolls, strict: te26_melee.resolve(state, attackers, defender, opts or {}, rolls,
                                                               tables, strict), flexible=True)


def form_party(state: dict, ship: str, party: str, sections: str, target: str):
    """Boarding parties as 1981 (whole sections, lowest first), with the Tournament Edition's
    limits: an OBP of ships fouled but not grappled takes one crew section (10.1.2.3, 12.3.7);
    once boarded, a party grows by one section a turn (10.1.2.2); no OBP while weighing anchor
    (19.3.6.1)."""
    me = state["ships"].get(ship)
    them = state["ships"].get(target) if target else None
    chosen = section_list(sections) if sections else []
    p = party.lower()
    if me and them and p == "obp" and target in me["fouled"] and target not in me["grappled"] and len(chosen) > 1:
        raise Refused(f"{me['name']} is fouled but not grappled with {them['name']}: an OBP takes no more than "
                      "one crew section (TE 2.6 10.1.2.3, 12.3.7)")
    if me and p == "obp" and te26_ship_work.weighing(me, state["turn"]):
        raise Refused(f"{me['name']} is weighing anchor: she may not form an OBP (TE 2.6 19.3.6.1)")
    got = (me or {}).get("te_received") or {}
    if me and p in ("obp", "tbp") and got.get("turn") == state["turn"] - 1 and \
            set(chosen) & set(got.get("sections", ())):
        raise Refused(f"crew transferred to {me['name']} last turn may serve only in a DBP this turn "
                      f"(sections {', '.join(str(s + 1) for s in got['sections'])}, TE 2.6 10.2.7)")
    engaged = (me or {}).get("te_party") or {}
    if me and p in ("obp", "dbp") and engaged.get("with") and (not target or engaged["with"] == target) \
            and len(chosen) > engaged["sections"] + 1:
        raise Refused(f"{me['name']} is in melee: her party may grow by one crew section a turn, to "
                      f"{engaged['sections'] + 1} (TE 2.6 10.1.2.2)")
    return boarding.form_party(state, ship, p, chosen, target)


def transfer_crew(state: dict, ship: str, to: str, sections: str):
    """A transfer boarding party to a friendly ship (12.1, 10.2.6-10.2.8): only between grappled
    friendly ships, neither grappled or fouled to an enemy nor fired at this turn; no more than
    double her crew; she takes the worse crew quality of the two."""
    if ship not in state["ships"] or to not in state["ships"]:
        raise BadInput(f"no ship {ship if ship not in state['ships'] else to!r}")
    s, d = state["ships"][ship], state["ships"][to]
    chosen = section_list(sections)
    tbp = [x for b in s.get("boarding", []) if b["party"] == "tbp" for x in b["sections"]]
    if not chosen or any(x not in tbp for x in chosen):
        raise Refused(f"crew sections transfer as a TBP formed in the Boarding Preparation Phase (TE 2.6 12.1.1): "
                      f"`umpire board {ship} --party tbp --sections ...` first")
    if to not in s["grappled"]:
        raise Refused(f"{s['name']} is not grappled to {d['name']}: crew transfer only between grappled friendly "
                      "ships (TE 2.6 10.2.6)")
    for x in (s, d):
        enemies = [o for o in x["fouled"] + x["grappled"] if state["ships"][o]["controller"] != x["controller"]]
        if enemies:
            raise Refused(f"{x['name']} is grappled or fouled to an enemy ship: no transfer (TE 2.6 10.2.6)")
        if x.get("te_fired_at") == state["turn"]:
            raise Refused(f"{x['name']} was fired at this Combat Phase: no transfer (TE 2.6 10.2.6)")
    moving = sum(s["crew_left"][x] for x in chosen if 0 <= x < len(s["crew_left"]))
    aboard = sum(d["crew_left"]) + d.get("passengers", 0)
    if aboard + moving >= 2 * sum(d["crew_max"]):
        raise Refused(f"{d['name']} may not take {moving} more crew squares: {aboard + moving} would double her "
                      f"crew of {sum(d['crew_max'])} (TE 2.6 10.2.6)")
    res = boarding.transfer(state, ship, to, chosen)
    after = next((e["value"] for e in res.effects if e["path"] == ["ships", to, "crew_left"]), d["crew_left"])
    received = [i for i, (x, y) in enumerate(zip(after, d["crew_left"])) if x != y]
    res.effects.append(set_(["ships", to, "te_received"], {"turn": state["turn"], "sections": received}))
    q = ("PR", "GR", "AV", "CR", "EL")
    worse = min(s["quality"], d["quality"], key=q.index)
    if worse != d["quality"] and not d["prize"]["squares"]:
        res.effects.append(set_(["ships", to, "quality"], worse))
        res.working.append(Step(f"{d['name']} takes the worse crew quality", f"{d['quality']} -> {worse}",
                                "TE 2.6 10.2.8"))
    res.working.append(Step("transferred crew", "next turn they may serve only in a DBP; after that, as her own",
                            "TE 2.6 10.2.7"))
    return res


# --- the Tournament Edition's own commands ------------------------------------------------

def morale(ruleset, state, tables, a):
    """A morale check: one die against the crew quality number (3.2.5.1), with the melee
    modifiers of 12.3.5 when the umpire gives them (`--opt outnumbered=1`, `--opt flagship=1`)."""
    ruleset.check_options("morale", a.opts)
    if a.ship not in state["ships"]:
        raise BadInput(f"no ship {a.ship!r}")
    return Plan(DiceNeed(1, 6, ("morale",)), lambda rolls, strict: te26_morale.resolve(state, a.ship, a.opts, rolls, tables))


def move(ruleset, state, tables, a):
    """A ship's written move, checked by the 1981 move checker with this text's additions (te26_move)."""
    ruleset.check_options("move", {k: v for k, v in a.opts.items() if v is not None})
    if a.ship not in state["ships"]:
        raise BadInput(f"no ship {a.ship!r}")
    if te26_boats.is_boat(state, a.ship):                          # Optional 54.1
        return te26_boats.move(ruleset, state, tables, a.ship, a.notation, a.opts)
    try:
        res = te26_move.move(ruleset, te26_loss_of_rigging.view(state, a.ship), tables, a.ship, a.notation, a.opts)
    except (Refused, BadInput) as exc:                            # 36.2.2 is 1981 Optional VIII.B
        raise type(exc)(str(exc).replace("Optional Rules VIII.B", "TE 2.6 36.2.2")) from None
    return te26_loss_of_rigging.cited(res)


def tow(ruleset, state, tables, a):
    """Optional 37: the grapple made into a tow, or cast off (te26_tow)."""
    for sid in (a.ship, a.towed):
        if sid and sid not in state["ships"]:
            raise BadInput(f"no ship {sid!r}")
    return te26_tow.tow(state, tables, a.ship, a.towed, a.opts)


def designate(ruleset, state, tables, a):
    """What the scenario states for Optional 38, 41, 47 and 48 (te26_ship_work)."""
    if a.ship not in state["ships"]:
        raise BadInput(f"no ship {a.ship!r}")
    mine = {k: v for k, v in a.opts.items() if k in te26_merchantmen.KEYS and v}
    if mine:                                        # Optional 52-53
        if any(v not in (None, False) for k, v in a.opts.items() if k not in mine):
            raise BadInput("designate: a merchantman, privateer or pirate is designated in a command of its own")
        return te26_merchantmen.designate(state, a.ship, mine, tables)
    return te26_ship_work.designate(state, a.ship, a.opts, tables)


def ram(ruleset, state, tables, a):
    """Optional 54.1.4: a collision with a boat unit (te26_boats)."""
    return te26_boats.collide(state, a)


def mast(ruleset, state, tables, a):
    """Optional 36.2: the Loss of Rigging Summary dice owed, or cutting a mast loose (te26_loss_of_rigging)."""
    return te26_loss_of_rigging.plan(state, tables, a.ship, a.opts)


# --- queries ---------------------------------------------------------------------------

def speed(ruleset, state: dict, tables, ship: str, opts: dict):
    """`speed`, and with Optional 41 the umpire's --blocked-by ship (te26_ship_work.blocked)."""
    blocker = opts.get("blocked_by")
    res = beginners_speed(ruleset, state, tables, ship, {k: v for k, v in opts.items() if k != "blocked_by"})
    if blocker:
        res.working = list(res.working)
        te26_ship_work.blocked(state, tables, state["ships"][ship], blocker, res)
    return res


def beginners_speed(ruleset, state: dict, tables, ship: str, opts: dict):
    """The Beginners' allowance (7.1), with a fore-and-aft rigged ship's hex in attitude D (38.0)
    and a mast over the side (36.2.2)."""
    def under_sail(st, op):
        seen = te26_loss_of_rigging.view(te26_fore_and_aft.view(st, ship), ship)
        return te26_loss_of_rigging.cited(te26_fore_and_aft.cited(planners.basic_speed(ruleset, seen, tables, ship,
                                                                                           op)))
    if te26_boats.is_boat(state, ship):                            # Optional 54.1
        return te26_boats.speed(state, tables, ship, opts, under_sail)
    if opts.get("kedged") not in (None, "", "0", "no"):             # Optional 54.1.5
        return te26_boats.kedged(state, ship, opts)
    return under_sail(state, {k: v for k, v in opts.items() if k not in ("towing", "kedged")})


def lead(ruleset, state: dict, tables, ship: str, opts: dict):
    """Optional 45, casting the lead: the 1981 rule word for word (45.1-45.2), on this ruleset's
    optional rules and anchors, cited by this text's numbers."""
    if ship not in state["ships"]:
        raise BadInput(f"no ship {ship!r}")
    if "casting-the-lead" not in (state.get("optional") or []):
        raise Refused("casting the lead belongs to the optional rule 'casting-the-lead' (TE 2.6 45.0), which "
                      "this game was not started with (umpire new ... --optional casting-the-lead)")
    s = state["ships"][ship]
    seen = {**s, "anchor": "yes" if te26_ship_work.anchored(s, state["turn"]) else ""}
    view = {**state, "optional": ["casting-the-lead"], "ships": {**state["ships"], ship: seen}}
    return optional_1981.lead(view, tables, ship, opts)


# --- what the ruleset asks of its rules -----------------------------------------------------

def plan_action(ruleset, state: dict, tables, action: dict, base):
    """Every command, after 12.4.7's limits on a prize crew the turn after the capture."""
    cmd = action.get("command", "")
    if cmd in te26_prize.FORBIDDEN or cmd == "anchor":
        friendly = cmd == "grapple" and action.get("with") in state["ships"] and action.get("ship") in \
            state["ships"] and state["ships"][action["with"]]["controller"] == \
            state["ships"][action["ship"]]["controller"]
        if not friendly:
            te26_prize.check(state, cmd, action.get("ship", ""), action.get("how", "") or action.get("notation", ""))
    te26_optional.check(state, action)              # Optional 44, 52, 55, 56: what they forbid
    alt = te26_optional.instead(state, tables, action)          # Optional 57.3: soldiers' muskets
    if alt is not None:
        return alt
    return te26_optional.follow(state, action, base(te26_optional.view(state, action), tables, action))


def timer(ruleset, state: dict, tables) -> tuple[int, int, list, str]:
    """31.0 Timed moves: the Planning Phase timed; a ship with no orders sails straight on."""
    if "timed-moves" not in (state.get("optional") or []):
        raise Refused("a timer for the Planning Phase belongs to the optional rule 'timed-moves' (31.0), "
                      "which this game was not started with (umpire new ... --optional timed-moves)")
    minutes, most, steps = optional_1981.timer_minutes(state, tables, tables["timed-moves"]["timed_moves"], "TE 2.6 31.0",
                                             "the ship moves on a straight course her full movement allowance")
    return minutes, most, steps, "ships with no orders written sail straight on their full allowance"
