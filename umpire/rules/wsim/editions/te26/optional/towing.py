"""Tournament Edition 2.6, Optional 37: towing.

* 37.3.1: the tow is plotted ("T") and the towing ship brought stern to the bow of the ship to
  be towed; then a roll on the Grappling Table (`umpire grapple TOWER TOWED`, friendly +4). With
  the two grappled, `umpire tow TOWER TOWED` turns the grapple into the tow: from the next turn
  the two move on the towing ship's plot (37.3.2), the towing ship one movement point slower
  behind a ship of equal or inferior gun rating, two behind a superior one (37.1; the 1981 rule
  and numbers, word for word), her turning ability one less (at least 1), and no move ending
  with a turn unless the turn is the whole move (37.3.2).
* 37.3.3: ungrappling ends the tow (`tow TOWER --cast-off`).
* 37.3.5: no tow in a gale (5) or worse; a tow under way when the wind rises to a gale is lost
  (`wind`).
"""

from __future__ import annotations

from umpire.core.errors import Refused
from umpire.core.state import Resolution, Step, set_
from umpire.rules.wsim import optional

GALE = 5


def tow(state: dict, tables, tower_id: str, towed_id: str, opts: dict) -> Resolution:
    if "towing" not in (state.get("optional") or []):
        raise Refused("towing belongs to the optional rule 'towing' (TE 2.6 37.0), which this game was not started "
                      "with (umpire new ... --optional towing)")
    ships = state["ships"]
    tower = ships[tower_id]
    view = state   # the 1981 rule asks for "towing" in force, as checked above
    if opts.get("cast_off"):
        return optional.tow(view, tables, tower_id, towed_id, opts)
    if (state.get("wind") or {}).get("velocity", 0) >= GALE:
        raise Refused("towing can only take place in winds less than a gale (TE 2.6 37.3.5)")
    if towed_id and towed_id not in tower["grappled"]:
        raise Refused(f"{tower['name']} is not grappled to {ships[towed_id]['name']}: plot the tow and roll on the "
                      "Grappling Table first (`umpire grapple`, TE 2.6 37.3.1)")
    res = optional.tow(view, tables, tower_id, towed_id, opts)
    towed = ships[towed_id]
    for a, b in ((tower, towed_id), (towed, tower_id)):
        res.effects.append(set_(["ships", a["id"], "grappled"], [x for x in a["grappled"] if x != b]))
    res.working.append(Step("the grapple becomes the towline", f"{tower['name']}'s turning ability is one less "
                            "(at least 1); she may not end a move with a turn unless it is her whole move; "
                            "ungrappling (cast off) ends the tow", "TE 2.6 37.3.2-37.3.3"))
    return res


def gale_ends_tows(state: dict, velocity: int, steps: list[Step]) -> list[dict]:
    """37.3.5 "Ships which began towing under favorable wind conditions but have a wind change to
    gale lose the grapple"."""
    effects: list[dict] = []
    if velocity < GALE:
        return effects
    for sid, ship in state["ships"].items():
        tow_ = ship.get("towing") or {}
        if tow_.get("ship"):
            effects += [set_(["ships", sid, "towing"], {}), set_(["ships", tow_["ship"], "towed_by"], "")]
            steps.append(Step(f"{ship['name']} towing {state['ships'][tow_['ship']]['name']}",
                              "the wind is a gale or worse: the tow is lost", "TE 2.6 37.3.5"))
    return effects
