"""Fouling, unfouling, grappling and ungrappling in the Tournament Edition (6.1, 8.3.4-8.3.5,
9.1-9.2, 18.1-18.2; 51.7 fireships): two dice on the pack's table for the attempt, with the
text's own rules (a 12 always fouls, grapples or ungrapples; +1 to unfoul by marking off a
rigging square), bowsprit damage in a collision, and the crew loss when ships locked in melee part."""

from __future__ import annotations

import math

from umpire.core.dice import DiceNeed
from umpire.core.errors import BadInput, Refused
from umpire.core.ruleset import Plan
from umpire.core.state import Resolution, Step, set_
from umpire.rules.wsim import contact as contact_1981
from umpire.rules.wsim.editions.packs import row_or_edge
from umpire.rules.wsim.editions.te26 import melee as te26_melee, move as te26_move
from umpire.rules.wsim.editions.te26.ship_work import anchored


def plan(ruleset, state: dict, tables, kind: str, a: str, b: str, opts: dict):
    """Two dice on the pack's table for the attempt (6.1, 8.3.5, 9.1.2, 9.2.1)."""
    contact_1981.check_contact(state, kind, a, b)
    name = contact_1981.KINDS[kind][0]
    friendly = state["ships"][a]["controller"] == state["ships"][b]["controller"]
    if kind == "grapple":
        te26_move.check_grapple(state, a)
    if kind == "grapple" and b in state["ships"][a]["grappled"]:
        raise Refused(f"{state['ships'][a]['name']} and {state['ships'][b]['name']} are grappled already: "
                      "once two ships are grappled, no more grapples are made between them (TE 2.6 9.1.9)")
    modifiers(ruleset.level, kind, opts)                  # bad options refused before any die
    if kind == "grapple" and b in state["ships"][a]["fouled"]:
        tables["grappling-modifiers"]      # "Fouling provides a + modifier for grappling (see table)"
    if friendly and kind == "ungrapple":
        return Plan(DiceNeed(0, 6, (kind,)), lambda rolls, strict: resolve(state, kind, a, b, (), None, tables, opts,
                                                                            ruleset.level))
    table = tables[name]            # refused here, before any die, when the game has no pack for it
    n = tables["procedures"]["contact"]["dice"]
    bows = bowsprits(state, kind, a, b, opts)
    pair = te26_melee.locked(state, a, b) if kind in ("unfoul", "ungrapple") else None
    if pair:
        tables["melee-crew-loss"]
    need = DiceNeed(n + len(bows) + (1 if pair else 0), 6, tuple(f"{kind} die {i + 1}" for i in range(n))
                    + tuple(f"{s}: bowsprit" for s in bows) + (("crew loss as the ships part",) if pair else ()))

    def go(rolls, strict):
        res = resolve(state, kind, a, b, rolls[:n], table, tables, opts, ruleset.level)
        if bows:
            bowsprit_damage(state, bows, rolls[n:], res, tables)
        sa = state["ships"][a]
        apart = res.data["success"] and [x for x in sa["fouled"] + sa["grappled"] if x == b] == [b]
        if pair and apart:
            if len(rolls) < n + 1:
                raise BadInput("the ships part while locked in melee: one more die, the crew loss roll against "
                               "the returning OBP (TE 2.6 12.3.6)")
            te26_melee.parted(state, pair, rolls[n], res, tables)
        elif pair and strict and len(rolls) > n:
            raise BadInput(f"{kind} used {n} dice; got {len(rolls)} (the crew loss die is rolled only when the "
                           "ships part)")
        return res
    return Plan(need, go, flexible=bool(pair))


def resolve(state: dict, kind: str, a: str, b: str, rolls: tuple[int, ...], table, tables, opts,
             level: str = "basic") -> Resolution:
    name, track, making = contact_1981.KINDS[kind]
    sa, sb = state["ships"][a], state["ships"][b]
    steps: list[Step] = []
    effects: list[dict] = []
    if not rolls:
        success = True
        steps.append(Step("friendly ships", f"{kind} is automatic", "TE 2.6 9.2.1"))
    else:
        total = sum(rolls)
        steps.append(Step("two dice", f"{rolls[0]} + {rolls[1]} = {total}", "TE 2.6 " + table["section"]))
        rules = tables["procedures"]["contact"]
        if kind == "unfoul" and rigging_bonus(opts):
            effects += mark_rigging(sa)
            total += 1
            steps.append(Step("a rigging square marked off", f"+1 = {total}", "TE 2.6 6.1"))
        if kind == "grapple" and sa["controller"] == sb["controller"]:
            total += rules["friendly_grapple"]
            steps.append(Step("friendly ships", f"{rules['friendly_grapple']:+d} = {total}", "TE 2.6 9.1.3"))
        if kind == "grapple" and b in sa["fouled"]:
            gm = tables["grappling-modifiers"]
            value = gm["cells"][0][0]
            total += value
            steps.append(Step("the ships are fouled", f"{value:+d} = {total}", gm["source"]))
        fireships = sum(1 for x in (sa, sb) if x.get("te_fireship"))
        mods = modifiers(level, kind, opts)
        if fireships and kind == "foul":
            total += rules["foul_fireship"]
            steps.append(Step("a fireship afire", f"{rules['foul_fireship']:+d} = {total}", "TE 2.6 51.7"))
        if fireships and kind == "unfoul":
            mods["unfoul_fireship"] = max(fireships, mods.get("unfoul_fireship", 0))
        for key, n in mods.items():
            total += n * rules[key]
            steps.append(Step({"unfoul_full_sails": f"{n} ship(s) at full sails",
                               "unfoul_fireship": f"{n} fireship(s)"}[key], f"{n * rules[key]:+d} = {total}",
                              "TE 2.6 18.1" if key == "unfoul_full_sails" else "TE 2.6 18.2"))
        if kind == "foul" and sum(rolls) == rules["always_fouls"]:
            success = True
            steps.append(Step("a roll of 12", "always fouls", "TE 2.6 8.3.5"))
        elif kind == "grapple" and sum(rolls) == rules["always_grapples"]:
            success = True
            steps.append(Step("a roll of 12", "always grapples", "TE 2.6 9.1.4"))
        elif kind == "ungrapple" and sum(rolls) == rules["always_ungrapples"]:
            success = True
            steps.append(Step("a roll of 12", "always succeeds", "TE 2.6 9.2.1"))
        else:
            col = 0
            if kind == "ungrapple":
                col = 0 if sa.get("grappled_on", {}).get(b) == state["turn"] else 1
            row = table_row(table, total)
            success = table["cells"][row][col] == "success"
            steps.append(Step(f"{table['title']}, row {table['rows'][row]}, {table['columns'][col]}",
                              table["cells"][row][col], table["source"]))
    if kind != "foul":
        effects.append(set_(["ships", a, "tries"], sa.get("tries", []) + [f"{kind}:{b}"]
                            + ([f"{kind}:{b}!"] if kind == "ungrapple" and success else [])))
    if success and making:
        stamp = "fouled_on" if kind == "foul" else "grappled_on"
        for x, y in ((sa, b), (sb, a)):
            effects.append(set_(["ships", x["id"], stamp], {**x.get(stamp, {}), y: state["turn"]}))
    if success:
        for x, y in ((sa, b), (sb, a)):
            now = list(x[track])
            now.append(y) if making else now.remove(y)
            effects.append(set_(["ships", x["id"], track], now))
    outcome = {"foul": "fouled", "unfoul": "unfouled", "grapple": "grappled", "ungrapple": "ungrappled"}[kind]
    summary = f"{sa['name']} and {sb['name']}: " + (outcome if success else f"not {outcome}")
    data = {"ships": [a, b], "attempt": kind, "success": success, "rolls": list(rolls),
            "result": outcome if success else "no effect"}
    return Resolution(kind, summary, effects, steps, data)


def bowsprits(state: dict, kind: str, a: str, b: str, opts: dict) -> list[str]:
    """The ships whose bows entered the collision hex (`foul --opt bowsprit=A[,B]`, 8.3.4)."""
    given = str(opts.get("bowsprit") or "").strip()
    if not given:
        return []
    if kind != "foul":
        raise BadInput(f"{kind} --opt bowsprit: bowsprit damage comes with a collision (`foul`, TE 2.6 8.3.4)")
    ships = [x.strip().lower() for x in given.split(",") if x.strip()]
    bad = [x for x in ships if x not in (a, b)] or [x for x in ships if ships.count(x) > 1]
    if bad:
        raise BadInput(f"foul --opt bowsprit={given}: name {a} and/or {b}, the ships whose bows entered the collision "
                       "hex, once each")
    for x in ships:
        ship = state["ships"][x]
        if ship.get("class_number") is None and ship.get("class", "").upper() not in ("SOL", "F", "C", "B", "S", "SC"):
            raise BadInput(f"{ship['name']}: bowsprit damage depends on whether she is a ship of the line "
                           "(TE 2.6 8.3.4); give her class with `ship add --class`")
    return ships


def bowsprit_damage(state: dict, bows: list[str], rolls, res: Resolution, tables) -> None:
    """8.3.4 "On a 1 or 2: for a ship of the line, mark out the remainder of its first rigging
    section; for any other vessel under sail, mark out one half of the remainder of the first
    section, rounded up"."""
    rules = tables["procedures"]["contact"]
    for sid, d in zip(bows, rolls):
        ship = state["ships"][sid]
        first = ship["rigging_left"][0]
        sol = ship.get("class_number") in (1, 2) or ship.get("class", "").upper() == "SOL"
        if d > rules["bowsprit_damage_on"] or not first or (not sol and anchored(ship, state["turn"])):
            why = "no damage" if d > rules["bowsprit_damage_on"] or not first else "no damage: she is not under sail"
            res.working.append(Step(f"{ship['name']}: bowsprit die {d}", why, "TE 2.6 8.3.4"))
            continue
        lost = first if sol else math.ceil(first / 2)
        left = [first - lost] + list(ship["rigging_left"][1:])
        res.effects.append(set_(["ships", sid, "rigging_left"], left))
        res.working.append(Step(f"{ship['name']}: bowsprit die {d}", f"{lost} of the {first} squares left in her "
                                f"first rigging section ({'a ship of the line: all' if sol else 'half, rounded up'})",
                                "TE 2.6 8.3.4"))
    res.data["rolls"] = list(res.data.get("rolls", [])) + list(rolls)


def table_row(table: dict, total: int) -> int:
    """The row holding a modified total; a total beyond the card's rows reads its first or last row."""
    return row_or_edge(table, total)


def modifiers(level: str, kind: str, opts: dict) -> dict[str, int]:
    """The Advanced unfouling modifiers the umpire gives: ships at full sails (18.1), fireships (18.2)."""
    out = {}
    for key, rule in (("full-sails", "unfoul_full_sails"), ("fireships", "unfoul_fireship")):
        value = str(opts.get(key) or "0")
        if not value.isdigit():
            raise BadInput(f"{kind} --opt {key}={value}: the number of ships (0, 1 or 2)")
        if int(value):
            if level != "advanced":
                raise BadInput(f"{kind} --opt {key}: an Advanced Game modifier (TE 2.6 18.0)")
            if int(value) > 2:
                raise BadInput(f"{kind} --opt {key}={value}: two ships are unfouling, so 0, 1 or 2")
            out[rule] = int(value)
    return out


def rigging_bonus(opts: dict) -> bool:
    value = str(opts.get("rigging") or "").lower()
    if value not in ("", "1", "yes", "true"):
        raise BadInput(f"unfoul --opt rigging={value}: use rigging=1 to mark off one rigging square for +1 (6.1)")
    return bool(value)


def mark_rigging(ship: dict) -> list[dict]:
    """One rigging square marked off, from the first section with squares left (6.1)."""
    left = list(ship["rigging_left"])
    for i, n in enumerate(left):
        if n > 0:
            left[i] -= 1
            return [set_(["ships", ship["id"], "rigging_left"], left)]
    raise BadInput(f"{ship['name']} has no rigging square left to mark off for the +1 (6.1)")
