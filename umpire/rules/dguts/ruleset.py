"""Don't Give Up The Ship! as a ruleset: set-up, status, the end of turn and the command
table. The commands themselves are in commands_fire, commands_boarding and commands_ship,
which adapt the journalled game state to the pure DGUTS rules in this package.

A ship in the game state is ``{"id", "name", "side", "controller",
"definition", "values", "track"}``: `values` are the derived ship values
(fixed), `track` the state the rules change (damage, crew, morale, ...).
"""

from __future__ import annotations

from umpire.core.errors import BadInput, Refused
from umpire.core import actions as A
from umpire.core.ruleset import Ruleset
from umpire.rules.dguts.actions import (EDITABLE, Burn, Howitzer, Mortar, Musketry, Night, Paddles, Ram,
                                        ShipEdit, SpeedClass, Task, Wind)
from umpire.rules.dguts.adapter import MAX_GUNS, MAX_MEN, MAX_TONS, _num, _sets
from umpire.rules.dguts.commands_boarding import BoardingCommands
from umpire.rules.dguts.commands_fire import FireCommands
from umpire.rules.dguts.commands_ship import ShipCommands
from umpire.rules.dguts.commands_special import SpecialCommands
from umpire.rules.dguts.commands_optional import BurningCommands, MusketryCommands
from umpire.rules.dguts.commands_wind import NightCommands, WindCommands

STATUS_KEYS = ("tons", "sf_value", "cf_value", "class", "rate", "sails", "masts", "mast_thresholds",
               "ten_percent_loss", "morale_value", "saving_throw", "guns", "fire_factors", "chasers", "nation",
               "sailing_class", "weatherliness", "soldiers")
TRACK_KEYS = ("damage_high", "damage_low", "crew_factors", "sails_lost", "masts_lost", "morale", "morale_turns",
              "morale_checks_owed", "sinking_band", "sinking_turns_left", "guns_dismounted", "fleet_left", "fleet_taken",
              "flagship", "squadron", "entangled_with")



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

class Dguts(FireCommands, BoardingCommands, ShipCommands, WindCommands, NightCommands, BurningCommands,
            MusketryCommands, SpecialCommands, Ruleset):
    id = "dguts"
    aliases = ("dgts", "dont-give-up-the-ship")
    data_id = "dguts"
    title = "Don't Give Up The Ship!, second edition (1975)"
    units = "inches"
    family = "dguts"
    levels = ("standard", "training", "fleet")
    required_keys = ("id", "name", "side", "controller", "values", "track")
    actions = {"fire": (A.Fire, "_fire"), "grapple": (A.Contact, "_contact"), "ungrapple": (A.Contact, "_contact"),
               "foul": (A.Contact, "_contact"),
               "melee": (A.Melee, "_melee"),
               "board": (A.Board, "_board"), "morale": (A.Morale, "_morale"), "repair": (A.Repair, "_repair"),
               "pumps": (A.Pumps, "_pumps"), "explode": (A.Explode, "_explode"),
               "special": (A.Special, "_special"), "mast": (A.Mast, "_mast"), "turn": (A.EndTurn, "_turn"),
               "ship edit": (ShipEdit, "_edit"), "wind": (Wind, "_wind"),
               "night": (Night, "_night_cmd"), "burn": (Burn, "_burn"),
               "musketry": (Musketry, "_musketry"), "ship speedclass": (SpeedClass, "_speed_class"),
               "task": (Task, "_task"), "ram": (Ram, "_special_vessel"), "paddles": (Paddles, "_special_vessel"),
               "mortar": (Mortar, "_special_vessel"), "howitzer": (Howitzer, "_special_vessel")}
    queries = {"speed": "speed", "wind": "wind_now", "sight": "sight"}

    # --- journalled actions, as the command line builds them ---------------
    def _fire(self, state, tables, a: A.Fire):
        return self.fire(state, tables, a.ship, a.at, a.opts)

    def _contact(self, state, tables, a: A.Contact):
        return self.contact(state, tables, a.kind, a.ship, a.other, a.opts)

    def _melee(self, state, tables, a: A.Melee):
        return self.melee(state, tables, a.attackers, a.defender, a.opts)

    def _board(self, state, tables, a: A.Board):
        return self.board(state, tables, a.ship, a.party, a.sections, a.at, a.opts)

    def _morale(self, state, tables, a: A.Morale):
        return self.morale(state, tables, a.ship, a.opts)

    def _repair(self, state, tables, a: A.Repair):
        return self.repair(state, tables, a.ship, a.what, a.opts)

    def _pumps(self, state, tables, a: A.Pumps):
        return self.pumps(state, tables, a.ship, a.crew)

    def _explode(self, state, tables, a: A.Explode):
        return self.explode(state, tables, a.ship, a.near, a.opts)

    def _special(self, state, tables, a: A.Special):
        return self.special(state, tables, a.ship, a.column, a.opts)

    def _mast(self, state, tables, a: A.Mast):
        return self.mast(state, tables, a.ship, a.opts)

    def _turn(self, state, tables, a):
        return self.end_turn(state, tables)

    def _speed_class(self, state, tables, a: SpeedClass):
        """Roll a ship's speed class and sailing class by her type (Advanced Optional 1)."""
        from umpire.core.dice import DiceNeed
        from umpire.rules.base import Plan

        s = state["ships"][a.ship]
        dt = self.dt(tables)
        row = dt.get("advanced", "speed_classes")
        rate = int(s["values"]["rate"])
        kind = ("line" if rate > int(dt.get("classes", "frigates", "max_rate")) else
                "frigate" if rate >= int(row["frigate_min_rate"]) else "small")
        pip = int(rate >= int(row["line_pip_rate"])) if kind == "line" else (
            int(rate >= int(row["frigate_pip_rate"])) if kind == "frigate" else 0)

        def resolve(rolls, strict):
            from umpire.core.state import Step

            c_die, s_die = DiceNeed(2, 6, ("speed class", "sailing class")).check(rolls)
            cls = int(row[kind][c_die + pip - 1])
            letter = row["line_bonus" if kind == "line" else "frigate_bonus"][s_die - 1]
            res = self.edit_ship(state, a.ship, {"class": str(cls), "sailing_class": letter})
            res.working.insert(0, Step("speed class", f"{kind.replace('line', 'ship of the line')}, rate {rate}: "
                                       f"rolled {c_die}" + (f"+{pip}" if pip else "") + f" = Class {cls}; "
                                       f"sailing {s_die} = {letter.upper()}", dt.cite("advanced", "speed_classes")))
            res.data["rolls"] = [c_die, s_die]
            return res

        return Plan(DiceNeed(2, 6, ("speed class", "sailing class")), resolve)

    def _special_vessel(self, state, tables, a):
        if a.command == "paddles":
            return self.paddles(state, tables, a.ship, a.opts)
        return getattr(self, a.command)(state, tables, a.ship, a.at, a.opts)

    def _task(self, state, tables, a: Task):
        """Crew tasks: studding sails, anchor, lightening ship; the working gives the turns the crew needs."""
        from umpire.core.state import Step
        from umpire.rules.dguts import tasks
        from umpire.rules.dguts.adapter import _afloat, _core, _sets, _yes

        s = state["ships"][a.ship]
        _afloat(s, "work the ship")
        dt = self.dt(tables)
        on = str(a.opts.get("set", "on")).lower() not in ("off", "0", "no", "false")
        if a.what == "studding":
            res = tasks.set_studding_sails(s["values"], s["track"], on, _yes(a.opts, "trained"), dt,
                                           by_nation="studding-nations" in state.get("optional", []))
            job = "sail"
        elif a.what == "anchor":
            res, job = tasks.set_anchored(s["track"], on, dt), "anchor"
        elif a.what in ("boats", "guns", "stores", "water"):
            res, job = tasks.lighten(s["values"], s["track"], a.what, a.opts.get("gain"), dt), ""
        elif a.what == "springs":
            if not s["track"].get("anchored"):
                raise Refused(f"{s['name']} must be at anchor to rig springs on her cable")
            res, job = tasks.rig_springs(s["track"], dt), ""
        elif a.what == "flagship":
            res, job = tasks.mark_flagship(s["track"], on, str(a.opts.get("squadron", "")), dt), ""
        elif a.what == "squadron":
            res, job = tasks.join_squadron(s["values"], s["track"], on, str(a.opts.get("squadron", "")), dt), ""
        elif a.what == "row":
            return self._row_turn(s, a.opts, dt)
        elif a.what == "flagship-roll":
            return self._unmarked_flagship(state, s, a.opts, dt)
        elif a.what == "stay":
            return self._stay_aboard(state, s, dt)
        else:
            raise BadInput(f"task {a.what!r}: studding, anchor, springs, boats, guns, stores, water, flagship, squadron, "
                           "flagship-roll, row or stay")
        out = _core("task", f"{s['name']}: {a.what} {'' if job == '' else ('on' if on else 'off')}".strip(), res,
                    _sets(a.ship, res.effects.get("ship", {})))
        if job:
            crew = _num(a.opts, "crew", float(s["track"]["crew_factors"]))
            if job != "anchor":         # only sailors work the sails; anyone can anchor
                hands, share = tasks.sailors(s["values"], float(s["track"]["crew_factors"]), dt)
                out.working.append(Step("sailors", share, dt.cite("tasks", "sailors")))
                if a.opts.get("crew") not in (None, "") and crew > hands + 1e-9:
                    raise Refused(f"{s['name']} has {hands:g} CF of sailors; only sailors work the sails "
                                  f"(--crew {crew:g} is more)")
                crew = min(crew, hands)
            turns, text = tasks.task_turns(s["values"], job, crew, dt)
            out.working.append(Step("crew", text, dt.cite("tasks", "crew")))
            out.data["turns"] = turns
        elif a.what == "guns":          # anyone can heave guns overboard: a pound a man a turn
            crew = _num(a.opts, "crew", float(s["track"]["crew_factors"]))
            if crew > float(s["track"]["crew_factors"]) + 1e-9:
                raise Refused(f"{s['name']} has {float(s['track']['crew_factors']):g} CF aboard "
                              f"(--crew {crew:g} is more)")
            turns, dumped, text = tasks.dump_guns_turns(s["values"], crew, dt)
            out.working.append(Step("dumping", text, dt.cite("tasks", "lightening")))
            out.data.update({"turns": turns, "dumped": dumped})
        return out

    def _unmarked_flagship(self, state: dict, s: dict, opts: dict, dt):
        """Fleet Action Rules 1.b: a turn engaged (enemy within 8") with no flagship marked for her fleet:
        one die, and on a third of the faces every ship of the fleet suffers a loss of flagship."""
        from umpire.core.dice import DiceNeed
        from umpire.core.state import Resolution, Step
        from umpire.rules.base import Plan
        from umpire.rules.dguts.adapter import _sets
        from umpire.rules.dguts.fleet import resolve_unmarked_flagship

        if state.get("level") != "fleet":
            raise Refused("the loss of an unmarked flagship is a Fleet Action rule (`umpire new ... --level fleet`)")
        squadron = ""
        side = s["controller"]
        ships = [o for o in state["ships"].values() if o["controller"] == side]
        marked = [o["name"] for o in ships if o["track"].get("flagship") == "fleet"]
        if marked:
            raise Refused(f"{marked[0]} is the fleet's marked flagship: only a fleet with none rolls")
        turn = int(state.get("turn", 1))
        if any(int(o["track"].get("flagship_roll_turn", 0)) == turn for o in ships):
            raise Refused(f"the {side} fleet has rolled for its unmarked flagship this turn already")

        def resolve(rolls, strict):
            lost, step = resolve_unmarked_flagship(side, squadron, rolls[0], dt)
            effects = []
            for o in ships:
                change = {"flagship_roll_turn": turn}
                if lost and o["track"]["status"] in ("active", "sinking"):
                    change["flagship_losses"] = int(o["track"].get("flagship_losses", 0)) + 1
                effects += _sets(o["id"], change)
            engaged = Step("engaged", f"roll once each turn the enemy is within "
                           f"{float(dt.get('fleet', 'flagships', 'engaged_inches')):g}\" of the fleet",
                           dt.cite("fleet", "flagships"))
            return Resolution("task", f"{'the ' + squadron + ' squadron' if squadron else 'the ' + side + ' fleet'}: "
                              + ("loss of flagship" if lost else "no loss"), effects, [step, engaged],
                              {"lost": lost, "ships": [o["id"] for o in ships]})

        return Plan(DiceNeed(1, 6, ("unmarked flagship",)), resolve)

    def _stay_aboard(self, state: dict, s: dict, dt):
        """A crew aboard a slowly sinking ship (a galley's ram): each turn a die, staying on up to the
        crew's morale points plus one; everyone leaves the turn before she sinks (Special Vessels, Galleys)."""
        from umpire.core.dice import DiceNeed
        from umpire.core.state import Resolution, Step
        from umpire.rules.base import Plan
        from umpire.rules.dguts import burning
        from umpire.rules.dguts.adapter import _sets

        track = s["track"]
        if track["status"] != "sinking":
            raise Refused(f"{s['name']} is not sinking: her crew has no call to leave")
        if track.get("abandoned") or float(track["crew_factors"]) <= 0:
            raise Refused(f"{s['name']}'s crew has already left her")
        turn = int(state.get("turn", 1))
        if int(track.get("stay_roll_turn", 0)) == turn:
            raise Refused(f"{s['name']}'s crew has rolled to stay aboard this turn already")
        row = dt.get("special", "rammed_crews")
        src = dt.cite("special", "rammed_crews")
        points = int(track.get("morale_points", s["values"]["morale_value"]))
        up_to = points + int(row["stay_above_points"])

        def leave(steps, data):
            res = burning.abandon(s["values"], track, dt)
            effects = _sets(s["id"], {**res.effects.get("ship", {}), "stay_roll_turn": turn})
            return Resolution("task", f"{s['name']}: her crew abandons her", effects, steps + list(res.working),
                              {**data, "abandoned": True})

        if int(track.get("sinking_turns_left", 99)) <= int(row["must_leave_turns_left"]):
            return leave([Step("abandon", "she sinks next turn: every crew must leave her now", src)], {"rolls": []})

        def resolve(rolls, strict):
            (roll,) = DiceNeed(1, 6, ("stay aboard",)).check(rolls)
            step = Step("stay aboard", f"a {points}-point crew stays on 1-{up_to}: rolled {roll}, "
                        + ("they stay" if roll <= up_to else "they abandon her"), src)
            if roll > up_to:
                return leave([step], {"rolls": [roll], "stayed": False})
            return Resolution("task", f"{s['name']}: her crew stays aboard", _sets(s["id"], {"stay_roll_turn": turn}),
                              [step], {"rolls": [roll], "stayed": True, "abandoned": False})

        return Plan(DiceNeed(1, 6, ("stay aboard",)), resolve)

    def _row_turn(self, s: dict, opts: dict, dt):
        """A galley rows this turn (Special Vessels, Galleys): her speed under oars, the spell counted
        against what her oarsmen can keep up, and the rest it costs them."""
        from umpire.core.state import Resolution, Step
        from umpire.rules.dguts.adapter import _sets
        from umpire.rules.dguts.special_vessels import galley_row_speed, row_a_turn

        if s["values"].get("kind") != "galley":
            raise Refused(f"{s['name']} is not a galley: only galleys row (`ship edit {s['id']} --kind galley`)")
        if s["track"].get("oars_sheared"):
            raise Refused(f"{s['name']}'s oars are sheared: they serve only for turning")
        pace = str(opts.get("pace", "normal")).lower()
        if pace not in ("normal", "battle"):
            raise BadInput(f"--opt pace={pace}: normal (8\") or battle (12\", ramming)")
        if (s["track"].get("rowing") or {}).get("this_turn"):
            raise Refused(f"{s['name']} has already rowed this turn")
        battle = pace == "battle"
        rowing = row_a_turn(s["track"], battle, dt)
        speed, step = galley_row_speed(s["values"], s["track"], battle, dt)
        steps = [step, Step("oarsmen", f"{rowing['turns']} turn(s) rowed this spell, {rowing['battle_turns']} at "
                            f"battle speed; {rowing['rest_owed']} turn(s) of rest owed", dt.cite("special", "galley_stamina"))]
        return Resolution("task", f"{s['name']} rows ({pace}): {speed:g}\"", _sets(s["id"], {"rowing": rowing}), steps,
                          {"speed": speed, "allowance": speed, "rowing": rowing})

    def _musketry(self, state, tables, a: Musketry):
        return self.musketry(state, tables, a.ship, a.at, a.opts)

    def _burn(self, state, tables, a: Burn):
        return self.burn(state, tables, a.ship, a.what, list(a.areas), a.opts)

    def _night_cmd(self, state, tables, a: Night):
        return self.night(state, tables, a.what, a.opts)

    def _wind(self, state, tables, a: Wind):
        return self.wind(state, tables, a.what, a.opts)

    def _edit(self, state, tables, a: ShipEdit):
        return self.edit_ship(state, a.ship, a.changes)

    def edit_ship(self, state: dict, ship: str, changes: dict):
        """A ship's set-up changed in play: values worked out again, damage and losses kept."""
        from umpire.core.state import Resolution, Step, set_

        unknown = sorted(set(changes) - set(EDITABLE))
        if unknown:
            raise BadInput(f"ship edit: {unknown[0]!r} cannot be changed; give {', '.join(EDITABLE.values())}")
        given = {k: v for k, v in changes.items() if v not in (None, "")}
        if not given:
            raise BadInput(f"ship edit: say what changes ({', '.join(EDITABLE.values())})")
        s = state["ships"][ship]
        old = s["definition"]
        overrides = {**old.get("overrides", {}), **{k: str(given[k]) for k in ("rate", "class", "sailing_class",
                                                                                "weatherliness", "kind") if k in given}}
        d = self.ship_definition(old["name"], old["side"], old["id"], {
            "nation": given.get("nation", old["nation"]), "tons": given.get("tons", old["tons"]),
            "men": given.get("men", old["men"]), "guns": given.get("guns", old["guns"]), "overrides": overrides})
        fresh = self.new_ship(d)
        lost = float(s["values"]["crew_factors"]) - float(s["track"]["crew_factors"])
        crew = round(max(0.0, float(fresh["values"]["crew_factors"]) - lost), 4)
        effects = [set_(["ships", ship, "definition"], d), set_(["ships", ship, "values"], fresh["values"])]
        if crew != s["track"]["crew_factors"]:
            effects.append(set_(["ships", ship, "track", "crew_factors"], crew))
        steps = [Step(k, f"{old.get(k, old.get('overrides', {}).get(k, ''))} -> {v}", "umpire ship edit")
                 for k, v in given.items()]
        steps.append(Step("values", f"class {fresh['values']['class']}, SF value {fresh['values']['sf_value']:.4g}, "
                          f"CF value {fresh['values']['cf_value']:.4g}, crew {crew:g} CF "
                          f"({lost:g} CF lost before kept as lost)", "DGUTS Basic Rules III, VII"))
        new = {**s, "definition": d, "values": fresh["values"], "track": {**s["track"], "crew_factors": crew}}
        return Resolution("ship", f"{s['name']}: set-up changed ({', '.join(given)})", effects, steps,
                          {"ship": self.status(new)})

    def scenario_warnings(self, scen: dict) -> list[str]:
        """Scenario ships whose armament the text's OCR lost, and what is missing."""
        return [f"{s['name']} ({s['id']}): illegible in the text: {s['armament_lost']}; give her whole gun "
                f"list with `umpire ship edit {s['id']} --guns ...` before she fights"
                for s in scen.get("ships", []) if s.get("armament_lost")]

    # --- tables ------------------------------------------------------------
    def dt(self, tables):
        """The DGUTS tables with the game's house rulings, one set per command (so the default
        readings a command takes are gathered in one place for its working)."""
        from umpire.rules.dguts.tables import load_tables

        mine = getattr(tables, "_dguts", None)
        if mine is None:
            mine = load_tables(getattr(tables, "rulings", None) or {}, bool(getattr(tables, "strict", False)))
            try:
                tables._dguts = mine
            except AttributeError:
                pass
        return mine

    def plan(self, state: dict, tables, action: dict):
        """The engine's plan, with a line of working for each default reading it took."""
        from dataclasses import replace

        from umpire.core.ruleset import Plan

        with _damaged_state():
            got = super().plan(state, tables, action)
        dt = self.dt(tables)
        if not isinstance(got, Plan):
            return _note_defaults(got, dt)
        inner = got.resolve
        return replace(got, resolve=lambda rolls, strict: _note_defaults(inner(rolls, strict), dt))

    def query(self, state: dict, tables, command: str, ship: str, opts: dict):
        with _damaged_state():
            return _note_defaults(super().query(state, tables, command, ship, opts), self.dt(tables))

    def default_rulings(self) -> list:
        """Every default reading where the text lacks a number (data/dguts/defaults.toml)."""
        from umpire.core.ruleset import Ruling
        from umpire.rules.dguts.tables import default_readings

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
        from umpire.rules.dguts.tables import load_tables

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
        tons, men = _num(opts, "tons", low=None), _num(opts, "men", low=None)
        if tons <= 0 or men <= 0 or men != int(men):
            raise BadInput(f"tons {opts['tons']} and men {opts['men']} must be more than zero (men a whole number)")
        if tons > MAX_TONS or men > MAX_MEN:
            raise BadInput(f"tons {opts['tons']} or men {opts['men']}: more than any ship of the age of sail "
                           f"(at most {MAX_TONS} tons and {MAX_MEN} men)")
        from umpire.rules.dguts.guns import parse_guns

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
        from umpire.rules.dguts.ship import OVERRIDE_KEYS

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
        from umpire.rules.dguts import derive_ship, initial_state

        values = derive_ship(d["nation"], d["tons"], d["men"], d["guns"], {"name": d["name"], **d.get("overrides", {})})
        return {"id": d["id"], "name": d["name"], "side": d["side"], "controller": d["side"],
                "definition": d, "values": values, "track": initial_state(values)}

    def status(self, ship: dict) -> dict:
        with _damaged_state():
            return self._status(ship)

    def _status(self, ship: dict) -> dict:
        v, t = ship["values"], ship["track"]
        out = {"id": ship["id"], "name": ship["name"], "side": ship["side"], "controller": ship["controller"],
               "state": t["status"]}
        out.update({k: v[k] for k in STATUS_KEYS if k in v})
        out.update({k: t[k] for k in TRACK_KEYS if k in t})
        return out

    # --- actions -----------------------------------------------------------
    def end_turn(self, state: dict, tables):
        from umpire.core.state import Resolution, Step, set_
        from umpire.rules.dguts.turn import end_of_turn

        dt = self.dt(tables)
        effects, steps = [], []
        news = {}
        for sid, s in state["ships"].items():
            track = s["track"]
            boarders = _fuse_boarders(state, sid)
            if boarders:    # enemy boarders a full turn aboard put the fuse out (Special Vessels)
                track = {**track, "fuse_turns": 0, "fuse_disrupted": True}
                steps.append(Step(s["name"], f"{', '.join(boarders)}'s boarders have been aboard a full turn: her fuse "
                                  "is disrupted and she will not explode", "DGUTS Special Vessels, Explosive ships"))
            news[sid] = end_of_turn(track, dt)
        for sid, s in state["ships"].items():
            fast = s["track"].get("entangled_with")
            if fast and fast in s.get("grappled", []) and fast in news and news[fast]["status"] == "sunk" \
                    and news[sid]["status"] in ("active", "sinking"):
                news[sid] = {**news[sid], "status": "sunk"}
                steps.append(Step(s["name"], f"still entangled with {state['ships'][fast]['name']} as she sinks: "
                                  "the galley goes down as well", "DGUTS Special Vessels, Galleys"))
        for sid, s in state["ships"].items():
            new = news[sid]
            if state.get("level") == "fleet":
                from umpire.rules.dguts.fleet import fleet_left

                new["fleet_left"] = fleet_left(s["values"], new, dt)     # losses count from now (Damage Effect)
            changes = {k: v for k, v in new.items() if s["track"].get(k) != v}
            effects += _sets(sid, changes)
            for key in ("morale", "status"):
                if key in changes:
                    steps.append(Step(s["name"], f"{key} now {changes[key]}", "DGUTS end of turn"))
            if changes.get("fuse_turns") == 0 and not new.get("fuse_disrupted"):
                steps.append(Step(s["name"], "her fuse runs out: she blows up (`umpire explode "
                                  f"{sid} --explosive-ship --near SHIP=INCHES ...`)", "DGUTS Special Vessels"))
        turn = state["turn"] + 1
        effects.append(set_(["turn"], turn))
        return Resolution("turn", f"turn {turn} begins", effects, steps, {"turn": turn})

    def score(self, state: dict, tables=None) -> dict:
        lines = [{"ship": s["id"], "side": s["side"], "state": s["track"]["status"]}
                 for s in state["ships"].values() if s["track"]["status"] != "active"]
        return {"ships": lines, "verdict": _verdict(state), "sides": relative_force(state)}


def _fuse_boarders(state: dict, sid: str) -> list[str]:
    """Enemy ships whose boarders went aboard this explosive ship, fuse burning, in an earlier turn."""
    track = state["ships"][sid]["track"]
    if int(track.get("fuse_turns", 0)) <= 0 or track.get("fuse_disrupted"):
        return []
    me = state["ships"][sid]
    return [o["name"] for o in state["ships"].values()
            if o["controller"] != me["controller"] and (o.get("boarding") or {}).get("at") == sid
            and int((o.get("boarding") or {}).get("turn", state["turn"])) < int(state["turn"])]


def _note_defaults(res, dt):
    """Add to the working each default reading the command took, naming its key."""
    from umpire.core.state import Step

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
