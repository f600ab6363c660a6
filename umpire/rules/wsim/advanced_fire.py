"""Gunnery at the WS&IM 1981 Advanced level (Advanced Game I.A, V.A.3, VIII.A-C).

The Basic procedure (gunnery.py) with the Advanced HDT (rake brackets, stern rake), hit tables
0-10 fired as several dice above 10, bow and stern gun sections, the shot loaded, critical hits,
full sails doubling rigging hits and the Destroyed Hull Table. Dice are taken in the order the
procedure calls for them, so how many a fire needs is known only while resolving it.
"""

from __future__ import annotations

from umpire.core.dice import DiceNeed
from umpire.core.errors import Refused
from umpire.core.state import Resolution, Step, set_
from umpire.rules.wsim import gunnery
from umpire.rules.wsim.dice import Dice
from umpire.rules.wsim.gunnery import TRACKS, band_index, parse_result
from umpire.rules.wsim.ship import SIDES, effective_quality, is_captured
from umpire.rules.wsim import optional

SECTIONS = ("bow", "stern")
QUALITIES = ("EL", "CR", "AV", "GR", "PR")
#: critical results that call for one more die, and what it is for
EXTRA_DIE = {"morale": "crew morale (critical 7H/16H)", "steering": "steering (critical 8H)",
             "magazine": "magazine (critical 11H)", "fire": "fire (critical 14H)"}
#: ship keys a fire may change
CHANGED = ("hull_left", "crew_left", "guns_left", "carronades_left", "gun_sections_left",
           "carronade_sections_left", "rigging_left", "prize", "state", "struck", "liable", "prize_losses",
           "sails", "quality", "turning", "anchor", "critical_effects", "doomed_turn", "morale_checks")


class AdvancedFire(gunnery.Fire):
    """An Advanced broadside: the Basic reading plus the section firing ("" the whole broadside, bow or
    stern: VIII.A.2) and the target's section hit, the one nearest the firing guns ("" the target's
    choice: VIII.A.7)."""

    __slots__ = ("section", "hit_section")
    _fields = gunnery.Fire._fields + ("section", "hit_section")
    section: str
    hit_section: str

    def __init__(self, firer: str, target: str, range: int, side: str, aim: str = "", rake: str = "",
                 facing: str = "", lose: str = "carronades", section: str = "", hit_section: str = "") -> None:
        super().__init__(firer, target, range, side, aim, rake, facing, lose)
        self._set(section=section, hit_section=hit_section)


def shot_of(firer: dict, side: str) -> str:
    return (firer.get("shot") or {}).get(side) or "round"


def check(state: dict, act: AdvancedFire, tables) -> None:
    """The Basic checks, then what the Advanced rules add (exit 1 refused, exit 2 mistyped)."""
    firer = state["ships"][act.firer]
    then = (firer.get("at_turn_start") or {}).get("state", firer["state"])   # fire is simultaneous (Basic VIII.A.7)
    if then in ("sinking", "exploding", "sunk", "exploded"):
        raise Refused(f"{firer['name']} is {then}: she takes no further part (Advanced VIII.C.5)")
    if act.side in (firer.get("loading") or {}):
        raise Refused(f"{firer['name']}'s {act.side} broadside is still loading doubleshot (Advanced VIII.B.3.c)")
    shot = shot_of(firer, act.side)
    target = state["ships"][act.target]
    if shot == "grape" and in_later_melee(state, act.firer, act.target):
        raise Refused(f"{target['name']}'s crew is in a later turn of melee with {firer['name']}: no grapeshot "
                      "(Advanced VIII.B.4.d)")
    reach = tables["ammunition"]["max_range"][shot]
    if act.range > reach:
        raise Refused(f"range {act.range}: {shot}shot reaches {reach} hex(es) at most (Ammunition Range Table)")
    gunnery.check_fire(state, act, tables)
    if act.section and guns_firing(firer, act, tables) == 0:
        raise Refused(f"{firer['name']}'s {act.side} {act.section} section has no gun squares that can fire "
                      f"at {act.range} hexes")


def in_later_melee(state: dict, a: str, b: str) -> bool:
    """The two crews met in melee in an earlier turn and are still locked in it: a melee goes on
    until one ship surrenders or the ships are no longer grappled or fouled (Basic IX.C.4)."""
    turn = state["turn"]
    ships = state["ships"]
    return any(ships[x].get("melee_with") == y and 0 < ships[x].get("meleed_turn", 0) < turn
               and melee_holds(ships[x], ships[y]) for x, y in ((a, b), (b, a)))


def melee_holds(x: dict, y: dict) -> bool:
    """What keeps a melee going (Basic IX.C.4): the ships still grappled or fouled together, and
    neither surrendered, struck or captured."""
    together = y["id"] in list(x.get("grappled", [])) + list(x.get("fouled", []))
    down = any(s.get("struck") or s["state"] in ("surrendered", "captured", "sunk", "exploded") for s in (x, y))
    return together and not down


def guns_firing(firer: dict, act: AdvancedFire, tables) -> int:
    """Gun squares firing: the broadside, or one section of it (VIII.A.2), with carronades in range."""
    if not act.section:
        return gunnery.guns_firing(firer, act, tables)
    basis = firer["at_turn_start"]
    guns = basis.get("gun_sections_left", firer["gun_sections_left"])[act.side][act.section]
    if act.range <= gunnery.limits(tables)["carronade_range"]:
        guns += basis.get("carronade_sections_left", firer["carronade_sections_left"])[act.side][act.section]
    return guns


def hit_number(state: dict, act: AdvancedFire, tables) -> tuple[int, list[Step]]:
    """The modified hit table number (Advanced HDT; Basic VIII.B-C as modified by Advanced I.A.1)."""
    hdt = tables["hdt"]
    firer = state["ships"][act.firer]
    n = guns_firing(firer, act, tables)
    gi, ri = band_index(hdt["guns_bands"], n), band_index(hdt["range_bands"], act.range)
    cell = "rake_range" if act.rake else "range"
    number = hdt[cell][gi][ri]
    lo, hi = hdt["guns_bands"][gi]
    band = f"{lo}+" if gi == len(hdt["guns_bands"]) - 1 else f"{lo}-{hi}"
    what = f"{act.side} {act.section} section" if act.section else f"{act.side} broadside"
    steps = [Step("guns firing", f"{n} ({what})", "Advanced VIII.A.2" if act.section else "Basic VIII.B.2"),
             Step(f"HDT, guns {band}, range {act.range}" + (" (rake: number in brackets)" if act.rake else ""),
                  f"table {number}", "Advanced I.A.1.a" if act.rake else tables.source("hdt", "range"))]

    def add(label: str, value: int, cite: str) -> None:
        nonlocal number
        if value:
            number += value
            steps.append(Step(label, f"{value:+d} -> table {number}", cite))

    mods = hdt["modifiers"]
    q = quality_then(firer, state["turn"])
    add(f"crew quality {q}", mods[f"crew_quality_{q}"][gi], tables.source("hdt", f"modifiers.crew_quality_{q}"))
    if is_captured(firer):
        add("captured ship", mods["captured_ship"][gi], tables.source("hdt", "modifiers.captured_ship"))
    else:
        out = gunnery.crew_sections_out(firer)
        add(f"crew sections lost or boarding: {out}", mods["crew_section_loss"][gi] * out,
            tables.source("hdt", "modifiers.crew_section_loss"))
    if not firer["initial_used"][act.side]:
        add(f"initial broadside ({act.side})", mods["initial_broadside"][gi], "Basic VIII.C; Advanced VIII.A.4")
    if act.rake == "stern":
        add("stern rake", mods["stern_rake"][gi], "Advanced I.A.1.b")
    shot = shot_of(firer, act.side)
    column = tables["ammunition"]["hdt_column"][shot]
    add(f"{shot}shot", hdt["optional_modifiers"][column][gi], "Advanced VIII.B")
    if firer.get("anchor"):
        add(f"anchored ({firer['anchor']})", hdt["optional_modifiers"]["anchor"][gi], "Advanced V.C.5")
    weather(state, firer, tables, add, steps)
    for eff in lasting(firer, state["turn"]):
        if eff.get("hit_table") and eff.get("broadside") in ("", None, act.side):
            add(eff["effect"], eff["hit_table"], "Critical Hit Table")
    if state.get("optional"):   # only the 1981 rulesets read a broadside here

        for label, value, cite in optional.hit_table_modifiers(state, firer, n, tables):   # Optional VIII.A
            add(label, value, cite)
    return number, steps


def weather(state: dict, firer: dict, tables, add, steps: list[Step]) -> None:
    """The Storm and Gale notes under the Wind Effects Table: some classes subtract from the Hit
    Table (Advanced III.A.3.d)."""
    names = tables["wind"]["velocities"]
    velocity = (state.get("wind") or {}).get("velocity", 0)
    note = {"storm": tables["wind"]["storm"], "gale": tables["wind"]["gale"]}.get(names[velocity])
    if not note or not note["hit_table"]:
        return
    number = firer.get("class_number")
    if number is None:
        steps.append(Step(f"{names[velocity]}", "class number not given: no class modifier applied "
                          "(ship add --class 1-7)", "Wind Effects Table notes"))
        return
    add(f"{names[velocity]}, class {number}", note["hit_table"].get(str(number), 0), "Wind Effects Table notes")


def lasting(ship: dict, turn: int) -> list[dict]:
    """Critical effects in force this turn (they start the turn after the one they were scored in)."""
    return [e for e in ship.get("critical_effects", [])
            if e.get("from_turn", 0) <= turn and turn <= e.get("until_turn", turn)]


def split(number: int, top: int) -> list[int]:
    """The hit tables fired: none below 0; above the top table, several dice, each on the highest
    table possible (Advanced I.A.2.a: 20 is table 10 twice, 13 is tables 10 and 3)."""
    if number < 0:
        return []
    out = []
    while number > top:
        out.append(top)
        number -= top
    if number or not out:
        out.append(number)
    return out


def reading(state: dict, act: AdvancedFire, tables) -> tuple[list[int], list[Step]]:
    check(state, act, tables)
    number, steps = hit_number(state, act, tables)
    top = tables["procedures"]["gunnery"]["top_hit_table"]
    fired = split(number, top)
    if not fired:
        steps.append(Step("below table 0", "automatic miss: no die is rolled and the broadside scores no hits",
                          "Basic VIII.B.4"))
    elif len(fired) > 1:
        steps.append(Step(f"above table {top}", "separate dice on tables " + ", ".join(map(str, fired)),
                          "Advanced I.A.2.a"))
    return fired, steps


def needs(state: dict, act: AdvancedFire, tables, fired: list[int]) -> DiceNeed:
    """At most: each hit die, its critical die and that result's own die; then the Destroyed Hull die."""
    if shot_of(state["ships"][act.firer], act.side) == "grape":
        return DiceNeed(0, 6)
    return DiceNeed(3 * len(fired) + 1, 6, ())


def resolve(state: dict, act: AdvancedFire, rolls: tuple[int, ...], typed: bool, tables,
            got: tuple[list[int], list[Step]]) -> Resolution:
    fired, steps = got[0], list(got[1])
    firer, target = state["ships"][act.firer], state["ships"][act.target]
    shot = shot_of(firer, act.side)
    unused: tuple[int, ...] = ()
    if not fired and shot != "grape":   # an automatic miss: a typed die is noted, never read
        unused, rolls = gunnery.unused_dice(None, tuple(rolls) if typed else (), steps), ()
    dice = Dice(tuple(rolls), typed)
    gun = tables["procedures"]["gunnery"]
    aim = act.aim or ("rigging" if act.range >= gun["rigging_only_from"] else "hull")
    hits = dict.fromkeys(TRACKS, 0)
    results, crits = [], []
    if shot == "grape":
        crew = sum(fired)
        hits["crew"] = crew
        results.append(f"{crew}C" if crew else "0")
        steps.append(Step("grapeshot", f"no hit table: {crew} crew square(s)", "Advanced VIII.B.4.b"))
        if target.get("parties"):
            hits["crew"] += 1
            steps.append(Step("target has a boarding party", "one more crew square", "Advanced VIII.B.7"))
    else:
        if not act.aim:
            steps.append(Step("aim", f"{aim} (not given)", "Basic VIII.B.5"))
        for number in fired:
            roll = dice.take(f"hit table {number}")
            entry = tables["hit-tables"]["tables"][str(number)][aim][roll - 1]
            results.append(entry)
            for k, v in parse_result(entry.rstrip("*")).items():
                hits[k] += v
            steps.append(Step(f"hit table {number} ({aim}), die {roll}", entry, tables.source("hit-tables")))
            if roll == gun["critical_roll"]:
                crits.append(critical(dice, number, aim, tables, steps))
    t = copy_ship(target)
    landed = dict.fromkeys(TRACKS, 0)
    hull_before = t["hull_left"]
    landing = effective_hits(hits, shot, t, gun, steps)
    act = mark(t, landing, act, steps, landed)
    for c in crits:   # doubling counts the hits that landed (chainshot's G are misses)
        apply_critical(t, c, landing, act, state["turn"], tables, steps, landed)
    if not any(c["entry"]["effect"] == "morale" for c in crits):   # this fire's damage read by the phase's checks
        settle_morale(t, state["turn"], tables, steps)
    destroyed = None
    if hull_before > 0 and t["hull_left"] == 0 and t["state"] not in ("exploded", "exploding"):
        destroyed = destroyed_hull(t, dice.take("destroyed hull"), state["turn"], tables, steps)
    used = dice.finish()
    fp = ["ships", act.firer]
    effects = [set_(fp + ["loaded", act.side], False), set_(fp + ["initial_used", act.side], True),
               set_(fp + ["fired_this_turn"], firer["fired_this_turn"] + [act.side]), set_(fp + ["shot", act.side], "")]
    effects += [set_(["ships", act.target, k], t[k]) for k in CHANGED if t.get(k) != target.get(k)]
    result = " + ".join(results) if results else "0"
    data = {"firer": act.firer, "target": act.target, "hit_table": fired[0] if fired else None,
            "hit_tables": fired, "rolls": list(used), "result": result, "results": results, "aim": aim,
            "shot": shot, "hits": hits, "marked": landed, "criticals": [c["public"] for c in crits],
            "destroyed_hull": destroyed}
    if unused:
        data["unused_rolls"] = list(unused)
    what = f"{act.side} {act.section} section" if act.section else f"{act.side} broadside"
    summary = f"{firer['name']} fires {what} at {target['name']}, {act.range} hex(es): {result}"
    return Resolution("fire", summary, effects, steps, data)


def critical(dice: Dice, number: int, aim: str, tables, steps: list[Step]) -> dict:
    """A 6 on a hit table: a second die plus the table number, read for the aspect fired at
    (Advanced I.A.2.b.1); and the die that result calls for, if any."""
    roll = dice.take("critical hit")
    n = number + roll
    entry = tables["critical-hits"][aim][str(n)]
    steps.append(Step(f"critical hit: die {roll} + table {number}", f"{n}{aim[0].upper()}: "
                      + entry.get("says", "no effect"), tables.source("critical-hits")))
    out = {"entry": entry, "extra": None,
           "public": {"table": number, "roll": roll, "number": n, "aspect": aim, "effect": entry["effect"]}}
    if entry["effect"] in EXTRA_DIE:
        out["extra"] = dice.take(EXTRA_DIE[entry["effect"]])
    return out


def effective_hits(hits: dict, shot: str, t: dict, gun: dict, steps: list[Step]) -> dict:
    """What lands of the hits as rolled: chainshot's H and G miss (VIII.B.2.b); full sails double
    rigging hits (V.A.3)."""
    out = dict(hits)
    if shot == "chain" and (out["hull"] or out["guns"]):
        steps.append(Step("chainshot", f"{out['hull']} H and {out['guns']} G count as misses", "Advanced VIII.B.2.b"))
        out["hull"] = out["guns"] = 0
    if t.get("sails") == "full" and out["rigging"] and t.get("fore_and_aft"):
        steps.append(Step("target fore-and-aft rigged, under full sail", "rigging hits not doubled",
                          "Optional Rules XIV"))
    elif t.get("sails") == "full" and out["rigging"]:
        out["rigging"] *= gun["full_sail_rigging"]
        steps.append(Step("target under full sail", f"rigging hits doubled to {out['rigging']}", "Advanced V.A.3"))
    return out


def copy_ship(ship: dict) -> dict:
    import copy

    return {k: copy.deepcopy(ship[k]) for k in ship if k != "at_turn_start"}


def mark(t: dict, hits: dict, act: AdvancedFire, steps: list[Step], landed: dict) -> AdvancedFire:
    """Mark the regular hits; returns the fire with the target's choices of broadside and section
    made, so critical damage lands where the fire's own hits did."""
    if hits["guns"]:
        act = choose(t, act, steps)
    extra_hull = mark_guns(t, hits["guns"], act, steps, landed)
    gunnery._mark_hull(t, hits["hull"] + extra_hull, steps, landed)
    gunnery._mark_crew(t, hits["crew"], steps, landed)
    mark_rigging(t, hits["rigging"], steps, landed)
    return act


def choose(t: dict, act: AdvancedFire, steps: list[Step]) -> AdvancedFire:
    """The target's broadside and section the gun hits land in: as typed, or the target's choice
    (Basic VIII.D.3.a, Advanced VIII.A.7), by default the one with more squares left."""
    gunnery.need_facing(t, act, "gun hits")
    facing = act.facing or max(SIDES, key=lambda s: t["guns_left"][s] + t["carronades_left"][s])
    if not act.facing:
        steps.append(Step("target's choice of broadside", f"{facing} (default: more squares left)",
                          "Basic VIII.D.3.a"))
    near = act.hit_section or max(SECTIONS, key=lambda s: t["gun_sections_left"][facing][s]
                                  + t["carronade_sections_left"][facing][s])
    if not act.hit_section:
        steps.append(Step("target's choice of section", f"{near} (default: more squares left)", "Advanced VIII.A.7"))
    return act.replace(facing=facing, hit_section=near)


def mark_rigging(t: dict, n: int, steps: list[Step], landed: dict) -> None:
    """Rigging hits (Basic VIII.D.4); a ship losing her whole first section drops full sails (V.A.4)."""
    gunnery._mark_rigging(t, n, steps, landed)
    if t.get("sails") == "full" and t["rigging_left"] and t["rigging_left"][0] == 0:
        t["sails"] = "battle"
        steps.append(Step("first rigging section gone", "back to battle sails", "Advanced V.A.4"))


def mark_guns(t: dict, n: int, act: AdvancedFire, steps: list[Step], landed: dict) -> int:
    """Gun hits in the target's section nearest the firing guns, then the rest of that broadside,
    then any gun squares (Advanced VIII.A.7); carronades count as gun squares. Returns the excess."""
    if not n:
        return 0
    act = choose(t, act, steps)
    facing, near = act.facing, act.hit_section
    kinds = ("carronade", "gun") if act.lose == "carronades" else ("gun", "carronade")
    other_side = "right" if facing == "left" else "left"
    far = "stern" if near == "bow" else "bow"
    left = n
    for side in (facing, other_side):
        for section in (near, far):
            for kind in kinds:
                sec = t[f"{kind}_sections_left"][side]
                take = min(left, sec[section])
                if take:
                    sec[section] -= take
                    t[f"{kind}s_left"][side] -= take
                    left -= take
                    landed["guns"] += take
                    steps.append(Step(f"gun hits on {side} {section} {kind}s", str(take), "Advanced VIII.A.7"))
    if left:
        steps.append(Step("excess gun hits", f"{left} become hull hits", "Basic VIII.D.3.b"))
    if all(t["guns_left"][s] + t["carronades_left"][s] == 0 for s in SIDES) and "firepower" not in t["liable"]:
        t["liable"] = t["liable"] + ["firepower"]
        steps.append(Step("all gun squares gone", "liable to surrender by firepower", "Basic VIII.D.3.b"))
    return left


def lose_section(t: dict, steps: list[Step], landed: dict, why: str) -> None:
    """One rigging section lost: the first with squares left is marked off whole."""
    for i, r in enumerate(t["rigging_left"]):
        if r:
            mark_rigging(t, r, steps, landed)
            steps.append(Step(why, f"rigging section {i + 1} lost", "Critical Hit Table"))
            return
    steps.append(Step(why, "no rigging left to lose", "Critical Hit Table"))


def apply_critical(t: dict, c: dict, hits: dict, act: AdvancedFire, turn: int, tables, steps: list[Step],
                   landed: dict) -> None:
    """Critical hit damage, applied after all other damage (Advanced I.A.2.b.2); cumulative (b.3)."""
    e, kind, die = c["entry"], c["entry"]["effect"], c["extra"]
    label = f"critical {c['public']['number']}{c['public']['aspect'][0].upper()}"
    if "max_range" in e and act.range > e["max_range"] or kind.startswith("rake") and not act.rake:
        steps.append(Step(label, "no effect (needs a rake" + (f" at {e['max_range']} hexes or less)"
                                                           if "max_range" in e else ")"), "Critical Hit Table"))
        return
    if kind == "rake_double":
        steps.append(Step(label, f"gun and crew hits doubled: {hits['guns']} G and {hits['crew']} C more",
                          "Critical Hit Table"))
        gunnery._mark_hull(t, mark_guns(t, hits["guns"], act, steps, landed), steps, landed)
        gunnery._mark_crew(t, hits["crew"], steps, landed)
    elif kind in ("rake_rigging_section", "mast"):
        lose_section(t, steps, landed, label)
    elif kind == "obscured":
        effect(t, {"effect": f"fallen rigging obscures the {e['broadside']} broadside", "broadside": e["broadside"],
                   "hit_table": e["hit_table"], "from_turn": turn + 1, "until_turn": turn + e["turns"]})
        steps.append(Step(label, f"{e['broadside']} broadside hit table {e['hit_table']:+d} to turn "
                          f"{turn + e['turns']}", "Critical Hit Table"))
        mark_rigging(t, e["rigging"], steps, landed)
    elif kind == "anchor_cable":
        effect(t, {"effect": "anchor cable severed: may not anchor again"})
        steps.append(Step(label, "anchor cable severed", "Critical Hit Table"))
    elif kind == "morale":
        morale(t, die, e, tables, steps, label, turn)
    elif kind == "steering":
        hit = die in e["rolls"]
        if hit:
            if t.get("turning") is not None:
                t["turning"] = max(0, t["turning"] - 1)
            effect(t, {"effect": "steering damaged: turning ability -1"})
        steps.append(Step(f"{label}, die {die}", "turning ability -1 for good" if hit else "no damage",
                          "Critical Hit Table"))
    elif kind == "magazine":
        total = die + act.range
        blows = total <= e["explodes_at_or_below"]
        if blows:
            t["state"], t["struck"] = "exploded", True
        steps.append(Step(f"{label}, die {die} + range {act.range}", f"{total}: " + (
            "she explodes; each ship in an adjacent hex takes Hit Table 10 rigging (Advanced VIII.C.4)"
            if blows else "no explosion"), "Critical Hit Table"))
    elif kind == "waterline":
        effect(t, {"effect": "waterline damage: one crew section kept at the pumps"})
        steps.append(Step(label, "one crew section assigned to keep her afloat for the rest of the game",
                          "Critical Hit Table"))
    elif kind == "fire":
        if die == e["explodes_on"]:
            t["state"], t["doomed_turn"] = "exploding", turn
            steps.append(Step(f"{label}, die {die}", "fire out of control: she will explode (roll `explode` "
                              "each turn from the next)", "Critical Hit Table"))
        else:
            effect(t, {"effect": f"fire for {die} turn(s)", "hit_table": -die, "from_turn": turn + 1,
                       "until_turn": turn + die})
            steps.append(Step(f"{label}, die {die}", f"fire: hit table -{die} for {die} turn(s)", "Critical Hit Table"))
    else:
        steps.append(Step(label, "no effect", "Critical Hit Table"))


def effect(t: dict, e: dict) -> None:
    """A lasting effect; one with no `until_turn` lasts the game (kept without it: TOML has no null)."""
    t["critical_effects"] = list(t.get("critical_effects", [])) + [e]


def morale(t: dict, die: int, e: dict, tables, steps: list[Step], label: str, turn: int) -> None:
    """7H/16H: one die plus the crew quality's melee strength, less lost crew sections; six or less
    drops the crew one rate. Critical damage is applied at the end of the Combat Phase (Advanced
    I.A.2.b.2): the check is kept with the turn and read against the crew as the phase leaves her
    (`phase_end_quality`), so the phase's fires give the same crew in any order."""
    checks = [c for c in t.get("morale_checks", []) if c["turn"] == turn]
    was = checks[0]["was"] if checks else effective_quality(t)
    t["morale_checks"] = checks + [{"turn": turn, "die": die, "was": was, "fails_at_or_below": e["fails_at_or_below"],
                                    "label": label}]
    steps.append(Step(f"{label}, die {die}", "crew morale check, made at the end of the Combat Phase",
                      "Advanced I.A.2.b.2"))
    settle_morale(t, turn, tables, steps)


def quality_then(ship: dict, turn: int) -> str:
    """The crew quality a ship fires with: as at the start of this turn's Combat Phase, before any
    critical morale drop scored in it (firing is simultaneous, Basic VIII.A.7; Advanced I.A.2.b.2)."""
    checks = [c for c in ship.get("morale_checks", []) if c["turn"] == turn]
    return checks[0]["was"] if checks else effective_quality(ship)


def settle_morale(t: dict, turn: int, tables, steps: list[Step]) -> bool:
    """The crew quality this turn's morale checks give, with all the phase's damage recorded: each
    check is one die plus the melee strength of the quality the phase began with, less crew sections
    lost; each at or below the table's number drops the crew one rate (cumulative, I.A.2.b.3; see
    docs/rulings.md). Sets it on `t`; True if it changed."""
    checks = [c for c in t.get("morale_checks", []) if c["turn"] == turn]
    if not checks:
        return False
    was = checks[0]["was"]
    strength = tables["melee"]["crew_strength"][was]
    lost = sum(1 for c in t["crew_left"] if c == 0)
    fails = [c for c in checks if c["die"] + strength - lost <= c["fails_at_or_below"]]
    new = QUALITIES[min(QUALITIES.index(was) + len(fails), len(QUALITIES) - 1)]
    if new == effective_quality(t):
        return False
    for c in checks:
        total = c["die"] + strength - lost
        steps.append(Step(f"{c['label']} at the end of the Combat Phase, die {c['die']} + {was} {strength} - {lost} "
                          f"section(s) lost", f"{total}: " + ("fails" if c in fails else "holds"), "Critical Hit Table"))
    if is_captured(t):
        t["prize"] = {**t["prize"], "quality": new}
    else:
        t["quality"] = new
    steps.append(Step("crew quality", f"{was} -> {new}" if new != was else f"back to {was}", "Advanced I.A.2.b.2"))
    return True


def destroyed_hull(t: dict, die: int, turn: int, tables, steps: list[Step]) -> str:
    """The last hull square marked off: the Destroyed Hull Table (Advanced VIII.C.1-4)."""
    result = tables["destroyed-hull"]["results"][die - 1]
    if result == "may sink":
        t["state"], t["doomed_turn"] = "sinking", turn
    elif result == "may explode":
        t["state"], t["doomed_turn"] = "exploding", turn
    steps.append(Step(f"Destroyed Hull Table, die {die}", {"strikes": "she surrenders by striking",
                                                          "may sink": "she may sink (a later 6)",
                                                          "may explode": "she may explode (a later 6)"}[result],
                      tables.source("destroyed-hull")))
    return result
