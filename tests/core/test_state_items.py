"""A hand-edited list in a ship's state must hold items of the kinds the ruleset names: a broadside that
is no broadside, or a ship that is not in the game, is refused as bad input, never crashed on."""

from __future__ import annotations

import pytest


def _edit(path, old: str, new: str) -> bytes:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    for side in path.parent.glob(f".{path.name}.*"):     # the snapshot and log index go stale
        side.unlink()
    return path.read_bytes()


@pytest.mark.parametrize("old, new", [
    ("fired_this_turn = []", "fired_this_turn = [0]"),
    ("fired_this_turn = []", 'fired_this_turn = ["port"]'),
    ("fouled = []", 'fouled = ["nobody"]'),
    ("liable = []", 'liable = ["boredom"]'),
    ("parties = []", 'parties = ["x"]'),
])
def test_a_list_item_of_the_wrong_kind_is_bad_input(umpire, duel, old, new):
    before = _edit(duel, old, new)
    res = umpire("turn")
    assert res.code == 2, res.err
    assert "hand-edited" in res.err and "internal error" not in res.err
    assert duel.read_bytes() == before


def test_items_of_the_right_kind_pass(umpire, duel):
    _edit(duel, "fouled = []", 'fouled = ["hercule"]')
    assert umpire("status").code == 0


def test_an_applied_copy_reads_as_a_deep_copy_would_and_leaves_the_state_alone():
    import copy

    from umpire.core.effects import applied_copy, apply

    state = {"turn": 3, "ships": {"a": {"hull": 5, "crew": [4, 4], "x": {"y": 1}}, "b": {"hull": 2, "crew": [1]}},
             "wind": {"v": 3}, "other": 1}
    effects = [{"op": "set", "path": ["ships", "a", "crew", 1], "value": 0},
               {"op": "add", "path": ["ships", "b", "hull"], "value": -1},
               {"op": "set", "path": ["ships", "c"], "value": {"hull": 9}},
               {"op": "del", "path": ["ships", "a", "x", "y"]},
               {"op": "set", "path": ["wind", "v"], "value": 4}]
    before = copy.deepcopy(state)
    keys = ("ships", "wind", "turn")
    got = applied_copy(state, effects, keys)
    assert state == before
    assert got == apply({k: copy.deepcopy(state[k]) for k in keys}, effects)
    assert got["ships"]["b"] is not state["ships"]["b"] and got["ships"]["a"]["crew"] == [4, 0]


def test_a_scenario_ship_whose_name_is_not_text_is_bad_input(umpire, tmp_path):
    game = tmp_path / "game.toml"
    assert umpire("new", game, "--scenario", "grid-swallow-royal-fortune").code == 0
    before = _edit(game, 'name = "Royal Fortune"', "name = 0")
    res = umpire("status")
    assert res.code == 2 and "name must be text" in res.err, res.err
    assert game.read_bytes() == before


def test_a_grid_position_that_is_not_a_count_is_bad_input(umpire, tmp_path):
    game = tmp_path / "game.toml"
    assert umpire("new", game, "--scenario", "grid-swallow-royal-fortune").code == 0
    assert umpire("crew", "swallow", "--helm", "1").code == 0
    before = _edit(game, "[events.effects.value]\nhelm = 1", "[events.effects.value]\nhelm = [1]")
    res = umpire("status")
    assert res.code == 2 and "hand-edited" in res.err, res.err
    assert game.read_bytes() == before


def test_a_prize_crew_of_no_known_quality_is_bad_input(umpire, duel):
    before = _edit(duel, 'squares = 0\nquality = ""', 'squares = 1\nquality = ""')
    res = umpire("fire", "mars", "--at", "hercule", "--range", "3", "--side", "left", "--facing", "right")
    assert res.code == 2 and "prize crew's quality" in res.err, res.err
    assert duel.read_bytes() == before
