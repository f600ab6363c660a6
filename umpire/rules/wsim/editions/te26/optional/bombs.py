"""Tournament Edition 2.6, Optional 56: bombs (Advanced Game).

* `designate SHIP --mortars 1|2` notes a bomb with a bow mortar, or a bow and a second mortar
  (56.4-56.4.1). The text leaves the bombs' specifications blank: the ship is entered with
  `ship add --spec` like any other.
* `bomb SHIP --load [--mortar bow|second]`: one turn's loading; a mortar takes four turns,
  not necessarily in sequence (56.5). Not in a turn she fires or loads her broadside guns
  (56.3.1).
* `bomb SHIP --at TARGET --range N [--mortar bow|second] [--facing left|right]`: a loaded
  mortar fires at a ship anchored or aground (56.7) from three to ten hexes (56.8), only while
  she is anchored and the wind is not a gale or storm (56.1), on Hit Table 2 (56.9) modified only
  by crew quality, crew section loss and a captured ship (56.9.1), at the hull (56.9.2), and all
  its hits tripled (56.9.3). A 6 on the Hit Table is a critical hit (16.1.2.2.1); gun hits take a
  location die each (11.4.3.1.1); the last hull square brings the Destroyed Hull Table (24.3.2).
  Fields of fire (56.2, 56.4-56.4.1) are the umpire's reading of the map. A fort (Optional 55)
  is a fixed target on shore; a fort's own mortars load in three turns and fire +2 (55.4.5),
  with no anchor and whatever the wind.
"""

from __future__ import annotations

from umpire.rules.wsim.editions.te26.actions import Bomb  # noqa: F401  (kept with the other actions)
from umpire.core.dice import DiceNeed
from umpire.core.errors import BadInput, Refused
from umpire.core.state import Resolution, Step, set_, has_state
from umpire.core.ruleset import Plan
from umpire.rules.wsim.gunnery import parse_result
from umpire.rules.wsim.editions.te26 import ship_work as te26_ship_work
from umpire.rules.wsim import gunnery
from umpire.rules.wsim.editions.te26.fire import FireTables
from umpire.rules.wsim.editions.te26 import sinking as te26_sinking
from umpire.rules.wsim.editions.te26.advanced_fire import roll_criticals, split_result, mark_gun_hits

RULE = "bombs"
MORTARS = ("bow", "second")


def rules(tables) -> dict:
    return tables["optional-rules"]["bombs"]


def _require(state: dict) -> None:
    if RULE not in (state.get("optional") or []):
        raise Refused(f"a bomb's mortars belong to the optional rule {RULE!r} (TE 2.6 56.0), which this game was not "
                      f"started with (umpire new ... --optional {RULE})")


def designate(state: dict, ship_id: str, n, fort: bool = False) -> tuple[list[dict], list[Step]]:
    _require(state)
    ship = state["ships"][ship_id]
    if str(n) not in ("1", "2"):
        raise BadInput(f"designate --mortars {n!r}: a bomb carries one mortar or two (TE 2.6 56.0, 56.4-56.4.1)")
    if ship.get("te_mortars"):
        raise Refused(f"{ship['name']} is designated a bomb with {ship['te_mortars']} mortar(s) already")
    count = int(n)
    steps = [Step(f"a fort, {count} mortar(s)", "a 360 degree field of fire; three turns to load; +2 on the Hit "
                  "Table", "TE 2.6 55.4.5")] if fort else \
        [Step(f"a bomb, {count} mortar(s)", "the bow mortar fires across either broadside or the bow" +
              (", the second across either broadside" if count == 2 else ""), "TE 2.6 56.4-56.4.1")]
    return [set_(["ships", ship_id, "te_mortars"], count)], steps


def _mortar(ship: dict, which: str) -> str:
    which = (which or "bow").lower()
    if which not in MORTARS:
        raise BadInput(f"--mortar {which!r}: bow or second (TE 2.6 56.5)")
    if not ship.get("te_mortars"):
        raise Refused(f"{ship['name']} is not designated a bomb (designate {ship['id']} --mortars 1|2)")
    if which == "second" and ship["te_mortars"] < 2:
        raise Refused(f"{ship['name']} carries one mortar, in the bow (TE 2.6 56.4)")
    side = "right" if which == "bow" else "left"        # 56.5, 56.6: plotted in the R or L section
    if ship["carronades_max"] and ship["carronades_left"][side] == 0:
        raise Refused(f"{ship['name']}'s {which} mortar is out of action: its hit boxes in the carronade section "
                      f"({side}) are marked off (TE 2.6 56.6)")
    return which


def plan(state: dict, tables, a: Bomb):
    _require(state)
    if a.ship not in state["ships"]:
        raise BadInput(f"no ship {a.ship!r}")
    opts = {k: v for k, v in a.opts.items() if v not in (None, False, "")}
    unknown = sorted(set(opts) - {"load", "mortar", "range", "facing", "arc"})
    if unknown:
        raise BadInput(f"bomb: option {unknown[0]!r} is not a bomb option (--load | --at SHIP --range N; --mortar, "
                       "--facing)")
    ship = state["ships"][a.ship]
    if ship["state"] in ("sunk", "exploded", "surrendered", "captured") or ship.get("struck"):
        raise Refused(f"{ship['name']} {has_state(ship['state'])}")
    which = _mortar(ship, opts.get("mortar", ""))
    r = rules(tables)
    if opts.get("load"):
        if a.at:
            raise BadInput("bomb: --load and --at do not go together (a turn loads or fires)")
        return _load(state, ship, which, r)
    if not a.at:
        raise BadInput("bomb: give --load, or --at SHIP --range N to fire")
    if a.at not in state["ships"]:
        raise BadInput(f"no ship {a.at!r}")
    try:
        rng = int(opts.get("range", ""))
    except ValueError:
        raise BadInput(f"bomb --range {opts.get('range')!r}: the range in whole hexes") from None
    facing = str(opts.get("facing") or "").lower()
    if facing not in ("", "left", "right"):
        raise BadInput(f"bomb --facing {facing!r}: the target's broadside nearer the bomb, left or right")
    _check_fire(state, ship, state["ships"][a.at], which, rng, r)
    _check_arc(ship, which, str(opts.get("arc") or "").lower())
    table = _table(state, tables, ship, r, [])

    most = max(parse_result(row[tables["hit-tables"]["columns"].index(f"hull {table}")].split("(")[0].strip())["guns"]
               for row in tables["hit-tables"]["cells"]) if table >= 0 else 0
    n = (1 + most * r["hits_times"] + 2 + 1) if table >= 0 else 0
    return Plan(DiceNeed(n, 6, ("hit table",) + ("more",) * max(0, n - 1)),
                lambda rolls, strict: _fire(state, tables, ship, a.at, which, rng, facing, rolls, strict),
                flexible=True)


def _turns(ship: dict, r: dict) -> tuple[int, str]:
    """Four turns to load a bomb's mortar (56.5), three a land-based one (55.4.5)."""
    return (r["land_load_turns"], "TE 2.6 55.4.5") if ship.get("te_fort") else (r["load_turns"], "TE 2.6 56.5")


def _load(state: dict, ship: dict, which: str, r: dict) -> Resolution:
    turn = state["turn"]
    need, src = _turns(ship, r)
    done = dict(ship.get("te_mortar_load") or {})
    if done.get(which, 0) >= need:
        raise Refused(f"{ship['name']}'s {which} mortar is loaded")
    if (ship.get("te_mortar_loaded_on") or {}).get(which) == turn:
        raise Refused(f"{ship['name']} has loaded her {which} mortar this turn: one turn's loading a turn "
                      "(TE 2.6 56.5)")
    if ship["fired_this_turn"] or ship.get("loaded_this_turn"):
        raise Refused(f"{ship['name']} fired or loaded her broadside guns this turn: broadside guns and mortars "
                      "may not fire or load in the same turn (TE 2.6 56.3.1)")
    if ship.get("te_mortar_turn") == turn:
        raise Refused(f"{ship['name']} fired a mortar this turn (TE 2.6 56.5)")
    done[which] = done.get(which, 0) + 1
    on = {**(ship.get("te_mortar_loaded_on") or {}), which: turn}
    left = need - done[which]
    steps = [Step(f"{which} mortar loading", f"turn {done[which]} of {need}" +
                  (": loaded" if not left else f" ({left} to go, not necessarily in sequence)"), src)]
    sid = ship["id"]
    return Resolution("bomb", f"{ship['name']}: {which} mortar " + ("loaded" if not left else
                                                                       f"loading, {done[which]}/{need}"),
                      [set_(["ships", sid, "te_mortar_load"], done), set_(["ships", sid, "te_mortar_loaded_on"], on)],
                      steps, {"ship": sid, "mortar": which, "loading_turns": done[which], "loaded": not left})


def _check_fire(state: dict, ship: dict, target: dict, which: str, rng: int, r: dict) -> None:
    turn = state["turn"]
    need, src = _turns(ship, r)
    if (ship.get("te_mortar_load") or {}).get(which, 0) < need:
        got = (ship.get("te_mortar_load") or {}).get(which, 0)
        raise Refused(f"{ship['name']}'s {which} mortar is not loaded ({got} of {need} turns' loading, {src})")
    if not ship.get("te_fort") and not te26_ship_work.anchored(ship, turn):
        raise Refused(f"{ship['name']} is not anchored: bombs may only fire mortars while anchored (TE 2.6 56.1)")
    velocity = (state.get("wind") or {}).get("velocity")
    if velocity in r["no_fire_velocities"] and not ship.get("te_fort"):
        raise Refused(f"the wind is {'a gale' if velocity == 5 else 'a storm'} (velocity {velocity}): bombs may not "
                      "fire (TE 2.6 56.1)")
    if ship["fired_this_turn"] or ship.get("loaded_this_turn"):
        raise Refused(f"{ship['name']} fired or loaded her broadside guns this turn: broadside guns and mortars "
                      "may not fire or load in the same turn (TE 2.6 56.3.1)")
    if (ship.get("te_mortar_loaded_on") or {}).get(which) == turn:
        raise Refused(f"{ship['name']} loaded her {which} mortar this turn (TE 2.6 56.5)")
    if target["state"] in ("sunk", "exploded"):
        raise Refused(f"{target['name']} {has_state(target['state'])}")
    if target["controller"] == ship["controller"]:
        raise Refused(f"{target['name']} is a friendly ship")
    if not (te26_ship_work.anchored(target, turn) or target.get("te_aground") or target.get("te_fort")):
        raise Refused(f"{target['name']} is neither anchored nor aground: mortars may only fire at fixed targets on "
                      "shore or at ships anchored or aground (TE 2.6 56.7)")
    if not r["min_range"] <= rng <= r["max_range"]:
        raise Refused(f"range {rng}: mortars reach {r['min_range']} to {r['max_range']} hexes (TE 2.6 56.8)")


#: 56.4 the bow mortar's field: both broadsides and the bow, "not through the stern"; 56.4.1 the
#: second mortar's: "either the left or right broadside but may not fire across the bow or stern"
ARCS = {"bow": ("left", "right", "bow"), "second": ("left", "right")}


def _check_arc(ship: dict, which: str, arc: str) -> None:
    """The arc the target lies in, as the umpire reads the map (`--arc`), against 56.4-56.4.1; a
    fort's mortar fires all round (55.4.5)."""
    if not arc:
        return
    if arc not in ("bow", "stern", "left", "right"):
        raise BadInput(f"bomb --arc {arc!r}: bow, stern, left or right (the field the target lies in)")
    if ship.get("te_fort"):
        return
    if arc not in ARCS[which]:
        raise Refused(f"{ship['name']}'s {which} mortar may not fire across the {arc}"
                      + (" (TE 2.6 56.4)" if which == "bow" else " (TE 2.6 56.4.1)"))


def _table(state: dict, tables, ship: dict, r: dict, steps: list[Step]) -> int:
    """Hit Table 2 (56.9) and the three modifiers 56.9.1 allows, from the pack's HDT modifiers in
    the column of one gun firing (a mortar is one piece; docs/rulings.md)."""
    view = FireTables(tables)
    hdt = view["hdt"]
    gi = gunnery.band_index(hdt["guns_bands"], r["pieces"])
    mods = hdt["modifiers"]
    src = tables["hdt-modifiers"]["source"]
    table = r["hit_table"]
    steps.append(Step("mortar, 3 to 10 hexes", f"table {table}", "TE 2.6 56.9"))
    if ship.get("te_fort"):
        table += r["land_modifier"]
        steps.append(Step("a land-based mortar", f"{r['land_modifier']:+d} -> table {table}", "TE 2.6 55.4.5"))
    q = gunnery.effective_quality(ship)
    if mods[f"crew_quality_{q}"][gi]:
        table += mods[f"crew_quality_{q}"][gi]
        steps.append(Step(f"crew quality {q}", f"{mods[f'crew_quality_{q}'][gi]:+d} -> table {table}", src))
    if gunnery.is_captured(ship):
        table += mods["captured_ship"][gi]
        steps.append(Step("captured ship (crew loss ignored)", f"{mods['captured_ship'][gi]:+d} -> table {table}",
                          "TE 2.6 11.3.5, 56.9.1"))
    else:
        turn = state["turn"]
        fighting, pumping = ship.get("te_firefighters", {}), ship.get("te_pumps", {})
        down = gunnery.crew_sections_out(ship) + (fighting.get("sections", 0) if fighting.get("turn") == turn else 0) \
            + (pumping.get("sections", 0) if pumping.get("turn") == turn else 0)
        if down:
            table += mods["crew_section_loss"][gi] * down
            steps.append(Step(f"crew sections down: {down}", f"{mods['crew_section_loss'][gi] * down:+d} -> table "
                              f"{table}", f"{src}; TE 2.6 11.3.3, 56.9.1"))
    steps.append(Step("no other modifier", "not anchors, not the initial broadside", "TE 2.6 56.9.1"))
    return table


def _fire(state: dict, tables, ship: dict, target_id: str, which: str, rng: int, facing: str, rolls, strict: bool):
    r = rules(tables)
    target = state["ships"][target_id]
    steps: list[Step] = []
    table = _table(state, tables, ship, r, steps)
    steps.append(Step("line of fire", "never blocked: the shell flies over obstacles", "TE 2.6 56.2"))
    die = _MortarDice(tuple(rolls))
    total = dict.fromkeys(gunnery.TRACKS, 0)
    crits: list[dict] = []
    result = "0"
    if table < 0:
        steps.append(Step("below table 0", "automatic miss", "TE 2.6 11.2.4"))
        die.left.clear()
    else:
        raw = tables["hit-tables"]
        d = die(f"hit table {table}")
        result = raw["cells"][d - 1][raw["columns"].index(f"hull {table}")]
        hits = gunnery.parse_result(split_result(result)[0])
        steps.append(Step(f"hit table {table} (hull), die {d}", result, raw["source"]))
        for k in total:
            total[k] = hits[k] * r["hits_times"]
        steps.append(Step("all hits tripled", ", ".join(f"{total[k]} {k}" for k in total if total[k]) or "none",
                          "TE 2.6 56.9.3"))
        act = gunnery.Fire(ship["id"], target_id, rng, "right" if which == "bow" else "left", "hull", "", facing)
        marked: dict = {}
        if total["guns"]:
            loc = tables["gun-hit-location"]
            dice = []
            for _ in range(total["guns"]):
                g = die("gun hit location")
                dice.append(g)
                steps.append(Step(f"gun hit location, die {g}", loc["cells"][g - 1][0], loc["source"]))
            marked = mark_gun_hits(target, dice, act, steps)
            total["hull"] += marked["excess"]
        if d == tables["procedures"]["advanced_fire"]["critical_on"]:
            crits = roll_criticals(1, "hull", die, steps, tables)
    more: list[dict] = []
    if table >= 0 and te26_sinking.hull_die_needed(target, total["hull"]):
        more = te26_sinking.destroyed(state, target_id, die, steps, tables)
    if strict and die.left:
        raise BadInput(f"this mortar shot used {len(die.used)} dice; got {len(rolls)}: the rest would not be read")
    sid = ship["id"]
    done = dict(ship.get("te_mortar_load") or {})
    done[which] = 0
    effects = [set_(["ships", sid, "te_mortar_load"], done), set_(["ships", sid, "te_mortar_turn"], state["turn"])]
    view = dict(target)
    if table >= 0:
        if total["guns"]:
            view.update({k: marked[k] for k in ("guns_left", "carronades_left", "liable")})
            effects += [set_(["ships", target_id, k], marked[k]) for k in ("guns_left", "carronades_left", "liable")
                        if marked[k] != target[k]]
        act = gunnery.Fire(sid, target_id, rng, "right", "hull", "", facing)
        marks, mark_steps, _ = gunnery.mark_hits(view, {**total, "guns": 0}, act)
        effects += [set_(["ships", target_id] + list(k), v) for k, v in marks]
        steps += mark_steps
    data = {"firer": sid, "target": target_id, "mortar": which, "hit_table": table if table >= 0 else None,
            "result": result, "hits": total, "rolls": die.used, "critical_hits": crits}
    return Resolution("bomb", f"{ship['name']}'s {which} mortar fires at {target['name']}, {rng} hexes: {result}"
                      + (" (tripled)" if any(total.values()) else ""), effects + more, steps, data)


class _MortarDice:
    """The typed or rolled dice, in the order the mortar shot reads them."""

    def __init__(self, rolls: tuple[int, ...]) -> None:
        self.left, self.used = list(rolls), []

    def __call__(self, label: str) -> int:
        if not self.left:
            raise BadInput(f"this mortar shot needs another die ({label}): give the dice in this order: the Hit "
                           "Table die, a gun hit location die per gun hit (tripled), two dice for a critical hit, "
                           "then the Destroyed Hull Table die")
        self.used.append(self.left.pop(0))
        return self.used[-1]


def check(state: dict, action: dict) -> None:
    """56.3.1 "Broadside guns and mortars may not fire in the same turn nor load in the same turn"."""
    cmd = action.get("command", "")
    ship = state["ships"].get(action.get("ship", ""))
    if cmd not in ("fire", "load") or not ship or not ship.get("te_mortars"):
        return
    turn = state["turn"]
    if ship.get("te_mortar_turn") == turn or turn in (ship.get("te_mortar_loaded_on") or {}).values():
        raise Refused(f"{ship['name']} fired or loaded a mortar this turn: broadside guns and mortars may not fire "
                      f"or load in the same turn (TE 2.6 56.3.1)")
