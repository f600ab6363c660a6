"""The 1981 commands as the ruleset's action and query tables name them ("module:function").

Each planner is called as planner(ruleset, state, tables, action) and returns a Plan (dice
needed) or a Resolution: it checks what the command line built (options, ships that are busy
or doomed, the Optional Rules' limits) and hands the action to the rule module that resolves
it. The editions name their own planners where their rules differ and call these for what they
share. Loaded on first use (`core.ruleset.load`), so reading a game imports none of the rule
modules below.
"""

from __future__ import annotations

from umpire.core.errors import BadInput, Refused
from umpire.core.ruleset import Plan
from umpire.rules.wsim.reading import section_list, side_word
from umpire.rules.wsim import advanced_cmds, boarding, contact as contact_rules, gunnery, moves, movement
from umpire.rules.wsim import optional, turns
from umpire.rules.wsim.checks import check_busy, check_doomed, check_fire, optional_hooks


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


# --- the timer and the score (what follows any change: rules/wsim/after.py) ------------------

def timer(ruleset, state: dict, tables) -> tuple[int, int, list, str]:
    """Timed moves (Optional II); refused in a game without the rule."""
    optional.require(state, "timed-moves", "a timer for writing movement")
    minutes, most, steps = optional.timer_minutes(state, tables)
    return minutes, most, steps, "ships with no orders written move straight ahead their full allowance"


def score(ruleset, state: dict, tables=None) -> dict:
    return turns.score(state, tables)


