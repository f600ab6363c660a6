"""Tournament Edition 2.6, Optional 44: land, rocks and shoals (`aground`)."""

from __future__ import annotations

SOL = "20H-(6-6-6)M-12(4)G-8R(3)-6-22'-43({q})"
FRIGATE = "14H-(5-4-4)M-10(1)G-7R(3)-5-22'-23(AV)"


def _game(umpire, tmp_path, optional=("--optional", "land-rocks-and-shoals"), level="advanced", q="CR"):
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-te26", "--level", level, *optional).code == 0
    assert umpire("ship", "add", "Mars", "--side", "gb", "--class", "2", "--spec", SOL.format(q=q)).code == 0
    assert umpire("ship", "add", "Hercule", "--side", "fr", "--class", "3", "--spec", FRIGATE).code == 0


def test_only_with_the_optional_rule_and_in_the_advanced_game(umpire, tmp_path):
    _game(umpire, tmp_path, optional=())
    res = umpire("aground", "mars")
    assert res.code == 1 and "land-rocks-and-shoals" in res.err and "44.0" in res.err
    res = umpire("new", tmp_path / "b.toml", "--ruleset", "wsim-te26", "--optional", "land-rocks-and-shoals")
    assert res.code != 0 and "29.0" in res.err
