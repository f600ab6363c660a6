"""The WS&IM 1981 Advanced Game: the Basic ruleset with the Advanced log and tables layered over it.

Only what differs is here. The level is chosen by the game (`umpire new --level advanced`);
the registry id stays `wsim-1981` and `find_ruleset` picks this class for that level.
"""

from __future__ import annotations

import math

from umpire.core.errors import BadInput
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

    options = {**Wsim1981.options, "fire": Wsim1981.options["fire"] + ("section", "hit_section")}

    def fire(self, state: dict, tables, firer: str, target: str, opts: dict):
        """Advanced fire (Advanced I.A, VIII.A-C): several hit dice above table 10, critical hits,
        bow and stern sections, the shot loaded, the Destroyed Hull Table."""
        from umpire.rules.base import Plan, side_word
        from umpire.rules.wsim import advanced_fire as af

        try:
            rng = int(opts["range"])
        except ValueError:
            raise BadInput(f"range {opts['range']!r}: WS&IM ranges are whole hexes") from None
        aim = (opts.get("aim") or "").lower()
        if aim not in ("", "hull", "rigging"):
            raise BadInput(f"aim {aim!r}: WS&IM fire is aimed at hull or rigging")
        section, hit_section = (opts.get("section") or "").lower(), (opts.get("hit_section") or "").lower()
        for name, value in (("--section", section), ("--hit-section", hit_section)):
            if value not in ("", "bow", "stern"):
                raise BadInput(f"{name} {value!r}: use bow or stern")
        act = af.AdvancedFire(firer, target, rng, side_word(opts["side"]), aim, opts.get("rake") or "",
                              side_word(opts["facing"]) if opts.get("facing") else "",
                              opts.get("lose") or "carronades", section, hit_section)
        got = af.reading(state, act, tables)
        need = af.needs(state, act, tables, got[0])
        return Plan(need, lambda rolls, typed: af.resolve(state, act, rolls, typed, tables, got),
                    flexible=need.count > 0)

    def load(self, state: dict, tables, ship: str, side: str, shot: str = ""):
        from umpire.rules.base import side_word
        from umpire.rules.wsim import ammunition

        return ammunition.load(state, ship, side_word(side), shot, tables)

    def end_turn(self, state: dict, tables):
        from umpire.rules.wsim import ammunition, turns

        return turns.end_turn(state, ammunition.end_turn_effects)

    def status(self, ship: dict) -> dict:
        out = basic_status(ship)
        for key in ("gun_sections_left", "carronade_sections_left", "sails", "shot", "anchor", "repairs",
                    "critical_effects"):
            if key in ship:
                out[key] = ship[key]
        if "shot" in ship:   # null while empty or still loading
            out["shot"] = {s: ship["shot"][s] if ship["loaded"][s] else None for s in SIDES}
        out["critical_effects"] = [{"until_turn": None, **e} for e in ship.get("critical_effects", [])]
        out["turning_left"] = ship.get("turning")
        return out


def halves(n: int) -> dict[str, int]:
    """A broadside's squares split equally into bow and stern sections (Advanced I.B.2); the
    doubled log always gives an even number."""
    return {"bow": n - n // 2, "stern": n // 2}
