"""A ship's written move, checked and journalled (Basic Game IV-V; Advanced Game V.B-D).

The umpire types the move column as the player wrote it: numbers for hexes straight
ahead, `L`/`R` for 60 degree turns, `B` for a movement factor spent backing sails
(Advanced), `0` for no move and `D` for a drifting turn (Basic IV.B, V.B.4). The tool
checks it against the allowance for the attitude the umpire reads on the table (or the
heading and wind), the one-turn-per-hex rule, the turning ability, the allowance of each
attitude the turns lead into (IV.A.12), the stop in attitude D (IV.A.16), and what holds
a ship in place (fouling, grappling, a whole crew away boarding, anchors). It keeps the
run of turns in which her bow hex did not change, and from it says when she drifts
(V.B.1-2) and what a ship that stood still may do next (Advanced V.D).

A collision cuts the journalled move back to where she stopped (V.C.4). With the optional
rules: moves written turns ahead under command lag (Optional IV), the straight move of a
ship whose orders were not written in time (II), a mast over the side (VIII), blocked wind
(IX), running aground (XI).

The tool does not own the map: it says that she drifts and toward which wind direction;
the umpire moves the counter.
"""

from __future__ import annotations

from umpire.rules.wsim.actions import Move  # noqa: F401  (the action, kept with the others)
from umpire.core.errors import BadInput, Refused
from umpire.core.state import Resolution, Step, set_, has_state
from umpire.rules.wsim import wind
from umpire.rules.wsim.notation import order_units, parse, written

ATTITUDE_RELS = {"B": (0,), "A": (1, 5), "C": (2, 4), "D": (3,)}
REL_ATTITUDE = {0: "B", 1: "A", 2: "C", 3: "D", 4: "C", 5: "A"}


# --- the walk through the orders ----------------------------------------------------------

class Walk:
    """Carry out the orders one factor at a time and stop at the first infraction (Basic IV.B.7)."""

    def __init__(self, orders, allowance, rel, allow_in, turning, rules, limits) -> None:
        self.orders, self.allowance, self.rel, self.allow_in = orders, allowance, rel, allow_in
        self.turning, self.rules, self.limits = turning, rules, limits
        self.done: list[tuple[str, object]] = []
        self.used = self.hexes = self.turns = self.backs = 0
        self.in_attitude: dict[str, int] = {}   # hexes moved in each attitude this phase (IV.A.12)
        self.turned_here = self.stopped = self.in_place_only = False
        self.free_turn_used = False
        self.path: list[str] = [REL_ATTITUDE[rel]] if rel is not None else []
        self.infraction: tuple[str, str] | None = None

    def run(self) -> "Walk":
        for kind, value in self.orders:
            if kind == "drift":
                continue
            count = value if kind == "hex" else 1
            for i in range(count):
                why = self._step(kind, value)
                if why:
                    self.infraction = why
                    return self
                if kind == "hex":
                    if self.done and self.done[-1][0] == "hex" and i > 0:
                        self.done[-1] = ("hex", self.done[-1][1] + 1)
                    else:
                        self.done.append(("hex", 1))
                else:
                    self.done.append((kind, value))
        return self

    def _step(self, kind: str, value) -> tuple[str, str] | None:
        lim, M = self.limits, self.allowance
        if lim.get("forbid"):
            return lim["forbid"]
        if self.in_place_only:
            return ("after turning in place from standing still she may make no other movement", "Advanced V.D.1")
        if self.stopped:
            return (f"she turned into attitude {self.rules['stop_attitude']} and must stop", "Basic IV.A.16")
        if kind == "turn":
            return self._turn(value)
        if kind == "back":
            if M is not None and self.used + self.rules["back_cost"] > M:
                return (f"allowance {M} spent: backing sails costs a factor", "Advanced V.B")
            self.used += self.rules["back_cost"]
            self.backs += 1
            return None
        # a hex straight ahead
        if lim.get("springs"):
            return ("at anchor on springs she may only turn", "Advanced V.C.3-4")
        if M is not None and self.used + 1 > M:
            return (f"allowance {M} spent", "Basic IV.A.5")
        if self.rel is not None:
            att = REL_ATTITUDE[self.rel]
            cap = self.allow_in(att)
            if self.in_attitude.get(att, 0) + 1 > cap:
                return (f"in attitude {att} she may move only {cap} hex(es) in the phase", "Basic IV.A.12")
            self.in_attitude[att] = self.in_attitude.get(att, 0) + 1
        self.used += 1
        self.hexes += 1
        self.turned_here = False
        return None

    def _turn(self, side: str) -> tuple[str, str] | None:
        lim, M, rules = self.limits, self.allowance, self.rules
        if lim.get("springs"):
            if lim.get("springs_busy"):
                return lim["springs_busy"]
            if self.turns and self.done[-1][1] != side:
                return ("on springs she turns up to 120 degrees one way", "Advanced V.C.4")
            if self.turns + 1 > rules["springs_max"]:
                return (f"on springs she turns at most {60 * rules['springs_max']} degrees", "Advanced V.C.4")
            self.turns += 1
            return None
        if lim.get("no_turn"):
            return lim["no_turn"]
        if self.turned_here:
            return ("one 60 degree turn per hex", "Basic IV.A.8")
        in_place = self.hexes == 0
        ability = self.turning
        if lim.get("after_still") and not in_place:
            ability = ability - rules["turning_lost"] if ability is not None else None
        if ability is not None and self.turns + 1 > ability:
            said = f"turning ability {ability}"
            if lim.get("after_still") and not in_place:
                said += f" (one less after standing still: {self.turning} - {rules['turning_lost']})"
            return (said, "Advanced V.D.2" if lim.get("after_still") and not in_place else "Basic IV.A.9")
        free = M == 0 and in_place and not self.free_turn_used
        if M is not None and not free and self.used + rules["turn_cost"] > M:
            return (f"allowance {M}: the turn would be factor {self.used + rules['turn_cost']}", "Basic IV.A.11")
        if free:
            self.free_turn_used = True
        else:
            self.used += rules["turn_cost"]
        self.turns += 1
        self.turned_here = True
        if lim.get("after_still") and in_place:
            self.in_place_only = True
        if self.rel is not None:
            self.rel = (self.rel + (1 if side == "R" else -1)) % 6
            self.path.append(REL_ATTITUDE[self.rel])
            if REL_ATTITUDE[self.rel] == rules["stop_attitude"]:
                self.stopped = True
        return None


# --- the move ---------------------------------------------------------------------------

def is_sol(ship: dict) -> bool | None:
    """Ship of the line (drifts every other turn) or frigate and smaller; None when not recorded."""
    if ship.get("class_number") in (1, 2) or ship.get("class") == "SOL":
        return True
    if ship.get("class_number") or ship.get("class") in ("F", "C", "B", "S", "SC", "GO", "G", "R", "GB"):
        return False
    return None


def anchored(ship: dict) -> str:
    """The anchoring in effect this turn ("ordinary", "bow", "stern") or "" (Advanced V.C.2)."""
    kind = ship.get("anchor") or ""
    return kind if kind in ("ordinary", "bow", "stern") else ""


def turned_on_springs(state: dict, ship_id: str, doing: str) -> None:
    """A ship turned on springs this turn cannot reload or fire (Advanced V.C.4): refuse `doing`."""
    ship = state["ships"].get(ship_id) or {}
    rec = ship.get("movement") or {}
    if anchored(ship) in ("bow", "stern") and rec.get("turn") == state.get("turn") and rec.get("turns"):
        raise Refused(f"{ship['name']} was turned on springs this turn ({rec.get('log')}): a ship being turned on "
                      f"springs cannot reload or fire, so she cannot {doing} until next turn (Advanced V.C.4)")


def held(ship: dict, turn: int) -> list[tuple[str, str]]:
    """Why she may neither move nor turn this turn (she may still drift)."""
    out = []
    if ship["fouled"] or ship["grappled"]:
        out.append(("fouled or grappled: she cannot move or turn in place, only drift", "Basic V.C.6, VI.A.6"))
    if turn and ship.get("all_aboard_turn") == turn - 1:
        out.append(("her whole crew was in boarding parties last turn: she may not move", "Basic VII.B.5"))
    if ship.get("struck") or ship["state"] == "surrendered":
        out.append((f"she has {'struck' if ship.get('struck') else 'surrendered'}: she is not sailed",
                    "Basic VIII.D.1.b, IX.D.4"))
    if ship["state"] in ("sinking", "exploding"):
        out.append((f"she is {ship['state']}: she cannot be sailed, though she drifts", "Advanced VIII.C.5"))
    if sum(ship["crew_left"]) == 0 and ship["prize"]["squares"] == 0:
        out.append(("no crew left to work her", "Basic VIII.D.2.b"))
    if ship.get("aground"):
        out.append(("she is aground: no movement until she is refloated", "Optional Rules XI.A"))
    return out


class Plot:
    """One ship's move as it is checked: the game, the ship, and the working gathered on the way."""

    def __init__(self, ruleset, state: dict, tables, ship_id: str, opts: dict) -> None:
        self.ruleset, self.state, self.tables, self.ship_id, self.opts = ruleset, state, tables, ship_id, opts
        self.ship = state["ships"][ship_id]
        self.turn, self.name = state["turn"], self.ship["name"]
        self.rules = _rules(tables)
        self.advanced = ruleset.level == "advanced"
        self.steps: list[Step] = []
        self.limits: dict = {}
        self.rec: dict = self.ship.get("movement") or {}
        self.plotted = 0
        self.kept: dict = {}    # values of her record first given with this move (`--turning`)

    @property
    def continuing(self) -> bool:
        """Whether her last journalled move was last turn's."""
        return self.rec.get("turn") == self.turn - 1

    # --- what was written ----------------------------------------------------------
    def written_order(self, notation: str) -> tuple[list, dict | None]:
        """The orders for this turn: as typed, or her order written ahead (command lag)."""
        orders, standing, steps = order_for_turn(self.ship, self.turn, notation, self.opts)
        self.steps += steps
        return orders, standing

    def unwritten(self, notation: str) -> tuple[list, None]:
        """Timed moves (Optional II): "Ships whose orders do not get written, move on a straight
        course their full movement allowance"."""
        if not self.ruleset.in_force(self.state, "timed-moves"):
            raise Refused("orders not written in time belong to the optional rule 'timed-moves' (Optional Rules "
                          "II), which this game was not started with (umpire new ... --optional timed-moves)")
        if str(notation or "").strip():
            raise BadInput("move --unwritten: her orders were not written, so give no notation")
        if (self.ship.get("orders") or {}).get(str(self.turn)):
            raise Refused(f"{self.name}'s move for turn {self.turn} was written ahead (command lag): it is carried "
                          "out as written")
        if not (self.opts.get("attitude") or self.opts.get("heading") is not None):
            raise BadInput(f"move --unwritten: {self.name} sails her full allowance: give --attitude A|B|C|D, or "
                           "--heading (and --wind unless the game's wind is set)")
        value = self._speed(self._speed_opts(), self.opts.get("blocked_by")).data["allowance"]
        self.steps.append(Step("orders not written in time", f"straight ahead her full allowance: {value} hex(es)",
                               "Optional Rules II"))
        return ([("hex", value)] if value else []), None

    def once_a_turn(self, orders) -> str:
        """One move a turn; --collision cuts this turn's back to its first part (V.C.4) and returns
        the move it replaces, the run of still turns then read from before it."""
        if not self.opts.get("collision"):
            if self.rec.get("turn") == self.turn:
                raise Refused(f"{self.name} has moved already in turn {self.turn} ({self.rec.get('log')}): one move "
                              "per ship per turn; `umpire undo` takes the last one back, or --collision cuts it "
                              "short where a collision stopped her")
            return ""
        if self.rec.get("turn") != self.turn:
            raise Refused(f"{self.name} has no move journalled in turn {self.turn} to cut short: --collision changes "
                          "the move she made this turn (Basic V.C.4)")
        part, whole = order_units(orders), order_units(parse(self.rec["done"]))
        if part != whole[:len(part)] or any(k == "drift" for k, _ in orders):
            raise Refused(f"after a collision {self.name}'s log is cut back to where she stopped: write the first "
                          f"part of her move {self.rec['done']}, not {written(orders)} (Basic V.C.4)")
        # V.B.1 counts a phase in which her bow hex "is not plotted to change": a ship stopped by a
        # collision was plotted to move, and is not standing still (so a fouled ship drifts "on the
        # second movement phase after fouling", V.C.6, even if she collided entering her first hex)
        self.plotted = int(self.rec.get("plotted", self.rec.get("hexes", 0)))
        amended, self.rec = self.rec["done"], dict(self.rec.get("before") or {})
        return amended

    # --- what holds her ----------------------------------------------------------
    def hold(self) -> None:
        """What stops her moving or turning at all, or leaves her only turns on springs."""
        reasons = held(self.ship, self.turn)
        if self.advanced and self.ship.get("weighing"):
            reasons.append(("she is weighing anchor (two turns): she manoeuvres again the turn after",
                            "Advanced V.C.6"))
        reasons += self._only_drift_in_this_wind()
        anchor = anchored(self.ship) if self.advanced else ""
        if reasons:
            self.limits["forbid"] = reasons[0]
            self.steps += [Step("she may not move", r, src) for r, src in reasons]
        elif anchor == "ordinary":
            self.limits["forbid"] = ("at ordinary anchor she may not move or turn in place", "Advanced V.C.2")
            self.steps.append(Step("at anchor", "ordinary: no move, no turn", "Advanced V.C.2"))
        elif anchor:
            self.limits["springs"] = True
            self.steps.append(Step("at anchor", f"on springs by the {anchor}: turns only, up to 120 degrees; "
                                   "turned, she cannot reload or fire this turn", "Advanced V.C.3-4"))
            done = [f"fired her {' and '.join(self.ship['fired_this_turn'])} broadside"] \
                if self.ship.get("fired_this_turn") else []
            if self.ship.get("loaded_this_turn"):
                done.append(f"loaded her {self.ship['loaded_this_turn']} broadside")
            if done:
                self.limits["springs_busy"] = (f"she {' and '.join(done)} this turn: a ship being turned on springs "
                                               "cannot reload or fire", "Advanced V.C.4")

    def _only_drift_in_this_wind(self) -> list[tuple[str, str]]:
        """The Wind Effects Table in play: a velocity its column has no row for, short of
        becalmed and hurricane, is the printed "Can only drift in Gale or Storm" (rowed vessels)."""
        if not self.advanced or not self.ruleset.in_force(self.state, "wind-effects"):
            return []

        column = wind.effects_column(self.ship.get("class_number"))
        v = (self.state.get("wind") or {}).get("velocity")
        names = self.tables["wind"]["velocities"]
        if column is None or v is None or not 0 < v < len(names) - 1 \
                or str(v) in self.tables["wind"]["effects"][column]:
            return []
        return [(f"Wind Effects Table, {column.replace('_', ' ')}: she can only drift in a {names[v]}",
                 self.tables.source("wind"))]

    # --- the allowance -----------------------------------------------------------
    def allowance(self, orders) -> tuple[int | None, str | None, list]:
        """Her allowance and attitude (as `speed` works them), and her headings relative to the wind
        that the attitude allows; none needed for no hex, no backing and one turn at most."""
        opts = self.opts
        moving = any(k in ("hex", "back") for k, _ in orders)
        needed = not self.limits and (moving or sum(1 for k, _ in orders if k == "turn") > 1)
        if not (opts.get("attitude") or opts.get("heading") is not None):
            if needed:
                raise BadInput(f"move: {self.name}'s allowance depends on her attitude to the wind: give --attitude "
                               "A|B|C|D, or --heading (and --wind unless the game's wind is set)")
            return None, None, [None]
        try:
            got = self._speed(self._speed_opts(), opts.get("blocked_by"))
        except Refused:
            if not self.limits.get("forbid"):
                raise
            return None, None, [None]   # held in place: no allowance to work (e.g. a rowed vessel in a gale)
        att, value = got.data["attitude"], got.data["allowance"]
        if opts.get("attitude") and opts.get("heading") is not None:
            read = REL_ATTITUDE[_rels(opts, "", self.state)[0]]
            if read != str(opts["attitude"]).upper():
                raise BadInput(f"--attitude {opts['attitude']} and --heading {opts['heading']} disagree: that "
                               f"heading is attitude {read}; give one of them")
        self.steps += [Step(f"allowance: {s.step}", s.value, s.source) for s in got.working]
        self.steps.append(Step("movement allowance", f"{value} in attitude {att}", "Basic IV.A.1-4"))
        return value, att, _rels(opts, att, self.state)

    def _speed_opts(self) -> dict:
        out = {k: self.opts.get(k) for k in ("attitude", "heading", "wind", "sail") if self.opts.get(k) is not None}
        return out

    def _speed(self, opts: dict, blocked_by=None):
        if blocked_by:   # Optional IX: the wind blocked for this turn, as `speed --blocked-by`
            opts = {**opts, "blocked_by": blocked_by}
        return self.ruleset.query(self.state, self.tables, "speed", self.ship_id, opts)

    def allowance_in(self):
        """The allowance in each attitude a turn leads into (IV.A.12), worked as the starting one."""
        cache: dict[str, int] = {}
        base = {k: v for k, v in self._speed_opts().items() if k not in ("heading", "wind")}

        def allow_in(letter: str) -> int:
            if letter not in cache:
                cache[letter] = self._speed({**base, "attitude": letter}).data["allowance"]
            return cache[letter]
        return allow_in

    # --- turning -----------------------------------------------------------------
    def turning(self, orders) -> int | None:
        """Her turning ability: recorded (less steering hits), else typed with --turning."""
        turning, turns = self.ship.get("turning"), any(k == "turn" for k, _ in orders)
        if self.opts.get("turning") is not None:
            typed = _whole(self.opts["turning"], "--turning", 0, 6)
            if turning is not None and typed != turning:
                raise BadInput(f"--turning {typed}: {self.name}'s turning ability is recorded ({turning}); leave "
                               f"--turning out, or correct her record with `umpire ship edit {self.ship_id} "
                               "--turning N`")
            if turning is None:      # typed once, kept on her record: never asked for again (core.record)
                self.kept["turning"] = typed
            turning = typed
            self.steps.append(Step("turning ability", f"{turning} as typed (the counter's number)"
                                   + (", kept on her record" if "turning" in self.kept else ""),
                                   "Introduction II.C.1"))
        elif turning is not None and turns:
            self.steps.append(Step("turning ability", str(turning), "Introduction II.C.1"))
        if turning is None and turns and not self.limits:
            raise BadInput(f"move: {self.name}'s turning ability is not recorded (it is printed on her counter): "
                           f"give it once, `umpire ship edit {self.ship_id} --turning N` or --turning N here "
                           "(kept on her record)")
        return turning

    def turning_limits(self, orders, turning: int | None) -> None:
        """A mast over the side (Optional VIII.B), standing still last turn (Advanced V.D) and a
        dismasted ship's wait (Basic V.B.5)."""
        if self.ship.get("mast_over") and not self.limits:
            self.limits["no_turn"] = ("a mast hangs over the side: she may not turn until it is cut loose",
                                      "Optional Rules VIII.B")
        if self.advanced and self.continuing and self.rec.get("hexes", 1) == 0 and not self.limits:
            self._after_still()
        if all(r == 0 for r in self.ship["rigging_left"]) and any(k == "turn" for k, _ in orders) \
                and not self.limits.get("forbid") and not self.limits.get("springs"):
            self._dismasted(turning)

    def _after_still(self) -> None:
        self.limits["after_still"] = True
        self.steps.append(Step("did not leave her bow hex last turn", "straight ahead before turning, or one turn "
                               "in place and no more; one turning factor less", "Advanced V.D.1-2"))
        if self.ship.get("sails") == "full":
            self.limits.setdefault("no_turn", ("under full sail after standing still she may not turn",
                                               "Advanced V.D.3"))
            self.steps.append(Step("full sail after standing still", "at least one hex straight, no turning",
                                   "Advanced V.D.3"))

    def _dismasted(self, turning: int | None) -> None:
        wait = self.rules["dismasted_wait"].get(str(turning))
        if wait is None:
            raise Refused(f"{self.name} is dismasted: the text gives the wait before a turn only for turning "
                          f"ability {', '.join(self.rules['dismasted_wait'])} (Basic V.B.5), not {turning}")
        waited = self.waited
        if waited < wait:
            self.limits.setdefault("no_turn", (f"dismasted with turning ability {turning}: she must drift {wait} "
                                               f"turn(s) in a row before a turn (drifted {waited})", "Basic V.B.5"))
        self.steps.append(Step("dismasted", f"turn after {wait} drifting turn(s) in a row; {waited} so far",
                               "Basic V.B.5"))

    @property
    def waited(self) -> int:
        """Drifting turns in a row since her last turn, before this one."""
        return int(self.rec.get("waited", 0)) if self.continuing else 0

    # --- the drift ----------------------------------------------------------------
    def drift(self, hexes: int) -> dict:
        """The run of turns without leaving her bow hex, and whether she drifts now (Basic V.B)."""
        phases = self.rules["still_phases"]
        still = (int(self.rec.get("still", 0)) if self.continuing else 0) + 1 if hexes == 0 else 0
        out = {"still": still, "drifting": still >= phases, "drifts": False, "toward": 0, "why_not": ""}
        if not out["drifting"]:
            return out
        n = still - phases + 1
        sol = is_sol(self.ship)
        if n > 1 and sol is None:
            raise BadInput(f"{self.name}: whether she drifts this turn depends on her class (ships of the line every "
                           "other turn, frigates and smaller every turn, Basic V.B.2); add her with --class")
        out["drifts"] = (n - 1) % (self.rules["sol_every"] if sol else self.rules["frigate_every"]) == 0
        if not out["drifts"]:
            out["why_not"] = f"a ship of the line drifts every other turn (drifting turn {n})"
        why = self._no_drift(phases)
        if why:
            out.update(drifts=False, why_not=why)
        if out["drifts"]:
            wind = self.state.get("wind") or {}
            out["toward"] = int(self.opts.get("wind") or wind.get("direction") or 0)
        return out

    def _no_drift(self, phases: int) -> str:
        """What keeps a ship due to drift where she is: a partner not yet still long enough, an
        anchor, a calm."""
        why = ""
        for p in list(self.ship["fouled"]) + list(self.ship["grappled"]):
            other = self.state["ships"].get(p)
            if other and _still_now(other, self.turn) < phases:
                why = f"{other['name']}, fouled or grappled with her, is on her first turn without moving"
        if self.advanced and anchored(self.ship):
            why = "she is at anchor"
        if (self.state.get("wind") or {}).get("velocity") == 0:
            why = "becalmed: no wind to drift on"
        return why


def move(ruleset, state: dict, tables, ship_id: str, notation: str, opts: dict) -> Resolution:
    """Check one ship's written move for the turn and journal it as carried out (see the module)."""
    ship = state["ships"][ship_id]
    if ship["state"] in ("sunk", "exploded"):
        raise Refused(f"{ship['name']} {has_state(ship['state'])}: she is off the board")
    if opts.get("for_turn") is not None or opts.get("erase_orders"):
        return standing_orders(state, ship_id, notation, opts)
    p = Plot(ruleset, state, tables, ship_id, opts)
    orders, standing = p.unwritten(notation) if opts.get("unwritten") else p.written_order(notation)
    amended = p.once_a_turn(orders)
    if any(k == "back" for k, _ in orders) and not p.advanced:
        raise Refused("B (backing sails) is an Advanced Game rule (Advanced V.B); this game is played at the "
                      "Basic level")
    p.steps.insert(0, Step("written", written(orders), "Basic IV.B"))
    p.hold()
    allowance, att, rels = p.allowance(orders)
    turning = p.turning(orders)
    p.turning_limits(orders, turning)
    # walk the orders under every reading of which way the wind lies when only the attitude is known
    allow_in = p.allowance_in()
    walks = [Walk(orders, allowance, rel, allow_in, turning, p.rules, p.limits).run() for rel in rels]
    readings = "; ".join(f"through {' -> '.join(w.path)}: " + (f"{w.infraction[0]} ({w.infraction[1]})"
                                                               if w.infraction else "legal") for w in walks)
    if len({w.infraction is None for w in walks}) > 1:
        raise BadInput(f"move: whether {written(orders)} is legal depends on which side the wind is ({readings}): "
                       "give --heading (and --wind) instead of --attitude")
    if len({tuple(w.done) for w in walks}) > 1 and opts.get("as_written"):
        raise BadInput(f"move: {written(orders)} is illegal whichever side the wind is, but where her move ends "
                       f"depends on it ({readings}): give --heading (and --wind) instead of --attitude")
    walk = walks[0]
    drift = p.drift(walk.hexes or p.plotted)
    infraction = walk.infraction
    if infraction and len({w.infraction for w in walks}) > 1:
        # illegal whichever side the wind is, for a different rule on each side (Basic IV.B.7 either way)
        infraction = ("whichever side the wind is: " + readings, "Basic IV.A")
    if any(k == "drift" for k, _ in orders) and not drift["drifts"] and not infraction:
        infraction = ("she does not drift this turn: " + (drift["why_not"] or "she drifts only after a whole turn "
                      "without leaving her bow hex"), "Basic V.B.1-2")
    if infraction and not opts.get("as_written"):
        raise Refused(move_refusal(p.name, orders, walk, infraction, allowance, att, turning))
    return journal_move(p, orders, walk, drift, infraction, allowance, att, turning, amended, standing, len(rels))


def journal_move(p: Plot, orders, walk: Walk, drift: dict, infraction, allowance, att, turning, amended: str,
             standing, readings: int) -> Resolution:
    """The move as carried out: the working's last lines, the record kept, the JSON."""
    done = written(walk.done)
    log = ("D" if done == "0" else f"{done} D") if drift["drifts"] else done
    _closing_steps(p, walk, drift, infraction, allowance, done, amended, readings)
    record = {"turn": p.turn, "written": written(orders), "done": done, "log": log,
              "before": {k: p.rec[k] for k in ("turn", "still", "waited", "hexes") if k in p.rec},
              "hexes": walk.hexes, "turns": walk.turns, "backs": walk.backs,
              "still": drift["still"], "drift": drift["drifts"],
              "waited": 0 if not drift["drifting"] or walk.turns else p.waited + 1}
    if amended:
        record["plotted"] = max(walk.hexes, p.plotted)
    heading_after = 0
    if p.opts.get("heading") is not None:
        turned = sum(1 if v == "R" else -1 for k, v in walk.done if k == "turn")
        heading_after = record["heading"] = (int(p.opts["heading"]) - 1 + turned) % 6 + 1
    data = {"ship": p.ship_id, "notation": record["written"], "executed": done, "log": log,
            "amended": amended or None, "allowance": allowance, "attitude": att, "hexes": walk.hexes,
            "turns": walk.turns, "backing": walk.backs, "turning": turning,
            "factors_used": walk.used if allowance is not None else None,
            "drift": drift["drifts"], "drift_toward": drift["toward"] or None, "still_turns": drift["still"],
            "heading_after": heading_after or None,
            "infraction": f"{infraction[0]} ({infraction[1]})" if infraction else None}
    summary = f"{p.name} moves {log}" + (f" (written {record['written']})" if infraction else "") + \
        (f" (cut short by a collision; was {amended})" if amended else "")
    effects = [set_(["ships", p.ship_id, "movement"], record)]
    effects += [set_(["ships", p.ship_id, key], value) for key, value in p.kept.items()]
    if standing:
        effects.append({"op": "del", "path": ["ships", p.ship_id, "orders", str(p.turn)]})
    return Resolution("move", summary, effects, p.steps, data)


def _closing_steps(p: Plot, walk: Walk, drift: dict, infraction, allowance, done: str, amended: str,
                   readings: int) -> None:
    steps = p.steps
    if infraction:
        steps.append(Step("infraction", f"{infraction[0]} [{infraction[1]}]: her move ends there, {done}",
                          "Basic IV.B.7"))
    if readings == 1 and len(walk.path) > 1:
        steps.append(Step("attitudes", " -> ".join(walk.path), "Basic IV.A.12"))
    elif readings > 1 and walk.turns:
        steps.append(Step("attitudes after the turns", "not known without --heading; the move is the same either "
                          "way", "Basic IV.A.12"))
    if allowance is None:
        steps.append(Step("allowance", "not needed: no hex, no backing, at most one turn in place "
                          "(free at allowance 0, one factor otherwise)" if walk.turns else
                          "not needed: she does not leave her hex", "Basic IV.A.7, IV.A.15"))
    else:
        steps.append(Step("factors used", f"{walk.used} of {allowance}: {walk.hexes} hex(es), {walk.turns} turn(s)"
                          + (f", {walk.backs} backing" if walk.backs else "")
                          + (" (the turn in place is free at allowance 0)" if walk.free_turn_used else ""),
                          "Basic IV.A.5-15"))
    if drift["drifting"]:
        where = f"toward wind direction {drift['toward']}" if drift["toward"] else "the way the wind blows"
        steps.append(Step("drift", f"one hex {where}, bow and stern, on the last move of the phase (D in the "
                          "move column)" if drift["drifts"] else f"none this turn: {drift['why_not']}",
                          "Basic V.B.1-4, V.C.3"))
    elif walk.hexes == 0:
        steps.append(Step("standing still", f"turn {drift['still']} in a row without leaving her bow hex; she "
                          f"drifts from turn {p.rules['still_phases']} in a row", "Basic V.B.1"))
    if amended:
        steps.append(Step("collision", f"her movement ended where she collided: {amended} cut to {done}",
                          "Basic V.C.4"))


def order_for_turn(ship: dict, turn: int, notation: str, opts: dict) -> tuple[list, dict | None, list[Step]]:
    """A ship's orders for this turn (every edition with command lag): as typed, or her order written
    ahead, which stands (Optional Rules IV.3); a ship with moves written ahead but none for this turn
    is refused until they are erased (IV.4.a). Returns (orders, the order written ahead or None, working)."""
    name = ship["name"]
    standing = (ship.get("orders") or {}).get(str(turn))
    if not str(notation or "").strip():
        if not standing:
            raise BadInput(f"move: give {name}'s move notation (she has no order written ahead for turn {turn})")
        notation = standing["notation"]
    orders = parse(notation)
    if standing and written(orders) != standing["notation"]:
        raise Refused(f"{name}'s move for turn {turn} was written in turn {standing['written_turn']}: "
                      f"{standing['notation']}, not {written(orders)}; under command lag it stands (Optional "
                      "Rules IV.3)")
    later = sorted(int(t) for t in (ship.get("orders") or {}) if int(t) > turn)
    if not standing and later and not opts.get("collision"):
        raise Refused(f"{name}'s moves are written ahead (turns {', '.join(map(str, later))}) but not for "
                      f"turn {turn} (Optional Rules IV.3); erase them with --erase-orders if she is back "
                      "under the flagship's eye (Optional Rules IV.4.a)")
    steps = [Step("order written ahead", f"in turn {standing['written_turn']}: {standing['notation']}",
                  "Optional Rules IV.3")] if standing else []
    return orders, standing, steps


def standing_orders(state: dict, ship_id: str, notation: str, opts: dict) -> Resolution:
    """Command lag (Optional Rules IV): a move written turns ahead for a ship beyond the flagship's
    eye (`--for-turn T`), or her orders ahead erased once she is back within it (`--erase-orders`,
    IV.4.a). Written orders stand: a second order for the same turn is refused."""
    ship, turn = state["ships"][ship_id], state["turn"]
    name = ship["name"]
    if "command-lag" not in (state.get("optional") or ()):
        raise Refused("moves written turns ahead belong to the optional rule 'command-lag' (Optional Rules IV), "
                      "which this game was not started with (umpire new ... --optional command-lag)")
    held = dict(ship.get("orders") or {})
    if opts.get("erase_orders"):
        if opts.get("for_turn") is not None or str(notation or "").strip():
            raise BadInput("move --erase-orders takes no notation and no --for-turn")
        return _erase_orders(ship, ship_id, turn, held)
    for_turn = _whole(opts["for_turn"], "--for-turn", 1, 10_000)
    if for_turn < turn:
        raise BadInput(f"--for-turn {for_turn}: turn {turn} is being played; orders are written for this turn or later")
    if (ship.get("movement") or {}).get("turn") == for_turn:
        raise Refused(f"{name} has moved already in turn {for_turn}")
    if str(for_turn) in held:
        raise Refused(f"{name}'s move for turn {for_turn} was written in turn {held[str(for_turn)]['written_turn']} "
                      f"({held[str(for_turn)]['notation']}): written orders stand (Optional Rules IV.3)")
    orders = parse(notation)
    text = written(orders) if orders else "0"
    held[str(for_turn)] = {"notation": text, "written_turn": turn}
    ahead = sorted(int(t) for t in held if int(t) >= turn)
    steps = [Step("order written ahead", f"turn {for_turn}: {text}, written in turn {turn}", "Optional Rules IV.3"),
             Step("orders held", ", ".join(f"turn {t}: {held[str(t)]['notation']}" for t in ahead),
                  "Optional Rules IV.3")]
    missing = [t for t in range(turn, turn + 3) if t not in ahead and t != (ship.get("movement") or {}).get("turn")]
    if missing:
        steps.append(Step("still to write", f"turn(s) {', '.join(map(str, missing))}: a ship under command lag has "
                          "her moves written three turns ahead", "Optional Rules IV.3"))
    return Resolution("move", f"{name}: move for turn {for_turn} written ({text})",
                      [set_(["ships", ship_id, "orders", str(for_turn)], held[str(for_turn)])]
                      if ship.get("orders") is not None else [set_(["ships", ship_id, "orders"], held)], steps,
                      {"ship": ship_id, "for_turn": for_turn, "notation": text,
                       "orders": {str(t): held[str(t)]["notation"] for t in ahead}})


def _erase_orders(ship: dict, ship_id: str, turn: int, held: dict) -> Resolution:
    """Back within ten hexes of the flag ship, her orders for later turns are erased (IV.4.a)."""
    gone = sorted((t for t in held if int(t) > turn), key=int)
    if not gone:
        raise Refused(f"{ship['name']} has no moves written ahead of turn {turn} to erase")
    steps = [Step("within ten hexes of the flag ship", f"orders for turn(s) {', '.join(gone)} erased; she is "
                  "marked from turn to turn", "Optional Rules IV.4.a")]
    return Resolution("move", f"{ship['name']}: orders ahead erased ({', '.join(gone)})",
                      [{"op": "del", "path": ["ships", ship_id, "orders", t]} for t in gone], steps,
                      {"ship": ship_id, "erased": [int(t) for t in gone],
                       "orders": {t: o["notation"] for t, o in held.items() if t not in gone}})


def _still_now(ship: dict, turn: int) -> int:
    """Turns in a row without leaving her bow hex, counting this one (a fouled or grappled ship
    cannot move, so one not yet moved this turn stands still)."""
    rec = ship.get("movement") or {}
    if rec.get("turn") == turn:
        return int(rec.get("still", 0))
    return (int(rec.get("still", 0)) if rec.get("turn") == turn - 1 else 0) + 1


def _rels(opts: dict, att: str, state: dict) -> list[int | None]:
    """Her heading relative to the wind: exact from --heading, else every one the attitude allows."""
    if opts.get("heading") is not None:
        toward = opts.get("wind") if opts.get("wind") is not None else (state.get("wind") or {}).get("direction")
        if not toward:
            raise BadInput("--heading needs --wind (the direction the wind blows toward, 1-6) unless the game's "
                           "wind is set")
        heading = _whole(opts["heading"], "--heading", 1, 6)
        return [(heading - _whole(toward, "--wind", 1, 6)) % 6]
    return list(ATTITUDE_RELS[att])


def move_refusal(name, orders, walk, infraction, allowance, att, turning) -> str:
    done = written(walk.done) if walk.done else "0"
    parts = [f"{name} may not move {written(orders)}: {infraction[0]} ({infraction[1]})."]
    if allowance is not None:
        parts.append(f"Allowance {allowance} in attitude {att};")
    parts.append(f"up to there {walk.hexes} hex(es), {walk.turns} turn(s), {walk.used} factor(s) used;"
                 f" turning ability {turning if turning is not None else 'not recorded'}.")
    parts.append(f"As written, her move ends at the infraction (Basic IV.B.7): she makes {done}; "
                 "journal it so with --as-written, or type the corrected move.")
    return " ".join(parts)


def _whole(value, label: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not str(value).strip().isdigit() or not lo <= int(value) <= hi:
        raise BadInput(f"{label} {value!r}: use a whole number {lo} to {hi}")
    return int(value)


def _rules(tables) -> dict:
    t = tables["moves"]
    return {"stop_attitude": t["turning"]["stop_attitude"], "turn_cost": t["turning"]["cost"],
            "still_phases": t["drift"]["still_phases"], "sol_every": t["drift"]["sol_every"],
            "frigate_every": t["drift"]["frigate_every"], "dismasted_wait": t["dismasted_wait"],
            "turning_lost": t["after_stationary"]["turning_lost"], "back_cost": t["backing"]["cost"],
            "springs_max": t["springs"]["max_turns"]}
