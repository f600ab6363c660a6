"""Tournament Edition 2.6, the Advanced Game's work on a ship: sails (19.1, 27.0), anchors
(19.3) and repairs (19.5, 28.0; Optional 35.2).

* `sail SHIP full|battle` is the Sail Status Phase (27.0): a crew section goes aloft as men in
  the rigging (19.1.4.3); full sails are refused once the whole first rigging section has gone
  (19.1.3, 19.5.6, 27.0). Advanced fire reads the sails: the firer's full-sail modifier and the
  bracketed rigging hits against a target at full sails (19.1.3).
* `anchor SHIP [--spring bow|stern]` takes effect on the next turn (19.3.1), one kind at a time
  (19.3.2); `--up` weighs anchor over two turns, during which she is not anchored and may not
  change sails, load, fire or repair (19.3.6); `--cut` marks off both anchors, for good (19.3.7).
  Advanced fire reads it: the firer's anchored modifier (19.3.3.2), a target's rigging hits
  halved (24.6).
* `repair SHIP --what hull|rigging|guns` is the Repair Phase (28.0): one die, +1 with
  `--battle` (within ten hexes of an unsundered enemy ship), 1-3 repairs one square; with
  Optional 35 (variable seamanship) rigging is repaired on a roll equal to or below the crew
  quality number (35.2). Only damage she has (19.5.5), one repair a turn, none while weighing
  anchor (19.5.4) or in a melee this turn (28.0).
"""

from __future__ import annotations

from umpire.core.dice import DiceNeed
from umpire.core.errors import BadInput, Refused
from umpire.core.state import Resolution, Step, set_, has_state
from umpire.rules.wsim import movement

ANCHOR_CODES = {"ordinary": "A", "bow": "AB", "stern": "AS"}


def _active(ship: dict, doing: str) -> None:
    if ship.get("struck") or ship["state"] in ("surrendered", "sunk", "exploded"):
        raise Refused(f"{ship['name']} {has_state(ship['state'])}: she may not {doing} (TE 2.6 12.4.4)")


def anchored(ship: dict, turn: int) -> bool:
    """At anchor this turn: ordered on an earlier turn, not weighing, not cut (19.3.1, 19.3.6.2)."""
    a = ship.get("te_anchor") or {}
    return bool(a.get("how")) and turn >= a.get("from_turn", 0) and not a.get("up_from") and not a.get("cut")


def weighing(ship: dict, turn: int) -> bool:
    """Up-anchoring: the two turns from the order (19.3.6)."""
    a = ship.get("te_anchor") or {}
    return bool(a.get("up_from")) and turn < a["up_from"] + 2


def full_sails(ship: dict) -> bool:
    return ship.get("sails") == "full"


def sail(state: dict, ship_id: str, sails: str) -> Resolution:
    ship = state["ships"][ship_id]
    _active(ship, "change sails")
    sails = sails.lower()
    if sails not in ("full", "battle"):
        raise BadInput(f"sail {sails}: full or battle")
    now = ship.get("sails", "battle")
    if sails == now:
        raise Refused(f"{ship['name']} is at {now} sails already")
    if weighing(ship, state["turn"]):
        raise Refused(f"{ship['name']} is weighing anchor: she cannot change sails (TE 2.6 19.3.6.1)")
    if ship.get("te_shaken") == state["turn"]:
        raise Refused(f"{ship['name']} failed her morale check under grapeshot: her plotted sail change is cancelled "
                      "this turn (TE 2.6 24.2.4.5.2)")
    if sails == "full" and "wind-velocity" in (state.get("optional") or []) and \
            (state.get("wind") or {}).get("velocity") == 6:
        raise Refused("the wind is a storm: no ship may change from battle sails to full sails (TE 2.6 40.3.5)")
    if sails == "full" and (ship.get("te_no_full_sails") or ship["rigging_left"][0] == 0):
        raise Refused(f"{ship['name']} has lost her whole first rigging section: she may not use full sails for the "
                      "rest of the game (TE 2.6 19.1.3, 19.5.6, 27.0)")
    aloft = next((i for i, c in enumerate(ship["crew_left"]) if c > 0), None)
    if aloft is None:
        raise Refused(f"{ship['name']} has no crew section to send aloft (TE 2.6 19.1.4.3)")
    steps = [Step("men in the rigging", f"crew section {aloft + 1} (the lowest with crew)", "TE 2.6 19.1.4.3"),
             Step("Sail Status Phase", f"{now} -> {sails} sails", "TE 2.6 27.0")]
    return Resolution("sail", f"{ship['name']} sets {sails} sails", [set_(["ships", ship_id, "sails"], sails)], steps,
                      {"ship": ship_id, "sails": sails})


def anchor(state: dict, ship_id: str, how: str) -> Resolution:
    ship = state["ships"][ship_id]
    _active(ship, "anchor")
    turn = state["turn"]
    a = dict(ship.get("te_anchor") or {})
    left = ship.get("te_anchors", 2)
    if how in ANCHOR_CODES:
        if a.get("cut") or left == 0:
            raise Refused(f"{ship['name']} has no anchor left: once cut, a ship cannot anchor again "
                          "(TE 2.6 19.3.7.1, 19.3.8.3)")
        if weighing(ship, turn):
            raise Refused(f"{ship['name']} is still weighing anchor (TE 2.6 19.3.6)")
        if a.get("how") and not a.get("up_from"):
            raise Refused(f"{ship['name']} is anchored ({a['how']}) already: one kind of anchoring at a time "
                          "(TE 2.6 19.3.2)")
        new = {"how": ANCHOR_CODES[how], "from_turn": turn + 1}
        steps = [Step("anchoring noted", f"{new['how']}, at anchor from turn {turn + 1}", "TE 2.6 19.3.1-19.3.2")]
        said = f"{ship['name']} anchors ({new['how']}) from turn {turn + 1}"
    elif how == "up":
        if not a.get("how") or a.get("up_from") or a.get("cut"):
            raise Refused(f"{ship['name']} is not at anchor")
        new = {**a, "up_from": turn}
        steps = [Step("up-anchoring", f"turns {turn} and {turn + 1}: not anchored, no sail change, loading, firing, "
                      f"repairs or OBP; free to manoeuvre in turn {turn + 2}", "TE 2.6 19.3.6")]
        said = f"{ship['name']} weighs anchor"
    elif how == "cut":
        if not a.get("how") or a.get("cut"):
            raise Refused(f"{ship['name']} is not at anchor")
        new = {"cut": True}
        steps = [Step("anchors cut", "both anchor boxes marked off; normal movement next turn; she cannot anchor "
                      "again", "TE 2.6 19.3.7")]
        said = f"{ship['name']} cuts her anchors"
    else:
        raise BadInput(f"anchor {how}: ordinary, --spring bow|stern, --up or --cut")
    effects = [set_(["ships", ship_id, "te_anchor"], new)]
    if how == "cut":
        effects.append(set_(["ships", ship_id, "te_anchors"], 0))
    return Resolution("anchor", said, effects, steps, {"ship": ship_id, "anchor": new})


REPAIRS = ("hull", "rigging", "guns")


def repair_check(state: dict, ship_id: str, what: str, opts: dict) -> bool:
    """Refuse a repair the rules forbid; True when within ten hexes of an enemy (`--battle`)."""
    ship = state["ships"][ship_id]
    _active(ship, "repair")
    if what not in REPAIRS:
        raise BadInput(f"repair --what {what}: hull, rigging or guns (TE 2.6 19.5.1)")
    for key in ("crew", "card", "result"):
        if opts.get(key) is not None:
            raise BadInput(f"repair: --{key} is not a wsim-te26 option (--what, --battle, --roll)")
    if opts.get("turns", 1) != 1:
        raise BadInput("repair --turns: a repair attempt is one Repair Phase (TE 2.6 28.0)")
    turn = state["turn"]
    if ship.get("te_repair_turn") == turn:
        raise Refused(f"{ship['name']} has made her repair attempt this turn: one type a turn (TE 2.6 19.5.5)")
    if weighing(ship, turn):
        raise Refused(f"{ship['name']} is weighing anchor: no repairs (TE 2.6 19.3.6.1, 19.5.4)")
    if ship.get("meleed_turn") == turn:
        raise Refused(f"{ship['name']} was engaged in melee this turn: no repairs (TE 2.6 28.0)")
    if not any(c > 0 for c in ship["crew_left"]):
        raise Refused(f"{ship['name']} has no crew section to make repairs (TE 2.6 19.5.2)")
    damaged = {"hull": ship["hull_left"] < ship["hull_max"],
               "rigging": sum(ship["rigging_left"]) < sum(ship["rigging_max"]),
               "guns": any(ship["guns_left"][s] < ship["guns_max"] or ship["carronades_left"][s] < ship["carronades_max"]
                           for s in ("left", "right"))}[what]
    if not damaged:
        raise Refused(f"{ship['name']} has no {what} damage to repair (TE 2.6 19.5.5)")
    return bool(opts.get("battle"))


def repair(state: dict, ship_id: str, what: str, near_enemy: bool, rolls: tuple[int, ...], tables,
           optional: list[str]) -> Resolution:
    ship = state["ships"][ship_id]
    rules = tables["procedures"]["repairs"]
    die = rolls[0]
    total = die + (rules["near_enemy"] if near_enemy else 0)
    steps = [Step("repair die", str(die), "TE 2.6 28.0")]
    if near_enemy:
        steps.append(Step("within ten hexes of an unsundered enemy ship", f"{rules['near_enemy']:+d} = {total}",
                          "TE 2.6 28.0"))
    if what == "rigging" and "variable-seamanship" in optional:
        quality = tables["procedures"]["morale"]["quality"][ship["quality"]]
        ok = total <= quality
        steps.append(Step(f"variable seamanship: equal or below crew quality {ship['quality']} = {quality}",
                          "repaired" if ok else "not repaired", "TE 2.6 35.2"))
    else:
        ok = total <= rules["succeeds_at_or_below"]
        steps.append(Step(f"{rules['succeeds_at_or_below']} or less", "repaired" if ok else "not repaired",
                          "TE 2.6 28.0"))
    effects = [set_(["ships", ship_id, "te_repair_turn"], state["turn"])]
    fixed = ""
    if ok:
        if what == "hull":
            effects.append(set_(["ships", ship_id, "hull_left"], ship["hull_left"] + 1))
            fixed = "one hull square"
        elif what == "rigging":
            left = list(ship["rigging_left"])
            i = next(i for i, (n, m) in enumerate(zip(left, ship["rigging_max"])) if n < m)
            left[i] += 1
            effects.append(set_(["ships", ship_id, "rigging_left"], left))
            fixed = f"one rigging square in section {i + 1}"
        else:
            side = max(("left", "right"), key=lambda s: (ship["guns_max"] - ship["guns_left"][s]) +
                       (ship["carronades_max"] - ship["carronades_left"][s]))
            kind = "guns_left" if ship["guns_left"][side] < ship["guns_max"] else "carronades_left"
            effects.append(set_(["ships", ship_id, kind, side], ship[kind][side] + 1))
            fixed = f"one {kind[:-5].rstrip('s')} square, {side} broadside"
        steps.append(Step("repaired", fixed, "TE 2.6 28.0; docs/rulings.md"))
        if what == "rigging" and ship.get("te_no_full_sails"):
            steps.append(Step("full sails", "not regained by repairs", "TE 2.6 19.5.6"))
    return Resolution("repair", f"{ship['name']}: {what} " + (f"repaired ({fixed})" if ok else "not repaired"),
                      effects, steps, {"ship": ship_id, "what": what, "repaired": ok, "rolls": list(rolls)})


def repair_need() -> DiceNeed:
    return DiceNeed(1, 6, ("repair",))


class _MoveTables:
    """The game's tables with the full sail charts from the pack (19.1.1: images not in the text)."""

    def __init__(self, tables) -> None:
        self._t = tables
        self.rulings, self.strict = tables.rulings, tables.strict

    def __getitem__(self, name: str):
        if name != "movement":
            return self._t[name]
        chart = self._t["full-sail-movement"]
        full = {row: dict(zip(chart["columns"], cells)) for row, cells in zip(chart["rows"], chart["cells"])}
        return {**self._t["movement"], "full_sail": full}

    def source(self, name: str, key: str = "") -> str:
        return self._t["full-sail-movement"]["source"] if name == "movement" else self._t.source(name, key)


def speed(state: dict, tables, ship_id: str, opts: dict) -> Resolution:
    """Movement allowance (7.1, 19.1.1): battle sails on the battle sail charts, full sails on the
    pack's Full Sail Movement Chart; a rigging section lost takes one off (11.4.4.1); with
    Optional 48 an uncoppered ship one more under full sails."""
    ship = state["ships"][ship_id]
    sail = (opts.get("sail") or ship.get("sails") or "battle").lower()
    if sail not in ("battle", "full"):
        raise BadInput(f"sail {sail!r}: use battle or full")
    if sail == "full" and (ship.get("te_no_full_sails") or ship["rigging_left"][0] == 0):
        raise Refused(f"{ship['name']} may not use full sails: her first rigging section is gone (TE 2.6 19.1.3)")
    att = opts.get("attitude")
    if not att:
        toward = opts.get("wind") if opts.get("wind") is not None else (state.get("wind") or {}).get("direction")
        if opts.get("heading") is None or not toward:
            raise BadInput("give --attitude A|B|C|D, or --heading (and --wind, unless the game's wind is set)")
        try:
            att = movement.attitude(int(opts["heading"]), int(toward), tables)
        except (TypeError, ValueError):
            raise BadInput("--heading and --wind are hex directions 1 to 6") from None
    view = _MoveTables(tables) if sail == "full" else tables
    res = movement.allowance(ship, att, view, sail, state["turn"])
    if sail == "full" and ship.get("te_uncoppered") and "copper-bottoms" in (state.get("optional") or []):
        value = max(0, res.data["allowance"] - 1)
        res.working.append(Step("no coppering, three months at sea", f"-1 under full sails -> {value}",
                                "TE 2.6 48.0"))
        res.data["allowance"] = value
        res.summary = f"{ship['name']} attitude {res.data['attitude']}: {value} hex(es)"
    return res


def blocked(state: dict, tables, ship: dict, blocker_id: str, res: Resolution) -> None:
    """Optional 41: the adjacent ship between her and the wind cuts her allowance this turn: two
    at full sails, one at battle sails with half her rigging or more (41.1); 30 or more guns
    between them changes it by one, 60 or more by two (41.2)."""
    if "blocked-wind" not in (state.get("optional") or []):
        raise Refused("--blocked-by belongs to the optional rule 'blocked-wind' (TE 2.6 41.0), which this game was "
                      "not started with (umpire new ... --optional blocked-wind)")
    if blocker_id not in state["ships"] or blocker_id == ship["id"]:
        raise BadInput(f"--blocked-by {blocker_id!r}: another ship of this game")
    t = tables["procedures"]["blocked_wind"]
    b = state["ships"][blocker_id]
    if b.get("sails") == "full":
        loss, why = t["full_sails"], f"{b['name']} at full sails"
    elif 2 * sum(b["rigging_left"]) >= sum(b["rigging_max"]):
        loss, why = t["battle_sails"], f"{b['name']} at battle sails with half her rigging or more"
    else:
        loss, why = 0, f"{b['name']} at battle sails with less than half her rigging"
    steps = res.working
    steps.append(Step("wind blocked", f"{why}: {loss}", "TE 2.6 41.1"))
    if loss:
        missing = [s["name"] for s in (ship, b) if not s.get("rated_guns")]
        if missing:
            raise BadInput(f"blocked wind compares the two ships' guns (TE 2.6 41.2): give {' and '.join(missing)} "
                           "her guns (umpire designate SHIP --rated-guns N)")
        diff = b["rated_guns"] - ship["rated_guns"]
        change = 2 if abs(diff) >= t["guns_two"] else 1 if abs(diff) >= t["guns_one"] else 0
        signed = change if diff > 0 else -change
        if change:
            loss = max(0, loss + signed)
            steps.append(Step("guns", f"{b['rated_guns']} blocking {ship['rated_guns']}: {signed:+d} -> {loss}",
                              "TE 2.6 41.2.1-41.2.4"))
    value = max(0, res.data["allowance"] - loss)
    steps.append(Step("blocked wind, this turn", f"-{loss} -> {value}", "TE 2.6 41.1"))
    res.data.update({"allowance": value, "blocked_by": blocker_id, "blocked_wind_loss": loss})
    res.summary = f"{ship['name']} attitude {res.data['attitude']}: {value} hex(es), wind blocked by {b['name']}"


DESIGNATIONS = {"fore_and_aft": "fore-and-aft-rigging", "uncoppered": "copper-bottoms", "newly_arrived": "scurvy",
                "rated_guns": "blocked-wind"}


def designate(state: dict, ship_id: str, opts: dict, tables) -> Resolution:
    """What the scenario states about a ship for Optional 38 (fore-and-aft rigging), 47 (scurvy:
    newly arrived, extra crew at set-up) and 48 (no coppering)."""
    ship = state["ships"][ship_id]
    given = {k: v for k, v in opts.items() if v not in (None, False)}
    if not given:
        raise BadInput("designate: give --fore-and-aft, --uncoppered or --newly-arrived N")
    playing = state.get("optional") or []
    effects: list[dict] = []
    steps: list[Step] = []
    for key in given:
        if key not in DESIGNATIONS:
            raise BadInput(f"designate: {key!r} is not a wsim-te26 designation")
        if key == "rated_guns" and "towing" in playing:
            continue                     # 37.1 compares gun ratings too
        if DESIGNATIONS[key] not in playing:
            raise Refused(f"designate --{key.replace('_', '-')}: the optional rule {DESIGNATIONS[key]!r} is not in "
                          f"play (umpire new ... --optional {DESIGNATIONS[key]})")
    if given.get("fore_and_aft"):
        effects.append(set_(["ships", ship_id, "te_fore_and_aft"], True))
        steps.append(Step("fore-and-aft rigged", "no full-sail rigging bonus against her", "TE 2.6 38.0"))
    if given.get("uncoppered"):
        effects.append(set_(["ships", ship_id, "te_uncoppered"], True))
        steps.append(Step("three months at sea with no coppering", "one movement factor less under full sails",
                          "TE 2.6 48.0"))
    if "newly_arrived" in given:
        effects += _scurvy(state, ship, given["newly_arrived"], steps, tables)
    if "rated_guns" in given:
        n = given["rated_guns"]
        if isinstance(n, bool) or not str(n).isdigit() or int(n) < 1:
            raise BadInput(f"--rated-guns {n!r}: her number of guns, e.g. 74")
        effects.append(set_(["ships", ship_id, "rated_guns"], int(n)))
        steps.append(Step("her guns", f"{int(n)}, compared when she blocks the wind or it is blocked", "TE 2.6 41.2"))
    return Resolution("designate", f"{ship['name']}: " + "; ".join(s.step for s in steps), effects, steps,
                      {"ship": ship_id, **given})


def _scurvy(state: dict, ship: dict, n, steps: list[Step], tables) -> list[dict]:
    """47.1 "one or two extra crew squares per section for the SOL class ships and one extra crew
    square per section for frigate class ships", at set-up."""
    allowed = tables["procedures"]["scurvy"]
    try:
        extra = int(n)
    except (TypeError, ValueError):
        raise BadInput(f"--newly-arrived {n!r}: extra crew squares per section, 1 or 2") from None
    number = ship.get("class_number")
    kind = "SOL" if number in (1, 2) else "F" if number in (3, 4) else ""
    if not kind:
        raise BadInput(f"{ship['name']}: the extra crew depends on her class (ships of the line 1-2, frigates 3-4); "
                       f"give it with `ship add --class` (in play, once: `umpire ship edit {ship['id']} "
                       "--class-number N`)")
    if extra not in allowed[kind]:
        raise BadInput(f"--newly-arrived {extra}: a {'ship of the line' if kind == 'SOL' else 'frigate'} has "
                       f"{' or '.join(map(str, allowed[kind]))} extra crew square(s) per section (TE 2.6 47.1)")
    if ship.get("te_newly_arrived") or state["turn"] != 1 or ship["crew_left"] != ship["crew_max"]:
        raise Refused(f"{ship['name']}: the extra crew of a newly arrived ship is part of the set-up, once, before "
                      "she has lost crew or play has passed the first turn (TE 2.6 47.1)")
    sid = ship["id"]
    crew = [c + extra for c in ship["crew_max"]]
    steps.append(Step("newly arrived", f"{extra} extra crew square(s) a section: {'-'.join(map(str, crew))}",
                      "TE 2.6 47.1"))
    return [set_(["ships", sid, "crew_max"], crew), set_(["ships", sid, "crew_left"], list(crew)),
            set_(["ships", sid, "at_turn_start", "crew_left"], list(crew)), set_(["ships", sid, "te_newly_arrived"], True)]
