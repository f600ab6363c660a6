"""Gunnery and damage, WS&IM 1981 Basic Game (Basic Game VIII)."""

from __future__ import annotations

import re

from umpire.core.values import Value
from umpire.core.dice import DiceNeed
from umpire.core.errors import BadInput, Refused
from umpire.core.state import Resolution, Step, set_
from umpire.rules.wsim.ship import SIDES, effective_quality, is_captured
from umpire.rules.wsim.reading import side_word
from umpire.rules.wsim import optional

TRACKS = ("hull", "guns", "crew", "rigging")
_HIT = r"^(\d*)([HGCR])$"


_LETTER = {"H": "hull", "G": "guns", "C": "crew", "R": "rigging"}


class Fire(Value):
    """One broadside fired, as the umpire reads it off the table: the firer's broadside (left |
    right), aimed at hull or rigging ("": hull below six hexes, rigging from six), a rake ("" | bow
    | stern), the target's broadside facing the firer (gun hits land there) and which gun squares
    the target gives up first."""

    __slots__ = ("firer", "target", "range", "side", "aim", "rake", "facing", "lose")
    firer: str
    target: str
    range: int
    side: str
    aim: str
    rake: str
    facing: str
    lose: str

    def __init__(self, firer: str, target: str, range: int, side: str, aim: str = "", rake: str = "",
                 facing: str = "", lose: str = "carronades") -> None:
        self._set(firer=firer, target=target, range=range, side=side, aim=aim, rake=rake, facing=facing, lose=lose)


def fire_from_opts(firer: str, target: str, opts: dict, kind: type = Fire, *extra: str) -> Fire:
    """The broadside the command line describes (range, side, aim, rake, facing, lose), as `kind`
    with any `extra` fields after those; a range that is not whole hexes or an aim that is neither
    hull nor rigging is bad input."""
    try:
        rng = int(opts["range"])
    except ValueError:
        raise BadInput(f"range {opts['range']!r}: WS&IM ranges are whole hexes") from None
    aim = (opts.get("aim") or "").lower()
    if aim not in ("", "hull", "rigging"):
        raise BadInput(f"aim {aim!r}: WS&IM fire is aimed at hull or rigging")
    return kind(firer, target, rng, side_word(opts["side"]), aim, opts.get("rake") or "",
                side_word(opts["facing"]) if opts.get("facing") else "", opts.get("lose") or "carronades", *extra)


def band_index(bands: list[list[int]], value: int) -> int:
    """Index of the band holding `value`; values above the last band use the last."""
    for i, (lo, hi) in enumerate(bands):
        if lo <= value <= hi:
            return i
    if value > bands[-1][1]:
        return len(bands) - 1
    raise BadInput(f"value {value} is below the first band {bands[0]}")


def parse_result(text: str) -> dict[str, int]:
    """'2H-R-G' -> {'hull': 2, 'rigging': 1, 'guns': 1, 'crew': 0}; '0' is no effect."""
    hits = dict.fromkeys(TRACKS, 0)
    if text.strip() == "0":
        return hits
    for part in text.split("-"):
        m = re.compile(_HIT).match(part.strip())
        if not m:
            raise BadInput(f"hit table entry {text!r}: cannot read {part!r}")
        hits[_LETTER[m.group(2)]] += int(m.group(1) or 1)
    return hits


def limits(tables) -> dict:
    """Ranges the rules give in prose: maximum, carronades, rigging-only (procedures.toml)."""
    return tables["procedures"]["gunnery"]


def carronades_fire(firer: dict, act, tables) -> bool:
    """Carronade squares count in this broadside: within their range and she has some on that
    side (Basic VIII.A.9, VIII.B.2), as the turn's firing basis has them."""
    basis = (firer.get("at_turn_start") or {}).get("carronades_left", firer["carronades_left"])
    return act.range <= limits(tables)["carronade_range"] and basis.get(act.side, 0) > 0


def check_fire(state: dict, act: Fire, tables) -> None:
    """Refuse a broadside the rules do not allow (exit 1) or that is mistyped (exit 2)."""
    lim = limits(tables)
    ships = state["ships"]
    firer, target = ships[act.firer], ships[act.target]
    if act.firer == act.target:
        raise BadInput(f"{firer['name']} cannot fire at itself")
    if act.range < 1:
        raise BadInput(f"range {act.range}: ranges are counted in hexes from 1")
    if act.range > lim["max_range"]:
        raise Refused(f"range {act.range} is out of range: broadsides reach {lim['max_range']} hexes at most")
    basis = firer["at_turn_start"]   # fire is simultaneous: a ship struck this phase still fires (VIII.A.7)
    if basis.get("struck", firer.get("struck")):
        raise Refused(f"{firer['name']} has struck her colours and cannot work her guns")
    if basis.get("state", firer["state"]) == "surrendered":
        raise Refused(f"{firer['name']} has surrendered and may not fire")
    if target.get("struck"):
        raise Refused(f"{target['name']} has struck: no one may fire on a struck ship")
    if target["state"] == "surrendered":
        raise Refused(f"{target['name']} has surrendered: she blocks the field of fire and may not be fired on")
    if target["controller"] == firer["controller"]:
        raise Refused(f"{target['name']} is friendly to {firer['name']}: a ship does not fire on her own side")
    if not firer["loaded"][act.side]:
        raise Refused(f"{firer['name']}'s {act.side} broadside is not loaded (load it with `umpire load`)")
    if firer.get("loaded_this_turn") == act.side:
        raise Refused(f"{firer['name']}'s {act.side} broadside was loaded in this turn's load phase; "
                      "she fires it next turn (Basic X.B)")
    if act.aim == "hull" and act.range >= lim["rigging_only_from"]:
        raise Refused(f"at {act.range} hexes fire must be aimed at the rigging (six hexes or more)")
    if act.aim == "rigging" and act.target in firer["fouled"] + firer["grappled"]:
        raise Refused(f"{firer['name']} is fouled or grappled with {target['name']}: no fire at her rigging")
    if not _crew_sections_available(firer):
        raise Refused(f"{firer['name']} has no crew section free to work the guns")
    if guns_firing(firer, act, tables) == 0:
        raise Refused(f"{firer['name']}'s {act.side} broadside has no gun squares that can fire "
                      f"at {act.range} hexes (carronades reach {lim['carronade_range']})")


def _crew_sections_available(ship: dict) -> bool:
    basis = ship["at_turn_start"]
    if is_captured(ship) or basis["prize"]["squares"] > 0:
        return True
    return any(c > 0 and i not in ship["parties"] for i, c in enumerate(basis["crew_left"]))


def guns_firing(firer: dict, act: Fire, tables) -> int:
    """Gun squares firing: undamaged guns, plus carronades at two hexes or less (VIII.B.2)."""
    basis = firer["at_turn_start"]
    n = basis["guns_left"][act.side]
    if act.range <= limits(tables)["carronade_range"]:
        n += basis["carronades_left"][act.side]
    return n


def crew_sections_out(ship: dict) -> int:
    """Complete crew sections wiped out or used for boarding (VIII.C.3)."""
    basis = ship["at_turn_start"]["crew_left"]
    return sum(1 for i, c in enumerate(basis) if c == 0 or i in ship["parties"])


def hit_table(state: dict, act: Fire, tables) -> tuple[int | None, list[Step]]:
    """Hit table number after modifiers, or None for an automatic miss (VIII.B.3-4, C)."""
    hdt = tables["hdt"]
    firer = state["ships"][act.firer]
    n = guns_firing(firer, act, tables)
    carronades = carronades_fire(firer, act, tables)
    gi = band_index(hdt["guns_bands"], n)
    ri = band_index(hdt["range_bands"], act.range)
    table = hdt["range"][gi][ri]
    lo, hi = hdt["guns_bands"][gi]
    band = f"{lo}+" if gi == len(hdt["guns_bands"]) - 1 else f"{lo}-{hi}"
    steps = [Step("guns firing", f"{n} ({act.side} broadside"
                  + (", carronades included" if carronades else "") + ")", "Basic VIII.B.2"),
             Step(f"HDT range table, guns {band}, range {act.range}", f"table {table}",
                  tables.source("hdt", "range"))]
    mods = hdt["modifiers"]
    q = effective_quality(firer)
    captured = is_captured(firer)

    def mod(label: str, key: str, times: int = 1) -> None:
        nonlocal table
        value = mods[key][gi] * times
        cite = tables.source("hdt", f"modifiers.{key}")
        if value or cite.endswith("(house ruling)"):   # a ruled modifier is shown even when it adds nothing
            table += value
            steps.append(Step(label, f"{value:+d} -> table {table}", cite))

    mod(f"crew quality {q}", f"crew_quality_{q}")
    if captured:
        mod("captured ship (prize crew; crew loss ignored)", "captured_ship")
    else:
        out = crew_sections_out(firer)
        if out:
            mod(f"crew sections lost or boarding: {out}", "crew_section_loss", out)
    if not firer["initial_used"][act.side]:
        mod(f"initial broadside ({act.side})", "initial_broadside")
    if act.rake:
        mod(f"rake ({act.rake})", "rake")
    if state.get("optional"):   # only the 1981 rulesets read a broadside here

        for label, value, cite in optional.hit_table_modifiers(state, firer, n, tables):   # Optional VIII.A
            table += value
            steps.append(Step(label, f"{value:+d} -> table {table}", cite))
    top = len(tables["hit-tables"]["tables"]) - 1
    if table < 0:
        steps.append(Step("below table 0", "automatic miss: no die is rolled and the broadside scores no hits",
                          "Basic VIII.B.4"))
        return None, steps
    if table > top:
        steps.append(Step(f"above table {top}", f"use table {top}", "Basic VIII.B.4"))
        table = top
    return table, steps


def fire_reading(state: dict, act: Fire, tables) -> tuple[int | None, list[Step]]:
    """Check the fire is allowed and read the hit table number with its working, once per action."""
    check_fire(state, act, tables)
    return hit_table(state, act, tables)


def fire_needs(state: dict, act: Fire, tables, reading: tuple[int | None, list[Step]] | None = None) -> DiceNeed:
    table, _ = reading or fire_reading(state, act, tables)
    return DiceNeed(0 if table is None else 1, 6, ("hit table",) if table is not None else ())


def resolve_fire(state: dict, act: Fire, rolls: tuple[int, ...], tables,
                 reading: tuple[int | None, list[Step]] | None = None) -> Resolution:
    """Resolve one broadside and mark its hits on the target (Basic VIII.B-D).
    `reading` is the checked hit table and working from `fire_reading`, when already made."""
    table, steps = reading or fire_reading(state, act, tables)
    steps = list(steps)
    firer, target = state["ships"][act.firer], state["ships"][act.target]
    aim = act.aim or ("rigging" if act.range >= limits(tables)["rigging_only_from"] else "hull")
    if not act.aim:
        steps.append(Step("aim", f"{aim} (not given; {'forced from six hexes' if aim == 'rigging' else 'default'})",
                          "Basic VIII.B.5"))
    result = "0"
    unused = unused_dice(table, rolls, steps)
    if table is not None:
        entry = tables["hit-tables"]["tables"][str(table)][aim]
        result = entry[rolls[0] - 1]
        steps.append(Step(f"hit table {table} ({aim}), die {rolls[0]}", result, tables.source("hit-tables")))
    hits = parse_result(result)
    fp = ["ships", act.firer]
    effects = [set_(fp + ["loaded", act.side], False), set_(fp + ["initial_used", act.side], True),
               set_(fp + ["fired_this_turn"], firer["fired_this_turn"] + [act.side])]
    marks, mark_steps, landed = mark_hits(target, hits, act)
    effects += [set_(["ships", act.target] + list(k), v) for k, v in marks]
    steps += mark_steps
    data = {"firer": act.firer, "target": act.target, "hit_table": table,
            "rolls": [] if unused else list(rolls), "result": result, "aim": aim, "hits": hits, "marked": landed}
    if unused:
        data["unused_rolls"] = list(unused)
    summary = f"{firer['name']} fires {act.side} broadside at {target['name']}, {act.range} hex(es): {result}"
    return Resolution("fire", summary, effects, steps, data)


def unused_dice(table: int | None, rolls: tuple[int, ...], steps: list[Step]) -> tuple[int, ...]:
    """A die typed for an automatic miss: accepted and noted, never read (Basic VIII.B.4)."""
    if table is not None or not rolls:
        return ()
    if len(rolls) > 1:
        raise BadInput(f"roll {','.join(map(str, rolls))}: a broadside takes one die at most, "
                       "and this one is an automatic miss (no die needed)")
    steps.append(Step(f"die {rolls[0]} typed", "die not needed: automatic miss", "Basic VIII.B.4"))
    return rolls


def mark_hits(target: dict, hits: dict[str, int], act: Fire) -> tuple[list[tuple[tuple, object]], list[Step], dict]:
    """Mark hits box by box (Basic VIII.D); returns (path, value) changes, working, what landed."""
    t = {k: (list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v) for k, v in target.items()}
    steps: list[Step] = []
    landed = dict.fromkeys(TRACKS, 0)
    extra_hull = _mark_guns(t, hits["guns"], act, steps, landed)
    _mark_hull(t, hits["hull"] + extra_hull, steps, landed)
    _mark_crew(t, hits["crew"], steps, landed)
    _mark_rigging(t, hits["rigging"], steps, landed)
    changes: list[tuple[tuple, object]] = []
    for key in ("hull_left", "crew_left", "guns_left", "carronades_left", "rigging_left", "prize", "state",
                "struck", "liable", "prize_losses"):
        if t.get(key) != target.get(key):
            changes.append(((key,), t[key]))
    return changes, steps, landed


def need_facing(t: dict, act: Fire, hits: str) -> None:
    """Gun hits land on the target's broadside facing the firer (Basic VIII.D.3.a): only a result
    with gun hits to place, and no rake, needs `--facing` (exit 2, nothing journalled)."""
    if not act.facing and not act.rake:
        raise BadInput(f"{hits} to place: say which broadside of {t['name']} faces the firer, "
                       "--facing left|right (gun hits are marked on that side)")


def _mark_guns(t: dict, n: int, act: Fire, steps: list[Step], landed: dict) -> int:
    if not n:
        return 0
    need_facing(t, act, f"{n} gun hit(s)")
    facing = act.facing
    if not facing:  # a rake: both sides equidistant, the target chooses (VIII.D.3.a)
        facing = max(SIDES, key=lambda s: t["guns_left"][s] + t["carronades_left"][s])
        steps.append(Step("rake: target's choice of side", f"{facing} (default: side with more squares left)",
                          "Basic VIII.D.3.a"))
    other = "right" if facing == "left" else "left"
    first, second = ("carronades_left", "guns_left") if act.lose == "carronades" else ("guns_left", "carronades_left")
    order = [(facing, first), (facing, second), (other, first), (other, second)]
    left = n
    for side, kind in order:
        take = min(left, t[kind][side])
        if take:
            t[kind][side] -= take
            left -= take
            landed["guns"] += take
            steps.append(Step(f"gun hits on {side} {kind[:-5]}", f"{take}", "Basic VIII.D.3.a"))
    if left:
        steps.append(Step("excess gun hits", f"{left} become hull hits", "Basic VIII.D.3.b"))
    if n and all(t["guns_left"][s] + t["carronades_left"][s] == 0 for s in SIDES) and "firepower" not in t["liable"]:
        t["liable"] = t["liable"] + ["firepower"]
        steps.append(Step("all gun squares gone", "liable to surrender by firepower (confirm with "
                          "`umpire surrender`)", "Basic VIII.D.3.b"))
    return left


def _mark_hull(t: dict, n: int, steps: list[Step], landed: dict) -> None:
    if not n:
        return
    take = min(n, t["hull_left"])
    t["hull_left"] -= take
    landed["hull"] += take
    steps.append(Step("hull hits", f"{take} marked, {t['hull_left']} left"
                      + (f"; {n - take} excess are misses" if n > take else ""), "Basic VIII.D.1"))
    if t["hull_left"] == 0 and not t["struck"]:
        t["struck"] = True
        t["state"] = "struck"
        steps.append(Step("last hull square gone", "she strikes her colours", "Basic VIII.D.1.b"))


def _mark_crew(t: dict, n: int, steps: list[Step], landed: dict) -> None:
    """Crew hits from the first section onward; with a prize crew aboard odd losses
    fall on the prize crew and even ones on the prisoners (Basic IX.D.11)."""
    if not n:
        return
    prize_loss, start = 0, landed["crew"]   # `landed` may hold this fire's earlier marks (a critical's double)
    before = t.get("prize_losses", 0)     # losses already taken this turn: odd and even count per phase
    for i in range(before + 1, before + n + 1):
        to_prize = t["prize"]["squares"] > 0 and (i % 2 == 1 or sum(t["crew_left"]) == 0)
        if to_prize:
            t["prize"]["squares"] -= 1
            prize_loss += 1
            landed["crew"] += 1
            continue
        for s, c in enumerate(t["crew_left"]):
            if c > 0:
                t["crew_left"][s] -= 1
                landed["crew"] += 1
                break
    if t["prize"]["squares"] or prize_loss:
        t["prize_losses"] = before + n
    marked = landed["crew"] - start
    left = n - marked
    steps.append(Step("crew hits", f"{marked} marked, sections now {t['crew_left']}"
                      + (f", prize crew lost {prize_loss}" if prize_loss else "")
                      + (f"; {left} excess are misses" if left else ""), "Basic VIII.D.2"))


def _mark_rigging(t: dict, n: int, steps: list[Step], landed: dict) -> None:
    if not n:
        return
    start = landed["rigging"]   # `landed` may hold this fire's earlier marks (a critical's lost section)
    for _ in range(n):
        for s, r in enumerate(t["rigging_left"]):
            if r > 0:
                t["rigging_left"][s] -= 1
                landed["rigging"] += 1
                break
    marked = landed["rigging"] - start
    left = n - marked
    steps.append(Step("rigging hits", f"{marked} marked, sections now {t['rigging_left']}"
                      + (f"; {left} excess are misses" if left else ""), "Basic VIII.D.4"))
    if sum(t["rigging_left"]) == 0 and "immobility" not in t["liable"]:
        t["liable"] = t["liable"] + ["immobility"]
        steps.append(Step("all rigging gone", "liable to surrender by immobility (confirm with `umpire surrender`)",
                          "Basic VIII.D.4.b"))
