"""Exact odds of a dice-taking action, worked out without rolling every combination where possible.

A plan (the dice an action needs and how to resolve them) is turned into the
chance of each result, as exact fractions of `faces ** count` equally likely
rolls. Three ways, chosen from what the plan offers:

* `chained`: the dice are rolled in stages (melee rounds) and each stage needs
  only a small state left by the one before; equal states are merged after
  every stage, so the work is (states) x (rolls of one stage) per stage;
* `convolved`: many independent dice whose scores add (DGUTS fire);
* `enumerated`: resolve the plan for every roll (few dice, nothing else known).

Nothing here knows a ruleset: the plan supplies everything.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction
from typing import Hashable, Protocol

from umpire.core.errors import BadInput

MAX_OUTCOMES = 6 ** 6


class Chain(Protocol):
    """Dice rolled in stages, each stage resolved from the state the last one left.

    `step(state, rolls)` takes the `dice` rolls of one stage and returns the new
    state and the result so far; a result other than `going` ends the chain, as
    does the last of `stages`. A chain's results mark no tracks, so its odds have
    no expected hits.
    """

    stages: int
    dice: int
    going: str

    @property
    def start(self) -> Hashable: ...

    def step(self, state: Hashable, rolls: tuple[int, ...]) -> tuple[Hashable, str]: ...

    # optional: `tables(chances)`, each result's exact chance -> more tables for the odds
    # (`[{"title", "rows": [{"result", "chance", "percent"}], "expected": {...}}]`), and
    # `events(chances)` -> the headline chances (`{"any hit": {"chance", "percent"}}`)


def distribution(plan) -> dict:
    """The exact chance of each result of the plan, and the expected hits on each track."""
    chain = plan_chain(plan)
    if chain is not None and hasattr(chain, "exact"):     # a process that counts its own results exactly
        return chain.exact(plan.need)
    if chain is not None:
        return chained(plan.need, chain)
    if plan.per_die:
        return convolved(plan)
    return enumerated(plan)


def events(plan) -> dict:
    """The chance of what an umpire asks about most, beside the table of results: `any hit`
    (something marked or scored) and, for each ship a roll can put out of action,
    `<id> strikes` (and `<id> <state>` for each state it can reach). A chain (melee) reports
    none, its results already saying who wins, unless it has `events` of its own. Each equally
    likely roll is resolved once more."""
    chain = plan_chain(plan)
    if chain is not None and hasattr(chain, "exact"):
        return chain.exact_events() if hasattr(chain, "exact_events") else {}
    if chain is not None:       # a chain may say what its results mean (grid fire: any hit)
        more = getattr(chain, "events", None)
        if more is None:
            return {}
        return more({r["result"]: Fraction(r["chance"]) for r in chained(plan.need, chain)["results"]})
    need = plan.need
    total = need.faces ** need.count
    if plan.per_die:
        faces = range(1, need.faces + 1)
        scores = {r: plan.resolve((r,) * need.count, False).data[plan.per_die] for r in faces}
        # a roll does no damage only when every die scores nothing, high and low
        misses = math.prod(sum(1 for r in faces if not any(Fraction(str(scores[r][i][k])) for k in ("high", "low")))
                           for i in range(need.count))
        return _chances(Counter({"any hit": total - misses}), total)
    if total > MAX_OUTCOMES:
        return {}
    counts: Counter = Counter()
    for rolls in need.outcomes():
        res = plan.resolve(rolls, False)
        counts.update(_events(res, res.data.get("marked") or res.data.get("hits") or {}))
    return _chances(counts, total)


#: Where a ruleset keeps a ship's state, as effect paths after ["ships", id].
STATE_PATHS = (("state",), ("track", "status"))


def _events(res, marked: dict) -> set[str]:
    """What one roll did: anything hit, and which ships changed state (struck, surrendered, ...)."""
    out = {"any hit"} if any(n for n in marked.values()) else set()
    for e in res.effects:
        path = tuple(e.get("path", ()))
        if len(path) > 2 and path[0] == "ships" and path[2:] in STATE_PATHS and e.get("value") != "active":
            out |= {f"{path[1]} {e.get('value')}", f"{path[1]} strikes"}   # each state, and any of them
    return out


def _chances(counts: Counter, total: int) -> dict:
    return {k: {"chance": str(Fraction(v, total)), "percent": round(100 * v / total, 2)}
            for k, v in sorted(counts.items())}


def plan_chain(plan) -> Chain | None:
    """The plan's chain of stages, if it has one."""
    return plan.chain


def enumerated(plan) -> dict:
    """Resolve the plan for every equally likely roll; tally results exactly."""
    need = plan.need
    total = need.faces ** need.count
    if total > MAX_OUTCOMES:
        raise BadInput(f"{need.describe()}: too many dice for an exact table ({total} outcomes)")
    results: Counter = Counter()
    sums: Counter = Counter()
    for rolls in need.outcomes():
        res = plan.resolve(rolls, False)
        results[res.data.get("result") or res.data.get("outcome") or res.summary] += 1
        for track, n in (res.data.get("marked") or res.data.get("hits") or {}).items():
            sums[track] += n
    return _table(need, results, total) | {"expected": {k: str(Fraction(str(v)) / total) for k, v in sums.items()}}


def chained(need, chain: Chain) -> dict:
    """Exact odds of a chain of stages: a Markov process over the chain's states.

    Each live state carries how many roll sequences reach it. A sequence that ends
    early leaves the later dice unused, so it stands for every value they could show.
    Each result also keeps the first roll (in `need.outcomes()` order) giving it, so
    equally likely results are listed in the same order as by enumeration.
    """
    if chain.stages * chain.dice != need.count:
        raise ValueError(f"chain of {chain.stages} stages of {chain.dice} dice for {need.describe()}")
    rolls = list(itertools.product(range(1, need.faces + 1), repeat=chain.dice))
    width = len(rolls)
    live: dict[Hashable, tuple[int, int]] = {chain.start: (1, 0)}   # state -> (sequences, first sequence's rank)
    ended: Counter = Counter()
    first: dict[str, int] = {}
    for stage in range(1, chain.stages + 1):
        unused = need.faces ** (need.count - stage * chain.dice)
        last = stage == chain.stages
        after: dict[Hashable, tuple[int, int]] = {}
        for state, (n, rank) in live.items():
            for i, roll in enumerate(rolls):
                new, result = chain.step(state, roll)
                at = rank * width + i
                if result == chain.going and not last:
                    had = after.get(new)
                    after[new] = (n, at) if had is None else (had[0] + n, min(had[1], at))
                else:
                    ended[result] += n * unused
                    at *= unused        # the first full roll down this path: any later dice show 1
                    first[result] = min(first.get(result, at), at)
        live = after
    order = sorted(ended, key=lambda k: (-ended[k], first[k]))
    out = _table(need, {k: ended[k] for k in order}, need.faces ** need.count) | {
        "expected": {}, "method": "rounds chained, equal states merged"}
    more = getattr(chain, "tables", None)      # a chain may add tables of its own, from each result's chance
    if more is not None:
        out["tables"] = more({k: Fraction(ended[k], need.faces ** need.count) for k in order})
    return out


def convolved(plan) -> dict:
    """Exact odds for many independent dice whose scores add (DGUTS fire): each die's score
    for each face comes from resolving with every die on that face, then the dice are combined
    one by one. Gives each total's chance for high and for low damage, and the expected damage.

    High and low are combined separately (the chance of each total of one does not depend on
    the other), with scores scaled to whole numbers and chances kept as counts of rolls.
    """
    need = plan.need
    faces = range(1, need.faces + 1)
    scores = {r: plan.resolve((r,) * need.count, False).data[plan.per_die] for r in faces}
    total = need.faces ** need.count
    rows: list[dict] = []
    expected: dict[str, str] = {}
    for name in ("high", "low"):
        dice = [[Fraction(str(scores[r][i][name])) for r in faces] for i in range(need.count)]
        scale = math.lcm(*(v.denominator for die in dice for v in die))
        counts = _sum_of_dice([Counter(int(v * scale) for v in die) for die in dice])
        for k in sorted(counts):
            chance = Fraction(counts[k], total)
            rows.append({"result": f"{name} {float(Fraction(k, scale)):g}", "chance": str(chance),
                         "percent": round(100 * float(chance), 2)})
        expected[name] = str(sum((Fraction(sum(die), need.faces) for die in dice), Fraction(0)))
    return {"dice": need.describe(), "outcomes": total, "results": rows, "expected": expected,
            "method": "independent dice combined exactly"}


def _sum_of_dice(dice: list[Counter]) -> Counter:
    """How many rolls give each total of the dice (each die: score -> faces showing it)."""
    counts: Counter = Counter({0: 1})
    for die in dice:
        step: Counter = Counter()
        for total, n in counts.items():
            for score, m in die.items():
                step[total + score] += n * m
        counts = step
    return counts


def _table(need, results: dict, total: int) -> dict:
    """Rows of results, most likely first (ties in the order the results were first met)."""
    rows = [{"result": k, "chance": str(Fraction(v, total)), "percent": round(100 * v / total, 2)}
            for k, v in sorted(results.items(), key=lambda kv: -kv[1])]
    return {"dice": need.describe(), "outcomes": total, "results": rows}
