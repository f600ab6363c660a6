"""Tournament Edition 2.6 melee (12.3): boarding roll, crew loss, morale; one round per turn.

One boarding party against one: the attacker's OBP at the defender, the defender's DBP.
Dice in the order of contracts/editions.md: boarding roll (attacker, defender), if boarded
the crew loss dice (attacker, defender), then morale (attacker, defender), then the extra
crew-loss roll against a repelled OBP (12.3.5 d). The Melee Crew Loss Table is the game's
pack table `melee-crew-loss` (one die a row, TMS bands as columns).
"""

from __future__ import annotations

from umpire.core.dice import DiceNeed
from umpire.core.errors import BadInput, Refused
from umpire.core.state import Resolution, Step, set_
from umpire.rules.wsim import boarding
from umpire.rules.wsim_editions.packs import column_index

LABELS = ("boarding attacker", "boarding defender", "crew loss attacker", "crew loss defender",
          "morale attacker", "morale defender", "crew loss against the repelled OBP")
_BOARD_OPTS = ("grape", "larger", "both-hexes", "stern-to-stern", "bow-rake", "flagship")


def forces(state: dict, attacker: str, defender: str) -> tuple[boarding.Force, boarding.Force]:
    att, dfn, kind = boarding.melee_plan(state, [attacker], defender)
    if kind != "dbp":
        raise Refused("a Tournament Edition melee is built for an OBP against the defender's DBP only so far "
                      "(docs/coverage/wsim-te26.md)")
    return att[0], dfn[0]


def needs(state: dict, attacker: str, defender: str, tables) -> DiceNeed:
    forces(state, attacker, defender)
    tables["melee-crew-loss"]                    # refused before any die when the game has no pack
    return DiceNeed(len(LABELS), 6, LABELS)


def resolve(state: dict, attacker: str, defender: str, opts: dict, rolls: tuple[int, ...], tables,
            strict: bool) -> Resolution:
    a, d = forces(state, attacker, defender)
    rules = tables["procedures"]["morale"]
    table = tables["melee-crew-loss"]
    dice = list(rolls)
    used: list[int] = []
    steps: list[Step] = []

    def die(label: str) -> int:
        if not dice:
            raise BadInput(f"melee needs a die for the {label}: give them in this order: {', '.join(LABELS)}")
        used.append(dice.pop(0))
        return used[-1]

    sa, sd = state["ships"][attacker], state["ships"][defender]
    first_turn = sa.get("te_boarded") != defender
    outcome = "continues"
    if first_turn:
        ra, rd = die("boarding attacker"), die("boarding defender")
        ta, td = ra + _board_mod(state, a, d, opts, "attacker", steps), rd + _board_mod(state, d, a, opts, "defender", steps)
        steps.append(Step("boarding roll", f"attacker {ra} -> {ta}, defender {rd} -> {td}", "TE 2.6 12.3.1-12.3.2"))
        if ta == td:
            outcome = "not boarded"
        elif td > ta:
            outcome = "repelled"
    if outcome == "continues":
        q = tables["melee"]["crew_strength"]
        tms_a, tms_d = a.squares * q[a.quality], d.squares * q[d.quality]
        la = _loss(table, die("crew loss attacker"), tms_a, 0, steps, "attacker")
        ld = _loss(table, die("crew loss defender"), tms_d, 1 if first_turn else 0, steps, "defender")
        _take(d, la)
        _take(a, ld)
        if d.squares == 0 and a.squares > 0:
            outcome = "defender surrenders"
            steps.append(Step("the DBP is wiped out by the OBP", "the ship surrenders", "TE 2.6 12.3.4.3"))
        elif a.squares == 0:
            outcome = "repelled" if d.squares else "both parties eliminated"
        else:
            outcome = _morale(a, d, q, rules, opts, die, steps)
            if outcome == "repelled":
                extra = _loss(table, die("crew loss against the repelled OBP"), d.squares * q[d.quality], 0, steps,
                              "defender, against the repelled OBP")
                _take(a, extra)
    if strict and dice:
        raise BadInput(f"melee used {len(used)} dice ({', '.join(LABELS[:len(used)])}); got {len(rolls)}")
    return _result(state, attacker, defender, a, d, outcome, used, steps, tables)


def _board_mod(state: dict, me: boarding.Force, them: boarding.Force, opts: dict, who: str, steps: list[Step]) -> int:
    q = ("PR", "GR", "AV", "CR", "EL")
    mod = 0
    if q.index(me.quality) > q.index(them.quality):
        mod += 1
        steps.append(Step(f"{who}: better crew quality", "+1", "TE 2.6 12.3.1"))
    if who == "defender":
        mod += 1
        steps.append(Step("defender: a DBP", "+1", "TE 2.6 12.3.1"))
    ship = state["ships"][me.ship]
    if them.ship in ship["fouled"] and them.ship not in ship["grappled"]:
        mod -= 2
        steps.append(Step(f"{who}: fouled but not grappled", "-2", "TE 2.6 12.3.1"))
    given = {"grape": 1, "larger": -1, "both-hexes": 1, "stern-to-stern": 1, "bow-rake": 1}
    for key, value in given.items():
        if _yes(opts, f"{who}-{key}") and (who == "attacker" or key in ("grape", "larger")):
            mod += value
            steps.append(Step(f"{who}: {key}", f"{value:+d}", "TE 2.6 12.3.1"))
    return mod


def _loss(table: dict, roll: int, tms: int, shift: int, steps: list[Step], who: str) -> int:
    col = min(column_index(table, tms) + shift, len(table["columns"]) - 1)
    row = roll - 1
    n = table["cells"][row][col]
    steps.append(Step(f"crew loss, {who}: die {roll}, TMS {tms}" + (" (DBP, one column right)" if shift else ""),
                      f"column {table['columns'][col]}: {n}", table["source"]))
    return n


def _take(f: boarding.Force, n: int) -> None:
    for s in f.sections:
        k = min(f.crew[s], n)
        f.crew[s] -= k
        n -= k


def _morale(a, d, q, rules, opts, die, steps) -> str:
    fails = []
    for who, me, them in (("attacker", a, d), ("defender", d, a)):
        roll = die(f"morale {who}")
        total = roll
        if them.squares * q[them.quality] >= 2 * me.squares * q[me.quality]:
            total += rules["outnumbered"]
        if _yes(opts, f"{who}-flagship"):
            total += rules["flagship"]
        fails.append(total > rules["quality"][me.quality])
        steps.append(Step(f"morale, {who}: die {roll} -> {total} against {me.quality} "
                          f"{rules['quality'][me.quality]}", "fails" if fails[-1] else "holds", "TE 2.6 12.3.5"))
    if fails == [True, True]:
        return "both fail"
    if fails[1]:
        return "defender surrenders"
    if fails[0]:
        return "repelled"
    return "continues"


def _yes(opts: dict, key: str) -> bool:
    value = str(opts.get(key) or "").lower()
    if value not in ("", "0", "no", "false", "1", "yes", "true"):
        raise BadInput(f"melee --opt {key}={value}: use {key}=1")
    return value in ("1", "yes", "true")


def _result(state, attacker, defender, a, d, outcome, used, steps, tables) -> Resolution:
    effects = [boarding._crew_effect(state, f) for f in (a, d)]
    effects += [set_(["ships", x, "meleed_turn"], state["turn"]) for x in (attacker, defender)]
    on = outcome == "continues"
    effects.append(set_(["ships", attacker, "te_boarded"], defender if on else ""))
    for f, other in ((a, defender), (d, attacker)):      # 10.1.2.2: the next turn's party grows by one section
        effects.append(set_(["ships", f.ship, "te_party"], {"with": other, "sections": len(f.sections)} if on else {}))
    data = {"attackers": [attacker], "defender": defender, "rolls": used, "outcome": outcome}
    names = f"{state['ships'][attacker]['name']} v {state['ships'][defender]['name']}"
    if outcome == "defender surrenders":
        sub = boarding.capture_by_obp(boarding._with_crews(state, [a, d]), [a], defender, tables, steps, effects,
                                      melee=True)
        sub.data.update(data)
        return sub
    return Resolution("melee", f"{names}: {outcome}", effects, steps, data)
