"""The WS&IM 1981 ruleset as the command line sees it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from umpire.core.errors import BadInput, Refused, UmpireError
from umpire.core import actions as A
from umpire.core.ruleset import Ruleset
from umpire.core.tables import Tables
from umpire.rules.wsim import actions as WsimActions
from umpire.rules.wsim import citations
from umpire.rules.wsim import optional_actions as OptionalActions
from umpire.rules.wsim.moves import Move
from umpire.rules.wsim.ship import CLASS_NUMBERS, new_ship, read_class, status

if TYPE_CHECKING:
    from umpire.rules.base import Plan

# Rule modules are imported inside the methods that use them: reading a game
# (`umpire status`) needs only the ship model.


class Wsim1981(Ruleset):
    id = "wsim-1981"
    aliases = ("wsim", "wsim1981", "wsim-2e", "wooden-ships")
    data_id = "wsim-1981"
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
    required_keys = ("id", "name", "side", "controller", "state", "hull_left", "crew_left", "guns_left",
                     "carronades_left", "rigging_left", "loaded", "at_turn_start", "prize")
    definition_kinds = {"spec": "", "turning": 0, "class_number": 0, "rated_guns": 0}
    list_items = {"fired_this_turn": ("left", "right"), "liable": ("firepower", "immobility"),
                  "fouled": "ship", "grappled": "ship", "parties": 0}
    actions = {"fire": (A.Fire, "_fire"), "foul": (A.Contact, "_contact"), "unfoul": (A.Contact, "_contact"),
               "grapple": (A.Contact, "_contact"), "ungrapple": (A.Contact, "_contact"),
               "melee": (A.Melee, "_melee"), "board": (A.Board, "_board"), "capture": (A.Capture, "_capture"),
               "transfer": (A.Transfer, "_transfer"), "load": (WsimActions.Load, "_load"),
               "surrender": (A.Surrender, "_surrender"), "recover": (A.Recover, "_recover"),
               "turn": (A.EndTurn, "_turn"),
               "sail": (WsimActions.Sail, "_advanced_cmd"), "sink": (WsimActions.Sink, "_advanced_cmd"),
               "explode": (WsimActions.Explode, "_advanced_cmd"), "repair": (WsimActions.Repair, "_advanced_cmd"),
               "anchor": (WsimActions.Anchor, "_advanced_cmd"), "wind": (WsimActions.Wind, "_advanced_cmd")}
    actions["move"] = (Move, "_move")
    # the Optional Rules' own commands; each refuses in a game started without its rule
    actions.update({"mast": (A.Mast, "_optional_cmd"), "tow": (OptionalActions.Tow, "_optional_cmd"),
                    "aground": (OptionalActions.Aground, "_optional_cmd"),
                    "designate": (OptionalActions.Designate, "_optional_cmd"),
                    "signal": (OptionalActions.Signal, "_optional_cmd")})
    queries = {"speed": "_speed", "lead": "_lead"}

    #: the options each command takes, as the command line names them; any other is refused
    #: ("_optional" carries the game's optional rules and is not typed)
    options: dict[str, tuple[str, ...]] = {
        "fire": ("range", "side", "aim", "rake", "facing", "lose"),
        "speed": ("attitude", "heading", "wind", "sail", "blocked_by"),
        "foul": (), "unfoul": (), "grapple": ("motionless",), "ungrapple": (), "board": (), "melee": (),
        "move": ("attitude", "heading", "wind", "sail", "turning", "as_written", "collision", "blocked_by",
                 "for_turn", "erase_orders", "unwritten"),
        "wind": ("direction", "velocity", "change", "variable"), "mast": ("cut",),
    }

    def ship_problem(self, ship: dict) -> str:
        """A crew quality that is none of the five, her own or a prize crew's."""
        from umpire.rules.wsim.spec import Quality

        known = {q.value for q in Quality}
        prize = ship.get("prize") or {}
        if ship.get("quality") not in known:
            return f"crew quality {ship.get('quality')!r} is not one of {sorted(known)}"
        if prize.get("squares") and prize.get("quality") not in known:
            return f"the prize crew's quality {prize.get('quality')!r} is not one of {sorted(known)}"
        return ""

    def check_options(self, command: str, opts: dict) -> None:
        """Refuse an option (e.g. `--opt KEY=VALUE`) this ruleset does not know, naming those it does."""
        allowed = self.options.get(command, ())
        unknown = sorted(k for k in opts if k not in allowed and k != "_optional")
        if unknown:
            offered = ", ".join(allowed) or "none"
            raise BadInput(f"{command}: option {unknown[0]!r} is not a {self.id} option "
                           f"(this command takes: {offered})")

    # --- journalled actions, as the command line builds them ---------------
    def _fire(self, state, tables, a: A.Fire):
        self.check_options("fire", a.opts)
        self._busy(state, a.ship, "fire")
        if state.get("optional_1981"):
            from umpire.rules.wsim import optional

            optional.check_fire(state, a.ship)   # a mast over the side, aground (Optional VIII.B, XI.E)
        return self.fire(state, tables, a.ship, a.at, a.opts)

    def _contact(self, state, tables, a: A.Contact):
        self.check_options(a.kind, a.opts)
        return self.contact(state, tables, a.kind, a.ship, a.other, a.opts)

    def _melee(self, state, tables, a: A.Melee):
        self.check_options("melee", a.opts)
        for ship in a.attackers:
            self._busy(state, ship, "melee")
        self._doomed(state, [*a.attackers, a.defender], "fight a melee")
        return self.melee(state, tables, a.attackers, a.defender, a.opts)

    def _board(self, state, tables, a: A.Board):
        self.check_options("board", a.opts)
        self._doomed(state, [a.ship, a.at], "board or be boarded")
        return self.board(state, tables, a.ship, a.party, a.sections, a.at, a.opts)

    def _capture(self, state, tables, a: A.Capture):
        self._doomed(state, [a.ship, a.by], "be captured or send a prize crew")
        return self.capture(state, tables, a.ship, a.by, a.sections)

    def _transfer(self, state, tables, a: A.Transfer):
        self._doomed(state, [a.ship, a.to], "have crew taken off or put aboard")
        return self.transfer(state, tables, a.ship, a.to, a.sections)

    def _load(self, state, tables, a: WsimActions.Load):
        self._busy(state, a.ship, "load")
        if a.shot and a.shot.lower() != "round" and self.level != "advanced":
            raise Refused(f"shot {a.shot!r}: shot other than round is an Advanced Game rule (VIII.B); "
                              "this game is played at the Basic level")
        if a.shot:
            return self.load(state, tables, a.ship, a.side, a.shot)
        return self.load(state, tables, a.ship, a.side)

    def _surrender(self, state, tables, a: A.Surrender):
        return self.surrender(state, tables, a.ship, a.by)

    def _recover(self, state, tables, a: A.Recover):
        return self.recover(state, tables, a.ship)

    def _turn(self, state, tables, a):
        if state.get("optional_1981"):
            from umpire.rules.wsim import optional

            optional.check_end_turn(state, tables)   # mast and refloat dice owed (Optional VIII.B, XI.B)
        return self.end_turn(state, tables)

    def _optional_cmd(self, state, tables, a):
        """mast, tow, aground, designate, signal: commands of the Optional Rules (rules/wsim/optional.py)."""
        from umpire.rules.wsim import optional

        if a.command == "tow":
            return optional.tow(state, tables, a.ship, a.towed, a.opts)
        if a.command == "signal":
            return optional.signal(state, tables, a.ship, a.text)
        return getattr(optional, a.command)(state, tables, a.ship, a.opts)

    def _speed(self, state: dict, tables, ship: str, opts: dict):
        """`speed`, and with blocked-wind the umpire's --blocked-by ship (Optional IX)."""
        blocker = opts.get("blocked_by")
        res = self.speed(state, tables, ship, {k: v for k, v in opts.items() if k != "blocked_by"})
        if blocker is None:
            return res
        if not self.data_id.startswith("wsim-1981"):
            raise BadInput(f"--blocked-by: the 1981 Optional Rules' blocked wind; {self.id} does not offer it here")
        from umpire.rules.wsim import optional

        return optional.blocked_wind(state, tables, ship, blocker, res)

    def _lead(self, state: dict, tables, ship: str, opts: dict):
        """Casting the lead (Optional XII): may she ask the depths around her?"""
        from umpire.rules.wsim import optional

        if not self.data_id.startswith("wsim-1981"):
            raise BadInput(f"lead: the 1981 Optional Rules' casting the lead; {self.id} does not offer it here")
        return optional.lead(state, tables, ship, opts)

    def _move(self, state, tables, a: Move):
        """A ship's written move for the turn, checked and journalled (Basic IV-V, Advanced V.B-D)."""
        from umpire.rules.wsim import moves

        if not self.data_id.startswith("wsim-1981"):
            raise BadInput(f"move is not built for {self.id}: its movement rules differ from the 1981 text's "
                           "(see docs/coverage)")
        self.check_options("move", {k: v for k, v in a.opts.items() if v is not None})
        return moves.move(self, state, tables, a.ship, a.notation, a.opts)

    def _advanced_cmd(self, state, tables, a):
        """sail, sink, explode, repair, anchor, wind: Advanced Game commands (refused at the Basic level)."""
        from umpire.rules.wsim import advanced_cmds

        if self.level != "advanced":
            raise advanced_cmds.not_at_this_level(self, a.command)
        return advanced_cmds.plan(state, tables, a)

    def _doomed(self, state, ships: list, doing: str) -> None:
        """Ships that will sink or explode take no further part: no melee, no crew taken off, no
        capture (Advanced VIII.C.5); sunk or exploded ones are gone."""
        if self.level == "advanced" and self.actions.get("repair", ("", ""))[1] == "_advanced_cmd":
            from umpire.rules.wsim import advanced_cmds

            advanced_cmds.not_doomed(state, [s for s in ships if s], doing)

    def _busy(self, state, ship: str, doing: str) -> None:
        """A ship weighing anchor (Advanced V.C.6), or one that made repairs this turn (X.B), cannot
        load, fire or melee; one turned on springs this turn cannot load or fire (V.C.4)."""
        busy = state["ships"].get(ship, {})
        if self.level == "advanced" and (busy.get("weighing") or busy.get("repaired_turn") == state["turn"]):
            from umpire.rules.wsim import advanced_cmds

            advanced_cmds.busy(state, ship, doing)
        if self.level == "advanced" and doing in ("fire", "load") and busy.get("anchor") in ("bow", "stern"):
            from umpire.rules.wsim import moves

            moves.turned_on_springs(state, ship, doing)   # Advanced V.C.4

    # --- setup -----------------------------------------------------------
    def check_optional(self, names) -> None:
        """Refuse an optional rule the text does not have, or one this level cannot use (exit 2)."""
        for name in names:
            if name not in self.optional_rules:
                raise BadInput(f"optional rule {name!r}: {self.id} offers {', '.join(self.optional_rules)}")
            if self.level != "advanced" and name in self.advanced_only:
                raise UmpireError(f"optional rule {name!r} needs --level advanced: {self.advanced_only[name]}")

    def initial_state(self, game) -> dict:
        self.check_optional(game.meta.get("optional", []))
        ships = {}
        for d in game.ships:
            ships[d["id"]] = self.new_ship(d)   # the level's log (Advanced I.B) for scenario ships too
        state = {"turn": 1, "ships": ships}
        if game.meta.get("optional") and self.data_id.startswith("wsim-1981"):   # read by rules/wsim/optional.py
            from umpire.core.tables import Tables
            from umpire.rules.wsim import optional

            state["optional_1981"] = list(game.meta["optional"])
            optional.scenario_marks(state, game.ships, Tables(self.data_id))
        return state

    def ship_definition(self, name: str, side: str, ship_id: str, opts: dict) -> dict:
        from umpire.rules.wsim.spec import Spec

        if not opts.get("spec"):
            raise BadInput("a WS&IM ship needs --spec, e.g. --spec \"14H-(5-4-4)M-10(1)G-7R(3)-5-22'-23(AV)\"")
        if not isinstance(opts["spec"], str):
            raise BadInput(f"spec {opts['spec']!r}: a spec is text like 14H-(5-4-4)M-10(1)G-7R(3)-5-22'-23(AV)")
        spec = Spec.parse(opts["spec"])
        from umpire.core.tables import Tables

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

    # --- actions ---------------------------------------------------------
    def fire(self, state: dict, tables, firer: str, target: str, opts: dict) -> Plan:
        from umpire.rules.base import Plan
        from umpire.rules.wsim import gunnery

        act = gunnery.fire_from_opts(firer, target, opts)
        reading = gunnery.fire_reading(state, act, tables)   # checked and read once, resolved per roll
        need = gunnery.fire_needs(state, act, tables, reading)
        return Plan(need, lambda rolls, strict: gunnery.resolve_fire(state, act, rolls, tables, reading),
                    flexible=reading[0] is None)   # an automatic miss takes a typed die and notes it unused

    def timer(self, state: dict, tables, optional: list[str]) -> tuple[int, int, list, str]:
        """Timed moves: (minutes to write movement, most ships a side, working, what becomes of a
        ship whose orders were not written). Refused in a game without the rule."""
        from umpire.rules.wsim import optional as opt

        opt.require(state, "timed-moves", "a timer for writing movement")
        minutes, most, steps = opt.timer_minutes(state, tables)
        return minutes, most, steps, "ships with no orders written move straight ahead their full allowance"

    def speed(self, state: dict, tables, ship: str, opts: dict):
        from umpire.rules.wsim import movement

        self.check_options("speed", {k: v for k, v in opts.items() if v is not None})
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

    def contact(self, state: dict, tables, kind: str, a: str, b: str, opts: dict) -> Plan:
        from umpire.rules.base import Plan
        from umpire.rules.wsim import contact

        need = contact.contact_needs(state, kind, a, b)
        try:
            motionless = int(opts.get("motionless") or 0)
        except (TypeError, ValueError):
            raise BadInput("--motionless is how many of the two ships did not move: 0, 1 or 2") from None
        if not 0 <= motionless <= 2:
            raise BadInput("--motionless is how many of the two ships did not move: 0, 1 or 2")
        return Plan(need, lambda rolls, strict: contact.resolve_contact(state, kind, a, b, rolls, tables, motionless))

    def board(self, state: dict, tables, ship: str, party: str, sections: str, target: str, opts=None):
        from umpire.rules.base import section_list
        from umpire.rules.wsim import boarding

        return boarding.form_party(state, ship, party.lower(), section_list(sections), target)

    def melee(self, state: dict, tables, attackers: list[str], defender: str, opts=None) -> Plan:
        from umpire.rules.base import Plan
        from umpire.rules.wsim import boarding

        need = boarding.melee_needs(state, attackers, defender, tables)
        return Plan(need, lambda rolls, strict: boarding.resolve_melee(state, attackers, defender, rolls, tables,
                                                                       strict), flexible=need.count > 0,
                    chain=getattr(need, "chain", None))

    def capture(self, state: dict, tables, ship: str, captor: str, sections: str):
        from umpire.rules.base import section_list
        from umpire.rules.wsim import boarding

        return boarding.capture(state, ship, captor, section_list(sections), tables)

    def transfer(self, state: dict, tables, ship: str, to: str, sections: str):
        from umpire.rules.base import section_list
        from umpire.rules.wsim import boarding

        return boarding.transfer(state, ship, to, section_list(sections))

    def load(self, state: dict, tables, ship: str, side: str, shot: str = ""):
        from umpire.rules.base import side_word
        from umpire.rules.wsim import turns

        return turns.load(state, ship, side_word(side))

    def surrender(self, state: dict, tables, ship: str, how: str):
        from umpire.rules.wsim import turns

        return turns.surrender(state, ship, how)

    def recover(self, state: dict, tables, ship: str):
        from umpire.rules.wsim import turns

        return turns.recover(state, ship)

    def end_turn(self, state: dict, tables):
        from umpire.rules.wsim import turns

        return turns.end_turn(state)

    def score(self, state: dict, tables=None) -> dict:
        """The score as the rules count it (`score_rules`), its sources cited by the game's text."""
        return citations.shown(tables if tables is not None else Tables(self.data_id), self.score_rules(state, tables))

    def score_rules(self, state: dict, tables=None) -> dict:
        from umpire.rules.wsim import turns

        return turns.score(state, tables)

    def _announce_end(self, state: dict, res, tables) -> None:
        """The action that meets a victory condition says the game is over (Basic XI.A.4)."""
        from umpire.core.effects import applied_copy
        from umpire.core.state import Step, set_
        from umpire.rules.wsim import turns

        if not any(e["path"][0] in ("ships", "wind") for e in res.effects):
            return
        before = turns.victory(state, tables)
        probe = applied_copy(state, [e for e in res.effects if e["path"][0] in ("ships", "wind")],
                             ("ships", "wind", "game_over", "turn"))
        end = turns.victory(probe, tables)
        if end["over"] and [end.get(k) for k in ("winner", "draw", "why")] != \
                [before.get(k) for k in ("winner", "draw", "why")]:
            end = {**end, "turn": state.get("turn")}
            said = "a draw" if end["draw"] else f"{end['winner']} wins" if end["winner"] else "no winner named"
            res.working.append(Step("game over", f"{end['why']}: {said}", end["source"]))
            res.data["game_over"] = end
            res.effects.append(set_(["game_over"], end))   # the end stands (Basic XI.A.4)

    def plan(self, state: dict, tables, action: dict):
        """Every command, its working and refusals cited as the game's own text numbers its rules
        (the `citations` table of its data; rules/wsim/citations.py)."""
        try:
            return citations.cited(tables, self.plan_action(state, tables, action))
        except UmpireError as exc:
            raise citations.error(tables, exc) from None

    def plan_action(self, state: dict, tables, action: dict):
        """The command's Plan or Resolution as the rules decide it (an edition overrides this)."""
        return super().plan(state, tables, action)

    def query(self, state: dict, tables, command: str, ship: str, opts: dict):
        """A read-only answer, cited as the game's own text numbers its rules."""
        try:
            return citations.cited(tables, super().query(state, tables, command, ship, opts))
        except UmpireError as exc:
            raise citations.error(tables, exc) from None

    def after(self, state: dict, res, tables=None) -> None:
        """The rules that follow any change (`after_action`), their working cited by the game's text."""
        self.after_action(state, res, tables)
        if tables is not None:
            citations.resolution(tables, res)

    def after_action(self, state: dict, res, tables=None) -> None:
        """Rules that follow any change: prisoners rising against a thin prize crew."""
        import copy

        from umpire.core.state import apply
        from umpire.rules.wsim import boarding

        self._announce_end(state, res, tables)
        if state.get("optional_1981"):   # mast dice owed for whole rigging sections lost (Optional VIII.B)
            from umpire.rules.wsim import optional

            optional.after(state, res, tables)
        if self.level == "advanced" and self.actions.get("repair", ("", ""))[1] == "_advanced_cmd":
            # the order gun squares are marked in, for repairs (Advanced X.B)
            from umpire.rules.wsim import advanced_cmds

            advanced_cmds.note_gun_marks(state, res)
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

