"""Boarding parties, melee, capture, prize crews, prisoners and transfers (Basic VII, IX)."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from umpire.core.dice import DiceNeed
from umpire.core.errors import BadInput, Refused
from umpire.core.state import Resolution, Step, set_, has_state
from umpire.rules.wsim.gunnery import band_index
from umpire.rules.wsim.ship import effective_quality

PARTIES = ("obp", "dbp", "tbp", "nbp")


def _sections_text(sections: list[int]) -> str:
    return ",".join(str(s + 1) for s in sections)


def check_party(ship: dict, party: str, sections: list[int], target: dict | None) -> None:
    """Boarding parties take whole crew sections, lowest first, none skipped (VII.A)."""
    if party not in PARTIES:
        raise BadInput(f"party {party!r}: use obp, dbp, tbp or nbp")
    if ship.get("struck") and party != "nbp":
        raise Refused(f"{ship['name']} has struck: her crew cannot form boarding parties")
    if ship["state"] == "surrendered" and party != "nbp":
        raise Refused(f"{ship['name']} has surrendered: she may not melee, so she forms no boarding party "
                      "(Basic IX.D.4)")
    if party in ("obp", "dbp") and target is not None and target["id"] not in ship["fouled"] + ship["grappled"]:
        raise Refused(f"{ship['name']} is neither fouled nor grappled with {target['name']}")
    if party == "nbp":
        if sections:
            raise BadInput("NBP takes no crew sections (it means no boarding party)")
        return
    if ship["prize"]["squares"] and party in ("obp", "dbp"):
        if sections:
            raise BadInput(f"{ship['name']} is worked by a prize crew: her {party.upper()} is the prize crew; "
                           "give no --sections (her own crew are prisoners)")
        return
    if not sections:
        raise BadInput(f"{party.upper()} needs crew sections, e.g. --sections 1,2")
    for s in sections:
        if not 0 <= s < len(ship["crew_left"]):
            raise BadInput(f"crew section {s + 1}: {ship['name']} has sections 1 to {len(ship['crew_left'])}")
        if s in ship["parties"]:
            raise Refused(f"crew section {s + 1} of {ship['name']} is already in a boarding party")
        if ship["crew_left"][s] == 0:
            raise Refused(f"crew section {s + 1} of {ship['name']} has no crew left")
    chosen = sorted(set(ship["parties"]) | set(sections))
    manned = [i for i, c in enumerate(ship["crew_left"]) if c > 0]
    if chosen != manned[: len(chosen)]:
        raise Refused(f"boarding parties must use the lowest manned crew sections first, in order: "
                      f"{ship['name']} would have to choose {_sections_text(manned[:len(chosen)])}")


def form_party(state: dict, ship_id: str, party: str, sections: list[int], target_id: str = "") -> Resolution:
    ship = state["ships"][ship_id]
    if target_id == ship_id:
        raise BadInput(f"{ship['name']} cannot board herself")
    target = state["ships"][target_id] if target_id else None
    sections = sorted(sections)
    check_party(ship, party, sections, target)
    prize = bool(ship["prize"]["squares"]) and party in ("obp", "dbp")
    boarding = list(ship.get("boarding", []))
    boarding.append({"party": party, "sections": sections, "at": target_id, "prize": prize})
    effects = [set_(["ships", ship_id, "boarding"], boarding),
               set_(["ships", ship_id, "parties"], sorted(set(ship["parties"]) | set(sections)))]
    squares = ship["prize"]["squares"] if prize else sum(ship["crew_left"][s] for s in sections)
    what = party.upper() + (f" of the prize crew ({squares} squares)" if prize else
                            f" of sections {_sections_text(sections)} ({squares} squares)" if sections else "")
    summary = f"{ship['name']}: {what}" + (f" at {target['name']}" if target else "")
    steps = [Step("boarding party", what, "Basic VII.A-B")]
    if prize or sections and len(ship["parties"]) + len(sections) >= sum(1 for c in ship["crew_left"] if c > 0):
        effects.append(set_(["ships", ship_id, "all_aboard_turn"], state["turn"]))
        steps.append(Step("all crew sections in boarding parties", "she may not fire this turn nor move next turn",
                          "Basic VII.B.5"))
    return Resolution("board", summary, effects, steps, {"ship": ship_id, "party": party,
                                                         "sections": [s + 1 for s in sections], "squares": squares})


@dataclass(slots=True)
class Force:
    """A boarding party in melee: which ship, which sections, and its quality."""

    ship: str
    sections: list[int]
    quality: str
    crew: list[int]
    prize: bool = False       # the party is a captured ship's prize crew (crew = [its squares])
    reserve: list[int] = field(default_factory=list)   # squares transferred in this turn: aboard, not fighting

    def aboard(self) -> list[int]:
        """Crew squares aboard after the melee: those that fought, plus those held back."""
        return [c + r for c, r in zip(self.crew, self.reserve)] if self.reserve else list(self.crew)

    @property
    def squares(self) -> int:
        return sum(self.crew[s] for s in self.sections)


def _parties(ship: dict, party: str, at: str | None = None) -> list[int] | None:
    """Sections in the ship's parties of this kind; None when the prize crew is the party."""
    out: list[int] = []
    for b in ship.get("boarding", []):
        if b["party"] == party and (at is None or b["at"] in ("", at)):
            if b.get("prize"):
                return None
            out += b["sections"]
    return out


def party_force(ship: dict, party: str, at: str | None) -> Force | None:
    """A ship's boarding party of one kind as a melee force, or None if she has none."""
    if ship.get("struck"):      # a struck ship's crew may not take part in melee (VIII.D.1.b)
        return None
    secs = _parties(ship, party, at)
    if secs is None:
        fresh = ship.get("fresh_prize", 0)   # transferred this turn: not in the melee (VII.B.7)
        return Force(ship["id"], [0], ship["prize"]["quality"], [ship["prize"]["squares"] - fresh], prize=True,
                     reserve=[fresh] if fresh else [])
    if not secs:
        return None
    fresh = ship.get("fresh") or []
    if not fresh:
        return Force(ship["id"], secs, effective_quality(ship), list(ship["crew_left"]))
    return Force(ship["id"], secs, effective_quality(ship), [c - f for c, f in zip(ship["crew_left"], fresh)],
                 reserve=list(fresh))


def tms(forces: list[Force], tables) -> int:
    strength = tables["melee"]["crew_strength"]
    return sum(f.squares * strength[f.quality] for f in forces)


def melee_plan(state: dict, attackers: list[str], defender: str) -> tuple[list[Force], list[Force], str]:
    """Who fights: the attackers' OBPs against the defender's OBP, else DBP (IX.B)."""
    d = state["ships"][defender]
    if len(set(attackers)) != len(attackers) or defender in attackers:
        raise BadInput("each ship may be named once, and the boarded ship is not one of the boarders")
    att: list[Force] = []
    for a in attackers:
        ship = state["ships"][a]
        if ship["controller"] == d["controller"]:
            raise Refused(f"{d['name']} is friendly to {ship['name']}: boarding parties melee only with enemies")
        if defender not in ship["fouled"] + ship["grappled"]:
            raise Refused(f"{ship['name']} is neither fouled nor grappled with {d['name']}")
        if ship.get("meleed_turn") == state["turn"]:
            raise Refused(f"{ship['name']} has already fought a melee this turn (melee is fought once per turn)")
        force = party_force(ship, "obp", defender)
        if force is None:
            raise Refused(f"{ship['name']} has no OBP ordered against {d['name']} (use `umpire board`)")
        att.append(force)
    if d.get("meleed_turn") == state["turn"]:
        raise Refused(f"{d['name']} has already fought a melee this turn (melee is fought once per turn)")
    d_obp = party_force(d, "obp", attackers[0])
    d_dbp = party_force(d, "dbp", None)
    kind = "obp" if d_obp else "dbp" if d_dbp else "none"
    dfn = [f for f in (d_obp or d_dbp,) if f]
    return att, dfn, kind


class MeleeNeed(DiceNeed):
    """Two dice a round, attacker's first, for every round that may be fought; `chain`
    fights the rounds one at a time from the crews left, which is all exact odds need
    (not compared or shown: the dice are the need)."""

    __slots__ = ("chain",)
    _fields = DiceNeed._fields
    chain: Melee | None

    def __init__(self, count: int, faces: int = 6, labels: tuple[str, ...] = (), chain: Melee | None = None) -> None:
        super().__init__(count, faces, labels)
        self._set(chain=chain)


def melee_needs(state: dict, attackers: list[str], defender: str, tables) -> DiceNeed:
    att, dfn, kind = melee_plan(state, attackers, defender)
    if kind == "none":
        return DiceNeed(0)
    melee = melee_of(att, dfn, tables)
    two_stage = kind == "obp" and party_force(state["ships"][defender], "dbp", None) is not None
    return MeleeNeed(2 * melee.stages, 6, tuple(f"round {r} {w}" for r in range(1, melee.stages + 1)
                                                for w in ("attacker", "defender")), None if two_stage else melee)


Crews = tuple[tuple[int, ...], ...]   # crew squares left in each force's ship (or prize crew), attackers first


@dataclass(frozen=True, slots=True)
class MeleeRound:
    """One melee round: TMS before, losses marked, TMS after and the decision (IX.C.2-3)."""

    crews: Crews
    tms: tuple[int, int]
    lost: tuple[int, int]
    after: tuple[int, int]
    outcome: str


@dataclass(frozen=True, slots=True)
class Melee:
    """A melee as rounds: who fights is fixed, and the crews left are all a round needs (IX.C).

    `round(crews, attacker's die, defender's die)` fights one round. As a chain of
    stages for exact odds: from `start`, `step` up to `stages` rounds of `dice`
    dice, until the outcome is no longer `going`.
    """

    sections: tuple[tuple[int, ...], ...]
    strength: tuple[int, ...]       # melee factors per crew square of each force
    attackers: int                  # the first this many forces are the attackers
    start: Crews
    stages: int
    ratio: int
    table: dict = field(compare=False, repr=False)   # the melee resolution table
    dice: int = 2
    going: str = "continues"

    def tms(self, crews: Crews) -> tuple[int, int]:
        """Total melee strength of the attackers and of the defenders (IX.C.1)."""
        each = [sum(c[s] for s in secs) * k for c, secs, k in zip(crews, self.sections, self.strength)]
        return sum(each[:self.attackers]), sum(each[self.attackers:])

    def round(self, crews: Crews, ra: int, rd: int) -> MeleeRound:
        """Both sides roll at once; each die against its own side's TMS gives the enemy's losses (IX.C.2)."""
        ta, td = self.tms(crews)
        left = [list(c) for c in crews]
        n = self.attackers
        la = _take(left[:n], self.sections[:n], _losses(self.table, rd, td))
        ld = _take(left[n:], self.sections[n:], _losses(self.table, ra, ta))
        crews = tuple(tuple(c) for c in left)
        after = self.tms(crews)
        return MeleeRound(crews, (ta, td), (la, ld), after, _decision(*after, self.ratio))

    def step(self, crews: Crews, rolls: tuple[int, ...]) -> tuple[Crews, str]:
        """One round from the crews left: the crews after it and the outcome so far."""
        r = self.round(crews, *rolls)
        return r.crews, r.outcome


def melee_of(att: list[Force], dfn: list[Force], tables) -> Melee:
    """The melee these forces fight, with their crews as they stand now."""
    strength = tables["melee"]["crew_strength"]
    rules = tables["procedures"]["melee"]
    forces = att + dfn
    return Melee(tuple(tuple(f.sections) for f in forces), tuple(strength[f.quality] for f in forces), len(att),
                 tuple(tuple(f.crew) for f in forces), rules["rounds"], rules["decisive_ratio"],
                 tables["melee"]["resolution"])


def _decision(ta: int, td: int, ratio: int) -> str:
    """Three to one in TMS, or no enemy left, decides the melee (IX.C.3)."""
    if ta >= ratio * td or td == 0:
        return "attackers win"
    if td >= ratio * ta or ta == 0:
        return "defenders win"
    return "continues"


def _losses(table: dict, die: int, strength: int) -> int:
    """Squares the enemy loses to one die rolled against the roller's TMS (melee resolution table)."""
    if strength <= 0:
        return 0
    return table["losses"][band_index(table["die_bands"], die)][band_index(table["tms_bands"], strength)]


def _take(crews: list[list[int]], sections: tuple[tuple[int, ...], ...], n: int) -> int:
    """Mark `n` losses on the lowest crew section of the party (IX.C.2, 7)."""
    done = 0
    for crew, secs in zip(crews, sections):
        for s in secs:
            k = min(crew[s], n - done)
            if k > 0:
                crew[s] -= k
                done += k
    return done


def resolve_melee(state: dict, attackers: list[str], defender: str, rolls: tuple[int, ...],
                  tables, strict: bool = True) -> Resolution:
    """Melee rounds until three are fought or one side reaches three to one (IX.C).

    `rolls` holds two dice per round, attacker's first. Typed dice (`strict`) must
    match the rounds fought; the tool's own dice are rolled for three rounds and
    only those used are kept.
    """
    att, dfn, kind = melee_plan(state, attackers, defender)
    d = state["ships"][defender]
    names = " and ".join(state["ships"][a]["name"] for a in attackers)
    src = tables.source("melee")
    if kind == "none":
        return capture_by_obp(state, att, defender, tables,
                              [Step("defender has no OBP or DBP", "the OBP takes her without melee",
                                    "Basic IX.B.4, IX.B.7")], [])
    steps: list[Step] = []
    used: list[int] = []
    outcome = "continues"
    melee = melee_of(att, dfn, tables)
    crews = melee.start
    dbp = party_force(d, "dbp", None) if kind == "obp" else None
    for rnd in range(1, melee.stages + 1):
        if len(rolls) < 2 * rnd:
            raise BadInput(f"melee reached round {rnd}: give two dice per round (attacker, defender), "
                           f"{2 * rnd} so far, got {len(rolls)}")
        ra, rd = rolls[2 * rnd - 2], rolls[2 * rnd - 1]
        used += [ra, rd]
        r = melee.round(crews, ra, rd)
        crews, outcome = r.crews, r.outcome
        steps.append(Step(f"round {rnd}: TMS {r.tms[0]} v {r.tms[1]}, dice {ra} v {rd}",
                          f"attackers lose {r.lost[0]}, defenders lose {r.lost[1]}", src))
        if outcome != "continues":
            steps.append(Step(f"after round {rnd}: TMS {r.after[0]} v {r.after[1]}", outcome + " (three to one)",
                              "Basic IX.C.3"))
            if outcome == "attackers win" and dbp is not None:
                dfn, crews, melee = _on_to_dbp(att, dfn, dbp, crews, melee, rnd, tables, steps)
                dbp, outcome = None, "continues"
                continue
            break
    for f, crew in zip(att + dfn, crews):
        f.crew = list(crew)
    if strict and len(rolls) > len(used):
        raise BadInput(f"melee ended after {len(used) // 2} round(s): give exactly {len(used)} dice, got {len(rolls)}")
    effects = [crew_effect(state, f) for f in att + dfn]
    effects += [set_(["ships", x, "meleed_turn"], state["turn"]) for x in attackers + [defender]]
    data = {"attackers": attackers, "defender": defender, "rolls": used, "outcome": outcome,
            "tms": {"attackers": tms(att, tables), "defender": tms(dfn, tables)}}
    if outcome == "continues":
        steps.append(Step("three rounds fought", "no decision: the melee goes on next turn", "Basic IX.C.4"))
        for a in attackers:
            effects.append(set_(["ships", a, "melee_with"], defender))
        effects.append(set_(["ships", defender, "melee_with"], attackers[0]))
        return Resolution("melee", f"{names} v {d['name']}: melee goes on", effects, steps, data)
    if outcome == "attackers win":
        sub = capture_by_obp(with_crews(state, att + dfn), att, defender, tables, steps, effects, melee=True)
        sub.data.update(data)
        return sub
    loser = attackers[0]
    if kind == "obp":   # the victorious OBP stands on the deck the beaten boarders came from (IX.C.3)
        sub = capture_by_obp(with_crews(state, att + dfn), dfn, loser, tables, steps, effects, melee=True)
        sub.data.update(data)
        return sub
    effects.append(set_(["ships", loser, "state"], "surrendered"))
    effects.append(set_(["ships", loser, "surrendered_by"], "melee"))
    steps.append(Step("defeated boarding party", f"prisoners; {state['ships'][loser]['name']} surrenders; the DBP "
                      "may board her (`umpire capture`)", "Basic IX.C.3, IX.C.6"))
    return Resolution("melee", f"{names} v {d['name']}: defenders win", effects, steps, data)


def _on_to_dbp(att: list[Force], dfn: list[Force], dbp: Force, crews: Crews, melee: Melee, rnd: int, tables,
               steps: list[Step]) -> tuple[list[Force], Crews, Melee]:
    """The boarders beat the defender's OBP; her DBP is still to be fought (IX.B.6). The beaten
    OBP's squares are prisoners (struck off her log); the remaining rounds go on against the DBP."""
    obp = dfn[0]
    crew = list(crews[len(att)])
    for s in obp.sections:
        crew[s] = 0
    dbp = Force(dbp.ship, dbp.sections, dbp.quality, crew, dbp.prize, dbp.reserve)
    for f, c in zip(att, crews):
        f.crew = list(c)
    nxt = melee_of(att, [dbp], tables)
    left = melee.stages - rnd
    steps.append(Step("the defender's OBP is beaten", f"its squares are prisoners; the boarders fight her DBP "
                      f"({dbp.squares} squares) " + (f"in the {left} round(s) left" if left else "next turn"),
                      "Basic IX.B.6"))
    return [dbp], nxt.start, nxt


def crew_effect(state: dict, f: Force) -> dict:
    if f.prize:
        return set_(["ships", f.ship, "prize"], {**state["ships"][f.ship]["prize"], "squares": f.aboard()[0]})
    return set_(["ships", f.ship, "crew_left"], f.aboard())


def with_crews(state: dict, forces: list[Force]) -> dict:
    st = copy.deepcopy(state)
    for f in forces:
        if f.prize:
            st["ships"][f.ship]["prize"]["squares"] = f.aboard()[0]
        else:
            st["ships"][f.ship]["crew_left"] = f.aboard()
    return st


def capture_by_obp(state: dict, att: list[Force], defender: str, tables, steps: list[Step],
                   effects: list[dict], melee: bool = False) -> Resolution:
    """The victorious party goes aboard as prize crew; the rest aboard become prisoners (IX.D)."""
    lead = att[0]
    squares = sum(f.squares for f in att)
    quality = lead.quality
    effects = list(effects)
    t = state["ships"][defender]
    if t["prize"]["squares"] and state["ships"][lead.ship]["controller"] == t["side"]:
        return retake(state, defender, lead.ship, steps, effects)
    for f in att:
        crew = list(f.crew)
        for s in f.sections:
            crew[s] = 0
        effects.append(crew_effect(state, Force(f.ship, f.sections, f.quality, crew, f.prize, f.reserve)))
    return place_prize(state, defender, lead.ship, squares, quality, steps, effects,
                       "melee" if melee else "boarding", tables)


def retake(state: dict, ship_id: str, by: str, steps: list[Step], effects: list[dict]) -> Resolution:
    """Her own side's boarders beat the prize crew: the prize crew are prisoners and the ship
    is her owner's again (IX.C.3, IX.D.8). The boarders stay on their own ship's log."""
    t = state["ships"][ship_id]
    effects = list(effects) + return_to_owner(t)
    steps = list(steps) + [Step("prize crew defeated", f"{t['prize']['squares']} prize crew squares become "
                                f"prisoners; {t['name']} returns to her own side", "Basic IX.D.8")]
    return Resolution("capture", f"{t['name']} retaken by {state['ships'][by]['name']}", effects, steps,
                      {"ship": ship_id, "captor": by, "retaken": True, "captured": False})


def return_to_owner(t: dict) -> list[dict]:
    """The effects of a prize crew leaving or being eliminated (IX.D.8)."""
    sid = t["id"]
    return [set_(["ships", sid, "prize"], {"squares": 0, "quality": "", "from": ""}),
            set_(["ships", sid, "controller"], t["side"]),
            set_(["ships", sid, "state"], "struck" if t.get("struck") else "active"),
            set_(["ships", sid, "surrendered_by"], ""),
            set_(["ships", sid, "melee_with"], "")]


def prize_lost(ship: dict) -> tuple[list[dict], list[Step]]:
    """A ship whose prize crew is gone (all killed, or all taken off) returns to her owner (IX.D.8)."""
    if ship["prize"]["squares"] or not ship["prize"].get("from") or ship["controller"] == ship["side"]:
        return [], []
    return return_to_owner(ship), [Step(f"{ship['name']}: no prize crew left",
                                        "she returns to the control of her own side", "Basic IX.D.8")]


def place_prize(state: dict, target_id: str, captor_id: str, squares: int, quality: str, steps: list[Step],
                effects: list[dict], how: str, tables) -> Resolution:
    t = state["ships"][target_id]
    captor = state["ships"][captor_id]
    prisoners = sum(t["crew_left"])
    steps = list(steps)
    data = {"ship": target_id, "captor": captor_id, "prize_crew": squares, "prisoners": prisoners}
    if squares * tables["procedures"]["prize"]["prisoners_per_prize_square"] < prisoners:
        steps.append(Step(f"prize crew {squares} v prisoners {prisoners}",
                          "fewer than one per six: the prisoners rise and hold the ship", "Basic IX.D.9"))
        data["captured"] = False
        return Resolution("capture", f"{t['name']}: prize crew from {captor['name']} overpowered", effects, steps, data)
    effects += [set_(["ships", target_id, "prize"], {"squares": squares, "quality": quality, "from": captor_id}),
                set_(["ships", target_id, "controller"], captor["controller"]),
                set_(["ships", target_id, "state"], "struck" if t.get("struck") else "captured"),
                set_(["ships", target_id, "surrendered_by"], t.get("surrendered_by") or how),
                set_(["ships", target_id, "melee_with"], "")]
    steps.append(Step("captured", f"prize crew of {squares} ({quality}) from {captor['name']}; "
                      f"{prisoners} prisoner squares", "Basic IX.D.2-3, IX.D.10"))
    data["captured"] = True
    return Resolution("capture", f"{t['name']} captured by {captor['name']}", effects, steps, data)


def capture(state: dict, target_id: str, captor_id: str, sections: list[int], tables) -> Resolution:
    """Put a prize crew aboard a ship that surrendered by striking, firepower or immobility (IX.D.3)."""
    t, c = state["ships"][target_id], state["ships"][captor_id]
    if target_id == captor_id:
        raise BadInput(f"{t['name']} cannot capture herself")
    if not sections:
        raise BadInput("send at least one crew section as prize crew, e.g. --sections 3")
    if c.get("struck") or c["state"] == "surrendered":
        raise Refused(f"{c['name']} {has_state(c['state'])}: she cannot send a prize crew")
    if t["state"] not in ("surrendered", "struck") or t["prize"]["squares"]:
        raise Refused(f"{t['name']} has not surrendered (state {t['state']}); take her by melee")
    if t["controller"] == c["controller"] and not t["prize"]["squares"]:
        raise Refused(f"{t['name']} is already on {c['name']}'s side")
    for s in sections:
        if not 0 <= s < len(c["crew_left"]) or c["crew_left"][s] == 0:
            raise Refused(f"crew section {s + 1} of {c['name']} has no crew to send")
    squares = sum(c["crew_left"][s] for s in sections)
    crew = list(c["crew_left"])
    for s in sections:
        crew[s] = 0
    effects = [set_(["ships", captor_id, "crew_left"], crew)]
    steps = [Step("prize crew", f"sections {_sections_text(sections)} of {c['name']}: {squares} squares",
                  "Basic IX.D.3")]
    return place_prize(state, target_id, captor_id, squares, effective_quality(c), steps, effects,
                       t["surrendered_by"], tables)


def transfer(state: dict, src_id: str, dst_id: str, sections: list[int]) -> Resolution:
    """Move crew sections to a friendly ship, refilling her losses latest first (IX.A)."""
    s, d = state["ships"][src_id], state["ships"][dst_id]
    if src_id == dst_id:
        raise BadInput(f"{s['name']} cannot transfer crew to herself")
    if not sections:
        raise BadInput("name the crew sections to transfer, e.g. --sections 3")
    if s.get("struck") or s["state"] == "surrendered":
        raise Refused(f"{s['name']} {has_state(s['state'])}: none of her crew may leave her (Basic VIII.D.1.b)")
    if s["controller"] != d["controller"]:
        raise Refused(f"{d['name']} is not friendly to {s['name']}; transfers go to friendly ships")
    if d["state"] in ("surrendered", "struck"):
        raise Refused(f"{d['name']} {has_state(d['state'])}: crews may not transfer to her")
    for x in sections:
        if not 0 <= x < len(s["crew_left"]) or s["crew_left"][x] == 0:
            raise Refused(f"crew section {x + 1} of {s['name']} has no crew to transfer")
    moving = sum(s["crew_left"][x] for x in sections)
    src_crew = [0 if i in sections else c for i, c in enumerate(s["crew_left"])]
    if d["prize"]["squares"]:   # to a prize: they join the prize crew, not the prisoners
        prize = {**d["prize"], "squares": d["prize"]["squares"] + moving}
        return Resolution("transfer", f"{moving} crew squares from {s['name']} join {d['name']}'s prize crew",
                          [set_(["ships", src_id, "crew_left"], src_crew), set_(["ships", dst_id, "prize"], prize),
                           set_(["ships", dst_id, "fresh_prize"], d.get("fresh_prize", 0) + moving)],
                          [Step("transfer to a prize", f"prize crew now {prize['squares']}", "Basic IX.A, IX.D")],
                          {"from": src_id, "to": dst_id, "squares": moving, "erased": 0})
    dst_crew = list(d["crew_left"])
    left = moving
    for i in reversed(range(len(dst_crew))):
        room = d["crew_max"][i] - dst_crew[i]
        take = min(room, left)
        dst_crew[i] += take
        left -= take
    fresh = [f + (a - b) for f, a, b in zip(d.get("fresh") or [0] * len(dst_crew), dst_crew, d["crew_left"])]
    effects = [set_(["ships", src_id, "crew_left"], src_crew), set_(["ships", dst_id, "crew_left"], dst_crew),
               set_(["ships", dst_id, "passengers"], d["passengers"] + left),
               set_(["ships", dst_id, "fresh"], fresh)]
    steps = [Step("transfer", f"{moving} squares from {s['name']} to {d['name']}", "Basic IX.A"),
             Step("casualties erased", f"{moving - left}, latest first; sections now {dst_crew}", "Basic IX.A.3")]
    if left:
        steps.append(Step("not placed in the log", f"{left} squares carried separately", "Basic IX.A.2"))
    steps.append(Step("transferred crew", "may not melee or serve otherwise until next turn", "Basic VII.B.7"))
    return Resolution("transfer", f"{moving} crew squares from {s['name']} to {d['name']}", effects, steps,
                      {"from": src_id, "to": dst_id, "squares": moving, "erased": moving - left})


def prisoner_check(ship: dict, tables) -> tuple[list[dict], list[Step]]:
    """Prisoners retake a ship whose prize crew falls below one per six (IX.D.9)."""
    prize = ship["prize"]
    prisoners = sum(ship["crew_left"])
    if not prize["squares"]:
        return prize_lost(ship)
    if prize["squares"] * tables["procedures"]["prize"]["prisoners_per_prize_square"] >= prisoners:
        return [], []
    sid = ship["id"]
    effects = [set_(["ships", sid, "prize"], {"squares": 0, "quality": "", "from": ""}),
               set_(["ships", sid, "controller"], ship["side"]),
               set_(["ships", sid, "state"], "struck" if ship.get("struck") else "active"),
               set_(["ships", sid, "passengers"], ship["passengers"] + prize["squares"])]
    steps = [Step(f"prize crew {prize['squares']} v prisoners {prisoners}",
                  "the prisoners take the ship back; the prize crew are now prisoners", "Basic IX.D.9")]
    return effects, steps
