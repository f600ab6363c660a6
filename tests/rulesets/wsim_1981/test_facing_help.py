"""`--facing` is asked for only when a result has gun hits to place (Basic VIII.D.3.a):
the README and `fire --help` say the same."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[3] / "README.md"


def _words(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def test_readme_and_help_say_facing_is_needed_only_for_gun_hits(umpire):
    helped = _words(umpire("fire", "--help").out)
    readme = _words(README.read_text())
    for said in (helped, readme):
        assert "only when the result has gun hits to place" in said
        assert "not on a rake" in said
