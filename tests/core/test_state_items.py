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
