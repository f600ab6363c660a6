"""`umpire shell`: every line journalled exactly as the same command run alone."""

from __future__ import annotations

import json
import os
import select
import shlex
import subprocess
import sys
import time

from umpire.core import game as gamefile
from tests.conftest import HERCULE, MARS

SETUP = [
    "new g.toml --ruleset wsim-1981 --seed 5",
    f'ship add MARS --side british --spec "{MARS}"',
    f'ship add HERCULE --side french --spec "{HERCULE}"',
]
PLAY = [
    "fire mars --at hercule --range 3 --side left --facing right --roll 4",
    "fire hercule --at mars --range 3 --side right --facing left",
    "turn",
    "fire mars --at hercule --range 2 --side left --facing right",
    "undo",
    "grapple mars hercule",
    "turn",
]


def shell(folder, lines, *opts, game="g.toml"):
    """Pipe `lines` into `umpire --game GAME [global opts] shell [--keep-going]`."""
    glob = [o for o in opts if o != "--keep-going"]
    own = [o for o in opts if o == "--keep-going"]
    return subprocess.run([sys.executable, "-m", "umpire", "--game", game, *glob, "shell", *own],
                          input="\n".join(lines) + "\n", capture_output=True, text=True, cwd=folder)


def alone(folder, line, game="g.toml"):
    """`umpire --game GAME LINE` in a process of its own."""
    return subprocess.run([sys.executable, "-m", "umpire", "--game", game, *shlex.split(line)],
                          capture_output=True, text=True, cwd=folder)


def set_up(umpire) -> None:
    """The duel of SETUP in g.toml of the test's folder, made in-process (the set-up is not what is tested)."""
    for line in SETUP:
        assert umpire("--game", "g.toml", *shlex.split(line)).code == 0, line


def journal(folder) -> list[str]:
    """The kinds of the events journalled in g.toml, read through the library."""
    return [e["kind"] for e in gamefile.load(folder / "g.toml").events]


def test_shell_journals_each_line_exactly_as_run_alone(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir(), b.mkdir()
    res = shell(a, ["# a duel", ""] + SETUP + PLAY)
    assert res.returncode == 0, res.stderr
    for line in SETUP + PLAY:
        assert alone(b, line).returncode == 0, line
    assert (a / "g.toml").read_bytes() == (b / "g.toml").read_bytes()


def test_piped_shell_stops_at_the_first_failing_line_with_its_code(tmp_path):
    res = shell(tmp_path, SETUP + ["fire nobody --at mars --range 3 --side left", "turn"])
    assert res.returncode == 2 and "nobody" in res.stderr
    assert journal(tmp_path) == ["ship", "ship"]   # `turn` never ran


def test_keep_going_runs_every_line_and_exits_with_the_highest_code(tmp_path):
    lines = SETUP + ["load mars --side left", "fire nobody --at mars --range 3 --side left", "turn"]
    res = shell(tmp_path, lines, "--keep-going")
    assert res.returncode == 2
    assert journal(tmp_path) == ["ship", "ship", "turn"]   # the refused load (already loaded, exit 1) left nothing


def test_json_shell_prints_one_object_per_line_run(tmp_path):
    lines = SETUP + ["# comment", "status", "fire nobody --at mars --range 3 --side left", "turn"]
    res = shell(tmp_path, lines, "--json", "--keep-going")
    objects = [json.loads(line) for line in res.stdout.splitlines()]
    assert len(objects) == 6
    assert objects[3]["turn"] == 1 and objects[4]["exit_code"] == 2 and "nobody" in objects[4]["error"]
    assert objects[5]["turn"] == 2


def test_a_line_may_not_name_another_game(tmp_path):
    res = shell(tmp_path, SETUP + ["--game other.toml status"])
    assert res.returncode == 2 and "--game" in res.stderr


def test_another_process_cannot_write_while_a_shell_holds_the_game(umpire, tmp_path):
    set_up(umpire)
    proc = subprocess.Popen([sys.executable, "-m", "umpire", "--game", "g.toml", "shell"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"})
    proc.stdin.write("status\n")
    proc.stdin.flush()
    # the shell takes the lock before it reads a line: once `status` has printed, the lock is held
    ready, _, _ = select.select([proc.stdout], [], [], 30)
    assert ready and proc.stdout.readline(), "the shell printed nothing for `status` within 30 s"
    before = (tmp_path / "g.toml").read_bytes()
    other = alone(tmp_path, "turn")
    assert other.returncode == 2 and "another umpire process" in other.stderr
    assert (tmp_path / "g.toml").read_bytes() == before
    proc.stdin.write("turn\n")
    proc.stdin.close()
    assert proc.wait(timeout=30) == 0
    assert gamefile.load(tmp_path / "g.toml").state()["turn"] == 2


def test_help_lines_and_blank_input(tmp_path):
    res = shell(tmp_path, ["help", "help fire", ""])
    assert res.returncode == 0 and "Usage" in res.stdout and "--range" in res.stdout


def test_a_long_log_prints_as_plain_columns(umpire, duel, monkeypatch):
    from umpire.cli import render

    monkeypatch.setattr(render, "PLAIN_ROWS", 1)
    umpire("turn")
    out = umpire("log").out.splitlines()
    assert out[0].startswith("journal of") and out[1].split() == ["#", "kind", "what", "dice"]
    assert out[2].split()[:2] == ["1", "ship"] and out[-1].split()[:2] == ["3", "turn"]


def test_on_a_terminal_the_shell_prompts_completes_and_goes_on_after_an_error(umpire, tmp_path):
    import pty

    set_up(umpire)
    pid, fd = pty.fork()
    if pid == 0:   # the child: the shell on a terminal
        os.chdir(tmp_path)
        os.environ["UMPIRE_HISTORY"] = str(tmp_path / "history")
        os.execv(sys.executable, [sys.executable, "-m", "umpire", "--game", "g.toml", "shell"])
    seen = b""
    read_to = 0   # what `expect` has matched so far; the next marker must come after it

    def expect(marker: str, timeout: float = 30.0) -> None:
        """Read the terminal until `marker` appears after the last match; fail after `timeout` s."""
        nonlocal seen, read_to
        wanted = marker.encode()
        end = time.monotonic() + timeout
        while (found := seen.find(wanted, read_to)) < 0:
            left = end - time.monotonic()
            shown = seen.decode(errors="replace")
            assert left > 0, f"no {marker!r} on the terminal within {timeout} s; it shows:\n{shown}"
            ready, _, _ = select.select([fd], [], [], min(left, 0.5))
            if ready:
                try:
                    seen += os.read(fd, 4096)
                except OSError:   # the shell has gone: nothing more will come
                    assert False, f"the shell ended before {marker!r}; it showed:\n" + seen.decode(errors="replace")
        read_to = found + len(wanted)

    try:
        expect("umpire g.toml turn 1>")
        os.write(fd, b"statu\t")
        expect("status ")                                   # the command completed
        os.write(fd, b"her\t\n")
        expect("HERCULE (hercule)")                         # the ship id completed, the line ran
        expect("umpire g.toml turn 1>")
        os.write(fd, b"fire nobody --at x --range 1 --side left\n")
        expect("no ship 'nobody'")                          # the error printed ...
        expect("umpire g.toml turn 1>")                     # ... and the shell went on
        os.write(fd, b"turn\n")
        expect("turn 2 begins")
        expect("umpire g.toml turn 2>")
        os.write(fd, b"exit\n")
        _, code = os.waitpid(pid, 0)
    except BaseException:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
        raise
    finally:
        os.close(fd)
    assert os.waitstatus_to_exitcode(code) == 0
    text = seen.decode(errors="replace")
    assert "status hercule" in text                                          # command and ship id completed on one line
