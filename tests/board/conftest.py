"""The board tests' game: a WS&IM duel made by the command line, one ship with a name that needs escaping."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.board.helpers import Running, umpire_cli
from tests.conftest import HERCULE, MARS


@pytest.fixture(scope="session")
def game_file(tmp_path_factory) -> bytes:
    """The duel's game file, made once by the command line."""
    path = tmp_path_factory.mktemp("board-game") / "duel.toml"
    for args in (["new", str(path), "--ruleset", "wsim-1981", "--seed", "4"],
                 ["ship", "add", "MARS", "--side", "british", "--spec", MARS],
                 ["ship", "add", "<b>Hercule</b> & Co", "--id", "hercule", "--side", "french", "--spec", HERCULE]):
        res = umpire_cli(path, *args)
        assert res.returncode == 0, res.stderr
    return path.read_bytes()


@pytest.fixture
def game(tmp_path, game_file) -> Path:
    """A fresh copy of the duel for each test (its snapshot is made again by the first command)."""
    path = tmp_path / "duel.toml"
    path.write_bytes(game_file)
    return path


@pytest.fixture
def board(game):
    running = Running(game, 3)
    yield running
    running.kill()          # (how the board ends on SIGTERM is a test of its own)
