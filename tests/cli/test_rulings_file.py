"""A --rulings file is read as house rulings and nothing else: any other TOML is refused without
echoing what it holds, and only a regular file of a bounded size is read."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("text", [
    'password = "hunter2"\n',
    '[database]\npassword = "hunter2"\n',
    '[rulings]\nx = 1\n[secrets]\npassword = "hunter2"\n',
    'rulings = "hunter2"\n',
    '[rulings]\n"hdt.modifiers.rake" = { password = "hunter2" }\n',
    '[rulings]\n"hunter2 password" = 1\n',
])
def test_a_file_that_is_not_rulings_is_refused_without_echoing_it(umpire, duel, tmp_path, text):
    f = tmp_path / "other.toml"
    f.write_text(text)
    before = duel.read_bytes()
    res = umpire("--rulings", f, "status")
    assert res.code == 2 and "hunter2" not in res.err + res.out, res.err
    assert "rulings file" in res.err or "house ruling" in res.err
    assert duel.read_bytes() == before


@pytest.mark.parametrize("where", ["/dev/zero", "fifo", "folder"])
def test_only_a_regular_file_is_read_as_rulings(umpire, duel, tmp_path, where):
    import os

    path = {"/dev/zero": "/dev/zero", "folder": str(tmp_path), "fifo": str(tmp_path / "f.toml")}[where]
    if where == "fifo":
        os.mkfifo(path)
    res = umpire("--rulings", path, "status")
    assert res.code == 2 and "rulings file" in res.err


def test_good_rulings_files_still_apply(umpire, duel, tmp_path):
    f = tmp_path / "house.toml"
    f.write_text('[rulings]\n"hdt.modifiers.initial_broadside" = [0, 0, 0, 0, 0]\n')
    assert umpire("--rulings", f, "status").code == 0
