"""A ship's state reads right after her name in every refusal: "is sinking", "has been captured",
never "has sinking" or "has captured"."""

from __future__ import annotations

import re
from pathlib import Path

from umpire.core.state import has_state

ROOT = Path(__file__).resolve().parents[2] / "umpire"


def test_each_state_reads_as_english():
    assert has_state("captured") == "has been captured" and has_state("sinking") == "is sinking"
    assert has_state("struck") == "has struck" and has_state("sunk") == "has sunk"
    assert has_state("surrendered") == "has surrendered" and has_state("exploded") == "has exploded"


def test_no_message_puts_a_raw_state_after_has():
    """Every f-string that wrote `has {ship['state']}` goes through has_state (the journalled game-over
    judgement keeps its bare state: turns.phrased reads it)."""
    pattern = re.compile(r"has \{[^{}]*\[['\"](state|status)['\"]\]\}")
    found = [f"{p.relative_to(ROOT)}:{n}" for p in ROOT.rglob("*.py")
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
             if pattern.search(line) and '"why"' not in line]
    assert found == []
