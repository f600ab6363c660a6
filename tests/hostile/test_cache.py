"""The snapshot and log index beside a game are caches that cannot lie: a forgery, even one with
its checksum worked out again, or one of the wrong shape, is rebuilt from the journal; the
temporary files of a writer killed while saving them are swept by the next write."""

from __future__ import annotations

from pathlib import Path

import json
import subprocess
import sys

import pytest

from umpire.core import logindex, snapshot
from tests.conftest import status

FIRE = ["fire", "mars", "--at", "hercule", "--range", "3", "--side", "left", "--facing", "right", "--roll", "4"]

try:
    from _blake2 import blake2b
except ImportError:     # pragma: no cover
    from hashlib import blake2b


def _snap(game):
    head, body = Path(snapshot.path_for(game)).read_text().split("\n", 1)
    return json.loads(head), json.loads(body)


def _forge(game, head, snap, signed=False):
    """Write a snapshot with a checksum worked out again: unkeyed, as anyone beside the game can;
    `signed` with the user's own key, as only umpire can (a snapshot of the wrong shape)."""
    body = json.dumps(snap, separators=(",", ":"), ensure_ascii=False)
    check = snapshot._check(body) if signed else blake2b(body.encode("utf-8"), digest_size=32).hexdigest()
    Path(snapshot.path_for(game)).write_text(json.dumps({**head, "check": check}) + "\n" + body)


def test_a_forged_consistent_snapshot_is_not_believed(umpire, duel):
    assert umpire(*FIRE).code == 0
    truth = status(umpire, "hercule")
    head, snap = _snap(duel)
    snap["state"]["ships"]["hercule"]["hull_left"] = 1            # a fake hull, shaped as a real one
    snap["parts"]["meta"]["seed"] = 999
    snap["logindex"] = None
    _forge(duel, head, snap)
    assert status(umpire, "hercule") == truth                      # status: the journal's truth
    assert umpire("--json", "verify").json["differences"] == []
    before = status(umpire, "mars")
    _forge(duel, *_snap_with_fake_hull(duel, "mars"))
    fired = umpire("--json", "fire", "hercule", "--at", "mars", "--range", "3", "--side", "left", "--facing",
                   "right", "--roll", "6")                         # fire strikes the real hull
    assert fired.code == 0, fired.err
    assert status(umpire, "mars")["hull_left"] == before["hull_left"] - fired.json["hits"]["hull"]
    _forge(duel, *_snap_with_fake_hull(duel, "mars"))
    assert umpire("undo").code == 0                                # undo steps back to the truth
    assert status(umpire, "mars") == before and status(umpire, "hercule") == truth
    assert umpire("--json", "verify").json["differences"] == []


def _snap_with_fake_hull(game, ship):
    head, snap = _snap(game)
    snap["state"]["ships"][ship]["hull_left"] = 1
    return head, snap


@pytest.mark.parametrize("change", [
    lambda s: s.update(state=[]), lambda s: s.update(undo=[[1]]), lambda s: s.update(parts={}),
    lambda s: s.update(n="3"), lambda s: s.update(logindex=5), lambda s: s["state"].update(ships=[]),
    lambda s: s["state"]["ships"].update(mars=3), lambda s: s.update(undo=[[{"op": "eat", "path": ["x"]}]]),
    lambda s: s["parts"].update(meta={"ruleset": 3}), lambda s: s.update(undo=[[]] * 65)])
def test_a_snapshot_of_the_wrong_shape_is_rebuilt(umpire, duel, change):
    assert umpire(*FIRE).code == 0
    truth = status(umpire, "hercule")
    head, snap = _snap(duel)
    change(snap)
    for command in (["--json", "status"], ["--json", "score"], ["log"], ["--json", "verify"], ["turn"], ["undo"]):
        _forge(duel, head, snap, signed=True)
        res = umpire(*command)
        assert res.code == 0, (command, res.err)
        head, _ = _snap(duel)
    assert status(umpire, "hercule") == truth


def test_a_forged_log_index_is_not_believed(umpire, duel):
    assert umpire(*FIRE).code == 0
    honest = umpire("--json", "log").json
    path = Path(logindex.path_for(duel))
    lines = path.read_bytes().splitlines(keepends=True)
    lines[-1] = lines[-1].replace(b"MARS", b"NOBODY")
    path.write_bytes(b"".join(lines))
    head, snap = _snap(duel)
    chain = ""
    for line in lines:
        chain = logindex._link(chain, line)
    snap["logindex"] = {"size": sum(map(len, lines)), "chain": chain}
    _forge(duel, head, snap)
    assert umpire("--json", "log").json == honest


def test_temporary_files_of_the_snapshot_and_log_index_are_swept(umpire, duel):
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                          text=True).stdout.strip()
    left = [duel.parent / f"..{duel.name}.state.json.{dead}.0123abcd.tmp",
            duel.parent / f"..{duel.name}.log.jsonl.{dead}.0123abcd.tmp",
            duel.parent / f".{duel.name}.{dead}.0123abcd.tmp"]
    for path in left:
        path.write_text("torn")
    mine = duel.parent / f"..{duel.name}.state.json.1.0123abcd.tmp"      # pid 1 lives: not ours to remove
    mine.write_text("busy")
    assert umpire(*FIRE).code == 0
    assert [p for p in left if p.exists()] == []
    assert mine.exists()


def test_report_shows_control_characters_escaped(umpire, tmp_path):
    from tests.conftest import HERCULE, MARS

    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-1981", "--seed", "5").code == 0
    name = "MARS\x1b]0;owned\x07\x9b2J"
    assert umpire("ship", "add", name, "--id", "mars", "--side", "british", "--spec", MARS).code == 0
    assert umpire("ship", "add", "HERCULE", "--side", "french", "--spec", HERCULE).code == 0
    assert umpire(*FIRE).code == 0
    for res in (umpire("report"), umpire("report", "-o", "-")):
        assert res.code == 0, res.err
        assert "\x1b" not in res.out and "\x07" not in res.out and "\x9b" not in res.out
        assert "\\x1b]0;owned\\x07" in res.out
    assert umpire("report", "-o", tmp_path / "r.md").code == 0
    assert "\x1b" not in (tmp_path / "r.md").read_text()
