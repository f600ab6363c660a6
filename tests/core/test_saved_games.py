"""Game files written by earlier versions keep loading, verifying and playing (core/game.py FORMAT).

The files in fixtures/format1/ were written by the command line at format 1 (before ships kept
a turning ability typed at `move`); they are never rewritten by hand.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

FIXTURES = Path(__file__).parent / "fixtures"
FORMAT1 = sorted((FIXTURES / "format1").glob("*.toml"))

#: a command each game can play next
NEXT = {"wsim1981-duel": ("turn",), "dguts-scenario": ("turn",), "te26-pack": ("turn",),
        "wsim1974-scenario": ("turn",), "grid-scenario": ("turn",)}


def test_every_format1_game_has_a_next_command():
    assert sorted(p.stem for p in FORMAT1) == sorted(NEXT)


@pytest.mark.parametrize("path", FORMAT1, ids=lambda p: p.stem)
def test_a_format1_game_loads_verifies_and_plays(umpire, tmp_path, path):
    game = tmp_path / "game.toml"
    shutil.copyfile(path, game)
    before = umpire("--json", "status")
    assert before.code == 0, before.err
    assert before.json["ships"]
    checked = umpire("--json", "verify")
    assert checked.code == 0 and checked.json["differences"] == [], checked.out
    played = umpire(*NEXT[path.stem])
    assert played.code == 0, played.err
    assert umpire("--json", "verify").json["differences"] == []
    assert umpire("undo").code == 0
    assert umpire("--json", "status").json == before.json


def test_a_format1_file_appended_to_keeps_loading(umpire, tmp_path):
    """A format-1 file is appended to, not rewritten: its old events are migrated each time it is
    read, and a new move that keeps a typed turning ability is left as it is."""
    game = tmp_path / "game.toml"
    shutil.copyfile(FIXTURES / "format1" / "wsim1974-scenario.toml", game)
    res = umpire("--json", "move", "cleopatre", "1L", "--attitude", "C", "--turning", "3")
    assert res.code == 0, res.err
    assert b"format = 1" in game.read_bytes()
    for snapshot in tmp_path.glob(".game.toml.*"):
        snapshot.unlink()                     # read the journal again, not the snapshot
    ships = {s["id"]: s["record"]["turning"] for s in umpire("--json", "status").json["ships"]}
    assert ships == {"nymphe": 2, "cleopatre": 3}
    assert umpire("--json", "verify").json["differences"] == []
