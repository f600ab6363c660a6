"""The Advanced wind phase (Advanced Game III.A; Optional Rules V): direction 1-6 clockwise,
velocity 0 (becalmed) to 7 (hurricane), and the change number rolled against every third turn."""

from __future__ import annotations

from umpire.core.dice import DiceNeed
from umpire.core.errors import BadInput, Refused
from umpire.core.state import Resolution, Step, set_
from umpire.rules.wsim.dice import Dice

NORMAL_BREEZE = 3   # the contract's start for a game whose scenario gives no wind


def initial(scenario_wind: dict | None, tables) -> dict:
    """The wind a game starts with: the scenario's (direction, velocity by name or number,
    change), else a normal breeze with direction and change number not yet set (0)."""
    w = scenario_wind or {}
    names = [n.lower() for n in tables["wind"]["velocities"]]
    velocity = w.get("velocity", w.get("force", NORMAL_BREEZE))
    if isinstance(velocity, str):
        velocity = names.index(velocity.lower()) if velocity.lower() in names else NORMAL_BREEZE
    direction = int(w.get("direction") or 0)
    return {"direction": direction, "velocity": int(velocity), "change": int(w.get("change") or 0),
            "initial": direction, "rolled_turn": 0}


def force_name(velocity, tables) -> str | None:
    """The Wind Table's name of a force, or None for a number the table does not have (a hand-edited
    game file): status still shows the number."""
    names = tables["wind"]["velocities"]
    ok = isinstance(velocity, int) and not isinstance(velocity, bool) and 0 <= velocity < len(names)
    return names[velocity] if ok else None


def public(wind: dict) -> dict:
    """The wind as status shows it: unset numbers are null."""
    return {"direction": wind["direction"] or None, "velocity": wind["velocity"], "change": wind["change"] or None}


def number_option(opts: dict, key: str, lo: int, hi: int) -> int | None:
    value = opts.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not str(value).strip().isdigit() or not lo <= int(value) <= hi:
        raise BadInput(f"--{key} {value!r}: use a whole number {lo} to {hi}")
    return int(value)


def set_wind(state: dict, opts: dict, tables) -> Resolution:
    """The umpire sets the wind (a scenario's start, or a correction); the first direction set is
    the initial direction that "shifts back to initial dir" returns to."""
    top = len(tables["wind"]["velocities"]) - 1
    given = {k: number_option(opts, k, lo, hi) for k, lo, hi in (("direction", 1, 6), ("velocity", 0, top),
                                                          ("change", 1, 6))}
    wind = dict(state["wind"])
    for key, value in given.items():
        if value is not None:
            wind[key] = value
    if not wind["initial"] and wind["direction"]:
        wind["initial"] = wind["direction"]
    steps = [Step("wind set", ", ".join(f"{k} {v}" for k, v in given.items() if v is not None), "Advanced III.A.1-2")]
    return Resolution("wind", f"wind set: {_describe(wind, tables)}", [set_(["wind"], wind)], steps,
                      {"wind": public(wind), "changed": wind != state["wind"], "rolls": []})


def roll_need(state: dict, optional: list[str], tables) -> DiceNeed:
    """The wind phase of turns 3, 6, 9, ...: once a turn; at most three dice, four with
    `changing-wind-number`."""
    wind_turn(state, tables, "turn", "Advanced III.A.3")
    return DiceNeed(4 if "changing-wind-number" in optional else 3, 6)


def wind_turn(state: dict, tables, word: str, source: str) -> None:
    """Refuse a wind roll out of its turn (every `change_turns`: 3, 6, 9, ...), a second roll in
    one turn, or one before the change number is set. `word` is what the edition calls a turn."""
    wind, turn = state["wind"], state["turn"]
    every = tables["wind"]["change_turns"]
    if turn % every:
        raise Refused(f"{word} {turn} is not a wind {word}: the wind may change in {word}s {every}, {2 * every}, "
                      f"{3 * every}, ... ({source})")
    if wind["rolled_turn"] == turn:
        raise Refused(f"the wind has been rolled already in {word} {turn}")
    if not wind["change"]:
        raise BadInput("the wind change number is not set: set it first with `umpire wind --change N`")


def check_end_turn(state: dict, tables, word: str = "turn", source: str = "Advanced III.A.3") -> list[Step]:
    """A wind turn (3, 6, 9, ...) may not end before its wind phase is rolled: the roll belongs to
    that turn and is refused after it. With no change number set the wind cannot be rolled: the
    turn ends with a reminder."""
    wind, turn = state.get("wind"), state["turn"]
    if not wind or turn % tables["wind"]["change_turns"] or wind.get("rolled_turn") == turn:
        return []
    if not wind.get("change"):
        return [Step(f"{word} {turn} is a wind {word}", "no wind roll: the change number is not set "
                     "(umpire wind --change N)", source)]
    raise Refused(f"{word} {turn} is a wind {word}: roll its wind phase first (umpire wind; {source})")


def roll(state: dict, rolls: tuple[int, ...], typed: bool, optional: list[str], tables) -> Resolution:
    """Roll the wind phase (III.A.3): the change die; if it equals or exceeds the change number,
    the direction and velocity dice; with `changing-wind-number`, when the wind did change, a
    fourth die for the new change number (Optional V)."""
    wind, turn = dict(state["wind"]), state["turn"]
    w = tables["wind"]
    dice = Dice(tuple(rolls), typed, "this wind phase")
    first = dice.take("change die")
    steps = [Step("change die", f"{first} against change number {wind['change']}", "Advanced III.A.3")]
    wind["rolled_turn"] = turn
    if first < wind["change"]:
        steps.append(Step("less than the change number", "no change", "Advanced III.A.3"))
    else:
        turn_dir, turn_vel = dice.take("direction"), dice.take("velocity")
        shift = w["direction_change"][turn_dir - 1]
        if shift == "initial":
            wind["direction"] = wind["initial"] or wind["direction"]
            said = f"back to the initial direction {wind['direction']}"
        else:
            wind["direction"] = (wind["direction"] - 1 + shift) % 6 + 1 if wind["direction"] else 0
            said = "no change" if shift == 0 else \
                f"{60 * abs(shift)} degrees {'clockwise' if shift > 0 else 'counter-clockwise'}"
        steps.append(Step(f"Wind Direction Change Table, die {turn_dir}", said, tables.source("wind")))
        velocity = max(0, wind["velocity"] + w["velocity_change"][turn_vel - 1])
        steps.append(Step(f"Wind Velocity Change Table, die {turn_vel}",
                          f"{w['velocities'][wind['velocity']]} -> {w['velocities'][velocity]}", tables.source("wind")))
        if velocity == len(w["velocities"]) - 1 and velocity != wind["velocity"]:
            steps.append(Step("storm to hurricane", "the game ends at once", "Advanced III.A.3.c"))
        if velocity == 0 and wind["velocity"] > 0:
            steps.append(Step("becalmed", "no movement but turning in place until the wind rises",
                              "Advanced III.A.3.c"))
        wind["velocity"] = velocity
    changed = (wind["direction"], wind["velocity"]) != (state["wind"]["direction"], state["wind"]["velocity"])
    if changed and "changing-wind-number" in optional:
        wind["change"] = dice.take("new change number")
        steps.append(Step("new change number", str(wind["change"]), "Optional Rules V"))
    used = dice.finish()
    return Resolution("wind", f"turn {turn} wind: {_describe(wind, tables)}", [set_(["wind"], wind)], steps,
                      {"wind": public(wind), "changed": changed, "rolls": list(used)})


def _describe(wind: dict, tables) -> str:
    where = f"toward {wind['direction']}" if wind["direction"] else "direction not set"
    return f"{tables['wind']['velocities'][wind['velocity']]} ({wind['velocity']}), {where}, change {wind['change'] or '-'}"


def effects_column(class_number: int | None) -> str | None:
    """The Wind Effects Table's column for a counter's class number (Introduction II.C)."""
    return {1: "class_1", 2: "class_2", 3: "class_3_4", 4: "class_3_4", 5: "class_5_6", 6: "class_5_6",
            7: "rowed"}.get(class_number or 0)


def speed_in_wind(res: Resolution, ship: dict, wind: dict, effects: bool, tables) -> Resolution:
    """The allowance as the wind leaves it: none when becalmed (III.A.3.c); with the Wind Effects
    Table in play, its value for the ship's class and attitude subtracted, never below 0 (III.B.2),
    and a rowed vessel (class 7) not becalmed: the table's becalmed row gives her 0."""
    data, steps = dict(res.data), list(res.working)
    value, v = data["allowance"], wind["velocity"]
    effect = 0
    name = tables["wind"]["velocities"][v]
    # the table's becalmed row: "Ships may not move" over classes 1-6, 0 for rowed vessels (their oars)
    rowing = v == 0 and effects and effects_column(ship.get("class_number")) == "rowed"
    if v == 0 and not rowing:
        value = 0
        steps.append(Step("becalmed", "no movement other than turning in place", "Advanced III.A.3.c"))
    elif effects:
        column = effects_column(ship.get("class_number"))
        if column is None:
            raise BadInput(f"{ship['name']}: the Wind Effects Table needs the counter's class number "
                           "(ship add --class 1-7)")
        row = tables["wind"]["effects"][column].get(str(v))
        if row is None:
            if column == "rowed" and 0 < v < len(tables["wind"]["velocities"]) - 1:
                raise Refused(f"{ship['name']}: a rowed vessel can only drift in a {name} (Wind Effects Table)")
            raise Refused(f"{ship['name']}: the Wind Effects Table gives no movement for class {ship['class_number']} "
                          f"in a {name}")
        effect = row["ABCD".index(data["attitude"])]
        value = max(0, value + effect)
        steps.append(Step(f"Wind Effects Table, {name}, {column.replace('_', ' ')} {data['attitude']}",
                          f"{effect:+d} -> {value}", tables.source("wind")))
    data.update({"allowance": value, "wind_effect": effect, "velocity": v})
    return Resolution("speed", f"{ship['name']} attitude {data['attitude']}: {value} hex(es) ({name})", [], steps,
                      data)
