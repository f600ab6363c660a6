"""Tournament Edition 2.6, Optional 36.2: masts lost with their rigging sections (`--optional
loss-of-rigging`), on the pack's Loss of Rigging Summary (a card table: the text gives no
numbers).

* A command that marks off one or more whole rigging sections says that a die is owed for each
  (36.2; status `masts_due`); `mast SHIP` rolls them on the pack's `loss-of-rigging` table. A
  cell that says the mast falls free has no further result (36.2.1); one that says it hangs over
  the side (36.2.2) records the mast on the ship, with its broadside when the cell names left or
  right. Any other wording is shown for the umpire to apply.
* A mast over the side (36.2.2): she cannot fire (`fire` refused), her speed is one less for each
  and she may not turn (`speed`, `move`) until it is cut loose.
* `mast SHIP --cut [left|right]` (36.2.3): in a later turn's Unfouling Phase, two dice on the
  Unfouling Table; a success cuts it loose. Once a turn for each mast. Adjacent ships in play of
  that broadside roll for fouling with `foul` (36.2.4).
"""

from __future__ import annotations

import copy
import re

from umpire.core.dice import DiceNeed
from umpire.core.errors import BadInput, Refused
from umpire.core.state import Resolution, Step, set_
from umpire.core.state import apply
from umpire.core.ruleset import Plan
from umpire.rules.wsim.editions.packs import row_or_edge

RULE = "loss-of-rigging"
SIDES = ("left", "right")
_SIDE = {"left": "left", "port": "left", "right": "right", "starboard": "right"}


def in_play(state: dict) -> bool:
    return RULE in (state.get("optional") or [])


def _sections_lost(ship: dict) -> int:
    return sum(1 for n in ship["rigging_left"] if n == 0)


def after(state: dict, res: Resolution) -> None:
    """36.2 "In a phase in which a ship loses one or more entire rigging section (all of its
    squares are marked off), a die is rolled for each section lost"."""
    if not in_play(state):
        return
    touched = sorted({e["path"][1] for e in res.effects if len(e["path"]) > 2 and e["path"][0] == "ships"
                      and e["path"][2] == "rigging_left" and e["path"][1] in state["ships"]})
    if not touched:
        return
    probe = apply({"ships": {sid: copy.deepcopy(state["ships"][sid]) for sid in touched}},
                  [e for e in res.effects if len(e["path"]) > 1 and e["path"][0] == "ships" and e["path"][1] in touched])
    due = {}
    for sid in touched:
        before, now = state["ships"][sid], probe["ships"][sid]
        lost = _sections_lost(now) - _sections_lost(before)
        if lost <= 0:
            continue
        owed = before.get("te_masts_due", 0) + lost
        due[sid] = owed
        res.effects.append(set_(["ships", sid, "te_masts_due"], owed))
        res.working.append(Step("loss of rigging", f"{now['name']} lost {lost} whole rigging section(s): a die for "
                                f"each on the Loss of Rigging Summary (umpire mast {sid}; {owed} owed)",
                                "TE 2.6 36.2"))
    if due:
        res.data["masts_due"] = due


def hanging(ship: dict) -> list[dict]:
    return list(ship.get("te_mast_over") or [])


def view(state: dict, ship_id: str) -> dict:
    """The ship as the 1981 movement code reads a mast over the side (the same rule: one hex less
    for each, no turning until it is cut loose, Optional Rules VIII.B = TE 36.2.2)."""
    ship = state["ships"].get(ship_id)
    if not ship or not ship.get("te_mast_over") or ship.get("mast_over"):
        return state
    over = [{"side": m.get("side") or "side not read", "turn": m["turn"]} for m in ship["te_mast_over"]]
    return {**state, "ships": {**state["ships"], ship_id: {**ship, "mast_over": over}}}


def cited(res):
    """The 1981 steps for a mast over the side, cited by this text's number."""
    if isinstance(res, Resolution):
        res.working = [Step(s.step, s.value, "TE 2.6 36.2.2") if "mast" in s.step and "over the side" in s.step
                       or s.step == "mast over the side" else s for s in res.working]
    return res


def no_fire(state: dict, ship_id: str) -> None:
    """36.2.2 "If the mast hangs over the side, the ship cannot fire until it has been cut loose"."""
    ship = state["ships"].get(ship_id)
    if ship and hanging(ship):
        raise Refused(f"{ship['name']} has a mast hanging over the side: she cannot fire until it is cut loose "
                      f"(TE 2.6 36.2.2; umpire mast {ship_id} --cut)")


def plan(state: dict, tables, ship_id: str, opts: dict):
    if not in_play(state):
        raise Refused(f"masts lost with the rigging belong to the optional rule {RULE!r} (TE 2.6 36.0), which this "
                      f"game was not started with (umpire new ... --optional {RULE})")
    if ship_id not in state["ships"]:
        raise BadInput(f"no ship {ship_id!r}")
    unknown = sorted(k for k in opts if k != "cut")
    if unknown:
        raise BadInput(f"mast: option {unknown[0]!r} is not a wsim-te26 option (mast SHIP [--cut [left|right]])")
    ship = state["ships"][ship_id]
    if opts.get("cut"):
        i = _which(state, ship, str(opts["cut"]).lower())
        return Plan(DiceNeed(2, 6, ("unfouling", "unfouling")),
                    lambda rolls, strict: _cut(state, tables, ship_id, i, rolls))
    due = ship.get("te_masts_due", 0)
    if not due:
        raise Refused(f"{ship['name']} owes no mast die: one is rolled for each whole rigging section lost "
                      "(TE 2.6 36.2)")
    tables["loss-of-rigging"]
    return Plan(DiceNeed(due, 6, tuple(f"mast {i + 1}" for i in range(due))),
                lambda rolls, strict: _roll(state, tables, ship_id, rolls))


def _row(table: dict, total: int) -> int:
    """The row holding a total; one beyond the card's rows reads its first or last row."""
    return row_or_edge(table, total)


def _roll(state: dict, tables, ship_id: str, rolls) -> Resolution:
    ship = state["ships"][ship_id]
    t = tables["loss-of-rigging"]
    over = hanging(ship)
    steps, masts = [], []
    for i, die in enumerate(rolls):
        cell = str(t["cells"][_row(t, die)][0]).strip()
        text = cell.lower()
        if "over the side" in text or "hangs" in text:
            word = next((w for w in re.findall(r"[a-z]+", text) if w in _SIDE), None)
            side = _SIDE[word] if word else None
            over.append({"side": side, "turn": state["turn"], "id": f"{state['turn']}.{len(over)}"})
            masts.append({"roll": die, "result": "over the side", "side": side})
            steps.append(Step(f"mast {i + 1}, die {die}", cell, t["source"]))
            steps.append(Step("mast over the side" + (f" ({side} broadside)" if side else ""),
                              "she cannot fire, her speed is one less and she may not turn until it is cut loose "
                              "(mast --cut, from the next Unfouling Phase)" +
                              ("" if side else "; the card gives no broadside: the umpire reads which one for "
                               "36.2.4"), "TE 2.6 36.2.2-36.2.4"))
        elif "free" in text:
            masts.append({"roll": die, "result": "falls free", "side": None})
            steps.append(Step(f"mast {i + 1}, die {die}", f"{cell}: no result beyond the lost rigging section",
                              f"{t['source']}; TE 2.6 36.2.1"))
        else:
            masts.append({"roll": die, "result": cell, "side": None})
            steps.append(Step(f"mast {i + 1}, die {die}", f"{cell} (the umpire applies the card's result)",
                              t["source"]))
    effects = [set_(["ships", ship_id, "te_masts_due"], 0)]
    if len(over) != len(hanging(ship)):
        effects.append(set_(["ships", ship_id, "te_mast_over"], over))
    summary = f"{ship['name']}: " + "; ".join(f"mast {m['result']}" for m in masts)
    return Resolution("mast", summary, effects, steps, {"ship": ship_id, "masts": masts, "rolls": list(rolls),
                                                        "mast_over": [m["side"] for m in over]})


def _which(state: dict, ship: dict, side: str) -> int:
    over = hanging(ship)
    if not over:
        raise Refused(f"{ship['name']} has no mast hanging over the side to cut loose")
    if side not in ("any", "true", "") and side not in SIDES:
        raise BadInput(f"--cut {side!r}: use left or right")
    tries = ship.get("tries", [])
    ready = [i for i, m in enumerate(over) if m["turn"] < state["turn"] and f"cut-mast:{m['id']}" not in tries]
    if side in SIDES:
        ready = [i for i in ready if over[i]["side"] in (side, None)]
    if not ready:
        if all(m["turn"] == state["turn"] for m in over):
            raise Refused(f"{ship['name']}'s mast went over the side this turn: it is cut loose in a later turn's "
                          "Unfouling Phase (TE 2.6 36.2.3)")
        raise Refused(f"{ship['name']} has tried to cut loose that mast this turn (one roll in each Unfouling "
                      "Phase, TE 2.6 36.2.3)" if side not in SIDES or any(m["side"] in (side, None) for m in over)
                      else f"{ship['name']} has no mast over her {side} side")
    return ready[0]


def _cut(state: dict, tables, ship_id: str, i: int, rolls) -> Resolution:
    """36.2.3 "During the Unfouling Phase, roll two dice to attempt to cut the mast loose. A
    successful unfouling result cuts the mast"."""
    ship = state["ships"][ship_id]
    u = tables["unfouling"]
    a, b = rolls[0], rolls[1]
    row = _row(u, a + b)
    cell = u["cells"][row][0]
    success = cell == "success"
    over = hanging(ship)
    side = over[i].get("side")
    effects = [set_(["ships", ship_id, "tries"], ship.get("tries", []) + [f"cut-mast:{over[i]['id']}"])]
    steps = [Step(f"Unfouling Table, {a} + {b} = {a + b} (row {u['rows'][row]})",
                  "cut loose" if success else "still over the side", f"{u['source']}; TE 2.6 36.2.3")]
    if success:
        del over[i]
        effects.append(set_(["ships", ship_id, "te_mast_over"], over))
    else:
        steps.append(Step("adjacent ships in play of that broadside", "roll for fouling (umpire foul)",
                          "TE 2.6 36.2.4"))
    what = f"the mast over her {side} side" if side else "the mast over the side"
    return Resolution("mast", f"{ship['name']}: {what} is " + ("cut loose" if success else "not cut loose"),
                      effects, steps, {"ship": ship_id, "cut": side, "success": success, "rolls": [a, b],
                                       "mast_over": [m["side"] for m in over]})
