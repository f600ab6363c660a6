"""Tournament Edition 2.6, Optional 39.0: rowing (`--optional rowing`, Advanced Game).

* `row SHIP --to oars|sails`: 39.0 "Class 5 and 6 ships may row"; 39.2 the change between battle
  sails and oars is plotted ("row" or "sail" in the notes column) and made on the next turn, with
  men in the rigging; 39.1 two crew sections are needed to row. Refused for other classes, with
  fewer than two crew sections, at full sails, while a change is pending, or in the state she is
  in already.
* Under oars (39.3) `speed` and `move` read 2 in attitudes A, B and C; in D 0, but 1 in a light
  breeze and 2 when becalmed (the game's wind velocity, 40.1).
* 39.4 a rowed ship may not load or fire (`fire` and `load` refused, no reload at `turn`), and a
  broadside at her takes no rigging squares.
"""

from __future__ import annotations

from umpire.rules.wsim.editions.te26.actions import Row  # noqa: F401  (kept with the other actions)
from umpire.core.errors import BadInput, Refused
from umpire.core.state import Resolution, Step, set_, has_state

RULE = "rowing"


def rules(tables) -> dict:
    return tables["procedures"]["rowing"]


def rowing(ship: dict, turn: int) -> bool:
    """Under oars this turn: a change noted on an earlier turn takes effect on the next (39.2)."""
    oars = ship.get("te_oars")
    if not oars:
        return False
    return oars["on"] if turn >= oars["from_turn"] else not oars["on"]


def pending(ship: dict, turn: int) -> bool:
    oars = ship.get("te_oars")
    return bool(oars) and turn < oars["from_turn"]


def row(state: dict, tables, ship_id: str, to: str) -> Resolution:
    if RULE not in (state.get("optional") or []):
        raise Refused(f"rowing belongs to the optional rule {RULE!r} (TE 2.6 39.0), which this game was not started "
                      f"with (umpire new ... --optional {RULE})")
    if ship_id not in state["ships"]:
        raise BadInput(f"no ship {ship_id!r}")
    to = (to or "").lower()
    if to not in ("oars", "sails"):
        raise BadInput(f"row --to {to!r}: oars or sails (TE 2.6 39.2)")
    r = rules(tables)
    ship, turn = state["ships"][ship_id], state["turn"]
    if ship.get("struck") or ship["state"] in ("surrendered", "sunk", "exploded"):
        raise Refused(f"{ship['name']} {has_state(ship['state'])} (TE 2.6 12.4.4)")
    if ship.get("class_number") is None:
        raise BadInput(f"{ship['name']}: only ships of class {' and '.join(map(str, r['classes']))} may row (TE 2.6 "
                       "39.0); give her class with `ship add --class`")
    if ship["class_number"] not in r["classes"]:
        raise Refused(f"{ship['name']} is a class {ship['class_number']} ship: only class "
                      f"{' and '.join(map(str, r['classes']))} ships may row (TE 2.6 39.0)")
    if pending(ship, turn):
        raise Refused(f"{ship['name']} has a change to {'oars' if ship['te_oars']['on'] else 'sails'} plotted for "
                      f"turn {ship['te_oars']['from_turn']} (TE 2.6 39.2)")
    now = rowing(ship, turn)
    if (to == "oars") == now:
        raise Refused(f"{ship['name']} is under {'oars' if now else 'sail'} already")
    if to == "oars":
        if ship.get("sails") == "full":
            raise Refused(f"{ship['name']} is at full sails: the change is between battle sails and oars "
                          "(TE 2.6 39.2; `sail SHIP battle` first)")
        sections = sum(1 for c in ship["crew_left"] if c > 0)
        if sections < r["crew_sections"]:
            raise Refused(f"{ship['name']} has {sections} crew section(s): {r['crew_sections']} are needed to row "
                          "(TE 2.6 39.1)")
    steps = [Step(f"\"{'row' if to == 'oars' else 'sail'}\" in the notes column",
                  f"under {'oars' if to == 'oars' else 'battle sails'} from turn {turn + 1}", "TE 2.6 39.2"),
             Step("men in the rigging", "a crew section aloft for the change this turn (`fire --opt mir=1`)",
                  "TE 2.6 39.2, 24.5.1")]
    if to == "oars":
        steps.append(Step("rowing", f"{r['crew_sections']} crew sections at the oars, for no other duty but a DBP; "
                          "no loading or firing; no rigging hits", "TE 2.6 39.1, 39.4"))
    return Resolution("row", f"{ship['name']} will be under {'oars' if to == 'oars' else 'sail'} from turn {turn + 1}",
                      [set_(["ships", ship_id, "te_oars"], {"on": to == "oars", "from_turn": turn + 1})], steps,
                      {"ship": ship_id, "to": to, "from_turn": turn + 1})


def speed(state: dict, tables, ship_id: str, res: Resolution) -> Resolution:
    """39.3 "When rowed, a ship has 2 movement points in attitudes A, B, & C. It has 0 movement
    points in attitude D, unless the wind velocity is "Light Breeze", in which case it has 1
    movement point, or "Becalmed", in which case it has 2 movement points." `res` is her
    allowance under sail, for the attitude and what stops her moving at all."""
    ship = state["ships"][ship_id]
    if not rowing(ship, state["turn"]):
        return res
    r = rules(tables)
    att = res.data["attitude"]
    velocity = (state.get("wind") or {}).get("velocity")
    if att in r["attitudes"]:
        value, why = r["allowance"], f"attitude {att}"
    else:
        value = r["d_by_velocity"].get(str(velocity), r["d_allowance"])
        why = f"attitude {att}, wind velocity {velocity}"
    stopped = [s for s in res.working if s.step == "she cannot move"]
    steps = [Step("under oars", f"{why}: {value}", "TE 2.6 39.3")] + stopped
    if stopped:
        value = 0
    data = {**res.data, "sail": "oars", "chart": value, "sections_lost": 0, "allowance": value, "rowed": True}
    return Resolution("speed", f"{ship['name']} under oars, attitude {att}: {value} hex(es)", [], steps, data)


def no_guns(state: dict, ship_id: str, doing: str) -> None:
    """39.4 "A ship being rowed may not load or fire guns"."""
    ship = state["ships"].get(ship_id)
    if ship and rowing(ship, state["turn"]):
        raise Refused(f"{ship['name']} is being rowed: she may not {doing} (TE 2.6 39.4)")


def no_sail_change(state: dict, ship_id: str) -> None:
    ship = state["ships"].get(ship_id)
    if ship and (rowing(ship, state["turn"]) or pending(ship, state["turn"])):
        raise Refused(f"{ship['name']} is under oars or changing between oars and sails: the change is plotted with "
                      "`row` (TE 2.6 39.2)")


def fire_follow(state: dict, target_id: str, res: Resolution) -> Resolution:
    """39.4 a rowed ship "does not suffer rigging hits": the broadside's rigging squares are not
    marked off her."""
    ship = state["ships"][target_id]
    if not rowing(ship, state["turn"]):
        return res
    path = ["ships", target_id, "rigging_left"]
    dropped = [e for e in res.effects if e["path"] == path]
    if not dropped and not (res.data.get("hits") or {}).get("rigging"):
        return res
    res.effects = [e for e in res.effects if e["path"] != path]
    n = sum(ship["rigging_left"]) - sum(dropped[-1]["value"]) if dropped else 0
    res.working.append(Step(f"{ship['name']} is being rowed", f"no rigging hits ({n} square(s) not marked)",
                            "TE 2.6 39.4"))
    if isinstance(res.data.get("marked"), dict) and "rigging" in res.data["marked"]:
        res.data["marked"] = {**res.data["marked"], "rigging": 0}
    res.data["rowed_target"] = True
    return res
