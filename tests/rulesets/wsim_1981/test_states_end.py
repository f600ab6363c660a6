"""Lasting states end where the 1981 text ends them, and status stops showing them then."""

from __future__ import annotations

from tests.conftest import HERCULE, MARS, status


def test_cut_anchors_are_not_shown_at_anchor(umpire, tmp_path):
    # Advanced V.C.7: "Once a ship has cut its anchors, it cannot be anchored again."
    path = tmp_path / "game.toml"
    assert umpire("new", path, "--ruleset", "wsim-1981", "--level", "advanced").code == 0
    assert umpire("ship", "add", "HERCULE", "--side", "french", "--spec", HERCULE).code == 0
    assert umpire("anchor", "hercule").code == 0 and umpire("turn").code == 0
    assert status(umpire, "hercule")["anchor"] == "ordinary"
    assert umpire("anchor", "hercule", "--cut").code == 0
    got = status(umpire, "hercule")
    assert got["anchor"] is None and got["anchors_cut"] is True
    out = umpire("status").out
    assert "anchors cut" in out and "anchor ordinary" not in out


def test_doubleshot_loading_is_shown(umpire, tmp_path):
    # Advanced VIII.B.3.c: doubleshot takes the load phases of two turns; meanwhile status says so.
    path = tmp_path / "game.toml"
    assert umpire("new", path, "--ruleset", "wsim-1981", "--level", "advanced").code == 0
    assert umpire("ship", "add", "HERCULE", "--side", "french", "--spec", HERCULE).code == 0
    assert umpire("ship", "add", "MARS", "--side", "british", "--spec", MARS).code == 0
    assert umpire("fire", "hercule", "--at", "mars", "--range", "2", "--side", "left", "--facing", "right",
                  "--roll", "1").code == 0
    assert umpire("load", "hercule", "--side", "left", "--shot", "double").code == 0
    assert status(umpire, "hercule")["loading"] == {"left": "double"}
    assert "loading L double" in umpire("status").out
