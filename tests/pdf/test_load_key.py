"""A WS&IM log carries a key to its load column's marks, drawn as the turn grid draws them."""

from __future__ import annotations

import pytest

from tests.pdf.conftest import pages, run, text


@pytest.mark.parametrize("scenario, mark", [("wsim-1b", "B")])          # the 1974 log writes B (ballshot)
def test_the_1974_log_keys_its_ballshot_mark(tmp_path, scenario, mark):
    out = tmp_path / "s.pdf"
    assert run("sheet", "--scenario", scenario, "-o", out).exit_code == 0
    for page in pages(out):
        if "Hit Record" in text(page) and "continued" not in text(page):
            flat = " ".join(text(page).split())
            assert f"Load column: {mark} loaded {mark} fired" in flat


def test_a_1981_log_keys_roundshot_and_the_slash_of_a_fired_broadside(battle, tmp_path):
    out = tmp_path / "b.pdf"
    assert run("--game", battle, "sheet", "-o", out).exit_code == 0
    sheets = [" ".join(text(p).split()) for p in pages(out) if "Turn" in text(p) and "cover" not in text(p)]
    assert sheets and all("Load column: R loaded R fired" in s for s in sheets)
