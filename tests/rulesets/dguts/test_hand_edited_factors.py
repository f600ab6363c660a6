"""DGUTS fire factors of a shape no rule reads, written into a game file by hand, are refused by name
(exit 2), never an internal error in status or score."""

from __future__ import annotations

import pytest

from umpire.core.ruleset import find_ruleset

EDIT = '''
[[events]]
n = {n}
kind = "ship edit"
summary = "a hand-written change"

[events.action]
command = "ship edit"
ship = "constitution"

[[events.effects]]
op = "set"
path = ["ships", "constitution", "values", "fire_factors", {key}]
value = {value}
'''


def test_the_ruleset_names_a_factor_of_the_wrong_kind():
    rs = find_ruleset("dguts")
    ship = {"values": {"fire_factors": {"24": {"guns": 30, "calibre": 24, "guns_per_factor": 3, "total": 10,
                                               "per_side": "five"}}}}
    assert "per_side" in rs.ship_problem(ship) and "24" in rs.ship_problem(ship)
    ship["values"]["fire_factors"]["24"]["per_side"] = 5
    assert rs.ship_problem(ship) == ""


@pytest.mark.parametrize("key, value", [('"24"', '{ guns = 30, calibre = 24, guns_per_factor = 3, total = 10, per_side = "five" }'),
                                        ('"18"', '{ guns = 4, calibre = 18, guns_per_factor = 3, total = 1, per_side = -1 }'),
                                        ('"18"', '"lots"'),
                                        ('"18"', '{ guns = true, calibre = 18, guns_per_factor = 3, total = 1, per_side = 1 }')])
def test_status_and_score_refuse_a_hand_edited_factor(umpire, tmp_path, key, value):
    game = tmp_path / "game.toml"
    assert umpire("new", game, "--scenario", "dguts-constitution-guerriere").code == 0
    n = umpire("--json", "log").out.count('"n":') + 1
    game.write_text(game.read_text(encoding="utf-8") + EDIT.format(n=n, key=key, value=value), encoding="utf-8")
    for command in (["status"], ["score"]):
        res = umpire(*command)
        assert res.code == 2, (command, res.out, res.err)
        assert "constitution" in res.err and ("fire factors" in res.err or "fire_factors" in res.err)
