"""Tournament Edition 2.6, the Wind Phase (Advanced 30.0; Optional 40 and 43).

The wind is rolled every turn with two dice (30.1.2). When the total equals the wind change
number, one die on the Wind Direction Change Table shifts the wind arrow (30.1.2.1); with
Optional 40 (wind velocity) a second die on the Wind Velocity Changes Table (40.2); with
Optional 43 (changing wind number), when the wind has changed, a die on the Changing Wind Number
Chart gives the new change number. The three tables are on the cards: pack tables.

A scenario's original (one die, every third turn) change number 6, 5 or 4 becomes 11, 9 or 7
(30.1.2.1); any other original number has no Tournament Edition value and is left for the umpire
to set (`wind --change N`, 2-12; docs/rulings.md).
"""

from __future__ import annotations

from umpire.core.dice import DiceNeed
from umpire.core.errors import BadInput, Refused
from umpire.core.state import Resolution, Step, set_

def rules_of(tables) -> dict:
    """The Wind Phase's numbers (procedures.toml [wind]) with the velocity names (wind.toml)."""
    return {**tables["procedures"]["wind"], "velocities": tables["wind"]["velocities"]}


SHIFTS = {"no change": 0, "1 clockwise": 1, "1 counterclockwise": -1, "2 clockwise": 2, "2 counterclockwise": -2,
          "3": 3}


def initial(scenario_wind: dict | None, rules: dict) -> dict:
    w = scenario_wind or {}
    velocity = w.get("velocity", w.get("force", rules["normal_breeze"]))
    if isinstance(velocity, str):
        names = [n.lower() for n in rules["velocities"]]
        velocity = names.index(velocity.lower()) if velocity.lower() in names else rules["normal_breeze"]
    direction = int(w.get("direction") or 0)
    change = int(w.get("change") or 0)
    change = rules["original_change"].get(str(change), 0)
    return {"direction": direction, "velocity": int(velocity), "change": change, "initial": direction,
            "rolled_turn": 0}


def public(wind: dict) -> dict:
    return {"direction": wind["direction"] or None, "velocity": wind["velocity"], "change": wind["change"] or None}


def _describe(wind: dict, rules: dict) -> str:
    where = f"toward {wind['direction']}" if wind["direction"] else "direction not set"
    return f"{rules['velocities'][wind['velocity']]} ({wind['velocity']}), {where}, change {wind['change'] or '-'}"


def set_wind(state: dict, opts: dict, rules: dict) -> Resolution:
    lo, hi = rules["change_range"]
    limits = {"direction": (1, 6), "velocity": (0, len(rules["velocities"]) - 1), "change": (lo, hi)}
    unknown = sorted(set(opts) - set(limits))
    if unknown:
        raise BadInput(f"wind: option {unknown[0]!r} is not a wsim-te26 option (--direction, --velocity, --change)")
    wind = dict(state["wind"])
    given = {}
    for key, (a, b) in limits.items():
        value = opts.get(key)
        if value is None:
            continue
        if isinstance(value, bool) or not str(value).strip().isdigit() or not a <= int(value) <= b:
            raise BadInput(f"--{key} {value!r}: use a whole number {a} to {b}"
                           + (" (two dice, TE 2.6 30.1.2)" if key == "change" else ""))
        wind[key] = given[key] = int(value)
    if not wind["initial"] and wind["direction"]:
        wind["initial"] = wind["direction"]
    steps = [Step("wind set", ", ".join(f"{k} {v}" for k, v in given.items()), "TE 2.6 30.1, 40.1")]
    # imported here: `status` reads this module for the wind, and needs no rule of towing
    from umpire.rules.wsim.editions.te26.optional.towing import gale_ends_tows

    tows = gale_ends_tows(state, wind["velocity"], steps)
    return Resolution("wind", f"wind set: {_describe(wind, rules)}", [set_(["wind"], wind)] + tows, steps,
                      {"wind": public(wind), "changed": wind != state["wind"], "rolls": []})


def need(state: dict, optional: list[str], tables) -> DiceNeed:
    wind, turn = state["wind"], state["turn"]
    if wind["rolled_turn"] == turn:
        raise Refused(f"the wind has been rolled already in turn {turn} (one Wind Phase a turn, TE 2.6 17.0 O)")
    if not wind["change"]:
        raise BadInput("the wind change number is not set: set it first with `umpire wind --change N` (2-12)")
    tables["wind-direction-change"]                    # refused before any die without the pack's tables
    labels = ["wind change die 1", "wind change die 2", "Wind Direction Change Table"]
    if "wind-velocity" in optional:
        tables["wind-velocity-change"]
        labels.append("Wind Velocity Changes Table")
    if "changing-wind-number" in optional:
        tables["changing-wind-number"]
        labels.append("Changing Wind Number Chart")
    if "wind-velocity" in optional:
        for sid, ship in state["ships"].items():
            if ship.get("sails") == "full" and ship["state"] not in GONE:
                labels += [f"{sid}: storm damage", f"{sid}: critical hit die", f"{sid}: critical hit die"]
        labels += [f"{sid}: fouled or grappled" for sid in _locked(state)]
    return DiceNeed(len(labels), 6, tuple(labels))


GONE = ("sunk", "exploded")


def _locked(state: dict) -> list[str]:
    return [sid for sid, s in state["ships"].items() if (s["fouled"] or s["grappled"]) and s["state"] not in GONE]


def _velocity_effects(state: dict, before: int, wind: dict, die, steps: list[Step], tables) -> list[dict]:
    """Optional 40.3.4-40.3.5 at the end of the Wind Phase: a storm rising from a gale strikes
    ships at full sails; fouled or grappled ships hurt each other in a gale or storm."""
    import math

    # imported here: `status` reads this module for the wind, and needs no rule of gunnery
    from umpire.rules.wsim import gunnery

    wv = tables["procedures"]["wind_velocity"]
    ships = {sid: dict(s, rigging_left=list(s["rigging_left"])) for sid, s in state["ships"].items()}
    effects: list[dict] = []

    def lose(sid: str, n: int, why: str, cite: str) -> None:
        act = gunnery.Fire(sid, sid, 0, "left")
        marks, mark_steps, landed = gunnery.mark_hits(ships[sid], {"hull": 0, "guns": 0, "crew": 0, "rigging": n},
                                                      act)
        for k, v in marks:
            ships[sid][k[0]] = v
            effects.append(set_(["ships", sid] + list(k), v))
        steps.append(Step(f"{ships[sid]['name']}: {why}", f"{landed['rigging']} rigging square(s) lost", cite))

    if before == wv["gale"] and wind["velocity"] == wv["storm"]:
        for sid, ship in state["ships"].items():
            if ship.get("sails") != "full" or ship["state"] in GONE:
                continue
            d = die(f"{sid}: storm damage")
            lose(sid, math.ceil(d / 2), f"at full sails as the gale rises to a storm, die {d}", "TE 2.6 40.3.5")
            if d == 6:
                crit = tables["critical-hits"]
                a, b = die(f"{sid}: critical hit die"), die(f"{sid}: critical hit die")
                text = "no effect" if a + b in (5, 11) else crit["cells"][a + b - 2][crit["columns"].index("rigging")]
                steps.append(Step(f"{ship['name']}: a 6, Critical Hit Table (rigging), {a} + {b} = {a + b}", text,
                                  f"{crit['source']}; TE 2.6 40.3.5 (5R and 11R no effect)"))
    hits = wv["fouled_damage"].get(str(wind["velocity"]))
    if hits:
        for sid in _locked(state):
            d = die(f"{sid}: fouled or grappled")
            if d in hits:
                lose(sid, 1, f"fouled or grappled in a {'gale' if wind['velocity'] == wv['gale'] else 'storm'}, "
                     f"die {d}", "TE 2.6 40.3.4")
            else:
                steps.append(Step(f"{state['ships'][sid]['name']}: fouled or grappled, die {d}", "no damage",
                                  "TE 2.6 40.3.4"))
    return effects


def roll(state: dict, rolls: tuple[int, ...], strict: bool, optional: list[str], tables) -> Resolution:
    rules = rules_of(tables)
    wind, turn = dict(state["wind"]), state["turn"]
    dice = list(rolls)
    used: list[int] = []

    def die(label: str) -> int:
        if not dice:
            raise BadInput(f"the wind phase needs another die ({label}): two dice, then on the change number the "
                           "direction die, the velocity die (Optional 40) and the change number die (Optional 43)")
        used.append(dice.pop(0))
        return used[-1]

    a, b = die("wind change die 1"), die("wind change die 2")
    steps = [Step("two dice", f"{a} + {b} = {a + b} against change number {wind['change']}", "TE 2.6 30.1.2")]
    wind["rolled_turn"] = turn
    if a + b != wind["change"]:
        steps.append(Step("not the change number", "no change", "TE 2.6 30.1.2.1"))
    else:
        table = tables["wind-direction-change"]
        d = die("Wind Direction Change Table")
        said = table["cells"][d - 1][0]
        if said == "initial direction":
            wind["direction"] = wind["initial"] or wind["direction"]
        elif wind["direction"]:
            wind["direction"] = (wind["direction"] - 1 + SHIFTS[said]) % 6 + 1
        steps.append(Step(f"Wind Direction Change Table, die {d}", f"{said}: toward {wind['direction'] or '-'}",
                          table["source"]))
        if "wind-velocity" in optional:
            vt = tables["wind-velocity-change"]
            v = die("Wind Velocity Changes Table")
            before = wind["velocity"]
            wind["velocity"] = max(0, min(len(rules["velocities"]) - 1, before + vt["cells"][v - 1][0]))
            steps.append(Step(f"Wind Velocity Changes Table, die {v}",
                              f"{rules['velocities'][before]} -> {rules['velocities'][wind['velocity']]}", vt["source"]))
            if wind["velocity"] == rules["hurricane"] and before != rules["hurricane"]:
                steps.append(Step("hurricane", "the game ends at once; the player ahead on points wins, otherwise "
                                  "a draw (see `umpire score`)", "TE 2.6 40.3.4"))
        changed = (wind["direction"], wind["velocity"]) != (state["wind"]["direction"], state["wind"]["velocity"])
        if "changing-wind-number" in optional:
            if changed:
                ct = tables["changing-wind-number"]
                c = die("Changing Wind Number Chart")
                wind["change"] = ct["cells"][c - 1][0]
                steps.append(Step(f"Changing Wind Number Chart, die {c}", f"new change number {wind['change']}",
                                  ct["source"]))
            else:
                steps.append(Step("the wind did not change", "no new change number", "TE 2.6 43.0"))
    ship_effects: list[dict] = []
    if "wind-velocity" in optional:
        ship_effects = _velocity_effects(state, state["wind"]["velocity"], wind, die, steps, tables)
    # imported here: `status` reads this module for the wind, and needs no rule of towing
    from umpire.rules.wsim.editions.te26.optional.towing import gale_ends_tows

    ship_effects += gale_ends_tows(state, wind["velocity"], steps)
    if strict and dice:
        raise BadInput(f"the wind phase used {len(used)} dice ({', '.join(map(str, used))}); got {len(rolls)}")
    changed = (wind["direction"], wind["velocity"]) != (state["wind"]["direction"], state["wind"]["velocity"])
    return Resolution("wind", f"turn {turn} wind: {_describe(wind, rules)}", [set_(["wind"], wind)] + ship_effects,
                      steps, {"wind": public(wind), "changed": changed, "rolls": used})


VARIABLE = "variable-wind-direction-and-velocity"


def starts_variable(state: dict, optional: list[str]) -> bool:
    """Optional 42: the first wind roll of a game whose wind is not yet set is the start's three dice."""
    w = state["wind"]
    return VARIABLE in optional and not w["direction"] and not w["change"] and not w["rolled_turn"]


def start_need(tables) -> DiceNeed:
    tables["starting-wind-velocity"], tables["changing-wind-number"]
    return DiceNeed(3, 6, ("wind direction", "wind velocity (Wind Effects Table)", "Changing Wind Number Chart"))


def start_roll(state: dict, rolls: tuple[int, ...], tables) -> Resolution:
    """42.0 "roll a die 3 times. The first die determines the initial wind direction. The second die
    determines the wind velocity (Wind Effects Table). The third die determines the wind change
    number on the Changing Wind Number Chart"."""
    rules = rules_of(tables)
    d, v, c = rolls
    vt, ct = tables["starting-wind-velocity"], tables["changing-wind-number"]
    wind = {**state["wind"], "direction": d, "initial": d, "velocity": vt["cells"][v - 1][0],
            "change": ct["cells"][c - 1][0]}
    steps = [Step("initial wind direction", f"die {d}: toward {d}", "TE 2.6 42.0"),
             Step(f"wind velocity, die {v}", f"{rules['velocities'][wind['velocity']]} ({wind['velocity']})",
                  f"{vt['source']}; TE 2.6 42.0"),
             Step(f"wind change number, die {c}", str(wind["change"]), f"{ct['source']}; TE 2.6 42.0")]
    return Resolution("wind", f"the wind at the start: {_describe(wind, rules)}", [set_(["wind"], wind)], steps,
                      {"wind": public(wind), "changed": True, "rolls": list(rolls)})
