"""The WS&IM 1981 Advanced Game: the Basic ruleset with the Advanced log and tables layered over it.

Only what differs is here. The level is chosen by the game (`umpire new --level advanced`);
the registry id stays `wsim-1981` and `find_ruleset` picks this class for that level.
"""

from __future__ import annotations

import math

from umpire.core.errors import UmpireError
from umpire.rules.wsim.ruleset import Wsim1981
from umpire.rules.wsim.ship import SIDES, status as basic_status


class Wsim1981Advanced(Wsim1981):
    level = "advanced"
    data_id = "wsim-1981-advanced"
    title = "Wooden Ships & Iron Men, second edition (1981), Advanced Game"

    def new_ship(self, definition: dict) -> dict:
        """The Basic log with the Advanced log modifications (Advanced I.B): hull x1.5 rounded up,
        crew, gun and carronade squares x2, rigging unchanged; each broadside split into a bow and
        a stern section of equal size."""
        from umpire.core.tables import Tables
        from umpire.rules.wsim.ship import snapshot

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
                     "anchor": None, "repairs": {"hull": 0, "rigging": 0, "guns": 0},
                     "critical_effects": []})
        ship["at_turn_start"] = snapshot(ship)
        return ship

    def fire(self, state: dict, tables, firer: str, target: str, opts: dict):
        """Advanced fire (several hit dice, critical hits, ammunition) is not built yet: refuse it
        plainly rather than read the Advanced tables with the Basic procedure."""
        raise UmpireError("fire at the Advanced level is not built yet (Advanced hit tables, critical hits "
                          "and ammunition); play this engagement at --level basic for now")

    def status(self, ship: dict) -> dict:
        out = basic_status(ship)
        for key in ("gun_sections_left", "carronade_sections_left", "sails", "shot", "anchor", "repairs",
                    "critical_effects"):
            if key in ship:
                out[key] = ship[key]
        out["turning_left"] = ship.get("turning")
        return out


def halves(n: int) -> dict[str, int]:
    """A broadside's squares split equally into bow and stern sections (Advanced I.B.2); the
    doubled log always gives an even number."""
    return {"bow": n - n // 2, "stern": n // 2}
