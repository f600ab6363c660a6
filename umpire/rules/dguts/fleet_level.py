"""The Fleet Action Rules as a level of the game: `umpire new --ruleset dguts --level fleet` plays
this class. It is the standard game with the answers the fleet rules change: its fire is the fleet
table's (`commands_fleet.fire`), some optional rules become rules (8, 9, 11, 15), a prize taken by
the enemy may still be fired on high (14), fleet flagships count (1), melee is fought twice a turn on
one deck (12), the guns fire by shot weight rather than crew, and at each turn's end a ship's points
are counted again from her damage from every cause."""

from __future__ import annotations

from umpire.core import actions as A
from umpire.core.state import Step
from umpire.rules.dguts.fleet import crew_after_points, fleet_left
from umpire.rules.dguts.ruleset import Dguts


class DgutsFleet(Dguts):
    level = "fleet"
    actions = {**Dguts.actions, "fire": (A.Fire, "umpire.rules.dguts.commands_fleet:fire")}
    level_rules = {"first-roll": "Fleet Action Rules 8", "three-grappled": "Fleet Action Rules 9",
                   "grappled-fire": "Fleet Action Rules 11", "honors-of-war": "Fleet Action Rules 15"}
    crew_fires_guns = False
    fires_on_prizes = True
    fleet_flagships = True
    melee_rounds_key = "rounds_per_turn"
    melee_decks = 1

    def level_turn_end(self, ship: dict, new: dict, dt) -> list[Step]:
        """The ship's points from now on, counted from her damage from every cause (Damage Effect),
        and the crew factors her crew points have left her."""
        new["fleet_left"] = fleet_left(ship["values"], new, dt)
        crew, step = crew_after_points(ship["values"], new, dt)
        new.update(crew)
        return [Step(ship["name"], step.value, step.source)] if step else []
