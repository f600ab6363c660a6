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
from umpire.rules.wsim.editions.packs import column_index
from umpire.rules.wsim.editions.te26.optional.soldiers import RULE

LABELS = ("boarding attacker", "boarding defender", "crew loss attacker", "crew loss defender",
          "morale attacker", "morale defender", "crew loss against the repelled OBP")
_BOARD_OPTS = ("grape", "larger", "both-hexes", "stern-to-stern", "bow-rake", "flagship")


def forces(state: dict, attackers: list[str], defender: str) -> tuple[list[boarding.Force], boarding.Force | None,
                                                                         str, list[Step]]:
    """The boarding parties: the attackers' OBPs, the defender's party and its kind ("dbp", "obp"
    for OBP against OBP, 12.2.2; "none" when she has neither, 12.2.4)."""
    att, dfn, kind = boarding.melee_plan(state, attackers, defender)
    notes: list[Step] = []
    q = ("PR", "GR", "AV", "CR", "EL")
    for f in att + dfn:
        if state["ships"][f.ship].get("te_shaken") == state["turn"] and f.quality != q[0] and not f.prize:
            lower = q[q.index(f.quality) - 1]
            notes.append(Step(f"{state['ships'][f.ship]['name']} failed her morale check under grapeshot",
                              f"melees as {lower}, not {f.quality}", "TE 2.6 24.2.4.5.2"))
            f.quality = lower
    d = state["ships"][defender]
    if kind == "obp" and len(attackers) > 1:
        raise Refused(f"{d['name']}'s OBP is at {state['ships'][attackers[0]]['name']}: against several boarding "
                      "ships she defends with a DBP (order one with `umpire board`)")
    if kind == "none":
        own = boarding.party_force(d, "obp", None)
        if own is not None and d.get("te_shaken") == state["turn"] and own.quality != q[0] and not own.prize:
            own.quality = q[q.index(own.quality) - 1]
        if own is not None:          # 12.2.5: her OBP, engaged elsewhere, converts to a DBP
            notes.append(Step(f"{d['name']}'s OBP is attacked by an OBP from another ship", "it converts to a DBP",
                              "TE 2.6 12.2.5"))
            return att, own, "dbp", notes
    return att, (dfn[0] if dfn else None), kind, notes


def needs(state: dict, attackers: list[str], defender: str, tables) -> DiceNeed:
    att, d, kind, _ = forces(state, attackers, defender)
    if kind == "none":
        return DiceNeed(0, 6, ())
    tables["melee-crew-loss"]                    # refused before any die when the game has no pack
    n = len(att)
    labels = [w for i in range(n) for w in (f"boarding attacker {i + 1}" if n > 1 else "boarding attacker",
                                            "boarding defender")]
    labels += ["crew loss attacker", "crew loss defender"]
    labels += [f"morale attacker {i + 1}" if n > 1 else "morale attacker" for i in range(n)] + ["morale defender"]
    labels += ["marines' re-roll of a failed morale check"] * (n + 1)
    labels += ["crew loss against the repelled OBP"] * n
    return DiceNeed(len(labels), 6, tuple(labels))


def resolve(state: dict, attackers: list[str], defender: str, opts: dict, rolls: tuple[int, ...], tables,
            strict: bool) -> Resolution:
    att, d, kind, steps = forces(state, attackers, defender)
    if kind == "none":
        steps.append(Step("the boarded ship has no OBP or DBP", "captured without melee", "TE 2.6 12.2.4"))
        sub = boarding.capture_by_obp(state, att, defender, tables, steps,
                                      [set_(["ships", defender, "te_prize_turn"], state["turn"])], melee=True)
        sub.data.update({"attackers": attackers, "defender": defender, "rolls": [], "outcome": "defender surrenders"})
        return sub
    rules = tables["procedures"]["morale"]
    table = tables["melee-crew-loss"]
    q = tables["melee"]["crew_strength"]
    dice = list(rolls)
    used: list[int] = []

    def die(label: str) -> int:
        if not dice:
            raise BadInput(f"melee needs a die for the {label}: give them in this order: boarding rolls (each "
                           "attacker, then the defender), crew loss (attackers, defender), morale (each attacker, "
                           "the defender), then a crew loss roll against each repelled OBP")
        used.append(dice.pop(0))
        return used[-1]

    several = len(att) > 1
    sd = state["ships"][defender]
    mar = {f.ship: marines(state, f) for f in att + [d]}
    Soldiers.check(opts)
    boarded: list[boarding.Force] = []
    ends: dict[str, str] = {}
    first = {f.ship: state["ships"][f.ship].get("te_boarded") != defender for f in att}
    for i, a in enumerate(att):
        if not first[a.ship]:
            boarded.append(a)
            continue
        who = f"attacker {i + 1}" if several else "attacker"
        ra, rd = die(f"boarding {who}"), die("boarding defender")
        ta = ra + _board_mod(state, a, d, opts, "attacker", steps, kind)
        td = rd + _board_mod(state, d, a, opts, "defender", steps, kind)
        if several:
            td -= 1
            steps.append(Step("defender: more than one opponent boarding", "-1", "TE 2.6 12.3.1 Special"))
        steps.append(Step(f"boarding roll, {state['ships'][a.ship]['name']}", f"attacker {ra} -> {ta}, "
                          f"defender {rd} -> {td}", "TE 2.6 12.3.1-12.3.2"))
        if ta == td:
            ends[a.ship] = "not boarded"
        elif td > ta:
            if kind == "obp":          # OBP against OBP: the defender's party has boarded her (12.2.2)
                steps.append(Step("OBP against OBP", f"{sd['name']}'s OBP prevails and boards", "TE 2.6 12.2.2"))
                return _swap(state, attackers[0], defender, opts, tables, strict, rolls, used, dice, steps)
            ends[a.ship] = "repelled"
        else:
            boarded.append(a)
    outcome = {}
    sol = Soldiers(state, att, d, kind, opts, mar, q, steps)       # 57.4, once a party has boarded
    if boarded:
        shift = 1 if kind == "dbp" and any(first[a.ship] for a in boarded) else 0
        tms_a = sum(sol.tms(a, mar) for a in boarded)
        ra = die("crew loss attacker")
        la = _loss(table, ra, tms_a, 0, steps, "attacker" + ("s, crews combined" if len(boarded) > 1 else ""))
        rd = die("crew loss defender")
        ld = _loss(table, rd, sol.tms(d, mar), shift, steps, "defender")
        _hit(d, la, ra, mar, steps, sol)
        _share(boarded, ld, rd, mar, steps, sol)
        if _total(d, mar, sol) == 0 and any(_total(a, mar, sol) for a in boarded):
            outcome = {a.ship: "defender surrenders" for a in boarded}
            steps.append(Step("the defending party is wiped out by the OBP", "the ship surrenders", "TE 2.6 12.3.4.3"))
        elif not any(_total(a, mar, sol) for a in boarded):
            outcome = {a.ship: "repelled" if _total(d, mar, sol) else "both parties eliminated" for a in boarded}
        else:
            outcome = _morale(boarded, d, q, rules, opts, die, steps, mar, sol)
            for a in boarded:
                if outcome[a.ship] == "repelled":
                    r = die("crew loss against the repelled OBP")
                    extra = _loss(table, r, sol.tms(d, mar), 0,
                                  steps, f"defender, against the repelled OBP of {state['ships'][a.ship]['name']}")
                    _hit(a, extra, r, mar, steps, sol)
    if strict and dice:
        raise BadInput(f"melee used {len(used)} dice ({', '.join(map(str, used))}); got {len(rolls)}")
    outcome.update(ends)
    res = _result(state, att, defender, d, outcome, used, steps, tables)
    res.effects += [set_(["ships", sid, "marines_left"], n) for sid, n in mar.items()
                    if n != state["ships"][sid].get("marines_left", 0) and state["ships"][sid].get("marines_left")]
    res.effects += sol.effects()
    return res


def _swap(state, attacker, defender, opts, tables, strict, rolls, used, dice, steps) -> Resolution:
    """OBP against OBP, the defender prevailing: the melee goes on with her party as the boarder."""
    swapped = {k.replace("attacker-", "@").replace("defender-", "attacker-").replace("@", "defender-"): v
               for k, v in opts.items()}
    sub_state = {**state, "ships": {**state["ships"], defender: {**state["ships"][defender], "te_boarded": attacker}}}
    res = resolve(sub_state, [defender], attacker, swapped, tuple(dice), tables, strict)
    res.working = steps + res.working
    res.data["rolls"] = used + res.data["rolls"]
    return res


def _board_mod(state: dict, me: boarding.Force, them: boarding.Force, opts: dict, who: str, steps: list[Step],
               kind: str = "dbp") -> int:
    q = ("PR", "GR", "AV", "CR", "EL")
    mod = 0
    if q.index(me.quality) > q.index(them.quality):
        mod += 1
        steps.append(Step(f"{who}: better crew quality", "+1", "TE 2.6 12.3.1"))
    if who == "defender" and kind == "dbp":
        mod += 1
        steps.append(Step("defender: a DBP", "+1", "TE 2.6 12.3.1"))
    ship = state["ships"][me.ship]
    if them.ship in ship["fouled"] and them.ship not in ship["grappled"] and (who == "attacker" or kind == "obp"):
        mod -= 2                       # the boarders' handicap: the ships lie apart (docs/rulings.md)
        steps.append(Step(f"{who}: fouled but not grappled", "-2", "TE 2.6 12.3.1"))
    given = {"grape": 1, "larger": -1, "both-hexes": 1, "stern-to-stern": 1, "bow-rake": 1}
    if ship.get("te_grape_turn") == state["turn"]:
        mod += given["grape"]
        steps.append(Step(f"{who}: fired grape this turn", "+1", "TE 2.6 12.3.1, 25.0"))
    mine, theirs = ship.get("class_number"), state["ships"][them.ship].get("class_number")
    boarding_side = who == "attacker" or kind == "obp"
    larger = bool(boarding_side and mine and theirs and theirs < mine and not (mine == 4 and theirs == 3))
    if larger:
        mod += given["larger"]
        steps.append(Step(f"{who}: the target is of a larger class ({theirs} against {mine})", "-1", "TE 2.6 12.3.1"))
    for key, value in given.items():
        if (key == "grape" and ship.get("te_grape_turn") == state["turn"]) or (key == "larger" and larger):
            continue
        if _yes(opts, f"{who}-{key}") and (boarding_side or key == "grape"):
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


def marines(state: dict, f: boarding.Force) -> int:
    """The ship's marines, who join her OBP or DBP (10.1.2.1; "Don't forget the marines!", 12.3.3)."""
    return 0 if f.prize else int(state["ships"][f.ship].get("marines_left", 0))


def _total(f: boarding.Force, mar: dict, sol: "Soldiers | None" = None) -> int:
    return f.squares + mar.get(f.ship, 0) + (sol.n.get(f.ship, 0) if sol else 0)


class Soldiers:
    """Optional 57.4: the soldiers aboard (`designate --soldiers`) in their ship's boarding party.

    They go with her party unless the umpire keeps them back (`--opt attacker-soldiers=no`,
    `defender-soldiers=no`), and board only behind sailors or marines (57.4.1). In an OBP their
    squares count one quality level below the party's in its Total Melee Strength (57.4.2; poor
    stays poor). On a crew loss die of 4 the first loss of the Melee Phase is a soldier's (57.4.3);
    otherwise they fall after the sailors and marines. They give no marine re-roll (57.4.4)."""

    def __init__(self, state: dict, att: list, d, kind: str, opts: dict, mar: dict, q: dict, steps: list[Step]):
        self.state, self.q, self.n, self.obp, self.hit = state, q, {}, {}, set()
        self.check(opts)
        if RULE not in (state.get("optional") or []):
            return
        for f in att + [d]:
            who = "defender" if f is d else "attacker"
            left = sum((state["ships"][f.ship].get("te_soldiers") or {}).get("left") or [])
            if not left or f.prize:
                continue
            name = state["ships"][f.ship]["name"]
            if str(opts.get(f"{who}-soldiers") or "").lower() in ("0", "no", "false"):
                steps.append(Step(f"{name}'s soldiers", "kept back from the melee (the umpire's word)",
                                  "TE 2.6 57.4"))
                continue
            self.obp[f.ship] = who == "attacker" or kind == "obp"
            if self.obp[f.ship] and not (f.squares + mar.get(f.ship, 0)):
                steps.append(Step(f"{name}'s soldiers", "stay aboard: they board only behind marines or sailors",
                                  "TE 2.6 57.4.1"))
                continue
            self.n[f.ship] = left
            steps.append(Step(f"{name}'s soldiers with her {'OBP' if self.obp[f.ship] else 'DBP'}",
                              f"{left} square(s), {self.quality(f)}"
                              + (f" (one level below {f.quality} in an OBP)" if self.obp[f.ship] else ""),
                              "TE 2.6 57.4, 57.4.2"))
        self.start = dict(self.n)

    @staticmethod
    def check(opts: dict) -> None:
        for who in ("attacker", "defender"):
            value = str(opts.get(f"{who}-soldiers") or "").lower()
            if value not in ("", "0", "no", "false", "1", "yes", "true"):
                raise BadInput(f"melee --opt {who}-soldiers={value}: use no to keep the soldiers back, yes (the "
                               "default) to send them")

    def quality(self, f) -> str:
        order = ("PR", "GR", "AV", "CR", "EL")
        if not self.obp.get(f.ship):
            return f.quality
        return order[max(0, order.index(f.quality) - 1)]

    def tms(self, f, mar: dict) -> int:
        """Total Melee Strength (12.3.3): crew and marines at the party's quality, soldiers at theirs."""
        return (f.squares + mar.get(f.ship, 0)) * self.q[f.quality] + self.n.get(f.ship, 0) * self.q[self.quality(f)]

    def effects(self) -> list[dict]:
        out = []
        for sid, n in self.n.items():
            lost = self.start[sid] - n
            if not lost:
                continue
            troops = self.state["ships"][sid]["te_soldiers"]
            left = list(troops["left"])
            for _ in range(lost):
                i = next(i for i, c in enumerate(left) if c > 0)
                left[i] -= 1
            out.append(set_(["ships", sid, "te_soldiers"], {**troops, "left": left}))
        return out


def _hit(f: boarding.Force, n: int, roll: int, mar: dict, steps: list[Step], sol: Soldiers | None = None) -> None:
    """12.3.4.1: losses from the party's marines or lowest crew section: on a 6 one loss must be a
    marine, on a 5 a sailor, where there is one; the crew first otherwise, then the marines.
    57.4.3: a party's soldiers take the first loss of the Melee Phase on a 4; they go last otherwise."""
    first = sol is not None and n > 0 and f.ship not in sol.hit
    if sol is not None and n > 0:
        sol.hit.add(f.ship)
    if first and roll == 4 and sol.n.get(f.ship):
        sol.n[f.ship] -= 1
        n -= 1
        steps.append(Step("a 4: the first melee crew loss is a soldier's", f"{sol.n[f.ship]} soldier square(s) left",
                          "TE 2.6 57.4.3"))
    if n and roll == 6 and mar.get(f.ship):
        mar[f.ship] -= 1
        n -= 1
        steps.append(Step("a 6: one loss is a marine", f"{mar[f.ship]} marine square(s) left", "TE 2.6 12.3.4.1"))
    before = f.squares
    _take(f, n)
    rest = n - (before - f.squares)
    if rest and mar.get(f.ship):
        k = min(rest, mar[f.ship])
        mar[f.ship] -= k
        rest -= k
        steps.append(Step("no sailor left in the party", f"{k} marine square(s) lost", "TE 2.6 12.3.4.1"))
    if rest and sol is not None and sol.n.get(f.ship):
        k = min(rest, sol.n[f.ship])
        sol.n[f.ship] -= k
        steps.append(Step("no sailor or marine left in the party", f"{k} soldier square(s) lost", "TE 2.6 57.4"))


def _share(forces: list[boarding.Force], n: int, roll: int = 0, mar: dict | None = None,
           steps: list[Step] | None = None, sol: Soldiers | None = None) -> None:
    """Losses taken as evenly as possible between the attacking crews (12.3.4.2): a square at a time."""
    mar = mar if mar is not None else {}
    steps = steps if steps is not None else []
    first = True
    while n > 0 and any(_total(f, mar, sol) for f in forces):
        for f in forces:
            if n and _total(f, mar, sol):
                _hit(f, 1, roll if first else 0, mar, steps, sol)
                first = False
                n -= 1


def _morale(boarded, d, q, rules, opts, die, steps, mar, sol: Soldiers | None = None) -> dict[str, str]:
    tms_a = sum((sol.tms(a, mar) if sol else _total(a, mar) * q[a.quality]) for a in boarded)
    tms_d = sol.tms(d, mar) if sol else _total(d, mar) * q[d.quality]
    several = len(boarded) > 1

    def check(who: str, me, mine: int, theirs: int) -> bool:
        fail = False
        for attempt in ("", " (re-rolled: the party has marines)"):
            roll = die(f"morale {who}" if not attempt else "marines' re-roll of a failed morale check")
            total = roll
            if theirs >= 2 * mine:
                total += rules["outnumbered"]
            if _yes(opts, f"{who.split()[0]}-flagship"):
                total += rules["flagship"]
            fail = total > rules["quality"][me.quality]
            steps.append(Step(f"morale, {who}{attempt}: die {roll} -> {total} against {me.quality} "
                              f"{rules['quality'][me.quality]}", "fails" if fail else "holds", "TE 2.6 12.3.5"))
            if fail and not mar.get(me.ship) and sol is not None and sol.n.get(me.ship):
                steps.append(Step("soldiers in the party", "no re-roll: they do not confer the marines' benefit",
                                  "TE 2.6 57.4.4"))
            if not fail or not mar.get(me.ship):
                break
        return fail

    a_fail = {a.ship: check(f"attacker {i + 1}" if several else "attacker", a, tms_a, tms_d)
              for i, a in enumerate(boarded)}
    d_fail = check("defender", d, tms_d, tms_a)
    out = {}
    for a in boarded:
        if a_fail[a.ship]:
            out[a.ship] = "both fail" if d_fail else "repelled"
        else:
            out[a.ship] = "defender surrenders" if d_fail else "continues"
    return out


def _yes(opts: dict, key: str) -> bool:
    value = str(opts.get(key) or "").lower()
    if value not in ("", "0", "no", "false", "1", "yes", "true"):
        raise BadInput(f"melee --opt {key}={value}: use {key}=1")
    return value in ("1", "yes", "true")


def _result(state, att, defender, d, outcome: dict, used, steps, tables) -> Resolution:
    effects = [boarding.crew_effect(state, f) for f in att + [d]]
    effects += [set_(["ships", x, "meleed_turn"], state["turn"]) for x in [f.ship for f in att] + [defender]]
    going = [f for f in att if outcome.get(f.ship) == "continues"]
    for f in att:
        on = outcome.get(f.ship) == "continues"
        effects.append(set_(["ships", f.ship, "te_boarded"], defender if on else ""))
        # 10.1.2.2: the next turn's party grows by one section
        effects.append(set_(["ships", f.ship, "te_party"], {"with": defender, "sections": len(f.sections)} if on else {}))
    effects.append(set_(["ships", defender, "te_party"],
                        {"with": going[0].ship, "sections": len(d.sections)} if going else {}))
    winners = [f for f in att if outcome.get(f.ship) == "defender surrenders"]
    if len(att) == 1:
        overall = outcome[att[0].ship]
    else:
        overall = "defender surrenders" if winners else "continues" if going else "ended"
    data = {"attackers": [f.ship for f in att], "defender": defender, "rolls": used, "outcome": overall}
    if len(att) > 1:
        data["outcomes"] = dict(outcome)
    names = f"{', '.join(state['ships'][f.ship]['name'] for f in att)} v {state['ships'][defender]['name']}"
    if winners:
        effects.append(set_(["ships", defender, "te_prize_turn"], state["turn"]))      # 12.4.7
        sub = boarding.capture_by_obp(boarding.with_crews(state, att + [d]), winners, defender, tables, steps,
                                      effects, melee=True)
        sub.data.update(data)
        return sub
    return Resolution("melee", f"{names}: {overall}", effects, steps, data)


def locked(state: dict, a: str, b: str) -> tuple[str, str] | None:
    """The boarding ship and the boarded one, when `a` and `b` are locked in a melee (12.3.6)."""
    sa, sb = state["ships"][a], state["ships"][b]
    if sa.get("te_boarded") == b:
        return a, b
    if sb.get("te_boarded") == a:
        return b, a
    return None


def parted(state: dict, pair: tuple[str, str], die: int, res: Resolution, tables) -> None:
    """12.3.6 "In the event that ships become unfouled & ungrappled, the melee ends with the
    boarding OBP returning to its ship and the defender making a Crew Loss roll against it,
    without the column shift" (the parties as they last fought, 10.1.2.2's record)."""
    boarder, boarded = pair
    sa, sd = state["ships"][boarder], state["ships"][boarded]
    q = tables["melee"]["crew_strength"]
    table = tables["melee-crew-loss"]
    d_secs = [i for i, c in enumerate(sd["crew_left"]) if c > 0][:max(1, (sd.get("te_party") or {}).get("sections", 1))]
    a_secs = [i for i, c in enumerate(sa["crew_left"]) if c > 0][:max(1, (sa.get("te_party") or {}).get("sections", 1))]
    d = boarding.Force(boarded, d_secs, boarding.effective_quality(sd), list(sd["crew_left"]))
    a = boarding.Force(boarder, a_secs, boarding.effective_quality(sa), list(sa["crew_left"]))
    res.working.append(Step("the ships part", f"the melee ends; {sa['name']}'s OBP returns to her", "TE 2.6 12.3.6"))
    loss = _loss(table, die, d.squares * q[d.quality], 0, res.working,
                 f"{sd['name']} against the returning OBP of {sa['name']}")
    _take(a, loss)
    res.effects += [boarding.crew_effect(state, a), set_(["ships", boarder, "te_boarded"], ""),
                    set_(["ships", boarder, "te_party"], {}), set_(["ships", boarded, "te_party"], {})]
    res.data["rolls"] = list(res.data.get("rolls", [])) + [die]
    res.data["melee_ended"] = True
