"""Tournament Edition 2.6, Optional 35.1: variable seamanship's die for a sail change near the
enemy (`sail SHIP full|battle --battle [--roll N]`)."""

from __future__ import annotations


SPEC = "14H-(5-4-4)M-18(4)G-7R(3)-5-21'-26({q})"


def test_the_other_rule_systems_refuse_the_option(umpire, tmp_path):
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-1981", "--level", "advanced").code == 0
    assert umpire("ship", "add", "Orient", "--side", "fr", "--spec", SPEC.format(q="AV")).code == 0
    res = umpire("sail", "orient", "full", "--battle")
    assert res.code == 2 and "--battle" in res.err
