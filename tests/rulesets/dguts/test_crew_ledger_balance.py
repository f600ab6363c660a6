"""The crew ledger holds every turn of the two games played to the end (tests/cases/dguts/
fleet-action-4v4.toml and standard-game-3v3.toml): replayed command by command through the command
line, after every step no ship has more crew factors at her duties (guns, boarding, defence, pumps,
repairs: `crew.DUTIES`) than she has aboard, and prisoners are never crew (Basic Rules IX: "the crew
which surrendered is unable to resume fighting of any kind"): they are kept apart from the crew
aboard, no ship ever has more crew than she began with, and the crew and prisoners of both sides
together never grow."""

from __future__ import annotations

import shlex
import tomllib
from pathlib import Path

import pytest

from tests.helpers import setup_commands
from umpire.core.engine import Session
from umpire.rules.dguts import crew

CASES = Path(__file__).parents[2] / "cases" / "dguts"
GAMES = ("fleet-action-4v4", "standard-game-3v3")
SLACK = 1e-3


def _check(state: dict, start: dict, where: str) -> float:
    """The ledger of every ship; returns the crew and prisoners of all the ships together."""
    everyone = 0.0
    for sid, s in state["ships"].items():
        book = crew.ledger(state, sid)
        duties = sum(book[d] for d in crew.DUTIES)
        assert duties <= book["aboard"] + SLACK, \
            f"{where}: {sid} has {duties:g} CF at duties ({', '.join(f'{d} {book[d]:g}' for d in crew.DUTIES)}) " \
            f"and {book['aboard']:g} aboard"
        assert book["aboard"] == pytest.approx(float(s["track"]["crew_factors"]), abs=SLACK), where
        assert book["aboard"] <= start[sid] + SLACK, \
            f"{where}: {sid} has {book['aboard']:g} CF aboard, more than the {start[sid]:g} she began with " \
            f"(prisoners {book['prisoners']:g} counted as crew?)"
        everyone += book["aboard"] + book["prisoners"] + book["coming_aboard"]
    return everyone


@pytest.mark.parametrize("name", GAMES)
def test_no_duty_holds_more_crew_than_aboard_and_prisoners_are_not_crew(umpire, tmp_path, name):
    case = tomllib.loads((CASES / f"{name}.toml").read_text(encoding="utf-8"))
    game = tmp_path / "game.toml"
    for cmd in setup_commands(case, name, game, tmp_path):
        assert umpire("--game", game, *cmd).code == 0, cmd
    state = Session(game, read_only=True).state
    start = {sid: float(s["track"]["crew_factors"]) for sid, s in state["ships"].items()}
    total = _check(state, start, "set-up")
    held = 0.0
    for n, step in enumerate(case["steps"], start=1):
        res = umpire("--game", game, *shlex.split(step["command"]))
        assert res.code == step.get("exit", 0), f"step {n} `{step['command']}`: {res.err.strip()}"
        state = Session(game, read_only=True).state
        now = _check(state, start, f"step {n} `{step['command']}`")
        assert now <= total + SLACK, f"step {n}: crew and prisoners grew from {total:g} to {now:g} CF"
        total = now
        held = max(held, max(crew.ledger(state, sid)["prisoners"] for sid in state["ships"]))
    assert held > 0, "the game took no prisoners: the check of prisoners saw none"
