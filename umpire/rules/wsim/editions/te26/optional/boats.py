"""Tournament Edition 2.6, Optional 54: boats (`--optional boats`).

* `designate SHIP --boat` at set-up: a class 7 or class 8 vessel (`ship add --class 7|8`) is a
  boat unit of one hex (54.0, 54.4.0), "treated as one vessel for all purposes".
* `speed BOAT` gives her rowing allowance (54.1): class 7, 4 in attitudes A and B, 3 in C and D
  (54.1.1); class 8, 1 in A, B and C, in D none, but one hex on alternate turns in a light breeze
  and 1 when becalmed (54.4.1, the game's wind velocity, 40.1). `--opt towing=1`: towing another
  boat, one less (54.1.5). `speed BOAT --sail battle|full`: a boat with rigging sailing, fore-and-aft
  rigged (54.1.2, 38.0).
* Class 8 boats: in a Wind Phase that leaves the velocity at gale (5) or storm (6), a die each,
  a 6 sinks her (54.4.2; `wind`, with wind velocity, Optional 40); a 10H critical hit sinks her
  at once (54.4.3; `fire`, Advanced Game).
* Collisions (54.1.4): a boat never fouls (`foul` refused); `ram BOAT --at SHIP --collision`, the
  boat ran into a larger vessel: she returns to the hex she left and the vessel moves on
  (54.1.4.2); `ram SHIP --at BOAT --collision`, the larger vessel entered the hex the boat held:
  the boat is destroyed, and a die, on a 6 the vessel loses a movement point (54.1.4.3).
* 54.1.7 (with Optional 44): `aground BOAT --land` beaches her, no wreck; she moves on a later turn.
* 54.4.4: a class 8 boat's one anchor is in the bow: `anchor BOAT --spring stern` is refused.
* `move BOAT NOTATION`: her written move at the rowing allowance, turns free and up to two in a
  row (54.1.1); she drifts every turn she does not leave her hex (54.1.3), unless `RW` is written
  and she is neither fouled nor grappled.
* Fire at a boat: never a rake (54.2.2); aimed at her hull unless she is sailing (54.2.3; the
  umpire says so with `fire --opt boat-sailing=1`). That boats block no field of fire (54.2.1) is
  the umpire's reading of the map.
* 54.1.5 kedging: `speed SHIP --opt kedged=1` for a ship grappled to a boat unit, one movement
  point on the even-numbered turns (`speed` only: the move checker does not read it).
* 54.3: a boat unit's crew boards, fights and transfers with `board` and `melee` as any vessel's.

Not here: the Wind Effects Table (54.1.6), a gunboat's field of fire (54.2.5, its diagram is not in
the text) and ships' boats (54.4.5).
"""

from __future__ import annotations

from umpire.rules.wsim.editions.te26.actions import Collide  # noqa: F401  (kept with the other actions)
from umpire.core.errors import BadInput, Refused
from umpire.core.state import Resolution, Step, set_, has_state
from umpire.core.ruleset import Plan
from umpire.core.dice import DiceNeed
from umpire.rules.wsim import moves
from umpire.rules.wsim import citations

RULE = "boats"


def rules(tables) -> dict:
    return tables["optional-rules"]["boats"]


def is_boat(state: dict, ship_id: str) -> bool:
    return bool((state["ships"].get(ship_id) or {}).get("te_boat")) and RULE in (state.get("optional") or [])


def designate(state: dict, ship_id: str, tables) -> tuple[list[dict], list[Step]]:
    if RULE not in (state.get("optional") or []):
        raise Refused(f"boat units belong to the optional rule {RULE!r} (TE 2.6 54.0), which this game was not "
                      f"started with (umpire new ... --optional {RULE})")
    ship = state["ships"][ship_id]
    if ship.get("te_boat"):
        raise Refused(f"{ship['name']} is a boat unit already")
    if ship.get("class_number") not in rules(tables)["classes"]:
        raise Refused(f"{ship['name']} is of class {ship.get('class_number') or ship.get('class') or 'unknown'}: "
                      "boat units are "
                      "class 7 or class 8 vessels (TE 2.6 54.1.1, 54.4.0; `ship add --class 7|8`)")
    if state["turn"] != 1:
        raise Refused(f"{ship['name']}: a boat unit is named at set-up, on the first turn (TE 2.6 54.0)")
    steps = [Step(f"a class {ship['class_number']} boat unit", "one hex, treated as one vessel; moves by rowing",
                  "TE 2.6 54.0, 54.1")]
    return [set_(["ships", ship_id, "te_boat"], True)], steps


def sailing_view(state: dict, ship_id: str) -> dict:
    """54.1.2 "When sailing, boats are fore-and-aft rigged (see 38.0)"."""
    ship = state["ships"][ship_id]
    return {**state, "ships": {**state["ships"], ship_id: {**ship, "fore_and_aft": True}}}


def speed(state: dict, tables, ship_id: str, opts: dict, under_sail) -> Resolution:
    """A boat's allowance: rowing (54.1.1, 54.4.1), or under sail when `--sail` is given (54.1.2).
    `under_sail(state, opts)` is the ship's allowance under sail, which also finds her attitude."""
    towing = str(opts.get("towing") or "").lower()
    if towing not in ("", "0", "no", "1", "yes"):
        raise BadInput(f"speed --opt towing={towing}: 1 when the boat tows another boat")
    towing = towing in ("1", "yes")
    rest = {k: v for k, v in opts.items() if k != "towing"}
    ship = state["ships"][ship_id]
    if opts.get("sail"):
        res = under_sail(sailing_view(state, ship_id), rest)
        res.working = [Step("a boat under sail", "fore-and-aft rigged", "TE 2.6 54.1.2")] + list(res.working)
        return _tow(res, towing, rules(tables))
    base = under_sail(state, {**rest, "sail": None})
    r = rules(tables)
    att = base.data["attitude"]
    cls = str(ship["class_number"])
    value = r["rowing"][cls][att]
    why, source = f"class {cls}, attitude {att}", "TE 2.6 54.1.1" if cls == "7" else "TE 2.6 54.4.1"
    velocity = (state.get("wind") or {}).get("velocity")
    alternate = False
    if cls == "8" and att == "D" and velocity is not None:
        if str(velocity) in {str(k) for k in r["class_8_d_by_velocity"]}:
            value = r["class_8_d_by_velocity"][str(velocity)]
            why += f", becalmed (velocity {velocity})"
        elif int(velocity) in r["class_8_d_alternate"]:
            alternate = True
            value = 1 if state["turn"] % 2 == 0 else 0
            why += (f", light breeze (velocity {velocity}): one hex on alternate turns, the even-numbered "
                    f"(turn {state['turn']})")
    if cls == "8" and att == "D" and velocity is None:
        why += ", no wind velocity in play (Optional 40): no light breeze or calm to move her"
    steps = [Step("a boat rowing", f"{why}: {value}", source)]
    stopped = [s for s in base.working if s.step == "she cannot move"]
    if stopped:
        steps += stopped
        value = 0
    data = {**base.data, "sail": "oars", "chart": value, "sections_lost": 0, "allowance": value, "rowed": True,
            "boat": True, **({"alternate_turns": True} if alternate else {})}
    res = Resolution("speed", f"{ship['name']} rowing, attitude {att}: {value} hex(es)", [], steps, data)
    return _tow(res, towing, r)


def kedged(state: dict, ship_id: str, opts: dict) -> Resolution:
    """54.1.5 "a boat grappled to a ship may move the ship by "kedging" ... A ship being kedged may
    move one movement point on alternate turns. To kedge, the ship must be in water shallow enough
    for anchoring" (`speed SHIP --opt kedged=1`: the umpire says the water is shallow enough)."""
    if str(opts.get("kedged")).lower() not in ("1", "yes"):
        raise BadInput(f"speed --opt kedged={opts.get('kedged')}: 1 when a boat kedges her")
    if RULE not in (state.get("optional") or []):
        raise Refused(f"kedging by a boat belongs to the optional rule {RULE!r} (TE 2.6 54.1.5), which this game was "
                      f"not started with (umpire new ... --optional {RULE})")
    ship = state["ships"][ship_id]
    boats = [state["ships"][b]["name"] for b in ship["grappled"] if is_boat(state, b)]
    if not boats:
        raise Refused(f"{ship['name']} is grappled to no boat unit: a boat grappled to her kedges her (TE 2.6 54.1.5)")
    turn = state["turn"]
    value = 1 if turn % 2 == 0 else 0
    steps = [Step(f"kedged by {boats[0]}", "one movement point on alternate turns, the even-numbered: "
                  f"turn {turn}, {value}", "TE 2.6 54.1.5"),
             Step("the water", "shallow enough for anchoring (the umpire's word); lost anchors do not matter",
                  "TE 2.6 54.1.5")]
    data = {"ship": ship_id, "attitude": (str(opts.get("attitude") or "").upper() or None), "sail": "kedged",
            "chart": value, "sections_lost": 0, "allowance": value, "kedged": True}
    return Resolution("speed", f"{ship['name']} kedged: {value} hex(es)", [], steps, data)


def _tow(res: Resolution, towing: bool, r: dict) -> Resolution:
    if not towing:
        return res
    value = max(0, res.data["allowance"] + r["towing"])
    res.working = list(res.working) + [Step("towing another boat", f"{r['towing']:+d}: {value}", "TE 2.6 54.1.5")]
    res.data = {**res.data, "allowance": value, "towing": True}
    res.summary = res.summary.rsplit(":", 1)[0] + f": {value} hex(es) (towing)"
    return res


def fire_check(state: dict, target: str, opts: dict) -> None:
    """54.2.2 "Boats cannot be raked"; 54.2.3 "Fire must be directed toward the hull of a boat,
    unless the boat is sailing"."""
    sailing = str(opts.get("boat-sailing") or "").lower()
    if sailing not in ("", "0", "no", "1", "yes"):
        raise BadInput(f"fire --opt boat-sailing={sailing}: 1 when the boat fired at is sailing")
    if not is_boat(state, target):
        if sailing in ("1", "yes"):
            raise BadInput(f"fire --opt boat-sailing: {state['ships'][target]['name']} is not a boat unit")
        return
    name = state["ships"][target]["name"]
    if opts.get("rake"):
        raise Refused(f"{name} is a boat: boats cannot be raked (TE 2.6 54.2.2)")
    if str(opts.get("aim") or "").lower() == "rigging" and sailing not in ("1", "yes"):
        raise Refused(f"{name} is a boat: fire is aimed at her hull unless she is sailing (TE 2.6 54.2.3; "
                      "--opt boat-sailing=1 when she is)")


GONE = ("sunk", "exploded")
_SINK_LABEL = "class 8 boat in a gale or storm"


def _class_8(state: dict) -> list[str]:
    return [sid for sid, s in state["ships"].items()
            if s.get("te_boat") and s.get("class_number") == 8 and s["state"] not in GONE]


def follow(state: dict, action: dict, out):
    """After the ruleset's plan: 54.4.2 in a rolled Wind Phase, 54.4.3 after fire at a boat."""
    if RULE not in (state.get("optional") or []):
        return out

    cmd = action.get("command")
    if cmd == "wind" and isinstance(out, Plan) and "wind change die 1" in out.need.labels \
            and "wind-velocity" in (state.get("optional") or []) and _class_8(state):
        boats = _class_8(state)
        labels = out.need.labels + tuple(f"{sid}: {_SINK_LABEL}" for sid in boats)
        need = type(out.need)(len(labels), out.need.faces, labels)
        return Plan(need, lambda rolls, strict: _wind(state, boats, out, rolls, strict), True, out.per_die, out.chain)
    if cmd == "aground" and (action.get("opts") or {}).get("land") and is_boat(state, action.get("ship", "")):
        return _beached(state, action["ship"])
    target = action.get("at", "")
    if cmd == "fire" and (state["ships"].get(target) or {}).get("te_boat") \
            and state["ships"][target].get("class_number") == 8:
        if isinstance(out, Resolution):
            return _waterline(state, target, out)
        return Plan(out.need, lambda rolls, strict: _waterline(state, target, out.resolve(rolls, strict)),
                    out.flexible, out.per_die, out.chain)
    return out


def _beached(state: dict, sid: str) -> Resolution:
    """54.1.7 "Unlike larger vessels, boats are not wrecked upon entering land, but are merely
    beached. A beached boat may enter an adjacent sea hex, moving normally on a later turn"."""
    ship = state["ships"][sid]
    steps = [Step("a boat enters land", "beached, not wrecked (44.1 is for larger vessels)", "TE 2.6 54.1.7"),
             Step("afterwards", f"from turn {state['turn'] + 1} she may move into an adjacent sea hex as usual",
                  "TE 2.6 54.1.7")]
    return Resolution("aground", f"{ship['name']} is beached", [set_(["ships", sid, "te_beached"], state["turn"])],
                      steps, {"ship": sid, "beached": True, "wrecked": False})


def _wind(state: dict, boats: list[str], out, rolls: tuple[int, ...], strict: bool) -> Resolution:
    """54.4.2 "If the wind velocity is 5 (gale) or 6 (storm), Class 8 boats sink on a die roll of
    "6" rolled during the Wind Phase": the velocity the phase leaves, a die for each."""
    res = out.resolve(tuple(rolls), False)
    used = list(res.data.get("rolls") or [])
    rest = list(rolls[len(used):])
    velocity = res.data["wind"].get("velocity")
    if velocity in (5, 6):
        for sid in boats:
            if not rest:
                raise BadInput(f"the wind phase needs another die ({sid}: {_SINK_LABEL}, TE 2.6 54.4.2)")
            d = rest.pop(0)
            used.append(d)
            name = state["ships"][sid]["name"]
            sinks = d == 6
            res.working.append(Step(f"{name}, a class 8 boat in a {'gale' if velocity == 5 else 'storm'}: die {d}",
                                    "she sinks" if sinks else "she stays afloat", "TE 2.6 54.4.2"))
            if sinks:
                res.effects.append(set_(["ships", sid, "state"], "sunk"))
                res.data.setdefault("boats_sunk", []).append(sid)
    if strict and rest:
        raise BadInput(f"the wind phase used {len(used)} dice ({', '.join(map(str, used))}); got {len(rolls)}")
    res.data["rolls"] = used
    return res


def _waterline(state: dict, target: str, res: Resolution) -> Resolution:
    """54.4.3 "A class 8 boat sinks immediately if it receives a 10H critical hit (waterline
    damage)": two dice totalling 10 on the Critical Hit Table's hull column."""
    crits = res.data.get("critical_hits") or []
    if any(c.get("total") == 10 and c.get("column") == "hull" for c in crits):
        res.effects.append(set_(["ships", target, "state"], "sunk"))
        res.working.append(Step(f"{state['ships'][target]['name']}, a class 8 boat: critical hit 10H",
                                "she sinks at once", "TE 2.6 54.4.3"))
        res.data["boat_sunk"] = True
    return res


def check(state: dict, action: dict) -> None:
    """54.1.4.1 "Boats do not foul in collisions"; 54.4.4 "Unlike other vessels, Class 8 boats have
    only one anchor, located in the bow": no anchoring by a stern spring."""
    if RULE not in (state.get("optional") or []):
        return
    sid = action.get("ship", "")
    if action.get("command") == "anchor" and action.get("how") == "stern" and is_boat(state, sid) \
            and state["ships"][sid].get("class_number") == 8:
        raise Refused(f"{state['ships'][sid]['name']} is a class 8 boat: her one anchor is in the bow; she cannot "
                      "anchor by the stern (TE 2.6 54.4.4)")
    if action.get("command") != "foul":
        return
    for sid in (action.get("ship", ""), action.get("with", "")):
        if is_boat(state, sid):
            raise Refused(f"{state['ships'][sid]['name']} is a boat: boats do not foul in collisions (TE 2.6 "
                          "54.1.4.1); resolve the collision with `umpire ram ... --collision`")


def _larger(boat: dict, other: dict) -> bool:
    """A vessel of a larger class than the boat: a lower class number (a ship type of the 1981
    charts, classes 1-6, when she has no number)."""
    if other.get("te_boat"):
        return bool(other.get("class_number")) and other["class_number"] < boat["class_number"]
    return other.get("class_number") is None or other["class_number"] < boat["class_number"]


def collide(state: dict, a: Collide):
    if RULE not in (state.get("optional") or []):
        raise Refused(f"collisions with boats belong to the optional rule {RULE!r} (TE 2.6 54.1.4), which this "
                      f"game was not started with (umpire new ... --optional {RULE})")
    for sid in (a.ship, a.at):
        if sid not in state["ships"]:
            raise BadInput(f"no ship {sid!r}")
    if a.kind != "collision" or any(v not in (None, False, "") for v in (a.opts or {}).values()):
        raise BadInput("ram: in this game only a collision with a boat unit, `ram SHIP --at OTHER --collision` "
                       "(TE 2.6 54.1.4)")
    mover, other = state["ships"][a.ship], state["ships"][a.at]
    for s in (mover, other):
        if s["state"] in GONE:
            raise Refused(f"{s['name']} {has_state(s['state'])}")
    if mover.get("te_boat") and _larger(mover, other):
        steps = [Step(f"{mover['name']}, a boat, runs into {other['name']}, a larger vessel",
                      f"{other['name']} does not end her move; {mover['name']} ends hers, back in the hex she left",
                      "TE 2.6 54.1.4.2"),
                 Step("no fouling", "boats do not foul in collisions", "TE 2.6 54.1.4.1")]
        return Resolution("ram", f"{mover['name']} returns to the hex she left", [], steps,
                          {"ship": a.ship, "at": a.at, "boat_returns": True, "rolls": []})
    if other.get("te_boat") and _larger(other, mover):
        def resolve(rolls, strict):
            d = rolls[0]
            lost = 1 if d == 6 else 0
            steps = [Step(f"{mover['name']} enters the hex {other['name']} held the move before",
                          f"{other['name']} is destroyed and removed from the map", "TE 2.6 54.1.4.3"),
                     Step(f"die {d}", f"{mover['name']} loses one movement point of this move" if lost else
                          "no movement point lost", "TE 2.6 54.1.4.3")]
            return Resolution("ram", f"{other['name']} destroyed" + (f"; {mover['name']} loses a movement point"
                                                                     if lost else ""),
                              [set_(["ships", a.at, "state"], "sunk")], steps,
                              {"ship": a.ship, "at": a.at, "boat_destroyed": True, "movement_lost": lost,
                               "rolls": [d]})
        return Plan(DiceNeed(1, 6, ("a 6: the larger vessel loses a movement point",)), resolve)
    raise Refused(f"{mover['name']} and {other['name']}: the text gives a collision's result only between a boat "
                  "and a larger class vessel (TE 2.6 54.1.4.2-54.1.4.3); boats never foul (54.1.4.1)")


def _walk_class():
    class BoatWalk(moves.Walk):
        """A boat's move (54.1.1): "Unlike ships, boats may make two consecutive turns and there is
        no cost to turn"; rowing, she is not stopped by turning into attitude D."""

        run_of_turns = 0

        def _step(self, kind, value):
            if kind != "turn":
                why = super()._step(kind, value)
                if not why:
                    self.run_of_turns = 0
                return why
            lim = self.limits
            if lim.get("forbid"):
                return lim["forbid"]
            if lim.get("springs"):
                return super()._turn(value)
            if lim.get("no_turn"):
                return lim["no_turn"]
            if self.run_of_turns >= 2:
                return ("a boat makes at most two consecutive turns", "TE 2.6 54.1.1")
            self.run_of_turns += 1
            self.turns += 1
            self.turned_here = True
            if self.rel is not None:
                self.rel = (self.rel + (1 if value == "R" else -1)) % 6
                self.path.append(moves.REL_ATTITUDE[self.rel])
            return None
    return BoatWalk


def move(ruleset, state: dict, tables, ship_id: str, notation: str, opts: dict) -> Resolution:
    """A boat unit's written move: rowed at her `speed` allowance, turns free and two in a row
    (54.1.1); she drifts one hex every turn she does not leave her hex (54.1.3: "They do not wait
    until a second turn as larger craft do"), unless "RW" is written and she is neither grappled
    nor fouled."""
    ship = state["ships"][ship_id]
    if ship["state"] in GONE:
        raise Refused(f"{ship['name']} {has_state(ship['state'])}: she is off the board")
    for key in ("for_turn", "erase_orders", "unwritten", "collision"):
        if opts.get(key) not in (None, False, ""):
            raise Refused(f"move --{key.replace('_', '-')}: not for a boat unit's move (TE 2.6 54.1)")
    if ship.get("te_beached") == state["turn"]:
        raise Refused(f"{ship['name']} was beached this turn: she moves again on a later turn (TE 2.6 54.1.7)")
    text = str(notation or "").strip().upper()
    rw = text == "RW"
    if "B" in text and not opts.get("sail"):
        raise Refused(f"{ship['name']} is rowing: backing sails (B) is for a boat under sail (--sail)")
    p = moves.Plot(ruleset, state, tables, ship_id, opts)
    p.rules = {**p.rules, "still_phases": 1, "sol_every": 1, "frigate_every": 1,
               "stop_attitude": p.rules["stop_attitude"] if opts.get("sail") else None}
    try:
        if rw:
            if ship["fouled"] or ship["grappled"]:
                raise Refused(f"{ship['name']} is fouled or grappled: only a free boat rows to hold her place "
                              "(TE 2.6 54.1.3)")
            orders, standing = [], None
            p.once_a_turn(orders)
        else:
            orders, standing = p.written_order(text)
            p.once_a_turn(orders)
        p.steps.insert(0, Step("written", "RW" if rw else moves.written(orders), "TE 2.6 7.2, 54.1"))
        p.hold()
        allowance, att, rels = p.allowance(orders)
        allow_in = p.allowance_in()
        walk_cls = _walk_class()
        walks = [walk_cls(orders, allowance, rel, allow_in, None, p.rules, p.limits).run() for rel in rels]
        if len({w.infraction for w in walks}) > 1 or len({tuple(w.done) for w in walks}) > 1:
            raise BadInput(f"move: {ship['name']}'s move depends on which side the wind is: give --heading (and "
                           "--wind) instead of --attitude")
        walk = walks[0]
        if rw:
            drift = {"still": 0, "drifting": False, "drifts": False, "toward": 0, "why_not": ""}
            p.steps.append(Step("RW", "rowing to hold her place: no drift", "TE 2.6 54.1.3"))
        else:
            drift = p.drift(walk.hexes)
        infraction = walk.infraction
        if any(k == "drift" for k, _ in orders) and not drift["drifts"] and not infraction:
            infraction = ("she does not drift this turn: " + (drift["why_not"] or "she left her hex"),
                          "TE 2.6 54.1.3")
        if infraction and not opts.get("as_written"):
            raise Refused(moves.move_refusal(ship["name"], orders, walk, infraction, allowance, att, None)
                          .replace("; turning ability not recorded.", "."))
        res = moves.journal_move(p, orders, walk, drift, infraction, allowance, att, None, "", standing, len(rels))
    except (Refused, BadInput) as exc:
        raise citations.error(tables, exc) from None     # the 1981 checker's reasons, cited by this text
    res.working = [Step(s.step, s.value, "TE 2.6 54.1.3" if s.step == "drift" else s.source)
                   for s in res.working if not (rw and s.step == "standing still")]
    if rw:
        for e in res.effects:
            if e["path"] == ["ships", ship_id, "movement"]:
                e["value"] = {**e["value"], "log": "RW", "written": "RW"}
        res.data.update({"log": "RW", "notation": "RW", "rowing_to_hold": True})
        res.summary = f"{ship['name']} rows to hold her place (RW)"
    res.data["boat"] = True
    return res
