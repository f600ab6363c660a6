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


def _fleet(umpire, tmp_path, ruleset: str, per_side: int, *optional: str) -> None:
    opts = [x for name in optional for x in ("--optional", name)]
    assert umpire("new", tmp_path / "game.toml", "--ruleset", ruleset, *opts).code == 0
    for side in ("british", "french"):
        for n in range(per_side):
            spec = MARS if side == "british" else HERCULE
            assert umpire("ship", "add", f"{side[:2]}{n}", "--side", side, "--spec", spec).code == 0


def test_the_first_edition_times_the_same_minutes_but_unwritten_ships_stay(umpire, tmp_path):
    # 1974 TIMED MOVES: "three minutes for up to six ships per side ... Ships whose orders do not
    # get written do not move."
    _fleet(umpire, tmp_path, "wsim-1974", 5, "timed-moves")
    res = umpire("--json", "timer")
    assert res.code == 0, res.err
    assert res.json["minutes"] == 3 and res.json["unwritten"] == "ships with no orders written do not move"


def test_the_tournament_edition_counts_further_sixes_from_three_ships(umpire, tmp_path):
    # TE 2.6 31.0: "two minutes for up to three ships, and an additional three minutes for each
    # additional six ships per side": four to nine ships a side, five minutes.
    _fleet(umpire, tmp_path, "wsim-te26", 4, "timed-moves")
    res = umpire("--json", "timer")
    assert res.code == 0, res.err
    assert res.json["minutes"] == 5 and "straight" in res.json["unwritten"]


def test_an_edition_without_the_rule_in_play_is_refused_by_its_own_name(umpire, tmp_path):
    for ruleset in ("wsim-1974", "wsim-te26"):
        game = tmp_path / f"{ruleset}.toml"
        assert umpire("new", game, "--ruleset", ruleset).code == 0
        res = umpire("--game", game, "timer")
        assert res.code == 1 and "--optional timed-moves" in res.err, res.err
