"""The WS&IM 1981 ruleset as the command line sees it: its commands, set-up and ship record.

The planners its action and query tables name live in the rule modules' planner modules
(`rules/wsim/planners.py`, Advanced: `rules/wsim/advanced_planners.py`) and are loaded on first
use, so reading a game (`umpire status`) imports only the ship model.
"""

from __future__ import annotations

from typing import ClassVar

from umpire.core.errors import BadInput, Refused, UmpireError
from umpire.core import actions as A
from umpire.core.ruleset import Ruleset, load, without_legacy
from umpire.core.tables import Tables
from umpire.rules.wsim import actions as WsimActions
from umpire.rules.wsim import citations
from umpire.rules.wsim import optional_actions as OptionalActions
from umpire.rules.wsim.ship import CLASS_NUMBERS, SHOTS, new_ship, read_class, status
from umpire.rules.wsim.spec import Quality, Spec
from umpire.rules.wsim.wind import force_name

#: where the 1981 planners live
PLANNERS = "umpire.rules.wsim.planners"


def _p(name: str) -> str:
    return f"{PLANNERS}:{name}"


class Wsim1981(Ruleset):
    id = "wsim-1981"
    aliases = ("wsim", "wsim1981", "wsim-2e", "wooden-ships")
    data_id = "wsim-1981"
    ship_record = "umpire.rules.wsim.record:WSIM_1981"
    title = "Wooden Ships & Iron Men, second edition (1981)"
    units = "hexes"
    family = "wsim"
    level = "basic"
    levels = ("basic", "advanced")
    level_classes = {"advanced": "umpire.rules.wsim.advanced:Wsim1981Advanced"}
    #: the Optional Rules of the 1981 text (names: the titles in kebab-case) -> their section
    optional_rules = {
        "timed-moves": "Optional Rules II", "multi-player-communication": "Optional Rules III",
        "command-lag": "Optional Rules IV", "changing-wind-number": "Optional Rules V",
        "variable-wind-direction-and-velocity": "Optional Rules VI", "towing": "Optional Rules VII",
        "loss-of-rigging": "Optional Rules VIII", "blocked-wind": "Optional Rules IX",
        "exploding-ships": "Optional Rules X", "running-aground": "Optional Rules XI",
        "casting-the-lead": "Optional Rules XII", "optional-rake-determination": "Optional Rules XIII",
        "fore-and-aft-rigging": "Optional Rules XIV", "copper-bottom": "Optional Rules XV.A",
        "scurvy": "Optional Rules XV.B", "wind-effects": "Advanced Game III.B.2",
    }
    #: optional rules that build on Advanced Game rules, and why (refused at the Basic level)
    advanced_only = {
        "changing-wind-number": "it changes the Advanced wind phase's change number",
        "variable-wind-direction-and-velocity": "wind velocity is an Advanced Game rule",
        "exploding-ships": "exploding ships are an Advanced Game rule",
        "copper-bottom": "it acts on full sails, an Advanced Game rule",
    }
    #: whether the 1981 Optional Rules' hooks (rules/wsim/optional.py) act in fire, at the end of the
    #: turn, after any change and at the start; an edition whose optional rules are its own says no
    optional_hooks: ClassVar[bool] = True
    required_keys = ("id", "name", "side", "controller", "state", "hull_left", "crew_left", "guns_left",
                     "carronades_left", "rigging_left", "loaded", "at_turn_start", "prize")
    definition_kinds = {"spec": "", "turning": 0, "class_number": 0, "rated_guns": 0}
    list_items = {"fired_this_turn": ("left", "right"), "liable": ("firepower", "immobility"),
                  "fouled": "ship", "grappled": "ship", "parties": 0, "critical_effects": {}, "loading": 0}
    actions = {"fire": (A.Fire, _p("fire")), "foul": (A.Contact, _p("contact")),
               "unfoul": (A.Contact, _p("contact")), "grapple": (A.Contact, _p("contact")),
               "ungrapple": (A.Contact, _p("contact")), "melee": (A.Melee, _p("melee")),
               "board": (A.Board, _p("board")), "capture": (A.Capture, _p("capture")),
               "transfer": (A.Transfer, _p("transfer")), "load": (WsimActions.LoadWithShot, _p("load")),
               "surrender": (A.Surrender, _p("surrender")), "recover": (A.Recover, _p("recover")),
               "turn": (A.EndTurn, _p("end_turn")), "move": (WsimActions.Move, _p("move")),
               **{c: (kind, _p("advanced_cmd")) for c, kind in (
                   ("sail", WsimActions.Sail), ("sink", WsimActions.Sink), ("explode", WsimActions.ExplodeAdjacent),
                   ("repair", WsimActions.RepairTurn), ("anchor", WsimActions.Anchor), ("wind", WsimActions.Wind))},
               # the Optional Rules' own commands; each refuses in a game started without its rule
               **{c: (kind, _p("optional_cmd")) for c, kind in (
                   ("mast", A.Mast), ("tow", OptionalActions.Tow), ("aground", OptionalActions.Aground),
                   ("designate", OptionalActions.Designate), ("signal", OptionalActions.Signal))}}
    queries = {"speed": _p("speed"), "lead": _p("lead")}

    #: the options each command takes, as the command line names them; any other is refused
    options: dict[str, tuple[str, ...]] = {
        "fire": ("range", "side", "aim", "rake", "facing", "lose"),
        "speed": ("attitude", "heading", "wind", "sail", "blocked_by"),
        "foul": (), "unfoul": (), "grapple": ("motionless",), "ungrapple": (), "board": (), "melee": (),
        "move": ("attitude", "heading", "wind", "sail", "turning", "as_written", "collision", "blocked_by",
                 "for_turn", "erase_orders", "unwritten"),
        "wind": ("direction", "velocity", "change", "variable"), "mast": ("cut",),
    }

    def ship_problem(self, ship: dict) -> str:
        """A crew quality that is none of the five, her own or a prize crew's; a shot no rule knows."""
        known = {q.value for q in Quality}
        prize = ship.get("prize") or {}
        if ship.get("quality") not in known:
            return f"crew quality {ship.get('quality')!r} is not one of {sorted(known)}"
        if prize.get("squares") and prize.get("quality") not in known:
            return f"the prize crew's quality {prize.get('quality')!r} is not one of {sorted(known)}"
        shot = ship.get("shot")
        for side, kind in (shot.items() if isinstance(shot, dict) else ()):
            if kind not in ("", *SHOTS):
                return f"the shot loaded in her {side} broadside, {kind!r}, is not one of {', '.join(SHOTS)}"
        return ""

    # --- setup -----------------------------------------------------------
    def initial_state(self, game) -> dict:
        """Turn 1, the ships (the level's log, Advanced I.B, for scenario ships too) and the
        optional rules in force; with the 1981 Optional Rules, the scenario's designations."""
        self.check_optional(game.meta.get("optional", []))
        state = super().initial_state(game)
        if self.optional_hooks and state["optional"]:   # read by rules/wsim/optional.py
            load("umpire.rules.wsim.optional:scenario_marks")(state, game.ships, Tables(self.data_id))
        return state

    def ship_definition(self, name: str, side: str, ship_id: str, opts: dict) -> dict:
        if not opts.get("spec"):
            raise BadInput("a WS&IM ship needs --spec, e.g. --spec \"14H-(5-4-4)M-10(1)G-7R(3)-5-22'-23(AV)\"")
        if not isinstance(opts["spec"], str):
            raise BadInput(f"spec {opts['spec']!r}: a spec is text like 14H-(5-4-4)M-10(1)G-7R(3)-5-22'-23(AV)")
        spec = Spec.parse(opts["spec"])
        charts = Tables(self.data_id)["movement"]
        if str(spec.battle_sail) not in charts["battle_sail"] or str(spec.full_sail) not in charts["full_sail"]:
            raise BadInput(f"spec {opts['spec']!r}: battle sail (rigging sections) must be "
                           f"{' or '.join(charts['battle_sail'])} and full sail {', '.join(charts['full_sail'])} "
                           "(the movement charts)")
        try:
            cls, number = read_class(opts.get("class"))
        except ValueError as exc:
            raise BadInput(str(exc)) from None
        if opts.get("class_number") is not None:   # a scenario may give both, e.g. SOL and 2
            given = opts["class_number"]
            if isinstance(given, bool) or not str(given).isdigit() or int(given) not in CLASS_NUMBERS \
                    or cls and cls not in CLASS_NUMBERS[int(given)]:
                raise BadInput(f"class number {given!r}: use 1-7, one that fits class {cls or 'not given'}")
            number = int(given)
        d = {"id": ship_id, "name": name, "side": side, "spec": str(spec), "class": cls}
        if number is not None:
            d["class_number"] = number
        turning = opts.get("turning")   # printed on the counter, not in the text: unknown unless given
        if turning is not None:
            if isinstance(turning, bool) or not str(turning).isdigit() or not 1 <= int(turning) <= 6:
                raise BadInput(f"turning ability {turning!r}: use 1 to 6")
            d["turning"] = int(turning)
        if opts.get("nation"):
            d["nation"] = opts["nation"]
        return d

    def scenario_ship(self, s: dict, scen: dict) -> dict:
        d = super().scenario_ship(s, scen)
        for key in ("hex", "direction", "arrives", "rated_guns", "nation", "fore_and_aft", "uncoppered",
                    "newly_arrived"):   # the last three: what the optional rules read (rules/wsim/optional.py)
            if key in s:
                d[key] = s[key]
        return d

    def new_ship(self, definition: dict) -> dict:
        return new_ship(definition)

    def status(self, ship: dict) -> dict:
        return status(ship)

    def ship_status(self, ship: dict, state: dict | None = None) -> dict:
        """As the contract's, and for a ship a scenario brings on later, the turn she `arrives` and
        whether she has (Basic V.A.2: nothing is done by or to her before then)."""
        out = super().ship_status(ship, state)
        arrives = ship.get("arrives")
        if isinstance(arrives, int) and not isinstance(arrives, bool) and arrives > 1:
            turn = (state or {}).get("turn", 1)
            out.update(arrives=arrives, arrived=isinstance(turn, int) and turn >= arrives)
        return out

    # --- what the planners share ----------------------------------------------
    def timer(self, state: dict, tables) -> tuple[int, int, list, str]:
        """Timed moves (Optional II): (minutes to write movement, most ships a side, working, what
        becomes of a ship whose orders were not written). Refused in a game without the rule."""
        return load(_p("timer"))(self, state, tables)

    def score(self, state: dict, tables=None) -> dict:
        """The score as the rules count it (`score_rules`), its sources cited by the game's text."""
        return citations.shown(tables if tables is not None else Tables(self.data_id), self.score_rules(state, tables))

    def score_rules(self, state: dict, tables=None) -> dict:
        return load(_p("score"))(self, state, tables)

    def announce_end(self, state: dict, res, tables) -> None:
        """The action that meets a victory condition says the game is over (Basic XI.A.4)."""
        load("umpire.rules.wsim.after:announce_end")(state, res, tables)

    def plan(self, state: dict, tables, action: dict):
        """Every command, its working and refusals cited as the game's own text numbers its rules
        (the `citations` table of its data; rules/wsim/citations.py)."""
        try:
            self.check_arrived(state, action)
            if action.get("command") != "wind":      # the umpire may set a bad wind right with `wind`
                check_wind(state, tables)
            return citations.cited(tables, self.plan_action(state, tables, without_legacy(action)))
        except UmpireError as exc:
            raise citations.error(tables, exc) from None

    def check_arrived(self, state: dict, action: dict) -> None:
        """A ship a scenario brings on later (`arrives`) takes no part before then: "Ships which are
        scheduled to enter, enter and move in this phase" (Basic V.A.2)."""
        if action.get("command") in ("designate", "ship"):   # what the scenario states of her, set beforehand
            return
        word = "Move" if self.id == "wsim-1974" else "turn"
        for key in ("ship", "at", "other"):
            ship = state.get("ships", {}).get(action.get(key) or "")
            if ship and int(ship.get("arrives") or 0) > state.get("turn", 1):
                raise Refused(f"{ship['name']} enters the game in {word} {ship['arrives']} (the scenario's "
                              f"arrives): nothing is done by or to her before then (Basic V.A.2)")

    def plan_action(self, state: dict, tables, action: dict):
        """The command's Plan or Resolution as the rules decide it (an edition overrides this)."""
        return super().plan(state, tables, action)

    def query(self, state: dict, tables, command: str, ship: str, opts: dict):
        """A read-only answer, cited as the game's own text numbers its rules."""
        try:
            check_wind(state, tables)
            return citations.cited(tables, super().query(state, tables, command, ship, opts))
        except UmpireError as exc:
            raise citations.error(tables, exc) from None

    def after(self, state: dict, res, tables=None) -> None:
        """The rules that follow any change (`after_action`), their working cited by the game's text."""
        self.after_action(state, res, tables)
        if tables is not None:
            citations.resolution(tables, res)

    def after_action(self, state: dict, res, tables=None) -> None:
        """Rules that follow any change: the end of the game, prisoners rising against a thin
        prize crew, and what the Optional Rules and the Advanced Game add (`rules/wsim/after.py`)."""
        load("umpire.rules.wsim.after:after")(self, state, res, tables)


def check_wind(state: dict, tables) -> None:
    """A wind velocity the edition's Wind Table has no row for comes only from a hand-edited game file:
    every rule that reads the wind is refused (exit 2) rather than reading past the table."""
    velocity = (state.get("wind") or {}).get("velocity")
    if velocity is None:
        return
    if force_name(velocity, tables) is None:
        raise BadInput(f"the game's wind velocity {velocity!r} is not on the Wind Table "
                       f"(0 to {len(tables['wind']['velocities']) - 1}); "
                       "the game file has been changed by hand: `umpire verify` shows where, `umpire wind` sets it")
