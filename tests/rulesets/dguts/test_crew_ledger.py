"""One crew ledger a ship: no crew factor serves two duties in a turn (Basic Rules VII.D, VIII.A, IX.A;
Single-Ship Rules H), checked after every command of a played game."""

from __future__ import annotations

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
