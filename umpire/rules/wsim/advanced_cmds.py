"""Sails, sinking and exploding ships, repairs and anchors at the WS&IM 1981 Advanced level
(Advanced V.A, V.C, VIII.C, X.B, XI; Optional X).

Each command is one journalled action: `plan` checks it against the state and returns the
effects (or, for the dice of `sink` and `explode`, a Plan). What a turn carries on (anchoring
coming into effect, weighing anchor over two turns, no reload after repairs) is `end_turn_hold`.
Per-turn marks are kept as turn numbers (`repaired_turn`, `sails_turn`, `doom_rolled_turn`), so
they need no clearing at the end of a turn.
"""

from __future__ import annotations

from umpire.core.dice import DiceNeed
from umpire.core.errors import BadInput, Refused
from umpire.core.ruleset import Plan
from umpire.core.state import Resolution, Step, set_, has_state
from umpire.rules.wsim.ship import SIDES
from umpire.rules.wsim.ship import CLASS_NUMBERS
from umpire.rules.wsim.gunnery import band_index
from umpire.rules.wsim.dice import Dice
from umpire.rules.wsim import advanced_fire as af
from umpire.rules.wsim.gunnery import TRACKS, parse_result
from umpire.rules.wsim import ammunition
from umpire.rules.wsim import moves

#: what each command is, for the refusal at the Basic level
WHAT = {"sail": ("full sails", "Advanced V.A, XI"), "sink": ("sinking ships", "Advanced VIII.C"),
        "explode": ("exploding ships", "Advanced VIII.C"), "repair": ("repairs", "Advanced X.B"),
        "anchor": ("anchoring", "Advanced V.C"), "wind": ("wind changes", "Advanced III")}
DOOMED = ("sinking", "exploding")
GONE = ("sunk", "exploded")
SPRINGS = {"ordinary": "A", "bow": "AB", "stern": "AS"}
KINDS = ("gun", "carronade")


def not_at_this_level(ruleset, command: str) -> Refused:
    what, where = WHAT[command]
    if "advanced" in ruleset.levels:
        return Refused(f"{command}: {what} are an Advanced Game rule ({where}); this game is played at the "
                       f"{ruleset.level} level (start it with --level advanced)")
    return Refused(f"{command}: {what} ({where} of the 1981 Advanced Game) are not a rule of {ruleset.title}")


def plan(state: dict, tables, a):
    """The action's Resolution, or a Plan for the dice of `sink` and `explode`."""
    return {"sail": sail, "sink": sink, "explode": explode, "repair": repair, "anchor": anchor}[a.command](
        state, tables, a)


def _ship(state: dict, ship_id: str) -> dict:
    if ship_id not in state["ships"]:
        raise BadInput(f"no ship {ship_id!r} in this game")
    return state["ships"][ship_id]


def _out_of_it(ship: dict, doing: str) -> None:
    """Sunk, exploded, or about to: she takes no further part (Advanced VIII.C.5)."""
    if ship["state"] in GONE:
        raise Refused(f"{ship['name']} {has_state(ship['state'])}: she is off the board")
    if ship["state"] in DOOMED:
        raise Refused(f"{ship['name']} is {ship['state']}: she takes no further part and cannot {doing} "
                      "(Advanced VIII.C.5)")


def not_doomed(state: dict, ships: list[str], doing: str) -> None:
    """Refuse an action for a ship that is sinking or exploding, or gone (VIII.C.5)."""
    for sid in ships:
        ship = state["ships"].get(sid)
        if ship is not None and ship["state"] in DOOMED + GONE:
            _out_of_it(ship, doing)


# --- sails (Advanced V.A, XI) ---------------------------------------------------------

def sail(state: dict, tables, a) -> Resolution:
    """The Full Sail Phase: full or battle sails, in effect at once (XI)."""
    ship = _ship(state, a.ship)
    want = (a.sails or "").strip().lower()
    if want not in ("full", "battle"):
        raise BadInput(f"sails {a.sails!r}: use full or battle")
    _out_of_it(ship, "be sailed")
    if (ship.get("struck") or ship["state"] == "surrendered") and not ship["prize"]["squares"]:
        raise Refused(f"{ship['name']} {has_state(ship['state'])}: a surrendered ship does not move, so her sails stay as "
                      "they are until a prize crew is aboard (Basic IX.D.4-5)")
    have = ship.get("sails") or "battle"
    turn = state["turn"]
    steps: list[Step] = []
    if want == "full":
        if ship["rigging_left"] and ship["rigging_left"][0] == 0:
            raise Refused(f"{ship['name']} has lost her whole first rigging section: no full sails until repairs "
                          "give back a square of it (Advanced V.A.4, X.B)")
        _weather_allows_full(ship, state, tables, steps)
    if ship.get("repaired_turn") == turn and want != have:
        raise Refused(f"{ship['name']} made repairs this turn: a ship changing sails may not repair, so her sails "
                      "stay as they are until next turn's Full Sail Phase (Advanced X.B)")
    p = ["ships", a.ship]
    data = {"ship": a.ship, "sails": want, "changed": want != have}
    if want == have:
        steps.append(Step("sails", f"already under {have} sails: no change", "Advanced XI"))
        return Resolution("sail", f"{ship['name']} stays under {have} sails", [], steps, data)
    steps.append(Step("Full Sail Phase", f"{have} -> {want} sails, at once", "Advanced XI"))
    if want == "full":
        steps.append(Step("full sails", "rigging hits on her are doubled", "Advanced V.A.3"))
    effects = [set_(p + ["sails"], want), set_(p + ["sails_turn"], turn)]
    return Resolution("sail", f"{ship['name']} sets {want} sails", effects, steps, data)


def _weather_allows_full(ship: dict, state: dict, tables, steps: list[Step]) -> None:
    """The notes under the Wind Effects Table: no full sails in a storm; in a gale only classes 1-4."""
    wind = state.get("wind") or {}
    names = tables["wind"]["velocities"]
    name = names[wind.get("velocity", 0)]
    note = tables["wind"].get(name)
    if not note:
        return
    allowed = note["full_sail_classes"]
    if not allowed:
        raise Refused(f"full sails are not allowed in a {name} (Wind Effects Table notes)")
    number = ship.get("class_number")
    numbers = [number] if number else [n for n, types in CLASS_NUMBERS.items() if ship.get("class") in types]
    if not numbers:
        steps.append(Step(name, f"class not given: the note that only classes {', '.join(map(str, allowed))} may "
                          "set full sails is not checked (ship add --class 1-7)", "Wind Effects Table notes"))
        return
    if not all(n in allowed for n in numbers):
        raise Refused(f"{ship['name']} (class {number or ship.get('class')}) may not set full sails in a {name}: "
                      f"only classes {', '.join(map(str, allowed))} may (Wind Effects Table notes)")
    steps.append(Step(name, f"class {number or ship.get('class')} may set full sails", "Wind Effects Table notes"))


# --- sinking and exploding (Advanced VIII.C; Optional X) ---------------------------------

def _doom_check(state: dict, ship: dict, marked: str, command: str) -> None:
    if ship["state"] in GONE:
        raise Refused(f"{ship['name']} {has_state(ship['state'])} already: she is off the board")
    if ship["state"] != marked:
        other = "explode" if command == "sink" else "sink"
        hint = f" (she is {ship['state']}: use `umpire {other}`)" if ship["state"] in DOOMED else ""
        raise Refused(f"{ship['name']} is not marked as {marked}: only a ship the Destroyed Hull Table (or a fire) "
                      f"marked so is rolled for{hint} (Advanced VIII.C.3-4)")
    turn = state["turn"]
    if ship.get("doomed_turn", 0) >= turn:
        raise Refused(f"{ship['name']} was marked as {marked} this turn: the die is rolled from the next turn's "
                      "Unfouling Phase (Advanced VIII.C.3-4)")
    if ship.get("doom_rolled_turn") == turn:
        raise Refused(f"{ship['name']} has been rolled for already in turn {turn}: one die a turn "
                      "(Advanced VIII.C.3-4)")


def sink(state: dict, tables, a):
    """One die in the Unfouling Phase for a sinking ship: a 6 and she sinks (VIII.C.3)."""
    ship = _ship(state, a.ship)
    _doom_check(state, ship, "sinking", "sink")
    later = tables["destroyed-hull"]["later_roll"]

    def resolve(rolls, typed):
        die = rolls[0]
        p = ["ships", a.ship]
        effects = [set_(p + ["doom_rolled_turn"], state["turn"])]
        goes = die == later
        if goes:
            effects += [set_(p + ["state"], "sunk"), set_(p + ["struck"], True)]
        steps = [Step(f"sinking ship, die {die}", "she sinks and is taken off the board" if goes else
                      f"not a {later}: she stays afloat this turn", "Advanced VIII.C.3")]
        return Resolution("sink", f"{ship['name']} " + ("sinks" if goes else "stays afloat"), effects, steps,
                          {"ship": a.ship, "roll": die, "sunk": goes, "state": "sunk" if goes else "sinking"})

    return Plan(DiceNeed(1, 6, ("sinking",)), resolve)


def explosion_table(ship: dict, optional: list[str], tables) -> tuple[int, list[Step]]:
    """The hit table (rigging section) ships next to an explosion are rolled on: 10 (VIII.C.4); with
    `exploding-ships`, double her rake number at one hex for her full broadside, at most 10 (Optional X)."""
    top = tables["procedures"]["gunnery"]["top_hit_table"]
    rule = tables["procedures"]["explosion"]
    if "exploding-ships" not in optional:
        table = rule["hit_table"]
        return table, [Step("ships in adjacent hexes", f"rigging, hit table {table}", "Advanced VIII.C.4")]
    hdt = tables["hdt"]
    guns = ship["guns_max"] + ship["carronades_max"]
    gi = band_index(hdt["guns_bands"], max(guns, hdt["guns_bands"][0][0]))
    rake = hdt["rake_range"][gi][band_index(hdt["range_bands"], 1)]
    table = max(0, min(top, rake * rule["rake_multiplier"]))
    lo, hi = hdt["guns_bands"][gi]
    band = f"{lo}+" if gi == len(hdt["guns_bands"]) - 1 else f"{lo}-{hi}"
    return table, [Step("her broadside", f"{guns} gun and carronade squares (as logged)", "docs/rulings.md"),
                   Step(f"HDT rake number, guns {band}, range 1", f"({rake}) x {rule['rake_multiplier']} = "
                        f"{rake * rule['rake_multiplier']}, at most {top}: rigging, hit table {table}",
                        "Optional Rules X")]


def explode(state: dict, tables, a):
    """One die in the Unfouling Phase for an exploding ship: on a 6 she explodes and each ship in
    an adjacent hex (`near`, in the order named) takes one die on the hit table's rigging section
    (VIII.C.4); with `exploding-ships`, a table by her size and a fire check, critical 14 (Optional X)."""
    ship = _ship(state, a.ship)
    near = list(a.near)
    for other in near:
        if other not in state["ships"]:
            raise BadInput(f"--near {other!r}: no such ship in this game")
        if other == a.ship:
            raise BadInput(f"--near {other!r}: a ship is not next to herself")
        if near.count(other) > 1:
            raise BadInput(f"--near {other!r}: name each ship once")
        if state["ships"][other]["state"] in GONE:
            raise Refused(f"{state['ships'][other]['name']} {has_state(state['ships'][other]['state'])}: she is off the board")
    magazine = blew_up_this_turn(state, ship)
    if not magazine:
        _doom_check(state, ship, "exploding", "explode")
    elif not near:
        raise BadInput(f"{ship['name']} exploded this turn: name the ships in adjacent hexes with --near")
    optional = list(state.get("optional") or [])   # the game's, not the journalled copy (`Explode.optional`)
    fire_check = "exploding-ships" in optional
    table, table_steps = explosion_table(ship, optional, tables)
    per_ship = 2 if fire_check else 1
    need = DiceNeed((0 if magazine else 1) + per_ship * len(near), 6)
    return Plan(need, lambda rolls, typed: _explode(state, tables, a, near, table, table_steps, fire_check,
                                                    rolls, typed, magazine), flexible=True)


def blew_up_this_turn(state: dict, ship: dict) -> bool:
    """She exploded in this turn's fire (critical 11H, the magazine) and the ships next to her have
    not been rolled for: `explode` then rolls only their dice (VIII.C.4)."""
    return ship["state"] == "exploded" and (ship.get("at_turn_start") or {}).get("state") != "exploded" \
        and ship.get("doom_rolled_turn") != state["turn"] and not ship.get("blast_rolled")


def _explode(state, tables, a, near, table, table_steps, fire_check, rolls, typed, magazine=False) -> Resolution:
    ship = state["ships"][a.ship]
    dice = Dice(tuple(rolls), typed, "this explosion")
    later = tables["destroyed-hull"]["later_roll"]
    p = ["ships", a.ship]
    if magazine:
        die = None
        effects = [set_(p + ["blast_rolled"], True)]
        goes = True
        steps = [Step("she exploded in this turn's fire (magazine, critical 11H)", "the ships next to her",
                      "Critical Hit Table; Advanced VIII.C.4")]
    else:
        die = dice.take("exploding ship")
        effects = [set_(p + ["doom_rolled_turn"], state["turn"])]
        goes = die == later
        steps = [Step(f"exploding ship, die {die}", "she explodes and is taken off the board" if goes else
                      f"not a {later}: she does not explode this turn", "Advanced VIII.C.4")]
    hit = []
    if goes and not magazine:
        effects += [set_(p + ["state"], "exploded"), set_(p + ["struck"], True)]
    if goes:
        if near:
            steps += table_steps
        else:
            steps.append(Step("ships in adjacent hexes", "none named (--near)", "Advanced VIII.C.4"))
        for other in near:
            more, said, out = _blast(state, tables, a.ship, other, table, dice, fire_check)
            effects += more
            steps += said
            hit.append(out)
    used = dice.finish()
    data = {"ship": a.ship, "roll": die, "rolls": list(used), "exploded": goes,
            "state": "exploded" if goes else "exploding", "hit_table": table if goes and near else None,
            "near": hit}
    return Resolution("explode", f"{ship['name']} " + ("explodes" if goes else "does not explode this turn"),
                      effects, steps, data)


def _blast(state, tables, source_id: str, target_id: str, table: int, dice, fire_check: bool):
    """One adjacent ship's damage from the explosion: a die on the rigging section of the table."""
    target = state["ships"][target_id]
    name = target["name"]
    t = af.copy_ship(target)
    roll = dice.take(f"{name} (hit table {table}, rigging)")
    entry = tables["hit-tables"]["tables"][str(table)]["rigging"][roll - 1]
    hits = dict.fromkeys(TRACKS, 0)
    for k, v in parse_result(entry.rstrip("*")).items():
        hits[k] += v
    steps = [Step(f"{name}: hit table {table} (rigging), die {roll}", entry, tables.source("hit-tables"))]
    gun = tables["procedures"]["gunnery"]
    landing = af.effective_hits(hits, "round", t, gun, steps)
    landed = dict.fromkeys(TRACKS, 0)
    facing = max(SIDES, key=lambda s: t["guns_left"][s] + t["carronades_left"][s])
    act = af.AdvancedFire(source_id, target_id, 1, "left", "rigging", "", facing, "carronades")
    if landing["guns"]:
        steps.append(Step(f"{name}: gun hits", f"on her {facing} broadside (the one with more squares left)",
                          "docs/rulings.md"))
    af.mark(t, landing, act, steps, landed)
    if target["hull_left"] > 0 and t["hull_left"] == 0:
        steps.append(Step(f"{name}: last hull square gone", "she strikes; no Destroyed Hull die (no enemy fired)",
                          "docs/rulings.md"))
    fire = None
    if fire_check:
        entry14 = tables["critical-hits"]["hull"]["14"]
        fdie = dice.take(f"{name} (critical 14, fire)")
        c = {"entry": entry14, "extra": fdie, "public": {"table": table, "roll": fdie, "number": 14, "aspect": "hull",
                                                         "effect": entry14["effect"]}}
        # the explosion comes in the Unfouling Phase: a fire it starts burns from this turn
        af.apply_critical(t, c, landing, act, state["turn"] - 1, tables, steps, landed)
        if t["state"] == "exploding" and target["state"] != "exploding":
            t["doomed_turn"] = state["turn"]
        fire = {"roll": fdie, "explodes": fdie == entry14["explodes_on"]}
    effects = [set_(["ships", target_id, k], t[k]) for k in af.CHANGED if t.get(k) != target.get(k)]
    out = {"ship": target_id, "hit_table": table, "roll": roll, "result": entry, "hits": hits, "marked": landed,
           "fire": fire}
    return effects, steps, out


# --- repairs (Advanced X.B) ------------------------------------------------------------

def crew_sections_available(ship: dict) -> int:
    """Crew sections with anyone left in them, not away in boarding parties nor kept at the pumps
    (critical: waterline damage)."""
    n = sum(1 for i, c in enumerate(ship["crew_left"]) if c > 0 and i not in ship["parties"])
    pumps = sum(1 for e in ship.get("critical_effects", []) if e.get("effect", "").startswith("waterline"))
    return max(0, n - pumps)


def repair(state: dict, tables, a) -> Resolution:
    """One turn of repairs, in the Load Phase; the third turn of one type (not necessarily in a
    row) erases the two most recently marked squares of that type (X.B)."""
    ship = _ship(state, a.ship)
    what = (a.what or "").strip().lower()
    if what not in ("hull", "rigging", "guns"):
        raise BadInput(f"--what {a.what!r}: a WS&IM ship repairs hull, rigging or guns")
    rules = tables["procedures"]["repairs"]
    turn = state["turn"]
    name = ship["name"]
    _out_of_it(ship, "make repairs")
    if ship.get("struck") or ship["state"] in ("surrendered", "captured"):
        raise Refused(f"{name} {has_state(ship['state'])}: repairs cannot be made on a surrendered ship (Advanced X.B)")
    if ship.get("repaired_turn") == turn:
        raise Refused(f"{name} has already repaired this turn: one type of repair a turn (Advanced X.B)")
    busy = []
    if ship["fired_this_turn"]:
        busy.append(f"fired her {' and '.join(ship['fired_this_turn'])} broadside")
    if ship["loaded_this_turn"]:
        busy.append(f"loaded her {ship['loaded_this_turn']} broadside")
    if ship.get("meleed_turn") == turn:
        busy.append("fought a melee")
    if ship.get("weighing"):
        busy.append("is weighing anchor")
    if ship.get("sails_turn") == turn:
        busy.append("changed sails")
    moved = ship.get("movement") or {}
    if moved.get("turn") == turn and moved.get("turns"):
        busy.append("turned in her move")
    if busy:
        raise Refused(f"{name} {' and '.join(busy)} this turn: a ship doing so may not repair (Advanced X.B)")
    crews = crew_sections_available(ship)
    if crews < rules["crew_sections"]:
        raise Refused(f"{name} has {crews} crew section(s) free to work: repairs need at least "
                      f"{rules['crew_sections']} (Advanced X.B)")
    done = ship.get("repairs", {}).get(what, 0) + 1
    note = {"hull": "RH", "rigging": "RR", "guns": "RG"}[what]
    steps = [Step("repair", f"{note}: turn {done} of {rules['turns']} on {what}", "Advanced X.B")]
    p = ["ships", a.ship]
    repairs = {"hull": 0, "rigging": 0, "guns": 0, **ship.get("repairs", {})}
    effects: list[dict] = []
    restored = 0
    if done >= rules["turns"]:
        restored, more = _restore(ship, p, what, rules["squares"], steps)
        effects += more
        repairs[what] = 0
    else:
        repairs[what] = done
    effects += [set_(p + ["repairs"], repairs), set_(p + ["repaired_turn"], turn)]
    steps.append(Step("while repairing", "she is not reloaded at the end of this turn", "Advanced X.B"))
    summary = f"{name} repairs {what}: turn {done}" + (f", {restored} square(s) restored" if restored else "")
    return Resolution("repair", summary, effects, steps,
                      {"ship": a.ship, "what": what, "turns_done": done, "restored": restored})


def _restore(ship: dict, p: list, what: str, squares: int, steps: list[Step]) -> tuple[int, list[dict]]:
    """Erase the most recently marked squares of a type: hull squares; rigging from the last
    section marked (sections are marked in order); gun squares as the fire marked them."""
    effects: list[dict] = []
    if what == "hull":
        back = min(squares, ship["hull_max"] - ship["hull_left"])
        if back:
            effects.append(set_(p + ["hull_left"], ship["hull_left"] + back))
        steps.append(Step("hull squares restored", f"{back}, {ship['hull_left'] + back} left", "Advanced X.B"))
        return back, effects
    if what == "rigging":
        rig = list(ship["rigging_left"])
        back = 0
        for i in reversed(range(len(rig))):
            while back < squares and rig[i] < ship["rigging_max"][i]:
                rig[i] += 1
                back += 1
        if back:
            effects.append(set_(p + ["rigging_left"], rig))
            if "immobility" in ship["liable"]:
                effects.append(set_(p + ["liable"], [x for x in ship["liable"] if x != "immobility"]))
        steps.append(Step("rigging squares restored", f"{back} (last marked first), sections now {rig}",
                          "Advanced X.B"))
        if ship.get("sails") != "full" and ship["rigging_left"] and ship["rigging_left"][0] == 0 and rig[0] > 0:
            steps.append(Step("first rigging section", "has a square again: full sails may be set", "Advanced V.A.4"))
        return back, effects
    return _restore_guns(ship, p, squares, steps)


def _restore_guns(ship: dict, p: list, squares: int, steps: list[Step]) -> tuple[int, list[dict]]:
    """Gun (and carronade) squares, the most recently marked first, from the record of marks."""
    sections = {k: {s: dict(ship[f"{k}_sections_left"][s]) for s in SIDES} for k in KINDS}
    left = {k: dict(ship[f"{k}s_left"]) for k in KINDS}
    full = {k: ship[f"{k}s_max"] for k in KINDS}
    marks = [list(m) for m in ship.get("gun_marks", [])]
    back, said = 0, []

    def room(kind, side, section):
        most = {"bow": full[kind] - full[kind] // 2, "stern": full[kind] // 2}   # as the log splits them (I.B.2)
        return sections[kind][side][section] < most[section]

    while back < squares:
        spot = None
        while marks and spot is None:
            side, section, kind = marks.pop()
            if room(kind, side, section):
                spot = (side, section, kind)
        if spot is None:   # no record left (e.g. squares marked by hand): any missing square, guns first
            spot = next(((s, sec, k) for k in KINDS for s in SIDES for sec in ("bow", "stern")
                         if room(k, s, sec)), None)
        if spot is None:
            break
        side, section, kind = spot
        sections[kind][side][section] += 1
        left[kind][side] += 1
        back += 1
        said.append(f"{side} {section} {kind}")
    effects = []
    for k in KINDS:
        if left[k] != ship[f"{k}s_left"]:
            effects += [set_(p + [f"{k}_sections_left"], sections[k]), set_(p + [f"{k}s_left"], left[k])]
    if marks != ship.get("gun_marks", []) and "gun_marks" in ship:
        effects.append(set_(p + ["gun_marks"], marks))
    if back and "firepower" in ship["liable"]:
        effects.append(set_(p + ["liable"], [x for x in ship["liable"] if x != "firepower"]))
    steps.append(Step("gun squares restored", f"{back}" + (f": {', '.join(said)}" if said else ""), "Advanced X.B"))
    return back, effects


def note_gun_marks(state: dict, res: Resolution) -> None:
    """Keep the order gun and carronade squares are marked in (`gun_marks`, one entry a square,
    [side, section, kind]), so a gun repair erases the most recently marked (X.B). Squares
    marked by one fire are marked together; they are listed in a fixed order."""
    changed: dict[str, dict] = {}
    for e in res.effects:
        path = e.get("path") or []
        if len(path) == 3 and path[0] == "ships" and path[2] in ("gun_sections_left", "carronade_sections_left") \
                and path[1] in state["ships"] and "value" in e:
            changed.setdefault(path[1], {})[path[2]] = e["value"]
    for sid, new in changed.items():
        ship = state["ships"][sid]
        marks = [list(m) for m in ship.get("gun_marks", [])]
        added = False
        for kind in KINDS:
            after = new.get(f"{kind}_sections_left")
            if after is None:
                continue
            before = ship[f"{kind}_sections_left"]
            for side in SIDES:
                for section in ("bow", "stern"):
                    lost = before[side][section] - after[side][section]
                    if lost > 0:
                        marks += [[side, section, kind]] * lost
                        added = True
        if added:
            res.effects.append(set_(["ships", sid, "gun_marks"], marks))


# --- anchors (Advanced V.C) ------------------------------------------------------------

def anchor(state: dict, tables, a) -> Resolution:
    """Anchoring orders: ordinary (A) or on springs (AB, AS), in effect from the next turn;
    weighing anchor (A) over two turns; cutting the anchors (a), free next turn (V.C)."""
    ship = _ship(state, a.ship)
    how = (a.how or "ordinary").strip().lower()
    if how not in ("ordinary", "bow", "stern", "up", "cut"):
        raise BadInput(f"anchor {a.how!r}: ordinary, --spring bow|stern, --up or --cut")
    _out_of_it(ship, "be handled")
    name, turn, p = ship["name"], state["turn"], ["ships", a.ship]
    now = ship.get("anchor") or ""
    pending = ship.get("anchoring") or ""
    if how in ("up", "cut"):
        if ship.get("cutting"):
            raise Refused(f"{name} has cut her anchors already; she is free next turn")
        if ship.get("weighing"):
            raise Refused(f"{name} is already weighing anchor (since turn {ship['weighing']})")
        if not now:
            raise Refused(f"{name} is not at anchor" + (" yet: her anchoring comes into effect next turn"
                                                       if pending else ""))
        if how == "up":
            effects = [set_(p + ["anchor"], ""), set_(p + ["weighing"], turn)]
            steps = [Step("up anchor, (A)", f"turns {turn} and {turn + 1}: no loading, firing, repairs or melee; "
                          "she is not anchored meanwhile", "Advanced V.C.6"),
                     Step("normal manoeuvring", f"from turn {turn + 2}", "Advanced V.C.6")]
            return Resolution("anchor", f"{name} weighs anchor", effects, steps,
                              {"ship": a.ship, "order": "up", "anchor": None, "free_from_turn": turn + 2})
        effects = [set_(p + ["cutting"], True), set_(p + ["anchor_cut"], True)]
        steps = [Step("cut anchors, (a)", f"free to manoeuvre from turn {turn + 1}; she may never anchor again",
                      "Advanced V.C.7")]
        return Resolution("anchor", f"{name} cuts her anchors", effects, steps,
                          {"ship": a.ship, "order": "cut", "anchor": now, "free_from_turn": turn + 1})
    if ship.get("anchor_cut"):
        raise Refused(f"{name} has cut her anchors: she cannot be anchored again (Advanced V.C.7)")
    if severed(ship):
        raise Refused(f"{name}'s anchor cable was severed (critical hit): she may not anchor again")
    if ship.get("weighing"):
        raise Refused(f"{name} is weighing anchor (since turn {ship['weighing']})")
    if now or pending:
        held = now or pending
        what = "is anchored" if now else "is anchoring (from next turn)"
        if held != how:
            raise Refused(f"{name} {what} {_word(held)}: a ship may not be anchored by more than one type at "
                          "once (Advanced V.C.1)")
        raise Refused(f"{name} {what} {_word(held)} already")
    effects = [set_(p + ["anchoring"], how)]
    steps = [Step(f"anchor, {SPRINGS[how]}", f"{_word(how)}, in effect from turn {turn + 1}", "Advanced V.C.1-2")]
    if how == "ordinary":
        steps.append(Step("ordinary anchor", "once in effect she may not move or turn in place", "Advanced V.C.2"))
    else:
        steps.append(Step("on springs", f"she may turn up to 120 degrees, pivoting on her {how} hex; not reloading "
                          "or firing while turned", "Advanced V.C.3-4"))
    steps.append(Step("while anchored", "the HDT anchor modifier applies to her fire", "Advanced V.C.5"))
    return Resolution("anchor", f"{name} anchors ({_word(how)}) from next turn", effects, steps,
                      {"ship": a.ship, "order": how, "anchor": None, "from_turn": turn + 1})


def severed(ship: dict) -> bool:
    """Critical 5H (or 10H): "Anchor cable severed. Anchored ships must note cut anchor"."""
    return any(str(e.get("effect", "")).startswith("anchor cable severed") for e in ship.get("critical_effects", []))


def _word(kind: str) -> str:
    return {"ordinary": "ordinary (A)", "bow": "by the bow (AB)", "stern": "by the stern (AS)"}.get(kind, kind)


def busy(state: dict, ship_id: str, doing: str) -> None:
    """Weighing anchor, she cannot load, fire or melee (Advanced V.C.6); nor in a turn she made
    repairs, which only a ship doing none of these may make (Advanced X.B)."""
    ship = state["ships"].get(ship_id) or {}
    if ship.get("weighing"):
        raise Refused(f"{ship['name']} is weighing anchor (turns {ship['weighing']} and {ship['weighing'] + 1}): "
                      f"she cannot {doing} (Advanced V.C.6)")
    if ship.get("repaired_turn") == state["turn"]:
        raise Refused(f"{ship['name']} made repairs this turn: a ship that loads, fires or fights a melee may not "
                      f"repair, so she cannot {doing} until next turn (Advanced X.B)")


# --- the end of a turn -----------------------------------------------------------------

def end_turn_hold(state: dict, ship_id: str, ship: dict, tables=None) -> tuple[list[dict], list[Step], set[str]]:
    """Doubleshot carried on (ammunition), then what this module carries: anchoring in effect
    from the next turn, anchors cut, weighing ends after its second turn; a ship that repaired
    or is weighing anchor is not reloaded."""
    effects, steps, held = ammunition.end_turn_effects(state, ship_id, ship)
    effects, steps, held = list(effects), list(steps), set(held)
    p, turn, name = ["ships", ship_id], state["turn"], ship["name"]
    if (ship.get("anchor") or ship.get("anchoring")) and not ship.get("cutting") and severed(ship):
        effects += [set_(p + ["anchor"], ""), set_(p + ["anchoring"], ""), set_(p + ["anchor_cut"], True)]
        steps.append(Step(f"{name}'s anchor cable was severed", "she has cut her anchor: free next turn",
                          "Critical Hit Table 5H"))
    elif ship.get("anchoring"):
        if ship["state"] in DOOMED + GONE:
            effects.append(set_(p + ["anchoring"], ""))
        else:
            effects += [set_(p + ["anchor"], ship["anchoring"]), set_(p + ["anchoring"], "")]
            steps.append(Step(f"{name} is at anchor", _word(ship["anchoring"]), "Advanced V.C.2"))
    if ship.get("cutting"):
        effects += [set_(p + ["anchor"], ""), set_(p + ["cutting"], False)]
        steps.append(Step(f"{name} has cut her anchors", "free to manoeuvre", "Advanced V.C.7"))
    spent = [e for e in ship.get("critical_effects", []) if e.get("until_turn") is not None and e["until_turn"] <= turn]
    if spent:   # an effect "for the next N turns" ends with its last turn
        effects.append(set_(p + ["critical_effects"], [e for e in ship["critical_effects"] if e not in spent]))
        steps += [Step(f"{name}: {e['effect']}", f"ends with turn {e['until_turn']}", "Critical Hit Table") for e in spent]
    if ship.get("weighing"):
        held |= {"left", "right"}
        if ship["weighing"] < turn:
            effects.append(set_(p + ["weighing"], 0))
            steps.append(Step(f"{name} has weighed anchor", "normal manoeuvring from next turn", "Advanced V.C.6"))
    if ship.get("repaired_turn") == turn:
        held |= {"left", "right"}
        steps.append(Step(f"{name} repaired this turn", "no reload", "Advanced X.B"))
    if _turned_on_springs(state, ship):
        held |= {"left", "right"}
        steps.append(Step(f"{name} was turned on springs this turn", "no reload", "Advanced V.C.4"))
    if ship.get("sails") == "full" and tables is not None:
        try:
            _weather_allows_full(ship, state, tables, [])
        except Refused:
            name_v = tables["wind"]["velocities"][(state.get("wind") or {}).get("velocity", 0)]
            effects.append(set_(p + ["sails"], "battle"))
            steps.append(Step(f"{name} under full sail in a {name_v}", "full sails taken in (Full Sail Phase)",
                              "Wind Effects Table notes; Advanced XI"))
    return effects, steps, held


def _turned_on_springs(state: dict, ship: dict) -> bool:
    """She turned this turn while anchored on springs: "cannot reload or fire" (Advanced V.C.4)."""
    try:
        moves.turned_on_springs(state, ship["id"], "reload")
    except Refused:
        return True
    return False
