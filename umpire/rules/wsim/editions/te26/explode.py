"""Tournament Edition 2.6, an exploding ship (Advanced 24.3.2.3).

* An adjacent ship takes a shot on the rigging effects section of the Hit Table numbered double
  the exploding ship's one hex rake number, no higher than Table 10, with no other modifier; the
  exploding ship's initial guns (guns and carronades of a full broadside, losses not counted)
  choose the HDT row (24.3.2.3.1). A 6 on that die is a critical hit, as from roundshot.
* A ship two hexes away is hit by falling debris on a 6; then it takes a shot on the rigging
  effects section of the Hit Table of the exploding ship's two hex broadside, not a rake, with no
  modifier (24.3.2.3.2).

Dice, ship by ship in the order the `--near` ships are given: adjacent, the hit die then (on a
6) two critical hit dice; two hexes, the debris die then (on a 6) the hit die.
"""

from __future__ import annotations

from umpire.core.dice import DiceNeed
from umpire.core.errors import BadInput, Refused
from umpire.core.state import Resolution, Step, set_
from umpire.rules.wsim import gunnery
from umpire.rules.wsim.editions.te26.fire import FireTables

GONE = ("sunk", "exploded")


def _near(state: dict, ship_id: str, near: dict) -> list[tuple[str, int]]:
    if not near:
        raise BadInput("explode: name the ships within two hexes, --near SHIP=HEXES (1 adjacent, 2 two hexes "
                       "away); a ship farther off takes no damage (TE 2.6 24.3.2.3)")
    out = []
    for sid, dist in near.items():
        if sid == ship_id:
            raise BadInput(f"explode --near {sid}: the exploding ship herself")
        if sid not in state["ships"]:
            raise BadInput(f"explode --near: no ship {sid!r}")
        if dist not in (1, 2, 1.0, 2.0):
            raise BadInput(f"explode --near {sid}={dist:g}: give 1 (adjacent) or 2 (two hexes away); an exploding "
                           "ship damages ships within two hexes only (TE 2.6 24.3.2.3)")
        out.append((sid, int(dist)))
    return out


def plan_need(state: dict, ship_id: str, near: dict, tables) -> DiceNeed:
    ship = state["ships"][ship_id]
    if ship["state"] in GONE:
        raise Refused(f"{ship['name']} has already {ship['state']}")
    ships = _near(state, ship_id, near)
    view = FireTables(tables)
    view["hdt"], view["hit-tables"]          # refused here, before any die, without the pack's tables
    labels: list[str] = []
    for sid, dist in ships:
        if dist == 1:
            tables["hdt-rake"]
            labels += [f"{sid}: hit die", f"{sid}: critical hit die", f"{sid}: critical hit die"]
        else:
            labels += [f"{sid}: debris die", f"{sid}: hit die"]
    if any(d == 1 for _, d in ships):
        tables["critical-hits"]
    return DiceNeed(len(labels), 6, tuple(labels))


def resolve(state: dict, ship_id: str, near: dict, rolls: tuple[int, ...], strict: bool, tables) -> Resolution:
    ship = state["ships"][ship_id]
    view = FireTables(tables)
    hdt = view["hdt"]
    top = tables["procedures"]["advanced_fire"]["top_table"]
    guns = ship["guns_max"] + ship["carronades_max"]
    gi = gunnery.band_index(hdt["guns_bands"], guns)
    steps = [Step("the exploding ship's initial guns", f"{guns} ({ship['guns_max']} guns, {ship['carronades_max']} "
                  "carronades a broadside; losses not counted)", "TE 2.6 24.3.2.3.1")]
    effects: list[dict] = [set_(["ships", ship_id, "state"], "exploded"), set_(["ships", ship_id, "struck"], True)]
    dice = list(rolls)
    used: list[int] = []

    def die(label: str) -> int:
        if not dice:
            raise BadInput(f"explode needs another die ({label}): per --near ship in order, adjacent: the hit die "
                           "and two dice on a 6; two hexes: the debris die and the hit die on a 6")
        used.append(dice.pop(0))
        return used[-1]

    shots = []
    for sid, dist in _near(state, ship_id, near):
        target = state["ships"][sid]
        mine: list[int] = []
        shot = {"target": sid, "hexes": dist, "hit_table": None, "rolls": mine, "result": "0",
                "hits": dict.fromkeys(gunnery.TRACKS, 0), "critical_hits": []}
        if dist == 1:
            rake = tables["hdt-rake"]
            number = rake["cells"][gi][gunnery.band_index(hdt["range_bands"], 1)]
            table = min(2 * number, top)
            steps.append(Step(f"{target['name']}, adjacent: one hex rake number {number}, doubled",
                              f"{2 * number} -> table {table}" + (f" (no higher than {top})" if 2 * number > top else ""),
                              f"{rake['source']}; TE 2.6 24.3.2.3.1"))
        else:
            d = die(f"{sid}: debris die")
            mine.append(d)
            hit = d == 6
            steps.append(Step(f"{target['name']}, two hexes: debris die {d}", "hit" if hit else "no damage",
                              "TE 2.6 24.3.2.3.2"))
            if not hit:
                shots.append(shot)
                continue
            table = min(hdt["range"][gi][gunnery.band_index(hdt["range_bands"], 2)], top)
            steps.append(Step(f"{target['name']}: the two hex broadside, {guns} guns, not a rake", f"table {table}",
                              f"{tables['hdt']['source']}; TE 2.6 24.3.2.3.2"))
        if table < 0:
            steps.append(Step(f"{target['name']}: below table 0", "no damage", "TE 2.6 11.2.4"))
            shots.append(shot)
            continue
        d = die(f"{sid}: hit die")
        mine.append(d)
        entry = tables["hit-tables"]["cells"][d - 1][tables["hit-tables"]["columns"].index(f"rigging {table}")]
        normal = entry.split("(")[0].strip()
        steps.append(Step(f"{target['name']}: hit table {table} (rigging effects), die {d}", entry,
                          tables["hit-tables"]["source"]))
        hits = gunnery.parse_result(normal)
        shot.update(hit_table=table, result=normal, hits=hits)
        if dist == 1 and d == 6:
            a, b = die(f"{sid}: critical hit die"), die(f"{sid}: critical hit die")
            mine += [a, b]
            crit = tables["critical-hits"]
            text = crit["cells"][a + b - 2][crit["columns"].index("rigging")]
            shot["critical_hits"].append({"rolls": [a, b], "total": a + b, "column": "rigging", "result": text})
            steps.append(Step(f"{target['name']}: a 6, critical hit (rigging), dice {a} + {b} = {a + b}", text,
                              f"{crit['source']}; TE 2.6 24.3.2.3.1"))
        facing = max(("left", "right"), key=lambda s: target["guns_left"][s] + target["carronades_left"][s])
        if hits["guns"]:
            steps.append(Step(f"{target['name']}: gun hits", f"on her {facing} side (more squares left)",
                              "docs/rulings.md, TE 2.6 24.3.2.3"))
        act = gunnery.Fire(ship_id, sid, dist, "left", "rigging", "", facing)
        marks, mark_steps, _ = gunnery.mark_hits(target, hits, act)
        effects += [set_(["ships", sid] + list(k), v) for k, v in marks]
        steps += [Step(f"{target['name']}: {s.step}", s.value, s.source) for s in mark_steps]
        shots.append(shot)
    if strict and dice:
        raise BadInput(f"explode used {len(used)} dice ({', '.join(map(str, used)) or 'none'}); got {len(rolls)}")
    summary = f"{ship['name']} explodes: " + ", ".join(
        f"{state['ships'][s['target']]['name']} {s['result']}" for s in shots)
    return Resolution("explode", summary, effects, steps, {"ship": ship_id, "shots": shots, "rolls": used})
