"""The first edition's Optional Rules that keep something on a ship's log: Repairs, Sinking and
Exploding Ships 3-6, Running Aground, Anchors, Full Sails (the counter and doubled rigging
hits) and Towing. Each command is refused in a game started without its rule.

Numbers: `data/wsim-1974/optional-1974.toml`. A Move is the game's `turn`."""

from __future__ import annotations

from umpire.core.dice import DiceNeed
from umpire.core.errors import BadInput, Refused
from umpire.core.ruleset import Plan
from umpire.core.state import Resolution, Step, set_, has_state
from umpire.rules.wsim.ship import SIDES
from umpire.rules.wsim import gunnery
from umpire.rules.wsim.dice import Dice
from umpire.rules.wsim.ship import sections_lost
from umpire.rules.wsim.editions.wsim1974 import wind as wsim1974_wind

T = "optional-1974"
R = "1974 Optional Rules"
NEEDS = {"sink": "sinking-and-exploding-ships", "explode": "sinking-and-exploding-ships", "repair": "repairs",
         "anchor": "anchors", "sail": "full-sails", "tow": "towing", "aground": "running-aground"}
DOOMED = ("sinking", "exploding")
GONE = ("sunk", "exploded")

#: what the optional rules keep on a ship's log (added to every first-edition ship)
LOG = {"anchor": "", "anchor_from": 0, "anchor_until": 0, "anchor_up": 0, "anchor_up_count": 0,
       "anchor_cut": False,
       "repairs": {"hull": 0, "rigging": 0, "guns": 0}, "repaired_turn": 0, "doomed_turn": 0, "doom_rolled": 0,
       "sails": "battle", "sails_next": "", "tow_ship": "", "tow_by": "", "grounded": 0, "grounded_turn": 0,
       "refloat_rolled": 0}


def log(ship: dict) -> dict:
    import copy

    for key, value in LOG.items():
        ship.setdefault(key, copy.deepcopy(value))
    return ship


def in_play(command: str, optional: list[str]) -> None:
    rule = NEEDS[command]
    if rule not in optional:
        raise Refused(f"{command}: the first edition's optional rule {rule!r} is not in play: start the game with "
                      f"--optional {rule}")


def _ship(state: dict, ship_id: str) -> dict:
    if ship_id not in state["ships"]:
        raise BadInput(f"no ship {ship_id!r}")
    return state["ships"][ship_id]


def anchored(ship: dict, turn: int) -> bool:
    """At anchor this Move: from the Move after the notation to the last Move before she is free."""
    return bool(ship.get("anchor")) and ship.get("anchor_from", 0) <= turn and \
        (not ship.get("anchor_until") or turn <= ship["anchor_until"])


def busy(ship: dict, turn: int, doing: str) -> None:
    """What a Move of up-anchoring or of repairs rules out (Repairs; Anchors 2)."""
    if ship.get("anchor_up") == turn:
        raise Refused(f"{ship['name']} is up-anchoring this Move: she cannot {doing} (Anchors 2)")
    if ship.get("repaired_turn") == turn:
        raise Refused(f"{ship['name']} is making repairs this Move: she cannot {doing} (Repairs)")
    rec = ship.get("movement") or {}
    if doing in ("load", "fire") and rec.get("turn") == turn and rec.get("springs_turned"):
        raise Refused(f"{ship['name']} was turned on her springs this Move: she cannot {doing} in it (Anchors 6)")


# --- sinking and exploding (3-6) -------------------------------------------------------
def _doom(state: dict, ship: dict, marked: str, command: str) -> None:
    turn = state["turn"]
    if ship["state"] in GONE:
        raise Refused(f"{ship['name']} has already {ship['state']}")
    if ship["state"] != marked:
        if ship["state"] in DOOMED:
            raise Refused(f"{ship['name']} will {'explode' if command == 'sink' else 'sink'}, not "
                          f"{command}: use `umpire {'explode' if command == 'sink' else 'sink'}`")
        raise Refused(f"{ship['name']} is not marked to {command}: only the Destroyed Hull Table marks a ship "
                      f"(Sinking and Exploding Ships 1-4)")
    if ship.get("doomed_turn") == turn:
        raise Refused(f"{ship['name']} was marked this Move: the die is rolled on each succeeding Move "
                      "(Sinking and Exploding Ships 3-4)")
    if ship.get("doom_rolled") == turn:
        raise Refused(f"{ship['name']}'s die has been rolled already this Move (once a Move)")


def sink(state: dict, tables, ship_id: str) -> object:
    ship = _ship(state, ship_id)
    _doom(state, ship, "sinking", "sink")
    six = tables[T]["doomed"]["roll"]
    p = ["ships", ship_id]

    def resolve(rolls, typed):
        die = rolls[0]
        goes = die == six
        effects = [set_(p + ["doom_rolled"], state["turn"])]
        if goes:
            effects.append(set_(p + ["state"], "sunk"))
        steps = [Step(f"sinking ship, die {die}", "she sinks and is taken off the board" if goes else
                      f"not a {six}: she stays afloat this Move", f"{R}: Sinking and Exploding Ships 3")]
        return Resolution("sink", f"{ship['name']} " + ("sinks" if goes else "stays afloat"), effects, steps,
                          {"ship": ship_id, "roll": die, "sunk": goes, "state": "sunk" if goes else "sinking"})

    return Plan(DiceNeed(1, 6, ("sinking",)), resolve)


def explode(state: dict, tables, ship_id: str, near: list[str]):
    """The Move's die; on a 6 she explodes and each ship in an adjacent hex (`near`, in order)
    takes one die on Hit Table 8 of the Rigging Effects Tables (4)."""
    ship = _ship(state, ship_id)
    _doom(state, ship, "exploding", "explode")
    seen = []
    for sid in near:
        other = _ship(state, sid)
        if sid == ship_id:
            raise BadInput(f"explode --near {sid}: the exploding ship herself")
        if sid in seen:
            raise BadInput(f"explode --near {sid}: named twice")
        if other["state"] in GONE:
            raise BadInput(f"explode --near {sid}: {other['name']} {has_state(other['state'])}")
        seen.append(sid)
    labels = ("exploding",) + tuple(f"{sid}: Rigging Effects Table" for sid in near)
    return Plan(DiceNeed(len(labels), 6, labels), lambda rolls, typed: _explode(state, tables, ship_id, near,
                                                                                 rolls, typed), flexible=True)


def _explode(state, tables, ship_id, near, rolls, typed) -> Resolution:
    d = tables[T]["doomed"]
    ship = state["ships"][ship_id]
    dice = Dice(tuple(rolls), typed, "this explosion")
    die = dice.take("exploding ship")
    goes = die == d["roll"]
    p = ["ships", ship_id]
    effects = [set_(p + ["doom_rolled"], state["turn"])]
    steps = [Step(f"exploding ship, die {die}", "she explodes and is taken off the board" if goes else
                  f"not a {d['roll']}: she does not explode this Move", f"{R}: Sinking and Exploding Ships 4")]
    shots = []
    if goes:
        effects.append(set_(p + ["state"], "exploded"))
        table = str(d["explosion_table"])
        for sid in near:
            target = state["ships"][sid]
            roll = dice.take(f"{sid}: Rigging Effects Table {table}")
            result = tables["hit-tables"]["tables"][table][d["explosion_effects"]][roll - 1]
            steps.append(Step(f"{target['name']}: Rigging Effects Table {table}, die {roll}", result,
                              tables.source("hit-tables")))
            hits = gunnery.parse_result(result)
            double_rigging(target, hits, tables, steps)
            facing = max(SIDES, key=lambda s: target["guns_left"][s] + target["carronades_left"][s])
            if hits["guns"]:
                steps.append(Step(f"{target['name']}: gun hits", f"on her {facing} side (the side with more gun "
                                  "squares; the tool does not see which is nearer)", "docs/rulings.md"))
            act = gunnery.Fire(ship_id, sid, 1, "left", facing=facing)
            marks, mark_steps, landed = mark_hits(target, hits, act)
            effects += [set_(["ships", sid] + list(k), v) for k, v in marks]
            steps += mark_steps
            shots.append({"target": sid, "hit_table": int(table), "rolls": [roll], "result": result, "hits": hits,
                          "marked": landed})
    used = dice.finish()
    data = {"ship": ship_id, "roll": die, "rolls": list(used), "exploded": goes,
            "state": "exploded" if goes else "exploding", "shots": shots}
    return Resolution("explode", f"{ship['name']} " + ("explodes" if goes else "does not explode this Move"),
                      effects, steps, data)


# --- repairs ----------------------------------------------------------------------------
def repair(state: dict, tables, ship_id: str, what: str) -> Resolution:
    """One Move of work: in three Moves (not necessarily in sequence) one square of that kind is
    repaired. Not in a Move she loads, fires, melees, up-anchors or changes sails; at least two
    crew sections free; never on a struck ship (Repairs). The umpire confirms she made no turn
    and was in no collision."""
    what = (what or "").lower()
    if what not in ("hull", "rigging", "guns"):
        raise BadInput(f"repair --what {what!r}: use hull, rigging or guns")
    ship = _ship(state, ship_id)
    turn = state["turn"]
    t = tables[T]["repairs"]
    if ship["state"] in DOOMED + GONE:
        raise Refused(f"{ship['name']} will {ship['state'][:-3]}: no repairs (Sinking and Exploding Ships 5)"
                      if ship["state"] in DOOMED else f"{ship['name']} {has_state(ship['state'])}")
    if ship.get("struck"):
        raise Refused(f"{ship['name']} has struck: repairs cannot be made on struck ships (Repairs)")
    if ship.get("repaired_turn") == turn:
        raise Refused(f"{ship['name']} has made this Move's repairs already")
    for why, done in (("fired", ship["fired_this_turn"]), ("loaded", ship["loaded_this_turn"]),
                      ("engaged in melee", ship.get("meleed_turn") == turn),
                      ("up-anchored", ship.get("anchor_up") == turn),
                      ("changed her sails", ship.get("sails_next"))):
        if done:
            raise Refused(f"{ship['name']} has {why} this Move: no repairs in that Move (Repairs)")
    free = sum(1 for i, c in enumerate(ship["crew_left"]) if c > 0 and i not in ship["parties"])
    if free < t["crew_sections"]:
        raise Refused(f"{ship['name']} has {free} crew section(s) available: repairs need at least "
                      f"{t['crew_sections']} (Repairs)")
    if not _damaged(ship, what):
        raise Refused(f"{ship['name']} has no {what} square marked off to repair")
    p = ["ships", ship_id]
    work = ship["repairs"][what] + 1
    code = {"hull": "RH", "rigging": "RR", "guns": "RG"}[what]
    steps = [Step(f"repair work ({code})", f"{what}: Move {work} of {t['moves']}", f"{R}: Repairs"),
             Step("the umpire confirms", "she made no turn and was in no collision this Move", f"{R}: Repairs")]
    effects = [set_(p + ["repaired_turn"], turn)]
    repaired = 0
    if work >= t["moves"]:
        effects += _restore(ship, p, what, t["squares"], steps)
        repaired = t["squares"]
        work = 0
    effects.append(set_(p + ["repairs", what], work))
    summary = f"{ship['name']} repairs {what}: " + (f"{repaired} square(s) restored" if repaired else
                                                    f"Move {ship['repairs'][what] + 1} of {t['moves']}")
    return Resolution("repair", summary, effects, steps,
                      {"ship": ship_id, "what": what, "moves": ship["repairs"][what] + 1, "repaired": repaired})


def _damaged(ship: dict, what: str) -> bool:
    if what == "hull":
        return ship["hull_left"] < ship["hull_max"]
    if what == "rigging":
        return sum(ship["rigging_left"]) < sum(ship["rigging_max"])
    return any(ship["guns_left"][s] < ship["guns_max"] or ship["carronades_left"][s] < ship["carronades_max"]
               for s in SIDES)


def _restore(ship: dict, p: list, what: str, n: int, steps: list[Step]) -> list[dict]:
    """Erase the X of `n` squares: the hull; rigging in the section last marked; a gun square
    (guns before carronades) on the side with more marked off (docs/rulings.md)."""
    if what == "hull":
        value = min(ship["hull_max"], ship["hull_left"] + n)
        steps.append(Step("repaired", f"hull {ship['hull_left']} -> {value}", f"{R}: Repairs"))
        return [set_(p + ["hull_left"], value)]
    if what == "rigging":
        rig = list(ship["rigging_left"])
        for _ in range(n):
            i = max(k for k, r in enumerate(rig) if r < ship["rigging_max"][k])
            rig[i] += 1
        steps.append(Step("repaired", f"rigging sections {ship['rigging_left']} -> {rig}", f"{R}: Repairs"))
        return [set_(p + ["rigging_left"], rig)]
    guns, carr = dict(ship["guns_left"]), dict(ship["carronades_left"])
    for _ in range(n):
        side = max(SIDES, key=lambda s: (ship["guns_max"] - guns[s]) + (ship["carronades_max"] - carr[s]))
        if guns[side] < ship["guns_max"]:
            guns[side] += 1
            kind = "gun"
        else:
            carr[side] += 1
            kind = "carronade"
        steps.append(Step("repaired", f"one {kind} square, {side} broadside", f"{R}: Repairs"))
    return [set_(p + ["guns_left"], guns), set_(p + ["carronades_left"], carr)]


# --- anchors (1-7) ------------------------------------------------------------------------
NOTATION = {"ordinary": "A", "bow": "AB", "stern": "AS"}


def anchor(state: dict, tables, ship_id: str, how: str) -> Resolution:
    how = (how or "ordinary").lower()
    if how not in ("ordinary", "bow", "stern", "up", "cut"):
        raise BadInput(f"anchor {how!r}: ordinary, --spring bow|stern, --up or --cut")
    ship = _ship(state, ship_id)
    turn = state["turn"]
    p = ["ships", ship_id]
    up_moves = tables[T]["anchors"]["up_moves"]
    if ship["state"] in DOOMED + GONE:
        raise Refused(f"{ship['name']} {has_state(ship['state'])}: she cannot be worked (Sinking and Exploding Ships 5)")
    at_anchor = bool(ship.get("anchor")) and (not ship.get("anchor_until") or ship["anchor_until"] >= turn)
    if how in NOTATION:
        if ship.get("anchor_cut"):
            raise Refused(f"{ship['name']} has cut her anchors: she cannot be anchored again (Anchors 3)")
        if at_anchor:
            raise Refused(f"{ship['name']} is anchored already ({ship['anchor']})")
        effects = [set_(p + ["anchor"], NOTATION[how]), set_(p + ["anchor_from"], turn + 1),
                   set_(p + ["anchor_until"], 0), set_(p + ["anchor_up"], 0)]
        said = {"ordinary": "anchored", "bow": "anchored on springs by the bow (she pivots on her bow hex)",
                "stern": "anchored on springs by the stern (she pivots on her stern hex)"}[how]
        steps = [Step(f"notation {NOTATION[how]}", f"she may move this Move; {said} from Move {turn + 1}",
                      f"{R}: Anchors 1, 5")]
        return Resolution("anchor", f"{ship['name']}: {said} from Move {turn + 1}", effects, steps,
                          {"ship": ship_id, "anchor": NOTATION[how], "from": turn + 1})
    if not at_anchor:
        raise Refused(f"{ship['name']} is not anchored")
    if not anchored(ship, turn):
        raise Refused(f"{ship['name']} is anchored from Move {ship['anchor_from']}: she may up-anchor or cut her "
                      "anchors from then (Anchors 1)")
    if how == "cut":
        effects = [set_(p + ["anchor_cut"], True), set_(p + ["anchor_until"], turn), set_(p + ["anchor_up"], 0)]
        steps = [Step("notation a", f"anchors cut: she may manoeuvre from Move {turn + 1}; never to anchor again",
                      f"{R}: Anchors 3")]
        return Resolution("anchor", f"{ship['name']} cuts her anchors", effects, steps,
                          {"ship": ship_id, "anchor": None, "free_from": turn + 1})
    if ship.get("anchor_up") == turn:
        raise Refused(f"{ship['name']} has written this Move's up-anchor notation already")
    for why, done in (("fired", ship["fired_this_turn"]), ("loaded", ship["loaded_this_turn"]),
                      ("made repairs", ship.get("repaired_turn") == turn),
                      ("engaged in melee", ship.get("meleed_turn") == turn)):
        if done:
            raise Refused(f"{ship['name']} has {why} this Move: she cannot up-anchor in it (Anchors 2)")
    begun = ship.get("anchor_up") or 0
    count = ship.get("anchor_up_count", 0) + 1 if begun == turn - 1 else 1
    effects = [set_(p + ["anchor_up"], turn)]
    steps = [Step(f"notation A (up-anchoring), Move {count} of {up_moves}",
                  "no loading, firing, repairs or melee this Move", f"{R}: Anchors 2")]
    if begun and begun != turn - 1:
        steps.append(Step("not consecutive", "the up-anchoring starts again", f"{R}: Anchors 2"))
    free = count >= up_moves
    if free:
        effects.append(set_(p + ["anchor_until"], turn))
        steps.append(Step("up-anchored", f"she may manoeuvre from Move {turn + 1}", f"{R}: Anchors 2"))
    effects.append(set_(p + ["anchor_up_count"], 0 if free else count))
    return Resolution("anchor", f"{ship['name']} " + ("has weighed anchor" if free else "is weighing anchor"),
                      effects, steps, {"ship": ship_id, "anchor": ship["anchor"], "free_from": turn + 1 if free
                                       else None})


# --- full sails (1, 3) -----------------------------------------------------------------------
def sail(state: dict, tables, ship_id: str, sails: str) -> Resolution:
    """Place (full) or remove (battle) the FS counter at the end of a Move: it gives her sails
    for the following Move (Full Sails 1); not for a ship that lost a rigging section (4), nor
    in a gale (small ships) or a storm with the Wind rule."""
    sails = (sails or "").lower()
    if sails not in ("full", "battle"):
        raise BadInput(f"sail {sails!r}: full or battle")
    ship = _ship(state, ship_id)
    turn = state["turn"]
    p = ["ships", ship_id]
    if ship["state"] in DOOMED + GONE or ship.get("struck"):
        raise Refused(f"{ship['name']} {has_state(ship['state'])}: she cannot be sailed")
    if ship.get("repaired_turn") == turn:
        raise Refused(f"{ship['name']} made repairs this Move: she cannot change sails in it (Repairs)")
    now = ship.get("sails_next") or ship.get("sails") or "battle"
    if sails == now:
        raise Refused(f"{ship['name']} has {sails} sails for next Move already")
    if sails == "full":
        if sections_lost(ship):
            raise Refused(f"{ship['name']} has lost a whole rigging section: she cannot use full sails (Full Sails 4)")
        if "wind" in (state.get("optional") or []) and state.get("wind"):

            wsim1974_wind.check_full_sails(ship, state["wind"], tables)
    effects = [set_(p + ["sails_next"], sails)]
    steps = [Step("FS counter " + ("placed" if sails == "full" else "removed"),
                  f"{sails} sails from Move {turn + 1}", f"{R}: Full Sails 1")]
    return Resolution("sail", f"{ship['name']}: {sails} sails from Move {turn + 1}", effects, steps,
                      {"ship": ship_id, "sails": sails, "from": turn + 1})


def double_rigging(target: dict, landing: dict, tables, steps: list[Step]) -> None:
    """Full Sails 3: rigging hits on a ship under full sails are doubled."""
    if target.get("sails") == "full" and landing.get("rigging"):
        k = tables[T]["full_sails"]["rigging_multiplier"]
        steps.append(Step("target under full sails", f"rigging hits x{k}: {landing['rigging']} -> "
                          f"{landing['rigging'] * k}", f"{R}: Full Sails 3"))
        landing["rigging"] *= k


# --- towing --------------------------------------------------------------------------------
def tow(state: dict, tables, ship_id: str, towed: str, cast_off: bool) -> Resolution:
    ship = _ship(state, ship_id)
    p = ["ships", ship_id]
    if cast_off:
        if towed:
            raise BadInput("tow --cast-off: name only the towing ship")
        if not ship.get("tow_ship"):
            raise Refused(f"{ship['name']} has no ship in tow")
        other = state["ships"][ship["tow_ship"]]
        effects = [set_(p + ["tow_ship"], ""), set_(["ships", other["id"], "tow_by"], "")]
        return Resolution("tow", f"{ship['name']} casts off {other['name']}", effects,
                          [Step("ungrappling notation", "the tow ends", f"{R}: Towing (c)")],
                          {"ship": ship_id, "towed": None})
    if not towed:
        raise BadInput("tow: name the ship taken in tow, e.g. umpire tow mars hercule")
    other = _ship(state, towed)
    if towed == ship_id:
        raise BadInput("tow: a ship cannot tow herself")
    if other["controller"] != ship["controller"]:
        raise Refused(f"{other['name']} is neither friendly nor a prize of {ship['controller']}: only friendly ships "
                      "or prizes can be towed (Towing)")
    for s, why in ((ship, "tow_ship"), (ship, "tow_by"), (other, "tow_ship"), (other, "tow_by")):
        if s.get(why):
            raise Refused(f"{s['name']} is {'towing' if why == 'tow_ship' else 'in tow of'} "
                          f"{state['ships'][s[why]]['name']} already")
    for s in (ship, other):
        if s["state"] in DOOMED + GONE:
            raise Refused(f"{s['name']} {has_state(s['state'])}: she cannot be worked (Sinking and Exploding Ships 5)")
    need_rating(ship, other)   # the tower's speed reads both: asked now, not at every Move's `speed`
    effects = [set_(p + ["tow_ship"], towed), set_(["ships", towed, "tow_by"], ship_id)]
    steps = [Step("towing procedure (a)", f"{ship['name']}'s stern in the hex {other['name']}'s bow points to; "
                  "the Logs note the ships grappled", f"{R}: Towing (a)"),
             Step("towing procedure (b)", f"{other['name']} moves in {ship['name']}'s wake", f"{R}: Towing (b)")]
    return Resolution("tow", f"{ship['name']} takes {other['name']} in tow", effects, steps,
                      {"ship": ship_id, "towed": towed})


def need_rating(*ships: dict) -> None:
    """Towing compares the two ships' gun ratings (Towing): each must be known."""
    for s in ships:
        if not s.get("rated_guns"):
            raise BadInput(f"{s['name']}: towing compares gun ratings, and hers is not known: give it once with "
                           f"`umpire ship edit {s['id']} --rate N` (or `ship add --rate N`, or `rated_guns = N` on "
                           "her line in the scenario)")


def tow_loss(state: dict, ship: dict, tables) -> tuple[int, Step] | None:
    """Towing: one hex less in every attitude towing a ship of equal or inferior gun rating,
    two towing a superior one."""
    if not ship.get("tow_ship"):
        return None
    other = state["ships"][ship["tow_ship"]]
    need_rating(ship, other)
    t = tables[T]["towing"]
    superior = other["rated_guns"] > ship["rated_guns"]
    loss = t["superior"] if superior else t["equal_or_inferior"]
    return loss, Step(f"towing {other['name']} ({other['rated_guns']} guns against {ship['rated_guns']})",
                      f"-{loss}", f"{R}: Towing")


# --- running aground ------------------------------------------------------------------------
def land(state: dict, ship_id: str) -> Resolution:
    """She entered a land hex (or left the board across an edge the scenario makes land): Running
    Aground 3 "Ships that enter land hexes are considered to be destroyed"; Scenario 2D "any ship
    exiting off that side is considered to be destroyed", 3A likewise. Recorded as sunk: out of the
    game, and "destroyed" for the point count (Scenario 3A)."""
    ship = _ship(state, ship_id)
    if ship["state"] in GONE:
        raise Refused(f"{ship['name']} {has_state(ship['state'])} already")
    p = ["ships", ship_id]
    effects = [set_(p + ["state"], "sunk"), set_(p + ["struck"], True), set_(p + ["destroyed_by"], "land"),
               set_(p + ["grounded"], 0)]
    steps = [Step("land hex", "she is destroyed: recorded as sunk, out of the game",
                  f"{R}: Running Aground 3; Scenarios 2D, 3A (land edges)")]
    return Resolution("aground", f"{ship['name']} is destroyed on land", effects, steps,
                      {"ship": ship_id, "state": "sunk", "destroyed": True})


def aground(state: dict, tables, ship_id: str, refloat: bool):
    ship = _ship(state, ship_id)
    turn = state["turn"]
    p = ["ships", ship_id]
    never = tables[T]["aground"]["no_refloat"]
    if not refloat:
        if ship.get("grounded"):
            raise Refused(f"{ship['name']} is aground already (refloat die to beat: {ship['grounded']})")

        def ground(rolls, typed):
            die = rolls[0]
            steps = [Step(f"run aground, die {die}", f"to refloat, a later die must exceed {die}"
                          if die < never else "she cannot be refloated by ordinary means", f"{R}: Running Aground 2")]
            return Resolution("aground", f"{ship['name']} runs aground ({die})",
                              [set_(p + ["grounded"], die), set_(p + ["grounded_turn"], turn)], steps,
                              {"ship": ship_id, "roll": die, "aground": True, "refloatable": die < never})

        return Plan(DiceNeed(1, 6, ("aground",)), ground)
    if not ship.get("grounded"):
        raise Refused(f"{ship['name']} is not aground")
    if ship["grounded"] >= never:
        raise Refused(f"{ship['name']} rolled {ship['grounded']} when she grounded: she cannot be refloated by "
                      "ordinary means (Running Aground 2)")
    if ship.get("grounded_turn") == turn:
        raise Refused(f"{ship['name']} ran aground this Move: the die to refloat her is rolled on each succeeding "
                      "Move (Running Aground 2)")
    if ship.get("refloat_rolled") == turn:
        raise Refused(f"{ship['name']}'s refloating die has been rolled already this Move")

    def float_off(rolls, typed):
        die = rolls[0]
        off = die > ship["grounded"]
        effects = [set_(p + ["refloat_rolled"], turn)]
        if off:
            effects.append(set_(p + ["grounded"], 0))
        steps = [Step(f"refloat die {die}", f"exceeds {ship['grounded']}: refloated; move her back into the hex she "
                      "left when she grounded" if off else f"does not exceed {ship['grounded']}: aground another Move",
                      f"{R}: Running Aground 2, 4")]
        return Resolution("aground", f"{ship['name']} " + ("is refloated" if off else "stays aground"), effects, steps,
                          {"ship": ship_id, "roll": die, "aground": not off})

    return Plan(DiceNeed(1, 6, ("refloat",)), float_off)


def end_turn_effects(state: dict, ship_id: str, ship: dict) -> tuple[list[dict], list[Step], set[str]]:
    """The end of a Move: the FS counter placed or removed takes effect; a ship that up-anchored
    or made repairs this Move does not load."""
    effects: list[dict] = []
    steps: list[Step] = []
    held: set[str] = set()
    p = ["ships", ship_id]
    if ship.get("sails_next"):
        effects += [set_(p + ["sails"], ship["sails_next"]), set_(p + ["sails_next"], "")]
        steps.append(Step(f"{ship['name']}'s sails", f"{ship['sails_next']} from next Move", f"{R}: Full Sails 1"))
    if ship.get("anchor_up") == state["turn"] or ship.get("repaired_turn") == state["turn"]:
        held = set(SIDES)
    return effects, steps, held


def speed_limits(state: dict, ship: dict, res: Resolution, tables) -> Resolution:
    """What the optional rules take off a movement allowance: nothing at anchor (Anchors 4) or
    aground; a tow's one or two hexes (Towing); never below 0."""
    data, steps = dict(res.data), list(res.working)
    value = data["allowance"]
    turn = state["turn"]
    if anchored(ship, turn):
        value = 0
        steps.append(Step(f"anchored ({ship['anchor']})", "she cannot move" + (
            f"; on springs she may be turned up to {tables[T]['anchors']['spring_turn']}° (no loading or firing that "
            "Move)" if ship["anchor"] in ("AB", "AS") else " or be turned in place"), f"{R}: Anchors 4, 6"))
    if ship.get("grounded"):
        value = 0
        steps.append(Step("aground", "she cannot move until refloated", f"{R}: Running Aground 2"))
    got = tow_loss(state, ship, tables)
    if got and value:
        value = max(0, value - got[0])
        steps.append(Step(got[1].step, f"{got[1].value} -> {value}", got[1].source))
    if value == tables[T]["lead"]["speed"] and "casting-the-lead" in (state.get("optional") or []):
        steps.append(Step("casting the lead", "at one hex she may be told the depth of every adjacent hex",
                          f"{R}: Casting the Lead 1"))
    if value == data["allowance"] and steps == list(res.working):
        return res
    data["allowance"] = value
    return Resolution("speed", f"{ship['name']} attitude {data['attitude']}: {value} hex(es)", [], steps, data)


def lead(state: dict, tables, ship_id: str, opts: dict) -> Resolution:
    """Casting the Lead 1-2: a ship moving at a speed of one hex (or none) may be told the depth
    of every adjacent hex; faster, she is not casting the lead. Read from her journalled move
    this Move (`move`; a drift counts as a hex), or `--hexes N` as the umpire says."""
    in_play_rule = "casting-the-lead"
    if in_play_rule not in (state.get("optional") or []):
        raise Refused(f"lead: the first edition's optional rule {in_play_rule!r} is not in play: start the game with "
                      f"--optional {in_play_rule}")
    ship = _ship(state, ship_id)
    rec = ship.get("movement") or {}
    typed = opts.get("hexes")
    steps = []
    if typed is not None:
        if isinstance(typed, bool) or not str(typed).strip().isdigit():
            raise BadInput(f"--hexes {typed!r}: the hexes she moved this Move, a whole number from 0")
        hexes = int(typed)
        steps.append(Step("moved", f"{hexes} hex(es), as the umpire says", ""))
    elif rec.get("turn") == state["turn"]:
        hexes = int(rec.get("hexes", 0)) + (1 if rec.get("drift") else 0)
        steps.append(Step("moved", f"{hexes} hex(es) this Move (her move {rec.get('done', '')}"
                          + (", and a drift" if rec.get("drift") else "") + ")", "move"))
    else:
        raise BadInput(f"{ship['name']} has no move journalled this Move: give --hexes N (the hexes she moved)")
    may = hexes <= tables[T]["lead"]["speed"]
    steps.append(Step("casting the lead", "yes: she must be told the depth of every adjacent hex" if may else
                      f"no: she moved faster than {tables[T]['lead']['speed']} hex a Move", f"{R}: Casting the Lead 1-2"))
    return Resolution("lead", f"{ship['name']}: " + ("may cast the lead" if may else "may not cast the lead"), [],
                      steps, {"ship": ship_id, "hexes": hexes, "casting_the_lead": may})


def mark_hits(target: dict, hits: dict, act):
    """The Basic Game's marking, as the first edition words its effects: with all rigging gone
    she cannot move but may turn 60° every other Move, and "Loss of rigging cannot force a ship
    to surrender" (Marking Hits 5: no surrender by immobility); with all guns gone she surrenders
    to the first enemy that can move alongside and fire into her if no friendly ship is within ten
    hexes (Marking Hits 4: any friendly ship, of whatever size)."""
    marks, steps, landed = gunnery.mark_hits(target, hits, act)
    out = []
    for key, value in marks:
        if key == ("liable",):
            value = [x for x in value if x != "immobility"]
            if value == target.get("liable"):
                continue
        out.append((key, value))
    words = []
    for st in steps:
        if st.source == "Basic VIII.D.4.b":
            st = Step("all rigging gone", "she cannot move, but may make a 60° turn every other Move; loss of "
                      "rigging cannot force a ship to surrender", "1974 Marking Hits 5")
        elif st.source == "Basic VIII.D.3.b" and st.step == "all gun squares gone":
            st = Step(st.step, "liable to surrender, if no friendly ship is within ten hexes, to the first enemy "
                      "ship that can move alongside and fire a broadside into her (confirm with `umpire "
                      "surrender`)", "1974 Marking Hits 4")
        words.append(st)
    rigging = dict(out).get(("rigging_left",))
    if rigging is not None and 0 in rigging and "full" in (target.get("sails"), target.get("sails_next")):
        out += [(("sails",), "battle"), (("sails_next",), "")]
        words.append(Step("a whole rigging section lost", "she cannot use full sails: back to battle sails, and no "
                          "FS counter for next Move", f"{R}: Full Sails 4"))
    return out, words, landed

