"""The Don't Give Up The Ship! quick-reference tables laid out as the rules give them (Basic Rules
VII-IX): the range bands and the fire table by range and aim, the fire multipliers, the morale
table, grappling, boarding odds and the melee results, and the danger of sinking. Values the text
leaves out are left blank, never filled in."""

from __future__ import annotations

from typing import Mapping, Sequence

from umpire.pdf.tables import Block, Cell, Ctx, Head, Row, fraction_text, number, rolls, title_case, words

AIMS = (("high", "High"), ("low", "Low"))
MORALE = {"flushed": "Flushed with victory", "normal": "Normal", "shaken": "Shaken", "disorder": "In disorder",
          "routed": "Routed", "surrendered": "Surrenders"}


def inches(value: object) -> str:
    return f"{number(float(value))}\u2033" if isinstance(value, (int, float)) else words(value)


def fire(doc: Mapping, ctx: Ctx) -> Sequence[Block]:
    """Range bands, the fire table (a die for each fire factor, by range and aim) and the
    multipliers."""
    source = str(doc.get("source", ""))
    blocks = []
    bands = doc.get("bands", {}).get("max_inches", {})
    table = doc.get("table", {})
    rows = []
    for band, limit in bands.items():
        aims = table.get(band, {})
        for k, (aim, name) in enumerate(AIMS):
            if aim not in aims:
                continue
            first = k == 0 or "high" not in aims
            rows.append(Row(f"{band}  up to {inches(limit)}" if first else "",
                            (Cell(name),) + tuple(ctx.cell(r, "table", band, aim) for r in aims[aim]),
                            rule_above=first and bool(rows)))
    notes = ["H hit high, L hit low, H/2 and L/2 hit at half value, \u2013 a miss."]
    always = table.get("always_high")
    if always:
        notes.append(f"Fire at {', '.join(always)} range is always aimed high.")
    anchored = doc.get("anchored", {}).get("range_multiplier")
    if anchored:
        notes.append(f"Anchored ships, floating batteries and land guns: ranges times {fraction_text(str(anchored))}.")
    blocks.append(Block("Fire table", source, tuple(rows), corner="Range",
                        heads=((Head(""), Head("Die roll", 6)), (Head("Aim"),) + tuple(Head(str(d)) for d in range(1, 7))),
                        notes=tuple(notes)))
    mult = doc.get("multipliers", {})
    if mult:
        mrows = []
        if "opening_broadside" in mult:
            mrows.append(Row("Opening broadside", (ctx.cell(mult["opening_broadside"], "multipliers", "opening_broadside"),)))
        if "rake" in mult:
            where = ", ".join(mult.get("rake_bands", []))
            mrows.append(Row("Raking fire" + (f" (at {where} range)" if where else ""),
                             (ctx.cell(mult["rake"], "multipliers", "rake"),)))
        blocks.append(Block("Fire multipliers", str(mult.get("source", "")), tuple(mrows), corner="Fire",
                            heads=((Head("Multiplier"),),)))
    return tuple(blocks)


def morale(doc: Mapping, ctx: Ctx) -> Sequence[Block]:
    """The morale table: turns at each step and what it multiplies fire and melee by."""
    states = doc.get("states", {})
    order = doc.get("ladder", {}).get("order", list(states))
    rows = tuple(Row(MORALE.get(s, title_case(s)), tuple(ctx.cell(states.get(s, {}).get(k, ""), "states", s, k)
                                                         for k in ("turns", "fire", "melee")))
                 for s in order)
    checks = doc.get("checks", {})
    notes = []
    if checks:
        notes.append(f"Roll {checks.get('dice', 2)} dice against the saving throw each turn a mast is lost and for "
                     "every tenth of the Crew Factors lost to enemy fire; a failed roll drops the crew one step.")
    notes.append("A blank cell is a value the rule text does not give.")
    return (Block("Morale table", str(doc.get("source", "")), rows, corner="Crew",
                  heads=((Head("Turns"), Head("Multiply fire by"), Head("Multiply melee value by")),),
                  notes=tuple(notes)),)


def boarding(doc: Mapping, ctx: Ctx) -> Sequence[Block]:
    """Grappling, the boarding odds (the chance of a melee and the dice each side rolls) and the
    melee results by difference of spots."""
    blocks = []
    g = doc.get("grapple", {})
    if g:
        rows = []
        if "max_inches" in g:
            rows.append(Row("Ships within", (ctx.cell(inches(g["max_inches"]), "grapple", "max_inches"),)))
        for key, name in (("succeeds_on", "Grapple holds on"), ("opposite_succeeds_on",
                          "Heading in opposite directions: holds on"), ("cut_on", "Cutting the grapple after a tie")):
            if key in g:
                rows.append(Row(name, (Cell(rolls(g[key]), ctx.ruled("grapple", key)),)))
        blocks.append(Block("Grappling", str(g.get("source", "")), tuple(rows), corner="One die",
                            heads=((Head("Roll"),),),
                            notes=("Ships touching, or a stopped ship, grapple without a roll.",)))
    steps = doc.get("odds", {}).get("steps", [])
    chance, dice = doc.get("chance", {}), doc.get("dice", {})
    if steps:
        rows = []
        for step in steps:
            name = str(step.get("label", ""))
            c, d = chance.get(name, {}), dice.get(name, {})
            rows.append(Row(name, (
                Cell(rolls(c.get("melee_on", [])) if c else "", ctx.ruled("chance", name, "melee_on")),
                Cell(rolls(c.get("reroll_on", [])) if c.get("reroll_on") else "", ctx.ruled("chance", name, "reroll_on")),
                ctx.cell(d.get("superior", ""), "dice", name, "superior"),
                ctx.cell(d.get("inferior", ""), "dice", name, "inferior"))))
        notes = []
        every = doc.get("bonus", {}).get("pip_every_ratio")
        if every:
            notes.append(f"At {every}:1 and above the side with the odds adds one spot to its die for every {every} of "
                         "the ratio.")
        blocks.append(Block("Boarding odds", str(doc.get("odds", {}).get("source", "")), tuple(rows), corner="Odds",
                            heads=((Head("Melee results on", 1), Head("Roll over on", 1), Head("Dice rolled", 2)),
                                   (Head(""), Head(""), Head("Superior"), Head("Inferior"))),
                            notes=tuple(notes)))
    results = doc.get("results", {})
    diffs = sorted((k for k in results if k.isdigit()), key=int)
    if diffs:
        rows = [Row(f"{k} spot" + ("" if k == "1" else "s"), (Cell(_melee_result(results[k]), ctx.ruled("results", k)),))
                for k in diffs]
        if "surrender_at" in results:
            rows.append(Row(f"{results['surrender_at']} spots", (Cell("Loser surrenders, winner takes the vessel",
                                                                       ctx.ruled("results", "surrender_at")),)))
        notes = (f"Melees end by turn {results['max_melee_turns']}: on that turn roll again until a result.",) \
            if "max_melee_turns" in results else ()
        blocks.append(Block("Melee results", str(results.get("source", "")), tuple(rows),
                            corner="Difference in spots", heads=((Head("Effect"),),), notes=notes))
    return tuple(blocks)


def _melee_result(r: Mapping) -> str:
    steps, areas = int(r.get("morale_steps", 0)), int(r.get("areas", 0))
    parts = []
    if steps:
        parts.append(f"loser drops {steps} morale step" + ("" if steps == 1 else "s"))
    if areas:
        parts.append(f"winner advances {areas} area" + ("" if areas == 1 else "s"))
    if not parts:
        third = r.get("third_turn_areas")
        parts.append("melee continues" + (f"; on the third turn the winner advances {third} area" if third else ""))
    text = ", ".join(parts)
    return text[:1].upper() + text[1:]


def sinking(doc: Mapping, ctx: Ctx) -> Sequence[Block]:
    """Damage causing sinking: low damage as a share of tonnage, the Crew Factors that must man the
    pumps, and the turns before she sinks if they do not."""
    bands = doc.get("bands", {})
    keys = sorted((k for k in bands if k.isdigit()), key=int)
    certain = doc.get("certain", {})
    rows = []
    for i, k in enumerate(keys):
        top = int(keys[i + 1]) - 1 if i + 1 < len(keys) else int(certain.get("percent", 100)) - 1
        b = bands[k]
        rows.append(Row(f"{k}\u2013{top}%", (Cell(f"{fraction_text(str(b.get('pumps_per_class', '')))} \u00d7 class",
                                                   ctx.ruled("bands", k, "pumps_per_class")),
                                              ctx.cell(b.get("sink_turns", ""), "bands", k, "sink_turns"))))
    if certain:
        rows.append(Row(f"{certain.get('percent', 100)}%", (Cell("none can save her"),
                                                            ctx.cell(certain.get("sink_turns", ""), "certain", "sink_turns"))))
    return (Block("Damage causing sinking", str(doc.get("source", "")), tuple(rows), corner="Damage low (of tonnage)",
                  heads=((Head("CF at the pumps"), Head("Sinks in (turns)")),)),)


POINTS_OF_SAIL = {"close-hauled": "Close hauled", "broad-reach": "Broad reaching", "quartering": "Quarter reaching",
                  "running": "Running"}
COLLISION = {"first-veers": "First ship veers", "entangled": "Entangling collision", "glancing": "Glancing collision",
             "other-veers": "Other ship veers"}


def speed(doc: Mapping, ctx: Ctx) -> Sequence[Block]:
    """Movement: base speed by class and wind force (what the text keeps of it), the point of sail,
    what losses aloft and turning take off, the sailing classes and the collision table."""
    blocks = []
    base = {k: v for k, v in doc.get("base_speed", {}).items() if k != "source"}
    forces = sorted({f for row in base.values() for f in row}, key=int)
    if base:
        rows = tuple(Row(f"Class {_roman(c)}", tuple(Cell(inches(row[f]) if f in row else "",
                                                          ctx.ruled("base_speed", c, f)) for f in forces))
                     for c, row in base.items())
        blocks.append(Block("Base speed", str(doc["base_speed"].get("source", "")), rows, corner="Class",
                            heads=((Head("Wind force", len(forces)),), tuple(Head(f) for f in forces)),
                            notes=("The chart is lost from the text but for this entry: write the rest in.",)))
    sail = {k: v for k, v in doc.get("point_of_sail", {}).items() if k != "source"}
    if sail:
        rows = tuple(Row(POINTS_OF_SAIL.get(k, title_case(k)), (ctx.cell(v, "point_of_sail", k),)) for k, v in sail.items())
        blocks.append(Block("Point of sail", str(doc["point_of_sail"].get("source", "")), rows, corner="Sailing",
                            heads=((Head("Times base speed"),),)))
    rig = {k: v for k, v in doc.get("rigging", {}).items() if k != "source"}
    if rig:
        rows = [Row(f"Each {what} lost", tuple(ctx.cell(v.get(key, ""), "rigging", c, key) for c, v in rig.items()))
                for key, what in (("per_sail", "sail"), ("per_mast", "mast"))]
        blocks.append(Block("Speed lost aloft", str(doc["rigging"].get("source", "")), tuple(rows), corner="Loss",
                            heads=(tuple(Head(f"Class {_roman(c)}" if c.isdigit() else "Other classes") for c in rig),),
                            notes=_speed_notes(doc)))
    classes = {k: v for k, v in doc.get("sailing_class", {}).items() if k != "source"}
    if classes:
        rows = tuple(Row(k.upper(), (Cell(_signed(v), ctx.ruled("sailing_class", k)),)) for k, v in classes.items())
        blocks.append(Block("Sailing class", str(doc["sailing_class"].get("source", "")), rows, corner="Class",
                            heads=((Head("Speed"),),)))
    results = doc.get("collision", {}).get("results", [])
    if results:
        rows, start = [], 0
        for i in range(1, len(results) + 1):
            if i == len(results) or results[i] != results[start]:
                rows.append(Row(rolls(range(start + 1, i + 1)), (Cell(COLLISION.get(results[start], title_case(
                    results[start])), ctx.ruled("collision", "results")),)))
                start = i
        blocks.append(Block("Collision", str(doc["collision"].get("source", "")), tuple(rows), corner="Die",
                            heads=((Head("Result"),),)))
    return tuple(blocks)


def _speed_notes(doc: Mapping) -> tuple[str, ...]:
    out = []
    turn = doc.get("turning", {}).get("penalty")
    if turn is not None:
        out.append(f"Each turn costs a further {fraction_text(str(turn))} of speed.")
    head = doc.get("headway", {}).get("max_change")
    if head is not None:
        out.append(f"Headway gained or lost in a turn: at most {fraction_text(str(head))} of full speed.")
    jr = doc.get("jury_rig", {})
    if jr:
        out.append(f"Dismasted: {fraction_text(str(jr.get('per_step', '')))} of speed after every "
                   f"{jr.get('turns_per_step', '')} turns, up to {fraction_text(str(jr.get('maximum', '')))}.")
    fouled = doc.get("fouled_mast", {}).get("penalty")
    if fouled is not None:
        out.append(f"A fouled mast costs {fraction_text(str(fouled))} of speed until cleared.")
    jury = doc.get("jury_mast", {}).get("share")
    if jury is not None:
        out.append(f"A jury mast is worth {fraction_text(str(jury))} of the mast it replaces.")
    return tuple(out)


def _signed(value: object) -> str:
    text = fraction_text(str(value))
    return text if text.startswith(("-", "\u2212")) or text == "0" else f"+{text}"


def _roman(key: str) -> str:
    return {"1": "I", "2": "II", "3": "III", "4": "IV", "5": "V"}.get(str(key), str(key))


SHAPERS = {"fire": fire, "morale": morale, "boarding": boarding, "sinking": sinking, "speed": speed}
