"""The Tournament Edition's Advanced Game planners (named in `WsimTe26Advanced.actions` and
`queries`): fire, speed, loading and the end of the turn where they differ from the Beginners'
game (`planners.py`), and the Advanced commands (wind, sails, anchors, repairs, sinking, pumps,
fire aboard, explosions, musketry, marines aloft, and the optional rules' rowing, bombs, land)."""

from __future__ import annotations

from umpire.core.dice import DiceNeed
from umpire.core.errors import BadInput
from umpire.core.ruleset import Plan
from umpire.core.state import Step
from umpire.rules.wsim.reading import side_word
from umpire.rules.wsim import gunnery, turns
from umpire.rules.wsim.editions.te26 import advanced_fire as te26_advanced, explode as te26_explode
from umpire.rules.wsim.editions.te26 import firefight as ff, marines as te26_marines, musket as te26_musket
from umpire.rules.wsim.editions.te26 import sections as te26_sections, ship_work as te26_ship_work
from umpire.rules.wsim.editions.te26 import sinking as te26_sinking, wind as te26_wind
from umpire.rules.wsim.editions.te26.optional import boats as te26_boats, bombs as te26_bombs
from umpire.rules.wsim.editions.te26.optional import land as te26_optional
from umpire.rules.wsim.editions.te26.optional import fore_and_aft as te26_fore_and_aft
from umpire.rules.wsim.editions.te26.optional import loss_of_rigging as te26_loss_of_rigging
from umpire.rules.wsim.editions.te26.optional import merchantmen as te26_merchantmen
from umpire.rules.wsim.editions.te26.optional import rowing as te26_rowing
from umpire.rules.wsim.editions.te26.optional import seamanship as te26_seamanship
from umpire.rules.wsim.editions.te26.planners import need_ship
from umpire.rules.wsim import checks


def fire(ruleset, state: dict, tables, a):
    """An Advanced broadside, checked as the 1981 ones are (`checks.check_fire`)."""
    checks.check_fire(ruleset, state, a)
    return advanced_fire(state, tables, a.ship, a.at, a.opts)


def load(ruleset, state: dict, tables, a):
    """A broadside loaded with the shot named (26.0); not while rowed (39.4)."""
    checks.check_busy(ruleset, state, a.ship, "load")
    te26_rowing.no_guns(state, a.ship, "load")                       # 39.4
    return te26_advanced.load(state, a.ship, side_word(a.side), a.shot, tables)


def speed(ruleset, state: dict, tables, ship: str, opts: dict):
    """`speed`, and with Optional 41 the umpire's --blocked-by ship (te26_ship_work.blocked)."""
    blocker = opts.get("blocked_by")
    res = advanced_speed(ruleset, state, tables, ship, {k: v for k, v in opts.items() if k != "blocked_by"})
    if blocker:
        res.working = list(res.working)
        te26_ship_work.blocked(state, tables, state["ships"][ship], blocker, res)
    return res


def advanced_fire(state: dict, tables, firer: str, target: str, opts: dict):
    """Advanced fire (16.1, 24.2-24.6): rake numbers, Advanced modifiers, tables above 10,
    critical hits (te26_advanced)."""
    te26_rowing.no_guns(state, firer, "fire")                      # 39.4
    te26_loss_of_rigging.no_fire(state, firer)                          # 36.2.2
    te26_boats.fire_check(state, target, opts)                     # 54.2.2-54.2.3
    act = gunnery.fire_from_opts(firer, target, {**opts, "lose": ""})
    seen, section = state, str(opts.get("section") or "").lower()
    if section:                                                    # 16.2, 24.1.2: one section fires
        seen, said = te26_sections.section_view(state, firer, act.side, section, act.range, tables)
    got = te26_advanced.Reading(seen, act, opts, tables)
    if section:
        got.steps.insert(0, said)
    te26_merchantmen.fire_reading(got)          # Optional 52.2.3
    target_mir = te26_advanced.flag(opts, "target-mir")           # 24.2.7: sailors aloft on the target

    def resolve(rolls, strict):
        res = te26_advanced.resolve(seen, got, rolls, strict, tables)
        res = te26_marines.fire_follow(state, target, target_mir, res)
        return te26_sections.follow(state, target, te26_rowing.fire_follow(state, target, res))
    return Plan(got.need(), resolve, flexible=True)


def advanced_speed(ruleset, state: dict, tables, ship: str, opts: dict):
    """Battle or full sails (19.1.1: the full sail chart from the pack), default the sails she has."""
    ruleset.check_options("speed", {k: v for k, v in opts.items() if v is not None})
    need_ship(state, ship)
    def under_sail(st, op):
        seen = te26_loss_of_rigging.view(te26_fore_and_aft.view(st, ship), ship)     # 38.0, 36.2.2
        return te26_loss_of_rigging.cited(te26_fore_and_aft.cited(te26_ship_work.speed(seen, tables, ship, op)))
    if te26_boats.is_boat(state, ship):                            # Optional 54.1
        return te26_boats.speed(state, tables, ship, opts, under_sail)
    if opts.get("kedged") not in (None, "", "0", "no"):             # Optional 54.1.5
        return te26_boats.kedged(state, ship, opts)
    res = under_sail(state, {k: v for k, v in opts.items() if k not in ("towing", "kedged")})
    return te26_rowing.speed(state, tables, ship, res)              # 39.3


def end_turn(ruleset, state: dict, tables, a):
    """As 1981 (a forgotten broadside reloads, 26.1.1), with the shot last fired unless spent
    (26.1.1.1); when she fired both, a die says which one (26.1.1.2)."""
    both = te26_advanced.fired_both(state)
    if not both:
        return close_turn(state, tables, ())
    return Plan(DiceNeed(len(both), 6, tuple(f"{sid}: which broadside reloads" for sid in both)),
                lambda rolls, strict: close_turn(state, tables, rolls))


def close_turn(state: dict, tables, rolls):
    chosen = dict(zip(te26_advanced.fired_both(state), rolls))

    def hold(state, sid, ship):
        if te26_rowing.rowing(ship, state["turn"]):
            return [], [Step(f"{ship['name']} is being rowed", "no broadside reloads", "TE 2.6 39.4")], \
                {"left", "right"}
        if te26_ship_work.weighing(ship, state["turn"]):
            return [], [Step(f"{ship['name']} is weighing anchor", "no broadside reloads", "TE 2.6 19.3.6.1")], \
                {"left", "right"}
        if sid in chosen:
            side = "left" if chosen[sid] % 2 else "right"
            return [], [Step(f"{ship['name']} fired both broadsides: die {chosen[sid]}",
                             f"her {side} broadside reloads", "TE 2.6 26.1.1.2")], {"left", "right"} - {side}
        return [], [], set()

    res = turns.end_turn(state, hold)
    te26_advanced.reload_effects(state, res, tables)
    res.data["rolls"] = list(rolls)
    return res


def wind(ruleset, state, tables, a):
    """Set the wind (`--direction/--velocity/--change`) or roll the Wind Phase (30.0)."""
    if "wind" not in state:
        raise BadInput("this game has no wind: it was started before the Tournament Edition wind was built")
    opts = dict(a.opts)
    rules = te26_wind.rules_of(tables)
    if opts:
        return te26_wind.set_wind(state, opts, rules)
    optional = list(state.get("optional") or [])
    if te26_wind.starts_variable(state, optional):        # Optional 42: the start's three dice
        return Plan(te26_wind.start_need(tables), lambda rolls, strict: te26_wind.start_roll(state, rolls, tables))
    need = te26_wind.need(state, optional, tables)
    return Plan(need, lambda rolls, strict: te26_wind.roll(state, rolls, strict, optional, tables), flexible=True)


def sail(ruleset, state, tables, a):
    """The Sail Status Phase (19.1, 27.0): full or battle sails (te26_ship_work); near the
    enemy, Optional 35.1's die (te26_marines)."""
    need_ship(state, a.ship)
    te26_rowing.no_sail_change(state, a.ship)                      # 39.2
    return te26_seamanship.sail_change(state, tables, a.ship, getattr(a, "opts", None) or {},
                                   te26_ship_work.sail(state, a.ship, a.sails))


def anchor(ruleset, state, tables, a):
    """Anchor, weigh or cut anchors (19.3; te26_ship_work)."""
    need_ship(state, a.ship)
    return te26_ship_work.anchor(state, a.ship, a.how)


def repair(ruleset, state, tables, a):
    """The Repair Phase (19.5, 28.0; Optional 35.2): one die (te26_ship_work)."""
    need_ship(state, a.ship)
    near = te26_ship_work.repair_check(state, a.ship, a.what, a.opts)
    optional = list(state.get("optional") or [])
    return Plan(te26_ship_work.repair_need(), lambda rolls, strict: te26_ship_work.repair(
        state, a.ship, a.what, near, rolls, tables, optional))


def sink(ruleset, state, tables, a):
    """The Destroyed Hull Phase of a ship that may sink or explode (24.3.2.2; te26_sinking)."""
    need_ship(state, a.ship)
    ship = te26_sinking.check_sink(state, a.ship)
    if ship.get("te_fireship"):
        return Plan(DiceNeed(1, 6, ("fireship",)),
                    lambda rolls, strict: te26_sinking.fireship_phase(state, a.ship, rolls, strict))
    return Plan(te26_sinking.sink_need(state, a.ship),
                lambda rolls, strict: te26_sinking.sink(state, a.ship, rolls, strict, tables), flexible=True)


def pumps(ruleset, state, tables, a):
    """Crew sections at the pumps for waterline damage (11.3.3; te26_sinking)."""
    need_ship(state, a.ship)
    return te26_sinking.pumps(state, a.ship, a.crew)


def burn(ruleset, state, tables, a):
    """Fire aboard (20.0): set, fight with crew sections, or the phase with no attempt (te26_firefight)."""
    if a.what == "fireship":
        if a.areas or a.opts.get("crew") or a.opts.get("to"):
            raise BadInput("burn SHIP fireship takes no areas, --crew or --to")
        need_ship(state, a.ship)
        return te26_sinking.set_fireship(state, a.ship)
    crew = ff.check(state, a.ship, a.what, a.areas, a.opts, tables["procedures"]["firefighting"])
    if a.what == "set":
        return ff.set_fire(state, a.ship)
    need = ff.need(state, a.ship, a.what)
    return Plan(need, lambda rolls, strict: ff.resolve(state, a.ship, a.what, crew, rolls, strict, tables),
                flexible=True)


def explode(ruleset, state, tables, a):
    """A ship blows up (24.3.2.3): adjacent ships and ships two hexes away (te26_explode)."""
    extra = sorted(k for k, v in a.opts.items() if v)
    if extra:
        raise BadInput(f"explode: option {extra[0]!r} is not a wsim-te26 option (only --near SHIP=HEXES)")
    if a.ship not in state["ships"]:
        raise BadInput(f"no ship {a.ship!r}")
    need = te26_explode.plan_need(state, a.ship, a.near, tables)
    return Plan(need, lambda rolls, strict: te26_explode.resolve(state, a.ship, a.near, rolls, strict, tables),
                flexible=True)


def musketry(ruleset, state, tables, a):
    """Musket fire at an adjacent enemy (24.7; te26_musket)."""
    te26_musket.check(state, a.ship, a.at, a.opts, tables)
    te26_marines.musket_check(state, a.ship)                       # 24.7.1
    if te26_marines.aloft(state["ships"][a.ship]):                 # 24.7.4, 24.7.6
        return Plan(te26_musket.need(), lambda rolls, strict: te26_marines.musket_from_rigging(
            state, a.ship, a.at, rolls, strict, tables), flexible=True)
    return Plan(te26_musket.need(), lambda rolls, strict: te26_musket.resolve(state, a.ship, a.at, rolls, strict,
                                                                              tables), flexible=True)


def station(ruleset, state, tables, a):
    """Marines to the deck or the rigging (19.8; te26_marines)."""
    return te26_marines.station(state, a.ship, a.marines)


def row(ruleset, state, tables, a):
    """Optional 39: the change to oars or back to sails, plotted for next turn (te26_rowing)."""
    return te26_rowing.row(state, tables, a.ship, a.to)


def bomb(ruleset, state, tables, a):
    """Optional 56: a bomb's mortar loaded or fired (te26_bombs)."""
    return te26_bombs.plan(state, tables, a)


def aground(ruleset, state, tables, a):
    """Optional 44: a ship aground, on rocks or on land, and refloating her (te26_optional)."""
    need_ship(state, a.ship)
    return te26_optional.aground(state, tables, a.ship, a.opts)
