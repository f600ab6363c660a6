"""The game file and the files beside it: exclusive creation, links, permissions, safe temporary
files, one lock per real file, and only regular files of a bounded size read."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from umpire.core import game as gamefile
from umpire.core import snapshot
from umpire.core.errors import BadInput, GameLocked
from tests.conftest import MARS

FIRE = ["fire", "mars", "--at", "hercule", "--range", "3", "--side", "left", "--facing", "right", "--roll", "4"]


def _extras(folder: Path) -> list[str]:
    """Files beside the game other than the game itself and its snapshot."""
    return sorted(p for p in os.listdir(folder) if p.endswith((".tmp", ".lock")))


# --- creating ---------------------------------------------------------------------------

def test_new_creates_exclusively_even_when_two_start_together(tmp_path):
    """Two `new` of the same file at once: exactly one succeeds, the other is refused."""
    target = tmp_path / "same.toml"
    script = (f"import sys; sys.path.insert(0, {os.getcwd()!r}); from umpire.cli import run; "
              f"sys.exit(run(['new', {str(target)!r}, '--ruleset', 'wsim-1981', '--seed', sys.argv[1]]))")
    for round_ in range(6):
        target.unlink(missing_ok=True)
        procs = [subprocess.Popen([sys.executable, "-c", script, str(i)], stderr=subprocess.PIPE)
                 for i in range(4)]
        codes = [p.wait() for p in procs]
        assert sorted(codes) == [0, 2, 2, 2], (round_, codes)
    assert _extras(tmp_path) == []


def test_new_refuses_a_file_that_appears_after_the_check(umpire, tmp_path, monkeypatch):
    target = tmp_path / "g.toml"
    real_state = gamefile.Game.state

    def appears(self, *a, **k):                # another program writes the file meanwhile
        target.write_text("mine\n")
        return real_state(self, *a, **k)

    monkeypatch.setattr(gamefile.Game, "state", appears)
    res = umpire("new", target, "--ruleset", "wsim-1981")
    assert res.code == 2 and "already exists" in res.err
    assert target.read_text() == "mine\n"


# --- writing through links, keeping permissions ---------------------------------------

def test_a_symlinked_game_keeps_its_link(umpire, duel, tmp_path):
    real = tmp_path / "real" / "game.toml"
    real.parent.mkdir()
    os.replace(duel, real)
    duel.symlink_to(real)
    assert umpire(*FIRE).code == 0
    assert duel.is_symlink() and os.readlink(duel) == str(real)
    assert gamefile.load(real).events[-1]["kind"] == "fire"
    assert _extras(tmp_path) == [] and _extras(real.parent) == []


def test_a_symlink_and_its_target_share_one_lock(duel, tmp_path):
    link = tmp_path / "link.toml"
    link.symlink_to(duel)
    with gamefile.locked(duel):
        with pytest.raises(GameLocked):
            with gamefile.locked(link):
                pass


def test_permissions_are_kept(umpire, duel):
    os.chmod(duel, 0o600)
    assert umpire(*FIRE).code == 0
    assert stat.S_IMODE(os.stat(duel).st_mode) == 0o600
    assert umpire("undo").code == 0
    assert stat.S_IMODE(os.stat(duel).st_mode) == 0o600
    snap = Path(snapshot.path_for(duel))
    assert stat.S_IMODE(os.stat(snap).st_mode) & 0o077 == 0     # the state is no more readable than the game


def test_a_read_only_game_is_refused_and_unchanged(umpire, duel):
    os.chmod(duel, 0o444)
    before = duel.read_bytes()
    res = umpire(*FIRE)
    assert res.code == 2 and "read-only" in res.err and "Traceback" not in res.err
    assert duel.read_bytes() == before and stat.S_IMODE(os.stat(duel).st_mode) == 0o444


def test_new_force_refuses_a_read_only_file(umpire, tmp_path):
    target = tmp_path / "g.toml"
    target.write_text("keep\n")
    os.chmod(target, 0o444)
    res = umpire("new", target, "--ruleset", "wsim-1981", "--force")
    assert res.code == 2 and "read-only" in res.err
    assert target.read_text() == "keep\n"


# --- temporary files -------------------------------------------------------------------

@pytest.mark.parametrize("planted", ["tmp", "snapshot-tmp"])
def test_a_symlink_planted_at_a_temporary_name_is_never_followed(umpire, duel, tmp_path, planted):
    victim = tmp_path / "victim.txt"
    victim.write_text("untouched\n")
    pid = os.getpid()
    name = {"tmp": f".{duel.name}.{pid}.tmp", "snapshot-tmp": f".{duel.name}.state.{pid}.tmp"}[planted]
    (tmp_path / name).symlink_to(victim)
    assert umpire(*FIRE).code == 0
    assert victim.read_text() == "untouched\n"


def test_a_snapshot_symlinked_to_the_game_never_changes_the_game(umpire, duel):
    snap = Path(snapshot.path_for(duel))
    snap.unlink(missing_ok=True)
    snap.symlink_to(duel)
    before = duel.read_bytes()
    assert umpire("status").code == 0
    assert duel.read_bytes() == before
    res = umpire("fire", "mars", "--at", "nobody", "--range", "3", "--side", "left")
    assert res.code == 2 and duel.read_bytes() == before


@pytest.mark.parametrize("kind", ["fifo", "dev-zero"])
def test_a_snapshot_that_is_not_a_regular_file_is_ignored(umpire, duel, kind):
    snap = Path(snapshot.path_for(duel))
    snap.unlink(missing_ok=True)
    if kind == "fifo":
        os.mkfifo(snap)
    else:
        snap.symlink_to("/dev/zero")
    assert umpire("status").code == 0


def test_a_lock_file_planted_as_a_symlink_is_refused(umpire, duel, tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("untouched\n")
    (tmp_path / f".{duel.name}.lock").symlink_to(victim)
    res = umpire(*FIRE)
    assert res.code == 2 and "lock" in res.err
    assert victim.read_text() == "untouched\n"


def test_no_lock_or_temporary_file_is_left_behind(umpire, duel, tmp_path):
    assert umpire(*FIRE).code == 0
    assert umpire("undo").code == 0
    assert umpire("fire", "mars", "--at", "nobody", "--range", "3", "--side", "left").code == 2
    assert _extras(tmp_path) == []


def test_a_failed_write_removes_its_temporary_file(duel, tmp_path, monkeypatch):
    game = gamefile.load(duel)

    def full(*a):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    before = duel.read_bytes()
    with pytest.raises(BadInput, match="No space left"):
        gamefile.save(game)
    assert duel.read_bytes() == before and _extras(tmp_path) == []


def test_temporary_files_of_killed_writers_are_swept(umpire, duel, tmp_path):
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    stray = tmp_path / f".{duel.name}.{dead.pid}.0123abcd.tmp"
    stray.write_text("half a game")
    assert umpire(*FIRE).code == 0
    assert not stray.exists()


# --- only regular files are games ---------------------------------------------------------

@pytest.mark.parametrize("kind", ["fifo", "/dev/zero", "/dev/urandom", "folder"])
def test_only_regular_files_are_read_as_games(umpire, tmp_path, kind):
    if kind == "fifo":
        path = tmp_path / "fifo.toml"
        os.mkfifo(path)
    elif kind == "folder":
        path = tmp_path
    else:
        path = Path(kind)
    script = (f"import sys; sys.path.insert(0, {os.getcwd()!r}); from umpire.cli import run; "
              f"sys.exit(run(['--game', {str(path)!r}, 'status']))")
    try:
        res = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=20)
    except subprocess.TimeoutExpired:
        pytest.fail(f"reading {kind} as a game did not return")
    assert res.returncode == 2 and "Traceback" not in res.stderr, res.stderr


def test_a_huge_game_file_is_refused_by_its_size(umpire, tmp_path, monkeypatch):
    from umpire.core import files

    monkeypatch.setattr(files, "MAX_GAME_BYTES", 1000)
    path = tmp_path / "big.toml"
    path.write_text('[game]\nruleset = "wsim-1981"\n' + "# padding\n" * 200)
    res = umpire("--game", path, "status")
    assert res.code == 2 and "too large" in res.err


@pytest.mark.parametrize("text", [
    '[game]\nruleset = "wsim-1981"\nx = ' + "[" * 3000 + "]" * 3000 + "\n",
    '[game]\nruleset = "wsim-1981"\nx = ' + "{a = " * 3000 + "1" + "}" * 3000 + "\n",
    '[game]\nruleset = "wsim-1981"\n' + "x" + ".a" * 3000 + " = 1\n",
])
def test_deeply_nested_toml_is_refused(umpire, tmp_path, text):
    path = tmp_path / "deep.toml"
    path.write_text(text)
    res = umpire("--game", path, "status")
    assert res.code == 2 and "nested" in res.err
    scen = tmp_path / "deep-scenario.toml"
    scen.write_text(text.replace("[game]", 'id = "x"\ntitle = "x"\n[y]'))
    res = umpire("new", tmp_path / "n.toml", "--ruleset", "wsim-1981", "--scenario", scen)
    assert res.code == 2 and "nested" in res.err


# --- OS errors ------------------------------------------------------------------------------

def test_a_read_only_folder_is_a_one_line_refusal(umpire, duel, tmp_path):
    if os.geteuid() == 0:
        pytest.skip("root writes to read-only folders")
    os.chmod(tmp_path, 0o555)
    try:
        res = umpire(*FIRE)
    finally:
        os.chmod(tmp_path, 0o755)
    assert res.code == 2 and len(res.err.strip().splitlines()) == 1


def test_a_file_name_too_long_is_a_one_line_refusal(umpire, tmp_path):
    res = umpire("new", tmp_path / ("a" * 300 + ".toml"), "--ruleset", "wsim-1981")
    assert res.code == 2 and "too long" in res.err and len(res.err.strip().splitlines()) == 1


@pytest.mark.parametrize("errno_, words", [(28, "No space left"), (27, "too large"), (18, "cross-device")])
def test_os_errors_while_writing_are_one_line_refusals(umpire, duel, monkeypatch, errno_, words):
    before = duel.read_bytes()
    real = os.replace

    def fail(src, dst, *a, **k):
        if str(dst).endswith("game.toml"):
            raise OSError(errno_, os.strerror(errno_))
        return real(src, dst, *a, **k)

    monkeypatch.setattr(os, "replace", fail)
    res = umpire(*FIRE)
    assert res.code == 2 and words.lower() in res.err.lower(), res.err
    assert duel.read_bytes() == before and _extras(duel.parent) == []
    monkeypatch.setattr(os, "replace", real)
    assert umpire("--json", "log").json   # the state in memory and on disk still agree


# --- locks under pressure -----------------------------------------------------------------------

def test_concurrent_writers_and_kills_never_lose_or_tear_the_game(duel, tmp_path):
    """Writers run together while some are killed mid-command: every event that reports success
    is in the journal exactly once, the file always parses, and nothing is left beside it."""
    script = (f"import sys; sys.path.insert(0, {os.getcwd()!r}); from umpire.cli import run; "
              f"sys.exit(run(['--game', {str(duel)!r}, 'turn']))")
    ok = 0
    for round_ in range(5):
        procs = [subprocess.Popen([sys.executable, "-c", script], stderr=subprocess.DEVNULL,
                                  stdout=subprocess.DEVNULL) for _ in range(6)]
        time.sleep(0.15 + 0.05 * round_)
        procs[0].kill()
        codes = [p.wait() for p in procs]
        assert all(c in (0, 2, -9) for c in codes), codes
        ok += codes.count(0)
        game = gamefile.load(duel)
        assert [e["n"] for e in game.events] == list(range(1, len(game.events) + 1))
    turns = [e for e in gamefile.load(duel).events if e["kind"] == "turn"]
    assert ok <= len(turns) <= ok + 5         # a killed writer may or may not have got its event in
    assert subprocess.run([sys.executable, "-c", script]).returncode == 0
    assert _extras(tmp_path) == []            # the next writer sweeps what killed ones left
