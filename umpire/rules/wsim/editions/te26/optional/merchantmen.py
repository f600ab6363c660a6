"""Tournament Edition 2.6, Optional 52 (merchantmen) and 53 (privateers and pirates).

The ships of 52.1's chart are entered with `ship add --spec` like any other (the chart gives
no draught: the scenario's); what the scenario says of them is noted with `designate`:

* `designate SHIP --merchantman merchant|east-indiaman` (`--optional merchantmen`). "Rules
  applicable to warships apply to East Indiamen as well" (52.2); another merchantman may not
  fire on a turn she changes sails (52.2.1), is liable to surrender by firepower when she has no
  gun squares (52.2.2), and fires without the crew section loss modifier (52.2.3).
* `designate SHIP --privateer` (`--optional privateers-and-pirates`), at set-up: a merchantman
  gains a gun square a broadside and doubles her crew (53.1); an East Indiaman gains a gun
  square a broadside, two crew squares in her first section and turning ability 2 (53.2).
  `designate SHIP --pirate`: a sloop doubles her crew (53.3).
"""

from __future__ import annotations

from umpire.core.errors import BadInput, Refused
from umpire.core.state import Resolution, Step, set_
from umpire.rules.wsim.editions.te26.optional import soldiers as te26_soldiers
from umpire.rules.wsim.editions.te26.optional import forts as te26_forts
from umpire.rules.wsim.editions.te26.optional import boats as te26_boats
from umpire.rules.wsim.editions.te26.optional import bombs as te26_bombs

MERCHANTMEN = "merchantmen"
PRIVATEERS = "privateers-and-pirates"
KINDS = ("merchant", "east-indiaman")
KEYS = ("merchantman", "privateer", "pirate", "mortars", "fort", "soldiers", "artillery", "boat")


def _require(state: dict, name: str, section: str, what: str) -> None:
    if name not in (state.get("optional") or []):
        raise Refused(f"{what} belongs to the optional rule {name!r} ({section}), which this game was not "
                      f"started with (umpire new ... --optional {name})")


def merchant(ship: dict) -> bool:
    """A merchantman under 52.2's exceptions: not an East Indiaman (52.2), not a privateer (53)."""
    return ship.get("te_merchantman") == "merchant" and not ship.get("te_privateer")


def designate(state: dict, ship_id: str, opts: dict, tables) -> Resolution:
    ship = state["ships"][ship_id]
    kind = str(opts.get("merchantman") or "").strip().lower()
    effects: list[dict] = []
    steps: list[Step] = []
    if opts.get("privateer") and opts.get("pirate"):
        raise BadInput("designate: --privateer (53.1-53.2) or --pirate (53.3), not both")
    if kind:
        _require(state, MERCHANTMEN, "TE 2.6 52.0", "a merchantman")
        if kind not in KINDS:
            raise BadInput(f"designate --merchantman {kind!r}: merchant or east-indiaman (TE 2.6 52.1)")
        if ship.get("te_merchantman"):
            raise Refused(f"{ship['name']} is designated a merchantman already ({ship['te_merchantman']})")
        effects.append(set_(["ships", ship_id, "te_merchantman"], kind))
        if kind == "east-indiaman":
            steps.append(Step("an East Indiaman", "the rules for warships apply to her", "TE 2.6 52.2"))
        else:
            steps.append(Step("a merchantman", "she may not fire on a turn she changes sails; no crew section loss "
                              "modifier when she fires", "TE 2.6 52.2.1, 52.2.3"))
            if not ship["guns_max"] and not ship["carronades_max"] and not opts.get("privateer") \
                    and "firepower" not in ship["liable"]:
                effects.append(set_(["ships", ship_id, "liable"], ship["liable"] + ["firepower"]))
                steps.append(Step("no gun squares", "liable to surrender by firepower (confirm with `umpire "
                                  "surrender`)", "TE 2.6 52.2.2, 11.4.3.2"))
    if opts.get("privateer") or opts.get("pirate"):
        _require(state, PRIVATEERS, "TE 2.6 53.0", "a privateer or pirate")
        effects += _convert(state, ship, kind or ship.get("te_merchantman", ""), bool(opts.get("pirate")),
                            steps, tables)
    if opts.get("artillery") and not opts.get("soldiers"):
        raise BadInput("designate --artillery: said of the soldiers embarked (--soldiers N --artillery)")
    if opts.get("soldiers") not in (None, False, ""):

        more, said = te26_soldiers.designate(state, ship_id, opts["soldiers"], bool(opts.get("artillery")),
                                                      tables)
        effects += more
        steps += said
    if opts.get("fort"):

        more, said = te26_forts.designate(state, ship_id, opts["fort"], tables)
        effects += more
        steps += said
    if opts.get("boat"):

        more, said = te26_boats.designate(state, ship_id, tables)
        effects += more
        steps += said
    if opts.get("mortars") not in (None, False, ""):

        more, said = te26_bombs.designate(state, ship_id, opts["mortars"],
                                                   fort=bool(opts.get("fort") or ship.get("te_fort")))
        effects += more
        steps += said
    if not steps:
        raise BadInput("designate: nothing to note")
    data = {"ship": ship_id, **({"merchantman": kind} if kind else {}),
            **{k: True for k in ("privateer", "pirate") if opts.get(k)},
            **({"mortars": int(opts["mortars"])} if opts.get("mortars") not in (None, False, "") else {}),
            **({"fort": str(opts["fort"]).lower()} if opts.get("fort") else {}),
            **({"boat": True} if opts.get("boat") else {}),
            **({"soldiers": opts["soldiers"], "artillery": bool(opts.get("artillery"))} if opts.get("soldiers") else {})}
    return Resolution("designate", f"{ship['name']}: " + "; ".join(s.step for s in steps), effects, steps, data)


def _convert(state: dict, ship: dict, kind: str, pirate: bool, steps: list[Step], tables) -> list[dict]:
    """53.1 "adding a gun square to each broadside (no carronades) and by doubling the crew";
    53.2 "adding a gun square plus two crew squares to the first section. Increase the turning
    ability to 2"; 53.3 "doubling the crew but with no added gun squares"."""
    r = tables["optional-rules"]["privateers"]
    sid = ship["id"]
    if ship.get("te_privateer"):
        raise Refused(f"{ship['name']} is a {ship['te_privateer']} already")
    fresh = ship["crew_left"] == ship["crew_max"] and ship["hull_left"] == ship["hull_max"] and \
        all(ship["guns_left"][s] == ship["guns_max"] for s in ("left", "right"))
    if state["turn"] != 1 or not fresh:
        raise Refused(f"{ship['name']}: converting a ship is part of the set-up, before play has passed the first "
                      "turn or she has taken damage (TE 2.6 53.0)")
    if pirate:
        if str(ship.get("class", "")).upper() != "S":
            raise BadInput(f"{ship['name']}: 53.3 converts a sloop; give her class with `ship add --class S`")
        crew, guns, turning, what, src = [c * r["crew_times"] for c in ship["crew_max"]], 0, None, "pirate", "53.3"
    elif kind == "merchant":
        crew, guns, turning, what, src = [c * r["crew_times"] for c in ship["crew_max"]], r["guns_added"], None, \
            "privateer", "53.1"
    elif kind == "east-indiaman":
        crew = list(ship["crew_max"])
        crew[0] += r["east_indiaman_first_section_crew"]
        guns, turning, what, src = r["guns_added"], r["east_indiaman_turning"], "privateer", "53.2"
    else:
        raise Refused(f"{ship['name']} is not designated a merchantman: 53.1-53.2 convert a merchantman or an East "
                      "Indiaman (designate --merchantman merchant|east-indiaman [--privateer])")
    p = ["ships", sid]
    out = [set_(p + ["crew_max"], crew), set_(p + ["crew_left"], list(crew)),
           set_(p + ["at_turn_start", "crew_left"], list(crew)), set_(p + ["te_privateer"], what)]
    change = [f"crew {'-'.join(map(str, ship['crew_max']))} -> {'-'.join(map(str, crew))}"]
    if guns:
        n = ship["guns_max"] + guns
        out += [set_(p + ["guns_max"], n), set_(p + ["guns_left"], {"left": n, "right": n}),
                set_(p + ["at_turn_start", "guns_left"], {"left": n, "right": n})]
        change.append(f"gun squares a broadside {ship['guns_max']} -> {n}")
        if "firepower" in ship["liable"]:
            out.append(set_(p + ["liable"], [x for x in ship["liable"] if x != "firepower"]))
    if turning:
        out.append(set_(p + ["turning"], turning))
        change.append(f"turning ability {turning}")
    steps.append(Step(f"converted to a {what}", "; ".join(change), f"TE 2.6 {src}"))
    return out


def check(state: dict, action: dict) -> None:
    """52.2.1 "Merchantmen may not fire guns on the same turn as changing sails"."""
    cmd = action.get("command", "")
    ship = state["ships"].get(action.get("ship", ""))
    if not ship or not merchant(ship) or MERCHANTMEN not in (state.get("optional") or []):
        return
    turn = state["turn"]
    if cmd == "fire" and ship.get("te_sail_turn") == turn:
        raise Refused(f"{ship['name']} is a merchantman and changed sails this turn: she may not fire (TE 2.6 52.2.1)")
    if cmd == "sail" and ship["fired_this_turn"]:
        raise Refused(f"{ship['name']} is a merchantman and fired this turn: she may not change sails "
                      "(TE 2.6 52.2.1)")


def fire_reading(got) -> None:
    """52.2.3 "The crew section loss modifier on the Hit Determination Table does not apply to
    merchantmen": the modifier the reading applied is taken off again, in the working; and a
    fort's modifiers (55.3.1, 55.4.2)."""
    if "forts" in (got.state.get("optional") or []):

        te26_forts.fire_reading(got, got.tables)
    if not merchant(got.firer) or MERCHANTMEN not in (got.state.get("optional") or []):
        return
    mods = got.view["hdt"]["modifiers"]
    for s in got.steps:
        if s.step.startswith("crew sections down: "):
            down = int(s.step.split(": ", 1)[1].split(" ", 1)[0])
            value = -mods["crew_section_loss"][got.gi] * down
            got.base += value
            got.steps.append(Step("a merchantman: no crew section loss modifier", f"{value:+d} -> table {got.base}",
                                  "TE 2.6 52.2.3"))
            return


def follow(state: dict, action: dict, out):
    """An unarmed merchantman stays liable to surrender by firepower after `recover` (52.2.2)."""
    ship = state["ships"].get(action.get("ship", ""))
    if action.get("command") == "recover" and isinstance(out, Resolution) and ship and merchant(ship) \
            and not ship["guns_max"] and not ship["carronades_max"]:
        out.effects.append(set_(["ships", ship["id"], "liable"], ["firepower"]))
    return out
