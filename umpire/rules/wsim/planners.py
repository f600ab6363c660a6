"""The 1981 commands as the ruleset's action and query tables name them ("module:function").

Each planner is called as planner(ruleset, state, tables, action) and returns a Plan (dice
needed) or a Resolution: it checks what the command line built (options, ships that are busy
or doomed, the Optional Rules' limits) and hands the action to the rule module that resolves
it. The editions name their own planners where their rules differ and call these for what they
share. Loaded on first use (`core.ruleset.load`), so reading a game imports none of the rule
modules below.
"""

from __future__ import annotations

import copy

from umpire.core.effects import applied_copy
from umpire.core.errors import BadInput, Refused
from umpire.core.ruleset import Plan
from umpire.core.state import Step, apply, set_
from umpire.rules.wsim.reading import section_list, side_word
from umpire.rules.wsim import advanced_cmds, boarding, contact as contact_rules, gunnery, moves, movement
from umpire.rules.wsim import optional, turns

#: the planner of the 1981 Advanced Game's own commands (sail, sink, explode, repair, anchor)
ADVANCED_CMD = "umpire.rules.wsim.planners:advanced_cmd"


# --- checks the planners share -------------------------------------------------------------

def optional_hooks(ruleset, state: dict) -> bool:
    """Whether the 1981 Optional Rules' hooks act: a ruleset that plays them, in a game with any."""
    return ruleset.optional_hooks and bool(state.get("optional"))


def check_busy(ruleset, state: dict, ship: str, doing: str) -> None:
    """A ship weighing anchor (Advanced V.C.6), or one that made repairs this turn (X.B), cannot
    load, fire or melee; one turned on springs this turn cannot load or fire (V.C.4)."""
    busy = state["ships"].get(ship, {})
    if ruleset.level == "advanced" and (busy.get("weighing") or busy.get("repaired_turn") == state["turn"]):
        advanced_cmds.busy(state, ship, doing)
    if ruleset.level == "advanced" and doing in ("fire", "load") and busy.get("anchor") in ("bow", "stern"):
        moves.turned_on_springs(state, ship, doing)   # Advanced V.C.4


def check_doomed(ruleset, state: dict, ships: list, doing: str) -> None:
    """Ships that will sink or explode take no further part: no melee, no crew taken off, no
    capture (Advanced VIII.C.5); sunk or exploded ones are gone."""
    if ruleset.level == "advanced" and ruleset.actions.get("repair", ("", ""))[1] == ADVANCED_CMD:
        advanced_cmds.not_doomed(state, [s for s in ships if s], doing)


def check_fire(ruleset, state: dict, a) -> None:
    """What every 1981 broadside is checked for before its own rules: the options, a busy ship,
    and with the Optional Rules a mast over the side or a ship aground (Optional VIII.B, XI.E)."""
    ruleset.check_options("fire", a.opts)
    check_busy(ruleset, state, a.ship, "fire")
    if optional_hooks(ruleset, state):
        optional.check_fire(state, a.ship)


# --- journalled actions ---------------------------------------------------------------------

def fire(ruleset, state: dict, tables, a):
    """A Basic Game broadside (Basic VIII)."""
    check_fire(ruleset, state, a)
    act = gunnery.fire_from_opts(a.ship, a.at, a.opts)
    reading = gunnery.fire_reading(state, act, tables)   # checked and read once, resolved per roll
    need = gunnery.fire_needs(state, act, tables, reading)
    return Plan(need, lambda rolls, strict: gunnery.resolve_fire(state, act, rolls, tables, reading),
                flexible=reading[0] is None)   # an automatic miss takes a typed die and notes it unused


def contact(ruleset, state: dict, tables, a):
    """Fouling, unfouling, grappling and ungrappling (Basic VII)."""
    ruleset.check_options(a.kind, a.opts)
    kind, ship, other = a.kind, a.ship, a.other
    need = contact_rules.contact_needs(state, kind, ship, other)
    given = a.opts.get("motionless")
    try:
        motionless = None if given is None else int(given)
    except (TypeError, ValueError):
        raise BadInput("--motionless is how many of the two ships did not move: 0, 1 or 2") from None
    if motionless is not None and not 0 <= motionless <= 2:
        raise BadInput("--motionless is how many of the two ships did not move: 0, 1 or 2")
    return Plan(need, lambda rolls, strict: contact_rules.resolve_contact(state, kind, ship, other, rolls, tables,
                                                                          motionless))


def check_melee(ruleset, state: dict, a) -> None:
    """The options, busy attackers and doomed ships, before any melee's own rules."""
    ruleset.check_options("melee", a.opts)
    for ship in a.attackers:
        check_busy(ruleset, state, ship, "melee")
    check_doomed(ruleset, state, [*a.attackers, a.defender], "fight a melee")


def melee(ruleset, state: dict, tables, a):
    """A melee (Basic IX.C)."""
    check_melee(ruleset, state, a)
    return melee_plan(state, tables, a.attackers, a.defender)


def melee_plan(state: dict, tables, attackers: list[str], defender: str) -> Plan:
    """The dice of a 1981 melee and how they resolve (Basic IX.C)."""
    need = boarding.melee_needs(state, attackers, defender, tables)
    return Plan(need, lambda rolls, strict: boarding.resolve_melee(state, attackers, defender, rolls, tables, strict),
                flexible=need.count > 0, chain=getattr(need, "chain", None))


def board(ruleset, state: dict, tables, a):
    """A boarding party formed (Basic IX.B)."""
    ruleset.check_options("board", a.opts)
    check_doomed(ruleset, state, [a.ship, a.at], "board or be boarded")
    return boarding.form_party(state, a.ship, a.party.lower(), section_list(a.sections), a.at)


def capture(ruleset, state: dict, tables, a):
    """A prize crew put aboard (Basic IX.D)."""
    check_doomed(ruleset, state, [a.ship, a.by], "be captured or send a prize crew")
    return boarding.capture(state, a.ship, a.by, section_list(a.sections), tables)


def transfer(ruleset, state: dict, tables, a):
    """Crew taken off or put aboard (Basic IX.A)."""
    check_doomed(ruleset, state, [a.ship, a.to], "have crew taken off or put aboard")
    return boarding.transfer(state, a.ship, a.to, section_list(a.sections))


def load(ruleset, state: dict, tables, a):
    """A broadside loaded with roundshot (Basic VI.B); other shot is an Advanced Game rule."""
    check_busy(ruleset, state, a.ship, "load")
    if a.shot and a.shot.lower() != "round" and ruleset.level != "advanced":
        raise Refused(f"shot {a.shot!r}: shot other than round is an Advanced Game rule (Advanced VIII.B); "
                      "this game is played at the Basic level")
    return turns.load(state, a.ship, side_word(a.side))


def surrender(ruleset, state: dict, tables, a):
    return turns.surrender(state, a.ship, a.by)


def recover(ruleset, state: dict, tables, a):
    return turns.recover(state, a.ship)


def end_turn(ruleset, state: dict, tables, a):
    """The end of the turn; with the Optional Rules, the mast and refloat dice owed first
    (Optional VIII.B, XI.B)."""
    if optional_hooks(ruleset, state):
        optional.check_end_turn(state, tables)
    return turns.end_turn(state)


def optional_cmd(ruleset, state: dict, tables, a):
    """mast, tow, aground, designate, signal: commands of the Optional Rules (rules/wsim/optional.py)."""
    if a.command == "tow":
        return optional.tow(state, tables, a.ship, a.towed, a.opts)
    if a.command == "signal":
        return optional.signal(state, tables, a.ship, a.text)
    return {"mast": optional.mast, "aground": optional.aground, "designate": optional.designate}[a.command](
        state, tables, a.ship, a.opts)


def move(ruleset, state: dict, tables, a):
    """A ship's written move for the turn, checked and journalled (Basic IV-V, Advanced V.B-D)."""
    ruleset.check_options("move", {k: v for k, v in a.opts.items() if v is not None})
    return moves.move(ruleset, state, tables, a.ship, a.notation, a.opts)


def advanced_cmd(ruleset, state: dict, tables, a):
    """sail, sink, explode, repair, anchor, wind: Advanced Game commands (refused at the Basic level)."""
    if ruleset.level != "advanced":
        raise advanced_cmds.not_at_this_level(ruleset, a.command)
    return advanced_cmds.plan(state, tables, a)


# --- queries --------------------------------------------------------------------------------

def speed(ruleset, state: dict, tables, ship: str, opts: dict):
    """`speed`, and with blocked-wind the umpire's --blocked-by ship (Optional IX)."""
    blocker = opts.get("blocked_by")
    res = basic_speed(ruleset, state, tables, ship, {k: v for k, v in opts.items() if k != "blocked_by"})
    if blocker is None:
        return res
    return optional.blocked_wind(state, tables, ship, blocker, res)


def basic_speed(ruleset, state: dict, tables, ship: str, opts: dict):
    """The Basic Game's movement allowance: battle sails, the attitude given or read from the
    heading and the wind (Basic IV.A)."""
    ruleset.check_options("speed", {k: v for k, v in opts.items() if v is not None})
    att = opts.get("attitude")
    sail = opts.get("sail") or "battle"
    if sail != "battle":
        raise BadInput(f"sail {sail!r}: full sail is an Advanced Game rule; this game is played at the Basic level")
    if not att:
        if opts.get("heading") is None or opts.get("wind") is None:
            raise BadInput("give --attitude A|B|C|D, or --heading and --wind (hex directions 1-6)")
        try:
            heading, wind = int(opts["heading"]), int(opts["wind"])
        except (TypeError, ValueError):
            raise BadInput("--heading and --wind are hex directions 1 to 6") from None
        att = movement.attitude(heading, wind, tables)
    return movement.allowance(state["ships"][ship], att, tables, sail, state["turn"])


def lead(ruleset, state: dict, tables, ship: str, opts: dict):
    """Casting the lead (Optional XII): may she ask the depths around her?"""
    return optional.lead(state, tables, ship, opts)


# --- what follows any change, and the score -------------------------------------------------

def timer(ruleset, state: dict, tables) -> tuple[int, int, list, str]:
    """Timed moves (Optional II); refused in a game without the rule."""
    optional.require(state, "timed-moves", "a timer for writing movement")
    minutes, most, steps = optional.timer_minutes(state, tables)
    return minutes, most, steps, "ships with no orders written move straight ahead their full allowance"


def score(ruleset, state: dict, tables=None) -> dict:
    return turns.score(state, tables)


def announce_end(state: dict, res, tables, victory=turns.victory, keep: tuple[str, ...] = ()) -> None:
    """The action that meets a victory condition says the game is over (Basic XI.A.4); `victory`
    judges it (an edition gives its own), `keep` names other state keys the judgement reads."""
    if not any(e["path"][0] in ("ships", "wind") for e in res.effects):
        return
    probe = applied_copy(state, [e for e in res.effects if e["path"][0] in ("ships", "wind")],
                         ("ships", "wind", "game_over", "turn", *keep))
    end = victory(probe, tables)
    if not end["over"]:
        return      # nothing to announce: the judgement before the change is not needed
    before = victory(state, tables)
    if [end.get(k) for k in ("winner", "draw", "why")] != [before.get(k) for k in ("winner", "draw", "why")]:
        end = {**end, "turn": state.get("turn")}
        said = "a draw" if end["draw"] else f"{end['winner']} wins" if end["winner"] else "no winner named"
        shown = turns.phrased(end)      # the journal keeps the judgement's own words
        res.working.append(Step("game over", f"{shown['why']}: {said}", end["source"]))
        res.data["game_over"] = shown
        res.effects.append(set_(["game_over"], end))   # the end stands (Basic XI.A.4)


def after(ruleset, state: dict, res, tables=None) -> None:
    """Rules that follow any change: the end of the game, the Optional Rules' mast dice owed for
    whole rigging sections lost (Optional VIII.B), the gun squares' order for repairs (Advanced
    X.B), and prisoners rising against a thin prize crew (Basic IX.D)."""
    ruleset.announce_end(state, res, tables)
    if optional_hooks(ruleset, state):
        optional.after(state, res, tables)
    if ruleset.level == "advanced" and ruleset.actions.get("repair", ("", ""))[1] == ADVANCED_CMD:
        advanced_cmds.note_gun_marks(state, res)
    prisoners_rise(state, res, tables)


def prisoners_rise(state: dict, res, tables) -> None:
    """Prisoners rising against a thin prize crew, on any ship the change touches (Basic IX.D)."""
    touched = {e["path"][1] for e in res.effects if len(e["path"]) > 1 and e["path"][0] == "ships"}
    if not any(state["ships"].get(sid, {}).get("prize", {}).get("squares") or
               any("prize" in e["path"] for e in res.effects) for sid in touched):
        return   # only a ship with a prize crew aboard can see her prisoners rise
    probe = apply({"ships": {sid: copy.deepcopy(state["ships"][sid]) for sid in touched
                             if sid in state["ships"]}}, [e for e in res.effects if e["path"][0] == "ships"
                                                          and e["path"][1] in state["ships"]])
    for ship in probe["ships"].values():
        effects, steps = boarding.prisoner_check(ship, tables)
        res.effects += effects
        res.working += steps
