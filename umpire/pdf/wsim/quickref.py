"""The WS&IM quick-reference tables laid out as the rule book prints them (1981 Basic and Advanced
Game Tables; the 1974 and Tournament editions read the same tables through their layers): the Hit
Determination Table with its range and modifier columns, the hit tables by die roll, the Critical
Hit Table, the melee tables, the fouling and grappling tables, the movement charts, the Ammunition
Range and Destroyed Hull tables."""

from __future__ import annotations

from typing import Mapping, Sequence

from umpire.pdf.tables import (Block, Cell, Ctx, Head, Row, band, label, rolls, signed_number, title_case,
                               words)

#: modifier keys of the HDT -> (group heading, column heading), in the rule book's words
MODIFIERS = {
    "stern_rake": ("", "Stern Rake"),
    "crew_quality_EL": ("Crew Quality", "EL"),
    "crew_quality_CR": ("Crew Quality", "CR"),
    "crew_quality_AV": ("Crew Quality", "AV"),
    "crew_quality_GR": ("Crew Quality", "GR"),
    "crew_quality_PR": ("Crew Quality", "PR"),
    "crew_section_loss": ("", "Crew Section Loss"),
    "initial_broadside": ("", "Initial Bdside"),
    "rake": ("", "Rake"),
    "captured_ship": ("", "Cap Ship"),
    "ammo_GP": ("Ammunition", "GP"),
    "ammo_CH": ("Ammunition", "CH"),
    "ammo_DS": ("Ammunition", "DS"),
    "ammo_RS": ("Ammunition", "RS"),
    "anchor": ("", "All types of anchor"),
}
QUALITY = {"EL": "Elite", "CR": "Crack", "AV": "Average", "GR": "Green", "PR": "Poor"}
SHOT = {"carronade": "Carronade", "round": "Ball shot", "chain": "Chain shot", "grape": "Grape shot",
        "double": "Double shot"}


def hdt(doc: Mapping, ctx: Ctx) -> Sequence[Block]:
    """Hit Determination Table: guns firing down the side, range in hexes, then the hit table
    modifiers (and the optional modifiers when the game plays optional rules) for each band."""
    source = str(doc.get("source", ""))
    guns, ranges = doc.get("guns_bands", []), doc.get("range_bands", [])
    rake = doc.get("rake_range")
    rows = []
    for i, g in enumerate(guns):
        cells = []
        for j in range(len(ranges)):
            text = signed_plain(doc["range"][i][j])
            if rake:
                text += f"({signed_plain(rake[i][j])})"
            cells.append(Cell(text, ctx.ruled("range", i) or (bool(rake) and ctx.ruled("rake_range", i))))
        rows.append(Row(band(g), tuple(cells)))
    range_block = Block("Hit Determination Table (HDT)", source, tuple(rows), corner="Guns Firing",
                        heads=((Head("Range in hexes", len(ranges)),), tuple(Head(band(r)) for r in ranges)),
                        notes=(("A number in brackets is read when the ship rakes.",) if rake else ()))
    blocks = [range_block]
    for key, title in (("modifiers", "HDT: Hit table modifiers"), ("optional_modifiers", "HDT: Optional modifiers")):
        table = doc.get(key)
        if not table or (key.startswith("optional") and not ctx.options):
            continue
        blocks.append(_modifiers(table, guns, ctx, key, title, source))
    return tuple(blocks)


def _modifiers(table: Mapping, guns: Sequence, ctx: Ctx, key: str, title: str, source: str) -> Block:
    names = list(table)
    groups: list[Head] = []
    for name in names:
        group = MODIFIERS.get(name, ("", title_case(name)))[0]
        if groups and group and groups[-1].text == group:
            groups[-1] = Head(group, groups[-1].span + 1)
        else:
            groups.append(Head(group))
    columns = tuple(Head(MODIFIERS.get(n, ("", title_case(n)))[1]) for n in names)
    rows = tuple(Row(band(g), tuple(Cell(signed_number(table[n][i]), ctx.ruled(key, n)) for n in names))
                 for i, g in enumerate(guns))
    heads = (tuple(groups), columns) if any(h.text for h in groups) else (columns,)
    return Block(title, source, rows, corner="Guns Firing", heads=heads)


def signed_plain(value: int) -> str:
    return words(value)


def hit_tables(doc: Mapping, ctx: Ctx) -> Sequence[Block]:
    """Hit tables: one row per table and aspect, the result of each die roll across."""
    tables = doc.get("tables", {})
    rows = []
    for number in sorted(tables, key=int):
        for k, aspect in enumerate(("hull", "rigging")):
            results = tables[number].get(aspect)
            if results is None:
                continue
            cells = (Cell(title_case(aspect)),) + tuple(ctx.cell(r, "tables", number, aspect) for r in results)
            rows.append(Row(f"Hit Table {number}" if k == 0 else "", cells, rule_above=k == 0 and bool(rows)))
    starred = any("*" in c.text for r in rows for c in r.cells)
    notes = ["H hull, G gun, C crew, R rigging; 0 no effect."]
    if starred:
        notes.append("* a critical hit is possible: roll again and read the Critical Hit Table.")
    return (Block("Hit tables", str(doc.get("source", "")), tuple(rows), corner="Hit table",
                  heads=((Head(""), Head("Die roll", 6)), (Head("Aspect"),) + tuple(Head(str(d)) for d in range(1, 7))),
                  notes=tuple(notes)),)


def critical_hits(doc: Mapping, ctx: Ctx) -> Sequence[Block]:
    """Critical Hit Table: die plus hit table number down the side, rigging (R) and hull (H)."""
    keys = sorted(set(doc.get("rigging", {})) | set(doc.get("hull", {})), key=int)
    rows = tuple(Row(k, tuple(_critical(doc.get(aspect, {}).get(k), ctx, aspect, k) for aspect in ("rigging", "hull")))
                 for k in keys)
    return (Block("Critical Hit Table", str(doc.get("source", "")), rows, corner="Roll",
                  heads=((Head("R: Rigging"), Head("H: Hull")),),
                  notes=("Roll one die and add the hit table number after a 6 on any hit table; read the aspect "
                         "fired at. Results apply after all other damage and are cumulative.",)),)


def _critical(entry: Mapping | None, ctx: Ctx, aspect: str, key: str) -> Cell:
    if not entry or entry.get("effect") == "none":
        return Cell("No Effect", ctx.ruled(aspect, key))
    says = entry.get("says") or label(entry.get("effect", ""))
    return Cell(says[:1].upper() + says[1:], ctx.ruled(aspect, key))


def melee(doc: Mapping, ctx: Ctx) -> Sequence[Block]:
    """Crew melee strength table and the Melee resolution table (by total melee strength)."""
    blocks = []
    strength = doc.get("crew_strength")
    if strength:
        rows = tuple(Row(f"{QUALITY.get(q, q)} crew square", (ctx.cell(v, "crew_strength", q),)) for q, v in strength.items())
        blocks.append(Block("Crew melee strength table", str(doc.get("source", "")), rows, corner="Crew quality",
                            heads=((Head("Strength points"),),)))
    res = doc.get("resolution")
    if res:
        rows = tuple(Row(band(d), tuple(Cell(words(v), ctx.ruled("resolution", "losses", i)) for v in line))
                     for i, (d, line) in enumerate(zip(res["die_bands"], res["losses"])))
        blocks.append(Block("Melee resolution table", "", rows, corner="Die",
                            heads=((Head("Total melee strength", len(res["tms_bands"])),),
                                   tuple(Head(band(b)) for b in res["tms_bands"])),
                            notes=("Crew squares the enemy boarding party loses.",)))
    return tuple(blocks)


def movement(doc: Mapping, ctx: Ctx) -> Sequence[Block]:
    """Movement charts: hexes by sail set and the ship's attitude to the wind."""
    rows, letters = [], sorted({a for part in ("battle_sail", "full_sail") for v in doc.get(part, {}).values() for a in v})
    for part, name in (("battle_sail", "Battle sail"), ("full_sail", "Full sail")):
        for speed, hexes in doc.get(part, {}).items():
            rows.append(Row(f"{name} {speed}", tuple(ctx.cell(hexes.get(a, ""), part, speed, a) for a in letters)))
    notes = []
    by_rel = doc.get("attitude_by_relative_direction")
    if by_rel:
        notes.append("Attitude by the ship's heading against the direction the wind blows toward (hex sides "
                     "turned): " + ", ".join(f"{k} {v}" for k, v in sorted(by_rel.items())) + ".")
    return (Block("Movement charts", str(doc.get("source", "")), tuple(rows), corner="Sail set and speed",
                  heads=((Head("Attitude to the wind", len(letters)),), tuple(Head(a) for a in letters)),
                  notes=tuple(notes)),)


RESULTS = {
    "fouling": ("Fouling table", "Ships are fouled", "Ships are not fouled"),
    "unfouling": ("Unfouling table", "Ships are unfouled", "Ships are not unfouled"),
    "grappling": ("Grappling table", "Grappling succeeds", "Attempt fails"),
    "ungrappling": ("Ungrappling table", "Ungrappling succeeds", "Attempt fails"),
}


def die_results(doc: Mapping, ctx: Ctx) -> Sequence[Block]:
    """A one-die table of success and failure (fouling, unfouling, grappling, ungrappling)."""
    title, yes, no = RESULTS[ctx.name]
    hits = [int(v) for v in doc.get("success_rolls", [])]
    misses = [d for d in range(1, 7) if d not in hits]
    ruled = ctx.ruled("success_rolls")
    rows = [Row(rolls(hits), (Cell(yes, ruled),))]
    if misses:
        rows.append(Row(rolls(misses), (Cell(no, ruled),)))
    notes = []
    mods = doc.get("motionless_modifier")
    if mods:
        notes.append(f"One ship motionless in the movement phase: {signed_number(mods.get('one', 0))} on the die; "
                     f"both motionless: {signed_number(mods.get('both', 0))}.")
    return (Block(title, str(doc.get("source", "")), tuple(rows), corner="Die", heads=((Head("Results"),),),
                  notes=tuple(notes)),)


def ammunition(doc: Mapping, ctx: Ctx) -> Sequence[Block]:
    """Ammunition Range Table: the longest range of each weapon and shot, and its turns of loading."""
    ranges, loads = doc.get("max_range", {}), doc.get("load_turns", {})
    rows = tuple(Row(SHOT.get(k, title_case(k)), (ctx.cell(v, "max_range", k),
                                                  ctx.cell(loads[k], "load_turns", k) if k in loads else Cell("")))
                 for k, v in ranges.items())
    return (Block("Ammunition Range Table", str(doc.get("source", "")), rows, corner="Weapon/ammo",
                  heads=((Head("Max range"), Head("Turns to load")),)),)


def destroyed_hull(doc: Mapping, ctx: Ctx) -> Sequence[Block]:
    """Destroyed Hull Table: one die."""
    results = doc.get("results", [])
    rows, start = [], 0
    for i in range(1, len(results) + 1):
        if i == len(results) or results[i] != results[start]:
            rows.append(Row(rolls(range(start + 1, i + 1)), (Cell(title_case(results[start]), ctx.ruled("results")),)))
            start = i
    later = doc.get("later_roll")
    notes = (f"A ship that may sink or explode does so when a later roll is {later}.",) if later else ()
    return (Block("Destroyed Hull Table", str(doc.get("source", "")), tuple(rows), corner="Die",
                  heads=((Head("Results"),),), notes=notes),)


SHAPERS = {
    "hdt": hdt,
    "hit-tables": hit_tables,
    "critical-hits": critical_hits,
    "melee": melee,
    "movement": movement,
    "fouling": die_results,
    "unfouling": die_results,
    "grappling": die_results,
    "ungrappling": die_results,
    "ammunition": ammunition,
    "destroyed-hull": destroyed_hull,
}
