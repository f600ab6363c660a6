"""Tournament Edition 2.6, Optional 57: soldiers carried aboard.

* `designate SHIP --soldiers N [--artillery]` (`--optional soldiers`), at set-up: N soldier
  squares, divided into sections of the sizes of her crew sections (57.1); no more than would
  double her specified crew (57.1, 10.2.6: fewer squares than her crew).
* When a broadside aimed at her hull gives crew hits, her soldiers take them (57.2): all of
  them if they are artillery troops, otherwise those of a Hit Table rolled 3 or 5; never those
  of a broadside aimed at rigging. They fall on the soldiers' first section onward.

* `musketry SHIP --at TARGET --troops soldiers`: the soldiers fire muskets on the Musket Fire
  Table with their squares, -1, on deck, once a turn apart from the marines (57.3).

Their part in melee (57.4) is counted by the melee itself: `te26_melee.Soldiers`.
"""

from __future__ import annotations

import re

from umpire.core.errors import BadInput, Refused
from umpire.core.state import Resolution, Step, set_
from umpire.core.ruleset import Plan
from umpire.rules.wsim import gunnery
from umpire.rules.wsim.editions.te26.advanced_fire import split_result
from umpire.rules.wsim.editions.te26 import musket as te26_musket

RULE = "soldiers"
_TABLE_DIE = r"^hit table \d+ \((hull|rigging)\), die (\d)$"


def designate(state: dict, ship_id: str, n, artillery: bool, tables) -> tuple[list[dict], list[Step]]:
    if RULE not in (state.get("optional") or []):
        raise Refused(f"soldiers aboard belong to the optional rule {RULE!r} (TE 2.6 57.0), which this game was not "
                      f"started with (umpire new ... --optional {RULE})")
    ship = state["ships"][ship_id]
    try:
        count = int(n)
    except (TypeError, ValueError):
        raise BadInput(f"designate --soldiers {n!r}: the number of soldier squares") from None
    if count < 1:
        raise BadInput(f"designate --soldiers {count}: one soldier square or more")
    if ship.get("te_soldiers"):
        raise Refused(f"{ship['name']} has her soldiers aboard already")
    if state["turn"] != 1 or ship["crew_left"] != ship["crew_max"]:
        raise Refused(f"{ship['name']}: soldiers are embarked at set-up, before play has passed the first turn or she "
                      "has lost crew (TE 2.6 57.0)")
    crew = sum(ship["crew_max"])
    if count >= crew:
        raise Refused(f"{ship['name']} has {crew} crew squares: {count} soldier squares would double her specified "
                      "crew size (TE 2.6 57.1, 10.2.6)")
    sections, left = [], count
    for size in ship["crew_max"]:
        if left <= 0:
            break
        sections.append(min(size, left))
        left -= sections[-1]
    steps = [Step(f"{count} soldier squares", f"sections {'-'.join(map(str, sections))}, as her crew sections"
                  + ("; artillery troops" if artillery else ""), "TE 2.6 57.1")]
    value = {"max": sections, "left": list(sections), "artillery": bool(artillery)}
    return [set_(["ships", ship_id, "te_soldiers"], value)], steps


def follow(state: dict, action: dict, out):
    target = state["ships"].get(action.get("at", ""))
    if action.get("command") != "fire" or not target or not (target.get("te_soldiers") or {}).get("left") \
            or not any(target["te_soldiers"]["left"]) or RULE not in (state.get("optional") or []):
        return out
    if isinstance(out, Resolution):
        return absorb(state, target["id"], out)

    return Plan(out.need, lambda rolls, strict: absorb(state, target["id"], out.resolve(rolls, strict)), out.flexible,
                out.per_die, out.chain)


def absorb(state: dict, sid: str, res: Resolution) -> Resolution:
    """57.2 "Soldiers may not absorb non-melee crew hits of broadsides aimed at rigging. They may
    absorb losses of broadsides aimed at hull if they are designated as artillery troops (able
    to work ships' guns), or on rolls of 3 or 5"."""
    ship = state["ships"][sid]
    troops = ship["te_soldiers"]
    effect = next((e for e in res.effects if e["path"] == ["ships", sid, "crew_left"]), None)
    if effect is None or ship["prize"]["squares"]:
        return res
    lost = sum(ship["crew_left"]) - sum(effect["value"])
    if lost <= 0:
        return res
    if res.data.get("aim") != "hull":
        res.working.append(Step("soldiers aboard", "they take no crew hits of a broadside aimed at rigging",
                                "TE 2.6 57.2"))
        return res
    if troops["artillery"]:
        may, why = lost, "artillery troops: they take the crew hits"
    else:
        may = 0
        for s in res.working:
            m = re.compile(_TABLE_DIE).match(s.step)
            if m and int(m.group(2)) in (3, 5):
                may += gunnery.parse_result(split_result(s.value)[0])["crew"]
        why = "the crew hits of a Hit Table rolled 3 or 5"
    take = min(may, lost, sum(troops["left"]))
    if not take:
        res.working.append(Step("soldiers aboard", "no crew hit falls to them (not artillery; no Hit Table rolled "
                                "3 or 5)", "TE 2.6 57.2"))
        return res
    soldiers = list(troops["left"])
    for _ in range(take):
        i = next(i for i, c in enumerate(soldiers) if c > 0)
        soldiers[i] -= 1
    crew = list(ship["crew_left"])
    for _ in range(lost - take):
        i = next(i for i, c in enumerate(crew) if c > 0)
        crew[i] -= 1
    effect["value"] = crew
    res.effects.append(set_(["ships", sid, "te_soldiers"], {**troops, "left": soldiers}))
    res.working.append(Step(f"soldiers aboard: {why}", f"{take} of the {lost} crew hit(s): soldiers now "
                            f"{'-'.join(map(str, soldiers))}, crew {'-'.join(map(str, crew))}", "TE 2.6 57.2"))
    res.data["soldiers_hit"] = take
    return res


def musketry(state: dict, tables, action: dict):
    """57.3 "Soldiers fire muskets separately from marines with a -1 modifier. Soldiers may not fire
    from rigging": `musketry SHIP --at TARGET --troops soldiers`, on the Musket Fire Table (24.7)
    with the soldier squares left, once a Musket Fire Phase besides the marines' fire."""
    sid, target = action.get("ship", ""), action.get("at", "")
    if RULE not in (state.get("optional") or []):
        raise Refused(f"soldiers aboard belong to the optional rule {RULE!r} (TE 2.6 57.0), which this game was not "
                      f"started with (umpire new ... --optional {RULE})")
    if sid not in state["ships"]:
        raise BadInput(f"no ship {sid!r}")
    ship = state["ships"][sid]
    left = sum((ship.get("te_soldiers") or {}).get("left") or [])
    if not left:
        raise Refused(f"{ship['name']} has no soldiers aboard to fire muskets (designate {sid} --soldiers N)")
    opts = {k: v for k, v in (action.get("opts") or {}).items() if k != "troops"}
    view = {**state, "ships": {**state["ships"], sid: {**ship, "marines_left": left,
                                                      "te_musket_turn": ship.get("te_soldiers_musket_turn")}}}
    try:
        te26_musket.check(view, sid, target, opts, tables)
    except Refused as exc:
        raise Refused(str(exc).replace("marines", "soldiers")) from None
    mod = tables["optional-rules"]["soldiers"]["musket_modifier"]

    def resolve(rolls, strict):
        die = rolls[0]
        res = te26_musket.resolve(view, sid, target, (die + mod,) + tuple(rolls[1:]), strict, tables)
        res.working = [Step("musket fire die", str(die), s.source) if s.step == "musket fire die" else
                       Step("soldiers", "fire on deck, never from the rigging", "TE 2.6 57.3")
                       if s.step == "marines" else s for s in res.working]
        res.working.insert(1, Step("soldiers fire muskets", f"{mod:+d} = {die + mod}", "TE 2.6 57.3"))
        for e in res.effects:
            if e["path"] == ["ships", sid, "te_musket_turn"]:
                e["path"] = ["ships", sid, "te_soldiers_musket_turn"]
        res.data["rolls"] = [die] + list(res.data["rolls"][1:])
        res.data["troops"] = "soldiers"
        res.summary = res.summary.replace("marines", "soldiers")
        return res
    return Plan(te26_musket.need(), resolve, flexible=True)
