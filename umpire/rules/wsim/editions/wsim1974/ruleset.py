"""WS&IM first edition (1974): the 1981 Basic ruleset with the first edition's tables.

What differs, by reading the 1974 text (data/wsim-1974 holds the tables):

* Hull Effects Table 4 (rolls 1 and 2) and Table 8 (roll 1);
* the Melee Resolution Table's columns (1-10 ... 41+), and one exchange of dice per Move
  ("each player rolls one die ... once casualties have been removed, both players refigure");
* grappling has no modifiers (no `--motionless`);
* damage and melee where the 1981 Basic rules add or change something: a grappled or fouled
  enemy's rigging may be fired at; no surrender for loss of rigging; a crewless ship is "up for
  grabs" (`capture`); a surrender ends when no enemy is within five hexes (`recover`); a
  victorious BPD captures; a duel where one ship sinks as the other surrenders goes to the one
  that surrendered (`victory`); land destroys (`aground --land`);
* the wind attitudes are lettered the other way (Example of Play No. 1);
* its own `move` (How to Move: a hex of speed per turn, drift for every ship; `wsim1974_move`);
* its Optional Rules, by their titles: Types of Ammunition (`wsim1974_fire`), Wind
  (`wsim1974_wind`), Sinking and Exploding Ships, Repairs, Anchors, Full Sails, Towing,
  Running Aground (`wsim1974_optional`), Backing Sails (`wsim1974_move`).

Everything else (fire procedure, modifiers, fouling, boarding parties BP/BPD, prize crews,
loading) reads as the 1981 Basic Game and is inherited.
"""

from __future__ import annotations

from umpire.core.errors import BadInput, Refused
from umpire.rules.wsim import actions as WsimActions
from umpire.rules.wsim.ruleset import Wsim1981
from umpire.rules.wsim import optional_actions as Optional   # the first edition's commands take the same fields


class Wsim1974(Wsim1981):
    id = "wsim-1974"
    aliases = ("wsim1974", "wsim-1e", "wsim-first-edition")
    data_id = "wsim-1974"
    title = "Wooden Ships & Iron Men, first edition (1974)"
    level = "basic"
    levels = ("basic",)
    level_classes: dict[str, str] = {}
    #: the first edition's Optional Rules (names: the titles in kebab-case) -> their heading
    optional_rules = {
        "types-of-ammunition": "Optional Rules: Types of Ammunition",
        "repairs": "Optional Rules: Repairs",
        "timed-moves": "Optional Rules: Timed Moves",
        "multi-player-games": "Optional Rules: Multi-Player Games",
        "backing-sails": "Optional Rules: Backing Sails",
        "command-lag": "Optional Rules: Command Lag",
        "wind": "Optional Rules: Wind",
        "sinking-and-exploding-ships": "Optional Rules: Sinking and Exploding Ships",   # the die at striking
        "running-aground": "Optional Rules: Running Aground",
        "casting-the-lead": "Optional Rules: Casting the Lead",
        "anchors": "Optional Rules: Anchors",
        "full-sails": "Optional Rules: Full Sails",
        "towing": "Optional Rules: Towing",
    }
    advanced_only: dict[str, str] = {}
    options = {**Wsim1981.options, "grapple": (), "speed": ("attitude", "heading", "wind", "sail"),
               "move": ("attitude", "heading", "wind", "sail", "turning", "as_written", "collision")}
    queries = {"speed": "speed", "lead": "_lead"}

    def _lead(self, state: dict, tables, ship: str, opts: dict):
        """Casting the Lead: may she be told the depths around her this Move?"""
        from umpire.rules.wsim.editions.wsim1974 import optional as wsim1974_optional

        extra = sorted(k for k in opts if k != "hexes")
        if extra:
            raise BadInput(f"lead: option {extra[0]!r} is not a {self.id} option (--hexes)")
        return wsim1974_optional.lead(state, tables, ship, opts)
    #: the 1981 commands of rules the first edition does not have (the 1981 Optional Rules'
    #: masts, designations and signals) are not offered; `move` is the first edition's
    actions = {**{k: v for k, v in Wsim1981.actions.items() if k not in ("mast", "designate", "signal")},
               "wind": (WsimActions.Wind, "_wind"), "move": (Wsim1981.actions["move"][0], "_move"),
               **{c: (k, "_optional_action") for c, k in (
                   ("sink", WsimActions.Sink), ("explode", WsimActions.Explode), ("repair", WsimActions.Repair),
                   ("anchor", WsimActions.Anchor), ("sail", WsimActions.Sail), ("tow", Optional.Tow),
                   ("aground", Optional.Aground))}}

    def _move(self, state, tables, a):
        """A ship's written move for the Move, by the first edition's rules (`wsim1974_move`)."""
        from umpire.rules.wsim.editions.wsim1974 import move as wsim1974_move

        self.check_options("move", {k: v for k, v in a.opts.items() if v is not None})
        return wsim1974_move.move(self, state, tables, a.ship, a.notation, a.opts)

    def _optional_action(self, state, tables, a):
        """The optional rules' own commands (`wsim1974_optional`), each only with its rule."""
        from umpire.rules.wsim.editions.wsim1974 import optional as opt

        if a.command == "aground" and a.opts.get("land"):
            extra = sorted(k for k in a.opts if k != "land")
            if extra:
                raise BadInput(f"aground: option {extra[0]!r} does not go with --land")
            return opt.land(state, a.ship)   # land hexes are the Basic Game's too (Preparation for Play)
        opt.in_play(a.command, _optional(state, {}))
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
                raise BadInput(f"tow: option {extra[0]!r} is not a {self.id} option (--cast-off)")
            return opt.tow(state, tables, a.ship, a.towed, bool(a.opts.get("cast_off")))
        extra = sorted(k for k in a.opts if k != "refloat")
        if extra:
            raise BadInput(f"aground: option {extra[0]!r} is not a {self.id} option (--refloat, --land)")
        return opt.aground(state, tables, a.ship, bool(a.opts.get("refloat")))

    def board(self, state: dict, tables, ship: str, party: str, sections: str, target: str, opts=None):
        """As 1981; the crew of a ship that will sink or explode cannot melee (Sinking 5)."""
        for sid in (ship, target):
            if sid in state["ships"] and state["ships"][sid]["state"] in ("sinking", "exploding"):
                raise Refused(f"{state['ships'][sid]['name']} will {state['ships'][sid]['state'][:-3]}: her crew "
                              "cannot melee (1974 Sinking and Exploding Ships 5)")
        return super().board(state, tables, ship, party, sections, target, opts)

    def surrender(self, state: dict, tables, ship: str, how: str):
        """As 1981, but the first edition has no surrender by immobility: Marking Hits 5 "Loss of
        rigging cannot force a ship to surrender"."""
        if how == "immobility":
            raise Refused("loss of rigging cannot force a ship to surrender in the first edition (1974 Marking "
                          "Hits 5); a ship surrenders by striking, firepower (all gun squares gone) or melee")
        res = super().surrender(state, tables, ship, how)
        if how == "firepower":
            from umpire.core.state import Step

            res.working = [Step("surrender", "by firepower: all gun squares gone, no friendly ship within ten hexes",
                                "1974 Marking Hits 4")]
        return res

    def capture(self, state: dict, tables, ship: str, captor: str, sections: str):
        """As 1981, and a ship with no crew squares left is "up for grabs" to the first side which
        can put a prize crew on board (1974 Marking Hits 3), surrendered or not."""
        import copy

        from umpire.core.state import Step

        t, c = state["ships"].get(ship), state["ships"].get(captor)
        if (t is None or c is None or t["state"] != "active" or t.get("struck") or t["prize"]["squares"]
                or sum(t["crew_left"]) or t["controller"] == c["controller"]):
            return super().capture(state, tables, ship, captor, sections)
        grabbed = copy.deepcopy(state)
        grabbed["ships"][ship].update(state="surrendered", surrendered_by="crew lost")
        res = super().capture(grabbed, tables, ship, captor, sections)
        res.working.insert(0, Step("no crew squares left aboard", "up for grabs: the first side to put a prize "
                                   "crew on board takes her", "1974 Marking Hits 3"))
        return res

    def recover(self, state: dict, tables, ship: str):
        """A ship that surrendered (not struck) "will cease to be surrendered if no prize crew is on
        board, and no enemy ship is within five hexes distance" (1974 Marking Hits 4; the 1981
        rule asks for a friendly ship within five hexes instead). The umpire confirms the distance."""
        from umpire.core.state import Step

        res = super().recover(state, tables, ship)
        res.working = [Step("no prize crew aboard, no enemy ship within five hexes", "surrender ends",
                            "1974 Marking Hits 4")]
        return res

    # --- set-up ------------------------------------------------------------------------
    def initial_state(self, game) -> dict:
        """The Basic start, the optional rules in play, and the scenario's wind (direction,
        force, wind number: Optional Rules, Wind)."""
        from umpire.core.tables import Tables
        from umpire.rules.wsim.editions.wsim1974 import wind as wsim1974_wind

        state = super().initial_state(game)
        for ship in state["ships"].values():
            self._extend_log(ship)
        # kept under a key of its own: the 1981 hooks for the 1981 Optional Rules read `optional`
        state.pop("optional", None)
        state["optional_1974"] = list(game.meta.get("optional", []))
        duels = Tables(self.data_id)["procedures"]["victory"].get("duel_scenarios", [])
        if (game.scenario or {}).get("id") in duels:
            state["duel_victory"] = True   # "Victory Conditions: Same as single ship duels" (2B-2D)
        for ship in state["ships"].values():
            # a scenario's ships at anchor (3A "Their ships were anchored, but not on springs"):
            # anchored from Move 1 under the Anchors optional rule, which alone gives the notation
            # its effects (Anchors 1, 4)
            if ship.get("anchored_at_start") and "anchors" in state["optional_1974"]:
                ship.update(anchor="A", anchor_from=1, anchor_until=0, anchor_up=0)
        state["wind"] = wsim1974_wind.initial((game.scenario or {}).get("wind"), Tables(self.data_id))
        return state

    def ship_definition(self, name: str, side: str, ship_id: str, opts: dict) -> dict:
        """As 1981; `--rate N` gives her gun rating (the Wind Table's size columns)."""
        d = super().ship_definition(name, side, ship_id, opts)
        rate = opts.get("rate")
        if rate is not None:
            if isinstance(rate, bool) or not str(rate).strip().isdigit() or int(rate) < 1:
                raise BadInput(f"--rate {rate!r}: the gun rating is a whole number, e.g. 74")
            d["rated_guns"] = int(rate)
        return d

    def scenario_ship(self, s: dict, scen: dict) -> dict:
        """As 1981; `unloaded` names the broadsides a scenario starts empty ("All ships are assumed
        to be loaded on both broadsides ... with the exception of the French ships in Scenarios
        3A": their left broadsides are "clogged with cargo")."""
        d = super().scenario_ship(s, scen)
        if s.get("unloaded"):
            d["unloaded"] = list(s["unloaded"])
        if s.get("anchored"):
            d["anchored"] = True
        return d

    def new_ship(self, definition: dict) -> dict:
        """The Basic log, the shot in each broadside (ballshot unless Types of Ammunition), and
        what the optional rules keep (anchors, repairs, sails, tow, grounding)."""
        ship = self._extend_log(super().new_ship(definition))
        for side in definition.get("unloaded") or ():
            ship["loaded"][side] = False
        if definition.get("anchored"):
            ship["anchored_at_start"] = True   # at anchor from Move 1 if the game plays the Anchors rule
        return ship

    @staticmethod
    def _extend_log(ship: dict) -> dict:
        from umpire.rules.wsim.ship import SIDES
        from umpire.rules.wsim.editions.wsim1974 import optional as wsim1974_optional

        ship.update({"shot": {s: "round" for s in SIDES}, "loading": {}})
        return wsim1974_optional.log(ship)

    def status(self, ship: dict) -> dict:
        from umpire.rules.wsim.ship import SIDES

        out = super().status(ship)
        if "shot" in ship:   # null while the broadside is empty or its doubleshot still loading
            out["shot"] = {s: ship["shot"][s] if ship["loaded"][s] else None for s in SIDES}
        if "sails" in ship:
            out.update({"sails": ship["sails"], "anchor": ship["anchor"] or None,
                        "anchored_from": ship["anchor_from"] or None if ship["anchor"] else None,
                        "anchor_cut": ship["anchor_cut"], "repairs": dict(ship["repairs"]),
                        "towing": ship["tow_ship"] or None, "towed_by": ship["tow_by"] or None,
                        "aground": ship["grounded"] or None})
        return out

    def game_status(self, state: dict) -> dict:
        """What `status` shows beside the ships: the wind."""
        from umpire.core.tables import Tables
        from umpire.rules.wsim.editions.wsim1974 import wind as wsim1974_wind

        if "wind" not in state:
            return {}
        return {"wind": wsim1974_wind.status(state["wind"], Tables(self.data_id))}

    # --- the wind ------------------------------------------------------------------------
    def _wind(self, state, tables, a):
        """Set the wind (`--direction/--velocity/--change`), or, with the Wind optional rule,
        roll for a change before Moves 3, 6, 9, ..."""
        from umpire.rules.base import Plan
        from umpire.rules.wsim.editions.wsim1974 import wind as wsim1974_wind

        opts = {k: v for k, v in a.opts.items() if k != "_optional"}
        unknown = sorted(set(opts) - {"direction", "velocity", "change"})
        if unknown:
            raise BadInput(f"wind: option {unknown[0]!r} is not a {self.id} option (--direction, --velocity "
                           "(the force), --change (the wind number))")
        if opts:
            return wsim1974_wind.set_wind(state, opts, tables)
        if "wind" not in _optional(state, a.opts):
            raise Refused("the wind changes only with the Wind optional rule: start the game with --optional wind "
                          "(the Basic Game keeps the scenario's wind)")
        need = wsim1974_wind.roll_need(state, tables)
        return Plan(need, lambda rolls, typed: wsim1974_wind.roll(state, rolls, typed, tables), flexible=True)

    def _announce_end(self, state: dict, res, tables) -> None:
        """As 1981 (Basic XI.A.4), judged by the first edition's duel rule (`victory`); the wind
        rising above a storm is worded as the first edition has it."""
        from umpire.core.effects import applied_copy
        from umpire.core.state import Step, set_

        if any(e["path"][0] in ("ships", "wind") for e in res.effects):
            before = victory(state, tables)
            probe = applied_copy(state, [e for e in res.effects if e["path"][0] in ("ships", "wind")],
                                 ("ships", "wind", "game_over", "turn", "duel_victory"))
            end = victory(probe, tables)
            if end["over"] and [end.get(k) for k in ("winner", "draw", "why")] != \
                    [before.get(k) for k in ("winner", "draw", "why")]:
                end = {**end, "turn": state.get("turn")}
                said = "a draw" if end["draw"] else f"{end['winner']} wins" if end["winner"] else "no winner named"
                res.working.append(Step("game over", f"{end['why']}: {said}", end["source"]))
                res.data["game_over"] = end
                res.effects.append(set_(["game_over"], end))
        end = res.data.get("game_over")
        if end and end.get("source") == _HURRICANE["source"]:
            end.update(_SEAS)
            from umpire.core.state import Step

            res.working[:] = [Step(s.step, f"{_SEAS['why']}: no winner named", _SEAS["source"])
                              if s.step == "game over" and s.source == _HURRICANE["source"] else s
                              for s in res.working]
            for e in res.effects:
                if e["path"] == ["game_over"]:
                    e["value"] = dict(end)

    def score_rules(self, state: dict, tables=None) -> dict:
        """The first edition's point count (Scenario 3A, and 3B by reference): a ship captured
        twice her points, destroyed her points, forced to strike with no prize crew aboard half,
        rounded up; a side wins by 150 points or more, else the result is indecisive."""
        import math

        out = super().score_rules(state, tables)
        if "victory" in out:
            out["victory"] = victory(state, tables)
        if out.get("victory", {}).get("source") == _HURRICANE["source"]:
            out["victory"] = {**out["victory"], **_SEAS}
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

    # --- loading -------------------------------------------------------------------------
    def _load(self, state, tables, a):
        from umpire.rules.base import side_word
        from umpire.rules.wsim.editions.wsim1974 import fire as wsim1974_fire

        from umpire.rules.wsim.editions.wsim1974 import optional as wsim1974_optional

        if a.ship in state["ships"]:
            wsim1974_optional.busy(state["ships"][a.ship], state["turn"], "load")
        return wsim1974_fire.load(state, a.ship, side_word(a.side), a.shot, tables, _optional(state, {}))

    def end_turn(self, state: dict, tables):
        from umpire.rules.wsim import turns
        from umpire.rules.wsim.editions.wsim1974 import fire as wsim1974_fire

        from umpire.rules.wsim.editions.wsim1974 import optional as wsim1974_optional

        def hold(state, sid, ship):
            e1, s1, h1 = wsim1974_fire.end_turn_effects(state, sid, ship)
            e2, s2, h2 = wsim1974_optional.end_turn_effects(state, sid, ship)
            return e1 + e2, s1 + s2, h1 | h2

        return turns.end_turn(state, hold)


    def fire(self, state: dict, tables, firer: str, target: str, opts: dict):
        """How to Fire 6-7 with the optional rules in play (shot, wind, anchors: `wsim1974_fire`);
        with Sinking and Exploding Ships, a broadside that marks off the last hull square takes
        one more die on the Destroyed Hull Table (Optional Rules, 1-4)."""
        import dataclasses

        from umpire.core.dice import DiceNeed
        from umpire.rules.base import Plan
        from umpire.rules.wsim import gunnery
        from umpire.rules.wsim.editions.wsim1974 import fire as wsim1974_fire

        act = gunnery.fire_from_opts(firer, target, opts)
        optional = _optional(state, opts)
        got = wsim1974_fire.reading(state, act, tables, optional)
        need = wsim1974_fire.needs(got)
        plan = Plan(need, lambda rolls, strict: wsim1974_fire.resolve(state, act, rolls, tables, got),
                    flexible=got[0] is None and got[2] != "grape")
        if "sinking-and-exploding-ships" not in optional or not plan.need.count:
            return plan
        n = plan.need.count
        need = DiceNeed(n + 1, 6, tuple(plan.need.labels) + ("destroyed hull",))
        return dataclasses.replace(plan, need=need, flexible=True,
                                   resolve=lambda rolls, strict: _destroyed_hull(plan, n, target, rolls, strict, tables,
                                                                                 state["turn"]))

    def timer(self, state: dict, tables, optional: list[str]) -> tuple[int, int, list, str]:
        """Timed Moves (1974 Optional Rules): the 1981 minutes, but a ship whose orders were not
        written does not move."""
        from umpire.core.errors import Refused
        from umpire.rules.wsim import optional as opt

        if "timed-moves" not in (state.get("optional_1974") or optional):
            raise Refused("a timer for writing movement belongs to the optional rule 'timed-moves' (Timed Moves), "
                          "which this game was not started with (umpire new ... --optional timed-moves)")
        section = "Optional Rules: Timed Moves (1974)"
        minutes, most, steps = opt.timer_minutes(state, tables, tables["optional-1974"]["timed_moves"], section,
                                                 "the ship does not move")
        return minutes, most, steps, "ships with no orders written do not move"

    def speed(self, state: dict, tables, ship: str, opts: dict):
        """Battle sails as 1981; full sails with the Full Sails optional rule (1-4); with the Wind
        optional rule, the game's wind: becalmed, the Wind Table by force, no full sails in a
        gale (small ships) or a storm. The wind direction is the game's unless --wind is given."""
        from umpire.rules.wsim import movement
        from umpire.rules.wsim.ship import sections_lost
        from umpire.rules.wsim.editions.wsim1974 import wind as wsim1974_wind

        self.check_options("speed", {k: v for k, v in opts.items() if v is not None})
        optional = _optional(state, opts)
        from umpire.rules.wsim.editions.wsim1974 import optional as wsim1974_optional

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

    def melee(self, state: dict, tables, attackers: list[str], defender: str, opts=None):
        """One exchange of dice per Move (Melee Procedure 12(b)-(c)); the 1981 resolution with
        `procedures.melee.rounds` = 1, its working worded for the first edition."""
        import dataclasses

        plan = super().melee(state, tables, attackers, defender, opts)
        if not hasattr(plan, "resolve"):
            return plan

        def resolve(rolls, strict):
            res = plan.resolve(rolls, strict)
            if res.kind == "melee" and res.data.get("outcome") == "defenders win":
                res = _bpd_captures(state, tables, res, attackers, defender)
            res.working = [_first_edition_step(s) for s in res.working]
            return res

        return dataclasses.replace(plan, resolve=resolve)


SUNK = ("sinking", "exploding", "sunk", "exploded")


def victory(state: dict, tables=None) -> dict:
    """The 1981 judgement (`turns.victory`), with the first edition's duel rule for a ship that
    sinks while the other surrenders: Scenario One "Games where both players sink or surrender at
    the same time are draws. If one ship sinks, and the other surrenders at the same time, the
    player who surrendered in [is] the winner". A ship that will sink or explode (Destroyed Hull
    Table), or has, counts as sinking."""
    from umpire.rules.wsim import turns

    v = turns.victory(state, tables)
    if v.get("action") == "multi-ship" and not v.get("over") and state.get("duel_victory"):
        return _as_duel(state, v)
    if v.get("action") != "single-ship" or not v.get("over") or not v.get("draw"):
        return v
    ships = list(state["ships"].values())
    sunk = [s for s in ships if s["state"] in SUNK]
    if len(sunk) != 1:
        return v
    other = next(s for s in ships if s is not sunk[0])
    return {**v, "draw": False, "winner": other["side"],
            "why": f"{sunk[0]['name']} sinks while {other['name']} surrenders", "source": "1974 Scenario One"}


def _as_duel(state: dict, v: dict) -> dict:
    """A multi-ship scenario whose victory is "Same as single ship duels" (2B, 2C, 2D): a side
    wins when every ship of the other has sunk, struck, surrendered, been captured or lost all her
    crew; both at once is a draw, unless one side's last ships sank and the other's surrendered."""
    from umpire.rules.wsim import turns

    ships = list(state["ships"].values())
    sides = sorted({s["side"] for s in ships})
    if len(sides) != 2:
        return v
    beaten = [side for side in sides
              if all(turns._down(s) or turns._no_crew(s) for s in ships if s["side"] == side)]
    if not beaten:
        return v
    src = "1974 Scenario Two (Same as single ship duels)"
    if len(beaten) == 2:
        sank = [side for side in sides if any(s["state"] in SUNK for s in ships if s["side"] == side)]
        if len(sank) != 1:
            return {**v, "over": True, "draw": True, "why": "both sides have lost every ship", "source": src}
        winner = next(side for side in sides if side != sank[0])
        return {**v, "over": True, "winner": winner, "draw": False,
                "why": f"{sank[0]} sinks while {winner} surrenders", "source": src}
    winner = next(side for side in sides if side not in beaten)
    return {**v, "over": True, "winner": winner, "draw": False,
            "why": f"every {beaten[0]} ship has sunk, struck, surrendered or been taken", "source": src}


def _bpd_captures(state: dict, tables, res, attackers: list[str], defender: str):
    """A victorious BPD takes the ship its beaten enemy came from: Melee Procedure 12(c) "The
    victorious boarding party is now considered to be on the deck of the ship the enemy boarding
    party came from; the ship is captured", and Boarding & Melee 11 "A victorious boarding party
    (even a "BPD") that captures a ship by melee is always considered to end the Move on the decks
    of the captured ship". (The 1981 DBP only may board her, IX.C.6.)"""
    import copy

    from umpire.core.effects import apply
    from umpire.core.state import Step
    from umpire.rules.wsim import boarding

    loser = attackers[0]
    keep = [e for e in res.effects if not (e["path"][:2] == ["ships", loser]
                                           and e["path"][2:] in (["state"], ["surrendered_by"]))]
    after = apply(copy.deepcopy(state), keep)
    bpd = boarding._force(after["ships"][defender], "dbp", None)
    if bpd is None:   # nothing left to go aboard: the 1981 surrender stands
        return res
    steps = [s for s in res.working if s.source != "Basic IX.C.3, IX.C.6"]
    steps.append(Step("defeated boarding party", f"its squares are prisoners; the victorious BPD is on the deck of "
                      f"{state['ships'][loser]['name']}: she is captured, her other crew squares prisoners",
                      "1974 Melee Procedure 12(c); Boarding & Melee 11"))
    sub = boarding.capture_by_obp(after, [bpd], loser, tables, steps, keep, melee=True)
    sub.data.update(res.data)
    return sub


def _destroyed_hull(plan, n: int, target: str, rolls, strict: bool, tables, turn: int = 0):
    """The 1981 broadside, then the Destroyed Hull die if it struck the target."""
    from umpire.core.errors import BadInput
    from umpire.core.state import Step, set_

    res = plan.resolve(tuple(rolls[:n]), strict)
    struck = any(e["path"] == ["ships", target, "state"] and e["value"] == "struck" for e in res.effects)
    want = n + (1 if struck else 0)
    if strict and len(rolls) != want:
        raise BadInput(f"this broadside needs {want} dice" + (": the hit die, then the Destroyed Hull die (her last "
                       "hull square is gone)" if struck else " (she keeps hull squares: no Destroyed Hull die)")
                       + f"; got {len(rolls)}")
    res.data["rolls"] = list(rolls[:want])
    if struck:
        die = rolls[n]
        result = tables["destroyed-hull"]["results"][die - 1]
        res.working.append(Step(f"Destroyed Hull Table, die {die}", {"surrenders": "the ship surrenders",
                                "sinks": "she will sink (a 6 on a later Move)",
                                "explodes": "she will explode (a 6 on a later Move)"}[result],
                                tables.source("destroyed-hull")))
        if result != "surrenders":
            res.effects.append(set_(["ships", target, "state"], "sinking" if result == "sinks" else "exploding"))
            res.effects.append(set_(["ships", target, "doomed_turn"], turn))
        res.data["destroyed_hull"] = result
    return res


def _first_edition_step(step):
    """The 1981 melee working's rule references, as the first edition words them."""
    from umpire.core.state import Step

    if step.step == "three rounds fought":
        return Step("one exchange fought", "no decision: the melee goes on next Move",
                    "1974 Melee Procedure 12(c)")
    if "three to one" in step.value and step.source == "Basic IX.C.3":
        return Step(step.step, step.value, "1974 Melee Procedure 12(c)")
    return step


_HURRICANE = {"source": "Advanced III.A.3.c"}   # the 1981 end of the game by the wind
_SEAS = {"why": "the wind has risen above a storm: the seas are too high to fight a battle",
         "source": "1974 Optional Rules: Wind 3(b)"}


def _optional(state: dict, opts: dict) -> list[str]:
    """The game's optional rules: kept in the state; the command line also passes them."""
    return list(state.get("optional_1974") or opts.get("_optional") or [])
