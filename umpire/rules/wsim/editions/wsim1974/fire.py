"""First-edition fire and loading with its Optional Rules: Types of Ammunition 1-4 (ballshot,
chainshot, doubleshot, grapeshot), the Gale and Storm notes of the Wind Table, and the
Anchored column. The Basic Game's procedure (How to Fire 6-7) is the 1981 code's; what the
optional rules add to the BHT is added before Table 0 and Table 8 are checked (6(d))."""

from __future__ import annotations

from umpire.core.dice import DiceNeed
from umpire.core.errors import BadInput, Refused
from umpire.core.state import Resolution, Step, set_, has_state
from umpire.rules.wsim import gunnery
from umpire.rules.wsim.ship import SIDES, effective_quality, is_captured
from umpire.rules.wsim.turns import can_work_guns
from umpire.rules.wsim.ammunition import is_british
from umpire.rules.wsim.editions.wsim1974 import optional as wsim1974_optional
from umpire.rules.wsim.editions.wsim1974.optional import anchored
from umpire.rules.wsim.editions.wsim1974 import wind as wsim1974_wind
from umpire.rules.wsim.editions.wsim1974.optional import double_rigging
from umpire.rules.wsim.editions.wsim1974.optional import mark_hits

AMMO = "types-of-ammunition"
SHOTS = ("round", "chain", "double", "grape")
WORD = {"round": "ballshot", "chain": "chainshot", "double": "doubleshot", "grape": "grapeshot"}
RULE = "1974 Optional Rules: Types of Ammunition"


def shot_of(ship: dict, side: str) -> str:
    return (ship.get("shot") or {}).get(side) or "round"


# --- loading -------------------------------------------------------------------------------
def load(state: dict, ship_id: str, side: str, shot: str, tables, optional: list[str]) -> Resolution:
    """Load one broadside with a type of shot (Loading 1; Types of Ammunition 1-4). Doubleshot
    takes the loading of two Moves. In Move 1, before a broadside has fired, the shot of the
    scenario's initial load may be chosen ("They can be loaded with any desired type of
    ammunition"): that is no Move's loading."""
    typed, shot = bool(shot), (shot or "round").lower()
    if shot not in SHOTS:
        raise BadInput(f"shot {shot!r}: use round (ballshot), chain, double or grape")
    ship = state["ships"][ship_id]
    if shot != "round" and AMMO not in optional:
        raise Refused(f"{WORD[shot]} is an optional rule of the first edition: start the game with "
                      f"--optional {AMMO}")
    p = ["ships", ship_id]
    if not can_work_guns(ship) or ship["state"] in ("sinking", "exploding"):
        raise Refused(f"{ship['name']} cannot load: she {has_state(ship['state'])} or has no crew")
    if shot == "chain" and not tables["ammunition"]["british_chainshot"]:

        if is_british(ship):
            raise Refused(f"{ship['name']} is British: by the ruling `ammunition.british_chainshot` = false she may "
                          "not load chainshot")
    if typed and AMMO in optional and state["turn"] == 1 and ship["loaded"][side] and not ship["initial_used"][side] \
            and side not in ship["fired_this_turn"] and ship.get("loaded_this_turn") != side:
        return Resolution("load", f"{ship['name']}'s initial {side} broadside holds {WORD[shot]}",
                          [set_(p + ["shot", side], shot)],
                          [Step("initial load", f"{side} broadside, {WORD[shot]} (the scenario's start: any "
                                "ammunition, no Move's loading)", "1974 Scenarios (set-up)")],
                          {"ship": ship_id, "side": side, "shot": shot, "ready": True})
    loading = ship.get("loading") or {}
    if ship["loaded_this_turn"]:
        raise Refused(f"{ship['name']} has already loaded her {ship['loaded_this_turn']} broadside this Move "
                      "(one broadside per Move, Loading 1)")
    if loading and side not in loading:
        raise Refused(f"{ship['name']} is loading doubleshot in her {next(iter(loading))} broadside: that takes "
                      "this Move's loading too (Loading 1; Types of Ammunition 3)")
    if side in loading:
        if shot != "double":
            raise Refused(f"{ship['name']}'s {side} broadside is half loaded with doubleshot: finish it "
                          "(--shot double)")
        if loading[side] >= state["turn"]:
            raise Refused(f"{ship['name']} began loading doubleshot this Move; the second Move of loading is next")
        effects = [set_(p + ["loaded", side], True), set_(p + ["shot", side], "double"), set_(p + ["loading"], {}),
                   set_(p + ["loaded_this_turn"], side)]
        return Resolution("load", f"{ship['name']} finishes loading doubleshot in her {side} broadside", effects,
                          [Step("load", f"{side} broadside, doubleshot: second Move; it fires from next Move",
                                f"{RULE} 3")], {"ship": ship_id, "side": side, "shot": "double", "ready": True})
    if ship["loaded"][side]:
        raise Refused(f"{ship['name']}'s {side} broadside is already loaded (with {WORD[shot_of(ship, side)]})")
    if tables["ammunition"]["load_turns"][shot] > 1:
        effects = [set_(p + ["loading"], {side: state["turn"]}), set_(p + ["loaded_this_turn"], side)]
        return Resolution("load", f"{ship['name']} begins loading doubleshot in her {side} broadside", effects,
                          [Step("load", f"{side} broadside, doubleshot: first of two Moves", f"{RULE} 3")],
                          {"ship": ship_id, "side": side, "shot": shot, "ready": False})
    effects = [set_(p + ["loaded", side], True), set_(p + ["shot", side], shot), set_(p + ["loaded_this_turn"], side)]
    return Resolution("load", f"{ship['name']} loads her {side} broadside with {WORD[shot]}", effects,
                      [Step("load", f"{side} broadside, {WORD[shot]}", "1974 Loading 1-3")],
                      {"ship": ship_id, "side": side, "shot": shot, "ready": True})


def end_turn_effects(state: dict, ship_id: str, ship: dict) -> tuple[list[dict], list[Step], set[str]]:
    """At the end of a Move a doubleshot begun in an earlier Move is loaded; while one is being
    loaded `turn` reloads nothing else for her (one broadside per Move)."""
    loading = ship.get("loading") or {}
    if not loading:
        return [], [], set()
    p = ["ships", ship_id]
    (side, began), = loading.items()
    if began < state["turn"] and not ship["loaded_this_turn"]:
        return ([set_(p + ["loaded", side], True), set_(p + ["shot", side], "double"), set_(p + ["loading"], {}),
                 set_(p + ["loaded_this_turn"], side)],
                [Step(f"{ship['name']} finishes loading doubleshot", f"{side} broadside", f"{RULE} 3")], set(SIDES))
    return [], [], set(SIDES)


# --- fire ----------------------------------------------------------------------------------
def check(state: dict, act: gunnery.Fire, tables, optional: list[str]) -> str:
    """The Basic checks and what the optional rules add; the shot fired."""
    firer = state["ships"][act.firer]
    state_then = firer["at_turn_start"].get("state", firer["state"])   # fire is simultaneous (Loading 5)
    if state_then in ("sinking", "exploding"):
        raise Refused(f"{firer['name']} will {state_then[:-3].replace('explod', 'explode')}: her crew cannot fire the guns "
                      "(1974 Sinking and Exploding Ships 5)")

    wsim1974_optional.busy(firer, state["turn"], "fire")
    if firer.get("grounded"):
        raise Refused(f"{firer['name']} is aground: ships cannot fire their guns while aground (1974 Running "
                      "Aground 5)")
    shot = shot_of(firer, act.side) if AMMO in optional else "round"
    if AMMO in optional:
        if act.side in (firer.get("loading") or {}):
            raise Refused(f"{firer['name']}'s {act.side} broadside is still loading doubleshot ({RULE} 3)")
        reach = tables["ammunition"]["max_range"][shot]
        if firer["loaded"][act.side] and act.range > reach:
            raise Refused(f"range {act.range}: {WORD[shot]} reaches {reach} hex(es) at most (Max. Effective "
                          "Range Table)")
        if shot == "grape" and act.aim == "rigging":
            raise Refused("grapeshot hits crew squares only: it is not aimed at the rigging "
                          f"({RULE} 4)")
    if act.aim == "rigging" and act.target in firer["fouled"] + firer["grappled"]:
        # 1981 VIII.B.8 bars fire at the rigging of a ship fouled or grappled with the firer; the
        # first edition has no such rule (How to Fire 6(e): the firer "decides if the fire is to be
        # aimed at the hull, or at the rigging"): the Basic checks are made as for a hull shot
        gunnery.check_fire(state, act.replace(aim=""), tables)
        return shot
    gunnery.check_fire(state, act, tables)
    return shot


def reading(state: dict, act: gunnery.Fire, tables, optional: list[str]) -> tuple[int | None, list[Step], str, int]:
    """(hit table or None, working, shot, the modified BHT before it is held to Tables 0-8)."""
    shot = check(state, act, tables, optional)
    hdt = tables["hdt"]
    firer = state["ships"][act.firer]
    n = gunnery.guns_firing(firer, act, tables)
    carronades = gunnery.carronades_fire(firer, act, tables)
    gi = gunnery.band_index(hdt["guns_bands"], n)
    ri = gunnery.band_index(hdt["range_bands"], act.range)
    table = hdt["range"][gi][ri]
    lo, hi = hdt["guns_bands"][gi]
    band = f"{lo}+" if gi == len(hdt["guns_bands"]) - 1 else f"{lo}-{hi}"
    steps = [Step("guns firing", f"{n} ({act.side} broadside" + (", carronades included" if carronades else "")
                  + ")", "1974 How to Fire 6(b)"),
             Step(f"Range Tables, guns {band}, range {act.range}", f"table {table}", tables.source("hdt", "range"))]

    def add(label: str, value: int, cite: str, shown: bool = False) -> None:
        nonlocal table
        if value or shown or cite.endswith("(house ruling)"):
            table += value
            steps.append(Step(label, f"{value:+d} -> table {table}", cite))

    mods = hdt["modifiers"]
    q = effective_quality(firer)
    add(f"crew quality {q}", mods[f"crew_quality_{q}"][gi], tables.source("hdt", f"modifiers.crew_quality_{q}"))
    if is_captured(firer):
        add("captured ship (prize crew)", mods["captured_ship"][gi], tables.source("hdt", "modifiers.captured_ship"))
    else:
        out = gunnery.crew_sections_out(firer)
        if out:
            add(f"crew sections lost or boarding: {out}", mods["crew_section_loss"][gi] * out,
                tables.source("hdt", "modifiers.crew_section_loss"))
    if not firer["initial_used"][act.side]:
        add(f"initial broadside ({act.side})", mods["initial_broadside"][gi],
            tables.source("hdt", "modifiers.initial_broadside"))
    if act.rake:
        add(f"rake ({act.rake})", mods["rake"][gi], tables.source("hdt", "modifiers.rake"))
    column = tables["ammunition"]["hdt_column"][shot] if AMMO in optional else ""
    if column:
        add(f"{WORD[shot]} ({column[-2:]})", hdt["optional_modifiers"][column][gi],
            tables.source("hdt", f"optional_modifiers.{column}"), shown=True)

    if anchored(firer, state["turn"]):
        add(f"anchored ({firer['anchor']})", hdt["optional_modifiers"]["anchor"][gi],
            tables.source("hdt", "optional_modifiers.anchor"), shown=True)
    if "wind" in optional and state.get("wind"):

        got = wsim1974_wind.hit_modifier(firer, state["wind"], tables)
        if got:
            add(got[1].step, got[0], got[1].source)
    raw = table
    top = len(tables["hit-tables"]["tables"]) - 1
    if shot == "grape":
        return None, steps, shot, raw
    if table < 0:
        steps.append(Step("below table 0", "automatic miss: no die is rolled", "1974 How to Fire 6(d)"))
        return None, steps, shot, raw
    if table > top:
        steps.append(Step(f"above table {top}", f"use table {top}", "1974 How to Fire 6(d)"))
        table = top
    return table, steps, shot, raw


def needs(got) -> DiceNeed:
    table = got[0]
    return DiceNeed(0 if table is None else 1, 6, ("hit table",) if table is not None else ())


def resolve(state: dict, act: gunnery.Fire, rolls: tuple[int, ...], tables, got) -> Resolution:
    """One broadside: the Effects Table die (none for grapeshot), chainshot's H and G as
    misses, the hits marked as in the Basic Game."""
    table, steps, shot, raw = got
    steps = list(steps)
    firer, target = state["ships"][act.firer], state["ships"][act.target]
    aim = act.aim or ("rigging" if act.range >= gunnery.limits(tables)["rigging_only_from"] else "hull")
    unused: tuple[int, ...] = ()
    if shot == "grape":
        aim = "crew"
        cap = tables["ammunition"]["grape_cap"]
        crew = min(max(raw, 0), cap)
        if rolls:
            raise BadInput(f"roll {','.join(map(str, rolls))}: grapeshot needs no die ({RULE} 4)")
        steps.append(Step("grapeshot: no die", f"modified BHT {raw} -> {crew} crew square(s)"
                          + (f" (held to Table {cap})" if raw > cap else ""), tables.source("ammunition")))
        result = f"{crew}C" if crew else "0"
    else:
        if not act.aim:
            steps.append(Step("aim", f"{aim} (not given; {'forced from six hexes' if aim == 'rigging' else 'default'})",
                              "1974 How to Fire 6(e)"))
        unused = gunnery.unused_dice(table, rolls, steps)
        result = "0"
        if table is not None:
            result = tables["hit-tables"]["tables"][str(table)][aim][rolls[0] - 1]
            steps.append(Step(f"hit table {table} ({aim}), die {rolls[0]}", result, tables.source("hit-tables")))
    hits = gunnery.parse_result(result)
    landing = dict(hits)
    if shot == "chain":
        missed = [k for k in tables["ammunition"]["chain_misses"] if landing[k]]
        if missed:
            steps.append(Step("chainshot", ", ".join(f"{landing[k]} {k}" for k in missed) + " count as misses",
                              f"{RULE} 2"))
            for k in missed:
                landing[k] = 0

    double_rigging(target, landing, tables, steps)
    fp = ["ships", act.firer]
    effects = [set_(fp + ["loaded", act.side], False), set_(fp + ["initial_used", act.side], True),
               set_(fp + ["fired_this_turn"], firer["fired_this_turn"] + [act.side])]
    if "shot" in firer:
        effects.append(set_(fp + ["shot", act.side], "round"))

    marks, mark_steps, landed = mark_hits(target, landing, act)
    effects += [set_(["ships", act.target] + list(k), v) for k, v in marks]
    steps += mark_steps
    data = {"firer": act.firer, "target": act.target, "hit_table": table, "rolls": [] if unused else list(rolls),
            "result": result, "aim": aim, "shot": shot, "hits": hits, "marked": landed}
    if unused:
        data["unused_rolls"] = list(unused)
    summary = f"{firer['name']} fires {act.side} broadside ({WORD[shot]}) at {target['name']}, {act.range} hex(es): " \
              f"{result}"
    return Resolution("fire", summary, effects, steps, data)
