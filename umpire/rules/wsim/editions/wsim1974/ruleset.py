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
* its planners, where they differ from the 1981 ones, in `editions/wsim1974/planners.py`;
* its Optional Rules, by their titles: Types of Ammunition (`wsim1974_fire`), Wind
  (`wsim1974_wind`), Sinking and Exploding Ships, Repairs, Anchors, Full Sails, Towing,
  Running Aground (`wsim1974_optional`), Backing Sails (`wsim1974_move`).

Everything else (fire procedure, modifiers, fouling, boarding parties BP/BPD, prize crews,
loading) reads as the 1981 Basic Game and is inherited.
"""

from __future__ import annotations

from umpire.core.errors import BadInput
from umpire.core.ruleset import load
from umpire.core.tables import Tables
from umpire.rules.wsim import actions as WsimActions
from umpire.rules.wsim.ruleset import Wsim1981
from umpire.rules.wsim import optional_actions as Optional   # the first edition's commands take the same fields
from umpire.rules.wsim.editions.wsim1974 import wind as wsim1974_wind
from umpire.rules.wsim.ship import SIDES

#: where the first edition's planners and optional rules live
PLANNERS = "umpire.rules.wsim.editions.wsim1974.planners"
GUNNERY = "umpire.rules.wsim.editions.wsim1974.gunnery_planners"     # (a broadside loads no other rules)
OPTIONAL = "umpire.rules.wsim.editions.wsim1974.optional"


def _p(name: str) -> str:
    return f"{PLANNERS}:{name}"


class Wsim1974(Wsim1981):
    id = "wsim-1974"
    aliases = ("wsim1974", "wsim-1e", "wsim-first-edition")
    data_id = "wsim-1974"
    ship_record = "umpire.rules.wsim.record:WSIM_1974"
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
    #: the first edition's Optional Rules are its own: the 1981 Optional Rules' hooks stay out
    optional_hooks = False
    options = {**Wsim1981.options, "grapple": (), "speed": ("attitude", "heading", "wind", "sail"),
               "move": ("attitude", "heading", "wind", "sail", "turning", "as_written", "collision", "for_turn",
                        "erase_orders"),
               "wind": ("direction", "velocity", "change")}
    queries = {"speed": _p("speed"), "lead": _p("lead")}
    #: the 1981 commands of rules the first edition does not have (the 1981 Optional Rules'
    #: masts, designations and signals) are not offered; where its rules differ, its own planners
    actions = {**{k: v for k, v in Wsim1981.actions.items() if k not in ("mast", "designate", "signal")},
               **{c: (Wsim1981.actions[c][0], _p(name)) for c, name in (
                   ("move", "move"), ("board", "board"), ("surrender", "surrender"), ("capture", "capture"),
                   ("recover", "recover"), ("melee", "melee"), ("turn", "end_turn"),
                   ("grapple", "contact"), ("ungrapple", "contact"))},
               "fire": (Wsim1981.actions["fire"][0], f"{GUNNERY}:fire"),
               "wind": (WsimActions.Wind, _p("wind")), "load": (WsimActions.LoadWithShot, f"{GUNNERY}:load"),
               **{c: (k, _p("optional_action")) for c, k in (
                   ("sink", WsimActions.Sink), ("explode", WsimActions.ExplodeAdjacent), ("repair", WsimActions.RepairTurn),
                   ("anchor", WsimActions.Anchor), ("sail", WsimActions.Sail), ("tow", Optional.Tow),
                   ("aground", Optional.Aground))}}

    # --- set-up ------------------------------------------------------------------------
    def initial_state(self, game) -> dict:
        """The Basic start, the optional rules in play, and the scenario's wind (direction,
        force, wind number: Optional Rules, Wind)."""
        state = super().initial_state(game)
        for ship in state["ships"].values():
            self._extend_log(ship)
        duels = Tables(self.data_id)["procedures"]["victory"].get("duel_scenarios", [])
        if (game.scenario or {}).get("id") in duels:
            state["duel_victory"] = True   # "Victory Conditions: Same as single ship duels" (2B-2D)
        for ship in state["ships"].values():
            # a scenario's ships at anchor (3A "Their ships were anchored, but not on springs"):
            # anchored from Move 1 under the Anchors optional rule, which alone gives the notation
            # its effects (Anchors 1, 4)
            if ship.get("anchored_at_start") and self.in_force(state, "anchors"):
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
        ship.update({"shot": {s: "round" for s in SIDES}, "loading": {}})
        return load(f"{OPTIONAL}:log")(ship)   # what the optional rules keep

    def status(self, ship: dict) -> dict:
        out = super().status(ship)
        if "shot" in ship:   # null while the broadside is empty or its doubleshot still loading
            out["shot"] = {s: ship["shot"][s] if ship["loaded"][s] else None for s in SIDES}
        if ship.get("loading"):   # doubleshot over two Moves (Types of Ammunition): loading, not empty
            out["loading"] = {side: "double" for side in ship["loading"]}
        if "sails" in ship:
            out.update({"sails": ship["sails"], "anchor": ship["anchor"] or None,
                        "anchored_from": ship["anchor_from"] or None if ship["anchor"] else None,
                        "anchor_cut": ship["anchor_cut"], "repairs": dict(ship["repairs"]),
                        "towing": ship["tow_ship"] or None, "towed_by": ship["tow_by"] or None,
                        "aground": ship["grounded"] or None})
        return out

    def game_status(self, state: dict) -> dict:
        """What `status` shows beside the ships: the wind."""
        if "wind" not in state:
            return {}
        return {"wind": wsim1974_wind.status(state["wind"], Tables(self.data_id))}

    # --- what the planners share ----------------------------------------------------------
    def timer(self, state: dict, tables) -> tuple[int, int, list, str]:
        """Timed Moves (1974 Optional Rules): a ship whose orders were not written does not move."""
        return load(_p("timer"))(self, state, tables)

    def score_rules(self, state: dict, tables=None) -> dict:
        """The first edition's point count (Scenario 3A)."""
        return load(_p("score"))(self, state, tables)

    def announce_end(self, state: dict, res, tables) -> None:
        """As 1981, judged by the first edition's duel rule."""
        load("umpire.rules.wsim.editions.wsim1974.ending:announce_end")(state, res, tables)
