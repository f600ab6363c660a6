"""`umpire timer --start` counts the writing time down (WS&IM Optional Rules II, timed-moves)."""

from __future__ import annotations

import time

from tests.conftest import HERCULE, MARS


def test_timer_counts_down_the_minutes_and_says_when_time_is_up(umpire, tmp_path, monkeypatch):
    game = tmp_path / "game.toml"
    assert umpire("new", game, "--ruleset", "wsim-1981", "--optional", "timed-moves").code == 0
    assert umpire("ship", "add", "MARS", "--side", "british", "--spec", MARS).code == 0
    assert umpire("ship", "add", "HERCULE", "--side", "french", "--spec", HERCULE).code == 0
    clock = [0.0]
    slept = []
    monkeypatch.setattr(time, "monotonic", lambda: clock[0])

    def sleep(seconds):
        slept.append(seconds)
        clock[0] += seconds

    monkeypatch.setattr(time, "sleep", sleep)
    res = umpire("--json", "timer", "--start")
    assert res.code == 0
    first, last = res.out.strip().splitlines()[0], res.out.strip().splitlines()[-1]
    assert '"minutes": 1' in first          # "one minute to write for single-ship actions"
    assert sum(slept) == 60
    assert "time is up" in last and "straight ahead" in last


def test_timer_without_the_rule_is_refused(umpire, tmp_path):
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-1981").code == 0
    res = umpire("timer")
    assert res.code == 1 and "timed-moves" in res.err
