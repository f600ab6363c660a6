"""Exported CSV is never a spreadsheet formula; `oob convert -o` never writes over the game, even
through a link; a converted scenario is always one `new` accepts."""

from __future__ import annotations

import csv
import io
import os

import pytest

from tests.conftest import MARS

NASTY = ["=HYPERLINK(\"http://x\",\"y\")", "+cmd|' /C calc'!A0", "-2+3", "@SUM(A1:A2)"]


@pytest.mark.parametrize("name", NASTY)
def test_exported_names_are_not_formulas_and_read_back(umpire, duel, tmp_path, name):
    assert umpire("ship", "add", "--id", "nasty", "--side", "british", "--spec", MARS, "--", name).code == 0
    res = umpire("oob", "export", "-o", "-")
    assert res.code == 0
    rows = list(csv.DictReader(io.StringIO(res.out)))
    cell = next(r["name"] for r in rows if r["id"] == "nasty")
    assert cell[0] not in "=+-@" and cell == "'" + name
    (tmp_path / "out.csv").write_text(res.out)
    assert umpire("oob", "convert", tmp_path / "out.csv", "--ruleset", "wsim-1981", "-o", tmp_path / "s.toml").code == 0
    import tomllib

    names = [s["name"] for s in tomllib.loads((tmp_path / "s.toml").read_text())["ships"]]
    assert name in names


def test_numbers_stay_numbers_in_csv():
    from umpire.oob.convert import export_csv

    text = export_csv([{"name": "A", "side": "b", "tons": -5, "men": "-3"}])
    assert ",-5," in text and ",-3," in text


@pytest.mark.parametrize("how", ["same", "hard", "sym"])
def test_convert_never_writes_over_the_active_game(umpire, duel, tmp_path, how):
    csv_ = tmp_path / "oob.csv"
    csv_.write_text(f'name,side,spec\nA,british,"{MARS}"\n')
    target = {"same": duel, "hard": tmp_path / "hard.toml", "sym": tmp_path / "sym.toml"}[how]
    if how == "hard":
        os.link(duel, target)
    elif how == "sym":
        target.symlink_to(duel)
    before = duel.read_bytes()
    res = umpire("oob", "convert", csv_, "--ruleset", "wsim-1981", "-o", target, "--force")
    assert res.code == 2 and "game file" in res.err
    assert duel.read_bytes() == before


def test_convert_writes_safely_and_leaves_no_temporary_file(umpire, duel, tmp_path):
    csv_ = tmp_path / "oob.csv"
    csv_.write_text(f'name,side,spec\nA,british,"{MARS}"\n')
    victim = tmp_path / "victim.txt"
    victim.write_text("untouched\n")
    (tmp_path / ".s.toml.tmp").symlink_to(victim)         # the name the old code used
    assert umpire("oob", "convert", csv_, "--ruleset", "wsim-1981", "-o", tmp_path / "s.toml").code == 0
    assert victim.read_text() == "untouched\n"
    assert [p for p in os.listdir(tmp_path) if p.endswith(".tmp") and p != ".s.toml.tmp"] == []


def test_convert_refuses_a_class_that_new_would_refuse(umpire, tmp_path):
    csv_ = tmp_path / "oob.csv"
    csv_.write_text(f'name,side,spec,class\nA,british,"{MARS}",XYZ\n')
    res = umpire("oob", "convert", csv_, "--ruleset", "wsim-1981", "-o", tmp_path / "s.toml")
    assert res.code == 2 and "class" in res.err and not (tmp_path / "s.toml").exists()
