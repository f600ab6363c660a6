"""The 1981 Optional Rules the tool plays beyond the wind (Optional Rules II-XV).

Each rule acts only in a game started with it (`umpire new --optional NAME`): the game's
optional rules are kept in the state (`state["optional"]`, as in every ruleset; the editions'
rules of the same names are their own, and their rulesets do not call these hooks:
`Wsim1981.optional_hooks`), and every mark a rule leaves on a
ship (a mast over the side, a tow, running aground, a scenario designation) is made only by a
command that refuses without the rule. So a rule not chosen has no effect anywhere.

The tool does not own the map: the umpire says that a ship ran aground, that a ship blocks
another's wind, that a tow was rigged; the tool applies what the text makes of it, with its dice.
"""

from __future__ import annotations

import math

from umpire.core.dice import DiceNeed
from umpire.core.errors import BadInput, Refused
from umpire.core.state import Resolution, Step, set_, has_state
from umpire.rules.wsim.ship import SIDES
from umpire.core.state import apply
from umpire.core.ruleset import Plan
from umpire.rules.wsim.dice import Dice

#: the optional rules this module plays -> their section of the text (for messages)
SECTION = {
    "timed-moves": "Optional Rules II", "multi-player-communication": "Optional Rules III",
    "variable-wind-direction-and-velocity": "Optional Rules VI", "towing": "Optional Rules VII", "loss-of-rigging": "Optional Rules VIII", "blocked-wind": "Optional Rules IX",
    "running-aground": "Optional Rules XI", "casting-the-lead": "Optional Rules XII", "fore-and-aft-rigging": "Optional Rules XIV",
    "copper-bottom": "Optional Rules XV.A", "scurvy": "Optional Rules XV.B",
}
#: ship states out of the fight for good
GONE = ("sunk", "exploded")


def in_play(state: dict, name: str) -> bool:
    return name in (state.get("optional") or ())


def require(state: dict, name: str, what: str) -> None:
    """Refuse (exit 1) something only the optional rule `name` allows, in a game without it."""
    if not in_play(state, name):
        raise Refused(f"{what} belongs to the optional rule {name!r} ({SECTION[name]}), which this game "
                      f"was not started with (umpire new ... --optional {name})")


def table(tables) -> dict:
    return tables["optional"]


def cite(tables, key: str, section: str) -> str:
    """The section of the text, marked when a house ruling changed the number used."""
    return section + (" (house ruling)" if tables.source("optional", key).endswith("(house ruling)") else "")


def _tries(ship: dict) -> list[str]:
    return list(ship.get("tries", []))


# --- what other commands ask -------------------------------------------------------------

def check_fire(state: dict, ship_id: str) -> None:
    """A ship with a mast over the side (VIII.B) or aground (XI.E) may not fire (exit 1)."""
    ship = state["ships"][ship_id]
    if ship.get("mast_over"):
        sides = " and ".join(sorted({m["side"] for m in ship["mast_over"]}))
        raise Refused(f"{ship['name']} has a mast hanging over the {sides} side: she cannot fire until it is cut "
                      f"loose (Optional Rules VIII.B; umpire mast {ship_id} --cut)")
    if ship.get("aground"):
        raise Refused(f"{ship['name']} is aground: ships cannot fire their guns while aground (Optional Rules XI.E)")


def hit_table_modifiers(state: dict, firer: dict, guns_firing: int, tables) -> list[tuple[str, int, str]]:
    """Loss of rigging (VIII.A): a ship with every rigging section destroyed fires -1 HT with up
    to six gun squares firing, -2 HT with seven or more."""
    if not in_play(state, "loss-of-rigging") or any(r > 0 for r in firer["rigging_left"]):
        return []
    t = table(tables)["loss_of_rigging"]
    if guns_firing >= t["seven_or_more_from"]:
        key, label = "no_rigging_seven_or_more", f"{guns_firing} gun squares (7 or more)"
    else:
        key, label = "no_rigging_up_to_six", f"{guns_firing} gun squares (up to 6)"
    return [(f"all rigging sections destroyed, {label}", t[key],
             cite(tables, f"loss_of_rigging.{key}", "Optional Rules VIII.A"))]


def after(state: dict, res: Resolution, tables) -> None:
    """Loss of rigging (VIII.B): in the phase a ship loses one or more whole rigging sections, a
    die is owed for each; the command that lost them says so, and `mast SHIP` rolls them."""
    import copy


    if not in_play(state, "loss-of-rigging"):
        return
    touched = {e["path"][1] for e in res.effects if len(e["path"]) > 2 and e["path"][0] == "ships"
               and e["path"][2] == "rigging_left" and e["path"][1] in state["ships"]}
    if not touched:
        return
    probe = apply({"ships": {sid: copy.deepcopy(state["ships"][sid]) for sid in touched}},
                  [e for e in res.effects if e["path"][0] == "ships" and e["path"][1] in touched])
    due = {}
    for sid in sorted(touched):
        before, now = state["ships"][sid], probe["ships"][sid]
        lost = _sections_lost(now) - _sections_lost(before)
        if lost <= 0:
            continue
        owed = before.get("masts_due", 0) + lost
        due[sid] = owed
        res.effects.append(set_(["ships", sid, "masts_due"], owed))
        res.working.append(Step("loss of rigging", f"{now['name']} lost {lost} whole rigging section(s): roll one "
                                f"die for each mast (umpire mast {sid}; {owed} owed)", "Optional Rules VIII.B"))
    if due:
        res.data["masts_due"] = due


def _sections_lost(ship: dict) -> int:
    return sum(1 for r in ship["rigging_left"] if r == 0)


def check_end_turn(state: dict, tables) -> None:
    """Dice the optional rules owe before the turn may end: the mast dice, rolled "immediately"
    (VIII.B), and the refloat die of a ship aground, rolled each turn after she grounded (XI.B)."""
    for sid, ship in state["ships"].items():
        if ship.get("masts_due") and ship["state"] not in GONE:
            raise Refused(f"{ship['name']} owes {ship['masts_due']} mast die(s) for rigging sections lost this "
                          f"turn: roll them first (umpire mast {sid}; Optional Rules VIII.B)")
        g = ship.get("aground")
        never = table(tables)["running_aground"]["not_refloatable_roll"]
        if g and g["turn"] < state["turn"] and g["roll"] < never \
                and "refloat" not in _tries(ship) and ship["state"] not in GONE:
            raise Refused(f"{ship['name']} is aground: roll to refloat her in this turn's reload phase first "
                          f"(umpire aground {sid} --refloat; Optional Rules XI.B)")


# --- speed --------------------------------------------------------------------------------

def chart_value(ship: dict, att: str, turn: int, base: int, steps: list[Step], tables) -> int:
    """Fore-and-aft rigging (XIV): in attitude D such a ship moves one hex every second turn
    (read as the even-numbered turns; docs/rulings.md)."""
    if not ship.get("fore_and_aft") or att != "D":
        return base
    t = table(tables)["fore_and_aft"]
    if base >= t["d_attitude_hexes"]:
        return base
    src = cite(tables, "fore_and_aft", "Optional Rules XIV")
    if turn and turn % t["every_turns"] == 0:
        steps.append(Step("fore-and-aft rigging, attitude D", f"turn {turn} is one of every {t['every_turns']}: "
                          f"{t['d_attitude_hexes']} hex", src))
        return t["d_attitude_hexes"]
    when = f"turn {turn} is not one of them" if turn else "the turn is not known"
    steps.append(Step("fore-and-aft rigging, attitude D", f"one hex every {t['every_turns']} turns; {when}", src))
    return base


def speed_losses(ship: dict, sail: str, turn: int, value: int, steps: list[Step], tables) -> tuple[int, bool]:
    """What the optional rules take off a ship's allowance, never below 0; and whether she may turn."""
    t = table(tables)
    may_turn = True

    def less(label: str, loss: int, src: str) -> None:
        nonlocal value
        value = max(0, value - loss)
        steps.append(Step(label, f"-{loss} -> {value}", src))

    hanging = ship.get("mast_over") or []
    if hanging:
        sides = ", ".join(m["side"] for m in hanging)
        less(f"{len(hanging)} mast(s) over the side ({sides})", len(hanging) * t["loss_of_rigging"]["speed_loss"],
             cite(tables, "loss_of_rigging.speed_loss", "Optional Rules VIII.B"))
        steps.append(Step("mast over the side", "she may not turn until it is cut loose", "Optional Rules VIII.B"))
        may_turn = False
    tow = ship.get("towing")
    if tow and tow.get("ship"):
        if turn and turn < tow["from_turn"]:
            steps.append(Step(f"towing {tow['ship']}", f"the tow is rigged this turn; from turn {tow['from_turn']} "
                              "she loses speed", "Optional Rules VII.D.1-2"))
        else:
            key = "superior_loss" if tow["superior"] else "equal_or_inferior_loss"
            what = "a ship of superior gun rating" if tow["superior"] else "a ship of equal or inferior gun rating"
            less(f"towing {tow['ship']}, {what}", t["towing"][key], cite(tables, f"towing.{key}", "Optional Rules VII.B"))
            if value == 0:
                steps.append(Step("towing at no allowance", "she may still turn in place as in the Basic Game",
                                  "Optional Rules VII.C"))
    if ship.get("towed_by"):
        steps.append(Step(f"towed by {ship['towed_by']}", "she moves directly in the towing ship's wake, on the "
                          "towing ship's one movement plot", "Optional Rules VII.D.2"))
    if ship.get("uncoppered") and sail == "full":
        less("no coppering, three months at sea, full sails", t["copper_bottom"]["full_sail_loss"],
             cite(tables, "copper_bottom.full_sail_loss", "Optional Rules XV.A"))
    if ship.get("aground"):
        value = 0
        steps.append(Step("aground", "she stops and moves no further until refloated -> 0", "Optional Rules XI.A"))
        may_turn = False
    return value, may_turn


def blocked_wind(state: dict, tables, ship_id: str, blocker_id: str, res: Resolution) -> Resolution:
    """Blocked wind (IX): the umpire says which adjacent ship lies between her bow or stern hex
    and the wind; the loss for this turn follows from the blocker's sails, rigging and guns."""
    require(state, "blocked-wind", "--blocked-by (a ship blocking the wind)")
    ship, blocker = state["ships"][ship_id], state["ships"].get(blocker_id)
    if blocker is None:
        raise BadInput(f"--blocked-by {blocker_id!r}: no such ship in this game")
    if blocker_id == ship_id:
        raise BadInput(f"--blocked-by: {ship['name']} cannot block her own wind")
    t = table(tables)["blocked_wind"]
    data, steps = dict(res.data), list(res.working)
    value = data["allowance"]
    left, whole = sum(blocker["rigging_left"]), sum(blocker.get("rigging_max") or blocker["rigging_left"])
    if blocker.get("sails") == "full":
        key, why = "full_sail_loss", f"{blocker['name']} under full sails"
    elif whole and left >= t["battle_sail_rigging_fraction"] * whole:
        key, why = "battle_sail_loss", f"{blocker['name']} under battle sails, {left} of {whole} rigging squares left"
    else:
        key, why = "", f"{blocker['name']} under battle sails with less than half her rigging ({left} of {whole})"
    loss = t[key] if key else 0
    src = cite(tables, f"blocked_wind.{key}" if key else "blocked_wind", "Optional Rules IX.A")
    steps.append(Step("wind blocked", f"{why}: {loss} hex(es)", src))
    if loss:
        loss = _size_change(ship, blocker, loss, t, steps, tables)
    value = max(0, value - loss)
    steps.append(Step("blocked wind, this turn", f"-{loss} -> {value}", "Optional Rules IX"))
    data.update({"allowance": value, "blocked_by": blocker_id, "blocked_wind_loss": loss})
    return Resolution("speed", f"{ship['name']} attitude {data['attitude']}: {value} hex(es), wind blocked by "
                      f"{blocker['name']}", [], steps, data)


def _size_change(ship: dict, blocker: dict, loss: int, t: dict, steps: list[Step], tables) -> int:
    """IX.B: 30 or more guns between the two changes the loss by one, 60 or more by two; more when
    the blocker is the larger, less when she is the smaller."""
    missing = [s["name"] for s in (ship, blocker) if not s.get("rated_guns")]
    if missing:
        raise BadInput(f"blocked wind compares the two ships' gun ratings (Optional Rules IX.B): give "
                       f"{' and '.join(missing)} a rating (umpire designate SHIP --rated-guns N)")
    diff = blocker["rated_guns"] - ship["rated_guns"]
    size = abs(diff)
    change = 2 if size >= t["guns_difference_two"] else 1 if size >= t["guns_difference_one"] else 0
    if not change:
        steps.append(Step("gun ratings", f"{blocker['rated_guns']} blocking {ship['rated_guns']}: under "
                          f"{t['guns_difference_one']} apart, no change", "Optional Rules IX.B"))
        return loss
    signed = change if diff > 0 else -change
    new = max(0, loss + signed)
    more = "the blocker is larger" if diff > 0 else "the blocker is smaller"
    steps.append(Step("gun ratings", f"{blocker['rated_guns']} blocking {ship['rated_guns']} ({size} apart, {more}): "
                      f"{signed:+d} -> {new}", cite(tables, "blocked_wind", "Optional Rules IX.B")))
    return new


# --- commands -----------------------------------------------------------------------------

def mast(state: dict, tables, ship_id: str, opts: dict):
    """`mast SHIP`: the loss-of-rigging dice owed (VIII.B); `mast SHIP --cut [SIDE]`: one try on
    the Unfouling Table to cut loose a mast hanging over the side."""
    require(state, "loss-of-rigging", "rolling for masts")
    unknown = sorted(set(opts) - {"cut"})
    if unknown:
        raise BadInput(f"mast: option {unknown[0]!r} is not a WS&IM option (mast SHIP [--cut [left|right]])")
    ship = state["ships"][ship_id]
    if opts.get("cut"):
        return _cut_plan(state, tables, ship_id, str(opts["cut"]).lower())
    due = ship.get("masts_due", 0)
    if not due:
        raise Refused(f"{ship['name']} owes no mast die: one is rolled for each whole rigging section lost "
                      "(Optional Rules VIII.B)")
    return Plan(DiceNeed(2 * due, 6, ()), lambda rolls, typed: _resolve_masts(state, tables, ship_id, rolls, typed),
                flexible=True)


def _resolve_masts(state: dict, tables, ship_id: str, rolls, typed: bool) -> Resolution:
    ship = state["ships"][ship_id]
    t = table(tables)["loss_of_rigging"]

    dice = Dice(tuple(rolls), typed, f"{ship['name']}'s mast roll")
    steps, masts = [], []
    hanging = list(ship.get("mast_over") or [])
    if not 0 <= int(ship["masts_due"]) <= 3:     # a ship has three masts: more is a hand-edited game file
        raise BadInput(f"{ship['name']} owes {ship['masts_due']} mast dice: a ship has three masts at most")
    for i in range(ship["masts_due"]):
        die = dice.take(f"mast {i + 1}")
        if die in t["hangs_over_rolls"]:
            side_die = dice.take(f"mast {i + 1} side")
            side = "left" if side_die in t["left_broadside_rolls"] else "right"
            hanging.append({"side": side, "turn": state["turn"]})
            masts.append({"roll": die, "result": "hangs over the side", "side": side})
            steps.append(Step(f"mast {i + 1}, die {die}", f"hangs over the side; side die {side_die}: {side} broadside",
                              cite(tables, "loss_of_rigging", "Optional Rules VIII.B")))
        else:
            masts.append({"roll": die, "result": "fails free", "side": None})
            steps.append(Step(f"mast {i + 1}, die {die}", "fails free: the same as the loss of a rigging section",
                              cite(tables, "loss_of_rigging", "Optional Rules VIII.B")))
    used = list(dice.finish())
    new = hanging[len(ship.get("mast_over") or []):]
    for side in sorted({m["side"] for m in new}):
        steps.append(Step(f"mast over the {side} side", f"she cannot fire, loses one hex of speed and may not turn "
                          f"until it is cut loose (umpire mast {ship_id} --cut, from the next unfouling phase); any "
                          f"adjacent ship in the play of her {side} broadside must roll for fouling (umpire foul)",
                          "Optional Rules VIII.B"))
    effects = [set_(["ships", ship_id, "masts_due"], 0)]
    if new:
        effects.append(set_(["ships", ship_id, "mast_over"], hanging))
    over = [m["side"] for m in hanging]
    summary = f"{ship['name']}: " + "; ".join(f"mast {m['result']}" + (f" ({m['side']})" if m["side"] else "")
                                              for m in masts)
    return Resolution("mast", summary, effects, steps, {"ship": ship_id, "masts": masts, "mast_over": over,
                                                        "rolls": used})


def _cut_plan(state: dict, tables, ship_id: str, side: str):
    ship = state["ships"][ship_id]
    hanging = ship.get("mast_over") or []
    if not hanging:
        raise Refused(f"{ship['name']} has no mast hanging over the side to cut loose")
    sides = sorted({m["side"] for m in hanging})
    if side in ("true", "any", ""):
        if len(sides) > 1:
            raise BadInput(f"--cut: masts hang over both sides of {ship['name']}; name one (--cut left|right)")
        side = sides[0]
    if side not in SIDES:
        raise BadInput(f"--cut {side!r}: use left or right")
    if side not in sides:
        raise Refused(f"{ship['name']} has no mast over her {side} side (over the side: {', '.join(sides)})")
    if all(m["turn"] == state["turn"] for m in hanging if m["side"] == side):
        raise Refused(f"{ship['name']}'s mast went over the side this turn: it may be cut loose from the next turn's "
                      "unfouling phase (Optional Rules VIII.B, Basic III)")
    if f"cut-mast:{side}" in _tries(ship):
        raise Refused(f"{ship['name']} has already tried to cut loose her {side} mast this turn (one die per "
                      "unfouling phase, Optional Rules VIII.B)")
    return Plan(DiceNeed(1, 6, ("unfouling",)), lambda rolls, typed: _resolve_cut(state, tables, ship_id, side, rolls))


def _resolve_cut(state: dict, tables, ship_id: str, side: str, rolls) -> Resolution:
    ship = state["ships"][ship_id]
    u = tables["unfouling"]
    die = rolls[0]
    success = die in u["success_rolls"] or die < min(u["success_rolls"])
    hanging = list(ship["mast_over"])
    effects = [set_(["ships", ship_id, "tries"], _tries(ship) + [f"cut-mast:{side}"])]
    steps = [Step(f"Unfouling Table, die {die}", "cut loose" if success else "still hanging over the side",
                  f"Optional Rules VIII.B; {tables.source('unfouling')}")]
    if success:
        i = next(i for i, m in enumerate(hanging) if m["side"] == side and m["turn"] < state["turn"])
        del hanging[i]
        effects.append(set_(["ships", ship_id, "mast_over"], hanging))
    summary = f"{ship['name']}: the {side} mast is " + ("cut loose" if success else "not cut loose")
    return Resolution("mast", summary, effects, steps, {"ship": ship_id, "cut": side, "success": success,
                                                        "mast_over": [m["side"] for m in hanging],
                                                        "rolls": [die]})


def tow(state: dict, tables, tower_id: str, towed_id: str, opts: dict) -> Resolution:
    """Towing (VII): `tow TOWER TOWED` notes the tow (the log's grappling notation, VII.D.1);
    `tow TOWER --cast-off` ends it (the ungrappling notation, VII.D.3)."""
    require(state, "towing", "towing")
    unknown = sorted(set(opts) - {"cast_off"})
    if unknown:
        raise BadInput(f"tow: option {unknown[0]!r} is not a WS&IM option (tow SHIP TOWED | tow SHIP --cast-off)")
    ships = state["ships"]
    tower = ships[tower_id]
    turn = state["turn"]
    if opts.get("cast_off"):
        if towed_id:
            raise BadInput("tow --cast-off: name only the towing ship")
        tow_ = tower.get("towing") or {}
        if not tow_.get("ship"):
            raise Refused(f"{tower['name']} is towing no ship")
        other = ships[tow_["ship"]]
        effects = [set_(["ships", tower_id, "towing"], {}), set_(["ships", other["id"], "towed_by"], "")]
        steps = [Step("tow cast off", f"{tower['name']} and {other['name']} part; each moves on her own plot",
                      "Optional Rules VII.D.3")]
        return Resolution("tow", f"{tower['name']} casts off the tow of {other['name']}", effects, steps,
                          {"ship": tower_id, "towing": None, "cast_off": other["id"]})
    if not towed_id:
        raise BadInput("tow: name the ship towed (tow SHIP TOWED), or --cast-off")
    towed = ships[towed_id]
    if towed_id == tower_id:
        raise BadInput(f"{tower['name']} cannot tow herself")
    if towed["controller"] != tower["controller"]:
        raise Refused(f"{towed['name']} is not friendly to {tower['name']}: a ship may tow only another friendly "
                      "ship (Optional Rules VII.A)")
    for s in (tower, towed):
        if s["state"] in GONE:
            raise Refused(f"{s['name']} {has_state(s['state'])}")
        if (s.get("towing") or {}).get("ship") or s.get("towed_by"):
            raise Refused(f"{s['name']} is already in a tow (tow {s.get('towed_by') or s['id']} --cast-off ends it)")
    if tower.get("struck") or tower["state"] == "surrendered":
        raise Refused(f"{tower['name']} {has_state(tower['state'])}: she cannot take a ship in tow")
    missing = [s["name"] for s in (tower, towed) if not s.get("rated_guns")]
    if missing:
        raise BadInput(f"towing compares the two ships' gun ratings (Optional Rules VII.B): give "
                       f"{' and '.join(missing)} a rating (umpire designate SHIP --rated-guns N)")
    superior = towed["rated_guns"] > tower["rated_guns"]
    t = table(tables)["towing"]
    key = "superior_loss" if superior else "equal_or_inferior_loss"
    steps = [Step("tow", f"{tower['name']}'s stern in the hex {towed['name']}'s bow points to; the log notes the "
                  "ships grappled", "Optional Rules VII.D.1"),
             Step("gun ratings", f"towed {towed['rated_guns']}, towing {tower['rated_guns']}: "
                  f"{'superior' if superior else 'equal or inferior'}: -{t[key]} hex(es) in every attitude",
                  cite(tables, f"towing.{key}", "Optional Rules VII.B")),
             Step("from the next turn", f"the two move together on {tower['name']}'s one plot, "
                  f"{towed['name']} in her wake", "Optional Rules VII.D.2")]
    tow_ = {"ship": towed_id, "superior": superior, "from_turn": turn + 1}
    effects = [set_(["ships", tower_id, "towing"], tow_), set_(["ships", towed_id, "towed_by"], tower_id)]
    return Resolution("tow", f"{tower['name']} takes {towed['name']} in tow", effects, steps,
                      {"ship": tower_id, "towing": towed_id, "speed_loss": t[key], "from_turn": turn + 1})


def aground(state: dict, tables, ship_id: str, opts: dict):
    """Running aground (XI): `aground SHIP` when the umpire finds she entered water no deeper
    than her depth value: she stops, and a die gives how hard she is to refloat; `aground SHIP
    --refloat`, in each later turn's reload phase: a die above that number refloats her."""
    require(state, "running-aground", "running aground")
    unknown = sorted(set(opts) - {"refloat", "land"})
    if unknown:
        raise BadInput(f"aground: option {unknown[0]!r} is not a WS&IM option (aground SHIP [--refloat | --land])")
    ship = state["ships"][ship_id]
    g = ship.get("aground")
    never = table(tables)["running_aground"]["not_refloatable_roll"]
    if ship["state"] in GONE:
        raise Refused(f"{ship['name']} {has_state(ship['state'])}")
    if opts.get("land"):
        if opts.get("refloat"):
            raise BadInput("aground: --land and --refloat do not go together")
        return _wrecked(state, ship_id)
    if not opts.get("refloat"):
        if g:
            raise Refused(f"{ship['name']} is already aground (since turn {g['turn']})")
        return Plan(DiceNeed(1, 6, ("refloat difficulty",)),
                    lambda rolls, typed: _ground(state, tables, ship_id, rolls[0], never))
    if not g:
        raise Refused(f"{ship['name']} is not aground")
    if g["roll"] >= never:
        raise Refused(f"{ship['name']} rolled {g['roll']} when she grounded: she cannot be refloated by ordinary "
                      "means (Optional Rules XI.B)")
    if g["turn"] >= state["turn"]:
        raise Refused(f"{ship['name']} ran aground this turn: the first try to refloat her is in the next turn's "
                      "reload phase (Optional Rules XI.B)")
    if "refloat" in _tries(ship):
        raise Refused(f"{ship['name']} has already tried to refloat this turn (once each reload phase, Optional Rules XI.B)")
    return Plan(DiceNeed(1, 6, ("refloat",)), lambda rolls, typed: _refloat(state, ship_id, rolls[0]))


def _wrecked(state: dict, ship_id: str) -> Resolution:
    """XI.C "Ships that enter land hexes are considered to be destroyed": out of the game as a
    sunk ship is (struck, her points to the enemy; docs/rulings.md)."""
    ship = state["ships"][ship_id]
    p = ["ships", ship_id]
    effects = [set_(p + ["state"], "sunk"), set_(p + ["struck"], True)]
    if ship.get("aground"):
        effects.append(set_(p + ["aground"], {}))
    steps = [Step("land hex", "she is destroyed: recorded as sunk, out of the game", "Optional Rules XI.C")]
    return Resolution("aground", f"{ship['name']} is wrecked on land", effects, steps,
                      {"ship": ship_id, "state": "sunk", "wrecked": True})


def _ground(state: dict, tables, ship_id: str, die: int, never: int) -> Resolution:
    ship = state["ships"][ship_id]
    src = cite(tables, "running_aground.not_refloatable_roll", "Optional Rules XI.B")
    steps = [Step("aground", "she stops and moves no further this turn; readjust her plot to the actual move",
                  "Optional Rules XI.A"),
             Step(f"refloat difficulty, die {die}",
                  "she cannot be refloated by ordinary means" if die >= never else
                  f"each later turn's reload phase, a die above {die} refloats her", src),
             Step("aground", "she cannot fire while aground", "Optional Rules XI.E")]
    effects = [set_(["ships", ship_id, "aground"], {"roll": die, "turn": state["turn"]})]
    return Resolution("aground", f"{ship['name']} runs aground (refloat difficulty {die})", effects, steps,
                      {"ship": ship_id, "difficulty": die, "refloatable": die < never, "rolls": [die]})


def _refloat(state: dict, ship_id: str, die: int) -> Resolution:
    ship = state["ships"][ship_id]
    need = ship["aground"]["roll"]
    success = die > need
    steps = [Step(f"refloat, die {die}", f"{'above' if success else 'not above'} {need}: "
                  + ("refloated" if success else "aground another turn"), "Optional Rules XI.B")]
    effects = [set_(["ships", ship_id, "tries"], _tries(ship) + ["refloat"])]
    if success:
        effects.append(set_(["ships", ship_id, "aground"], {}))
        steps.append(Step("refloated", "move her back to the hex she held before running aground; she moves "
                          "normally next turn", "Optional Rules XI.D"))
    return Resolution("aground", f"{ship['name']} " + ("is refloated" if success else "stays aground"), effects, steps,
                      {"ship": ship_id, "refloated": success, "difficulty": need, "rolls": [die]})


def designate(state: dict, tables, ship_id: str, opts: dict) -> Resolution:
    """What a scenario states about a ship for the optional rules: fore-and-aft rigged (XIV), at
    sea three months with no coppering (XV.A), newly arrived with extra crew (XV.B); and her
    gun rating, which towing (VII) and blocked wind (IX) compare."""
    known = {"fore_and_aft", "uncoppered", "newly_arrived", "rated_guns"}
    unknown = sorted(set(opts) - known)
    if unknown:
        raise BadInput(f"designate: option {unknown[0]!r} is not a WS&IM option")
    given = {k: v for k, v in opts.items() if k in known and v not in (None, False)}
    if not given:
        raise BadInput("designate: give --fore-and-aft, --uncoppered, --newly-arrived N or --rated-guns N")
    ship = state["ships"][ship_id]
    effects, steps = [], []
    if given.get("fore_and_aft"):
        require(state, "fore-and-aft-rigging", "a fore-and-aft rigged ship")
        if ship.get("fore_and_aft"):
            raise Refused(f"{ship['name']} is already designated fore-and-aft rigged")
        effects.append(set_(["ships", ship_id, "fore_and_aft"], True))
        t = table(tables)["fore_and_aft"]
        steps.append(Step("fore-and-aft rigged", f"attitude D: {t['d_attitude_hexes']} hex every {t['every_turns']} "
                          "turns; rigging hits not doubled at full sail", "Optional Rules XIV"))
    if given.get("uncoppered"):
        require(state, "copper-bottom", "an uncoppered ship")
        if ship.get("uncoppered"):
            raise Refused(f"{ship['name']} is already designated uncoppered")
        effects.append(set_(["ships", ship_id, "uncoppered"], True))
        steps.append(Step("no coppering, at sea three months or more", "one hex less in every attitude under full "
                          "sails", "Optional Rules XV.A"))
    if "newly_arrived" in given:
        require(state, "scurvy", "extra crew for a newly arrived ship")
        effects += _extra_crew(state, tables, ship, given["newly_arrived"], steps)
    if "rated_guns" in given:
        try:
            rated = int(given["rated_guns"])
        except (TypeError, ValueError):
            rated = 0
        if isinstance(given["rated_guns"], bool) or rated < 1:
            raise BadInput(f"--rated-guns {given['rated_guns']!r}: the ship's gun rating, a whole number from 1")
        effects.append(set_(["ships", ship_id, "rated_guns"], rated))
        steps.append(Step("gun rating", f"{rated} guns (the scenario's rating)", "Introduction II.C"))
    return Resolution("designate", f"{ship['name']}: " + "; ".join(s.step for s in steps), effects, steps,
                      {"ship": ship_id, **{k: (int(v) if k in ("newly_arrived", "rated_guns") else True)
                                           for k, v in given.items()}})


def _extra_crew(state: dict, tables, ship: dict, n, steps: list[Step]) -> list[dict]:
    """Scurvy (XV.B): a newly arrived ship of the line has one or two extra crew squares per
    section, a frigate one; added to her log as it stands (docs/rulings.md)."""
    try:
        extra = int(n)
    except (TypeError, ValueError):
        raise BadInput(f"--newly-arrived {n!r}: extra crew squares per section, 1 or 2") from None
    allowed = table(tables)["scurvy"]
    cls = ship.get("class") or ""
    if not cls:
        raise BadInput(f"{ship['name']}: extra crew for a newly arrived ship depends on her class (ship of the line "
                       "or frigate), which was not given (ship add --class)")
    if cls not in allowed:
        raise Refused(f"{ship['name']} is class {cls}: the rule gives extra crew to ships of the line and frigates "
                      "only (Optional Rules XV.B)")
    if extra not in allowed[cls]:
        raise BadInput(f"--newly-arrived {extra}: a class {cls} ship has {' or '.join(map(str, allowed[cls]))} extra "
                       "crew square(s) per section (Optional Rules XV.B)")
    if ship.get("newly_arrived"):
        raise Refused(f"{ship['name']} already has her extra crew (newly arrived)")
    if state["turn"] != 1 or ship["crew_left"] != ship["crew_max"] or ship["prize"]["squares"]:
        raise Refused(f"{ship['name']}: extra crew for a newly arrived ship is part of the set-up, before she "
                      "has lost crew or play has passed the first turn")
    sid = ship["id"]
    crew_max = [c + extra for c in ship["crew_max"]]
    crew_left = [c + extra for c in ship["crew_left"]]
    steps.append(Step("newly arrived", f"{extra} extra crew square(s) in each section: "
                      f"{'-'.join(map(str, ship['crew_left']))} -> {'-'.join(map(str, crew_left))}",
                      cite(tables, f"scurvy.{cls}", "Optional Rules XV.B")))
    return [set_(["ships", sid, "crew_max"], crew_max), set_(["ships", sid, "crew_left"], crew_left),
            set_(["ships", sid, "at_turn_start", "crew_left"], list(crew_left)),
            set_(["ships", sid, "newly_arrived"], extra)]


def timer_minutes(state: dict, tables, t: dict | None = None, section: str = "Optional Rules II",
                  unwritten: str = "the ship moves straight ahead her full movement allowance"
                  ) -> tuple[int, int, list[Step]]:
    """Timed moves: minutes to write movement, by the most ships any side has in play. `t` is the
    edition's table (1981 Optional II by default); one without `up_to_six_minutes` adds its further
    sixes to the three-ship time (Tournament Edition 31.0)."""
    cited = cite(tables, "timed_moves", section) if t is None else section
    t = table(tables)["timed_moves"] if t is None else t
    sides: dict[str, int] = {}
    for ship in state["ships"].values():
        if ship["state"] not in GONE:
            sides[ship["controller"]] = sides.get(ship["controller"], 0) + 1
    most = max(sides.values(), default=0)
    top, top_minutes = (6, t["up_to_six_minutes"]) if "up_to_six_minutes" in t else (3, t["up_to_three_minutes"])
    if most <= 1:
        minutes, why = t["single_ship_minutes"], "single-ship action"
    elif most <= 3:
        minutes, why = t["up_to_three_minutes"], "up to three ships a side"
    elif most <= top:
        minutes, why = top_minutes, "up to six ships a side"
    else:
        more = math.ceil((most - top) / 6)
        minutes = top_minutes + more * t["per_further_six_minutes"]
        words = "six" if top == 6 else "three"
        why = f"{most} ships a side: {words}, and {more} further six (a part counts whole)"
    steps = [Step("ships a side", ", ".join(f"{k} {v}" for k, v in sorted(sides.items())) or "none", ""),
             Step("time to write movement", f"{why}: {minutes} minute(s)", cited),
             Step("orders not written in time", unwritten, section)]
    return minutes, most, steps


def signal(state: dict, tables, ship_id: str, text: str) -> Resolution:
    """Multi-player communication (III): one written message per ship to the other ships of her
    fleet, in the movement notation phase; the journal keeps it, and a second one that turn is
    refused."""
    require(state, "multi-player-communication", "a written message between ships")
    ship = state["ships"][ship_id]
    text = (text or "").strip()
    if not text:
        raise BadInput("signal: write the message (--text \"...\")")
    if ship["state"] in GONE:
        raise Refused(f"{ship['name']} {has_state(ship['state'])}")
    if "signal" in _tries(ship):
        raise Refused(f"{ship['name']} has already sent her message this turn: one message per ship in the movement "
                      "notation phase (Optional Rules III.B)")
    steps = [Step("message", f"{ship['name']} to the ships of her fleet: {text}", "Optional Rules III.A-B")]
    if not in_play(state, "timed-moves"):
        steps.append(Step("timed moves", "the text advises playing this rule with timed moves", "Optional Rules III.C"))
    return Resolution("signal", f"{ship['name']} signals: {text}",
                      [set_(["ships", ship_id, "tries"], _tries(ship) + ["signal"])], steps,
                      {"ship": ship_id, "side": ship["controller"], "turn": state["turn"], "text": text})


def variable_wind(state: dict, tables, opts: dict):
    """Variable wind (VI): at the start of the scenario, three dice instead of the historical
    wind: the direction on the mapboard's wind direction hex, the velocity number matching the
    second die, and the wind change number."""
    require(state, "variable-wind-direction-and-velocity", "rolling the starting wind")
    if opts:
        raise BadInput(f"wind --variable rolls direction, velocity and change number: it takes no "
                       f"--{sorted(opts)[0]}")
    wind = state["wind"]
    if state["turn"] != 1 or wind.get("rolled_turn") or wind.get("varied"):
        raise Refused("the wind is rolled instead of the scenario's only at the start of the scenario "
                      "(Optional Rules VI), before any wind phase")
    return Plan(DiceNeed(3, 6, ("direction", "velocity", "change number")),
                lambda rolls, typed: _vary(state, tables, rolls))


def _vary(state: dict, tables, rolls) -> Resolution:
    direction, velocity, change = rolls
    names = tables["wind"]["velocities"]
    new = {**state["wind"], "direction": direction, "velocity": velocity, "change": change, "initial": direction,
           "varied": True}
    steps = [Step(f"direction, die {direction}", f"wind blows toward {direction} on the wind direction hex",
                  "Optional Rules VI"),
             Step(f"velocity, die {velocity}", f"velocity number {velocity}, {names[velocity]}",
                  "Optional Rules VI; Advanced III.A.2"),
             Step(f"change number, die {change}", str(change), "Optional Rules VI")]
    public = {"direction": direction, "velocity": velocity, "change": change}
    return Resolution("wind", f"starting wind rolled: toward {direction}, {names[velocity]}, change number {change}",
                      [set_(["wind"], new)], steps, {"wind": public, "changed": True, "rolls": list(rolls)})


def lead(state: dict, tables, ship_id: str, opts: dict) -> Resolution:
    """Casting the lead (XII): a ship that moved at most one hex this movement phase may ask the
    depths of every hex next to her; one at anchor that turned 120 degrees has moved her bow or
    stern two hexes and may not. Read from her journalled move (`move`), or `hexes` as typed."""
    require(state, "casting-the-lead", "casting the lead")
    ship = state["ships"][ship_id]
    rec = ship.get("movement") or {}
    steps = []
    typed = opts.get("hexes")
    if typed is not None:
        if isinstance(typed, bool) or not str(typed).strip().isdigit():
            raise BadInput(f"--hexes {typed!r}: the hexes she moved this movement phase, a whole number from 0")
        hexes, turns = int(typed), 0
        steps.append(Step("moved", f"{hexes} hex(es), as the umpire says", ""))
    elif rec.get("turn") == state["turn"]:
        hexes, turns = rec.get("hexes", 0) + (1 if rec.get("drift") else 0), rec.get("turns", 0)
        steps.append(Step("moved", f"{hexes} hex(es) this turn (her move {rec.get('log', '')})", "move"))
    else:
        raise BadInput(f"{ship['name']} has no move journalled this turn: give --hexes N (the hexes she moved)")
    anchored_swing = bool(ship.get("anchor")) and turns >= 2
    may = hexes <= 1 and not anchored_swing
    if anchored_swing:
        steps.append(Step("at anchor, turned 120 degrees", "bow or stern moved two hexes: not casting the lead",
                          "Optional Rules XII.B"))
    steps.append(Step("casting the lead", ("yes: the other side tells the depth of every hex next to her"
                                           if may else "no: she moved more than one hex") if not anchored_swing
                      else "no", "Optional Rules XII.A"))
    return Resolution("lead", f"{ship['name']}: " + ("may cast the lead" if may else "may not cast the lead"), [], steps,
                      {"ship": ship_id, "hexes": hexes, "casting_the_lead": may})


#: what a scenario may state of a ship for the optional rules, and the rule each needs
SCENARIO_KEYS = {"fore_and_aft": "fore-and-aft-rigging", "uncoppered": "copper-bottom", "newly_arrived": "scurvy"}


def scenario_marks(state: dict, definitions: list[dict], tables) -> None:
    """What the scenario states of its ships for the optional rules in play (XIV "stated as such
    in the scenario", XV.A, XV.B), as `designate` would note it; for a rule not in play nothing."""
    for d in definitions:
        ship = state["ships"].get(d["id"])
        if ship is None:
            continue
        for key, rule in SCENARIO_KEYS.items():
            value = d.get(key)
            if not value or not in_play(state, rule):
                continue
            if key == "newly_arrived":
                apply(state, _extra_crew(state, tables, ship, value, []))
            else:
                ship[key] = True
