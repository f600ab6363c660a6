"""`sheet -o`, `cards -o` and `oob export -o` write as the game file is written (umpire/core/files.py):
through a new temporary file renamed over the output, keeping a symbolic link and the permissions,
refusing a read-only file and the game file itself, leaving no temporary file behind."""

from __future__ import annotations

import os

import pytest

COMMANDS = {"sheet": ("sheet",), "cards": ("cards",), "export": ("oob", "export")}


def _leftovers(folder) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp") or ".tmp" in p.name)


@pytest.mark.parametrize("cmd", COMMANDS)
def test_output_through_a_link_keeps_the_link_and_its_permissions(umpire, duel, tmp_path, cmd):
    real = tmp_path / "real.out"
    real.write_bytes(b"old")
    os.chmod(real, 0o600)
    link = tmp_path / "link.out"
    link.symlink_to(real)
    res = umpire(*COMMANDS[cmd], "-o", link)
    assert res.code == 0, res.err
    assert link.is_symlink() and real.read_bytes() != b"old"
    assert oct(real.stat().st_mode & 0o777) == oct(0o600)
    assert _leftovers(tmp_path) == []


@pytest.mark.parametrize("cmd", COMMANDS)
def test_a_read_only_output_is_refused_and_left_alone(umpire, duel, tmp_path, cmd):
    out = tmp_path / "ro.out"
    out.write_bytes(b"old")
    os.chmod(out, 0o444)
    res = umpire(*COMMANDS[cmd], "-o", out)
    assert res.code == 2 and "read-only" in res.err and "Traceback" not in res.err
    assert out.read_bytes() == b"old" and _leftovers(tmp_path) == []


@pytest.mark.parametrize("cmd", COMMANDS)
def test_never_over_the_game_file_also_through_a_hard_link(umpire, duel, tmp_path, cmd):
    before = duel.read_bytes()
    hard = tmp_path / "hard.toml"
    os.link(duel, hard)
    for target in (duel, hard):
        res = umpire(*COMMANDS[cmd], "-o", target)
        assert res.code == 2 and "is the game file" in res.err
    assert duel.read_bytes() == before


def test_a_failed_export_leaves_the_old_file(umpire, duel, tmp_path, monkeypatch):
    out = tmp_path / "fleet.csv"
    out.write_bytes(b"old")

    def full(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    res = umpire("oob", "export", "-o", out)
    monkeypatch.undo()
    assert res.code == 2 and "cannot write (No space left on device)" in res.err
    assert out.read_bytes() == b"old" and _leftovers(tmp_path) == []


def test_a_report_pdf_is_written_the_same_way(umpire, duel, tmp_path):
    real = tmp_path / "real.pdf"
    real.write_bytes(b"old")
    link = tmp_path / "report.pdf"
    link.symlink_to(real)
    res = umpire("report", "-o", link)
    assert res.code == 0, res.err
    assert link.is_symlink() and real.read_bytes().startswith(b"%PDF") and _leftovers(tmp_path) == []
