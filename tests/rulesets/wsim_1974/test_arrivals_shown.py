"""A ship a scenario brings on later is shown as not yet on until her turn comes (Basic V.A.2: "Ships
which are scheduled to enter, enter and move in this phase"): in the one-line status, her panel and
`--json status` (`arrives`, `arrived`)."""

from __future__ import annotations


def test_a_late_arrival_is_shown_until_she_arrives(umpire, tmp_path):
    assert umpire("new", tmp_path / "game.toml", "--scenario", "wsim-3a").code == 0
    ships = {s["id"]: s for s in umpire("--json", "status").json["ships"]}
    late = [sid for sid, s in ships.items() if s.get("arrives") == 2]
    assert late and all(ships[sid]["arrived"] is False for sid in late)
    assert all("arrives" not in s for s in ships.values() if s["id"] not in late and not s.get("arrives"))
    fleet = umpire("status").out
    assert sum(1 for line in fleet.splitlines() if "due t2" in line) == len(late)
    assert "not yet on: arrives turn 2" in umpire("status", late[0]).out
    assert umpire("turn").code == 0
    now = {s["id"]: s for s in umpire("--json", "status").json["ships"]}
    assert all(now[sid]["arrived"] is True for sid in late)
    assert "due t2" not in umpire("status").out
