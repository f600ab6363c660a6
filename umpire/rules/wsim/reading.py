"""Reading what the command line typed for a WS&IM action: a broadside by its side word, crew
sections by their numbers on the log."""

from __future__ import annotations

from umpire.core.errors import BadInput
from umpire.rules.wsim.ship import SIDE_WORDS


def side_word(text: str) -> str:
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
