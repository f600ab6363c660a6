"""Tournament Edition 2.6, fire aboard (Advanced 20.0, Firefighting Phase).

`burn SHIP set` marks her on fire (a critical hit, a spreading fire, musket wadding: the umpire
says). In each Firefighting Phase, `burn SHIP fight --crew N` rolls one die with N crew sections
at it (two at most, 19.7): equal to or below N puts the fire out (20.1); a 6 is rolled again and a
second 6 puts it out of control (20.2). `burn SHIP turn` is the phase with no attempt: one die
anyway, a 6 out of control (20.2). A fire not put out marks off one hull and one rigging square
(20.1); out of control it does so every turn until the last hull square (20.2). A ship on fire and
fouled or grappled to another rolls two dice for each: a 2 spreads the fire to her (20.4).
The crew sections fighting the fire count as crew sections down when she fires this turn (11.3.3).

Dice: the firefighting die (`fight` and `turn` while burning), the second die after a 6, then two
dice for each ship fouled or grappled to her, in the order of her fouled then grappled lists.
"""

from __future__ import annotations

from umpire.core.dice import DiceNeed
from umpire.core.errors import BadInput, Refused
from umpire.core.state import Resolution, Step, set_, has_state
from umpire.rules.wsim import gunnery
from umpire.rules.wsim.editions.te26 import sinking as te26_sinking
from umpire.core.tables import MissingTable

GONE = ("sunk", "exploded")
WHATS = ("set", "fight", "turn")   # and "fireship", Optional 51 (te26_sinking)


def check(state: dict, ship_id: str, what: str, areas: list, opts: dict, rules: dict) -> int:
    """The number of crew sections fighting (0 for `set` and `turn`), after refusing what the rules forbid."""
    if ship_id not in state["ships"]:
        raise BadInput(f"no ship {ship_id!r}")
    if what not in WHATS:
        raise BadInput(f"burn {what}: the Tournament Edition takes burn SHIP set|fight|turn (20.0)")
    if areas:
        raise BadInput(f"burn {' '.join(areas)}: a WS&IM ship has no fire areas; give no areas")
    if opts.get("to"):
        raise BadInput("burn --to: not a wsim-te26 option")
    ship = state["ships"][ship_id]
    if ship["state"] in GONE:
        raise Refused(f"{ship['name']} {has_state(ship['state'])}")
    fire = ship.get("te_fire", "")
    if fire == "fireship" or ship.get("te_fireship"):
        raise Refused(f"{ship['name']} is a fireship afire: the fire may not be put out, and she burns in the "
                      "Destroyed Hull Phase (`umpire sink`, TE 2.6 51.7-51.8)")
    if what == "set":
        if fire:
            raise Refused(f"{ship['name']} is already on fire ({fire})")
        return 0
    if not fire:
        raise Refused(f"{ship['name']} is not on fire (set it with `umpire burn {ship_id} set`)")
    if ship.get("te_fire_turn") == state["turn"]:
        raise Refused(f"{ship['name']}'s fire has had its Firefighting Phase this turn (TE 2.6 17.0 C); "
                      "end the turn first")
    if what == "turn":
        if opts.get("crew"):
            raise BadInput("burn turn --crew: crew sections fight a fire with `burn SHIP fight --crew N`")
        return 0
    if fire == "out of control":
        raise Refused(f"{ship['name']}'s fire is out of control: it can no longer be put out (TE 2.6 20.2)")
    crew = str(opts.get("crew") or "")
    if not crew.isdigit() or int(crew) < 1:
        raise BadInput("burn fight --crew N: the number of crew sections fighting the fire (1 or 2)")
    n = int(crew)
    if n > rules["most_sections"]:
        raise Refused(f"{n} crew sections: no more than {rules['most_sections']} crew sections can be assigned "
                      "to specialized tasks such as firefighting (TE 2.6 19.7)")
    manned = sum(1 for c in ship["crew_left"] if c > 0)
    if n > manned:
        raise Refused(f"{ship['name']} has {manned} crew section(s) with crew left; {n} cannot fight the fire")
    return n


def _neighbours(state: dict, ship: dict) -> list[str]:
    out = []
    for sid in ship["fouled"] + ship["grappled"]:
        if sid not in out and sid in state["ships"] and state["ships"][sid]["state"] not in GONE:
            out.append(sid)
    return out


def need(state: dict, ship_id: str, what: str) -> DiceNeed:
    ship = state["ships"][ship_id]
    labels: list[str] = []
    if ship.get("te_fire") == "burning":
        labels += ["firefighting die", "second die after a 6"]
    for sid in _neighbours(state, ship):
        labels += [f"spreading to {sid}", f"spreading to {sid}"]
    return DiceNeed(len(labels), 6, tuple(labels))


def set_fire(state: dict, ship_id: str) -> Resolution:
    ship = state["ships"][ship_id]
    return Resolution("burn", f"{ship['name']} is on fire", [set_(["ships", ship_id, "te_fire"], "burning")],
                      [Step("on fire", "burning until put out", "TE 2.6 20.0")],
                      {"ship": ship_id, "what": "set", "fire": "burning"})


def resolve(state: dict, ship_id: str, what: str, crew: int, rolls: tuple[int, ...], strict: bool,
            tables) -> Resolution:
    rules = tables["procedures"]["firefighting"]
    ship = state["ships"][ship_id]
    fire = ship["te_fire"]
    dice = list(rolls)
    used: list[int] = []
    steps: list[Step] = []

    def die(label: str) -> int:
        if not dice:
            raise BadInput(f"burn needs another die ({label}): the firefighting die, a second die after a 6, then "
                           "two dice for each ship fouled or grappled to her")
        used.append(dice.pop(0))
        return used[-1]

    out = False
    if fire == "burning":
        d = die("firefighting die")
        if what == "fight":
            out = d <= crew
            steps.append(Step(f"firefighting die {d}, {crew} crew section(s)", "the fire is out" if out else
                              "not put out", "TE 2.6 20.1"))
            if d == rules["out_of_control"]:
                d2 = die("second die after a 6")
                if d2 == rules["out_of_control"]:
                    fire = "out of control"
                steps.append(Step(f"a 6: rolled again, {d2}", "another 6: the fire is out of control"
                                  if fire == "out of control" else "not out of control", "TE 2.6 20.2"))
        else:
            steps.append(Step("no firefighting attempt", f"one die anyway: {d}", "TE 2.6 20.2"))
            if d == rules["no_attempt_out_of_control"]:
                fire = "out of control"
                steps.append(Step("a 6", "the fire is out of control", "TE 2.6 20.2"))
    else:
        steps.append(Step("fire out of control", "no die: it burns on", "TE 2.6 20.2"))
    effects = [set_(["ships", ship_id, "te_fire_turn"], state["turn"])]
    if what == "fight":
        effects.append(set_(["ships", ship_id, "te_firefighters"], {"turn": state["turn"], "sections": crew}))
    hits = dict.fromkeys(gunnery.TRACKS, 0)
    if not out:
        hits.update(hull=rules["burn_hull"], rigging=rules["burn_rigging"])
        marks, mark_steps, _ = gunnery.mark_hits(ship, hits, gunnery.Fire(ship_id, ship_id, 0, "left"))
        effects += [set_(["ships", ship_id] + list(k), v) for k, v in marks]
        steps.append(Step("the fire burns", "one hull and one rigging square", "TE 2.6 20.1" +
                          (", 20.2" if fire == "out of control" else "")))
        steps += mark_steps
        if dict(marks).get(("hull_left",)) == 0 and not ship.get("te_destroyed"):
            effects += te26_sinking.destroyed(state, ship_id, None, steps, tables)
    effects.append(set_(["ships", ship_id, "te_fire"], "" if out else fire))
    spread = []
    if not out:
        for sid in _neighbours(state, ship):
            a, b = die(f"spreading to {sid}"), die(f"spreading to {sid}")
            other = state["ships"][sid]
            catches = a + b == rules["spreads_on"]
            steps.append(Step(f"fouled or grappled to {other['name']}: dice {a} + {b}",
                              "the fire spreads to her (Critical Hit 2H)" if catches else "it does not spread",
                              "TE 2.6 20.4"))
            if catches and not other.get("te_fire"):
                spread.append(sid)
                effects.append(set_(["ships", sid, "te_fire"], "burning"))
                steps.append(_critical_2h(tables))
    if strict and dice:
        raise BadInput(f"burn used {len(used)} dice ({', '.join(map(str, used)) or 'none'}); got {len(rolls)}")
    now = "out" if out else fire
    summary = f"{ship['name']}: the fire is " + ("out" if out else "out of control" if fire == "out of control"
                                                  else "still burning") + \
        (f"; it spreads to {', '.join(state['ships'][s]['name'] for s in spread)}" if spread else "")
    return Resolution("burn", summary, effects, steps,
                      {"ship": ship_id, "what": what, "rolls": used, "fire": now, "spread": spread, "hits": hits})


def _critical_2h(tables) -> Step:
    """20.4 "Consult Critical Hit "2H"": the card's entry when the game has it."""
    try:
        crit = tables["critical-hits"]
    except MissingTable:
        return Step("Critical Hit 2H", "on the Critical Hit Table card (not in this game's pack)", "TE 2.6 20.4")
    return Step("Critical Hit 2H", crit["cells"][0][crit["columns"].index("hull")], f"{crit['source']}; TE 2.6 20.4")
