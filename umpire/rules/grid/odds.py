"""Exact odds of a round of boarding for `umpire odds board` (Boarding L242-248)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb

from umpire.core.errors import BadInput
from umpire.rules.grid.combat import _chance, _count, _on_deck, boarder, defenders, fighters, first_move

#: the most partial outcomes the exact boarding odds keep at once: about ten figures a side, three
#: seconds; the count grows with the fourth power of the figures, so a larger boarding is refused
MAX_BOARD_STATES = 500_000


@dataclass(frozen=True)
class BoardOdds:
    """A round of boarding for `umpire odds`, worked out exactly without rolling every combination.

    Only the order of the scores matters (highest against highest, L245-246), so the dice are placed
    score by score from the highest down: at each score, how many of each group of dice (a side's crew
    and its marines, +3) show it, of those not yet placed. The state is the dice
    left in each group and the casualties so far, each carrying the rolls that reach it (the ways to
    choose which dice show each face); the casualties of a score follow from the ranks
    each side fills at it. A marine ranks before a crewman of the same score, as `scores` sorts them.
    The work grows with the number of figures, not with 6 to the power of the dice."""

    attacker: tuple          # ((crew dice, offset), (marine dice, offset))
    defender: tuple
    names: tuple             # (attacker's name, defender's name)
    on_deck: int             # figures on the defender's deck: all killed, she surrenders
    defender_id: str = ""

    def counts(self) -> dict[tuple[int, int], int]:
        """(attacker's casualties, defender's casualties) -> rolls giving them."""
        (nac, oac), (nam, oam) = self.attacker
        (ndc, odc), (ndm, odm) = self.defender
        na, nd = nac + nam, ndc + ndm
        k = min(na, nd)
        offs = (oam, oac, odm, odc)                            # marines before crew at a score
        states: dict[tuple, int] = {(nac, nam, ndc, ndm, 0, 0, 0, 0): 1}
        for v in range(max(offs) + 6, min(offs), -1):
            for g, o in enumerate(offs):                       # one group at a time: few ways each
                states = self._place(states, g, v - o)
                if len(states) > MAX_BOARD_STATES:
                    raise BadInput(f"odds board: {na} against {nd} figures is too many for exact odds here "
                                   f"(the count grows with the fourth power of the figures; at most about 10 a "
                                   "side); roll the boarding at the table or with `board`")
            done: dict[tuple, int] = {}
            for st, n in states.items():
                key = self._after(st, na, nd, k)
                placed_a, placed_d = na - key[0] - key[1], nd - key[2] - key[3]
                if (placed_a >= k or placed_d >= k) and any(key[:4]):
                    key, n = self._settled(key, n, placed_a, placed_d, k, [max(0, min(6, v - 1 - o)) for o in offs])
                done[key] = done.get(key, 0) + n
            states = done
        out: dict[tuple, int] = {}
        for st, n in states.items():
            out[st[4:6]] = out.get(st[4:6], 0) + n
        return out

    @staticmethod
    def _settled(st: tuple, n: int, placed_a: int, placed_d: int, k: int, faces: list[int]) -> tuple[tuple, int]:
        """One side has placed all its compared dice: every compared rank the other has still to place is
        below, a casualty; the dice left count every face still open to them (`faces`, by group)."""
        rac, ram, rdc, rdm, la, ld = st[:6]
        if placed_a >= k:
            ld += max(0, k - placed_d)
        else:
            la += max(0, k - placed_a)
        for r, f in zip((ram, rac, rdm, rdc), faces):
            n *= f ** r
        return (0, 0, 0, 0, la, ld, 0, 0), n

    @staticmethod
    def _place(states: dict, g: int, f: int) -> dict:
        """Group `g` (marines A, crew A, marines D, crew D) at face `f`: how many of its dice left show it,
        each with the ways of choosing them (at face 1 every die left shows it), added to the side's
        dice at this score (state[6] the attacker's, state[7] the defender's)."""
        if not 1 <= f <= 6:
            return states
        at, side = (1, 0, 3, 2)[g], 6 + g // 2
        out: dict[tuple, int] = {}
        for st, n in states.items():
            r = st[at]
            if r == 0:                                       # none of the group left to place
                out[st] = out.get(st, 0) + n
                continue
            for c in ((r,) if f == 1 else range(r + 1)):
                key = list(st)
                key[at] -= c
                key[side] += c
                key = tuple(key)
                out[key] = out.get(key, 0) + n * (1 if f == 1 else comb(r, c))
        return out

    @staticmethod
    def _after(st: tuple, na: int, nd: int, k: int) -> tuple:
        """The casualties of one score: each side's ranks filled here that the other filled higher."""
        rac, ram, rdc, rdm, la, ld, a, b = st
        ca, cd = na - rac - ram - a, nd - rdc - rdm - b   # ranks each side filled above this score
        hi_a = max(ca, min(ca + a, cd, k))                # A's ranks here beaten by D's higher dice
        hi_d = max(cd, min(cd + b, ca, k))
        return rac, ram, rdc, rdm, la + hi_a - ca, ld + hi_d - cd, 0, 0

    def exact(self, need) -> dict:
        counts = self.counts()
        total = need.faces ** need.count
        if sum(counts.values()) != total:
            raise ValueError("boarding odds: the placings do not cover every roll")
        rows = [{"result": f"{self.names[0]} loses {la}, {self.names[1]} loses {ld}",
                 "chance": str(Fraction(n, total)), "percent": round(100 * n / total, 2)}
                for (la, ld), n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))]
        expected = {name: str(sum((Fraction(key[i] * n, total) for key, n in counts.items()), Fraction(0)))
                    for i, name in enumerate(f"{x} casualties" for x in self.names)}
        return {"dice": need.describe(), "outcomes": total, "results": rows, "expected": expected,
                "method": "dice placed score by score, highest first, counted exactly"}

    def exact_events(self) -> dict:
        counts = self.counts()
        total = sum(counts.values())
        hit = sum(n for key, n in counts.items() if any(key))
        gone = sum(n for (_, ld), n in counts.items() if ld >= self.on_deck)
        out = {"any hit": _chance(Fraction(hit, total))}
        if gone:
            out[f"{self.defender_id} surrendered"] = _chance(Fraction(gone, total))
        return out


def board_odds(state: dict, attacker: str, defender: str, tables) -> BoardOdds:
    """The exact odds of this move's round of boarding (both sides' dice rolled)."""
    sid, boat = boarder(attacker)
    a, d = state["ships"][sid], state["ships"][defender]
    fa = fighters(a, False, boat)
    fd = defenders(d, first_move(d, attacker, state["turn"]), tables)
    crew = tables["crew"]

    def side(ship, figs):
        q = crew["fight_modifier"][ship["quality"]]
        marines = sum(1 for _, kind in figs if kind == "marine")
        return ((len(figs) - marines, q), (marines, q + crew["fight_bonus"]["marine"]))
    who = f"{a['name']}'s {boat}" if boat else a["name"]
    return BoardOdds(side(a, fa), side(d, fd), (who, d["name"]), _on_deck(d, tables), defender)
