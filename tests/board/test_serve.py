"""`umpire serve`, the players' board (contract board.md): started as the umpire starts it, read
as the players' phones read it, while commands run beside it from other processes."""

from __future__ import annotations

import json
import os
import threading
import time
from html import escape
from pathlib import Path

import pytest

from tests.board.helpers import FIRE, Running, umpire_cli
from tests.conftest import CONSTITUTION, GUERRIERE, HERCULE, MARS


def _files(folder: Path) -> dict[str, tuple]:
    return {p.name: (p.stat().st_size, p.stat().st_mtime_ns) for p in folder.iterdir()}


def test_start_lines_give_one_page_for_the_umpire_and_each_side_with_long_tokens(board):
    assert [(line["page"], line.get("side")) for line in board.lines] == [("umpire", None), ("side", "british"),
                                                                         ("side", "french")]
    tokens = [line["url"].rstrip("/").rsplit("/", 1)[1] for line in board.lines]
    assert len(set(tokens)) == 3 and all(len(t) >= 22 for t in tokens)      # 24 random bytes each
    assert board.lines[0]["url"].startswith("http://127.0.0.1:") and "/u/" in board.lines[0]["url"]


def test_a_side_sees_its_ships_in_full_and_the_others_as_across_the_table(board):
    own = {s["id"]: s for s in board.state("british")["ships"]}
    assert set(own["mars"]) == set(board.state(None)["ships"][0])          # the keys `--json status` gives
    assert set(own["hercule"]) == {"id", "name", "side", "class", "state"}
    html = board.get(board.pages["british"])[1].decode()
    assert "MARS" in html and "Hull" in html and "&lt;b&gt;Hercule&lt;/b&gt; &amp; Co" in html
    assert "<b>Hercule</b>" not in html
    assert 'id="ship-hercule"' not in html and 'id="ship-mars"' in html   # no log drawn for the enemy
    everyone = board.get(board.pages[None])[1].decode()
    assert 'id="ship-hercule"' in everyone and 'id="ship-mars"' in everyone


def test_wrong_tokens_other_paths_and_other_methods_are_refused_naming_nothing(board):
    url = board.pages["british"]
    root = url.split("/s/")[0]
    for bad in (root + "/", root + "/s/nope/", root + "/u/" + url.rstrip("/").rsplit("/", 1)[1] + "/",
                url + "../../etc/passwd", url + "x.js", url + "state.json/x"):
        code, body = board.get(bad)
        assert code == 404 and b"mars" not in body.lower() and b"british" not in body.lower(), bad
    assert board.get(url, "POST")[0] == 405 and board.get(url, "DELETE")[0] == 405
    assert board.get(url, "HEAD") == (200, b"")


def test_the_board_never_writes_beside_the_game_and_commands_run_beside_it(board, game):
    before = _files(game.parent)
    for _ in range(3):
        board.get(board.pages[None]), board.get(board.pages["french"] + "state.json")
    assert _files(game.parent) == before
    res = umpire_cli(game, *FIRE)                       # no lock is held by the board
    assert res.returncode == 0, res.stderr


def test_a_command_from_another_process_shows_within_two_seconds(board, game):
    first = board.state("french")
    hull = next(s for s in first["ships"] if s["id"] == "hercule")["hull_left"]
    assert umpire_cli(game, *FIRE).returncode == 0
    start = time.monotonic()
    while True:
        now = board.state("french")
        if next(s for s in now["ships"] if s["id"] == "hercule")["hull_left"] < hull:
            break
        assert time.monotonic() - start < 2, now
        time.sleep(0.05)
    assert now["version"] > first["version"]
    summaries = [e["summary"] for e in now["last_events"]]
    assert any("fires" in s for s in summaries)                            # the fire names a french target
    british = [e["summary"] for e in board.state("british")["last_events"]]
    assert any("fires" in s for s in british)


def test_events_shown_to_a_side_name_one_of_its_ships(board, game):
    assert umpire_cli(game, "turn").returncode == 0
    summaries = [e["summary"] for e in board.state("british")["last_events"]]
    assert summaries and all("MARS" in s for s in summaries)             # the turn names no ship
    assert any("turn" in e["summary"] for e in board.state(None)["last_events"])


def test_an_unreadable_game_keeps_the_last_good_state_with_a_notice(board, game):
    good = board.state("british")
    raw = game.read_bytes()
    tmp = game.with_suffix(".new")
    tmp.write_bytes(b"[game\nthis is not toml")
    os.replace(tmp, game)
    try:
        bad = board.state("british")
        assert bad["notice"] and "last good state" in bad["notice"]
        assert bad["ships"] == good["ships"]
        assert "last good state" in board.get(board.pages["british"])[1].decode()
    finally:
        game.write_bytes(raw)
    assert board.state("british")["notice"] == ""


def test_sigterm_ends_it_at_once_with_exit_0(game):
    running = Running(game, 3)
    start = time.monotonic()
    assert running.stop() == 0 and time.monotonic() - start < 2


def test_only_the_sides_asked_for_get_a_page_and_an_unknown_side_is_refused(game):
    running = Running(game, 2, "--side", "fr")
    try:
        assert [line.get("side") for line in running.lines] == [None, "french"]
    finally:
        running.kill()
    res = umpire_cli(game, "serve", "--side", "spanish")
    assert res.returncode == 2 and "british, french" in res.stderr


def test_thirty_pages_follow_the_game_while_the_umpire_plays_through_the_shell(board, game):
    urls = [board.pages[s] + ("state.json" if i % 2 else "") for i, s in
            enumerate([None, "british", "french"] * 10)]
    failures: list = []
    stop = threading.Event()

    def phone(url: str) -> None:
        while not stop.is_set():
            code, _ = board.get(url)
            if code != 200:
                failures.append((url, code))
            time.sleep(0.2)

    threads = [threading.Thread(target=phone, args=(u,)) for u in urls]
    for t in threads:
        t.start()
    try:
        import subprocess
        import sys

        script = "\n".join([" ".join(FIRE[:-2] + ["--roll", "4"]), "turn"] * 3) + "\n"
        res = subprocess.run([sys.executable, "-m", "umpire", "--game", str(game), "shell"], input=script,
                             capture_output=True, text=True, timeout=120)
        assert res.returncode == 0, res.stderr
        time.sleep(1.5)
    finally:
        stop.set()
        for t in threads:
            t.join(timeout=20)
    assert failures == []
    assert board.state(None)["turn"] == 4


def _ships(*args: str) -> list[list[str]]:
    return [["ship", "add", "MARS", "--side", "british", "--spec", MARS, *args],
            ["ship", "add", "HERCULE", "--side", "french", "--spec", HERCULE, *args]]


DGUTS_SHIPS = [["ship", "add", "Constitution", "--side", "american", *CONSTITUTION],
               ["ship", "add", "Guerriere", "--side", "british", *GUERRIERE]]
GAMES = {
    "wsim-1981 advanced": [["--ruleset", "wsim-1981", "--level", "advanced"], *_ships("--turning", "2")],
    "wsim-1974": [["--scenario", "wsim-1b"]],
    "wsim-te26": [["--ruleset", "wsim-te26", "--level", "advanced"], *_ships("--turning", "2")],
    "dguts": [["--scenario", "dguts-constitution-guerriere"]],
    "dguts fleet": [["--ruleset", "dguts", "--level", "fleet"], *DGUTS_SHIPS],
    "grid": [["--scenario", "grid-swallow-royal-fortune"]],
}


@pytest.mark.parametrize("case", sorted(GAMES))
def test_every_ruleset_draws_its_ships_on_the_board(tmp_path, case):
    game = tmp_path / "g.toml"
    first, *rest = GAMES[case]
    for args in (["new", str(game), *first], *rest):
        res = umpire_cli(game, *args)
        assert res.returncode == 0, (args, res.stderr)
    status = json.loads(umpire_cli(game, "--json", "status").stdout)
    sides = list(dict.fromkeys(s["side"] for s in status["ships"]))
    running = Running(game, 1 + len(sides))
    try:
        for side in sides:
            html = running.get(running.pages[side])[1].decode()
            for ship in status["ships"]:
                assert escape(ship["name"]) in html, (side, ship["name"])
                drawn = f'id="ship-{ship["id"]}"' in html
                assert drawn == (ship["side"] == side), (side, ship["id"])
            assert 'class="b' in html                                    # rows of squares, as the sheet
            seen = {s["id"]: s for s in running.state(side)["ships"]}
            for ship in status["ships"]:
                if ship["side"] != side:
                    assert set(seen[ship["id"]]) == {"id", "name", "side", "class", "state"}
                else:
                    assert set(seen[ship["id"]]) == set(ship)
    finally:
        running.kill()


def test_last_events_are_the_journal_lines_as_log_prints_them(board, game):
    assert umpire_cli(game, *FIRE).returncode == 0
    log = json.loads(umpire_cli(game, "--json", "log").stdout)
    lines = log["events"] if isinstance(log, dict) else log
    assert board.state(None)["last_events"] == lines[-10:]


def test_the_shell_sends_the_board_to_a_terminal_of_its_own(game):
    import subprocess
    import sys

    res = subprocess.run([sys.executable, "-m", "umpire", "--game", str(game), "shell", "--keep-going"],
                         input="serve\nstatus\n",
                         capture_output=True, text=True, timeout=60)
    assert "terminal of its own" in res.stderr and "mars" in res.stdout


def test_a_board_started_on_a_game_with_no_snapshot_writes_none(game):
    """Started where no snapshot or journal index is kept beside the game, the board reads the journal
    and writes neither (a command would keep them; the board is a reader only)."""
    for p in game.parent.iterdir():
        if p.name.startswith(f".{game.name}."):
            p.unlink()
    before = _files(game.parent)
    running = Running(game, 3)
    try:
        assert running.get(running.pages["british"])[0] == 200 and running.state(None)["ships"]
    finally:
        running.stop()
    assert _files(game.parent) == before
