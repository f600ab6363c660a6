"""The 1981 Advanced Game's planners where its rules differ from the Basic Game's: fire, the
wind, speed, loading and the end of the turn (named in `Wsim1981Advanced.actions`; the others
are the Basic planners, `rules/wsim/planners.py`)."""

from __future__ import annotations

from umpire.core.errors import BadInput
from umpire.core.ruleset import Plan
from umpire.rules.wsim.reading import side_word
from umpire.rules.wsim import advanced_cmds, advanced_fire as af, ammunition, gunnery, movement, optional
from umpire.rules.wsim import turns, wind as wind_rules
from umpire.rules.wsim import checks


def fire(ruleset, state: dict, tables, a):
    """Advanced fire (Advanced I.A, VIII.A-C): several hit dice above table 10, critical hits,
    bow and stern sections, the shot loaded, the Destroyed Hull Table."""
    checks.check_fire(ruleset, state, a)
    opts = a.opts
    section, hit_section = (opts.get("section") or "").lower(), (opts.get("hit_section") or "").lower()
    for name, value in (("--section", section), ("--hit-section", hit_section)):
        if value not in ("", "bow", "stern"):
            raise BadInput(f"{name} {value!r}: use bow or stern")
    act = gunnery.fire_from_opts(a.ship, a.at, opts, af.AdvancedFire, section, hit_section)
    got = af.reading(state, act, tables)
    need = af.needs(state, act, tables, got[0])
    return Plan(need, lambda rolls, typed: af.resolve(state, act, rolls, typed, tables, got),
                flexible=need.count > 0)


def wind(ruleset, state: dict, tables, a):
    """Set the wind (`--direction/--velocity/--change`) or roll the wind phase (Advanced III)."""
    opts = dict(a.opts)
    unknown = sorted(set(opts) - {"direction", "velocity", "change", "variable"})
    if unknown:
        raise BadInput(f"wind: option {unknown[0]!r} is not a {ruleset.id} option (--direction, --velocity, --change)")
    if opts.pop("variable", False):   # Optional Rules VI: the scenario's wind rolled instead
        return optional.variable_wind(state, tables, opts)
    if opts:
        return wind_rules.set_wind(state, opts, tables)
    rules = list(state.get("optional") or [])
    need = wind_rules.roll_need(state, rules, tables)
    return Plan(need, lambda rolls, typed: wind_rules.roll(state, rolls, typed, rules, tables), flexible=True)


def speed(ruleset, state: dict, tables, ship: str, opts: dict):
    """`speed` at the Advanced level, and with blocked-wind the umpire's --blocked-by ship (Optional IX)."""
    blocker = opts.get("blocked_by")
    res = advanced_speed(ruleset, state, tables, ship, {k: v for k, v in opts.items() if k != "blocked_by"})
    if blocker is None:
        return res
    return optional.blocked_wind(state, tables, ship, blocker, res)


def advanced_speed(ruleset, state: dict, tables, ship: str, opts: dict):
    """Movement allowance at the Advanced level: battle or full sails (default: the sails she
    has set), 0 when becalmed, and with `wind-effects` the Wind Effects Table (III.B.2)."""
    ruleset.check_options("speed", {k: v for k, v in opts.items() if v is not None})
    the_ship = state["ships"][ship]
    sail = (opts.get("sail") or the_ship.get("sails") or "battle").lower()
    if sail not in ("battle", "full"):
        raise BadInput(f"sail {sail!r}: use battle or full")
    att = opts.get("attitude")
    if not att:
        if opts.get("heading") is None:
            raise BadInput("give --attitude A|B|C|D, or --heading (and --wind, unless the game's wind is set)")
        toward = opts.get("wind") if opts.get("wind") is not None else state["wind"]["direction"] or None
        if toward is None:
            raise BadInput("the game's wind direction is not set: give --wind or set it with `umpire wind`")
        try:
            att = movement.attitude(int(opts["heading"]), int(toward), tables)
        except (TypeError, ValueError):
            raise BadInput("--heading and --wind are hex directions 1 to 6") from None
    res = movement.allowance(the_ship, att, tables, sail, state["turn"])
    return wind_rules.speed_in_wind(res, the_ship, state["wind"], ruleset.in_force(state, "wind-effects"), tables)


def load(ruleset, state: dict, tables, a):
    """A broadside loaded with the shot named (Advanced VIII.B)."""
    checks.check_busy(ruleset, state, a.ship, "load")
    return ammunition.load(state, a.ship, side_word(a.side), a.shot, tables)


def end_turn(ruleset, state: dict, tables, a):
    """The end of the turn, with what the Advanced Game carries on (anchors, repairs: `end_turn_hold`)."""
    if checks.optional_hooks(ruleset, state):
        optional.check_end_turn(state, tables)
    said = wind_rules.check_end_turn(state, tables)
    res = turns.end_turn(state, lambda st, sid, ship: advanced_cmds.end_turn_hold(st, sid, ship, tables))
    res.working[:0] = said
    return res
