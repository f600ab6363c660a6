"""`status --json` carries the WS&IM Advanced wind at the top level (contracts/wsim-advanced.md)."""

from __future__ import annotations


def test_advanced_status_shows_the_wind_and_basic_does_not(umpire, tmp_path):
    adv, basic = tmp_path / "a.toml", tmp_path / "b.toml"
    assert umpire("new", adv, "--ruleset", "wsim-1981", "--level", "advanced").code == 0
    assert umpire("new", basic, "--ruleset", "wsim-1981").code == 0
    assert umpire("--game", adv, "--json", "status").json["wind"] == {"direction": None, "velocity": 3,
                                                                      "change": None}
    assert "wind" not in umpire("--game", basic, "--json", "status").json
