"""The first edition's Wind (Optional Rules: Wind 1-3; Wind Direction Changes; the Gale and
Storm notes): force 1 light breeze to 6 storm, 0 becalmed, 7 the seas too high to fight.

Every third Move one die against the wind number; if it equals or exceeds it, a die on the
Wind Direction Changes table, a die for the force (1-2 down, 3-4 the same, 5-6 up) and a die
for the new wind number (3(a)-(c)). The Wind Table's cells are the umpire's (pack `wind-force`);
the notes under it (hit table and full sails in a gale or storm) are read from the text."""

from __future__ import annotations

from umpire.core.dice import DiceNeed
from umpire.core.errors import BadInput, Refused
from umpire.core.state import Resolution, Step, set_
from umpire.rules.wsim.dice import Dice
from umpire.rules.wsim.wind import force_name, number_option, initial, public, wind_turn  # noqa: F401  (the 1981 start and status serve 1974 too)

RULE = "1974 Optional Rules: Wind"


def describe(wind: dict, tables) -> str:
    where = f"toward {wind['direction']}" if wind["direction"] else "direction not set"
    return (f"{force_name(wind['velocity'], tables) or 'not on the Wind Table'} (force {wind['velocity']}), "
            f"{where}, wind number {wind['change'] or '-'}")


def status(wind: dict, tables) -> dict:
    """The wind as `status` shows it: the 1981 keys, and the force by its name."""
    return {**public(wind), "force": force_name(wind["velocity"], tables)}


def set_wind(state: dict, opts: dict, tables) -> Resolution:
    """The umpire sets the wind: the scenario's, a die rolled for a varied start (Wind 1-2,
    NOTES), or a correction. A direction set in Move 1 (or the first one set) is the initial
    direction the Wind Direction Changes table can return to."""
    top = len(tables["wind"]["velocities"]) - 2     # the last name ends the game; it is not set by hand
    given = {k: number_option(opts, k, lo, hi) for k, lo, hi in (("direction", 1, 6), ("velocity", 0, top),
                                                          ("change", 1, 6))}
    wind = dict(state["wind"])
    for key, value in given.items():
        if value is not None:
            wind[key] = value
    if wind["direction"] and (not wind["initial"] or (state["turn"] == 1 and given["direction"])):
        wind["initial"] = wind["direction"]   # a direction set before play (a varied start) is the initial one
    words = {"direction": "direction", "velocity": "force", "change": "wind number"}
    steps = [Step("wind set", ", ".join(f"{words[k]} {v}" for k, v in given.items() if v is not None),
                  f"{RULE} 1-2")]
    return Resolution("wind", f"wind set: {describe(wind, tables)}", [set_(["wind"], wind)], steps,
                      {"wind": status(wind, tables), "changed": wind != state["wind"], "rolls": []})


def roll_need(state: dict, tables) -> DiceNeed:
    """Before Moves 3, 6, 9, ...: once a Move, up to four dice (3, 3(a)-(c))."""
    wind_turn(state, tables, "Move", f"{RULE} 3")
    if not state["wind"]["direction"]:
        raise BadInput("the wind direction is not set: set it first with `umpire wind --direction N`")
    return DiceNeed(4, 6, ("change", "direction", "force", "wind number"))


def roll(state: dict, rolls: tuple[int, ...], typed: bool, tables) -> Resolution:
    """The change die; if it equals or exceeds the wind number, the direction die (Wind
    Direction Changes), the force die and the die for the new wind number (3(a)-(c))."""
    wind, turn = dict(state["wind"]), state["turn"]
    w = tables["wind"]
    src = tables.source("wind")
    dice = Dice(tuple(rolls), typed, "this wind roll")
    first = dice.take("change die")
    steps = [Step("change die", f"{first} against wind number {wind['change']}", f"{RULE} 3")]
    wind["rolled_turn"] = turn
    changes = first >= wind["change"]
    if not changes:
        steps.append(Step("less than the wind number", "the wind does not change", f"{RULE} 3"))
    else:
        die = dice.take("direction (Wind Direction Changes)")
        shift = w["direction_change"][die - 1]
        if shift == "initial":
            wind["direction"] = wind["initial"] or wind["direction"]
            said = f"back to the initial direction {wind['direction']}"
        else:
            wind["direction"] = (wind["direction"] - 1 + shift * w["clockwise_step"]) % 6 + 1
            said = "no change" if shift == 0 else \
                f"{60 * abs(shift)}° {'clockwise' if shift > 0 else 'counter-clockwise'} -> {wind['direction']}"
        steps.append(Step(f"Wind Direction Changes, die {die}", said, src))
        die = dice.take("force")
        velocity = max(0, wind["velocity"] + w["velocity_change"][die - 1])
        names = w["velocities"]
        steps.append(Step(f"force die {die}", f"{names[wind['velocity']]} -> {names[velocity]}", f"{RULE} 3(b)"))
        if velocity == len(names) - 1:
            steps.append(Step("above a storm", "the game ends at once: the seas are too high to fight a battle",
                              f"{RULE} 3(b)"))
        if velocity == 0 and wind["velocity"] > 0:
            steps.append(Step("below a light breeze", "all ships are becalmed: no movement, turning only",
                              f"{RULE} 3(b)"))
        wind["velocity"] = velocity
        if w["new_wind_number"] and velocity != len(names) - 1:   # no new number once the game is over
            wind["change"] = dice.take("new wind number")
            steps.append(Step("new wind number", str(wind["change"]), f"{RULE} 3(c)"))
    used = dice.finish()
    return Resolution("wind", f"Move {turn} wind: {describe(wind, tables)}", [set_(["wind"], wind)], steps,
                      {"wind": status(wind, tables), "changed": changes, "rolls": list(used)})


def size(ship: dict, tables) -> str:
    """The Wind Table's ship size from her gun rating: "98", "50", "32" or "small"."""
    guns = ship.get("rated_guns") or 0
    if not guns:
        raise BadInput(f"{ship['name']}: the wind force acts by the ship's gun rating (98+, 50+, 32+ guns or small "
                       f"ships), and hers is not known: give it once with `umpire ship edit {ship['id']} --rate N` "
                       "(or `ship add --rate N`, or `rated_guns = N` on her line in the scenario)")
    for name, least in sorted(tables["wind"]["sizes"].items(), key=lambda kv: -kv[1]):
        if guns >= least:
            return name
    return "small"


SIZE_WORDS = {"98": "98+ guns", "50": "50+ guns", "32": "32+ guns", "small": "small ships"}


def hit_modifier(ship: dict, wind: dict, tables) -> tuple[int, Step] | None:
    """Gale and Storm notes: what the wind takes off her BHT when she fires, if anything."""
    name = tables["wind"]["velocities"][wind["velocity"]]
    note = tables["wind"].get(name.replace(" ", "_"))
    if not note:
        return None
    value = note["hit_table"].get(size(ship, tables), 0)
    if not value:
        return None
    return value, Step(f"{name}, {SIZE_WORDS[size(ship, tables)]}", f"{value:+d}", tables.source("wind"))


def check_full_sails(ship: dict, wind: dict, tables) -> None:
    """Gale: small ships cannot carry full sails; storm: no ship can (Wind Table notes)."""
    name = tables["wind"]["velocities"][wind["velocity"]]
    note = tables["wind"].get(name.replace(" ", "_"))
    if note and size(ship, tables) in note["no_full_sails"]:
        raise Refused(f"{ship['name']} ({SIZE_WORDS[size(ship, tables)]}) cannot carry full sails in a {name} "
                      "(Wind Table notes)")


def speed_in_wind(res: Resolution, ship: dict, wind: dict, tables) -> Resolution:
    """Becalmed: no movement (3(b)). Otherwise the Wind Table's number for her size and attitude
    is subtracted (the umpire's pack `wind-force`); the table prints no column for attitude D,
    so D loses nothing (docs/rulings.md). Never below 0."""
    data, steps = dict(res.data), list(res.working)
    value, v = data["allowance"], wind["velocity"]
    name = tables["wind"]["velocities"][v]
    effect = 0
    if v == 0:
        value = 0
        steps.append(Step("becalmed", "no movement; she may turn", f"{RULE} 3(b)"))
    elif data["attitude"] == "D":
        steps.append(Step(f"Wind Table, {name}, attitude D", "no column: nothing subtracted", f"{RULE} 2"))
    else:
        table = tables["wind-force"]           # refused here (exit 2, naming the table) without the pack
        col = table["columns"].index(f"{SIZE_WORDS[size(ship, tables)]} {data['attitude']}")
        effect = -abs(int(table["cells"][v - 1][col]))
        value = max(0, value + effect)
        steps.append(Step(f"Wind Table, {name}, {table['columns'][col]}", f"{effect:+d} -> {value}",
                          tables.source("wind-force")))
    data.update({"allowance": value, "wind_effect": effect, "velocity": v})
    return Resolution("speed", f"{ship['name']} attitude {data['attitude']}: {value} hex(es) ({name})", [], steps,
                      data)
