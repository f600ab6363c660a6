"""Fouling, unfouling, grappling and ungrappling (Basic Game III, V.C, VI)."""

from __future__ import annotations

from umpire.core.dice import DiceNeed
from umpire.core.errors import BadInput, Refused
from umpire.core.state import Resolution, Step, set_

KINDS = {
    "foul": ("fouling", "fouled", True),
    "unfoul": ("unfouling", "fouled", False),
    "grapple": ("grappling", "grappled", True),
    "ungrapple": ("ungrappling", "grappled", False),
}


def contact_needs(state: dict, kind: str, a: str, b: str) -> DiceNeed:
    check_contact(state, kind, a, b)
    return DiceNeed(0 if _friendly(state, a, b) and kind in ("grapple", "ungrapple") else 1, 6, (kind,))


def _friendly(state: dict, a: str, b: str) -> bool:
    return state["ships"][a]["controller"] == state["ships"][b]["controller"]


def check_contact(state: dict, kind: str, a: str, b: str) -> None:
    sa, sb = state["ships"][a], state["ships"][b]
    if a == b:
        raise BadInput(f"{sa['name']} cannot {kind} with herself")
    _, track, making = KINDS[kind]
    linked = b in sa[track]
    if kind == "foul" and linked:
        raise Refused(f"{sa['name']} and {sb['name']} are already fouled")
    if not making and not linked:
        raise Refused(f"{sa['name']} is not {track} with {sb['name']}")
    if kind != "foul" and _tried_out(sa, kind, b):
        raise Refused(f"{sa['name']} has already tried to {kind} with {sb['name']} this turn "
                      f"(once per turn: {ONCE[kind]})")
    if kind == "unfoul" and sa.get("fouled_on", {}).get(b) == state["turn"]:
        raise Refused(f"{sa['name']} and {sb['name']} fouled this turn: unfouling is tried from the next turn's "
                      "unfouling phase (Basic III)")


def _tried_out(ship: dict, kind: str, other: str) -> bool:
    """Each attempt once per turn; ungrappling once per successful grapple (VI.B.4), so a ship
    grappled twice by the same enemy may try twice (a success is marked with a trailing "!")."""
    tries = ship.get("tries", [])
    key = f"{kind}:{other}"
    if kind != "ungrapple":
        return key in tries
    return tries.count(key) >= ship["grappled"].count(other) + tries.count(key + "!")


#: where each attempt is limited to once per turn
ONCE = {"unfoul": "Basic III", "grapple": "Basic VI.A.2", "ungrapple": "Basic VI.B.4"}


def journalled_still(state: dict, ids: tuple[str, ...], steps: list[Step], source: str) -> int:
    """How many of the ships the moves journalled this turn show motionless (written and done `0`,
    no drift); a ship with no move journalled this turn is taken as having moved, and said so."""
    still = 0
    for sid in ids:
        ship = state["ships"][sid]
        rec = ship.get("movement") or {}
        if rec.get("turn") != state["turn"]:
            steps.append(Step(f"{ship['name']}: no move journalled this turn", "taken as moving "
                              "(--motionless to say otherwise)", source))
        elif rec.get("log") == "0":
            still += 1
            steps.append(Step(f"{ship['name']}: move journalled `0`", "motionless", source))
    return still


def resolve_contact(state: dict, kind: str, a: str, b: str, rolls: tuple[int, ...], tables,
                    motionless: int | None = 0) -> Resolution:
    """One attempt on the fouling, unfouling, grappling or ungrappling table; grappling reads the
    ships motionless from `motionless`, or when it is None from this turn's journalled moves."""
    check_contact(state, kind, a, b)
    table_name, track, making = KINDS[kind]
    table = tables[table_name]
    sa, sb = state["ships"][a], state["ships"][b]
    steps: list[Step] = []
    if motionless is None:
        motionless = journalled_still(state, (a, b), steps, tables.source(table_name)) \
            if kind == "grapple" and rolls and "motionless_modifier" in table else 0
    if not rolls:
        success = True
        steps.append(Step("friendly ships", f"{kind} is automatic", "Basic VI.A.3"))
        die = None
    else:
        die = rolls[0]
        if kind == "grapple" and motionless:
            mods = table["motionless_modifier"]
            m = mods["one"] if motionless == 1 else mods["both"]
            steps.append(Step(f"{motionless} ship(s) motionless", f"die {die} {m:+d} = {die + m}", tables.source(table_name)))
            die += m
        success = die in table["success_rolls"] or (die < min(table["success_rolls"]))
        steps.append(Step(f"{table_name} table, die {die}", table["result_text"]["success" if success else "failure"],
                          tables.source(table_name)))
    effects = []
    if kind != "foul":
        mark = [f"{kind}:{b}"] + ([f"{kind}:{b}!"] if kind == "ungrapple" and success else [])
        effects.append(set_(["ships", a, "tries"], sa.get("tries", []) + mark))
    if kind == "foul" and success:
        for x, y in ((sa, b), (sb, a)):
            effects.append(set_(["ships", x["id"], "fouled_on"], {**x.get("fouled_on", {}), y: state["turn"]}))
    if success:
        for x, y in ((sa, b), (sb, a)):
            now = list(x[track])
            if making:
                now.append(y)
            else:
                now.remove(y)
            effects.append(set_(["ships", x["id"], track], now))
    outcome = {"foul": "fouled", "unfoul": "unfouled", "grapple": "grappled", "ungrapple": "ungrappled"}[kind]
    summary = f"{sa['name']} and {sb['name']}: " + (outcome if success else f"not {outcome}")
    data = {"ships": [a, b], "attempt": kind, "success": success, "rolls": list(rolls), "result": outcome if success else "no effect"}
    return Resolution(kind, summary, effects, steps, data)
