"""What every ruleset offers the command line, and the Plan that carries an action."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from umpire.core.dice import DiceNeed
from umpire.core.errors import BadInput
from umpire.core.state import Resolution


@dataclass(frozen=True)
class Plan:
    """An action checked against the state: the dice it needs and how to resolve them.

    `flexible` means the number of dice used is only known while resolving
    (melee rounds): the tool rolls `need.count` and keeps those used, and typed
    dice are checked by the resolver. `per_die` names a data list of each die's
    own high and low score, which lets `odds` convolve many dice exactly.
    """

    need: DiceNeed
    resolve: Callable[[tuple[int, ...], bool], Resolution]
    flexible: bool = False
    per_die: str = ""   # data key listing each die's own score: the dice act independently and add up
    chain: object = None   # the dice as stages resolved from a small state, for `odds` (core.odds.Chain)


def side_word(text: str) -> str:
    from umpire.rules.wsim.ship import SIDE_WORDS

    key = (text or "").strip().lower()
    if key not in SIDE_WORDS:
        raise BadInput(f"side {text!r}: use left/port or right/starboard")
    return SIDE_WORDS[key]


def section_list(text: str | None, what: str = "sections") -> list[int]:
    """'1,2' -> [0, 1] (crew sections are numbered from 1 on the log)."""
    if not text:
        return []
    try:
        nums = [int(p) for p in text.replace(" ", "").split(",") if p]
    except ValueError:
        raise BadInput(f"{what} {text!r}: give section numbers like 1,2") from None
    if any(n < 1 for n in nums) or len(set(nums)) != len(nums):
        raise BadInput(f"{what} {text!r}: section numbers start at 1 and appear once each")
    return [n - 1 for n in nums]
