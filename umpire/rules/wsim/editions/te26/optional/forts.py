"""Tournament Edition 2.6, Optional 55: forts.

A fort (or shore battery) is entered as a ship whose two broadsides are two of its walls, each
wall's battery of gun squares on a broadside (a fort with more walls is entered as more than one;
docs/rulings.md), and noted with `designate SHIP --fort stone|earthen|wooden`
(`--optional forts`):

* no more than 12 gun squares a wall (55.2.1);
* it occupies land hexes (55.1): it does not move, set sails, anchor, foul or grapple;
* all its walls may be loaded and fired in the same turn (55.4.1);
* ships fire at it -2 (stone) or -1 (earthen), none against wood (55.3.1); hull hits on stone
  are misses (55.3.2); rigging hits have no effect (55.3.4), though ships may fire at rigging
  for the range; only the critical hits 2H, 5R, 5H and 12H apply (55.3.5); it does not sink:
  a wall whose last hull square goes is struck, with no Destroyed Hull Table (docs/rulings.md);
* its guns fire +2 for 1-12 gun squares, +3 for more (55.4.2);
* mortars on it (`designate FORT --mortars N`, `bomb`): three turns to load and +2 on the Hit
  Table (55.4.5), not needing an anchor (te26_bombs).
Rakes by a battery (55.4.3) and its field of fire (55.4.4) are the umpire's reading of the map.
"""

from __future__ import annotations

from umpire.core.errors import BadInput, Refused
from umpire.core.state import Resolution, Step, set_
from umpire.rules.wsim import gunnery
from umpire.core.ruleset import Plan

RULE = "forts"
KINDS = ("stone", "earthen", "wooden")
NOT_ON_LAND = {"move": "move", "sail": "set sails", "anchor": "anchor", "foul": "foul", "grapple": "grapple",
               "aground": "run aground"}


def rules(tables) -> dict:
    return tables["optional-rules"]["forts"]


def is_fort(ship: dict | None) -> bool:
    return bool(ship and ship.get("te_fort"))


def designate(state: dict, ship_id: str, kind, tables) -> tuple[list[dict], list[Step]]:
    if RULE not in (state.get("optional") or []):
        raise Refused(f"a fort belongs to the optional rule {RULE!r} (TE 2.6 55.0), which this game was not started "
                      f"with (umpire new ... --optional {RULE})")
    ship = state["ships"][ship_id]
    kind = str(kind).strip().lower()
    if kind not in KINDS:
        raise BadInput(f"designate --fort {kind!r}: stone, earthen or wooden (TE 2.6 55.3.1)")
    if ship.get("te_fort"):
        raise Refused(f"{ship['name']} is designated a {ship['te_fort']} fort already")
    most = rules(tables)["most_squares_a_wall"]
    squares = ship["guns_max"] + ship["carronades_max"]
    if squares > most:
        raise Refused(f"{ship['name']} mounts {squares} gun squares a broadside: a fort wall mounts {most} at most "
                      "(TE 2.6 55.2.1)")
    steps = [Step(f"a {kind} fort", "two walls, one a broadside; it does not move; ships fire at it "
                  f"{rules(tables)['against'][kind]:+d}" + (", hull hits are misses" if kind == "stone" else ""),
                  "TE 2.6 55.1-55.3.2")]
    return [set_(["ships", ship_id, "te_fort"], kind)], steps


def check(state: dict, action: dict) -> None:
    """55.1 forts occupy land hexes: they do not move, sail, anchor, foul or grapple."""
    cmd = action.get("command", "")
    if cmd not in NOT_ON_LAND:
        return
    for sid in (action.get("ship", ""), action.get("with", "")):
        ship = state["ships"].get(sid)
        if is_fort(ship):
            raise Refused(f"{ship['name']} is a fort on land: it does not {NOT_ON_LAND[cmd]} (TE 2.6 55.1)")


def view(state: dict, action: dict) -> dict:
    """55.4.1 "All sides of a fort may be loaded ... during the same turn": the load once a turn
    does not bind a fort."""
    ship = state["ships"].get(action.get("ship", ""))
    if action.get("command") == "load" and is_fort(ship) and ship.get("loaded_this_turn"):
        return {**state, "ships": {**state["ships"], ship["id"]: {**ship, "loaded_this_turn": ""}}}
    return state


def fire_reading(got, tables) -> None:
    """55.3.1 fire at a stone or earthen fort; 55.4.2 fire by a fort's guns."""
    r = rules(tables)
    if is_fort(got.target):
        got.mod(f"firing at a {got.target['te_fort']} fort", r["against"][got.target["te_fort"]], "TE 2.6 55.3.1")
    if is_fort(got.firer):

        n = gunnery.guns_firing(got.firer, got.act, got.view)
        value = r["fort_guns_small"] if n <= r["small_battery_most"] else r["fort_guns_large"]
        got.mod(f"a fort's guns, {n} gun squares", value, "TE 2.6 55.4.2")


#: 55.3.5 the critical hits that apply against a fort: (two dice, column)
_CRITICALS = {(2, "hull"), (5, "rigging"), (5, "hull"), (12, "hull")}
_HULL_KEYS = ("hull_left", "state", "struck")
_SINK_KEYS = ("te_destroyed", "te_destroyed_turn", "te_fire_at_end")


def after_fire(state: dict, fort_id: str, res: Resolution) -> Resolution:
    """The hits of a broadside at a fort (55.3.2-55.3.5), from the broadside as resolved."""
    fort = state["ships"][fort_id]
    stone = fort["te_fort"] == "stone"
    dropped: list[str] = []
    keep = []
    for e in res.effects:
        p = e["path"]
        if len(p) >= 3 and p[0] == "ships" and p[1] == fort_id:
            if p[2] == "rigging_left" or (p[2] == "liable" and "immobility" in e["value"] and
                                          "immobility" not in fort["liable"]):
                if p[2] == "liable":
                    keep.append(set_(p, [x for x in e["value"] if x != "immobility"]))
                dropped.append("rigging")
                continue
            if stone and p[2] in _HULL_KEYS:
                dropped.append("hull")
                continue
            if p[2] in _SINK_KEYS:
                dropped.append("sinking")
                continue
        keep.append(e)
    res.effects = keep
    gone = {"rigging hits", "all rigging gone"} | ({"hull hits", "last hull square gone"} if stone else set())
    res.working = [s for s in res.working if s.step not in gone]       # the marking the fort does not take
    hits = res.data.get("hits") or {}
    if isinstance(res.data.get("marked"), dict):
        res.data["marked"] = {**res.data["marked"], "rigging": 0, **({"hull": 0} if stone else {})}
    if hits.get("rigging"):
        res.working.append(Step("rigging hits on a fort", f"{hits['rigging']} R: no effect", "TE 2.6 55.3.4"))
    if stone and hits.get("hull"):
        res.working.append(Step("hull hits on a stone fort", f"{hits['hull']} H: misses", "TE 2.6 55.3.2"))
    if "sinking" in dropped and not stone:
        res.working.append(Step("the wall's last hull square", "struck; a fort does not sink or explode (no "
                                "Destroyed Hull Table)", "TE 2.6 55.3.2; docs/rulings.md"))
    for c in res.data.get("critical_hits") or []:
        c["applies"] = (c["total"], c["column"]) in _CRITICALS
        if not c["applies"]:
            res.working.append(Step(f"critical hit {c['total']}{c['column'][0].upper()}", "no effect on a fort (only "
                                    "2H, 5R, 5H and 12H apply)", "TE 2.6 55.3.5"))
    res.data["fort"] = fort["te_fort"]
    return res


def follow(state: dict, action: dict, out):
    """Wrap a broadside at a fort so its hits are read as 55.3 says."""
    target = action.get("at", "")
    if action.get("command") != "fire" or not is_fort(state["ships"].get(target)):
        return out
    if isinstance(out, Resolution):
        return after_fire(state, target, out)

    return Plan(out.need, lambda rolls, strict: after_fire(state, target, out.resolve(rolls, strict)), out.flexible,
                out.per_die, out.chain)
