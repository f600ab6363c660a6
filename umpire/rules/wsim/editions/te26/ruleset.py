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

The planners the action and query tables name are in `planners.py` (Beginners) and
`advanced_planners.py` (Advanced), loaded on first use.
"""

from __future__ import annotations

from umpire.core import actions as A
from umpire.core.errors import BadInput
from umpire.core.ruleset import load
from umpire.core.state import Step, set_
from umpire.core.tables import Tables
from umpire.rules.wsim import actions as WsimActions
from umpire.rules.wsim import citations
from umpire.rules.wsim.ruleset import Wsim1981
from umpire.rules.wsim.actions import Move
from umpire.rules.wsim.optional_actions import Aground, Designate, Tow
from umpire.rules.wsim.editions.te26 import wind as te26_wind
from umpire.core.actions import Burn, Musketry
from umpire.rules.wsim.editions.te26.actions import Bomb, Collide, Row, Station, TeSail

#: where the planners live
PLANNERS = "umpire.rules.wsim.editions.te26.planners"
ADVANCED = "umpire.rules.wsim.editions.te26.advanced_planners"
_BUILT = ("surrender", "recover", "capture")   # the 1981 planners serve these as they are


def _p(name: str) -> str:
    return f"{PLANNERS}:{name}"


def _a(name: str) -> str:
    return f"{ADVANCED}:{name}"


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
    queries = {"speed": _p("speed"), "lead": _p("lead")}
    actions = {**{k: v for k, v in Wsim1981.actions.items() if k in _BUILT},
               **{k: (A.Contact, _p("contact")) for k in ("foul", "unfoul", "grapple", "ungrapple")},
               "fire": (A.Fire, _p("fire")), "melee": (A.Melee, _p("melee")), "board": (A.Board, _p("board")),
               "transfer": (A.Transfer, _p("transfer")), "load": (WsimActions.LoadWithShot, _p("load")),
               "turn": (A.EndTurn, _p("end_turn")), "morale": (A.Morale, _p("morale")),
               "designate": (Designate, _p("designate")), "move": (Move, _p("move")), "tow": (Tow, _p("tow")),
               "mast": (A.Mast, _p("mast")), "ram": (Collide, _p("ram"))}
    options = {**Wsim1981.options, "speed": (*Wsim1981.options["speed"], "towing", "kedged"),
               "fire": ("range", "side", "aim", "facing", "grapple-plotted", "boat-sailing"), "grapple": (),
               "foul": ("bowsprit",), "unfoul": ("rigging", "full-sails", "fireships"),
               "morale": ("outnumbered", "flagship"),
               "melee": tuple(f"{w}-{k}" for w in ("attacker", "defender")
                              for k in ("grape", "larger", "both-hexes", "stern-to-stern", "bow-rake", "flagship",
                                        "soldiers"))}

    def plan_action(self, state: dict, tables, action: dict):
        """Every command, after 12.4.7's limits on a prize crew the turn after the capture and what
        the optional rules forbid or do instead (`planners.plan_action`)."""
        return load(_p("plan_action"))(self, state, tables, action, super().plan_action)

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

    def after_action(self, state: dict, res, tables=None) -> None:
        """As 1981; and with Optional 36 a die owed for each whole rigging section lost (36.2)."""
        super().after_action(state, res, tables)
        load("umpire.rules.wsim.editions.te26.optional.loss_of_rigging:after")(state, res)

    def timer(self, state: dict, tables) -> tuple[int, int, list, str]:
        """31.0 Timed moves: the Planning Phase timed; a ship with no orders sails straight on."""
        return load(_p("timer"))(self, state, tables)

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

    def status(self, ship: dict) -> dict:
        """The 1981 status, with the Tournament Edition's fire aboard (20.0) and the shot loaded (26.1)."""
        out = super().status(ship)
        out["fire"] = ship.get("te_fire") or None
        out["marines_left"] = ship.get("marines_left", 0)
        if ship.get("te_sections"):
            out["sections"] = ship["te_sections"]["now"]               # 16.2 (te26_sections)
        if ship.get("te_masts_due"):
            out["masts_due"] = ship["te_masts_due"]                  # 36.2 (te26_loss_of_rigging)
        if ship.get("te_mast_over"):
            out["mast_over"] = [m.get("side") for m in ship["te_mast_over"]]
        if ship.get("te_marines_aloft"):
            aloft = load("umpire.rules.wsim.editions.te26.marines:aloft")
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
    actions = {**WsimTe26.actions, "fire": (A.Fire, _a("fire")), "load": (WsimActions.LoadWithShot, _a("load")),
               "turn": (A.EndTurn, _a("end_turn")), "explode": (A.Explode, _a("explode")), "burn": (Burn, _a("burn")),
               "wind": (WsimActions.Wind, _a("wind")), "sail": (TeSail, _a("sail")),
               "anchor": (WsimActions.Anchor, _a("anchor")), "repair": (A.Repair, _a("repair")),
               "sink": (WsimActions.Sink, _a("sink")), "pumps": (A.Pumps, _a("pumps")),
               "musketry": (Musketry, _a("musketry")), "aground": (Aground, _a("aground")),
               "bomb": (Bomb, _a("bomb")), "station": (Station, _a("station")), "row": (Row, _a("row"))}
    queries = {**WsimTe26.queries, "speed": _a("speed")}
    options = {**WsimTe26.options,
               "fire": ("range", "side", "aim", "facing", "rake", "sections-busy", "grapple-plotted", "mir",
                        "full-sails", "target-mir",
                        "anchored", "target-full-sails", "target-anchored", "section", "boat-sailing"),
               "wind": ("direction", "velocity", "change")}

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
        state = super().initial_state(game)
        state["wind"] = te26_wind.initial((game.scenario or {}).get("wind"), te26_wind.rules_of(Tables(self.data_id)))
        return state

    def game_status(self, state: dict) -> dict:
        return {"wind": te26_wind.public(state["wind"])} if "wind" in state else {}
