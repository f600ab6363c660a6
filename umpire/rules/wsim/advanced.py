"""The WS&IM 1981 Advanced Game: the Basic ruleset with the Advanced log and tables layered over it.

Only what differs is here, and its planners in `rules/wsim/advanced_planners.py`. The level is
chosen by the game (`umpire new --level advanced`); the registry id stays `wsim-1981` and
`find_ruleset` picks this class for that level.
"""

from __future__ import annotations

import math

from umpire.core.tables import Tables
from umpire.rules.wsim import actions as WsimActions
from umpire.rules.wsim import wind
from umpire.rules.wsim.ruleset import Wsim1981
from umpire.rules.wsim.ship import SIDES, snapshot, status as basic_status

#: where the Advanced planners live
PLANNERS = "umpire.rules.wsim.advanced_planners"


class Wsim1981Advanced(Wsim1981):
    level = "advanced"
    data_id = "wsim-1981-advanced"
    title = "Wooden Ships & Iron Men, second edition (1981), Advanced Game"
    actions = {**Wsim1981.actions, "fire": (Wsim1981.actions["fire"][0], f"{PLANNERS}:fire"),
               "wind": (WsimActions.Wind, f"{PLANNERS}:wind"), "load": (WsimActions.LoadWithShot, f"{PLANNERS}:load"),
               "turn": (Wsim1981.actions["turn"][0], f"{PLANNERS}:end_turn")}
    queries = {**Wsim1981.queries, "speed": f"{PLANNERS}:speed"}
    options = {**Wsim1981.options, "fire": Wsim1981.options["fire"] + ("section", "hit_section")}

    def new_ship(self, definition: dict) -> dict:
        """The Basic log with the Advanced log modifications (Advanced I.B): hull x1.5 rounded up,
        crew, gun and carronade squares x2, rigging unchanged; each broadside split into a bow and
        a stern section of equal size."""
        ship = super().new_ship(definition)
        log = Tables(self.data_id)["procedures"]["log"]
        ship["hull_max"] = ship["hull_left"] = math.ceil(ship["hull_max"] * log["hull"])
        ship["crew_max"] = [c * log["crew"] for c in ship["crew_max"]]
        ship["crew_left"] = list(ship["crew_max"])
        ship["guns_max"] *= log["guns"]
        ship["carronades_max"] *= log["carronades"]
        ship["guns_left"] = {s: ship["guns_max"] for s in SIDES}
        ship["carronades_left"] = {s: ship["carronades_max"] for s in SIDES}
        ship["gun_sections_left"] = {s: halves(ship["guns_max"]) for s in SIDES}
        ship["carronade_sections_left"] = {s: halves(ship["carronades_max"]) for s in SIDES}
        ship.update({"sails": "battle", "shot": {s: "round" for s in SIDES}, "loading": {},
                     "anchor": "", "repairs": {"hull": 0, "rigging": 0, "guns": 0},
                     "critical_effects": []})
        ship["at_turn_start"] = snapshot(ship)
        return ship

    def initial_state(self, game) -> dict:
        """The Basic start, and the wind (Advanced III.A): the scenario's, else a normal breeze."""
        state = super().initial_state(game)
        state["wind"] = wind.initial((game.scenario or {}).get("wind"), Tables(self.data_id))
        return state

    def game_status(self, state: dict) -> dict:
        """What `status` shows beside the ships: the wind."""
        return {"wind": wind.public(state["wind"])}

    def status(self, ship: dict) -> dict:
        out = basic_status(ship)
        for key in ("gun_sections_left", "carronade_sections_left", "sails", "shot", "anchor", "repairs",
                    "critical_effects"):
            if key in ship:
                out[key] = ship[key]
        out["anchor"] = ship.get("anchor") or None   # kept as "" when not anchored: TOML has no null
        if ship.get("anchor_cut"):   # cut (or the cable severed): she may never anchor again (V.C.7)
            out["anchor"], out["anchors_cut"] = None, True
        if ship.get("loading"):      # doubleshot takes two load phases (VIII.B.3.c): not an empty broadside
            out["loading"] = {side: "double" for side in ship["loading"]}
        if "shot" in ship:   # null while empty or still loading
            out["shot"] = {s: ship["shot"][s] if ship["loaded"][s] else None for s in SIDES}
        out["critical_effects"] = [{"until_turn": None, **e} for e in ship.get("critical_effects", [])]
        out["turning_left"] = ship.get("turning")
        return out


def halves(n: int) -> dict[str, int]:
    """A broadside's squares split equally into bow and stern sections (Advanced I.B.2); the
    doubled log always gives an even number."""
    return {"bow": n - n // 2, "stern": n // 2}
