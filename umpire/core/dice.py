"""Dice: what a rule needs, typed rolls checked against it, seeded rolls, exact odds.

A rule states its need as a `DiceNeed` (how many dice, how many faces, and
what each die is for). The umpire either types the result or lets the tool
roll from the game's seeded generator; both paths end in a tuple of ints
that the rule resolves. Exact odds of a rule's dice are in `core.odds`.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Iterator, Sequence

from umpire.core.errors import BadInput
from umpire.core.values import Value

if TYPE_CHECKING:
    import random


class DiceNeed(Value):
    """`count` dice of `faces` sides; `labels` names each die in order."""

    __slots__ = ("count", "faces", "labels")
    count: int
    faces: int
    labels: tuple[str, ...]

    def __init__(self, count: int, faces: int = 6, labels: tuple[str, ...] = ()) -> None:
        self._set(count=count, faces=faces, labels=labels)

    def describe(self) -> str:
        what = f"{self.count} d{self.faces}" if self.count != 1 else f"one d{self.faces}"
        if self.labels:
            what += " in this order: " + ", ".join(self.labels)
        return what

    def check(self, rolls: Sequence[int]) -> tuple[int, ...]:
        """Return `rolls` as a tuple, or refuse them saying what was expected and in what order."""
        got = tuple(rolls)
        if len(got) != self.count:
            raise BadInput(f"roll {','.join(map(str, got)) or '(none)'}: expected {self.describe()}; "
                           f"got {len(got)} value(s)")
        for r in got:
            if isinstance(r, bool) or not isinstance(r, int) or not 1 <= r <= self.faces:
                raise BadInput(f"roll {r!r}: a d{self.faces} shows 1 to {self.faces}")
        return got

    def roll(self, rng: random.Random) -> tuple[int, ...]:
        return tuple(rng.randint(1, self.faces) for _ in range(self.count))

    def outcomes(self) -> Iterator[tuple[int, ...]]:
        """Every equally likely result, in order."""
        return itertools.product(range(1, self.faces + 1), repeat=self.count)


def parse_rolls(text: str) -> tuple[int, ...]:
    """Parse typed dice: "4", "2,6", "3 5 1" or "3,5,1"."""
    parts = [p for p in text.replace(",", " ").split() if p]
    if not parts:
        raise BadInput("roll: no dice given (type them as 4 or 3,5,1)")
    try:
        return tuple(int(p) for p in parts)
    except ValueError:
        raise BadInput(f"roll {text!r}: dice are whole numbers, e.g. 4 or 3,5,1") from None


def event_rng(seed: int, index: int, purpose: str = "") -> random.Random:
    """The generator for the dice of journal event number `index`.

    Derived from the game seed and the event's position, so a replay or an
    undo-then-redo rolls exactly the same dice.
    """
    import random   # only when the tool rolls: a command with typed dice or none pays nothing for it

    return random.Random(f"umpire:{seed}:{index}:{purpose}")
