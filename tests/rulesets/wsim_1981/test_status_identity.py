"""`status` (human) shows a WS&IM ship's class, crew quality and, once captured, who holds her
(Basic IX.D.9-10); JSON adds `held_by` (null while her own side holds her)."""

from __future__ import annotations


def test_status_shows_class_quality_and_holder(umpire, tmp_path):
    game = tmp_path / "g.toml"
    assert umpire("new", game, "--ruleset", "wsim-1981").code == 0
    assert umpire("--game", game, "ship", "add", "A", "--side", "x", "--class", "F",
                  "--spec", "10H-(4-4-4)M-6G-5R(3)-5-18'-20(CR)").code == 0
    assert umpire("--game", game, "ship", "add", "B", "--side", "y", "--class", "F",
                  "--spec", "10H-(6-6-6)M-6G-5R(3)-5-18'-20(PR)").code == 0
    before = umpire("--game", game, "status", "b").out
    assert "class F" in before and "crew PR" in before and "held by" not in before
    assert umpire("--game", game, "--json", "status", "b").json["ships"][0]["held_by"] is None
    assert umpire("--game", game, "surrender", "b", "--by", "choice").code == 0
    assert umpire("--game", game, "capture", "b", "--by", "a", "--sections", "1").code == 0
    after = umpire("--game", game, "status", "b").out
    assert "crew CR" in after and "held by x" in after
    assert umpire("--game", game, "--json", "status", "b").json["ships"][0]["held_by"] == "x"
