"""The square-grid crew-counter game as a ruleset: set-up, the command table, status.

Typed fire dice show 1 2 3 4 8 X and boarding takes two lists of dice, so the
command line hands typed dice to these actions in their options (`rolls`,
`target_rolls`) and the action resolves without the engine's dice; with none
typed, the engine rolls d6s from the game's seed as for any other action.
Damage cards are drawn from each ship's pile with the game's seed and a count
of the ship's draws, both kept in the state, so a replay draws the same cards.
"""

from __future__ import annotations

from umpire.core import actions as A
from umpire.core.dice import DiceNeed
from umpire.core.errors import BadInput, Refused
from umpire.core.ruleset import Plan, Ruleset, Ruling
from umpire.rules.grid import actions as G
from umpire.rules.grid import ship as S


class Grid(Ruleset):
    id = "grid"
    aliases = ("square-grid", "crew-counter")
    data_id = "grid"
    ship_record = "umpire.rules.grid.record:GRID"
    title = "Square-grid crew-counter game"
    units = "squares"
    family = "grid"
    levels = ("basic",)
    required_keys = ("id", "name", "side", "state", "type", "movement", "quality", "crew", "marines",
                     "positions", "guns_carried", "deck", "held", "marked", "boats")
    definition_kinds = {"type": "", "movement": "", "quality": "", "guns": 0, "bow_guns": 0, "stern_guns": 0,
                        "crew": 0, "marines": 0}
    list_items = {"positions": 0, "boat_crew": 0, "marked": "", "entangled": "ship", "held": {}, "boarding": {}}
    #: typed dice travel in the action's options (faces 1 2 3 4 8 X; two lists when boarding)
    typed_dice_in_opts = ("fire", "board")
    #: `fire --at SHIP/BOAT` and `speed SHIP/BOAT` name a ship's boat
    boat_targets = True
    #: `new --deck FILE`: the umpire's own damage cards
    own_deck = True
    actions = {"fire": (A.Fire, "_fire"), "board": (A.Board, "_board"), "repair": (A.Repair, "_repair"),
               "turn": (A.EndTurn, "_turn"), "crew": (G.Crew, "_crew"), "tack": (G.Tack, "_tack"),
               "sail": (G.Sail, "_sail"), "surrender": (A.Surrender, "_surrender"),
               "marines": (G.Marines, "_marines"), "surgeon": (G.Surgeon, "_surgeon"),
               "boats": (G.Boats, "_boats"), "ram": (G.Ram, "_ram"),
               "meet": (G.Meet, "_meet"), "run-down": (G.RunDown, "_run_down")}
    queries = {"speed": "speed"}

    # --- set-up --------------------------------------------------------------
    def _setup_tables(self):
        from umpire.core.tables import Tables

        return Tables(self.data_id)

    def kinds(self) -> dict[str, dict]:
        return {s["id"]: s for s in self._setup_tables()["sample-ships"]["ships"]}

    def initial_state(self, game) -> dict:
        # the seed draws damage cards (rules/grid/cards.py); the game's deck may be the umpire's (`new --deck`)
        deck = (game.scenario or {}).get("deck")
        extra = {"deck_cards": deck["cards"]} if deck else {}
        return {"turn": 1, "seed": game.seed,
                "ships": {d["id"]: self.new_ship({**extra, **d}) for d in game.ships}}

    def ship_definition(self, name: str, side: str, ship_id: str, opts: dict) -> dict:
        """The set-up of one ship; `opts["deck_table"]`, the game's own deck (`new --deck`), puts that
        deck's cards in the definition."""
        out = S.definition(self.kinds(), name, side, ship_id, opts)
        if opts.get("deck_table"):
            out["deck_cards"] = opts["deck_table"]["cards"]
        return out

    def check_deck(self, doc: dict, source: str) -> dict:
        """The umpire's own deck (`new --deck`), checked against the text's cards."""
        from umpire.rules.grid.cards import check_deck

        return check_deck(doc, source, self._setup_tables()["deck"])

    def new_ship(self, definition: dict) -> dict:
        from umpire.rules.grid.cards import full_deck

        cards = definition.get("deck_cards")
        deck = full_deck(self._setup_tables()["deck"])
        if cards:   # the text's cards none of (a game file's ship keeps every pile key), then the umpire's
            deck = {**dict.fromkeys(deck, 0), **full_deck({"cards": cards})}
        ship = S.new_ship(S.find_type(self.kinds(), definition["type"]), definition, deck)
        if cards:   # the umpire's deck: the ship carries what each of its cards does
            ship["cards"] = [dict(c) for c in cards]
        return ship

    def status(self, ship: dict) -> dict:
        return S.status(ship)

    def default_rulings(self) -> list[Ruling]:
        src = "docs/rulings.md, Square-grid game"
        return [Ruling("panel.hull_rows", self._setup_tables()["panel"]["hull_rows"], "default",
                       f"{src}: hull-damage rows, the 1st Rate's drawing cut to each ship's boxes (the text: "
                       "\"each complete row of Hull Damage\")"),
                Ruling("panel.hull_growth", self._setup_tables()["panel"]["hull_growth"], "default",
                       f"{src}: a unit of hull damage to pump or plug is a HULL DAMAGE card (\"-1 damage per turn "
                       "unless pump or repaired\"); \"box\" makes every box crossed a unit")]

    # --- journalled actions --------------------------------------------------------
    def _fire(self, state, tables, a: A.Fire):
        from umpire.rules.grid import combat

        f = combat.fire_check(state, a.ship, a.at, a.opts, tables)
        if a.opts.get("rolls"):
            faces = combat.parse_faces(a.opts["rolls"], tables, f["guns"])
            return combat.resolve_fire(state, a.ship, f, faces, a.opts, tables)
        return Plan(_d6(f["guns"], "fire die"), lambda rolls, strict: combat.resolve_fire(
            state, a.ship, f, [combat.face_of(r, tables) for r in rolls], a.opts, tables),
            chain=combat.fire_chain(f, tables, state))

    def _board(self, state, tables, a: A.Board):
        from umpire.rules.grid import combat

        if not a.at:
            raise BadInput("board: say which ship is boarded with --at")
        combat.board_check(state, a.ship, a.at)
        d = state["ships"][a.at]
        sid, boat = combat.boarder(a.ship)
        na = len(combat.fighters(state["ships"][sid], False, boat))
        nd = len(combat.fighters(d, combat.first_move(d, a.ship, state["turn"])))
        typed_a, typed_d = a.opts.get("rolls"), a.opts.get("target_rolls")
        ra = combat.board_rolls(typed_a, na, "attacker") if typed_a else None
        rd = combat.board_rolls(typed_d, nd, "defender") if typed_d else None
        if ra is not None and rd is not None:
            return combat.resolve_board(state, a.ship, a.at, ra, rd, tables)
        need = (0 if ra is not None else na) + (0 if rd is not None else nd)

        def resolve(rolls, strict):
            got = list(rolls)
            mine = ra if ra is not None else tuple(got[:na])
            theirs = rd if rd is not None else tuple(got[len(got) - nd:])
            return combat.resolve_board(state, a.ship, a.at, mine, theirs, tables)
        return Plan(_d6(need, "fighter"), resolve)

    def _repair(self, state, tables, a: A.Repair):
        from umpire.rules.grid import upkeep

        ship = state["ships"][a.ship]
        what = upkeep.repair_check(ship, a.what, tables)
        result = (a.opts.get("result") or "").lower()
        if result:
            if result not in ("fixed", "failed"):
                raise BadInput(f"result {result!r}: use fixed or failed")
            return upkeep.resolve_repair(ship, what, result == "fixed", f"the umpire's roll: {result}", tables,
                                         state["ships"])
        chance = tables["chances"]["repair"]
        if not chance:
            raise BadInput("the text gives no repair chance: give the result of the roll with --result fixed|failed, "
                           "or set the ruling chances.repair (`umpire rulings set chances.repair N`, N in 6)")

        def resolve(rolls, strict):
            return upkeep.resolve_repair(ship, what, rolls[0] <= chance,
                                         f"roll {rolls[0]}, {chance} or less repairs (house ruling)", tables,
                                         state["ships"])
        return Plan(_d6(1, "repair"), resolve)

    def _turn(self, state, tables, a):
        from umpire.rules.grid import upkeep

        return upkeep.end_turn(state, tables)

    def _crew(self, state, tables, a: G.Crew):
        from umpire.rules.grid import upkeep

        if state.get("move_begun") == state["turn"]:
            raise Refused(f"move {state['turn']} is under way (its movement cards are revealed: {state['move_begun_by']} "
                          "is journalled): \"Once the Movement Cards are revealed, no player is allowed to move any "
                          "crew figures (other than for damage) until the move has finished\" (Outline of a Game); "
                          "place the crew at the start of the next move, after `turn`")
        return upkeep.allocate(state["ships"][a.ship], a.positions, a.boats, tables)

    def after(self, state: dict, res, tables) -> None:
        """Fire, boarding, ramming, tacking, boats, repairs and the surgeon come after the movement cards are
        revealed (Rule Summary, move sequence): the first of them in a move locks the crew allocations."""
        from umpire.core.state import set_

        if res.kind in MOVE_PLAY and state.get("move_begun") != state["turn"]:
            res.effects.append(set_(["move_begun"], state["turn"]))
            res.effects.append(set_(["move_begun_by"], res.kind))
        if res.kind in ("fire", "marines") and state.get("fire_turn") != state["turn"]:
            # the gunnery step is simultaneous: what each ship had manned as it began (docs/rulings.md)
            res.effects.append(set_(["fire_turn"], state["turn"]))
            res.effects.append(set_(["fire_start"], {sid: S.fire_manning(s) for sid, s in state["ships"].items()}))

    def _tack(self, state, tables, a: G.Tack):
        from umpire.rules.grid import movement

        ship = state["ships"][a.ship]
        chance, steps = movement.tack_check(ship, tables, a.sail, state["turn"], a.heading, a.wind_from)
        return Plan(_d6(1, "tack"), lambda rolls, strict: movement.resolve_tack(ship, chance, steps, rolls[0],
                                                                                state["turn"], a.heading, a.wind_from))

    def _sail(self, state, tables, a: G.Sail):
        from umpire.rules.grid import movement

        if state.get("move_begun") == state["turn"]:
            raise Refused(f"move {state['turn']} is under way ({state['move_begun_by']} is journalled): the sail marker "
                          "is moved at the start of a move, before the movement cards are revealed (Outline of a "
                          "Game; Rule Summary, move sequence); set it after `turn`")

        return movement.set_sail(state["ships"][a.ship], tables, a.setting)

    def _surrender(self, state, tables, a: A.Surrender):
        """"The ship surrenders when it has no crew left alive on deck (or before then, if the player
        wishes)" (Boarding): `board` does the first; this is the player's wish."""
        from umpire.core.state import Resolution, Step, set_

        if a.by != "choice":
            raise BadInput(f"--by {a.by}: in the grid game a ship surrenders by choice (a boarding that leaves "
                           "no crew on her deck makes her surrender by itself)")
        ship = state["ships"][a.ship]
        S.afloat(ship, "surrender")
        return Resolution("surrender", f"{ship['name']} surrenders", [set_(["ships", a.ship, "state"], "surrendered")],
                          [Step("surrender", "the player's choice, before her deck is cleared",
                                "square-grid-crew-counter-rules.txt, Boarding (L264-265)")],
                          {"ship": a.ship, "state": "surrendered"})

    def _marines(self, state, tables, a: G.Marines):
        from umpire.rules.grid import combat

        n = combat.marines_check(state, a.ship, a.at, a.range, tables)
        return Plan(_d6(n, "marine"), lambda rolls, strict: combat.resolve_marines(state, a.ship, a.at, rolls,
                                                                                   tables))

    def _surgeon(self, state, tables, a: G.Surgeon):
        from umpire.rules.grid import upkeep

        ship = state["ships"][a.ship]
        upkeep.surgeon_check(ship, state["turn"])
        return Plan(_d6(1, "surgeon"), lambda rolls, strict: upkeep.resolve_surgeon(ship, rolls[0], tables,
                                                                                     state["turn"]))

    def _boats(self, state, tables, a: G.Boats):
        from umpire.rules.grid import upkeep

        return upkeep.boats(state["ships"][a.ship], a.how, a.boat, state["turn"],
                            a.speed if a.speed >= 0 else None)

    def _ram(self, state, tables, a: G.Ram):
        from umpire.rules.grid import combat

        if a.kind not in ("ram", "collision", "alongside"):
            raise BadInput(f"kind {a.kind!r}: ram, collision or alongside")
        combat.ram_check(state, a.ship, a.at)
        labels = ("entangled",) if a.kind == "alongside" else (f"{a.ship} damage", f"{a.at} damage", "entangled")
        need = DiceNeed(len(labels), 6, labels)
        return Plan(need, lambda rolls, strict: combat.resolve_ram(state, a.ship, a.at, rolls, a.kind, tables))

    def _meet(self, state, tables, a: G.Meet):
        from umpire.rules.grid import combat

        if a.ship == a.other:
            raise BadInput("meet: name two different ships")
        chances = combat.meet_chances(state, a.ship, a.other, (a.speed, a.other_speed), tables)
        total = sum(n for _, n in chances)
        return Plan(DiceNeed(1, total, ("placement",)), lambda rolls, strict: combat.resolve_meet(state, chances,
                                                                                                  rolls[0]))

    def _run_down(self, state, tables, a: G.RunDown):
        from umpire.rules.grid import combat

        chance, steps = combat.run_down_chance(state, a.ship, a.at, a.speed, tables)
        return Plan(_d6(1, "run down"), lambda rolls, strict: combat.resolve_run_down(state, a.ship, a.at, chance,
                                                                                       steps, rolls[0]))

    # --- queries -------------------------------------------------------------
    def speed(self, state: dict, tables, ship: str, opts: dict):
        from umpire.rules.grid import movement

        s = state["ships"][ship]
        if opts.get("boat"):
            return movement.boat_speed(s, opts["boat"], state["turn"], tables)
        if opts.get("sail") in ("battle", "full"):
            raise BadInput(f"--sail {opts['sail']}: the grid settings are anchor, none, reefed, main, topsail, all")
        sail = movement.current_sail(s, opts.get("sail"), "speed")
        point = opts.get("point")
        if not point:
            heading, wind = opts.get("heading"), opts.get("wind_from")
            if heading is None or wind is None:
                raise BadInput("give --point reach|other, or --heading and --wind-from as compass points (N NE E ...)")
            point = movement.point_of_sailing(str(heading), str(wind))
        spill = str(opts.get("spill") or "no").strip().lower()
        if spill not in ("yes", "no", "true", "false", "1", "0"):
            raise BadInput(f"--opt spill={opts['spill']}: use yes or no")
        res = movement.speed(s, tables, sail, str(point).lower(), spill in ("yes", "true", "1"))
        if opts.get("orders"):
            track = opts.get("heading") is not None and opts.get("wind_from") is not None
            data, steps = movement.check_orders(s, tables, movement.sail_index(tables, sail), str(point).lower(),
                                                str(opts["orders"]), spill in ("yes", "true", "1"),
                                                str(opts["heading"]) if track else None,
                                                str(opts["wind_from"]) if track else None)
            from umpire.core.state import Resolution

            res = Resolution(res.kind, f"{res.summary}; orders {data['orders']} allowed", res.effects,
                             res.working + steps, {**res.data, "orders": data})
        return res

    def score(self, state: dict, tables=None) -> dict:
        """The text gives no victory points: the ships out of action, as DGUTS lists them."""
        return {"ships": [{"ship": s["id"], "side": s["side"], "state": s["state"]}
                          for s in state["ships"].values() if s["state"] != "active"]}


#: what happens once the movement cards are revealed (L99-104, L338-346)
MOVE_PLAY = ("fire", "marines", "board", "ram", "meet", "run-down", "tack", "boats", "repair", "surgeon")


def _d6(count: int, label: str):
    from umpire.core.dice import DiceNeed

    return DiceNeed(count, 6, tuple(f"{label} {i + 1}" for i in range(count)) if count > 1 else (label,))
