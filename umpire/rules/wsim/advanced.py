"""The WS&IM 1981 Advanced Game: the Basic ruleset with the Advanced log and tables layered over it.

Only what differs is here. The level is chosen by the game (`umpire new --level advanced`);
the registry id stays `wsim-1981` and `find_ruleset` picks this class for that level.
"""

from __future__ import annotations

import math

from umpire.core.errors import BadInput
from umpire.rules.wsim import actions as WsimActions
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
                     "anchor": "", "repairs": {"hull": 0, "rigging": 0, "guns": 0},
                     "critical_effects": []})
        ship["at_turn_start"] = snapshot(ship)
        return ship

    options = {**Wsim1981.options, "fire": Wsim1981.options["fire"] + ("section", "hit_section")}

    def fire(self, state: dict, tables, firer: str, target: str, opts: dict):
        """Advanced fire (Advanced I.A, VIII.A-C): several hit dice above table 10, critical hits,
        bow and stern sections, the shot loaded, the Destroyed Hull Table."""
        from umpire.rules.base import Plan
        from umpire.rules.wsim import advanced_fire as af, gunnery

        section, hit_section = (opts.get("section") or "").lower(), (opts.get("hit_section") or "").lower()
        for name, value in (("--section", section), ("--hit-section", hit_section)):
            if value not in ("", "bow", "stern"):
                raise BadInput(f"{name} {value!r}: use bow or stern")
        act = gunnery.fire_from_opts(firer, target, opts, af.AdvancedFire, section, hit_section)
        got = af.reading(state, act, tables)
        need = af.needs(state, act, tables, got[0])
        return Plan(need, lambda rolls, typed: af.resolve(state, act, rolls, typed, tables, got),
                    flexible=need.count > 0)

    actions = {**Wsim1981.actions, "wind": (WsimActions.Wind, "_wind")}

    def initial_state(self, game) -> dict:
        """The Basic start, and the wind (Advanced III.A): the scenario's, else a normal breeze."""
        from umpire.core.tables import Tables
        from umpire.rules.wsim import wind

        state = super().initial_state(game)
        state["wind"] = wind.initial((game.scenario or {}).get("wind"), Tables(self.data_id))
        return state

    def game_status(self, state: dict) -> dict:
        """What `status` shows beside the ships: the wind."""
        from umpire.rules.wsim import wind

        return {"wind": wind.public(state["wind"])}

    def _wind(self, state, tables, a: WsimActions.Wind):
        """Set the wind (`--direction/--velocity/--change`) or roll the wind phase."""
        from umpire.rules.base import Plan
        from umpire.rules.wsim import wind

        opts = {k: v for k, v in a.opts.items() if k != "_optional"}
        unknown = sorted(set(opts) - {"direction", "velocity", "change", "variable"})
        if unknown:
            raise BadInput(f"wind: option {unknown[0]!r} is not a {self.id} option (--direction, --velocity, --change)")
        if opts.pop("variable", False):   # Optional Rules VI: the scenario's wind rolled instead
            from umpire.rules.wsim import optional

            return optional.variable_wind(state, tables, opts)
        if opts:
            return wind.set_wind(state, opts, tables)
        optional = list(a.opts.get("_optional") or [])
        need = wind.roll_need(state, optional, tables)
        return Plan(need, lambda rolls, typed: wind.roll(state, rolls, typed, optional, tables), flexible=True)

    def speed(self, state: dict, tables, ship: str, opts: dict):
        """Movement allowance at the Advanced level: battle or full sails (default: the sails she
        has set), 0 when becalmed, and with `wind-effects` the Wind Effects Table (III.B.2)."""
        from umpire.rules.wsim import movement, wind

        self.check_options("speed", {k: v for k, v in opts.items() if v is not None})
        the_ship = state["ships"][ship]
        sail = (opts.get("sail") or the_ship.get("sails") or "battle").lower()
        if sail not in ("battle", "full"):
            raise BadInput(f"sail {sail!r}: use battle or full")
        att = opts.get("attitude")
        if not att:
            if opts.get("heading") is None:
                raise BadInput("give --attitude A|B|C|D, or --heading (and --wind, unless the game's wind is set)")
            toward = opts.get("wind") if opts.get("wind") is not None else state["wind"]["direction"] or None
            if toward is None:
                raise BadInput("the game's wind direction is not set: give --wind or set it with `umpire wind`")
            try:
                att = movement.attitude(int(opts["heading"]), int(toward), tables)
            except (TypeError, ValueError):
                raise BadInput("--heading and --wind are hex directions 1 to 6") from None
        res = movement.allowance(the_ship, att, tables, sail, state["turn"])
        return wind.speed_in_wind(res, the_ship, state["wind"], "wind-effects" in (opts.get("_optional") or []),
                                  tables)

    def load(self, state: dict, tables, ship: str, side: str, shot: str = ""):
        from umpire.rules.base import side_word
        from umpire.rules.wsim import ammunition

        return ammunition.load(state, ship, side_word(side), shot, tables)

    def end_turn(self, state: dict, tables):
        from umpire.rules.wsim import advanced_cmds, turns

        return turns.end_turn(state, lambda st, sid, ship: advanced_cmds.end_turn_hold(st, sid, ship, tables))

    def status(self, ship: dict) -> dict:
        out = basic_status(ship)
        for key in ("gun_sections_left", "carronade_sections_left", "sails", "shot", "anchor", "repairs",
                    "critical_effects"):
            if key in ship:
                out[key] = ship[key]
        out["anchor"] = ship.get("anchor") or None   # kept as "" when not anchored: TOML has no null
        if "shot" in ship:   # null while empty or still loading
            out["shot"] = {s: ship["shot"][s] if ship["loaded"][s] else None for s in SIDES}
        out["critical_effects"] = [{"until_turn": None, **e} for e in ship.get("critical_effects", [])]
        out["turning_left"] = ship.get("turning")
        return out


def halves(n: int) -> dict[str, int]:
    """A broadside's squares split equally into bow and stern sections (Advanced I.B.2); the
    doubled log always gives an even number."""
    return {"bow": n - n // 2, "stern": n // 2}
