"""A grid game file whose set-up was edited by hand is refused naming the ship and the value, never
an internal error."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("old, new", [('movement = "C"', 'movement = "Z"'), ('quality = "average"', 'quality = "drunk"')])
def test_a_hand_edited_scenario_ship_is_refused_by_name(umpire, tmp_path, old, new):
    game = tmp_path / "game.toml"
    assert umpire("new", game, "--scenario", "grid-swallow-royal-fortune").code == 0
    text = game.read_text(encoding="utf-8")
    assert old in text
    game.write_text(text.replace(old, new, 1), encoding="utf-8")
    for command in (["status"], ["tack", "swallow", "--sail", "topsail"], ["verify"]):
        res = umpire(*command)
        assert res.code == 2, (command, res.err)
        assert "swallow" in res.err and new.split('"')[1] in res.err
