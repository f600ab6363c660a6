"""Tournament Edition 2.6, Optional 44: land, rocks and shoals.

The tool does not own the map: the umpire reads the depths and says what a ship entered.

* `aground SHIP` (44.3): she entered water no deeper than her depth value: she stops and goes no
  further that turn (44.3.1); `aground SHIP --land`: she entered a land hex and is destroyed, her
  wreck left in the hex (44.1); `aground SHIP --rocks`: she entered a rocks hex and stops; one
  die: 1 a wreck, 2 waterline damage and aground, 3-5 waterline damage, 6 unharmed (44.2).
* `aground SHIP --refloat` in the Refloat Phase (29.0) of each later turn: two dice, a modified
  10 or more refloats her (44.3.2): -2 within ten hexes of an enemy ship (`--battle`), +1 crack
  or elite, -1 green or poor, +1 a section of guns thrown over the side (44.3.2.1). The attempt
  is optional; on the turn she makes it she may not repair or change sails (44.4). Refloated,
  she goes back to the hex she held before grounding (44.6).
* `aground SHIP --lighten left-bow` (and left-stern, right-bow, right-stern): the section of guns
  and carronades is thrown over the side ("LT"); the squares cannot be repaired (44.3.2.1).
* While aground she neither moves (44.3.1) nor fires (44.5) (`check`).

What every optional rule forbids or adds around the ruleset's plan is gathered in `dispatch.py`.

Optional 44 acts in the Advanced Game only: its Refloat Phase (29.0) and the waterline damage of
a rocks hex (Critical Hit 10H) are Advanced Game rules (docs/rulings.md).
"""

from __future__ import annotations

from umpire.core.dice import DiceNeed
from umpire.core.errors import BadInput, Refused
from umpire.core.state import Resolution, Step, set_, has_state
from umpire.core.ruleset import Plan
from umpire.rules.wsim.ship import effective_quality

LAND = "land-rocks-and-shoals"
SECTIONS = ("left-bow", "left-stern", "right-bow", "right-stern")
GONE = ("sunk", "exploded")


def in_play(state: dict, name: str) -> bool:
    return name in (state.get("optional") or [])


def require(state: dict, name: str, section: str, what: str) -> None:
    """Refuse (exit 1) what only the optional rule `name` allows, in a game started without it."""
    if not in_play(state, name):
        raise Refused(f"{what} belongs to the optional rule {name!r} ({section}), which this game was not "
                      f"started with (umpire new ... --optional {name})")


def rules(tables) -> dict:
    return tables["optional-rules"]


# --- 44.0 land, rocks and shoals -------------------------------------------------------------

def aground(state: dict, tables, ship_id: str, opts: dict):
    """`aground SHIP [--land | --rocks | --refloat [--battle]] [--lighten SECTION ...]`."""
    require(state, LAND, "TE 2.6 44.0", "running aground")
    unknown = sorted(k for k, v in opts.items() if k not in ("refloat", "land", "rocks", "lighten", "battle",
                                                             "depth") and v not in (None, False, ""))
    if unknown:
        raise BadInput(f"aground: option {unknown[0]!r} is not a wsim-te26 option "
                       "(aground SHIP [--land | --rocks | --refloat [--battle]] [--lighten SECTION])")
    kinds = [k for k in ("land", "rocks", "refloat") if opts.get(k)]
    if len(kinds) > 1:
        raise BadInput(f"aground: --{kinds[0]} and --{kinds[1]} do not go together")
    lighten = _sections(opts.get("lighten"))
    if opts.get("battle") and "refloat" not in kinds:
        raise BadInput("aground --battle: the enemy within ten hexes is a modifier of the refloat roll (--refloat)")
    if opts.get("depth") not in (None, "") and (kinds or lighten):
        raise BadInput("aground --depth: the depth of the shoal she entered, given alone (aground SHIP --depth N)")
    if lighten and kinds and kinds[0] != "refloat":
        raise BadInput(f"aground --lighten: guns are thrown over to refloat a ship aground, not with --{kinds[0]}")
    ship = state["ships"][ship_id]
    if ship["state"] in GONE:
        raise Refused(f"{ship['name']} {has_state(ship['state'])}")
    g = ship.get("te_aground") or {}
    if lighten or "refloat" in kinds:
        if not g:
            raise Refused(f"{ship['name']} is not aground (TE 2.6 44.3.2)")
    elif g:
        raise Refused(f"{ship['name']} is aground already (since turn {g['turn']}): she cannot move (TE 2.6 44.3.1)")
    if "land" in kinds:
        return _wreck(state, ship_id, [Step("land hex", "she is destroyed", "TE 2.6 44.1")], [])
    if "rocks" in kinds:
        if ship.get("te_rocks") == state["turn"]:
            raise Refused(f"{ship['name']} struck rocks this turn already: her movement stopped there (TE 2.6 44.2)")
        return _Plan(DiceNeed(1, 6, ("rocks",)), lambda rolls, strict: _rocks(state, tables, ship_id, rolls[0]))
    if "refloat" in kinds:
        _check_refloat(state, ship, g)
        return _Plan(DiceNeed(rules(tables)["refloat"]["dice"], 6, ("refloat die 1", "refloat die 2")),
                     lambda rolls, strict: _refloat(state, tables, ship_id, lighten, bool(opts.get("battle")), rolls))
    if lighten:
        effects, steps = _lighten(ship, lighten, state["turn"])
        return Resolution("aground", f"{ship['name']} throws guns over the side ({', '.join(lighten)})", effects,
                          steps, {"ship": ship_id, "lightened": lighten})
    steps = [_depth(ship, opts.get("depth")),
             Step("aground", "she stops and goes no further this turn: readjust her plotted move to the move she "
                  "made", "TE 2.6 44.3.1"),
             Step("refloating", "from the next turn, two dice in the Refloat Phase (aground SHIP --refloat)",
                  "TE 2.6 44.3.2, 29.0"),
             Step("while aground", "she may not fire", "TE 2.6 44.5")]
    return Resolution("aground", f"{ship['name']} runs aground",
                      [set_(["ships", ship_id, "te_aground"], {"turn": state["turn"], "how": "shoal"})], steps,
                      {"ship": ship_id, "aground": True})


def _depth(ship: dict, depth) -> Step:
    """44.3 "If a ship enters a hex in which the depth is equal or less than its depth value, it has
    run aground": with the hex's depth given, checked against her depth value (the feet of her
    specification, docs/rulings.md); without it, the umpire has read it."""
    if depth in (None, ""):
        return Step("water no deeper than her depth value", "she runs aground (the umpire's reading)", "TE 2.6 44.3")
    if isinstance(depth, bool) or not str(depth).strip().isdigit():
        raise BadInput(f"aground --depth {depth!r}: the hex's depth in feet, a whole number")
    value = ship.get("draught") or 0
    if not value:
        raise BadInput(f"{ship['name']} has no depth value on her specification (the feet, e.g. 22')")
    if int(depth) > value:
        raise Refused(f"{ship['name']}'s depth value is {value}': water {int(depth)}' deep is deeper, she does not run "
                      "aground (TE 2.6 44.3)")
    return Step(f"depth {int(depth)}', her depth value {value}'", "equal or less: she runs aground", "TE 2.6 44.3")


def _Plan(need, resolve):
    return Plan(need, resolve)


def _sections(value) -> list[str]:
    if not value:
        return []
    items = [value] if isinstance(value, str) else list(value)
    out: list[str] = []
    for item in items:
        for part in str(item).split(","):
            s = part.strip().lower()
            if not s:
                continue
            if s not in SECTIONS:
                raise BadInput(f"aground --lighten {s!r}: a section of guns is one side's bow or stern: "
                               f"{', '.join(SECTIONS)} (TE 2.6 44.3.2.1)")
            if s in out:
                raise BadInput(f"aground --lighten {s}: named twice")
            out.append(s)
    return out


def _wreck(state: dict, ship_id: str, steps: list[Step], effects: list[dict]) -> Resolution:
    """44.1 "destroyed, although its wreck remains in the hex": out of the game as a sunk ship is
    (struck, her points to the enemy; docs/rulings.md)."""
    ship = state["ships"][ship_id]
    p = ["ships", ship_id]
    effects = effects + [set_(p + ["state"], "sunk"), set_(p + ["struck"], True), set_(p + ["te_wreck"], True)]
    if ship.get("te_aground"):
        effects.append(set_(p + ["te_aground"], {}))
    steps = steps + [Step("destroyed", "recorded as sunk, out of the game; her wreck stays in the hex",
                          "TE 2.6 44.1")]
    return Resolution("aground", f"{ship['name']} is wrecked", effects, steps,
                      {"ship": ship_id, "state": "sunk", "wrecked": True})


def _rocks(state: dict, tables, ship_id: str, die: int) -> Resolution:
    ship = state["ships"][ship_id]
    result = rules(tables)["rocks"]["results"][die - 1]
    src = "TE 2.6 44.2"
    steps = [Step("rocks hex", "her movement stops", src), Step(f"rocks die {die}", {
        "wreck": "destroyed: a wreck", "aground": "waterline damage and aground (Critical Hit 10H, 44.3)",
        "waterline": "waterline damage", "unharmed": "unharmed"}[result], src)]
    effects = [set_(["ships", ship_id, "te_rocks"], state["turn"])]
    if result == "wreck":
        return _wreck(state, ship_id, steps, effects)
    if result in ("aground", "waterline"):
        effects.append(set_(["ships", ship_id, "te_waterline"], True))
        steps.append(Step("waterline damage", "crew sections may work the pumps (pumps SHIP --crew N); it counts "
                          "when she may sink", "TE 2.6 11.3.3, 24.3.2.2"))
    if result == "aground":
        effects.append(set_(["ships", ship_id, "te_aground"], {"turn": state["turn"], "how": "rocks"}))
        steps.append(Step("aground", "refloat from the next turn (aground SHIP --refloat); she may not fire",
                          "TE 2.6 44.3.2, 44.5"))
    else:
        steps.append(Step("not destroyed", "on a later turn she may move off the rocks, making no turn until her "
                          "stern has left them", src))
    return Resolution("aground", f"{ship['name']} strikes rocks: {result}", effects, steps,
                      {"ship": ship_id, "result": result, "rolls": [die]})


def _check_refloat(state: dict, ship: dict, g: dict) -> None:
    turn = state["turn"]
    if g["turn"] >= turn:
        raise Refused(f"{ship['name']} ran aground this turn: the first try to refloat her is in the next turn's "
                      "Refloat Phase (TE 2.6 44.3.2)")
    if ship.get("te_refloat_turn") == turn:
        raise Refused(f"{ship['name']} has tried to refloat this turn: once each Refloat Phase (TE 2.6 44.3.2, 29.0)")
    if ship.get("te_repair_turn") == turn:
        raise Refused(f"{ship['name']} made a repair attempt this turn: she may not also try to refloat (TE 2.6 44.4)")
    if ship.get("te_sail_turn") == turn:
        raise Refused(f"{ship['name']} changed her sail status this turn: she may not also try to refloat "
                      "(TE 2.6 44.4)")


def _capacity(ship: dict, section: str) -> tuple[int, int]:
    """The gun and carronade squares a section holds on the log: half the broadside's, the bow
    taking an odd square (16.2's log; docs/rulings.md)."""
    end = section.split("-")[1]
    g, c = ship["guns_max"], ship["carronades_max"]
    return ((g + 1) // 2, (c + 1) // 2) if end == "bow" else (g // 2, c // 2)


def _lighten(ship: dict, sections: list[str], turn: int) -> tuple[list[dict], list[Step]]:
    """Throw sections over the side. The log does not say which of a broadside's squares were
    lost: the squares left on that side after a section goes are those the other section holds
    at most, and none once both are gone (docs/rulings.md)."""
    done = dict(ship.get("te_lightened") or {})
    guns, carr = dict(ship["guns_left"]), dict(ship["carronades_left"])
    steps: list[Step] = []
    for s in sections:
        if s in done:
            raise Refused(f"{ship['name']}'s {s} section has been thrown over the side already (turn "
                          f"{done[s]['turn']})")
        side, end = s.split("-")
        other = f"{side}-{'stern' if end == 'bow' else 'bow'}"
        keep_g, keep_c = (0, 0) if other in done else _capacity(ship, other)
        g_out, c_out = max(0, guns[side] - keep_g), max(0, carr[side] - keep_c)
        guns[side] -= g_out
        carr[side] -= c_out
        done[s] = {"guns": g_out, "carronades": c_out, "turn": turn}
        steps.append(Step(f"lightening (LT): {s} section over the side",
                          f"{g_out} gun and {c_out} carronade square(s) marked off; they cannot be repaired",
                          "TE 2.6 44.3.2.1"))
    sid = ship["id"]
    effects = [set_(["ships", sid, "guns_left"], guns), set_(["ships", sid, "carronades_left"], carr),
               set_(["ships", sid, "te_lightened"], done)]
    return effects, steps


def _refloat(state: dict, tables, ship_id: str, lighten: list[str], battle: bool, rolls) -> Resolution:
    ship = state["ships"][ship_id]
    r = rules(tables)["refloat"]
    turn = state["turn"]
    effects: list[dict] = []
    steps: list[Step] = []
    if lighten:
        effects, steps = _lighten(ship, lighten, turn)
    thrown = len(ship.get("te_lightened") or {}) + len(lighten)
    total = sum(rolls)
    steps.append(Step("two dice", f"{' + '.join(map(str, rolls))} = {total}", "TE 2.6 44.3.2"))
    if battle:
        total += r["near_enemy"]
        steps.append(Step("within ten hexes of an enemy ship", f"{r['near_enemy']:+d} = {total}", "TE 2.6 44.3.2.1"))
    q = effective_quality(ship)
    if r["quality"].get(q, 0):
        total += r["quality"][q]
        steps.append(Step(f"crew quality {q}", f"{r['quality'][q]:+d} = {total}", "TE 2.6 44.3.2.1"))
    if thrown:
        total += thrown * r["per_section_lightened"]
        steps.append(Step(f"{thrown} section(s) of guns thrown over the side", f"{thrown * r['per_section_lightened']:+d}"
                          f" = {total}", "TE 2.6 44.3.2.1"))
    ok = total >= r["succeeds_at"]
    steps.append(Step(f"{r['succeeds_at']} or more", "refloated" if ok else "still aground", "TE 2.6 44.3.2"))
    effects.append(set_(["ships", ship_id, "te_refloat_turn"], turn))
    if ok:
        effects.append(set_(["ships", ship_id, "te_aground"], {}))
        steps.append(Step("refloated", "move her back to the hex she held before running aground; she moves "
                          "normally next turn", "TE 2.6 44.6"))
    steps.append(Step("this turn", "no repairs and no change of sail status", "TE 2.6 44.4"))
    return Resolution("aground", f"{ship['name']} " + ("is refloated" if ok else "stays aground"), effects, steps,
                      {"ship": ship_id, "refloated": ok, "total": total, "rolls": list(rolls),
                       **({"lightened": lighten} if lighten else {})})


def check(state: dict, action: dict) -> None:
    """What a ship aground (44.3.1, 44.5) or refloating this turn (44.4) may not do."""
    cmd = action.get("command", "")
    ship = state["ships"].get(action.get("ship", ""))
    if not ship or not in_play(state, LAND):
        return
    turn = state["turn"]
    g = ship.get("te_aground") or {}
    if g and cmd == "fire":
        raise Refused(f"{ship['name']} is aground: ships cannot fire their guns while aground (TE 2.6 44.5)")
    if g and cmd == "move":
        raise Refused(f"{ship['name']} is aground: she moves no further until refloated (TE 2.6 44.3.1, 44.6)")
    if cmd in ("repair", "sail") and ship.get("te_refloat_turn") == turn:
        raise Refused(f"{ship['name']} tried to refloat this turn: she may not "
                      f"{'repair' if cmd == 'repair' else 'change her sail status'} (TE 2.6 44.4)")
    if cmd == "repair" and str(action.get("what", "")).lower() == "guns" and ship.get("te_lightened"):
        if not _real_gun_damage(ship):
            raise Refused(f"{ship['name']}: her only missing gun squares were thrown over the side, and those cannot "
                          "be repaired (TE 2.6 44.3.2.1)")


def _thrown(ship: dict) -> dict:
    out = {(s, k): 0 for s in ("left", "right") for k in ("guns_left", "carronades_left")}
    for name, got in (ship.get("te_lightened") or {}).items():
        side = name.split("-")[0]
        out[(side, "guns_left")] += got["guns"]
        out[(side, "carronades_left")] += got["carronades"]
    return out


def _real_gun_damage(ship: dict) -> list[tuple[str, str]]:
    thrown = _thrown(ship)
    return [(s, k) for s in ("left", "right") for k in ("guns_left", "carronades_left")
            if ship[k][s] + thrown[(s, k)] < ship[k.replace("left", "max")]]


def follow(state: dict, action: dict, out):
    """After the ruleset's plan: a sail change is noted for 44.4 and 52.2.1, and a gun repair
    never restores a square thrown over the side (44.3.2.1)."""
    cmd = action.get("command", "")
    sid = action.get("ship", "")
    if cmd == "sail" and isinstance(out, Resolution):
        out.effects.append(set_(["ships", sid, "te_sail_turn"], state["turn"]))
        return out
    ship = state["ships"].get(sid)
    if cmd != "repair" or not ship or not ship.get("te_lightened") or isinstance(out, Resolution):
        return out

    def resolve(rolls, strict):
        res = out.resolve(rolls, strict)
        real = _real_gun_damage(ship)
        for e in res.effects:
            p = e["path"]
            if len(p) == 4 and p[2] in ("guns_left", "carronades_left") and (p[3], p[2]) not in real and real:
                side, kind = real[0]
                e["path"] = ["ships", sid, kind, side]
                e["value"] = ship[kind][side] + 1
                res.working = [s if s.step != "repaired" else
                               Step("repaired", f"one {kind[:-5].rstrip('s')} square, {side} broadside (not one "
                                    "thrown over the side)", "TE 2.6 28.0, 44.3.2.1") for s in res.working]
        return res
    return Plan(out.need, resolve, out.flexible, out.per_die, out.chain)

