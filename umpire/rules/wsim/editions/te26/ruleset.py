"""WS&IM Tournament Edition 2.6, over the 1981 ruleset.

The edition's tables are on table cards that are not in its text, so every command that
needs one reads it from the game's table pack (`umpire new --tables`); without the pack
the command is refused naming the table and `umpire tables template` (core.tables).

Built so far: the two-dice fouling, unfouling, grappling and ungrappling (6.1, 8.3.5, 9.1.2,
9.2.1) with the text's own rules (a 12 always fouls; a 12 always ungrapples; +1 to
unfoul by marking off a rigging square, 6.1), the morale check (3.2.5.1, 12.3.5), the
melee of one OBP against a DBP (12.3, `te26_melee`), Beginners' fire on the pack's HDT and
Hit Tables with gun hit location dice (11.2-11.4, `te26_fire`), loading and the end of the turn. The other
commands are not offered yet (docs/coverage/wsim-te26.md).
"""

from __future__ import annotations

from umpire.core import actions as A
from umpire.core.dice import DiceNeed
from umpire.core.errors import BadInput, Refused
from umpire.core.state import Resolution, Step, set_
from umpire.rules.wsim import actions as WsimActions
from umpire.rules.wsim import citations
from umpire.rules.wsim import boarding, planners
from umpire.rules.wsim.ruleset import Wsim1981
from umpire.rules.wsim.actions import Move
from umpire.rules.wsim.optional_actions import Tow
from umpire.rules.wsim.optional_actions import Aground, Designate
from umpire.rules.wsim.editions.te26.actions import Burn, Musketry
from umpire.rules.wsim.editions.te26.optional.bombs import Bomb
from umpire.rules.wsim.editions.te26.marines import Station, TeSail
from umpire.rules.wsim.editions.te26.optional.rowing import Row
from umpire.rules.wsim.editions.te26.optional.boats import Collide

_BUILT = ("fire", "foul", "unfoul", "grapple", "ungrapple", "board", "melee", "load", "turn", "transfer", "surrender",
          "recover", "capture")
_YES = ("1", "yes", "true")


class WsimTe26(Wsim1981):
    id = "wsim-te26"
    aliases = ("te26", "wsim-te", "wsim-tournament")
    data_id = "wsim-te26"
    ship_record = "umpire.rules.wsim.record:WSIM_TE26"
    title = "Wooden Ships & Iron Men, Tournament Edition rules 2.6"
    level = "basic"
    levels = ("basic", "advanced")
    level_classes = {"advanced": "umpire.rules.wsim.editions.te26.ruleset:WsimTe26Advanced"}
    #: the Optional Rules (31.0-57.0) by their titles; none changes play yet
    optional_rules = {
        "timed-moves": "31.0", "critical-hit-critical-miss": "32.0", "small-target-modifiers": "33.0",
        "small-crew-modifier": "34.0", "variable-seamanship": "35.0", "loss-of-rigging": "36.0",
        "towing": "37.0", "fore-and-aft-rigging": "38.0", "rowing": "39.0", "wind-velocity": "40.0",
        "blocked-wind": "41.0", "variable-wind-direction-and-velocity": "42.0", "changing-wind-number": "43.0",
        "land-rocks-and-shoals": "44.0", "casting-the-lead": "45.0", "multi-player-communication": "46.0",
        "scurvy": "47.0", "copper-bottoms": "48.0", "command-lag": "49.0", "fireships": "51.0",
        "merchantmen": "52.0", "privateers-and-pirates": "53.0", "boats": "54.0", "forts": "55.0",
        "bombs": "56.0", "soldiers": "57.0",
    }
    #: optional rules that act on Advanced Game rules, and why (refused at the Beginners' level)
    advanced_only: dict[str, str] = {
        "critical-hit-critical-miss": "critical hits are an Advanced Game rule (16.1.2.2)",
        "wind-velocity": "the wind changes in the Advanced Game's Wind Phase (30.0)",
        "changing-wind-number": "the wind changes in the Advanced Game's Wind Phase (30.0)",
        "variable-wind-direction-and-velocity": "the wind is an Advanced Game rule (30.0)",
        "land-rocks-and-shoals": "refloating is the Advanced Game's Refloat Phase (29.0) and rocks give waterline "
                                 "damage (Critical Hit 10H)",
        "bombs": "mortars fire only while anchored (19.3) and not in a gale or storm (Advanced wind, 30.0)",
    }
    #: the Tournament Edition's optional rules are its own: the 1981 Optional Rules' hooks stay out
    optional_hooks = False
    queries = {"speed": "_speed", "lead": "_lead"}
    actions = {**{k: v for k, v in Wsim1981.actions.items() if k in _BUILT},
               **{k: (Wsim1981.actions[k][0], "_te_contact") for k in ("foul", "unfoul", "grapple", "ungrapple")},
               **{k: (Wsim1981.actions[k][0], f"_te_{k}") for k in ("fire", "melee", "board", "transfer", "load")},
               "turn": (Wsim1981.actions["turn"][0], "_te_turn"), "morale": (A.Morale, "_morale"),
               "designate": (Designate, "_te_designate"), "move": (Move, "_te_move"), "tow": (Tow, "_te_tow"),
               "mast": (A.Mast, "_te_mast"), "ram": (Collide, "_te_ram")}
    options = {**Wsim1981.options, "speed": (*Wsim1981.options["speed"], "towing", "kedged"),
               "fire": ("range", "side", "aim", "facing", "grapple-plotted", "boat-sailing"), "grapple": (), "foul": ("bowsprit",), "unfoul": ("rigging", "full-sails", "fireships"), "morale": ("outnumbered", "flagship"),
               "melee": tuple(f"{w}-{k}" for w in ("attacker", "defender")
                              for k in ("grape", "larger", "both-hexes", "stern-to-stern", "bow-rake", "flagship",
                                        "soldiers"))}

    def _te_fire(self, state, tables, a):
        """A broadside, checked as the 1981 ones are (`planners.check_fire`), by this text's rules."""
        planners.check_fire(self, state, a)
        return self.fire(state, tables, a.ship, a.at, a.opts)

    def _te_contact(self, state, tables, a):
        self.check_options(a.kind, a.opts)
        return self.contact(state, tables, a.kind, a.ship, a.other, a.opts)

    def _te_melee(self, state, tables, a):
        planners.check_melee(self, state, a)
        return self.melee(state, tables, a.attackers, a.defender, a.opts)

    def _te_board(self, state, tables, a):
        self.check_options("board", a.opts)
        planners.check_doomed(self, state, [a.ship, a.at], "board or be boarded")
        return self.board(state, tables, a.ship, a.party, a.sections, a.at, a.opts)

    def _te_transfer(self, state, tables, a):
        planners.check_doomed(self, state, [a.ship, a.to], "have crew taken off or put aboard")
        return self.transfer(state, tables, a.ship, a.to, a.sections)

    def _te_load(self, state, tables, a):
        planners.check_busy(self, state, a.ship, "load")
        return self.load(state, tables, a.ship, a.side, a.shot)

    def _te_turn(self, state, tables, a):
        return self.end_turn(state, tables)

    def load(self, state: dict, tables, ship: str, side: str, shot: str = ""):
        """A broadside loaded with roundshot (the Beginners' game)."""
        return planners.load(self, state, tables, WsimActions.Load(ship, side, shot))

    def end_turn(self, state: dict, tables):
        return planners.end_turn(self, state, tables, None)

    def fire(self, state: dict, tables, firer: str, target: str, opts: dict):
        """A broadside (11.2-11.4) on the pack's HDT and Hit Tables 0-10, then a gun hit location
        die per gun hit (11.4.3.1.1), which also says which kind of gun is hit."""
        from umpire.rules.base import Plan
        from umpire.rules.wsim import gunnery
        from umpire.rules.wsim.editions.te26 import advanced_fire as te26_advanced
        from umpire.rules.wsim.editions.te26.optional import merchantmen as te26_optional_ships
        from umpire.rules.wsim.editions.te26.fire import most_gun_hits
        from umpire.rules.wsim.editions.te26.optional import loss_of_rigging as te26_rest_masts

        te26_rest_masts.no_fire(state, firer)                          # 36.2.2
        from umpire.rules.wsim.editions.te26.optional import boats as te26_boats

        te26_boats.fire_check(state, target, opts)                     # 54.2.2-54.2.3

        act = gunnery.fire_from_opts(firer, target, {**opts, "rake": "", "lose": ""})   # no rakes at this level
        got = te26_advanced.Reading(state, act, {k: v for k, v in opts.items()
                                                 if k == "grapple-plotted"}, tables)
        te26_optional_ships.fire_reading(got)          # Optional 52.2.3
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

    def melee(self, state: dict, tables, attackers: list[str], defender: str, opts=None):
        """The Tournament Edition melee (12.3): OBPs against a DBP or an OBP (te26_melee)."""
        from umpire.rules.base import Plan
        from umpire.rules.wsim.editions.te26 import melee as te26_melee

        need = te26_melee.needs(state, attackers, defender, tables)
        return Plan(need, lambda rolls, strict: te26_melee.resolve(state, attackers, defender, opts or {}, rolls,
                                                                   tables, strict), flexible=True)

    def plan_action(self, state: dict, tables, action: dict):
        """Every command, after 12.4.7's limits on a prize crew the turn after the capture."""
        from umpire.rules.wsim.editions.te26 import prize as te26_prize

        cmd = action.get("command", "")
        if cmd in te26_prize.FORBIDDEN or cmd == "anchor":
            friendly = cmd == "grapple" and action.get("with") in state["ships"] and action.get("ship") in \
                state["ships"] and state["ships"][action["with"]]["controller"] == \
                state["ships"][action["ship"]]["controller"]
            if not friendly:
                te26_prize.check(state, cmd, action.get("ship", ""), action.get("how", "") or action.get("notation", ""))
        from umpire.rules.wsim.editions.te26.optional import land as te26_optional

        te26_optional.check(state, action)              # Optional 44, 52, 55, 56: what they forbid
        alt = te26_optional.instead(state, tables, action)          # Optional 57.3: soldiers' muskets
        if alt is not None:
            return alt
        return te26_optional.follow(state, action, super().plan_action(te26_optional.view(state, action), tables, action))

    def board(self, state: dict, tables, ship: str, party: str, sections: str, target: str, opts=None):
        """Boarding parties as 1981 (whole sections, lowest first), with the Tournament Edition's
        limits: an OBP of ships fouled but not grappled takes one crew section (10.1.2.3, 12.3.7);
        once boarded, a party grows by one section a turn (10.1.2.2); no OBP while weighing anchor
        (19.3.6.1)."""
        from umpire.rules.base import section_list
        from umpire.rules.wsim.editions.te26 import ship_work as te26_ship_work

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

    def transfer(self, state: dict, tables, ship: str, to: str, sections: str):
        """A transfer boarding party to a friendly ship (12.1, 10.2.6-10.2.8): only between grappled
        friendly ships, neither grappled or fouled to an enemy nor fired at this turn; no more than
        double her crew; she takes the worse crew quality of the two."""
        from umpire.rules.base import section_list
        from umpire.rules.wsim import boarding

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

    def _morale(self, state, tables, a: A.Morale):
        """A morale check: one die against the crew quality number (3.2.5.1), with the melee
        modifiers of 12.3.5 when the umpire gives them (`--opt outnumbered=1`, `--opt flagship=1`)."""
        from umpire.rules.base import Plan

        self.check_options("morale", a.opts)
        if a.ship not in state["ships"]:
            raise BadInput(f"no ship {a.ship!r}")
        return Plan(DiceNeed(1, 6, ("morale",)), lambda rolls, strict: _morale(state, a.ship, a.opts, rolls, tables))

    def contact(self, state: dict, tables, kind: str, a: str, b: str, opts: dict):
        """Two dice on the pack's table for the attempt (6.1, 8.3.5, 9.1.2, 9.2.1)."""
        from umpire.rules.base import Plan
        from umpire.rules.wsim import contact
        from umpire.rules.wsim.editions.te26 import melee as te26_melee

        contact.check_contact(state, kind, a, b)
        name = contact.KINDS[kind][0]
        friendly = state["ships"][a]["controller"] == state["ships"][b]["controller"]
        if kind == "grapple":
            from umpire.rules.wsim.editions.te26 import move as te26_move

            te26_move.check_grapple(state, a)
        if kind == "grapple" and b in state["ships"][a]["grappled"]:
            raise Refused(f"{state['ships'][a]['name']} and {state['ships'][b]['name']} are grappled already: "
                          "once two ships are grappled, no more grapples are made between them (TE 2.6 9.1.9)")
        _contact_mods(self.level, kind, opts)                  # bad options refused before any die
        if kind == "grapple" and b in state["ships"][a]["fouled"]:
            tables["grappling-modifiers"]      # "Fouling provides a + modifier for grappling (see table)"
        if friendly and kind == "ungrapple":
            return Plan(DiceNeed(0, 6, (kind,)), lambda rolls, strict: _resolve(state, kind, a, b, (), None, tables, opts,
                                                                                self.level))
        table = tables[name]            # refused here, before any die, when the game has no pack for it
        n = tables["procedures"]["contact"]["dice"]
        bows = _bowsprits(state, kind, a, b, opts)
        pair = te26_melee.locked(state, a, b) if kind in ("unfoul", "ungrapple") else None
        if pair:
            tables["melee-crew-loss"]
        need = DiceNeed(n + len(bows) + (1 if pair else 0), 6, tuple(f"{kind} die {i + 1}" for i in range(n))
                        + tuple(f"{s}: bowsprit" for s in bows) + (("crew loss as the ships part",) if pair else ()))

        def go(rolls, strict):
            res = _resolve(state, kind, a, b, rolls[:n], table, tables, opts, self.level)
            if bows:
                _bowsprit_damage(state, bows, rolls[n:], res, tables)
            sa = state["ships"][a]
            apart = res.data["success"] and [x for x in sa["fouled"] + sa["grappled"] if x == b] == [b]
            if pair and apart:
                if len(rolls) < n + 1:
                    raise BadInput("the ships part while locked in melee: one more die, the crew loss roll against "
                                   "the returning OBP (TE 2.6 12.3.6)")
                te26_melee.parted(state, pair, rolls[n], res, tables)
            elif pair and strict and len(rolls) > n:
                raise BadInput(f"{kind} used {n} dice; got {len(rolls)} (the crew loss die is rolled only when the "
                               "ships part)")
            return res
        return Plan(need, go, flexible=bool(pair))

    def _te_move(self, state, tables, a: Move):
        """A ship's written move, checked by the 1981 move checker with this text's additions (te26_move)."""
        from umpire.rules.wsim.editions.te26 import move as te26_move

        self.check_options("move", {k: v for k, v in a.opts.items() if v is not None})
        if a.ship not in state["ships"]:
            raise BadInput(f"no ship {a.ship!r}")
        from umpire.rules.wsim.editions.te26.optional import boats as te26_boats

        if te26_boats.is_boat(state, a.ship):                          # Optional 54.1
            return te26_boats.move(self, state, tables, a.ship, a.notation, a.opts)
        from umpire.rules.wsim.editions.te26.optional import loss_of_rigging as te26_rest_masts

        try:
            res = te26_move.move(self, te26_rest_masts.view(state, a.ship), tables, a.ship, a.notation, a.opts)
        except (Refused, BadInput) as exc:                            # 36.2.2 is 1981 Optional VIII.B
            raise type(exc)(str(exc).replace("Optional Rules VIII.B", "TE 2.6 36.2.2")) from None
        return te26_rest_masts.cited(res)

    def _lead(self, state: dict, tables, ship: str, opts: dict):
        """Optional 45, casting the lead: the 1981 rule word for word (45.1-45.2), on this ruleset's
        optional rules and anchors, cited by this text's numbers."""
        from umpire.rules.wsim import optional
        from umpire.rules.wsim.editions.te26 import ship_work as te26_ship_work

        if ship not in state["ships"]:
            raise BadInput(f"no ship {ship!r}")
        if "casting-the-lead" not in (state.get("optional") or []):
            raise Refused("casting the lead belongs to the optional rule 'casting-the-lead' (TE 2.6 45.0), which "
                          "this game was not started with (umpire new ... --optional casting-the-lead)")
        s = state["ships"][ship]
        seen = {**s, "anchor": "yes" if te26_ship_work.anchored(s, state["turn"]) else ""}
        view = {**state, "optional": ["casting-the-lead"], "ships": {**state["ships"], ship: seen}}
        return optional.lead(view, tables, ship, opts)

    def _te_tow(self, state, tables, a: Tow):
        """Optional 37: the grapple made into a tow, or cast off (te26_tow)."""
        from umpire.rules.wsim.editions.te26.optional import towing as te26_tow

        for sid in (a.ship, a.towed):
            if sid and sid not in state["ships"]:
                raise BadInput(f"no ship {sid!r}")
        return te26_tow.tow(state, tables, a.ship, a.towed, a.opts)

    def ship_definition(self, name: str, side: str, ship_id: str, opts: dict) -> dict:
        """As 1981, with her marines (3.2.7, `ship add --marines N`: a section of their own); and
        class 8, the tiny craft this text adds (2.3.1 "from the highest class of 1 down to 8")."""
        eight = str(opts.get("class") or "").strip() == "8" or str(opts.get("class_number") or "").strip() == "8"
        if eight:
            if str(opts.get("class") or "8").strip() != "8":
                raise BadInput(f"class number 8: a tiny craft, of no ship type (class {opts['class']!r} given; TE 2.6 "
                               "2.3.1)")
            opts = {**opts, "class": None, "class_number": None}
        d = super().ship_definition(name, side, ship_id, opts)
        if eight:
            d["class_number"] = 8                                        # 2.3.1; 33.2 small target
        n = opts.get("marines")
        if n is not None:
            if isinstance(n, bool) or not str(n).isdigit():
                raise BadInput(f"--marines {n!r}: her marine squares, a whole number from 0 (TE 2.6 3.2.7)")
            d["marines"] = int(n)
        return d

    def new_ship(self, definition: dict) -> dict:
        ship = super().new_ship(definition)
        ship["marines_max"] = ship["marines_left"] = int(definition.get("marines", 0))
        return ship

    def _te_designate(self, state, tables, a):
        """What the scenario states for Optional 38, 41, 47 and 48 (te26_ship_work)."""
        from umpire.rules.wsim.editions.te26.optional import merchantmen as te26_optional_ships
        from umpire.rules.wsim.editions.te26 import ship_work as te26_ship_work

        if a.ship not in state["ships"]:
            raise BadInput(f"no ship {a.ship!r}")
        mine = {k: v for k, v in a.opts.items() if k in te26_optional_ships.KEYS and v}
        if mine:                                        # Optional 52-53
            if any(v not in (None, False) for k, v in a.opts.items() if k not in mine):
                raise BadInput("designate: a merchantman, privateer or pirate is designated in a command of its own")
            return te26_optional_ships.designate(state, a.ship, mine, tables)
        return te26_ship_work.designate(state, a.ship, a.opts, tables)

    def speed(self, state: dict, tables, ship: str, opts: dict):
        """The Beginners' allowance (7.1), with a fore-and-aft rigged ship's hex in attitude D (38.0)
        and a mast over the side (36.2.2)."""
        from umpire.rules.wsim.editions.te26.optional import boats as te26_boats
        from umpire.rules.wsim.editions.te26.optional import loss_of_rigging as te26_rest_masts
        from umpire.rules.wsim.editions.te26 import marines as te26_rigging

        def under_sail(st, op):
            seen = te26_rest_masts.view(te26_rigging.fore_and_aft_view(st, ship), ship)
            return te26_rest_masts.cited(te26_rigging.fore_and_aft_cited(planners.basic_speed(self, seen, tables, ship,
                                                                                               op)))
        if te26_boats.is_boat(state, ship):                            # Optional 54.1
            return te26_boats.speed(state, tables, ship, opts, under_sail)
        if opts.get("kedged") not in (None, "", "0", "no"):             # Optional 54.1.5
            return te26_boats.kedged(state, ship, opts)
        return under_sail(state, {k: v for k, v in opts.items() if k not in ("towing", "kedged")})

    def _te_ram(self, state, tables, a):
        """Optional 54.1.4: a collision with a boat unit (te26_boats)."""
        from umpire.rules.wsim.editions.te26.optional import boats as te26_boats

        return te26_boats.collide(state, a)

    def _te_mast(self, state, tables, a):
        """Optional 36.2: the Loss of Rigging Summary dice owed, or cutting a mast loose (te26_rest_masts)."""
        from umpire.rules.wsim.editions.te26.optional import loss_of_rigging as te26_rest_masts

        return te26_rest_masts.plan(state, tables, a.ship, a.opts)

    def after_action(self, state: dict, res, tables=None) -> None:
        """As 1981; and with Optional 36 a die owed for each whole rigging section lost (36.2)."""
        from umpire.rules.wsim.editions.te26.optional import loss_of_rigging as te26_rest_masts

        super().after_action(state, res, tables)
        te26_rest_masts.after(state, res)

    def _speed(self, state: dict, tables, ship: str, opts: dict):
        """`speed`, and with Optional 41 the umpire's --blocked-by ship (te26_ship_work.blocked)."""
        from umpire.rules.wsim.editions.te26 import ship_work as te26_ship_work

        blocker = opts.get("blocked_by")
        res = self.speed(state, tables, ship, {k: v for k, v in opts.items() if k != "blocked_by"})
        if blocker:
            res.working = list(res.working)
            te26_ship_work.blocked(state, tables, state["ships"][ship], blocker, res)
        return res

    def timer(self, state: dict, tables, optional: list[str]) -> tuple[int, int, list, str]:
        """31.0 Timed moves: the Planning Phase timed; a ship with no orders sails straight on."""
        from umpire.core.errors import Refused
        from umpire.rules.wsim import optional as opt

        if "timed-moves" not in (state.get("optional") or optional):
            raise Refused("a timer for the Planning Phase belongs to the optional rule 'timed-moves' (31.0), "
                          "which this game was not started with (umpire new ... --optional timed-moves)")
        minutes, most, steps = opt.timer_minutes(state, tables, tables["timed-moves"]["timed_moves"], "TE 2.6 31.0",
                                                 "the ship moves on a straight course her full movement allowance")
        return minutes, most, steps, "ships with no orders written sail straight on their full allowance"

    def initial_state(self, game) -> dict:
        state = super().initial_state(game)
        state["optional"] = list(game.meta.get("optional", []))   # rules read by commands that do not carry them
        return state

    def announce_end(self, state: dict, res, tables) -> None:
        """The single-ship end (14.1-14.1.4) and the hurricane (40.3.4), as in 1981, cited from this text
        (its `citations` table) in the journalled end too."""
        super().announce_end(state, res, tables)
        end = res.data.get("game_over")
        if end:
            old = end["source"]
            end["source"] = citations.translate(tables, old)
            res.working = [Step(s.step, s.value, end["source"]) if s.step == "game over" else s for s in res.working]
            for e in res.effects:
                if e["path"] == ["game_over"]:
                    e["value"] = dict(end)

    def score_rules(self, state: dict, tables=None) -> dict:
        return super().score_rules(state, tables)

    def status(self, ship: dict) -> dict:
        """The 1981 status, with the Tournament Edition's fire aboard (20.0) and the shot loaded (26.1)."""
        out = super().status(ship)
        out["fire"] = ship.get("te_fire") or None
        out["marines_left"] = ship.get("marines_left", 0)
        if ship.get("te_sections"):
            out["sections"] = ship["te_sections"]["now"]               # 16.2 (te26_rest_sections)
        if ship.get("te_masts_due"):
            out["masts_due"] = ship["te_masts_due"]                  # 36.2 (te26_rest_masts)
        if ship.get("te_mast_over"):
            out["mast_over"] = [m.get("side") for m in ship["te_mast_over"]]
        if ship.get("te_marines_aloft"):
            from umpire.rules.wsim.editions.te26.marines import aloft

            out["marines_at"] = "rigging" if aloft(ship) else "boarding party"     # 19.8, 10.1.2.1
        out["sails"] = ship.get("sails", "battle")
        out["anchor"] = ship.get("te_anchor") or None
        out["destroyed_hull"] = ship.get("te_destroyed") or None
        if ship.get("te_aground"):
            out["aground"] = ship["te_aground"]
        for key in ("merchantman", "privateer", "boat", "mortars", "mortar_load", "fort", "soldiers"):   # 52-57
            if ship.get(f"te_{key}"):
                out[key] = ship[f"te_{key}"]
        out["shot"] = {s: ship.get("te_shot", {}).get(s, "round") if ship["loaded"][s] else None
                       for s in ("left", "right")}
        return out


class WsimTe26Advanced(WsimTe26):
    level = "advanced"
    actions = {**WsimTe26.actions, "explode": (A.Explode, "_te_explode"), "burn": (Burn, "_te_burn"),
               "wind": (WsimActions.Wind, "_te_wind"), "sail": (TeSail, "_te_sail"),
               "anchor": (WsimActions.Anchor, "_te_anchor"), "repair": (A.Repair, "_te_repair"),
               "sink": (WsimActions.Sink, "_te_sink"), "pumps": (A.Pumps, "_te_pumps"),
               "musketry": (Musketry, "_te_musketry"),
               "aground": (Aground, "_te_aground"), "bomb": (Bomb, "_te_bomb"),
               "station": (Station, "_te_station"), "row": (Row, "_te_row")}

    def _te_row(self, state, tables, a):
        """Optional 39: the change to oars or back to sails, plotted for next turn (te26_rowing)."""
        from umpire.rules.wsim.editions.te26.optional import rowing as te26_rowing

        return te26_rowing.row(state, tables, a.ship, a.to)

    def _te_station(self, state, tables, a):
        """Marines to the deck or the rigging (19.8; te26_rigging)."""
        from umpire.rules.wsim.editions.te26 import marines as te26_rigging

        return te26_rigging.station(state, a.ship, a.marines)

    def _te_bomb(self, state, tables, a):
        """Optional 56: a bomb's mortar loaded or fired (te26_optional_bombs)."""
        from umpire.rules.wsim.editions.te26.optional import bombs as te26_optional_bombs

        return te26_optional_bombs.plan(state, tables, a)

    def _te_aground(self, state, tables, a):
        """Optional 44: a ship aground, on rocks or on land, and refloating her (te26_optional)."""
        from umpire.rules.wsim.editions.te26.optional import land as te26_optional

        self._ship(state, a.ship)
        return te26_optional.aground(state, tables, a.ship, a.opts)

    def speed(self, state: dict, tables, ship: str, opts: dict):
        """Battle or full sails (19.1.1: the full sail chart from the pack), default the sails she has."""
        from umpire.rules.wsim.editions.te26 import ship_work as te26_ship_work

        from umpire.rules.wsim.editions.te26 import marines as te26_rigging

        self.check_options("speed", {k: v for k, v in opts.items() if v is not None})
        self._ship(state, ship)
        from umpire.rules.wsim.editions.te26.optional import rowing as te26_rowing

        from umpire.rules.wsim.editions.te26.optional import boats as te26_boats

        from umpire.rules.wsim.editions.te26.optional import loss_of_rigging as te26_rest_masts

        def under_sail(st, op):
            seen = te26_rest_masts.view(te26_rigging.fore_and_aft_view(st, ship), ship)     # 38.0, 36.2.2
            return te26_rest_masts.cited(te26_rigging.fore_and_aft_cited(te26_ship_work.speed(seen, tables, ship, op)))
        if te26_boats.is_boat(state, ship):                            # Optional 54.1
            return te26_boats.speed(state, tables, ship, opts, under_sail)
        if opts.get("kedged") not in (None, "", "0", "no"):             # Optional 54.1.5
            return te26_boats.kedged(state, ship, opts)
        res = under_sail(state, {k: v for k, v in opts.items() if k not in ("towing", "kedged")})
        return te26_rowing.speed(state, tables, ship, res)              # 39.3

    def _te_musketry(self, state, tables, a):
        """Musket fire at an adjacent enemy (24.7; te26_musket)."""
        from umpire.rules.base import Plan
        from umpire.rules.wsim.editions.te26 import musket as te26_musket

        from umpire.rules.wsim.editions.te26 import marines as te26_rigging

        te26_musket.check(state, a.ship, a.at, a.opts, tables)
        te26_rigging.musket_check(state, a.ship)                       # 24.7.1
        if te26_rigging.aloft(state["ships"][a.ship]):                 # 24.7.4, 24.7.6
            return Plan(te26_musket.need(), lambda rolls, strict: te26_rigging.musket_from_rigging(
                state, a.ship, a.at, rolls, strict, tables), flexible=True)
        return Plan(te26_musket.need(), lambda rolls, strict: te26_musket.resolve(state, a.ship, a.at, rolls, strict,
                                                                                  tables), flexible=True)

    def _te_sink(self, state, tables, a):
        """The Destroyed Hull Phase of a ship that may sink or explode (24.3.2.2; te26_sinking)."""
        from umpire.rules.base import Plan
        from umpire.rules.wsim.editions.te26 import sinking as te26_sinking

        self._ship(state, a.ship)
        ship = te26_sinking.check_sink(state, a.ship)
        if ship.get("te_fireship"):
            return Plan(DiceNeed(1, 6, ("fireship",)),
                        lambda rolls, strict: te26_sinking.fireship_phase(state, a.ship, rolls, strict))
        return Plan(te26_sinking.sink_need(state, a.ship),
                    lambda rolls, strict: te26_sinking.sink(state, a.ship, rolls, strict, tables), flexible=True)

    def _te_pumps(self, state, tables, a: A.Pumps):
        """Crew sections at the pumps for waterline damage (11.3.3; te26_sinking)."""
        from umpire.rules.wsim.editions.te26 import sinking as te26_sinking

        self._ship(state, a.ship)
        return te26_sinking.pumps(state, a.ship, a.crew)

    def _te_sail(self, state, tables, a):
        """The Sail Status Phase (19.1, 27.0): full or battle sails (te26_ship_work); near the
        enemy, Optional 35.1's die (te26_rigging)."""
        from umpire.rules.wsim.editions.te26 import marines as te26_rigging
        from umpire.rules.wsim.editions.te26 import ship_work as te26_ship_work

        self._ship(state, a.ship)
        from umpire.rules.wsim.editions.te26.optional import rowing as te26_rowing

        te26_rowing.no_sail_change(state, a.ship)                      # 39.2
        return te26_rigging.seamanship(state, tables, a.ship, getattr(a, "opts", None) or {},
                                       te26_ship_work.sail(state, a.ship, a.sails))

    def _te_anchor(self, state, tables, a):
        """Anchor, weigh or cut anchors (19.3; te26_ship_work)."""
        from umpire.rules.wsim.editions.te26 import ship_work as te26_ship_work

        self._ship(state, a.ship)
        return te26_ship_work.anchor(state, a.ship, a.how)

    def _te_repair(self, state, tables, a: A.Repair):
        """The Repair Phase (19.5, 28.0; Optional 35.2): one die (te26_ship_work)."""
        from umpire.rules.base import Plan
        from umpire.rules.wsim.editions.te26 import ship_work as te26_ship_work

        self._ship(state, a.ship)
        near = te26_ship_work.repair_check(state, a.ship, a.what, a.opts)
        optional = list(state.get("optional") or [])
        return Plan(te26_ship_work.repair_need(), lambda rolls, strict: te26_ship_work.repair(
            state, a.ship, a.what, near, rolls, tables, optional))

    def end_turn(self, state: dict, tables):
        """As 1981 (a forgotten broadside reloads, 26.1.1), with the shot last fired unless spent
        (26.1.1.1); when she fired both, a die says which one (26.1.1.2)."""
        from umpire.rules.base import Plan
        from umpire.rules.wsim.editions.te26 import advanced_fire as te26_advanced

        both = te26_advanced.fired_both(state)
        if not both:
            return self._close_turn(state, tables, ())
        return Plan(DiceNeed(len(both), 6, tuple(f"{sid}: which broadside reloads" for sid in both)),
                    lambda rolls, strict: self._close_turn(state, tables, rolls))

    def _close_turn(self, state: dict, tables, rolls):
        from umpire.rules.wsim import turns
        from umpire.rules.wsim.editions.te26 import advanced_fire as te26_advanced
        from umpire.rules.wsim.editions.te26 import ship_work as te26_ship_work

        chosen = dict(zip(te26_advanced.fired_both(state), rolls))

        def hold(state, sid, ship):
            from umpire.rules.wsim.editions.te26.optional import rowing as te26_rowing

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

    @staticmethod
    def _ship(state: dict, ship_id: str) -> None:
        if ship_id not in state["ships"]:
            raise BadInput(f"no ship {ship_id!r}")

    def after_action(self, state: dict, res, tables=None) -> None:
        """As 1981; and a ship whose whole first rigging section goes loses full sails for good (19.1.3)."""
        super().after_action(state, res, tables)
        for e in list(res.effects):
            p = e["path"]
            if len(p) == 3 and p[0] == "ships" and p[2] == "rigging_left" and e["op"] == "set" \
                    and e["value"] and e["value"][0] == 0 and not state["ships"][p[1]].get("te_no_full_sails"):
                res.effects.append(set_(["ships", p[1], "te_no_full_sails"], True))
                if state["ships"][p[1]].get("sails") == "full":
                    res.effects.append(set_(["ships", p[1], "sails"], "battle"))
                res.working.append(Step(f"{state['ships'][p[1]]['name']}: first rigging section gone",
                                        "no full sails for the rest of the game", "TE 2.6 19.1.3"))

    def initial_state(self, game) -> dict:
        """The Beginners' start, and the wind (30.1): the scenario's, an original change number
        converted (30.1.2.1); else a normal breeze with direction and change number to set."""
        from umpire.core.tables import Tables
        from umpire.rules.wsim.editions.te26 import wind as te26_wind

        state = super().initial_state(game)
        state["wind"] = te26_wind.initial((game.scenario or {}).get("wind"), te26_wind.rules_of(Tables(self.data_id)))
        return state

    def game_status(self, state: dict) -> dict:
        from umpire.rules.wsim.editions.te26 import wind as te26_wind

        return {"wind": te26_wind.public(state["wind"])} if "wind" in state else {}

    def _te_wind(self, state, tables, a):
        """Set the wind (`--direction/--velocity/--change`) or roll the Wind Phase (30.0)."""
        from umpire.rules.base import Plan
        from umpire.rules.wsim.editions.te26 import wind as te26_wind

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
    options = {**WsimTe26.options,
               "fire": ("range", "side", "aim", "facing", "rake", "sections-busy", "grapple-plotted", "mir",
                        "full-sails", "target-mir",
                        "anchored", "target-full-sails", "target-anchored", "section", "boat-sailing")}

    def fire(self, state: dict, tables, firer: str, target: str, opts: dict):
        """Advanced fire (16.1, 24.2-24.6): rake numbers, Advanced modifiers, tables above 10,
        critical hits (te26_advanced)."""
        from umpire.rules.base import Plan
        from umpire.rules.wsim import gunnery
        from umpire.rules.wsim.editions.te26 import advanced_fire as te26_advanced
        from umpire.rules.wsim.editions.te26.optional import merchantmen as te26_optional_ships

        from umpire.rules.wsim.editions.te26.optional import rowing as te26_rowing

        te26_rowing.no_guns(state, firer, "fire")                      # 39.4
        from umpire.rules.wsim.editions.te26.optional import loss_of_rigging as te26_rest_masts

        te26_rest_masts.no_fire(state, firer)                          # 36.2.2
        from umpire.rules.wsim.editions.te26.optional import boats as te26_boats

        te26_boats.fire_check(state, target, opts)                     # 54.2.2-54.2.3
        act = gunnery.fire_from_opts(firer, target, {**opts, "lose": ""})
        from umpire.rules.wsim.editions.te26 import sections as te26_rest_sections
        from umpire.rules.wsim.editions.te26 import marines as te26_rigging

        seen, section = state, str(opts.get("section") or "").lower()
        if section:                                                    # 16.2, 24.1.2: one section fires
            seen, said = te26_rest_sections.section_view(state, firer, act.side, section, act.range, tables)
        got = te26_advanced.Reading(seen, act, opts, tables)
        if section:
            got.steps.insert(0, said)
        te26_optional_ships.fire_reading(got)          # Optional 52.2.3
        target_mir = te26_advanced.flag(opts, "target-mir")           # 24.2.7: sailors aloft on the target

        def resolve(rolls, strict):
            res = te26_advanced.resolve(seen, got, rolls, strict, tables)
            res = te26_rigging.fire_follow(state, target, target_mir, res)
            return te26_rest_sections.follow(state, target, te26_rowing.fire_follow(state, target, res))
        return Plan(got.need(), resolve, flexible=True)

    def _te_explode(self, state, tables, a: A.Explode):
        """A ship blows up (24.3.2.3): adjacent ships and ships two hexes away (te26_explode)."""
        from umpire.rules.base import Plan
        from umpire.rules.wsim.editions.te26 import explode as te26_explode

        extra = sorted(k for k, v in a.opts.items() if v)
        if extra:
            raise BadInput(f"explode: option {extra[0]!r} is not a wsim-te26 option (only --near SHIP=HEXES)")
        if a.ship not in state["ships"]:
            raise BadInput(f"no ship {a.ship!r}")
        need = te26_explode.plan_need(state, a.ship, a.near, tables)
        return Plan(need, lambda rolls, strict: te26_explode.resolve(state, a.ship, a.near, rolls, strict, tables),
                    flexible=True)

    def _te_burn(self, state, tables, a: Burn):
        """Fire aboard (20.0): set, fight with crew sections, or the phase with no attempt (te26_firefight)."""
        from umpire.rules.base import Plan
        from umpire.rules.wsim.editions.te26 import firefight as ff

        if a.what == "fireship":
            from umpire.rules.wsim.editions.te26 import sinking as te26_sinking

            if a.areas or a.opts.get("crew") or a.opts.get("to"):
                raise BadInput("burn SHIP fireship takes no areas, --crew or --to")
            self._ship(state, a.ship)
            return te26_sinking.set_fireship(state, a.ship)
        crew = ff.check(state, a.ship, a.what, a.areas, a.opts, tables["procedures"]["firefighting"])
        if a.what == "set":
            return ff.set_fire(state, a.ship)
        need = ff.need(state, a.ship, a.what)
        return Plan(need, lambda rolls, strict: ff.resolve(state, a.ship, a.what, crew, rolls, strict, tables),
                    flexible=True)

    def load(self, state: dict, tables, ship: str, side: str, shot: str = ""):
        from umpire.rules.base import side_word
        from umpire.rules.wsim.editions.te26 import advanced_fire as te26_advanced
        from umpire.rules.wsim.editions.te26.optional import rowing as te26_rowing

        te26_rowing.no_guns(state, ship, "load")                       # 39.4
        return te26_advanced.load(state, ship, side_word(side), shot, tables)


def _resolve(state: dict, kind: str, a: str, b: str, rolls: tuple[int, ...], table, tables, opts,
             level: str = "basic") -> Resolution:
    from umpire.rules.wsim import contact

    name, track, making = contact.KINDS[kind]
    sa, sb = state["ships"][a], state["ships"][b]
    steps: list[Step] = []
    effects: list[dict] = []
    if not rolls:
        success = True
        steps.append(Step("friendly ships", f"{kind} is automatic", "TE 2.6 9.2.1"))
    else:
        total = sum(rolls)
        steps.append(Step("two dice", f"{rolls[0]} + {rolls[1]} = {total}", "TE 2.6 " + table["section"]))
        rules = tables["procedures"]["contact"]
        if kind == "unfoul" and _rigging_bonus(opts):
            effects += _mark_rigging(sa)
            total += 1
            steps.append(Step("a rigging square marked off", f"+1 = {total}", "TE 2.6 6.1"))
        if kind == "grapple" and sa["controller"] == sb["controller"]:
            total += rules["friendly_grapple"]
            steps.append(Step("friendly ships", f"{rules['friendly_grapple']:+d} = {total}", "TE 2.6 9.1.3"))
        if kind == "grapple" and b in sa["fouled"]:
            gm = tables["grappling-modifiers"]
            value = gm["cells"][0][0]
            total += value
            steps.append(Step("the ships are fouled", f"{value:+d} = {total}", gm["source"]))
        fireships = sum(1 for x in (sa, sb) if x.get("te_fireship"))
        mods = _contact_mods(level, kind, opts)
        if fireships and kind == "foul":
            total += rules["foul_fireship"]
            steps.append(Step("a fireship afire", f"{rules['foul_fireship']:+d} = {total}", "TE 2.6 51.7"))
        if fireships and kind == "unfoul":
            mods["unfoul_fireship"] = max(fireships, mods.get("unfoul_fireship", 0))
        for key, n in mods.items():
            total += n * rules[key]
            steps.append(Step({"unfoul_full_sails": f"{n} ship(s) at full sails",
                               "unfoul_fireship": f"{n} fireship(s)"}[key], f"{n * rules[key]:+d} = {total}",
                              "TE 2.6 18.1" if key == "unfoul_full_sails" else "TE 2.6 18.2"))
        if kind == "foul" and sum(rolls) == rules["always_fouls"]:
            success = True
            steps.append(Step("a roll of 12", "always fouls", "TE 2.6 8.3.5"))
        elif kind == "grapple" and sum(rolls) == rules["always_grapples"]:
            success = True
            steps.append(Step("a roll of 12", "always grapples", "TE 2.6 9.1.4"))
        elif kind == "ungrapple" and sum(rolls) == rules["always_ungrapples"]:
            success = True
            steps.append(Step("a roll of 12", "always succeeds", "TE 2.6 9.2.1"))
        else:
            col = 0
            if kind == "ungrapple":
                col = 0 if sa.get("grappled_on", {}).get(b) == state["turn"] else 1
            row = _row(table, total)
            success = table["cells"][row][col] == "success"
            steps.append(Step(f"{table['title']}, row {table['rows'][row]}, {table['columns'][col]}",
                              table["cells"][row][col], table["source"]))
    if kind != "foul":
        effects.append(set_(["ships", a, "tries"], sa.get("tries", []) + [f"{kind}:{b}"]
                            + ([f"{kind}:{b}!"] if kind == "ungrapple" and success else [])))
    if success and making:
        stamp = "fouled_on" if kind == "foul" else "grappled_on"
        for x, y in ((sa, b), (sb, a)):
            effects.append(set_(["ships", x["id"], stamp], {**x.get(stamp, {}), y: state["turn"]}))
    if success:
        for x, y in ((sa, b), (sb, a)):
            now = list(x[track])
            now.append(y) if making else now.remove(y)
            effects.append(set_(["ships", x["id"], track], now))
    outcome = {"foul": "fouled", "unfoul": "unfouled", "grapple": "grappled", "ungrapple": "ungrappled"}[kind]
    summary = f"{sa['name']} and {sb['name']}: " + (outcome if success else f"not {outcome}")
    data = {"ships": [a, b], "attempt": kind, "success": success, "rolls": list(rolls),
            "result": outcome if success else "no effect"}
    return Resolution(kind, summary, effects, steps, data)


def _morale(state: dict, ship_id: str, opts: dict, rolls: tuple[int, ...], tables) -> Resolution:
    rules = tables["procedures"]["morale"]
    ship = state["ships"][ship_id]
    quality = rules["quality"][ship["quality"]]
    roll = rolls[0]
    steps = [Step("crew quality", f"{ship['quality']} = {quality}", "TE 2.6 3.2.5.1"), Step("die", str(roll))]
    for key, why in (("outnumbered", "opponent has a 2-1 ratio in TMS"), ("flagship", "the ship is a flagship")):
        value = str(opts.get(key) or "").lower()
        if value not in ("", "0", "no", "false") + _YES:
            raise BadInput(f"morale --opt {key}={value}: use {key}=1 when {why}")
        if value in _YES:
            roll += rules[key]
            steps.append(Step(why, f"{rules[key]:+d} = {roll}", "TE 2.6 12.3.5"))
    passed = roll <= quality
    steps.append(Step("equal or below the crew quality number" if passed else "greater than the crew quality number",
                      "passes" if passed else "fails", "TE 2.6 3.2.5.1"))
    data = {"ship": ship_id, "rolls": list(rolls), "passed": passed, "quality": ship["quality"]}
    return Resolution("morale", f"{ship['name']} {'passes' if passed else 'fails'} the morale check", [], steps, data)


def _bowsprits(state: dict, kind: str, a: str, b: str, opts: dict) -> list[str]:
    """The ships whose bows entered the collision hex (`foul --opt bowsprit=A[,B]`, 8.3.4)."""
    given = str(opts.get("bowsprit") or "").strip()
    if not given:
        return []
    if kind != "foul":
        raise BadInput(f"{kind} --opt bowsprit: bowsprit damage comes with a collision (`foul`, TE 2.6 8.3.4)")
    ships = [x.strip().lower() for x in given.split(",") if x.strip()]
    bad = [x for x in ships if x not in (a, b)] or [x for x in ships if ships.count(x) > 1]
    if bad:
        raise BadInput(f"foul --opt bowsprit={given}: name {a} and/or {b}, the ships whose bows entered the collision "
                       "hex, once each")
    for x in ships:
        ship = state["ships"][x]
        if ship.get("class_number") is None and ship.get("class", "").upper() not in ("SOL", "F", "C", "B", "S", "SC"):
            raise BadInput(f"{ship['name']}: bowsprit damage depends on whether she is a ship of the line "
                           "(TE 2.6 8.3.4); give her class with `ship add --class`")
    return ships


def _bowsprit_damage(state: dict, bows: list[str], rolls, res: Resolution, tables) -> None:
    """8.3.4 "On a 1 or 2: for a ship of the line, mark out the remainder of its first rigging
    section; for any other vessel under sail, mark out one half of the remainder of the first
    section, rounded up"."""
    import math

    rules = tables["procedures"]["contact"]
    for sid, d in zip(bows, rolls):
        ship = state["ships"][sid]
        first = ship["rigging_left"][0]
        sol = ship.get("class_number") in (1, 2) or ship.get("class", "").upper() == "SOL"
        from umpire.rules.wsim.editions.te26.ship_work import anchored

        if d > rules["bowsprit_damage_on"] or not first or (not sol and anchored(ship, state["turn"])):
            why = "no damage" if d > rules["bowsprit_damage_on"] or not first else "no damage: she is not under sail"
            res.working.append(Step(f"{ship['name']}: bowsprit die {d}", why, "TE 2.6 8.3.4"))
            continue
        lost = first if sol else math.ceil(first / 2)
        left = [first - lost] + list(ship["rigging_left"][1:])
        res.effects.append(set_(["ships", sid, "rigging_left"], left))
        res.working.append(Step(f"{ship['name']}: bowsprit die {d}", f"{lost} of the {first} squares left in her "
                                f"first rigging section ({'a ship of the line: all' if sol else 'half, rounded up'})",
                                "TE 2.6 8.3.4"))
    res.data["rolls"] = list(res.data.get("rolls", [])) + list(rolls)


def _row(table: dict, total: int) -> int:
    """The row holding a modified total; a total beyond the card's rows reads its first or last row."""
    from umpire.rules.wsim.editions.packs import row_or_edge

    return row_or_edge(table, total)


def _contact_mods(level: str, kind: str, opts: dict) -> dict[str, int]:
    """The Advanced unfouling modifiers the umpire gives: ships at full sails (18.1), fireships (18.2)."""
    out = {}
    for key, rule in (("full-sails", "unfoul_full_sails"), ("fireships", "unfoul_fireship")):
        value = str(opts.get(key) or "0")
        if not value.isdigit():
            raise BadInput(f"{kind} --opt {key}={value}: the number of ships (0, 1 or 2)")
        if int(value):
            if level != "advanced":
                raise BadInput(f"{kind} --opt {key}: an Advanced Game modifier (TE 2.6 18.0)")
            if int(value) > 2:
                raise BadInput(f"{kind} --opt {key}={value}: two ships are unfouling, so 0, 1 or 2")
            out[rule] = int(value)
    return out


def _rigging_bonus(opts: dict) -> bool:
    value = str(opts.get("rigging") or "").lower()
    if value not in ("", "1", "yes", "true"):
        raise BadInput(f"unfoul --opt rigging={value}: use rigging=1 to mark off one rigging square for +1 (6.1)")
    return bool(value)


def _mark_rigging(ship: dict) -> list[dict]:
    """One rigging square marked off, from the first section with squares left (6.1)."""
    left = list(ship["rigging_left"])
    for i, n in enumerate(left):
        if n > 0:
            left[i] -= 1
            return [set_(["ships", ship["id"], "rigging_left"], left)]
    raise BadInput(f"{ship['name']} has no rigging square left to mark off for the +1 (6.1)")
