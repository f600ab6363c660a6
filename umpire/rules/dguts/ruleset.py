"""Don't Give Up The Ship! as a ruleset: set-up, status, the rulings and the command table.
The commands are functions in the `commands_*` modules (fire, boarding, ship, task, turn, wind,
optional, special), each named in `Dguts.actions` and imported when first used; they adapt the
journalled game state to the pure DGUTS rules in this package.

A ship in the game state is ``{"id", "name", "side", "controller",
"definition", "values", "track"}``: `values` are the derived ship values
(fixed), `track` the state the rules change (damage, crew, morale, ...).
"""

from __future__ import annotations

from typing import ClassVar

from umpire.core import actions as A
from umpire.core.errors import BadInput
from umpire.core.ruleset import Plan, Ruleset, Ruling
from umpire.core.state import Step
from umpire.rules.dguts.actions import GalleyRam, Howitzer, Mortar, Night, Paddles, SpeedClass, Task, WindOrder
from umpire.rules.dguts.crew import ledger
from umpire.rules.dguts.fleet import fleet_taken
from umpire.rules.dguts.commands_common import MAX_GUNS, MAX_MEN, MAX_TONS, number
from umpire.rules.dguts.guns import parse_guns
from umpire.rules.dguts.ship import OVERRIDE_KEYS, derive_ship, initial_state
from umpire.rules.dguts.tables import default_readings, game_tables, load_tables

_C = "umpire.rules.dguts.commands_"

STATUS_KEYS = ("tons", "sf_value", "cf_value", "class", "rate", "sails", "masts", "mast_thresholds",
               "ten_percent_loss", "morale_value", "saving_throw", "guns", "fire_factors", "chasers", "nation",
               "sailing_class", "weatherliness", "soldiers")
TRACK_KEYS = ("damage_high", "damage_low", "crew_factors", "sails_lost", "masts_lost", "morale", "morale_turns",
              "morale_checks_owed", "sinking_band", "sinking_turns_left", "guns_dismounted", "fleet_left", "fleet_taken",
              "flagship", "squadron", "entangled_with", "prisoners", "crew_arriving", "prize_crew_of")

#: tables (or keys) read only when a ship is set up: her values are kept in the game, so a house
#: ruling of these would never reach her (refused, naming the ship's own values to give instead)
SET_UP_ONLY = ("classes", "guns.fire_factors", "guns.long_guns.calibres", "guns.carronades.calibres",
               "nations.morale", "nations.kinds", "nations.aliases", "nations.gunnery_factoring",
               "single-ship.gun_weight.carronade_share")


def _flat_keys(rulings: dict, prefix: str = "") -> list[str]:
    """The dotted keys of flat or nested house rulings."""
    out = []
    for k, v in rulings.items():
        key = f"{prefix}.{k}" if prefix else str(k)
        out.extend(_flat_keys(v, key) if isinstance(v, dict) else [key])
    return out


class Dguts(Ruleset):
    id = "dguts"
    aliases = ("dgts", "dont-give-up-the-ship")
    data_id = "dguts"
    ship_record = "umpire.rules.dguts.record:DGUTS"
    title = "Don't Give Up The Ship!, second edition (1975)"
    units = "inches"
    family = "dguts"
    levels = ("standard", "training", "fleet")
    required_keys = ("id", "name", "side", "controller", "values", "track")
    actions = {"fire": (A.Fire, _C + "fire:fire"), "morale": (A.Morale, _C + "fire:morale"),
               "grapple": (A.Contact, _C + "boarding:contact"), "ungrapple": (A.Contact, _C + "boarding:contact"),
               "foul": (A.Contact, _C + "boarding:contact"), "melee": (A.Melee, _C + "boarding:melee"),
               "board": (A.Board, _C + "boarding:board"),
               "repair": (A.Repair, _C + "ship:repair"), "pumps": (A.Pumps, _C + "ship:pumps"),
               "explode": (A.Explode, _C + "ship:explode"), "special": (A.Special, _C + "ship:special"),
               "mast": (A.Mast, _C + "ship:mast"), "ship edit": (A.ShipEdit, _C + "ship:edit"),
               "ship speedclass": (SpeedClass, _C + "ship:speed_class"),
               "turn": (A.EndTurn, _C + "turn:end_turn"), "task": (Task, _C + "task:task"),
               "wind": (WindOrder, _C + "wind:wind"), "night": (Night, _C + "wind:night"),
               "burn": (A.Burn, _C + "optional:burn"), "musketry": (A.Musketry, _C + "optional:musketry"),
               "ram": (GalleyRam, _C + "special:ram"), "paddles": (Paddles, _C + "special:paddles"),
               "mortar": (Mortar, _C + "special:mortar"), "howitzer": (Howitzer, _C + "special:howitzer")}
    queries = {"speed": _C + "ship:speed", "wind": _C + "wind:wind_now", "sight": _C + "wind:sight"}
    level_classes = {"fleet": "umpire.rules.dguts.fleet_level:DgutsFleet",
                     "training": "umpire.rules.dguts.training_level:DgutsTraining"}
    level = "standard"

    # --- what a level changes: the standard game's answers here; the fleet level's class
    # (`fleet_level.DgutsFleet`) gives its own --------------------------------------------
    #: optional rules the level plays without `--optional`: rule -> the section that makes it one
    level_rules: ClassVar[dict[str, str]] = {}
    #: whether a crew factor at the guns fires them (Basic VIII.A), so that crew at other duties
    #: leaves guns unmanned; the fleet level fires by shot weight instead (docs/rulings.md)
    crew_fires_guns: ClassVar[bool] = True
    #: whether a ship the enemy has captured may still be fired on (Fleet Action Rules 14)
    fires_on_prizes: ClassVar[bool] = False
    #: whether the level has fleet flagships whose loss costs the fleet (Fleet Action Rules 1)
    fleet_flagships: ClassVar[bool] = False
    #: the key of the melee table giving the rounds of melee fought each game turn
    melee_rounds_key: ClassVar[str] = "standard_rounds_per_turn"
    #: the decks a defender fights a melee on (None: her own)
    melee_decks: ClassVar[int | None] = None
    #: whether a grapple is thrown for (Basic IX.A); the training game boards within an inch at will
    grapple_by_roll: ClassVar[bool] = True

    def plays(self, state: dict, rule: str) -> bool:
        """Whether an optional rule holds in this game: chosen with `--optional`, or made a rule of
        the level (`level_rules`)."""
        return self.in_force(state, rule) or rule in self.level_rules

    def rule_source(self, rule: str) -> str:
        """The section an optional rule in force comes from at this level."""
        return self.level_rules.get(rule) or self.optional_rules[rule]

    def level_turn_end(self, ship: dict, new: dict, dt) -> list[Step]:
        """What the level adds to a ship's end of turn (`new` is her track for the next turn, changed
        in place); the standard game adds nothing."""
        return []

    def scenario_warnings(self, scen: dict) -> list[str]:
        """Scenario ships whose armament the text's OCR lost, and what is missing."""
        return [f"{s['name']} ({s['id']}): illegible in the text: {s['armament_lost']}; give her whole gun "
                f"list with `umpire ship edit {s['id']} --guns ...` before she fights"
                for s in scen.get("ships", []) if s.get("armament_lost")]

    # --- tables ------------------------------------------------------------
    def dt(self, tables):
        """The DGUTS tables with the game's house rulings (`tables.game_tables`)."""
        return game_tables(tables)

    def plan(self, state: dict, tables, action: dict):
        """The engine's plan, with a line of working for each default reading it took."""
        with _damaged_state():
            got = super().plan(state, tables, action)
        dt = game_tables(tables)
        if not isinstance(got, Plan):
            return _note_defaults(got, dt)
        inner = got.resolve
        return got.replace(resolve=lambda rolls, strict: _note_defaults(inner(rolls, strict), dt))

    def query(self, state: dict, tables, command: str, ship: str, opts: dict):
        with _damaged_state():
            return _note_defaults(super().query(state, tables, command, ship, opts), game_tables(tables))

    def default_rulings(self) -> list:
        """Every default reading where the text lacks a number (data/dguts/defaults.toml)."""
        return [Ruling(k, r["value"], "default", f"{r['reason']} (docs/rulings.md)")
                for k, r in sorted(default_readings().items())]

    # optional rule -> the section of the text it comes from (fire options also in fireorder.OPTIONS)
    optional_rules = {
        "point-blank": "Advanced Optional 4",
        "stern-rake": "Advanced Optional 5",
        "carronade-accuracy": "Advanced Optional 7",
        "opening-nations": "Advanced Optional 3",
        "studding-nations": "Advanced Optional 2",
        "shot-weight": "Single-Ship Rules M",
        "dismounted-guns": "Single-Ship Rules G",
        "gun-weight": "Advanced Optional, Gun Weight and Tonnage",
        "seamanship": "Single-Ship Rules I (Seamanship)",
        "first-roll": "Advanced Optional 10",
        "melee-losses": "Optional Rules, Melee Losses",
        "three-grappled": "Advanced Optional 9",
        "grappled-fire": "Advanced Optional 12",
        "honors-of-war": "Advanced Optional 14",
        "chasers": "Advanced Optional 8",
        "deck-multipliers": "Advanced Optional 13.E",
        "grappled-lower-decks": "Advanced Optional 11",
    }

    def check_rulings(self, tables) -> None:
        rulings = getattr(tables, "rulings", None) or {}
        load_tables(rulings)
        for key in _flat_keys(rulings):
            if any(key == p or key.startswith(p + ".") for p in SET_UP_ONLY):
                raise BadInput(f"house ruling {key!r}: a ship's values are worked out from this table when she "
                               "is set up, so a ruling here would not reach her; give the ship's own values "
                               "instead (a scenario ship's crew_factors, cf_value, sf_value, morale_value, "
                               "saving_throw, fire_factors or class, or `umpire ship edit`)")

    # --- setup -------------------------------------------------------------
    def initial_state(self, game) -> dict:
        return {"turn": 1, "level": game.meta.get("level", "standard"), "wind": {},
                "optional": list(game.meta.get("optional", [])),
                "ships": {d["id"]: self.new_ship(d) for d in game.ships}}

    def ship_definition(self, name: str, side: str, ship_id: str, opts: dict) -> dict:
        missing = [k for k in ("nation", "tons", "men", "guns") if opts.get(k) in (None, "")]
        if missing:
            raise BadInput(f"a DGUTS ship needs --{' --'.join(missing)} "
                           "(e.g. --nation american --tons 1576 --men 456 --guns \"30x24,22x32C\")")
        tons, men = number(opts, "tons", low=None), number(opts, "men", low=None)
        if tons <= 0 or men <= 0 or men != int(men):
            raise BadInput(f"tons {opts['tons']} and men {opts['men']} must be more than zero (men a whole number)")
        if tons > MAX_TONS or men > MAX_MEN:
            raise BadInput(f"tons {opts['tons']} or men {opts['men']}: more than any ship of the age of sail "
                           f"(at most {MAX_TONS} tons and {MAX_MEN} men)")
        if any(b.count > MAX_GUNS for b in parse_guns(str(opts["guns"]))):
            raise BadInput(f"guns {opts['guns']!r}: more than {MAX_GUNS} guns of one calibre")
        overrides = {k: opts[k] for k in ("rate", "class") if opts.get(k)}
        if opts.get("merchant"):
            overrides["kind"] = "merchant"
        for k, v in (opts.get("overrides") or {}).items():
            overrides[k] = v
        d = {"id": ship_id, "name": name, "side": side, "nation": opts["nation"], "tons": tons,
             "men": int(men), "guns": str(opts["guns"]), "overrides": overrides}
        self.new_ship(d)   # refuse bad calibres, tonnage, overrides now
        return d

    def scenario_ship(self, s: dict, scen: dict) -> dict:
        sides = {x["id"]: x for x in scen.get("sides", [])}
        nation = s.get("nation") or sides.get(s["side"], {}).get("nation", "")
        overrides = {k: s[k] for k in OVERRIDE_KEYS if k in s and k != "name"}
        missing = [k for k in ("tons", "men", "guns") if k not in s] + ([] if nation else ["nation"])
        if missing:
            raise BadInput(f"scenario {scen.get('_path', scen.get('id'))}: ship {s['id']}: field "
                           f"{missing[0]!r} is missing")
        try:
            return self.ship_definition(s["name"], s["side"], s["id"], {
                "nation": nation, "tons": s.get("tons"), "men": s.get("men"), "guns": s.get("guns"),
                "overrides": overrides})
        except BadInput as exc:
            raise BadInput(f"scenario {scen.get('_path', scen.get('id'))}: ship {s['id']}: {exc}") from None

    def new_ship(self, d: dict) -> dict:
        values = derive_ship(d["nation"], d["tons"], d["men"], d["guns"], {"name": d["name"], **d.get("overrides", {})})
        return {"id": d["id"], "name": d["name"], "side": d["side"], "controller": d["side"],
                "definition": d, "values": values, "track": initial_state(values)}

    def status(self, ship: dict) -> dict:
        with _damaged_state():
            return self._status(ship)

    def ship_problem(self, ship: dict) -> str:
        """Fire factors of a shape no rule reads (their keys follow the guns, so the set-up's shape
        cannot hold them): each calibre a table of whole guns, calibre and numbers per factor."""
        factors = (ship.get("values") or {}).get("fire_factors") if isinstance(ship.get("values"), dict) else None
        if not isinstance(factors, dict):
            return "her fire factors are not a table by calibre"
        for key, f in factors.items():
            if not isinstance(f, dict):
                return f"her fire factors for {key!r} are not a table"
            for field in ("guns", "calibre", "guns_per_factor", "total", "per_side"):
                value = f.get(field)
                if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value or value < 0:
                    return f"her fire factors for {key!r}: {field} {value!r} is not a number of zero or more"
        return ""

    def _status(self, ship: dict) -> dict:
        v, t = ship["values"], ship["track"]
        out = {"id": ship["id"], "name": ship["name"], "side": ship["side"], "controller": ship["controller"],
               "state": t["status"]}
        out.update({k: v[k] for k in STATUS_KEYS if k in v})
        out.update({k: t[k] for k in TRACK_KEYS if k in t})
        if "fleet_left" in t:     # a fleet-level ship: her damage from every cause, in the fleet's terms
            out["fleet_damage"] = {k: round(x, 2) for k, x in fleet_taken(t).items()}
        return out

    def ship_status(self, ship: dict, state: dict | None = None) -> dict:
        """The ship's status, with her crew ledger this turn (`crew_duties`: CF aboard, at each duty,
        prisoners held) when the game's state is given."""
        out = super().ship_status(ship, state)
        if state is not None and ship.get("id") in state.get("ships", {}):
            with _damaged_state():
                book = ledger(state, ship["id"], self.crew_fires_guns)
            out["crew_duties"] = {k: round(x, 4) for k, x in book.items() if x or k == "aboard"}
        return out

    def game_status(self, state: dict) -> dict:
        """The crew ledger of every ship afloat: the CF aboard and at each duty this turn (crew.py)."""
        with _damaged_state():
            return {"crew": {sid: {k: round(x, 4) for k, x in ledger(state, sid, self.crew_fires_guns).items()}
                             for sid in state["ships"]}}

    # --- actions -----------------------------------------------------------
    def score(self, state: dict, tables=None) -> dict:
        lines = [{"ship": s["id"], "side": s["side"], "state": s["track"]["status"]}
                 for s in state["ships"].values() if s["track"]["status"] != "active"]
        return {"ships": lines, "verdict": _verdict(state), "sides": relative_force(state)}


def _note_defaults(res, dt):
    """Add to the working each default reading the command took, naming its key."""
    noted = {s.value.split(" = ", 1)[0] for s in res.working if s.step == "default reading"}
    for key, value in sorted(dt.used.items()):
        if key not in noted:
            res.working.append(Step("default reading", f"{key} = {value} (the text lacks it; "
                                    f"`umpire rulings set {key} VALUE` to rule otherwise)", "docs/rulings.md"))
    return res


_BEATEN = ("sunk", "exploded", "captured", "surrendered")


def _verdict(state: dict) -> str:
    """Basic Rules X and the Training Game's Victory: sinking or taking every enemy ship is a decisive
    victory; a ship that breaks off where she cannot be caught concedes only a partial one (the umpire's
    call, at the table)."""
    sides: dict[str, list[bool]] = {}
    for s in state["ships"].values():
        status = s["track"]["status"]
        # a ship occupied by friends after her crew surrendered ("captured" under her own side) is saved
        out = status in _BEATEN and not (status == "captured" and s.get("controller") == s["side"])
        sides.setdefault(s["side"], []).append(out)
    beaten = sorted(side for side, outs in sides.items() if all(outs))
    standing = sorted(side for side in sides if side not in beaten)
    if beaten and len(standing) == 1:
        return (f"decisive victory for {standing[0]}: every ship of {', '.join(beaten)} sunk, taken or struck "
                "(Basic Rules X)")
    if beaten and not standing:
        return "no victor: every ship of every side sunk, taken or struck (Basic Rules X)"
    return ("no decision yet: sinking or taking the enemy is a decisive victory; an enemy who breaks off "
            "where she cannot be caught concedes a partial victory, and a refight is judged against the "
            "historical action (Basic Rules X)")


def relative_force(state: dict) -> dict:
    """Single-Ship Rules L: each side's tonnage, broadside weight and crew, the heaviest side as 10,
    with the damage each side has taken, so a refight can be judged against the force engaged."""
    sides: dict[str, dict] = {}
    for s in state["ships"].values():
        v, t = s["values"], s["track"]
        row = sides.setdefault(s["side"], {"tons": 0.0, "broadside": 0.0, "crew": 0, "damage_low": 0.0,
                                           "damage_high": 0.0, "men_lost": 0.0})
        row["tons"] += float(v["tons"])
        row["broadside"] += sum(float(f["per_side"]) * float(f["guns_per_factor"]) * int(f["calibre"])
                                for f in v["fire_factors"].values())
        row["crew"] += int(v["men"])
        row["damage_low"] += float(t["damage_low"])
        row["damage_high"] += float(t["damage_high"])
        row["men_lost"] += round((float(v["crew_factors"]) - float(t["crew_factors"])) * 21, 1)
    for key in ("tons", "broadside", "crew"):
        top = max((r[key] for r in sides.values()), default=0) or 1
        for r in sides.values():
            r[f"{key}_ratio"] = round(10 * r[key] / top, 2)
    return sides


class _damaged_state:
    """A ship's state that lacks a key or holds the wrong kind of value can only come from a damaged or
    hand-edited game file: refuse it as bad input (exit 2), naming what is wrong, not with a traceback."""

    def __enter__(self):
        return self

    def __exit__(self, kind, exc, tb):
        if kind in (KeyError, TypeError, AttributeError):
            raise BadInput(f"the game's state is damaged ({kind.__name__}: {exc}); "
                           "the game file may have been edited by hand (`umpire verify` checks it)") from None
        return False
