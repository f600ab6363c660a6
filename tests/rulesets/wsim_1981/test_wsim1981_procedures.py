"""Numbers the 1981 Basic Game gives in prose, checked against the verbatim lines."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

HERE = Path(__file__).parent
TEXT = " ".join((HERE / "fixtures" / "wsim-1981-procedures.txt").read_text().split())
DATA = tomllib.loads((HERE.parents[2] / "data" / "wsim-1981" / "procedures.toml").read_text())
WORDS = {"two": 2, "three": 3, "six": 6, "ten": 10}


def said(pattern: str) -> int:
    m = re.search(pattern, TEXT)
    assert m, pattern
    return WORDS[m.group(1)]


def test_gunnery_ranges():
    g = DATA["gunnery"]
    assert g["max_range"] == said(r"limit of the (\w+) hex firing range")
    assert g["carronade_range"] == said(r"ships within the (\w+) hex range")
    assert g["rigging_only_from"] == said(r"If the range is (\w+) hexes or more, the fire must be aimed at the rigging")


def test_melee_and_prize():
    assert DATA["melee"]["rounds"] == said(r"This continues for (\w+) \*rounds\*")
    assert DATA["melee"]["decisive_ratio"] == said(r"side has a (\w+)-to-one or better advantage")
    assert DATA["prize"]["prisoners_per_prize_square"] == said(r"for every (\w+) prisoner crew squares")
    assert DATA["victory"]["captured_multiplier"] == 2   # XI.B.3 "count twice the value"
    assert DATA["source"].startswith("wsim-1981-second-edition.md")
