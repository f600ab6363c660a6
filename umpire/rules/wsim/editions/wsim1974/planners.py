"""The first edition's planners (named in `Wsim1974.actions` and `queries`), where its rules
differ from the 1981 Basic Game's; the rest are the 1981 planners (`rules/wsim/planners.py`),
which these call for what the texts share."""

from __future__ import annotations

import copy
import math

from umpire.core.effects import apply
from umpire.core.errors import BadInput, Refused
from umpire.core.ruleset import Plan
from umpire.core.state import Step
from umpire.rules.wsim import boarding, movement, optional as optional_1981, planners, turns
from umpire.rules.wsim.editions.wsim1974 import fire as wsim1974_fire, move as wsim1974_move
from umpire.rules.wsim.editions.wsim1974.ending import HURRICANE, SEAS, victory
from umpire.rules.wsim.editions.wsim1974 import optional as wsim1974_optional, wind as wsim1974_wind
from umpire.rules.wsim import wind as wind_rules
from umpire.rules.wsim.ship import sections_lost


def in_play(state: dict) -> list[str]:
    """The game's optional rules."""
    return list(state.get("optional") or [])


# --- queries --------------------------------------------------------------------------------

def lead(ruleset, state: dict, tables, ship: str, opts: dict):
    """Casting the Lead: may she be told the depths around her this Move?"""
    extra = sorted(k for k in opts if k != "hexes")
    if extra:
        raise BadInput(f"lead: option {extra[0]!r} is not a {ruleset.id} option (--hexes)")
    return wsim1974_optional.lead(state, tables, ship, opts)


def speed(ruleset, state: dict, tables, ship: str, opts: dict):
    """Battle sails as 1981; full sails with the Full Sails optional rule (1-4); with the Wind
    optional rule, the game's wind: becalmed, the Wind Table by force, no full sails in a
    gale (small ships) or a storm. The wind direction is the game's unless --wind is given."""
    ruleset.check_options("speed", {k: v for k, v in opts.items() if v is not None})
    optional = in_play(state)
    s0 = state["ships"][ship]
    sail = (opts.get("sail") or (s0.get("sails") if "full-sails" in optional else "") or "battle").lower()
    if sail not in ("battle", "full"):
        raise BadInput(f"sail {sail!r}: use battle or full")
    s = state["ships"][ship]
    wind = state.get("wind") or {}
    if sail == "full":
        if "full-sails" not in optional:
            raise BadInput("full sails are a first-edition Optional Rule: start the game with --optional full-sails")
        if sections_lost(s):
            raise Refused(f"{s['name']} has lost a whole rigging section: she cannot use full sails (Full Sails 4)")
        if "wind" in optional and wind:
            wsim1974_wind.check_full_sails(s, wind, tables)
    att = opts.get("attitude")
    if not att:
        toward = opts.get("wind") if opts.get("wind") is not None else wind.get("direction") or None
        if opts.get("heading") is None or toward is None:
            raise BadInput("give --attitude A|B|C|D, or --heading and --wind (hex directions 1-6; --wind "
                           "defaults to the game's wind once set with `umpire wind --direction`)")
        try:
            heading, toward = int(opts["heading"]), int(toward)
        except (TypeError, ValueError):
            raise BadInput("--heading and --wind are hex directions 1 to 6") from None
        att = movement.attitude(heading, toward, tables)
    if s.get("tow_by"):
        raise Refused(f"{s['name']} is in tow of {state['ships'][s['tow_by']]['name']}: she moves in her wake "
                      "(1974 Towing (b)); ask the speed of the towing ship")
    res = movement.allowance(s, att, tables, sail, state["turn"])
    if "wind" in optional and wind:
        res = wsim1974_wind.speed_in_wind(res, s, wind, tables)
    return wsim1974_optional.speed_limits(state, s, res, tables)


# --- journalled actions ---------------------------------------------------------------------

def move(ruleset, state: dict, tables, a):
    """A ship's written move for the Move, by the first edition's rules (`wsim1974_move`)."""
    ruleset.check_options("move", {k: v for k, v in a.opts.items() if v is not None})
    return wsim1974_move.move(ruleset, state, tables, a.ship, a.notation, a.opts)


def optional_action(ruleset, state: dict, tables, a):
    """The optional rules' own commands (`wsim1974_optional`), each only with its rule."""
    opt = wsim1974_optional
    if a.command == "aground" and a.opts.get("land"):
        extra = sorted(k for k in a.opts if k != "land")
        if extra:
            raise BadInput(f"aground: option {extra[0]!r} does not go with --land")
        return opt.land(state, a.ship)   # land hexes are the Basic Game's too (Preparation for Play)
    opt.in_play(a.command, in_play(state))
    if a.command == "sink":
        return opt.sink(state, tables, a.ship)
    if a.command == "explode":
        return opt.explode(state, tables, a.ship, list(a.near))
    if a.command == "repair":
        return opt.repair(state, tables, a.ship, a.what)
    if a.command == "anchor":
        return opt.anchor(state, tables, a.ship, a.how)
    if a.command == "sail":
        return opt.sail(state, tables, a.ship, a.sails)
    if a.command == "tow":
        extra = sorted(k for k in a.opts if k != "cast_off")
        if extra:
            raise BadInput(f"tow: option {extra[0]!r} is not a {ruleset.id} option (--cast-off)")
        return opt.tow(state, tables, a.ship, a.towed, bool(a.opts.get("cast_off")))
    extra = sorted(k for k in a.opts if k != "refloat")
    if extra:
        raise BadInput(f"aground: option {extra[0]!r} is not a {ruleset.id} option (--refloat, --land)")
    return opt.aground(state, tables, a.ship, bool(a.opts.get("refloat")))


def board(ruleset, state: dict, tables, a):
    """As 1981; the crew of a ship that will sink or explode cannot melee (Sinking 5)."""
    for sid in (a.ship, a.at):
        if sid in state["ships"] and state["ships"][sid]["state"] in ("sinking", "exploding"):
            raise Refused(f"{state['ships'][sid]['name']} will {state['ships'][sid]['state'][:-3]}: her crew "
                          "cannot melee (1974 Sinking and Exploding Ships 5)")
    res = planners.board(ruleset, state, tables, a)
    # the 1981 rule that a whole crew away boarding may not move next turn (Basic VII.B.5) is not in
    # the first edition: its sections away count as casualties only (1974 Boarding & Melee 7)
    res.effects = [e for e in res.effects if e["path"][-1] != "all_aboard_turn"]
    res.working = [st for st in res.working if st.source != "Basic VII.B.5"]
    return res


def surrender(ruleset, state: dict, tables, a):
    """As 1981, but the first edition has no surrender by immobility: Marking Hits 5 "Loss of
    rigging cannot force a ship to surrender"."""
    if a.by == "immobility":
        raise Refused("loss of rigging cannot force a ship to surrender in the first edition (1974 Marking "
                      "Hits 5); a ship surrenders by striking, firepower (all gun squares gone) or melee")
    res = planners.surrender(ruleset, state, tables, a)
    if a.by == "firepower":
        res.working = [Step("surrender", "by firepower: all gun squares gone, no friendly ship within ten hexes",
                            "1974 Marking Hits 4")]
    return res


def capture(ruleset, state: dict, tables, a):
    """As 1981, and a ship with no crew squares left is "up for grabs" to the first side which
    can put a prize crew on board (1974 Marking Hits 3), surrendered or not."""
    t, c = state["ships"].get(a.ship), state["ships"].get(a.by)
    if (t is None or c is None or t["state"] != "active" or t.get("struck") or t["prize"]["squares"]
            or sum(t["crew_left"]) or t["controller"] == c["controller"]):
        return planners.capture(ruleset, state, tables, a)
    grabbed = copy.deepcopy(state)
    grabbed["ships"][a.ship].update(state="surrendered", surrendered_by="crew lost")
    res = planners.capture(ruleset, grabbed, tables, a)
    res.working.insert(0, Step("no crew squares left aboard", "up for grabs: the first side to put a prize "
                               "crew on board takes her", "1974 Marking Hits 3"))
    return res


def contact(ruleset, state: dict, tables, a):
    """Grappling and ungrappling as 1981, but "A single ship can make only one grappling or
    ungrappling attempt per Move" (1974 Grappling 6); the ship attempted against may still roll
    her own (Grappling 4: an ungrappling die at the same time cancels a grapple)."""
    ship = state["ships"][a.ship]
    done = [t for t in ship.get("tries", []) if t.split(":")[0] in ("grapple", "ungrapple") and not t.endswith("!")]
    if a.kind in ("grapple", "ungrapple") and done:
        what, other = done[0].split(":", 1)
        raise Refused(f"{ship['name']} has made her {what} attempt this Move (with {state['ships'][other]['name']}): "
                      "one grappling or ungrappling attempt per Move (1974 Grappling 6)")
    return planners.contact(ruleset, state, tables, a)


def recover(ruleset, state: dict, tables, a):
    """A ship that surrendered (not struck) "will cease to be surrendered if no prize crew is on
    board, and no enemy ship is within five hexes distance" (1974 Marking Hits 4; the 1981
    rule asks for a friendly ship within five hexes instead). The umpire confirms the distance."""
    res = turns.recover(state, a.ship, at_turn_start=False)   # the 1974 text sets no time for it
    res.working = [Step("no prize crew aboard, no enemy ship within five hexes", "surrender ends",
                        "1974 Marking Hits 4")]
    return res


def wind(ruleset, state: dict, tables, a):
    """Set the wind (`--direction/--velocity/--change`), or, with the Wind optional rule,
    roll for a change before Moves 3, 6, 9, ..."""
    opts = dict(a.opts)
    unknown = sorted(set(opts) - {"direction", "velocity", "change"})
    if unknown:
        raise BadInput(f"wind: option {unknown[0]!r} is not a {ruleset.id} option (--direction, --velocity "
                       "(the force), --change (the wind number))")
    if opts:
        return wsim1974_wind.set_wind(state, opts, tables)
    if not ruleset.in_force(state, "wind"):
        raise Refused("the wind changes only with the Wind optional rule: start the game with --optional wind "
                      "(the Basic Game keeps the scenario's wind)")
    need = wsim1974_wind.roll_need(state, tables)
    return Plan(need, lambda rolls, typed: wsim1974_wind.roll(state, rolls, typed, tables), flexible=True)


def end_turn(ruleset, state: dict, tables, a):
    """The end of the Move, with what the shot and the optional rules carry on."""
    def hold(state, sid, ship):
        e1, s1, h1 = wsim1974_fire.end_turn_effects(state, sid, ship)
        e2, s2, h2 = wsim1974_optional.end_turn_effects(state, sid, ship)
        return e1 + e2, s1 + s2, h1 | h2

    said = []
    if ruleset.in_force(state, "wind") and (state.get("wind") or {}).get("direction"):
        # the roll before Moves 3, 6, 9 ... is refused after its Move: the Move waits for it (Wind 3)
        said = wind_rules.check_end_turn(state, tables, "Move", f"{wsim1974_wind.RULE} 3")
    res = turns.end_turn(state, hold)
    res.working[:0] = said
    return res


def melee(ruleset, state: dict, tables, a):
    """One exchange of dice per Move (Melee Procedure 12(b)-(c)); the 1981 resolution with
    `procedures.melee.rounds` = 1, its working worded for the first edition."""
    planners.check_melee(ruleset, state, a)
    attackers, defender = a.attackers, a.defender
    plan = planners.melee_plan(state, tables, attackers, defender)

    def resolve(rolls, strict):
        res = plan.resolve(rolls, strict)
        if res.kind == "melee" and res.data.get("outcome") == "defenders win":
            res = bpd_captures(state, tables, res, attackers, defender)
        res.working = [first_edition_step(s) for s in res.working]
        return res

    return plan.replace(resolve=resolve)


def timer(ruleset, state: dict, tables) -> tuple[int, int, list, str]:
    """Timed Moves (1974 Optional Rules): the 1981 minutes, but a ship whose orders were not
    written does not move."""
    if not ruleset.in_force(state, "timed-moves"):
        raise Refused("a timer for writing movement belongs to the optional rule 'timed-moves' (Timed Moves), "
                      "which this game was not started with (umpire new ... --optional timed-moves)")
    section = "Optional Rules: Timed Moves (1974)"
    minutes, most, steps = optional_1981.timer_minutes(state, tables, tables["optional-1974"]["timed_moves"],
                                                       section, "the ship does not move")
    return minutes, most, steps, "ships with no orders written do not move"


# --- the score (the end of the game: editions/wsim1974/ending.py) --------------------------

def score(ruleset, state: dict, tables=None) -> dict:
    """The first edition's point count (Scenario 3A, and 3B by reference): a ship captured
    twice her points, destroyed her points, forced to strike with no prize crew aboard half,
    rounded up; a side wins by 150 points or more, else the result is indecisive."""
    out = planners.score(ruleset, state, tables)
    if "victory" in out:
        out["victory"] = victory(state, tables)
    if out.get("victory", {}).get("source") == HURRICANE["source"]:
        out["victory"] = {**out["victory"], **SEAS}
    if tables is None:
        return out
    v = tables["procedures"]["victory"]
    sides = sorted({s["side"] for s in state["ships"].values()})
    points = dict.fromkeys(sides, 0)
    lines = []
    for ship in state["ships"].values():
        captured = ship["prize"]["squares"] > 0
        destroyed = ship["state"] in ("sunk", "exploded")
        struck = ship.get("struck") or ship["state"] in ("surrendered", "captured", "sinking", "exploding")
        if not (captured or destroyed or struck):
            continue
        if captured:
            value, how = ship["points"] * v["captured_multiplier"], "captured"
        elif destroyed:
            value, how = ship["points"] * v["destroyed_multiplier"], "destroyed"
        else:
            value, how = math.ceil(ship["points"] / v["struck_divisor"]), "struck, no prize crew"
        gainers = [ship["controller"]] if captured else [s for s in sides if s != ship["side"]]
        for g in gainers:
            points[g] += value
        lines.append({"ship": ship["id"], "state": ship["state"], "captured": captured, "how": how,
                      "points": value, "to": gainers})
    out.update({"points": points, "ships": lines})
    vic = out.get("victory") or {}
    if vic.get("action") == "multi-ship" and not vic.get("over") and len(points) >= 2:
        ranked = sorted(points.items(), key=lambda kv: -kv[1])
        margin = ranked[0][1] - ranked[1][1]
        decisive = margin >= v["win_margin"]
        out["victory"] = {**vic, "leader": ranked[0][0] if margin else None, "margin": margin,
                          "decisive": decisive,
                          "why": "point count (the text's: after Move twenty): "
                                 + (f"{ranked[0][0]} leads by {margin}; " if margin else "level; ")
                                 + (f"{v['win_margin']} or more wins" if decisive else
                                    f"under {v['win_margin']} the result is indecisive"),
                          "source": "1974 Scenario 3A (point count)"}
    return out


def bpd_captures(state: dict, tables, res, attackers: list[str], defender: str):
    """A victorious BPD takes the ship its beaten enemy came from: Melee Procedure 12(c) "The
    victorious boarding party is now considered to be on the deck of the ship the enemy boarding
    party came from; the ship is captured", and Boarding & Melee 11 "A victorious boarding party
    (even a "BPD") that captures a ship by melee is always considered to end the Move on the decks
    of the captured ship". (The 1981 DBP only may board her, IX.C.6.)"""
    loser = attackers[0]
    keep = [e for e in res.effects if not (e["path"][:2] == ["ships", loser]
                                           and e["path"][2:] in (["state"], ["surrendered_by"]))]
    after = apply(copy.deepcopy(state), keep)
    bpd = boarding.party_force(after["ships"][defender], "dbp", None)
    if bpd is None:   # nothing left to go aboard: the 1981 surrender stands
        return res
    steps = [s for s in res.working if s.source != "Basic IX.C.3, IX.C.6"]
    steps.append(Step("defeated boarding party", f"its squares are prisoners; the victorious BPD is on the deck of "
                      f"{state['ships'][loser]['name']}: she is captured, her other crew squares prisoners",
                      "1974 Melee Procedure 12(c); Boarding & Melee 11"))
    sub = boarding.capture_by_obp(after, [bpd], loser, tables, steps, keep, melee=True)
    sub.data.update(res.data)
    return sub


def first_edition_step(step):
    """The 1981 melee working's rule references, as the first edition words them."""
    if step.step == "three rounds fought":
        return Step("one exchange fought", "no decision: the melee goes on next Move",
                    "1974 Melee Procedure 12(c)")
    if "three to one" in step.value and step.source == "Basic IX.C.3":
        return Step(step.step, step.value, "1974 Melee Procedure 12(c)")
    return step
