"""The square-grid crew-counter game as a ruleset: set-up, the command table, status (the
commands themselves are in `planners`).

Typed fire dice show 1 2 3 4 8 X and boarding takes two lists of dice, so the
command line hands typed dice to these actions in their options (`rolls`,
`target_rolls`) and the action resolves without the engine's dice; with none
typed, the engine rolls d6s from the game's seed as for any other action.
Damage cards are drawn from each ship's pile with the game's seed and a count
of the ship's draws, both kept in the state, so a replay draws the same cards.
"""

from __future__ import annotations

from umpire.core import actions as A
from umpire.core.errors import BadInput
from umpire.core.ruleset import Ruleset, Ruling
from umpire.core.state import Step, set_
from umpire.core.tables import Tables
from umpire.rules.grid import actions as G
from umpire.rules.grid import ship as S
from umpire.rules.grid.cards import check_deck, full_deck

#: where the planners live ("module:function", imported when a command first needs them)
_P = "umpire.rules.grid.planners:"


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
    list_items = {"positions": 0, "boat_crew": 0, "marked": "", "entangled": "ship", "held": {"card": ""}, "boarding": {}}
    #: typed dice travel in the action's options (faces 1 2 3 4 8 X; two lists when boarding)
    typed_dice_in_opts = ("fire", "board")
    #: `fire --at SHIP/BOAT` and `speed SHIP/BOAT` name a ship's boat
    boat_targets = True
    #: `new --deck FILE`: the umpire's own damage cards
    own_deck = True
    #: `fire --guns N`: "The players who are shooting will tell the Umpire who they are shooting at and
    #: with how many guns" (L104-105)
    fire_some_guns = True
    actions = {"fire": (A.Fire, _P + "fire"), "board": (A.Board, _P + "board"), "repair": (A.Repair, _P + "repair"),
               "turn": (A.EndTurn, _P + "end_turn"), "crew": (G.Crew, _P + "crew"), "tack": (G.Tack, _P + "tack"),
               "sail": (G.SailSetting, _P + "sail"), "surrender": (A.Surrender, _P + "surrender"),
               "marines": (G.Marines, _P + "marines"), "surgeon": (G.Surgeon, _P + "surgeon"),
               "boats": (G.Boats, _P + "boats"), "ram": (G.Ram, _P + "ram"),
               "meet": (G.Meet, _P + "meet"), "run-down": (G.RunDown, _P + "run_down")}
    queries = {"speed": _P + "speed"}

    # --- set-up --------------------------------------------------------------
    def _setup_tables(self):
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
        return check_deck(doc, source, self._setup_tables()["deck"])

    def new_ship(self, definition: dict) -> dict:
        cards = definition.get("deck_cards")
        deck = full_deck(self._setup_tables()["deck"])
        if cards:   # the text's cards none of (a game file's ship keeps every pile key), then the umpire's
            deck = {**dict.fromkeys(deck, 0), **full_deck({"cards": cards})}
        ship = S.new_ship(S.find_type(self.kinds(), definition["type"]), definition, deck)
        problem = self.ship_problem(ship)
        if problem:
            raise BadInput(f"ship {definition.get('id')!r}: {problem}")
        if cards:   # the umpire's deck: the ship carries what each of its cards does
            ship["cards"] = [dict(c) for c in cards]
        return ship

    def status(self, ship: dict) -> dict:
        return S.status(ship)

    def check_rulings(self, tables) -> None:
        """As every ruleset's, and a hull-row ruling must give rows of boxes (a row of none or fewer would
        lay out rows for ever)."""
        super().check_rulings(tables)
        if any(k.startswith("panel.hull_rows") for k in getattr(tables, "rulings", {}) or {}):
            S.hull_row_sizes(1, tables["panel"]["hull_rows"])

    def ship_problem(self, ship: dict) -> str:
        """A movement class the ship's type does not have, or a crew quality that is none of the three
        (a hand-edited set-up or state)."""
        kind = self.kinds().get(ship.get("type"))
        if kind is None:
            return f"type {ship.get('type')!r} is not a sample ship ({', '.join(self.kinds())})"
        if ship.get("movement") not in kind["movement"]:
            return f"movement {ship.get('movement')!r}: the {kind['name']} moves as {' or '.join(kind['movement'])}"
        if ship.get("quality") not in S.QUALITIES:
            return f"crew quality {ship.get('quality')!r} is not one of {', '.join(S.QUALITIES)}"
        counts = {"crew": ship.get("crew"), "marines": ship.get("marines"), "hull boxes": ship.get("hull_boxes"),
                  **{f"figures at {p}": n for p, n in (ship.get("positions") or {}).items()},
                  **{f"casualty box {k}": n for k, n in (ship.get("casualty_box") or {}).items()},
                  **{f"cards {k} in her deck": n for k, n in (ship.get("deck") or {}).items()}}
        for what, n in counts.items():   # the rules walk figures one by one: a count no ship has is refused
            if S.too_many(n):
                return f"{what} {n}: no ship carries so many (0 to {S.MOST_FIGURES})"
        return ""

    def default_rulings(self) -> list[Ruling]:
        src = "docs/rulings.md, Square-grid game"
        return [Ruling("panel.hull_rows", self._setup_tables()["panel"]["hull_rows"], "default",
                       f"{src}: hull-damage rows, the 1st Rate's drawing cut to each ship's boxes (the text: "
                       "\"each complete row of Hull Damage\")"),
                Ruling("panel.hull_growth", self._setup_tables()["panel"]["hull_growth"], "default",
                       f"{src}: a unit of hull damage to pump or plug is a HULL DAMAGE card (\"-1 damage per turn "
                       "unless pump or repaired\"); \"box\" makes every box crossed a unit")]

    def after(self, state: dict, res, tables) -> None:
        """Fire, boarding, ramming, tacking, boats, repairs and the surgeon come after the movement cards are
        revealed (Rule Summary, move sequence): the first of them in a move locks the crew allocations."""
        if res.kind in MOVE_PLAY and state.get("move_begun") != state["turn"]:
            res.effects.append(set_(["move_begun"], state["turn"]))
            res.effects.append(set_(["move_begun_by"], res.kind))
        if res.kind in ("fire", "marines") and state.get("fire_turn") != state["turn"]:
            # the gunnery step is simultaneous: what each ship had manned as it began (docs/rulings.md)
            res.effects.append(set_(["fire_turn"], state["turn"]))
            res.effects.append(set_(["fire_start"], {sid: S.fire_manning(s) for sid, s in state["ships"].items()}))

    def dice_shown(self, event: dict) -> tuple[list, str]:
        """Fire dice as the fire die shows them (1 2 3 4 8 X, L27-28), whether the tool rolled them (a d6,
        journalled as rolled) or the umpire typed them (`--rolls`, kept in the action); boarding dice typed
        as the attacker's, then "v", then the defender's."""
        rolls, rolled = list(event.get("rolls", [])), event.get("rolled", "")
        opts = (event.get("action") or {}).get("opts") or {}
        kind = event.get("kind")
        if kind == "fire":
            if opts.get("rolls"):
                return [_face(p) for p in str(opts["rolls"]).replace(",", " ").split()], "typed"
            faces = self._setup_tables()["fire"]["faces"]
            return [faces[r - 1] if 1 <= r <= len(faces) else r for r in rolls], rolled
        if kind == "board" and (opts.get("rolls") or opts.get("target_rolls")):
            if opts.get("rolls") and opts.get("target_rolls"):
                return _ints(opts["rolls"]) + ["v"] + _ints(opts["target_rolls"]), "typed"
            if opts.get("rolls"):
                return _ints(opts["rolls"]) + ["v"] + rolls, f"typed, {rolled}"
            return rolls + ["v"] + _ints(opts["target_rolls"]), f"{rolled}, typed"
        return rolls, rolled

    def timer(self, state: dict, tables, optional: list[str] | None = None) -> tuple[int, int, list, str]:
        """The strict time limit on showing the movement cards (L99-102): the umpire's length, the
        house ruling movement.time_limit_minutes (the text gives none)."""
        minutes = tables["movement"]["time_limit_minutes"]
        if not minutes:
            raise BadInput("timer: the text asks for \"a strict time limit\" but gives no length: set it with "
                           "`umpire rulings set movement.time_limit_minutes N` (whole minutes)")
        sides: dict[str, int] = {}
        for ship in state["ships"].values():
            if ship["state"] == "active":
                sides[ship["side"]] = sides.get(ship["side"], 0) + 1
        src = "square-grid-crew-counter-rules.txt, Outline of a Game (L99-102)"
        steps = [Step("time limit", f"{minutes} minute(s) to show the movement cards",
                      f"{src}; the umpire's length, house ruling movement.time_limit_minutes"),
                 Step("too slow", "a ship whose player is too slow continues doing what she did last move", src)]
        return minutes, max(sides.values(), default=0), steps, "ships whose cards are not shown carry on as last move"

    def score(self, state: dict, tables=None) -> dict:
        """The text gives no victory points: each side's ships in action and out of it, and the ships out of
        action as DGUTS lists them."""
        sides: dict[str, dict] = {}
        for s in state["ships"].values():
            side = sides.setdefault(s["side"], {"in action": 0, "out of action": 0})
            side["in action" if s["state"] == "active" else "out of action"] += 1
        return {"sides": sides,
                "ships": [{"ship": s["id"], "side": s["side"], "state": s["state"]}
                          for s in state["ships"].values() if s["state"] != "active"]}


def _face(text: str):
    """A typed fire-die face as shown: 8 and the digits as numbers, X as X."""
    return int(text) if text.isascii() and text.isdigit() else text.upper()


def _ints(text) -> list:
    return [_face(p) for p in str(text or "").replace(",", " ").split()]


#: what happens once the movement cards are revealed (L99-104, L338-346)
MOVE_PLAY = ("fire", "marines", "board", "ram", "meet", "run-down", "tack", "boats", "repair", "surgeon")
