"""A ship's written move, first edition (How to Move 2-12; Examples of Play No. 1-4; Backing
Sails; Anchors 4-6; Marking Hits 5).

The move column as written: numbers of hexes straight ahead, `L`/`R` for 60° turns, `B` for a
hex of speed spent backing sails (Optional Rules), `0` for no move. Every hex and every turn
uses one hex of the allowance of her attitude at the start of the Move (2, 6); one turn per
hex (3) up to the turning ability on her counter (3); after a turn she may advance no more
hexes than her new attitude allows (5), and a turn into an attitude of speed zero ends her
move (5); at speed zero she may still make one turn in place (No. 1). Two Moves in a row at
speed zero and she drifts one hex downwind (7, 9). An illegal move ends at the infraction (10):
refused, or journalled so with --as-written. The tool does not own the map: the umpire moves
the counters; it says where the move ends, and when and which way she drifts."""

from __future__ import annotations

from umpire.core.errors import BadInput, Refused
from umpire.core.state import Resolution, Step, set_, has_state
from umpire.rules.wsim.notation import order_units, parse, written
from umpire.rules.wsim.editions.wsim1974.optional import anchored
from umpire.rules.wsim.moves import order_for_turn, standing_orders

T = "moves-1974"
R = "1974 How to Move"


class Walk:
    """Carry out the orders one hex or turn at a time; stop at the first infraction (10)."""

    def __init__(self, orders, allowance: int | None, rel: int | None, allow_in, att_of, turning, rules,
                 limits) -> None:
        self.orders, self.allowance, self.rel, self.allow_in, self.att_of = orders, allowance, rel, allow_in, att_of
        self.turning, self.rules, self.limits = turning, rules, limits
        self.done: list[tuple[str, object]] = []
        self.used = self.hexes = self.turns = self.backs = self.stretch = 0
        self.turned_here = self.stopped = self.free_used = False
        self.path = [att_of(rel)] if rel is not None else []
        self.infraction: tuple[str, str] | None = None

    def run(self) -> "Walk":
        for kind, value in self.orders:
            count = value if kind == "hex" else 1
            for i in range(count):
                why = self._step(kind, value)
                if why:
                    self.infraction = why
                    return self
                if kind == "hex" and self.done and self.done[-1][0] == "hex" and i > 0:
                    self.done[-1] = ("hex", self.done[-1][1] + 1)
                else:
                    self.done.append((kind, 1 if kind == "hex" else value))
        return self

    def _step(self, kind: str, value) -> tuple[str, str] | None:
        lim, M = self.limits, self.allowance
        if lim.get("forbid"):
            return lim["forbid"]
        if self.stopped:
            return (f"she turned into attitude {self.path[-1]}, where her speed is zero, and must end her move there",
                    f"{R} 5")
        if kind == "turn":
            return self._turn(value)
        if lim.get("springs"):
            return ("anchored on springs she may only be turned", "1974 Optional Rules: Anchors 4, 6")
        if lim.get("no_hex"):
            return lim["no_hex"]
        if kind == "back":
            if M is not None and self.used + self.rules["back_cost"] > M:
                return (f"speed {M} spent: each B counts one hex off it", "1974 Optional Rules: Backing Sails")
            self.used += self.rules["back_cost"]
            self.backs += 1
            return None
        if M is not None and self.used + 1 > M:
            return (f"speed {M} spent", f"{R} 2, 4, 6")
        if self.rel is not None:
            cap = self.allow_in(self.att_of(self.rel))
            if self.stretch + 1 > cap:
                return (f"in attitude {self.att_of(self.rel)} she may advance only {cap} hex(es) in that direction",
                        f"{R} 5")
        self.used += 1
        self.hexes += 1
        self.stretch += 1
        self.turned_here = False
        return None

    def _turn(self, side: str) -> tuple[str, str] | None:
        lim, M, rules = self.limits, self.allowance, self.rules
        if lim.get("springs"):
            if self.turns + 1 > rules["springs_max"]:
                return (f"on springs she is turned at most {60 * rules['springs_max']}° a Move",
                        "1974 Optional Rules: Anchors 6")
            self.turns += 1
            self._face(side)
            return None
        if lim.get("no_turn"):
            return lim["no_turn"]
        if self.turned_here:
            return ("only one 60° turn per hex per Move", f"{R} 3")
        if self.turning is not None and self.turns + 1 > self.turning:
            return (f"turning ability {self.turning}", f"{R} 3")
        free = M == 0 and self.hexes == 0 and not self.free_used
        if M is not None and not free and self.used + rules["turn_cost"] > M:
            return (f"speed {M}: the turn would be hex {self.used + rules['turn_cost']}", f"{R} 6")
        if free:
            self.free_used = True
        else:
            self.used += rules["turn_cost"]
        self.turns += 1
        self.turned_here = True
        self.stretch = 0
        self._face(side)
        if self.rel is not None and self.allow_in(self.att_of(self.rel)) == 0 and not free:
            self.stopped = True
        return None

    def _face(self, side: str) -> None:
        if self.rel is not None:
            self.rel = (self.rel + (self.rules["clockwise"] if side == "R" else -self.rules["clockwise"])) % 6
            self.path.append(self.att_of(self.rel))

    def outcome(self) -> tuple:
        return (tuple(self.done), self.infraction)


def _held(state: dict, ship: dict, turn: int) -> tuple[list[tuple[str, str]], bool]:
    """Why she may neither move nor turn this Move, and whether she still drifts."""
    out, drifts = [], True
    if ship["fouled"] or ship["grappled"]:
        out.append(("fouled or grappled: she cannot move or turn in place, only drift", f"{R} 8"))
    if ship.get("struck") or ship["state"] == "surrendered":
        out.append((f"she has {'struck' if ship.get('struck') else 'surrendered'}: she cannot be sailed",
                    "1974 Marking Hits 2; Prize Crews 2"))
    if ship["state"] in ("sinking", "exploding"):
        out.append((f"she will {ship['state'][:-3].replace('explod', 'explode')}: she cannot be sailed, "
                    "though she drifts", "1974 Optional Rules: Sinking and Exploding Ships 5"))
    if sum(ship["crew_left"]) == 0 and ship["prize"]["squares"] == 0:
        out.append(("no crew left: she cannot be moved", "1974 Marking Hits 3"))
    if ship.get("grounded"):
        out.append(("she is aground: no movement until she is refloated", "1974 Optional Rules: Running Aground 2"))
        drifts = False
    if ship.get("tow_by"):
        out.append((f"in tow of {state['ships'][ship['tow_by']]['name']}: she moves in her wake (move that ship)",
                    "1974 Optional Rules: Towing (b)"))
    if anchored(ship, turn) and ship["anchor"] == "A":
        out.append(("anchored: she cannot move or be turned in place", "1974 Optional Rules: Anchors 4"))
        drifts = False
    if ship.get("anchor_up") == turn and ship["anchor"]:
        out.append(("she is up-anchoring", "1974 Optional Rules: Anchors 2"))
    return out, drifts


def move(ruleset, state: dict, tables, ship_id: str, notation: str, opts: dict) -> Resolution:
    ship = state["ships"][ship_id]
    turn, name = state["turn"], ship["name"]
    t = tables[T]
    rules = {"turn_cost": t["turning"]["cost"], "back_cost": t["backing"]["cost"],
             "springs_max": t["springs"]["max_turns"], "clockwise": tables["wind"]["clockwise_step"]}
    optional = list(state.get("optional") or [])
    if ship["state"] in ("sunk", "exploded"):
        raise Refused(f"{name} {has_state(ship['state'])}: she is off the board")
    if str(notation).strip().upper() == "D" or "D" in str(notation).upper():
        raise BadInput(f"move notation {notation!r}: the first edition writes no D; write 0 (or her turns in place): "
                       "the tool says when she drifts (How to Move 7)")
    if opts.get("for_turn") is not None or opts.get("erase_orders"):   # Command Lag, as 1981's Optional IV
        return standing_orders(state, ship_id, notation, opts)           # (refused without the rule)
    if "command-lag" in optional or ship.get("orders"):
        orders, standing, lag_steps = order_for_turn(ship, turn, notation, opts)
    else:
        orders, standing, lag_steps = parse(notation), None, []
    rec = ship.get("movement") or {}
    amended = ""
    if opts.get("collision"):
        if rec.get("turn") != turn:
            raise Refused(f"{name} has no move journalled in Move {turn} to cut short (Collisions 3)")
        if not order_units(orders) or order_units(orders) != order_units(parse(rec["done"]))[:len(order_units(orders))]:
            raise Refused(f"after a collision {name}'s log is changed to the move she made: write the first part of "
                          f"{rec['done']}, not {written(orders)} (Collisions 3)")
        amended, rec = rec["done"], dict(rec.get("before") or {})
    elif rec.get("turn") == turn:
        raise Refused(f"{name} has moved already in Move {turn} ({rec.get('done')}): one move per Move; `umpire undo` "
                      "takes it back, or --collision cuts it short where a collision stopped her")
    if any(k == "back" for k, _ in orders) and "backing-sails" not in optional:
        raise Refused("B (backing sails) is a first-edition optional rule: start the game with --optional backing-sails")
    steps = [Step("written", written(orders) if orders else "0", f"{R} 12"), *lag_steps]
    turns_written = sum(1 for k, _ in orders if k == "turn")
    moving = any(k in ("hex", "back") for k, _ in orders)
    continuing = rec.get("turn") == turn - 1

    limits: dict = {}
    reasons, may_drift = _held(state, ship, turn)
    if reasons:
        limits["forbid"] = reasons[0]
        steps += [Step("she may not move", r, src) for r, src in reasons]
    elif anchored(ship, turn):
        limits["springs"] = True
        steps.append(Step(f"anchored on springs ({ship['anchor']})", "she may be turned up to 120°, pivoting on her "
                          f"{'bow' if ship['anchor'] == 'AB' else 'stern'} hex; no loading or firing in a Move she is "
                          "turned", "1974 Optional Rules: Anchors 5-6"))
    dismasted = all(r == 0 for r in ship["rigging_left"])
    if dismasted and not limits:
        limits["no_hex"] = ("all her rigging is gone: she cannot move", "1974 Marking Hits 5")
        last = int(rec.get("dismasted_turn") or 0)
        if turns_written and last and turn - last < t["dismasted"]["turn_every"]:
            limits["no_turn"] = (f"dismasted, she turns on every other Move (she turned in Move {last})",
                                 "1974 Marking Hits 5")

    # the allowance of her attitude at the start of the Move (2)
    att, allowance, rels = None, None, [None]
    speed_opts = {k: opts.get(k) for k in ("attitude", "heading", "wind", "sail") if opts.get(k) is not None}
    needs = not limits.get("forbid") and not limits.get("springs") and (moving or turns_written > 1)
    if opts.get("attitude") or opts.get("heading") is not None:
        res_speed = ruleset.query(state, tables, "speed", ship_id, dict(speed_opts))
        att, allowance = res_speed.data["attitude"], res_speed.data["allowance"]
        steps += [Step(f"speed: {s.step}", s.value, s.source) for s in res_speed.working]
        steps.append(Step("speed at the start of the Move", f"{allowance} in attitude {att}", f"{R} 2"))
        rels = _rels(opts, att, state, tables)
        if opts.get("attitude") and opts.get("heading") is not None and \
                _att(tables, rels[0]) != str(opts["attitude"]).upper():
            raise BadInput(f"--attitude {opts['attitude']} and --heading {opts['heading']} disagree: that heading "
                           f"is attitude {_att(tables, rels[0])}; give one of them")
    elif needs:
        raise BadInput(f"move: {name}'s speed depends on her attitude to the wind: give --attitude A|B|C|D, or "
                       "--heading (and --wind unless the game's wind direction is set)")
    cache: dict[str, int] = {}

    def allow_in(letter: str) -> int:
        if letter not in cache:
            got = ruleset.query(state, tables, "speed", ship_id, {**{k: v for k, v in speed_opts.items()
                                                           if k not in ("heading", "wind")}, "attitude": letter})
            cache[letter] = got.data["allowance"]
        return cache[letter]

    turning, kept = ship.get("turning"), []
    if opts.get("turning") is not None:
        value = opts["turning"]
        if isinstance(value, bool) or not str(value).isdigit() or not 0 <= int(value) <= 6:
            raise BadInput(f"--turning {value!r}: the counter's turning ability, 0 to 6")
        if turning is not None and int(value) != turning:
            raise BadInput(f"--turning {value}: {name}'s turning ability is recorded ({turning}); leave --turning "
                           f"out, or correct her record with `umpire ship edit {ship_id} --turning N`")
        if turning is None:      # typed once, kept on her record: never asked for again (core.record)
            kept.append(set_(["ships", ship_id, "turning"], int(value)))
        turning = int(value)
    if turning is None and turns_written and not limits.get("forbid") and not limits.get("springs"):
        raise BadInput(f"move: {name}'s turning ability is not recorded (it is printed on her counter): give it "
                       f"once, `umpire ship edit {ship_id} --turning N` or --turning N here (kept on her record)")
    if turning is not None and turns_written:
        steps.append(Step("turning ability", str(turning), f"{R} 3"))

    walks = [Walk(orders, allowance, rel, allow_in, lambda r: _att(tables, r), turning, rules, limits).run()
             for rel in rels]
    if len({w.outcome() for w in walks}) > 1:
        raise BadInput(f"move: whether {written(orders)} is legal depends on which side the wind is: give --heading "
                       "(and --wind) instead of --attitude")
    walk = walks[0]
    infraction = walk.infraction
    if infraction and not opts.get("as_written"):
        done = written(walk.done) if walk.done else "0"
        raise Refused(f"{name} may not move {written(orders)}: {infraction[0]} ({infraction[1]}). "
                      + (f"Speed {allowance} in attitude {att}; " if allowance is not None else "")
                      + f"up to there {walk.hexes} hex(es), {walk.turns} turn(s). As written her move ends at the "
                      f"infraction ({R} 10): {done}; journal it so with --as-written, or type the corrected move.")

    # drift: the second Move in a row at speed zero, and every one after (7, 9)
    still = ((int(rec.get("still", 0)) if continuing else 0) + 1) if walk.hexes == 0 else 0
    drifts, toward, why_not = False, 0, ""
    if still >= t["drift"]["still_moves"]:
        drifts = may_drift
        if not may_drift:
            why_not = "she is held fast (anchored or aground)"
        for p in [p for p in list(ship["fouled"]) + list(ship["grappled"]) if p in state["ships"]]:
            if _still_now(state["ships"][p], turn) < t["drift"]["still_moves"]:
                drifts, why_not = False, f"{state['ships'][p]['name']}, fouled or grappled with her, is on her " \
                                         "first Move at speed zero"
        if anchored(ship, turn):
            drifts, why_not = False, "she is at anchor"
        wind = state.get("wind") or {}
        if "wind" in optional and wind.get("velocity") == 0:
            drifts, why_not = False, "becalmed: no wind to drift on"
        if drifts:
            toward = int(opts.get("wind") or wind.get("direction") or 0)
    done = written(walk.done) if walk.done else "0"
    if infraction:
        steps.append(Step("infraction", f"{infraction[0]} [{infraction[1]}]: her move ends there, {done}", f"{R} 10"))
    if len(walk.path) > 1 and len(rels) == 1:
        steps.append(Step("attitudes", " -> ".join(walk.path), f"{R} 5"))
    if allowance is not None:
        steps.append(Step("hexes of speed used", f"{walk.used} of {allowance}: {walk.hexes} hex(es), {walk.turns} "
                          "turn(s)" + (f", {walk.backs} backing" if walk.backs else "")
                          + (" (the turn in place at speed zero)" if walk.free_used else ""), f"{R} 2, 6"))
    if still >= t["drift"]["still_moves"]:
        where = f"toward wind direction {toward}" if toward else "the way the wind blows"
        steps.append(Step("drift", f"one hex {where}" if drifts else f"none: {why_not}", f"{R} 7"))
    elif walk.hexes == 0:
        steps.append(Step("speed zero", f"Move {still} in a row; she drifts from the second", f"{R} 7, 9"))
    if amended:
        steps.append(Step("collision", f"her movement ended where she collided: {amended} cut to {done}",
                          "1974 Collisions 3"))
    springs = limits.get("springs") and walk.turns
    record = {"turn": turn, "written": written(orders) if orders else "0", "done": done, "log": done,
              "before": {k: rec[k] for k in ("turn", "still", "dismasted_turn") if k in rec},
              "hexes": walk.hexes, "turns": walk.turns, "still": still, "drift": drifts,
              "dismasted_turn": turn if dismasted and walk.turns else int(rec.get("dismasted_turn") or 0),
              "springs_turned": bool(springs)}
    heading_after = None
    if opts.get("heading") is not None:
        turned = sum(1 if v == "R" else -1 for k, v in walk.done if k == "turn") * rules["clockwise"]
        heading_after = (int(opts["heading"]) - 1 + turned) % 6 + 1
    data = {"ship": ship_id, "notation": record["written"], "executed": done, "amended": amended or None,
            "allowance": allowance, "attitude": att, "hexes": walk.hexes, "turns": walk.turns, "backing": walk.backs,
            "used": walk.used, "turning": turning, "drift": drifts, "drift_toward": toward or None,
            "still_moves": still, "heading_after": heading_after,
            "infraction": f"{infraction[0]} ({infraction[1]})" if infraction else None}
    summary = f"{name} moves {done}" + (" and drifts" if drifts else "") + \
        (f" (written {record['written']})" if infraction else "") + (f" (cut short; was {amended})" if amended else "")
    done_order = [{"op": "del", "path": ["ships", ship_id, "orders", str(turn)]}] if standing else []
    return Resolution("move", summary, [set_(["ships", ship_id, "movement"], record), *kept, *done_order], steps,
                      data)


def turned_on_springs(ship: dict, turn: int) -> bool:
    rec = ship.get("movement") or {}
    return rec.get("turn") == turn and bool(rec.get("springs_turned"))


def _att(tables, rel: int | None) -> str:
    return tables["movement"]["attitude_by_relative_direction"][str(rel)]


def _rels(opts: dict, att: str, state: dict, tables) -> list[int]:
    """Her heading relative to the wind: exact from --heading, else every one the attitude allows."""
    if opts.get("heading") is not None:
        toward = opts.get("wind") if opts.get("wind") is not None else (state.get("wind") or {}).get("direction")
        return [(int(opts["heading"]) - int(toward)) % 6]
    table = tables["movement"]["attitude_by_relative_direction"]
    return sorted(int(r) for r, a in table.items() if a == att)


def _still_now(ship: dict, turn: int) -> int:
    rec = ship.get("movement") or {}
    if rec.get("turn") == turn:
        return int(rec.get("still", 0))
    return (int(rec.get("still", 0)) if rec.get("turn") == turn - 1 else 0) + 1
