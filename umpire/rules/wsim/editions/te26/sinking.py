"""Tournament Edition 2.6, destroyed hulls (Advanced 24.3.1-24.3.2.2, 24.3.2.5, 24.3.3-24.3.5).

* The broadside that marks off a ship's last hull square is followed by the enemy's die on the
  Destroyed Hull Table (a pack table): she strikes, or she may sink or explode (24.3.2). A ship
  on fire at that moment may sink or explode without a die (24.3.2.5).
* `sink SHIP` is her Destroyed Hull Phase on each later turn (24.3.2.2): one die; on a 6 a second
  die, -1 for waterline damage, -1 in a gale or storm, +3 if she was on fire when her last hull
  square went: 1-3 she sinks, 6 (or more) she explodes (then `umpire explode`), 4-5 she goes on.
  When she sinks, each ship fouled to her rolls a die less her class number: rigging squares
  lost, no more than her current rigging section holds (24.3.5).
* `pumps SHIP --crew N`: N crew sections work the pumps for waterline damage this turn; they count
  as crew sections down when she fires (11.3.3), and her waterline damage counts at `sink`.
"""

from __future__ import annotations

from umpire.core.dice import DiceNeed
from umpire.core.errors import BadInput, Refused
from umpire.core.state import Resolution, Step, set_, has_state

DOOMED = "sink or explode"


def hull_die_needed(target: dict, hits_hull: int) -> bool:
    """Whether the broadside's hull hits take her last hull square (24.3.2)."""
    return target["hull_left"] > 0 and hits_hull >= target["hull_left"] and not target.get("te_destroyed")


def destroyed(state: dict, ship_id: str, die, steps: list[Step], tables) -> list[dict]:
    """Her last hull square is gone: the Destroyed Hull Table, or on fire sink-or-explode at once."""
    ship = state["ships"][ship_id]
    if ship.get("te_fire"):
        steps.append(Step(f"{ship['name']} is on fire as her last hull square goes", "she may sink or explode "
                          "(no Destroyed Hull Table die)", "TE 2.6 24.3.2.5"))
        return [set_(["ships", ship_id, "te_destroyed"], DOOMED), set_(["ships", ship_id, "te_fire_at_end"], True),
                set_(["ships", ship_id, "te_destroyed_turn"], state["turn"])]
    table = tables["destroyed-hull"]
    d = die("Destroyed Hull Table")
    result = table["cells"][d - 1][0]
    steps.append(Step(f"{ship['name']}: last hull square gone, Destroyed Hull Table die {d}", result, table["source"]))
    if result == "strikes":
        return []
    return [set_(["ships", ship_id, "te_destroyed"], DOOMED), set_(["ships", ship_id, "te_destroyed_turn"], state["turn"])]


def pumps(state: dict, ship_id: str, crew: float) -> Resolution:
    ship = state["ships"][ship_id]
    if crew != int(crew) or crew < 1:
        raise BadInput("pumps --crew N: the number of crew sections at the pumps (1 or more)")
    n = int(crew)
    manned = sum(1 for c in ship["crew_left"] if c > 0)
    if n > manned:
        raise Refused(f"{ship['name']} has {manned} crew section(s) with crew left")
    effects = [set_(["ships", ship_id, "te_waterline"], True),
               set_(["ships", ship_id, "te_pumps"], {"turn": state["turn"], "sections": n})]
    steps = [Step("waterline damage", f"{n} crew section(s) at the pumps this turn: a crew section down each when "
                  "she fires", "TE 2.6 11.3.3")]
    return Resolution("pumps", f"{ship['name']}: {n} crew section(s) at the pumps", effects, steps,
                      {"ship": ship_id, "sections": n})


def check_sink(state: dict, ship_id: str) -> dict:
    ship = state["ships"][ship_id]
    if ship["state"] in ("sunk", "exploded"):
        raise Refused(f"{ship['name']} {has_state(ship['state'])}")
    if ship.get("te_fireship") and ship.get("te_destroyed") != "explodes":
        if ship.get("te_sink_turn") == state["turn"]:
            raise Refused(f"{ship['name']} has had her Destroyed Hull Phase this turn")
        return ship
    if ship.get("te_destroyed") != DOOMED:
        raise Refused(f"{ship['name']} is not a ship that may sink or explode (her last hull square gone and the "
                      "Destroyed Hull Table's result, TE 2.6 24.3.2)")
    if ship.get("te_destroyed_turn") == state["turn"]:
        raise Refused(f"{ship['name']}'s hull went this turn: she rolls from the next turn's Destroyed Hull Phase "
                      "(TE 2.6 24.3.2.2)")
    if ship.get("te_sink_turn") == state["turn"]:
        raise Refused(f"{ship['name']} has had her Destroyed Hull Phase this turn")
    return ship


def sink_need(state: dict, ship_id: str) -> DiceNeed:
    ship = state["ships"][ship_id]
    fouled = [s for s in ship["fouled"] if s in state["ships"]]
    if fouled and not ship.get("class_number"):
        raise BadInput(f"{ship['name']} has no class number: a ship fouled to her loses rigging by it if she sinks "
                       "(TE 2.6 24.3.5); give her class with `ship add --class`")
    return DiceNeed(2 + len(fouled), 6, ("Destroyed Hull Phase die", "second die after a 6")
                    + tuple(f"{s}: rigging die" for s in fouled))


def sink(state: dict, ship_id: str, rolls: tuple[int, ...], strict: bool, tables) -> Resolution:
    ship = state["ships"][ship_id]
    dice = list(rolls)
    used: list[int] = []

    def die(label: str) -> int:
        if not dice:
            raise BadInput(f"sink needs another die ({label}): the phase's die, a second die after a 6, then one die "
                           "for each ship fouled to her if she sinks")
        used.append(dice.pop(0))
        return used[-1]

    effects = [set_(["ships", ship_id, "te_sink_turn"], state["turn"])]
    first = die("Destroyed Hull Phase die")
    steps = [Step("Destroyed Hull Phase die", str(first), "TE 2.6 24.3.2.2")]
    fate = "goes on"
    if first == 6:
        second = die("second die after a 6")
        total = second
        mods = []
        if ship.get("te_waterline"):
            total -= 1
            mods.append("waterline damage -1")
        wind = state.get("wind") or {}
        if wind.get("velocity") in (5, 6):
            total -= 1
            mods.append("gale or storm -1")
        if ship.get("te_fire_at_end"):
            total += 3
            mods.append("on fire when her last hull square went +3")
        steps.append(Step(f"a 6: rolled again, {second}" + (f" ({', '.join(mods)})" if mods else ""), f"{total}",
                          "TE 2.6 24.3.2.2"))
        fate = "sinks" if total <= 3 else "explodes" if total >= 6 else "goes on"
    steps.append(Step("her fate", {"sinks": "she sinks", "explodes": "she explodes: resolve it with `umpire explode "
                                   f"{ship_id} --near SHIP=1|2`", "goes on": "she rolls again next turn"}[fate],
                      "TE 2.6 24.3.2.2"))
    if fate == "sinks":
        effects.append(set_(["ships", ship_id, "state"], "sunk"))
        for sid in [s for s in ship["fouled"] if s in state["ships"]]:
            other = state["ships"][sid]
            d = die(f"{sid}: rigging die")
            n = max(0, d - int(ship["class_number"]))
            left = list(other["rigging_left"])
            i = next((k for k, r in enumerate(left) if r > 0), None)
            take = min(n, left[i]) if i is not None else 0
            if take:
                left[i] -= take
                effects.append(set_(["ships", sid, "rigging_left"], left))
            effects.append(set_(["ships", sid, "fouled"], [x for x in other["fouled"] if x != ship_id]))
            steps.append(Step(f"{other['name']} is fouled to her: die {d} less class {ship['class_number']}",
                              f"{n} rigging square(s), {take} lost (no more than her rigging section holds)",
                              "TE 2.6 24.3.5"))
        effects.append(set_(["ships", ship_id, "fouled"], []))
    if fate == "explodes":
        effects.append(set_(["ships", ship_id, "te_destroyed"], "explodes"))
    if strict and dice:
        raise BadInput(f"sink used {len(used)} dice ({', '.join(map(str, used))}); got {len(rolls)}")
    return Resolution("sink", f"{ship['name']} {fate}", effects, steps, {"ship": ship_id, "fate": fate, "rolls": used})


# --- fireships (Optional 51) ------------------------------------------------------------------

def set_fireship(state: dict, ship_id: str) -> Resolution:
    """51.4 "In the Planning Phase that the ship is to be set afire ... The crew square is then
    marked out, as the men escape in a ship's boat"; 51.7 "The fire may not be put out"."""
    ship = state["ships"][ship_id]
    if "fireships" not in (state.get("optional") or []):
        raise Refused("setting a fireship afire belongs to the optional rule 'fireships' (TE 2.6 51.0), which this "
                      "game was not started with (umpire new ... --optional fireships)")
    if ship.get("te_fireship"):
        raise Refused(f"{ship['name']} is already afire")
    if ship["state"] in ("sunk", "exploded") or ship.get("struck"):
        raise Refused(f"{ship['name']} {has_state(ship['state'])}")
    effects = [set_(["ships", ship_id, "te_fireship"], True), set_(["ships", ship_id, "te_fire"], "fireship"),
               set_(["ships", ship_id, "crew_left"], [0] * len(ship["crew_left"])),
               set_(["ships", ship_id, "te_fire_turn"], state["turn"])]
    steps = [Step("fireship set afire", "her crew square is marked out (they escape in a boat); she sails straight "
                  "ahead her full allowance from now on", "TE 2.6 51.4, 51.6"),
             Step("the fire", "may not be put out; each Destroyed Hull Phase `umpire sink` rolls for her",
                  "TE 2.6 51.7-51.8")]
    return Resolution("burn", f"{ship['name']} is set afire", effects, steps, {"ship": ship_id, "what": "fireship"})


def fireship_phase(state: dict, ship_id: str, rolls: tuple[int, ...], strict: bool) -> Resolution:
    """51.8 "During each Destroyed Hull Phase that the fireship is burning, the player rolls one
    die. If the roll is greater than the number of remaining hull squares the ship explodes. If
    not, mark off one hull square." """
    ship = state["ships"][ship_id]
    d = rolls[0]
    hull = ship["hull_left"]
    effects = [set_(["ships", ship_id, "te_sink_turn"], state["turn"])]
    if d > hull:
        effects.append(set_(["ships", ship_id, "te_destroyed"], "explodes"))
        fate = "explodes"
        said = f"greater than her {hull} hull square(s): she explodes (resolve it with `umpire explode {ship_id} " \
               "--near SHIP=1|2`)"
    else:
        effects.append(set_(["ships", ship_id, "hull_left"], hull - 1))
        fate = "burns"
        said = f"not greater than her {hull} hull square(s): one hull square marked off"
    return Resolution("sink", f"{ship['name']} {fate}", effects,
                      [Step(f"fireship burning, die {d}", said, "TE 2.6 51.8")],
                      {"ship": ship_id, "fate": fate, "rolls": [d]})
