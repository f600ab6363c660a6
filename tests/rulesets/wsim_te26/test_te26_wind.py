"""Tournament Edition 2.6, the Advanced Wind Phase (30.0) with Optional 40 and 43 on the pack's cards."""

from __future__ import annotations

import pytest

from tests.rulesets.wsim_te26.helpers import WIND_PACK


def _game(umpire, tmp_path, *optional, pack=WIND_PACK):
    args = []
    if pack:
        (tmp_path / "p.toml").write_text(pack)
        args = ["--tables", tmp_path / "p.toml"]
    for name in optional:
        args += ["--optional", name]
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-te26", "--level", "advanced", *args).code == 0


@pytest.mark.parametrize("change, bad", [("1", True), ("13", True), ("12", False), ("2", False)])
def test_change_numbers_are_two_dice_totals(umpire, tmp_path, change, bad):
    _game(umpire, tmp_path)
    res = umpire("wind", "--change", change)
    assert (res.code == 2) is bad and (not bad or "2 to 12" in res.err)


def test_wind_needs_the_pack_and_the_advanced_game(umpire, tmp_path):
    _game(umpire, tmp_path, pack=None)
    assert umpire("wind", "--change", "7").code == 0
    res = umpire("wind", "--rolls", "3,4,1")
    assert res.code == 2 and "Wind Direction Change Table" in res.err and "tables template" in res.err
    res = umpire("new", tmp_path / "b.toml", "--ruleset", "wsim-te26", "--optional", "wind-velocity")
    assert res.code != 0 and "advanced" in res.err


def test_an_original_change_number_is_converted():
    """30.1.2.1 "An original wind change # of 6 ... becomes an 11 ...; a 5 becomes a 9 ...; a 4 becomes a 7"."""
    from umpire.core.tables import Tables
    from umpire.rules.wsim.editions.te26.wind import initial, rules_of

    rules = rules_of(Tables("wsim-te26"))
    assert [initial({"direction": 1, "change": c}, rules)["change"] for c in (6, 5, 4, 3)] == [11, 9, 7, 0]
    assert initial({"velocity": "gale"}, rules)["velocity"] == 5
