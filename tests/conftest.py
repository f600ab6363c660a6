"""Shared test helpers: run the real entry point in-process and read the result."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import settings

from umpire.cli import main

# The generated tests draw the same examples on every machine, so a run here and the CI run try the
# same inputs (the CI run would otherwise choose its own: hypothesis derandomizes when CI is set).
# UMPIRE_HYPOTHESIS=random draws new examples, to look for new failures.
settings.register_profile("umpire", derandomize=True, database=None, deadline=None)
settings.register_profile("random", deadline=None)
settings.load_profile(os.environ.get("UMPIRE_HYPOTHESIS", "umpire"))

MARS = "14H-(5-4-4)M-9(1)G-7R(3)-5-21'-26(CR)"
HERCULE = "14H-(5-5-4)M-10(1)G-7R(3)-5-22'-23(AV)"
# DGUTS ships by their `ship add` options
CONSTITUTION = ["--nation", "american", "--tons", "1576", "--men", "456", "--guns", "30x24,22x32C"]
GUERRIERE = ["--nation", "british", "--tons", "1092", "--men", "272", "--guns", "30x18,16x32C,2x12"]


RAM_DISK = Path("/dev/shm")


def pytest_configure(config):
    """Put the tests' temporary folders (tmp_path) on a RAM disk where the machine has one.

    Every save of a game is flushed to disk (fsync); on a disk shared with other work each flush
    can wait 5-10 ms, and the suite saves thousands of games. On a RAM disk the same calls return
    at once: the tests run the same code, only faster. A --basetemp given, or PYTEST_DEBUG_TEMPROOT
    set, is left alone."""
    if config.option.basetemp or "PYTEST_DEBUG_TEMPROOT" in os.environ:
        return
    if RAM_DISK.is_dir() and os.access(RAM_DISK, os.W_OK | os.X_OK):
        os.environ["PYTEST_DEBUG_TEMPROOT"] = str(RAM_DISK)


@dataclass
class Result:
    code: int
    out: str
    err: str

    @property
    def json(self):
        return json.loads(self.out)


@pytest.fixture
def umpire(capsys, monkeypatch, tmp_path):
    """Call `umpire ARGS...` in-process; returns exit code, stdout and stderr."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("UMPIRE_GAME", str(tmp_path / "game.toml"))
    monkeypatch.setenv("COLUMNS", "120")

    def run(*args: str) -> Result:
        capsys.readouterr()
        try:
            main([str(a) for a in args])
            code = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        out, err = capsys.readouterr()
        return Result(code, out, err)

    return run


@pytest.fixture
def duel(umpire, tmp_path):
    """A two-ship WS&IM game: MARS (british) and HERCULE (french)."""
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-1981", "--seed", "5").code == 0
    assert umpire("ship", "add", "MARS", "--side", "british", "--spec", MARS).code == 0
    assert umpire("ship", "add", "HERCULE", "--side", "french", "--spec", HERCULE).code == 0
    return tmp_path / "game.toml"


def status(umpire, ship: str) -> dict:
    res = umpire("--json", "status", ship)
    assert res.code == 0, res.err
    return res.json["ships"][0]


def game_bytes(path: Path) -> bytes:
    return path.read_bytes()
