"""Exact odds by chaining rounds and combining dice, checked against resolving every roll."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from collections import Counter
from fractions import Fraction

import pytest

from umpire.core import odds
from umpire.core.dice import DiceNeed
from umpire.core.errors import BadInput
from umpire.core.ruleset import Plan
from umpire.core.state import Resolution
from umpire.core.tables import Tables
from umpire.rules.dguts import derive_ship, fire_dice_needed, fire_order, initial_state, resolve_fire
from umpire.rules.wsim import boarding, planners
from tests.rulesets.wsim_1981.helpers import TABLES, make_state, resolve

CRACK = "10H-(4-4-4)M-6G-5R(3)-5-18'-20(CR)"
AVG = "10H-(4-4-4)M-6G-5R(3)-5-18'-20(AV)"
POOR = "10H-(6-6-6)M-6G-5R(3)-5-18'-20(PR)"
GREEN = "16H-(6-6-5)M-10G-8R(3)-5-23'-22(GR)"
VICTORY = "17H-(5-5-4)M-11(1)G-8R(3)-5-22'-33(EL)"          # Trafalgar scenario
TEMERAIRE = "16H-(5-5-4)M-10(1)G-8R(3)-5-22'-30(CR)"
SANTISIMA = "20H-(8-7-7)M-13G-10R(3)-5-25'-30(GR)"
TWO_ROUNDS = Tables("wsim-1981", {"procedures.melee.rounds": 2})


def chances(table: dict) -> dict[str, Fraction]:
    return {r["result"]: Fraction(r["chance"]) for r in table["results"]}


def without_method(table: dict) -> dict:
    return {k: v for k, v in table.items() if k != "method"}


class Counted:
    """A plan whose resolver, and chain if it has one, count the work asked of them."""

    def __init__(self, plan) -> None:
        self.resolves = self.steps = 0
        self.chain = odds.plan_chain(plan)
        self.plan = plan.replace(resolve=self._resolver(plan.resolve))

    def _resolver(self, resolve):
        def counted(rolls, strict):
            self.resolves += 1
            return resolve(rolls, strict)
        return counted

    def __getattr__(self, name):         # the chain's stages, dice, going and start
        return getattr(self.chain, name)

    def step(self, state, rolls):
        self.steps += 1
        return self.chain.step(state, rolls)

    def distribution(self) -> dict:
        return odds.chained(self.plan.need, self) if self.chain else odds.distribution(self.plan)


# --- the chain on its own ------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class Split:
    """A toy chain of two one-die stages: a six first ends it; else the two dice are low
    (4 or less) or high. Low and six are equally likely, and low is met first."""

    stages: int = 2
    dice: int = 1
    going: str = "going"
    start: int = 0

    def step(self, first: int, rolls: tuple[int, ...]) -> tuple[int, str]:
        if not first:
            return rolls[0], "six" if rolls[0] == 6 else self.going
        return 0, "low" if first + rolls[0] <= 4 else "high"

    def resolve(self, rolls: tuple[int, ...], strict: bool) -> Resolution:
        state, result = self.start, self.going
        for r in rolls:
            state, result = self.step(state, (r,))
            if result != self.going:
                break
        return Resolution("split", result, data={"outcome": result})


def test_a_toy_chain_matches_every_roll_including_the_order_of_ties():
    split = Split()
    plan = Plan(DiceNeed(2), split.resolve, chain=split)
    table = odds.distribution(plan)
    assert [r["result"] for r in table["results"]] == ["high", "low", "six"]
    assert without_method(table) == odds.enumerated(plan)
    assert table["method"] == "rounds chained, equal states merged"


def test_a_chain_must_cover_the_dice_it_is_given():
    with pytest.raises(ValueError, match="2 stages of 1 dice"):
        odds.chained(DiceNeed(3), Split())


# --- WS&IM melee ---------------------------------------------------------------------------

def boarded(defender: str, party: str, sections: list[int], *boarders: tuple[str, list[int]]):
    """Ship "d" defends with `party` of `sections`; each boarder (spec, sections) is grappled
    with her and sends an OBP at her. Returns the state and the boarders' ids."""
    ids = [f"a{i}" for i in range(len(boarders))]
    st = make_state(d=("y", defender), **{i: ("x", spec) for i, (spec, _) in zip(ids, boarders)})
    st["ships"]["d"]["grappled"] = list(ids)
    for i, (_, secs) in zip(ids, boarders):
        st["ships"][i]["grappled"] = ["d"]
        st = resolve(st, boarding.form_party(st, i, "obp", secs, "d"))
    if party:
        st = resolve(st, boarding.form_party(st, "d", party, sections, ids[0] if party == "obp" else ""))
    return st, ids


def melee_plan(st: dict, ids: list[str], tables=TABLES):
    return planners.melee_plan(st, tables, ids, "d")


def prize_defends() -> tuple[dict, list[str]]:
    """A captured ship's prize crew of 5 AV squares defends her against her old crew's friends."""
    st, ids = boarded(CRACK, "", [], (AVG, [0, 1]))
    st["ships"]["d"].update(prize={"squares": 5, "quality": "AV", "from": "z"}, controller="z", state="captured")
    st = resolve(st, boarding.form_party(st, "d", "dbp", [], ""))
    return st, ids


MELEES = {
    "crack OBP against one poor DBP section": lambda: boarded(POOR, "dbp", [0], (CRACK, [0, 1, 2])),
    "even": lambda: boarded(AVG, "dbp", [0], (AVG, [0])),
    "OBP against OBP": lambda: boarded(AVG, "obp", [0], (AVG, [0, 1])),
    "poor boarders against crack OBP": lambda: boarded(CRACK, "obp", [0, 1], (POOR, [0, 1])),
    "two boarders": lambda: boarded(GREEN, "dbp", [0, 1], (AVG, [0]), (POOR, [0])),
    "prize crew defends": prize_defends,
    "three-deckers": lambda: boarded(SANTISIMA, "dbp", [0, 1, 2], (VICTORY, [0, 1, 2])),
}


@pytest.mark.parametrize("name", sorted(MELEES))
def test_two_round_melee_chained_equals_every_roll(name):
    st, ids = MELEES[name]()
    plan = melee_plan(st, ids, TWO_ROUNDS)
    assert plan.need.count == 4
    assert without_method(odds.distribution(plan)) == odds.enumerated(plan)


def test_three_round_melee_chained_equals_every_roll():
    st, ids = MELEES["even"]()
    plan = melee_plan(st, ids)
    fast, slow = odds.distribution(plan), odds.enumerated(plan)
    assert without_method(fast) == slow       # equally likely wins listed in the same order too
    assert chances(fast) == {"continues": Fraction(65, 81), "attackers win": Fraction(8, 81),
                             "defenders win": Fraction(8, 81)}


def test_three_to_one_after_the_first_round_needs_only_that_round():
    # 48 crack TMS against 6 poor: three to one whatever the first two dice show
    st, ids = MELEES["crack OBP against one poor DBP section"]()
    counted = Counted(melee_plan(st, ids))
    assert chances(counted.distribution()) == {"attackers win": Fraction(1)}
    assert counted.steps == 36 and counted.resolves == 0


def test_three_deckers_full_crews_fight_hundreds_of_rounds_not_every_roll():
    st, ids = MELEES["three-deckers"]()
    counted = Counted(melee_plan(st, ids))
    table = counted.distribution()
    assert table["outcomes"] == 6 ** 6
    assert chances(table) == {"continues": Fraction(1)}     # 70 elite TMS against 44 green: no decision
    assert counted.resolves == 0
    assert counted.steps <= 36 * (1 + 5 * 5)     # at most 0-4 losses a side a round; 576 in fact


def test_two_three_deckers_boarding_one_band_their_states():
    st, ids = boarded(SANTISIMA, "dbp", [0, 1, 2], (VICTORY, [0, 1, 2]), (TEMERAIRE, [0, 1, 2]))
    counted = Counted(melee_plan(st, ids))
    table = counted.distribution()
    assert chances(table) == {"attackers win": Fraction(1)}   # 126 TMS against 44: three to one within two rounds
    assert counted.steps <= 36 * 3 and counted.resolves == 0


def test_melee_need_is_unchanged_apart_from_its_chain():
    st, ids = MELEES["even"]()
    need = boarding.melee_needs(st, ids, "d", TABLES)
    assert (need.count, need.faces, need.labels[:2]) == (6, 6, ("round 1 attacker", "round 1 defender"))
    assert need.describe().startswith("6 d6 in this order: round 1 attacker")


# --- DGUTS fire ----------------------------------------------------------------------------

def fire_plan(guns: str, inches: float, side: str, aim: str | None = None):
    firer = derive_ship("british", 2142, 850, guns, {})
    target = derive_ship("british", 900, 315, "30x18,6x8", {})
    f_state, t_state = initial_state(firer), initial_state(target)
    order = fire_order(inches, side, aim)
    need = fire_dice_needed(firer, f_state, target, t_state, order)
    return Plan(need, lambda rolls, strict: resolve_fire(firer, f_state, target, t_state, order, rolls),
                per_die="hits")


def every_roll_of_fire(plan) -> tuple[dict[str, Fraction], dict[str, Fraction]]:
    """Chance of each high and low total, and the expected damage, by resolving every roll."""
    total = plan.need.faces ** plan.need.count
    sums = {"high": Counter(), "low": Counter()}
    for rolls in plan.need.outcomes():
        hits = plan.resolve(rolls, False).data["hits"]
        for name, tally in sums.items():
            tally[sum(Fraction(str(h[name])) for h in hits)] += 1
    rows = {f"{name} {float(v):g}": Fraction(n, total) for name, tally in sums.items() for v, n in tally.items()}
    expected = {name: sum(v * n for v, n in tally.items()) / total for name, tally in sums.items()}
    return rows, expected


@pytest.mark.parametrize("guns, inches, side, aim", [
    ("8x24,2x12", 7, "starboard", "high"),        # a third of a die for the 24s' odd gun and for the 12
    ("6x32,2x68C", 3, "port", "low"),
    ("8x24,2x12", 14, "port", None),
])
def test_fire_combined_equals_every_roll(guns, inches, side, aim):
    plan = fire_plan(guns, inches, side, aim)
    assert 2 <= plan.need.count <= 3
    rows, expected = every_roll_of_fire(plan)
    table = odds.distribution(plan)
    assert chances(table) == rows
    assert {k: Fraction(v) for k, v in table["expected"].items()} == expected
    assert table["method"] == "independent dice combined exactly"


def test_an_18_die_broadside_resolves_once_a_face(monkeypatch):
    plan = fire_plan("30x32,28x24,44x12", 7, "starboard", "high")
    assert plan.need.count == 18
    products = []

    class Die(Counter):
        def items(self):
            products.append(len(self))
            return super().items()

    real = odds._sum_of_dice
    monkeypatch.setattr(odds, "_sum_of_dice", lambda dice: real([Die(d) for d in dice]))
    counted = Counted(plan)
    table = counted.distribution()
    assert counted.resolves == 6
    assert sum(Fraction(r["chance"]) for r in table["results"] if r["result"].startswith("high ")) == 1
    assert table["outcomes"] == 6 ** 18
    # each running total times each score one die can make: 2,640 here, where one joint table of
    # high and low totals over Fractions made 114,816
    assert sum(products) <= 5_000


def test_a_small_broadside_is_combined_too():
    plan = fire_plan("6x32,2x68C", 3, "port", "low")
    assert plan.need.count == 2
    assert odds.distribution(plan)["method"] == "independent dice combined exactly"


# --- enumeration stays for everything else -------------------------------------------------

def test_too_many_dice_without_a_shortcut_are_refused():
    plan = Plan(DiceNeed(7), lambda rolls, strict: Resolution("x", "y"))
    with pytest.raises(BadInput, match="too many dice"):
        odds.distribution(plan)


def test_core_odds_imports_no_ruleset_and_no_ui():
    code = ("import sys, umpire.core.odds; print(sorted(m for m in sys.modules "
            "if m.split('.')[0] in ('click', 'rich', 'reportlab') or m.startswith('umpire.rules')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
