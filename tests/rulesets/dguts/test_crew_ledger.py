"""One crew ledger a ship: no crew factor serves two duties in a turn (Basic Rules VII.D, VIII.A, IX.A;
Single-Ship Rules H), checked after every command of a played game."""

from __future__ import annotations

import pytest

from umpire.rules.dguts.crew import DUTIES


def _balanced_everywhere(run) -> None:
    for sid, book in run("--json", "status").json["crew"].items():
        duties = sum(book[d] for d in DUTIES)
        assert duties <= book["aboard"] + 1e-3, f"{sid}: duties {duties:g} CF, {book['aboard']:g} aboard"


def test_a_boarding_with_fire_pumps_and_repairs_never_counts_a_crew_factor_twice(umpire, tmp_path):
    g = tmp_path / "ledger.toml"
    assert umpire("new", g, "--ruleset", "dguts").code == 0
    run = lambda *a: umpire("--game", g, *a)  # noqa: E731
    for name in ("a", "b"):
        assert run("ship", "add", name, "--side", name, "--nation", "british", "--tons", "900", "--men", "300",
                   "--guns", "30x18").code == 0
    commands = [("grapple", "a", "b", "--opt", "distance=0", "--opt", "touching=1"),
                ("board", "a", "--at", "b", "--opt", "crew=10", "--opt", "defender_crew=9", "--roll", "1"),
                ("fire", "a", "--at", "b", "--range", "0.5", "--side", "left", "--aim", "low", "--rolls", "6,6,6,6,6"),
                ("fire", "b", "--at", "a", "--range", "0.5", "--side", "left", "--aim", "low", "--rolls", "6,6,6,6,6"),
                ("pumps", "a", "--crew", "1"), ("pumps", "a", "--crew", "5"),
                ("repair", "b", "--what", "high", "--crew", "1"), ("repair", "b", "--what", "low", "--crew", "5"),
                ("turn",), ("repair", "b", "--what", "high", "--crew", "0.5")]
    for cmd in commands:
        res = run(*cmd)
        assert res.code in (0, 1), (cmd, res.err)
        _balanced_everywhere(run)
    assert run("pumps", "a", "--crew", "5").code == 1          # 10 CF boarding, 4.29 at the guns
    assert run("--json", "verify").json["differences"] == []


def _strike(run, ship: str) -> None:
    for _ in range(4):
        run("morale", ship, "--roll", "6,6")


@pytest.mark.parametrize("level, sides", [("standard", 3), ("fleet", 4)])
def test_a_game_with_a_capture_a_prize_crew_and_a_burning_prize_keeps_the_ledger(umpire, tmp_path, level, sides):
    # every command of a short action, fought turn by turn: no duty ever holds more CF than are aboard
    g = tmp_path / f"{level}.toml"
    assert umpire("new", g, "--ruleset", "dguts", "--level", level, "--seed", "3").code == 0
    run = lambda *a: umpire("--game", g, *a)  # noqa: E731
    brit = [f"b{i}" for i in range(sides)]
    fren = [f"f{i}" for i in range(sides)]
    for name in brit + fren:
        side = "british" if name in brit else "french"
        assert run("ship", "add", name, "--side", side, "--nation", side, "--tons", "1200", "--men", "400",
                   "--guns", "36x24,8x32C", "--rate", "44").code == 0
    for turn in range(3):
        for b, f in zip(brit, fren):
            for cmd in (("fire", b, "--at", f, "--range", "3", "--side", "left", "--aim", "low"),
                        ("fire", f, "--at", b, "--range", "3", "--side", "left", "--aim", "low")):
                assert run(*cmd).code in (0, 1)
                _balanced_everywhere(run)
        assert run("turn").code == 0
        _balanced_everywhere(run)
    _strike(run, fren[0])
    assert run("grapple", brit[0], fren[0], "--opt", "distance=0", "--opt", "touching=1").code == 0
    assert run("board", brit[0], "--at", fren[0], "--opt", "prize_crew=2").code == 0
    _balanced_everywhere(run)
    assert run("pumps", brit[0], "--crew", "1").code in (0, 1)
    abandon = run("--json", "burn", fren[0], "abandon", "--to", brit[0])
    assert abandon.code == 0, abandon.err
    assert run("burn", fren[0], "set", "upper-bow").code == 0
    for _ in range(abandon.json["turns"]):     # her people reach the captor when the evacuation is done
        assert run("turn").code == 0
        _balanced_everywhere(run)
        fire_phase = run("burn", fren[0], "turn")
        if fire_phase.code not in (0, 1):
            raise AssertionError(f"the fire phase failed: {fire_phase.err}")
        _balanced_everywhere(run)
    held = run("--json", "status").json["crew"][brit[0]]
    assert held["prisoners"] > 0
    assert run("--json", "verify").json["differences"] == []


def test_status_ship_shows_her_duties_and_losses_come_off_the_party(umpire, tmp_path):
    # the defenders told off lose the men the enemy's fire kills: the ledger never holds more than aboard
    g = tmp_path / "s.toml"
    assert umpire("new", g, "--ruleset", "dguts").code == 0
    run = lambda *a: umpire("--game", g, *a)  # noqa: E731
    for name in ("a", "b"):
        run("ship", "add", name, "--side", name, "--nation", "british", "--tons", "900", "--men", "300",
            "--guns", "30x18")
    run("grapple", "a", "b", "--opt", "distance=0", "--opt", "touching=1")
    assert run("board", "a", "--at", "b", "--opt", "crew=12", "--roll", "1").code == 0
    assert run("fire", "a", "--at", "b", "--range", "0.5", "--side", "left", "--aim", "low", "--rolls", "1,1,1").code == 0
    b = run("--json", "status", "b").json["ships"][0]["crew_duties"]
    assert b["aboard"] < 14.2857 and b["defence"] == b["aboard"]
    assert run("--json", "status", "a").json["ships"][0]["crew_duties"]["boarding"] == 12
    assert "crew duties" in run("status", "a").out
