"""Tournament Edition 2.6, musket fire (Advanced 24.7), on the pack's Musket Fire Table.

`musketry SHIP --at TARGET` in the Musket Fire Phase: one die, -1 for marines in an OBP that has
not boarded, -1 in a heavy breeze (Optional 40.3.1), cross-referenced with the marine squares on
the firing ship (24.7.4); "C" or "2C" crew squares lost on the target, "-L" two dice on the
Leader Casualty Table (24.7.5). Not in a gale or storm (24.7.2), not by marines engaged in melee
(24.7.1), once a turn. The marines are on the deck (19.8: where they begin the game); marines in
the rigging (+1, and 24.7.6's rigging fire) are not kept by the tool. Dice: the musket die, then
two Leader Casualty dice on an L.
"""

from __future__ import annotations

import re

from umpire.core.dice import DiceNeed
from umpire.core.errors import BadInput, Refused
from umpire.core.state import Resolution, Step, set_, has_state
from umpire.rules.wsim import gunnery
from umpire.rules.wsim.editions.packs import column_index, row_index

_RESULT = r"^(?:(\d*)C)?(?:-?(L))?$"


def check(state: dict, ship_id: str, target_id: str, opts: dict, tables) -> None:
    ships = state["ships"]
    if target_id not in ships or ship_id not in ships:
        raise BadInput(f"no ship {target_id if target_id not in ships else ship_id!r}")
    for key, value in opts.items():
        if key in ("crew", "grenades") and value not in (None, ""):
            raise BadInput(f"musketry --{key}: not a wsim-te26 option (the marine squares are her log's)")
        if key == "troops" and value != "marines":
            raise BadInput(f"musketry --troops {value}: only marines fire muskets here (soldiers, 57.0, are not kept)")
        if key == "table" and value != "killed":
            raise BadInput("musketry --table: not a wsim-te26 option")
    ship, target = ships[ship_id], ships[target_id]
    rules = tables["procedures"]["musket_fire"]
    if (state.get("wind") or {}).get("velocity", 0) >= rules["no_fire_from_velocity"]:
        raise Refused("musket fire may not take place in a gale or storm (TE 2.6 24.7.2)")
    if not ship.get("marines_left"):
        raise Refused(f"{ship['name']} has no marines to fire muskets (TE 2.6 24.7.1; `ship add --marines N`)")
    if ship.get("te_boarded") or any(s.get("te_boarded") == ship_id for s in ships.values()):
        raise Refused(f"{ship['name']}'s marines are engaged in melee: no musket fire (TE 2.6 24.7.1)")
    if target["controller"] == ship["controller"]:
        raise Refused(f"{target['name']} is friendly: musket fire is at an adjacent enemy ship (TE 2.6 24.7.1)")
    if target.get("struck") or target["state"] in ("surrendered", "sunk", "exploded"):
        raise Refused(f"{target['name']} {has_state(target['state'])}")
    if ship.get("te_musket_turn") == state["turn"]:
        raise Refused(f"{ship['name']}'s marines have fired this turn (one Musket Fire Phase, TE 2.6 17.0 I)")
    tables["musket-fire"]


def need() -> DiceNeed:
    return DiceNeed(3, 6, ("musket fire", "Leader Casualty Table", "Leader Casualty Table"))


def resolve(state: dict, ship_id: str, target_id: str, rolls: tuple[int, ...], strict: bool, tables) -> Resolution:
    ships = state["ships"]
    ship, target = ships[ship_id], ships[target_id]
    rules = tables["procedures"]["musket_fire"]
    table = tables["musket-fire"]
    die = rolls[0]
    total = die
    steps = [Step("musket fire die", str(die), "TE 2.6 24.7.4"),
             Step("marines", f"on deck (TE 2.6 19.8): no rigging modifier", "docs/rulings.md")]
    if any(b["party"] == "obp" for b in ship.get("boarding", [])) and not ship.get("te_boarded"):
        total += rules["obp_not_boarded"]
        steps.append(Step("marines in an OBP that has not boarded", f"{rules['obp_not_boarded']:+d} = {total}",
                          "TE 2.6 24.7.4"))
    if "wind-velocity" in (state.get("optional") or []) and \
            (state.get("wind") or {}).get("velocity") == rules["heavy_breeze"]:
        total += rules["heavy_breeze_modifier"]
        steps.append(Step("heavy breeze", f"{rules['heavy_breeze_modifier']:+d} = {total}", "TE 2.6 40.3.1"))
    marines = ship["marines_left"]
    try:
        r = row_index(table, total)
    except BadInput:
        r = 0 if total < 1 else len(table["rows"]) - 1
    c = column_index(table, marines)
    cell = table["cells"][r][c].strip()
    steps.append(Step(f"Musket Fire Table, row {table['rows'][r]}, {marines} marine squares "
                      f"({table['columns'][c]})", cell, table["source"]))
    m = re.compile(_RESULT).match(cell.upper()) if cell != "0" else None
    crew = int(m.group(1) or 1) if m and "C" in cell.upper() else 0
    used = [die]
    if m and m.group(2):
        a, b = (rolls[1], rolls[2]) if len(rolls) >= 3 else (None, None)
        if a is None:
            raise BadInput("musket fire gave an L: two more dice for the Leader Casualty Table (TE 2.6 24.7.5)")
        lc = tables["leader-casualty"]
        used += [a, b]
        steps.append(Step(f"Leader Casualty Table, {a} + {b} = {a + b}", lc["cells"][a + b - 2][0],
                          f"{lc['source']}; TE 2.6 24.7.5"))
    elif cell not in ("0",) and not m:
        steps.append(Step("the card's result", cell, "the umpire applies it (TE 2.6 24.7.5-24.7.6)"))
    if strict and len(rolls) > len(used):
        raise BadInput(f"musket fire used {len(used)} dice; got {len(rolls)}")
    effects = [set_(["ships", ship_id, "te_musket_turn"], state["turn"])]
    if crew:
        marks, mark_steps, _ = gunnery.mark_hits(target, {"hull": 0, "guns": 0, "crew": crew, "rigging": 0},
                                                 gunnery.Fire(ship_id, target_id, 1, "left"))
        effects += [set_(["ships", target_id] + list(k), v) for k, v in marks]
        steps += mark_steps
    return Resolution("musketry", f"{ship['name']}'s marines fire at {target['name']}: {cell}", effects, steps,
                      {"ship": ship_id, "target": target_id, "rolls": used, "result": cell, "crew_hits": crew})
