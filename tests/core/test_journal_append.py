"""Appending an event copies the journal so far into the new file without reading it in, and taking
the last one off keeps the bytes before it: the file is always the old bytes plus one block, or the
old bytes less one, written atomically as every other write."""

from __future__ import annotations

import errno
import os

import pytest

from umpire.core import files
from umpire.core import game as gamefile
from umpire.core import journal

FIRE = ["fire", "mars", "--at", "hercule", "--range", "3", "--side", "left", "--facing", "right", "--roll", "4"]


def test_an_event_is_the_old_bytes_and_one_block_and_undo_gives_the_old_bytes_back(umpire, duel):
    assert umpire("turn").code == 0
    before = duel.read_bytes()
    assert umpire(*FIRE).code == 0
    after = duel.read_bytes()
    assert after.startswith(before) and after[len(before):].startswith(b"[[events]]\n")
    assert gamefile.load(duel).events[-1]["kind"] == "fire"
    assert umpire("undo").code == 0
    assert duel.read_bytes() == before
    assert umpire("verify").code == 0


def test_without_the_kernel_copy_the_same_bytes_are_written(umpire, duel, monkeypatch):
    assert umpire(*FIRE).code == 0
    expected = duel.read_bytes()
    assert umpire("undo").code == 0

    def refuse(*args, **kwargs):
        raise OSError(errno.EXDEV, "cross-device")

    monkeypatch.setattr(os, "copy_file_range", refuse)
    assert umpire(*FIRE).code == 0
    assert duel.read_bytes() == expected


def test_a_last_event_longer_than_the_tail_read_is_still_taken_off(umpire, duel, monkeypatch):
    before = duel.read_bytes()
    assert umpire(*FIRE).code == 0
    monkeypatch.setattr(journal, "TAIL", 16)      # the tail read holds no whole event: the file is parsed
    assert umpire("undo").code == 0
    assert duel.read_bytes() == before
    assert umpire(*FIRE).code == 0
    assert gamefile.load(duel).events[-1]["kind"] == "fire"


def test_a_file_changed_by_another_program_is_not_appended_to(umpire, duel, monkeypatch):
    real = files.write_atomic

    def meddle(path, data, what, **kw):
        if kw.get("head") is not None:
            raise AssertionError("the file was written although it had changed")
        return real(path, data, what, **kw)

    original = journal._unchanged

    def edited_meanwhile(game):
        original(game)
        with open(duel, "ab") as f:           # another program appends after the stamp was checked
            f.write(b"\n# a note\n")

    monkeypatch.setattr(files, "write_atomic", meddle)
    monkeypatch.setattr(journal, "_unchanged", edited_meanwhile)
    text = duel.read_bytes()
    res = umpire(*FIRE)
    assert res.code == 2 and "changed while this command ran" in res.err
    assert duel.read_bytes() == text + b"\n# a note\n"


def test_a_short_source_is_an_error_not_a_short_file(tmp_path):
    src, dst = tmp_path / "a", tmp_path / "b"
    src.write_bytes(b"0123456789")
    with open(src, "rb") as s, open(dst, "wb") as d:
        with pytest.raises(OSError):
            files.copy_bytes(s.fileno(), d.fileno(), 20)
