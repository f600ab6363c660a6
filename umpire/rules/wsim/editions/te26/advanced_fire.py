"""Tournament Edition 2.6 fire, Advanced Game (16.1, 19.1.3, 24.2-24.6; Optional 32-34).

The Beginners' procedure (11.2-11.4) with the Advanced differences the text gives:

* a rake reads the number in parentheses on the HDT (16.1.1.1, the pack's `hdt-rake`), +1 into
  the stern (16.1.1.2, 24.4.3), only within five hexes (11.3.2);
* the Advanced HDT modifiers from the pack's `advanced-hdt-modifiers`: the firer at full sails or
  anchored (19.1, 19.3.3.2), chainshot and doubleshot (24.2.2-24.2.3; doubleshot fired beyond one
  hex subtracts its modifier instead, 24.2.3.2; chainshot reaches four hexes and its H and G hits
  are misses);
* men in the rigging count as a crew section down (24.5.1), as do sections fighting fire, at the
  pumps or plotted to grapple (11.3.3, 11.3.3.1) when the umpire says so;
* a Hit Table above 10 is fired as Table 10 plus the remainder, at most 20 (16.1.2.1);
* a 6 on a Hit Table is a critical hit: two dice on the pack's Critical Hit Table, in the
  hull or rigging column (16.1.2.2.1), one per 6 (16.1.2.2.5); with Optional 32 an extra die
  decides instead (6: critical hit; 1: one table lower);
* full sails on the target add the bracketed rigging bonus (19.1.3); a target at anchor takes
  half the rigging hits, rounded up (24.6);
* Optional 33 (class 7 -1, class 8 -2 on the HDT) and 34 (one crew section: one crew loss
  fewer on each Hit Table result).

Dice, in this order: the Optional 32 die (when that rule is played), one die per Hit Table
rolled, one gun hit location die per gun hit, then two dice per critical hit.
"""

from __future__ import annotations

import math
import re

from umpire.core.dice import DiceNeed
from umpire.core.errors import BadInput, Refused
from umpire.core.state import Resolution, Step, set_
from umpire.rules.wsim import gunnery
from umpire.rules.wsim.editions.te26 import ship_work as te26_ship_work
from umpire.rules.wsim.editions.te26 import sinking as te26_sinking
from umpire.rules.wsim.editions.te26.fire import FireTables, band_of
from umpire.rules.wsim import turns
from umpire.rules.wsim.turns import can_work_guns

_YES = ("1", "yes", "true")
_NO = ("", "0", "no", "false")
FLAGS = ("mir", "full-sails", "anchored", "target-full-sails", "target-anchored", "grapple-plotted")
SHOTS = ("round", "chain", "double")
QUALITIES = ("PR", "GR", "AV", "CR", "EL")
_BONUS = r"^(.*?)\s*\(([^)]*)\)\s*$"


def flag(opts: dict, key: str) -> bool:
    value = str(opts.get(key) or "").lower()
    if value not in _NO + _YES:
        raise BadInput(f"fire --opt {key}={value}: use {key}=1")
    return value in _YES


def count(opts: dict, key: str) -> int:
    value = str(opts.get(key) or "0")
    if not value.isdigit():
        raise BadInput(f"fire --opt {key}={value}: a whole number of crew sections")
    return int(value)


class Reading:
    """The checked broadside and its Hit Table number (uncapped), read once per action."""

    def __init__(self, state: dict, act: gunnery.Fire, opts: dict, tables) -> None:
        self.view = FireTables(tables)
        self.rules = tables["procedures"]["advanced_fire"]
        self.optional = list(state.get("optional") or [])
        self.act, self.opts, self.tables, self.state = act, opts, tables, state
        self.firer, self.target = state["ships"][act.firer], state["ships"][act.target]
        self._check()
        turn = state["turn"]
        self.target_full = (flag(opts, "target-full-sails") or te26_ship_work.full_sails(self.target)) \
            and not self.target.get("te_fore_and_aft")          # 38.0: no full sail rigging hit penalties
        self.target_anchored = flag(opts, "target-anchored") or te26_ship_work.anchored(self.target, turn)
        self.aim = act.aim or ("rigging" if act.range >= gunnery.limits(self.view)["rigging_only_from"] else "hull")
        self.steps: list[Step] = []
        self.base = self._range_table()
        self._crew_modifiers()
        self._advanced_modifiers()
        self._optional_modifiers()

    def _check(self) -> None:
        """What the rules refuse: the Beginners' checks, then weighing anchor, rakes beyond five
        hexes, chainshot beyond four, grape into a melee's later turns."""
        act, firer, target, rules = self.act, self.firer, self.target, self.rules
        gunnery.check_fire(self.state, act.replace(rake=""), self.view)
        if te26_ship_work.weighing(firer, self.state["turn"]):
            raise Refused(f"{firer['name']} is weighing anchor: she may not fire (TE 2.6 19.3.6.1)")
        if act.rake and act.range > rules["rake_max_range"]:
            raise Refused(f"a rake at {act.range} hexes: ships can only be raked within "
                          f"{rules['rake_max_range']} hexes (TE 2.6 11.3.2)")
        self.shot = firer.get("te_shot", {}).get(act.side, "round")
        self.grape = bool(firer.get("te_grape", {}).get(act.side))
        if self.grape and (firer.get("te_boarded") == act.target or target.get("te_boarded") == act.firer):
            raise Refused(f"{firer['name']}'s {act.side} broadside has grape: it cannot be fired at a ship in the "
                          "second or later turn of melee with her (TE 2.6 24.2.4.6)")
        if self.shot == "chain" and act.range > rules["chain_range"]:
            raise Refused(f"{firer['name']}'s {act.side} broadside is loaded with chainshot, which reaches "
                          f"{rules['chain_range']} hexes (TE 2.6 24.2.2.1)")

    def _range_table(self) -> int:
        """The HDT's number for the guns firing and the range; a rake's number in parentheses
        (16.1.1.1), +1 into the stern (16.1.1.2)."""
        act, tables, view = self.act, self.tables, self.view
        hdt = view["hdt"]
        n = gunnery.guns_firing(self.firer, act.replace(rake=""), view)
        self.gi = gunnery.band_index(hdt["guns_bands"], n)
        ri = gunnery.band_index(hdt["range_bands"], act.range)
        carr = gunnery.carronades_fire(self.firer, act, view)
        self.steps.append(Step("guns firing", f"{n} ({act.side} broadside" + (", carronades included" if carr else "")
                               + ")", "TE 2.6 11.2.2"))
        if not act.rake:
            table = hdt["range"][self.gi][ri]
            self.steps.append(Step(f"HDT, {n} guns, range {act.range}", f"table {table}", tables["hdt"]["source"]))
            return table
        rake = tables["hdt-rake"]
        if rake["rows"] != tables["hdt"]["rows"] or rake["columns"] != tables["hdt"]["columns"]:
            raise BadInput("the pack's hdt-rake must have the hdt's rows and columns (the rake number is "
                           "printed in parentheses in the same cell, TE 2.6 16.1.1.1)")
        table = rake["cells"][self.gi][ri]
        self.steps.append(Step(f"HDT rake number (in parentheses), {n} guns, range {act.range}", f"table {table}",
                               rake["source"]))
        if act.rake == "stern":
            table += self.rules["stern_rake"]
            self.steps.append(Step("rake into the stern", f"{self.rules['stern_rake']:+d} -> table {table}",
                                   "TE 2.6 16.1.1.2, 24.4.3"))
        return table

    def mod(self, label: str, value: int, cite: str) -> None:
        if value:
            self.base += value
            self.steps.append(Step(label, f"{value:+d} -> table {self.base}", cite))

    def _crew_modifiers(self) -> None:
        """Crew quality, captured ship, crew sections down, the grappling attempt and the initial
        broadside (11.3.1-11.3.5, 24.5.1)."""
        firer, opts, gi, turn = self.firer, self.opts, self.gi, self.state["turn"]
        mods = self.view["hdt"]["modifiers"]
        src = self.tables["hdt-modifiers"]["source"]
        q = gunnery.effective_quality(firer)
        self.mod(f"crew quality {q}", mods[f"crew_quality_{q}"][gi], src)
        if gunnery.is_captured(firer):
            self.mod("captured ship (crew loss ignored)", mods["captured_ship"][gi], "TE 2.6 11.3.5")
        else:
            fighting, pumping = firer.get("te_firefighters", {}), firer.get("te_pumps", {})
            counts = ((f"{gunnery.crew_sections_out(firer)} lost or boarding", gunnery.crew_sections_out(firer)),
                      ("fighting her fire (burn)", fighting.get("sections", 0) if fighting.get("turn") == turn else 0),
                      ("at the pumps (pumps)", pumping.get("sections", 0) if pumping.get("turn") == turn else 0),
                      ("fighting fire, at the pumps or plotted to grapple", count(opts, "sections-busy")),
                      ("aloft: men in the rigging", int(flag(opts, "mir"))))
            down = sum(k for _, k in counts)
            if down:
                why = ", ".join(w if w[0].isdigit() else f"{k} {w}" for w, k in counts if k)
                self.mod(f"crew sections down: {down} ({why})", mods["crew_section_loss"][gi] * down,
                         f"{src}; TE 2.6 11.3.3" + (", 24.5.1" if flag(opts, "mir") else ""))
        tried = any(t.startswith("grapple:") for t in firer.get("tries", []))
        plotted = firer.get("te_grapple_plotted") == turn
        if (tried or plotted or flag(opts, "grapple-plotted")) and not firer["parties"]:
            self.mod("plotted to grapple" + (" (tried this turn)" if tried else " (G in her move)" if plotted else ""),
                     mods["grappling_attempt"][gi],
                     f"{src}; TE 2.6 11.3.3.1, 7.2.9")
        if not any(firer["initial_used"].values()):
            self.mod(f"initial broadside ({self.act.side})", mods["initial_broadside"][gi], f"{src}; TE 2.6 11.3.4")

    def _advanced_modifiers(self) -> None:
        """The card's Advanced modifiers: full sails, at anchor, chainshot, doubleshot, grapeshot."""
        firer, gi, rules = self.firer, self.gi, self.rules
        full = flag(self.opts, "full-sails") or te26_ship_work.full_sails(firer)
        anchor = flag(self.opts, "anchored") or te26_ship_work.anchored(firer, self.state["turn"])
        if not (full or anchor or self.shot in ("chain", "double") or self.grape):
            return
        adv = self._advanced(self.tables, self.view["hdt"])
        src = self.tables["advanced-hdt-modifiers"]["source"]
        if full:
            self.mod("firing at full sails", adv["full sails"][gi], src)
        if anchor:
            self.mod("firing at anchor", adv["anchored"][gi], src)
        if self.shot == "chain":
            self.mod("chainshot", adv["chainshot"][gi], src + "; TE 2.6 24.2.2.2")
        if self.shot == "double" and self.act.range > rules["double_range"]:
            self.mod(f"doubleshot beyond {rules['double_range']} hex: its modifier subtracted", -adv["doubleshot"][gi],
                     src + "; TE 2.6 24.2.3.2")
        elif self.shot == "double":
            self.mod("doubleshot", adv["doubleshot"][gi], src + "; TE 2.6 24.2.3.1")
        if self.grape:
            self.mod("grapeshot loaded with it", adv["grapeshot"][gi], src + "; TE 2.6 24.2.4.3")

    def _optional_modifiers(self) -> None:
        """Optional 40.3.2-40.3.3 (gale, storm), 36.1 (no rigging left), 33 (small targets)."""
        firer, target, tables = self.firer, self.target, self.tables
        if "wind-velocity" in self.optional:
            wv = tables["procedures"]["wind_velocity"]
            v = (self.state.get("wind") or {}).get("velocity")
            name = "gale" if v == wv["gale"] else "storm" if v == wv["storm"] else ""
            if name:
                cls = firer.get("class_number")
                if not cls:
                    raise BadInput(f"{firer['name']} has no class number: in a {name} her class sets her Hit Table "
                                   "modifier (TE 2.6 40.3.2-40.3.3); give it with `ship add --class` (in play, "
                                   f"once: `umpire ship edit {firer['id']} --class-number N`)")
                self.mod(f"{name}, class {cls}", wv[f"{name}_fire"].get(str(cls), 0),
                         "TE 2.6 40.3.2" if name == "gale" else "TE 2.6 40.3.3")
        if "loss-of-rigging" in self.optional and sum(firer["rigging_left"]) == 0:
            lr = tables["procedures"]["loss_of_rigging"]
            squares = 2 * (firer["guns_max"] + firer["carronades_max"])
            self.mod(f"all rigging sections gone ({squares} gun and carronade squares at the start)",
                     lr["small"] if squares <= lr["small_ship_squares"] else lr["large"], "TE 2.6 36.1")
        if "small-target-modifiers" in self.optional:
            cls = target.get("class_number")
            self.mod(f"small target (class {cls})", self.rules["small_target"].get(str(cls), 0) if cls else 0,
                     "TE 2.6 33.1-33.2")

    def _advanced(self, tables, hdt) -> dict:
        adv = tables["advanced-hdt-modifiers"]
        if [band_of(c) for c in adv["columns"]] != hdt["guns_bands"]:
            raise BadInput(f"the pack's advanced-hdt-modifiers columns {adv['columns']} must be the hdt rows "
                           f"{tables['hdt']['rows']} (gun squares firing)")
        return {r: row for r, row in zip(adv["rows"], adv["cells"])}

    def parts(self, table: int) -> list[int]:
        """Hit Tables rolled: below 0 none; above 10, Table 10 and the remainder (16.1.2.1)."""
        top, most = self.rules["top_table"], self.rules["greatest_table"]
        if table < 0:
            return []
        table = min(table, most)
        return [table] if table <= top else [top, table - top]

    def need(self) -> DiceNeed:
        """The most dice this broadside can use (the rest of a rolled set is not read)."""
        crit_miss = "critical-hit-critical-miss" in self.optional
        parts = self.parts(self.base)
        tables = self.view["hit-tables"]["tables"]
        guns = sum(max(gunnery.parse_result(split_result(e)[0])["guns"] for e in tables[str(p)][self.aim]) for p in parts)
        crits = 1 if crit_miss else len(parts)
        labels = (("critical hit / miss die",) if crit_miss else ()) + tuple(f"hit table die {i + 1}"
                                                                             for i in range(len(parts)))
        labels += ("gun hit location",) * guns + ("critical hit die",) * (2 * crits)
        if self.grape:
            labels += ("Leader Casualty Table", "Leader Casualty Table", "target's morale")
        labels += ("Destroyed Hull Table",)
        return DiceNeed(len(labels), 6, labels)


def split_result(entry: str) -> tuple[str, str]:
    """'2R-C (R)' -> ('2R-C', 'R'): the normal result and the bracketed full-sail bonus."""
    m = re.compile(_BONUS).match(entry.strip())
    return (m.group(1).strip(), m.group(2).strip()) if m else (entry.strip(), "")


class _Dice:
    """The typed or rolled dice, handed out in the order the broadside asks for them."""

    def __init__(self, rolls: tuple[int, ...]) -> None:
        self.left, self.used = list(rolls), []

    def __call__(self, label: str) -> int:
        if not self.left:
            raise BadInput(f"this broadside needs another die ({label}): give the dice in this order: the "
                           "Optional 32 die if played, a die per Hit Table, a gun hit location die per gun hit, "
                           "two dice per critical hit, then grapeshot's leader casualty and morale dice and the "
                           "Destroyed Hull Table die")
        self.used.append(self.left.pop(0))
        return self.used[-1]


def resolve(state: dict, got: Reading, rolls: tuple[int, ...], strict: bool, tables,
            advanced: bool = True) -> Resolution:
    """Resolve the broadside; `advanced` False is the Beginners' Game (11.2-11.4): a table above
    10 is Table 10, no critical hits, no Destroyed Hull Table."""
    act = got.act
    firer, target = state["ships"][act.firer], state["ships"][act.target]
    steps = list(got.steps)
    die = _Dice(rolls)
    table, criticals = _critical_miss(got, die, steps, advanced)
    parts, unused = _tables(got, table, die, steps, advanced)
    if not act.aim:
        steps.append(Step("aim", f"{got.aim} (not given; "
                          f"{'forced from six hexes' if got.aim == 'rigging' else 'hull'})", "TE 2.6 11.2.5"))
    total, results, sixes, grape_bonus = _hit_tables(got, target, parts, die, steps, tables)
    criticals += sixes if advanced and "critical-hit-critical-miss" not in got.optional else 0
    _shot_and_anchor(got, total, steps)
    guns_marked: dict = {}
    if total["guns"]:
        guns_marked = _gun_locations(got, target, total, die, steps, tables)
        total["hull"] += guns_marked["excess"]
    crits = roll_criticals(criticals, got.aim, die, steps, tables)
    more = _grape_bonus(state, act, target, grape_bonus, total, die, steps, tables) if grape_bonus else []
    if advanced and te26_sinking.hull_die_needed(target, total["hull"]):
        more += te26_sinking.destroyed(state, act.target, die, steps, tables)
    if strict and die.left:
        raise BadInput(f"this broadside used {len(die.used)} dice ({', '.join(map(str, die.used)) or 'none'}); "
                       f"got {len(rolls)}: the rest would not be read")
    effects, landed = _effects(state, got, total, guns_marked, steps)
    result = " + ".join(results) if results else "0"
    data = {"firer": act.firer, "target": act.target, "hit_table": (table if advanced else parts[0]) if parts else None,
            "tables": parts, "rolls": die.used, "result": result, "aim": got.aim, "shot": got.shot,
            "grape": got.grape, "hits": total, "marked": landed, "critical_hits": crits}
    if unused:
        data["unused_rolls"] = unused
    summary = (f"{firer['name']} fires {act.side} broadside at {target['name']}, {act.range} hex(es): {result}"
               + (f", {len(crits)} critical hit(s)" if crits else ""))
    return Resolution("fire", summary, effects + more, steps, data)


def _critical_miss(got: Reading, die: _Dice, steps: list[Step], advanced: bool) -> tuple[int, int]:
    """Optional 32's extra die: 6 a critical hit, 1 one table lower (the table, the criticals)."""
    table, rules = got.base, got.rules
    if not (advanced and "critical-hit-critical-miss" in got.optional and got.parts(table)):
        return table, 0
    d = die("critical hit / miss die")
    if d == rules["critical_die_hit"]:
        steps.append(Step(f"critical hit / miss die {d}", "a critical hit", "TE 2.6 32.0"))
        return table, 1
    if d == rules["critical_die_miss"]:
        steps.append(Step(f"critical hit / miss die {d}", f"one table lower -> table {table - 1}", "TE 2.6 32.0"))
        return table - 1, 0
    steps.append(Step(f"critical hit / miss die {d}", "no effect", "TE 2.6 32.0"))
    return table, 0


def _tables(got: Reading, table: int, die: _Dice, steps: list[Step], advanced: bool) -> tuple[list[int], list[int]]:
    """The Hit Tables rolled (16.1.2.1; the Beginners' Table 10 at most), and a die typed for a miss."""
    rules = got.rules
    parts = got.parts(table)
    if not parts:
        steps.append(Step("below table 0", "automatic miss", "TE 2.6 11.2.4"))
        if len(die.left) == 1 and not die.used:        # a die typed for an automatic miss is noted, never read
            unused = [die.left.pop(0)]
            steps.append(Step(f"die {unused[0]} typed", "not needed: automatic miss", "TE 2.6 11.2.4"))
            return parts, unused
        return parts, []
    if not advanced:
        return [min(table, rules["top_table"])], []
    if len(parts) == 2 or table > rules["greatest_table"]:
        most = rules["greatest_table"]
        steps.append(Step(f"table {table}", " + ".join(f"Table {p}" for p in parts)
                          + (f" (the greatest is {most})" if table > most else ""), "TE 2.6 16.1.2.1"))
    return parts, []


def _hit_tables(got: Reading, target: dict, parts: list[int], die: _Dice, steps: list[Step], tables):
    """A die on each Hit Table: the hits, the entries, the 6s rolled and grapeshot's bonus crew hits."""
    aim, rules = got.aim, got.rules
    raw = tables["hit-tables"]
    total = dict.fromkeys(gunnery.TRACKS, 0)
    results: list[str] = []
    sixes = grape_bonus = 0
    one_section = sum(1 for c in target["at_turn_start"]["crew_left"] if c > 0) <= 1 or len(target["crew_max"]) == 1
    for p in parts:
        d = die(f"hit table {p}")
        entry = raw["cells"][d - 1][raw["columns"].index(f"{aim} {p}")]
        normal, bonus = split_result(entry)
        hits = gunnery.parse_result(normal)
        steps.append(Step(f"hit table {p} ({aim}), die {d}", entry, got.view["hit-tables"]["source"]))
        extra = gunnery.parse_result(bonus) if bonus else dict.fromkeys(gunnery.TRACKS, 0)
        if extra["rigging"] and aim == "rigging" and got.target_full:
            hits["rigging"] += extra["rigging"]
            steps.append(Step("target at full sails", f"+({bonus}): {extra['rigging']} R", "TE 2.6 19.1.3"))
        if extra["crew"] and got.grape and got.act.range <= rules["grape_range"]:
            grape_bonus += extra["crew"]
            steps.append(Step("grapeshot within one hex: bonus crew hits", f"+{extra['crew']} C", "TE 2.6 24.2.4.4"))
        if "small-crew-modifier" in got.optional and one_section and hits["crew"]:
            hits["crew"] -= 1
            steps.append(Step("small crew: one crew section", "one crew loss fewer", "TE 2.6 34.0"))
        sixes += d == rules["critical_on"]
        for k in total:
            total[k] += hits[k]
        results.append(entry)
    return total, results, sixes, grape_bonus


def _shot_and_anchor(got: Reading, total: dict, steps: list[Step]) -> None:
    """Chainshot's H and G are misses (24.2.2.2); a target at anchor takes half the rigging hits (24.6)."""
    if got.shot == "chain" and (total["hull"] or total["guns"]):
        steps.append(Step("chainshot", f"{total['hull']} H and {total['guns']} G count as misses", "TE 2.6 24.2.2.2"))
        total["hull"] = total["guns"] = 0
    if got.target_anchored and total["rigging"]:
        half = math.ceil(total["rigging"] / 2)
        steps.append(Step("target at anchor, rigging furled", f"{total['rigging']} R halved -> {half}", "TE 2.6 24.6"))
        total["rigging"] = half


def _gun_locations(got: Reading, target: dict, total: dict, die: _Dice, steps: list[Step], tables) -> dict:
    """A location die per gun hit, shown from the card, then the gun squares they mark (11.4.3.1.1)."""
    loc = tables["gun-hit-location"]
    dice = []
    for _ in range(total["guns"]):
        d = die("gun hit location")
        dice.append(d)
        steps.append(Step(f"gun hit location, die {d}", loc["cells"][d - 1][0], loc["source"]))
    return mark_gun_hits(target, dice, got.act, steps)


def roll_criticals(n: int, aim: str, die: _Dice, steps: list[Step], tables) -> list[dict]:
    """Two dice on the Critical Hit Table for each critical hit, in the column of the aim (16.1.2.2.1)."""
    crits: list[dict] = []
    if not n:
        return crits
    table = tables["critical-hits"]
    for _ in range(n):
        a, b = die("critical hit die"), die("critical hit die")
        text = table["cells"][a + b - 2][table["columns"].index(aim)]
        crits.append({"rolls": [a, b], "total": a + b, "column": aim, "result": text})
        steps.append(Step(f"critical hit ({aim}), dice {a} + {b} = {a + b}", text,
                          f"{table['source']}; applied at the end of the Combat Phase (TE 2.6 16.1.2.2.2)"))
    return crits


def _effects(state: dict, got: Reading, total: dict, guns_marked: dict, steps: list[Step]) -> tuple[list, dict]:
    """The broadside fired (11.1.6, 11.3.4, shot spent) and its hits marked on the target (11.4)."""
    act = got.act
    firer, target = state["ships"][act.firer], state["ships"][act.target]
    fp = ["ships", act.firer]
    effects = [set_(fp + ["loaded", act.side], False),
               set_(fp + ["fired_this_turn"], firer["fired_this_turn"] + [act.side])]
    effects += [set_(fp + ["initial_used", s], True) for s, u in firer["initial_used"].items() if not u]  # 11.3.4
    spent = ([got.shot] if got.shot != "round" else []) + (["grape"] if got.grape else [])
    if spent:
        fired = dict(firer.get("te_shot_fired", {}))
        for kind in spent:
            fired[kind] = fired.get(kind, 0) + 1
        effects.append(set_(fp + ["te_shot_fired"], fired))
    if got.grape:
        effects.append(set_(fp + ["te_grape_turn"], state["turn"]))                  # 25.0: +1 to board
    effects.append(set_(["ships", act.target, "te_fired_at"], state["turn"]))      # 10.2.6: no transfer now
    marked = dict(target)
    if guns_marked:
        marked.update({k: guns_marked[k] for k in ("guns_left", "carronades_left", "liable")})
        effects += [set_(["ships", act.target, k], guns_marked[k]) for k in ("guns_left", "carronades_left", "liable")
                    if guns_marked[k] != target[k]]
    marks, mark_steps, landed = gunnery.mark_hits(marked, {**total, "guns": 0}, act)
    landed["guns"] = guns_marked.get("landed", 0)
    effects += [set_(["ships", act.target] + list(k), v) for k, v in marks]
    steps += mark_steps
    return effects, landed


def load(state: dict, ship_id: str, side: str, shot: str, tables) -> Resolution:
    """Load round, chain or double (26.1); doubleshot over round (24.2.3), any other change of
    shot only once the loaded shot is fired (24.2.5); chainshot within its limit (24.2.2.3)."""
    shot = (shot or "round").lower()
    ship = state["ships"][ship_id]
    if te26_ship_work.weighing(ship, state["turn"]):
        raise Refused(f"{ship['name']} is weighing anchor: she may not load (TE 2.6 19.3.6.1)")
    if shot == "grape":
        return _load_grape(state, ship_id, side, tables)
    if shot not in SHOTS:
        raise BadInput(f"load --shot {shot}: use round, chain, double or grape")
    now = ship.get("te_shot", {}).get(side, "round")
    steps: list[Step] = []
    if ship["loaded"][side]:
        if shot == now:
            raise Refused(f"{ship['name']}'s {side} broadside is already loaded with {now}shot")
        if not (shot == "double" and now == "round"):
            raise Refused(f"{ship['name']}'s {side} broadside is loaded with {now}shot: the shot loaded cannot be "
                          "changed without firing it (TE 2.6 24.2.5; only doubleshot goes over roundshot, 24.2.3)")
        if ship["loaded_this_turn"]:
            raise Refused(f"{ship['name']} has already loaded her {ship['loaded_this_turn']} broadside this turn "
                          "(one broadside per turn, TE 2.6 13.1)")
        res = Resolution("load", "", [set_(["ships", ship_id, "loaded_this_turn"], side)], [], {})
    else:
        res = turns.load(state, ship_id, side)
    if shot == "chain":
        rules = tables["procedures"]["advanced_fire"]
        nation = _nation(ship, rules)
        limit = rules["chain_limits"][nation]
        had = ship.get("te_shot_fired", {}).get("chain", 0) + sum(
            1 for s, v in ship.get("te_shot", {}).items() if v == "chain" and ship["loaded"][s] and s != side)
        if had >= limit:
            raise Refused(f"{ship['name']} has fired or loaded {had} broadsides of chainshot: {nation} ships may "
                          f"fire {limit} a game (TE 2.6 24.2.2.3)")
        steps.append(Step("chainshot", f"{had + 1} of {limit} a game ({nation})", "TE 2.6 24.2.2.3"))
    effects = res.effects + [set_(["ships", ship_id, "te_shot"], {**ship.get("te_shot", {}), side: shot})]
    if ship.get("te_grape", {}).get(side) and not ship["loaded"][side]:
        effects.append(set_(["ships", ship_id, "te_grape"], {**ship["te_grape"], side: False}))
    steps = [Step("load", f"{side} broadside, {shot}shot", "TE 2.6 13.0, 26.1")] + steps
    return Resolution("load", f"{ship['name']} loads her {side} broadside with {shot}shot", effects, steps,
                      {"ship": ship_id, "side": side, "shot": shot})


def _grape_limit(ship: dict, rules: dict) -> tuple[str, int, int]:
    nation = _nation(ship, rules, "grapeshot", "24.2.4.7")
    limit = rules["grape_limits"][nation]
    had = ship.get("te_shot_fired", {}).get("grape", 0)
    return nation, limit, had


def _load_grape(state: dict, ship_id: str, side: str, tables) -> Resolution:
    """Grapeshot goes in with or on top of the shot loaded (24.2.4.2: "RG", "CG", "DG"); an empty
    broadside takes roundshot and grape. Within the limits of 24.2.4.7."""
    rules = tables["procedures"]["advanced_fire"]
    ship = state["ships"][ship_id]
    if ship.get("te_grape", {}).get(side) and ship["loaded"][side]:
        raise Refused(f"{ship['name']}'s {side} broadside is loaded with grape already")
    nation, limit, had = _grape_limit(ship, rules)
    had += sum(1 for s, g in ship.get("te_grape", {}).items() if g and ship["loaded"][s] and s != side)
    if had >= limit:
        raise Refused(f"{ship['name']} has fired or loaded {had} broadsides of grape: {nation} ships may fire "
                      f"{limit} a game (TE 2.6 24.2.4.7)")
    if ship["loaded"][side]:
        if ship["loaded_this_turn"]:
            raise Refused(f"{ship['name']} has already loaded her {ship['loaded_this_turn']} broadside this turn "
                          "(one broadside per turn, TE 2.6 13.1)")
        effects = [set_(["ships", ship_id, "loaded_this_turn"], side)]
        base = ship.get("te_shot", {}).get(side, "round")
    else:
        effects = turns.load(state, ship_id, side).effects + [
            set_(["ships", ship_id, "te_shot"], {**ship.get("te_shot", {}), side: "round"})]
        base = "round"
    effects.append(set_(["ships", ship_id, "te_grape"], {**ship.get("te_grape", {}), side: True}))
    code = {"round": "RG", "chain": "CG", "double": "DG"}[base]
    steps = [Step("load", f"{side} broadside, grape with {base}shot ({code})", "TE 2.6 24.2.4.2, 26.1"),
             Step("grapeshot", f"{had + 1} of {limit} a game ({nation})", "TE 2.6 24.2.4.7")]
    return Resolution("load", f"{ship['name']} loads grape in her {side} broadside ({code})", effects, steps,
                      {"ship": ship_id, "side": side, "shot": base, "grape": True})


def _nation(ship: dict, rules: dict, what: str = "chainshot", where: str = "24.2.2.3") -> str:
    given = str(ship.get("nation") or "").strip().lower()
    if not given:
        raise BadInput(f"{ship['name']} has no nation: the {what} limit depends on it (TE 2.6 {where}); "
                       f"give it with `ship add ... --nation NAME` (in play, once: `umpire ship edit {ship['id']} "
                       "--nation NAME`)")
    for nation, words in rules["nation_words"].items():
        if given in words:
            return nation
    return "other"


def reload_effects(state: dict, res, tables) -> None:
    """26.1.1.1: a broadside reloaded automatically at the end of the turn takes the shot last
    fired, but round once the chainshot allowed is spent."""
    rules = tables["procedures"]["advanced_fire"]
    for e in list(res.effects):
        p = e["path"]
        if len(p) == 4 and p[0] == "ships" and p[2] == "loaded" and e["value"] is True:
            ship = state["ships"][p[1]]
            if ship.get("te_grape", {}).get(p[3]):
                try:
                    _, glimit, ghad = _grape_limit(ship, rules)
                except BadInput:
                    glimit, ghad = 0, 0
                if ghad >= glimit:
                    res.effects.append(set_(["ships", p[1], "te_grape"], {**ship["te_grape"], p[3]: False}))
                    res.working.append(Step(f"{ship['name']}: {p[3]} broadside reloaded", "without grape: her "
                                            "grapeshot is spent", "TE 2.6 26.1.1.1"))
            if ship.get("te_shot", {}).get(p[3]) != "chain":
                continue
            try:
                limit = rules["chain_limits"][_nation(ship, rules)]
            except BadInput:
                limit = 0
            if ship.get("te_shot_fired", {}).get("chain", 0) >= limit:
                res.effects.append(set_(["ships", p[1], "te_shot"], {**ship["te_shot"], p[3]: "round"}))
                res.working.append(Step(f"{ship['name']}: {p[3]} broadside reloaded", "roundshot: her chainshot "
                                        "is spent", "TE 2.6 26.1.1.1"))


def _grape_bonus(state, act, target, bonus: int, total: dict, die, steps: list[Step], tables) -> list[dict]:
    """Grapeshot's bonus crew hits within one hex (24.2.4.4): doubled against a ship with a
    boarding party; then the Leader Casualty Table (24.2.4.5.1) and the target's morale check
    (24.2.4.5.2): a failed check turns her OBP into a DBP, cancels a sail change and has her
    melee one crew quality lower, this turn."""
    rules = tables["procedures"]["morale"]
    if target.get("parties") or target.get("boarding"):
        bonus *= 2
        steps.append(Step("the target has a boarding party", f"bonus crew hits doubled: {bonus}, from the party",
                          "TE 2.6 24.2.4.4"))
    total["crew"] += bonus
    lc = tables["leader-casualty"]
    a, b = die("Leader Casualty Table"), die("Leader Casualty Table")
    steps.append(Step(f"Leader Casualty Table, {a} + {b} = {a + b}", lc["cells"][a + b - 2][0],
                      f"{lc['source']}; TE 2.6 24.2.4.5.1"))
    m = die("target's morale")
    quality = rules["quality"][target["quality"]]
    failed = m > quality
    steps.append(Step(f"{target['name']}'s morale check: die {m} against {target['quality']} {quality}",
                      "fails: a plotted sail change is cancelled, an OBP becomes a DBP, she melees one crew quality "
                      "lower this turn" if failed else "holds", "TE 2.6 24.2.4.5.2"))
    if not failed:
        return []
    effects = [set_(["ships", act.target, "te_shaken"], state["turn"])]
    if any(b["party"] == "obp" for b in target.get("boarding", [])):
        effects.append(set_(["ships", act.target, "boarding"], [{**b, "party": "dbp", "at": ""} if b["party"] == "obp"
                                                                else b for b in target["boarding"]]))
    return effects


def mark_gun_hits(target: dict, dice: list[int], act, steps: list[Step]) -> dict:
    """Gun hits by the location dice (11.4.3.1-11.4.3.1.2): a long gun, but a carronade on a 3 or
    4 when she began with more carronades than guns, and always the one kind a ship with only
    one kind has; on the broadside nearest the firer, then the other; the other kind where the
    kind hit is gone; when neither is left, a hull hit. Players no longer choose."""
    gunnery.need_facing(target, act, f"{len(dice)} gun hit(s)")
    facing = act.facing
    if not facing:           # a rake: both sides equidistant, the target chooses (as 1981)
        facing = max(("left", "right"), key=lambda s: target["guns_left"][s] + target["carronades_left"][s])
        steps.append(Step("rake: target's choice of side", f"{facing} (default: the side with more squares left)",
                          "TE 2.6 11.4.3.1"))
    other = "right" if facing == "left" else "left"
    left = {"guns": dict(target["guns_left"]), "carronades": dict(target["carronades_left"])}
    more_carronades = target["carronades_max"] > target["guns_max"]
    only = "guns" if target["carronades_max"] == 0 else "carronades" if target["guns_max"] == 0 else ""
    excess = landed = 0
    for d in dice:
        kind = only or ("carronades" if more_carronades and d in (3, 4) else "guns")
        second = "carronades" if kind == "guns" else "guns"
        for side, k in ((facing, kind), (facing, second), (other, kind), (other, second)):
            if left[k][side] > 0:
                left[k][side] -= 1
                landed += 1
                steps.append(Step(f"gun hit, die {d}", f"a {k[:-1]} on the {side} broadside"
                                  + (" (the other kind: none left there)" if k != kind else ""),
                                  "TE 2.6 11.4.3.1-11.4.3.1.2"))
                break
        else:
            excess += 1
            steps.append(Step(f"gun hit, die {d}", "no gun square left: a hull hit", "TE 2.6 11.4.3.1.2"))
    liable = list(target["liable"])
    if landed and all(left["guns"][s] + left["carronades"][s] == 0 for s in ("left", "right")) \
            and "firepower" not in liable:
        liable.append("firepower")
        steps.append(Step("all gun squares gone", "liable to surrender by firepower (confirm with `umpire surrender`)",
                          "TE 2.6 11.4.3.2"))
    return {"guns_left": left["guns"], "carronades_left": left["carronades"], "excess": excess, "landed": landed,
            "liable": liable}


def fired_both(state: dict) -> list[str]:
    """Ships that fired both broadsides this turn, loaded neither, and will reload one at the end of
    the turn (26.1.1.2: a die says which)."""
    return [sid for sid, ship in state["ships"].items()
            if set(ship["fired_this_turn"]) >= {"left", "right"} and not ship["loaded_this_turn"]
            and not any(ship["loaded"].values()) and can_work_guns(ship)
            and not te26_ship_work.weighing(ship, state["turn"])]
