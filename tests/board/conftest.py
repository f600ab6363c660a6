"""The board tests' game: a WS&IM duel made by the command line, one ship with a name that needs escaping."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.board.helpers import Running, umpire_cli
from tests.conftest import HERCULE, MARS


@pytest.fixture
def game(tmp_path) -> Path:
    path = tmp_path / "duel.toml"
    for args in (["new", str(path), "--ruleset", "wsim-1981", "--seed", "4"],
                 ["ship", "add", "MARS", "--side", "british", "--spec", MARS],
                 ["ship", "add", "<b>Hercule</b> & Co", "--id", "hercule", "--side", "french", "--spec", HERCULE]):
        res = umpire_cli(path, *args)
        assert res.returncode == 0, res.stderr
    return path


@pytest.fixture
def board(game):
    running = Running(game, 3)
    yield running
    running.stop()
