"""One way to write a number on every printed page."""

from __future__ import annotations

from tests.pdf.conftest import pages, run, text
from umpire.core.numbers import count, factor, measure


def test_measures_are_whole_or_one_decimal_rounded_half_up():
    assert [measure(v) for v in (36, 36.0, 395.96, 157.3333, 0.05, 0.04, -0.04, 82.85, 12.25)] == \
        ["36", "36", "396", "157.3", "0.1", "0", "0", "82.9", "12.3"]


def test_factors_as_the_rules_write_fractions():
    assert [factor(v) for v in (15.619047, 20.39, 21.666667, 14.25, 0.333333, -0.5)] == \
        ["15.6", "20.4", "21 2/3", "14 1/4", "1/3", "-1/2"]


def test_counts_agree_with_their_noun():
    assert count(1, "turn") == "1 turn" and count(4, "turn") == "4 turns" and count(0, "turn") == "0 turns"


def test_sheet_and_cover_write_a_ship_s_crew_factors_alike(tmp_path):
    """Essex's 328 men are 15.6 CF (328 / 21) on her sheet and on the cover."""
    out = tmp_path / "e.pdf"
    assert run("sheet", "--scenario", "dguts-essex-phoebe", "-o", out).exit_code == 0
    got = [" ".join(text(p).split()) for p in pages(out)]
    assert "essex Essex american III 850 40x32C,6x18 15.6" in got[0]
    essex = next(p for p in got if "id essex" in p and "Aloft" in p)
    assert "328 men, 15.6 CF" in essex and "15.62" not in essex
