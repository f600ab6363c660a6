"""`sheet --oob FILE --ruleset ID` and `cards --oob ...` print an order of battle straight from the
list (contracts/gm.md "Printing straight from a list"): no scenario or game is written; a bad row
exits 2 naming file, line and column, and no PDF is written."""

from __future__ import annotations

import pytest

ERIE = ("name,side,nation,tons,men,guns,rig,turning\n"
        "Lawrence,american,american,480,136,\"2x12,18x32C\",brig,2\n"
        "Trippe,american,american,60,35,1x32,,\n"
        "Detroit,british,british,490,150,\"2x24,1x18,6x12,8x9,1x24C,1x18C\",ship,\n")
LIST = "British\nVictory (100)\nPickle (8)\n[French]\nBucentaure, 80 guns\n"


@pytest.mark.parametrize("ruleset", ["wsim-1981", "wsim-1974", "wsim-te26", "dguts"])
@pytest.mark.parametrize("command", ["sheet", "cards"])
def test_a_list_prints_without_a_scenario(umpire, tmp_path, ruleset, command):
    (tmp_path / "erie.csv").write_text(ERIE)
    (tmp_path / "list.txt").write_text(LIST)
    for src, count in (("erie.csv", 3), ("list.txt", 3)):
        out = tmp_path / f"{src}.pdf"
        res = umpire("--json", command, "--oob", tmp_path / src, "--ruleset", ruleset, "-o", out)
        assert res.code == 0, res.err
        assert res.json["ships"] == count and out.read_bytes().startswith(b"%PDF")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["erie.csv", "erie.csv.pdf", "list.txt", "list.txt.pdf"]


def test_a_one_line_file_prints_one_ship(umpire, tmp_path):
    (tmp_path / "one.csv").write_text("name,side,nation,tons,men,guns\nTrippe,american,american,60,35,1x32\n")
    res = umpire("--json", "sheet", "--oob", tmp_path / "one.csv", "--ruleset", "wsim-1981", "-o", tmp_path / "t.pdf")
    assert res.code == 0 and res.json["ships"] == 1


@pytest.mark.parametrize("command", ["sheet", "cards"])
@pytest.mark.parametrize("content, where", [
    ("name,side,nation,tons,men,guns\nA,x,british,480,136,2x12\nB,x,british,heavy,10,1x6\n", "line 3, column tons"),
    ("name,side,nation,tons,men,guns,class\nA,x,british,480,136,2x12,Frigate\n", "line 2, column class"),
    ("name,side,nation,tons,men,guns\nA,x,british,480,136,2x13\n", "line 2, column guns"),
])
def test_a_bad_row_exits_2_and_writes_no_pdf(umpire, tmp_path, command, content, where):
    (tmp_path / "bad.csv").write_text(content)
    out = tmp_path / "out.pdf"
    res = umpire(command, "--oob", tmp_path / "bad.csv", "--ruleset", "wsim-1981", "-o", out)
    assert res.code == 2 and f"bad.csv: {where}" in res.err, res.err
    assert not out.exists()


@pytest.mark.parametrize("args", [["--oob", "x.csv"], ["--ruleset", "wsim-1981"],
                                  ["--oob", "x.csv", "--ruleset", "dguts", "--scenario", "wsim-1b"]])
def test_oob_and_ruleset_go_together(umpire, tmp_path, args):
    (tmp_path / "x.csv").write_text(ERIE)
    res = umpire("sheet", *[tmp_path / a if a == "x.csv" else a for a in args], "-o", tmp_path / "o.pdf")
    assert res.code == 2 and "--oob" in res.err and not (tmp_path / "o.pdf").exists()


@pytest.mark.parametrize("line, ruleset", [
    ("Victory (100)\n", "wsim-1981"),
    ("Victory (100)\n", "dguts"),
    ("Constitution: 1576 tons, 456 men, 30-24#, 22-32#C (American)\n", "dguts"),
    ("Constitution: 1576 tons, 456 men, 30-24#, 22-32#C\n", "wsim-1981"),
    ("Hex 4319; Dir.4 VICTORY: 17H-(5-5-4)M-11(1)G-8R(3)-5-22'-33(EL)\n", "wsim-1974"),
    ("name,side,nation,tons,men,guns\nTrippe,american,american,60,35,1x32\n", "dguts"),
])
def test_a_single_line_of_any_kind_prints_one_ship(umpire, tmp_path, line, ruleset):
    """A file of one ship line, with no side line, prints that ship (`oob convert` still asks for a side)."""
    (tmp_path / "one.txt").write_text(line, encoding="utf-8")
    res = umpire("--json", "sheet", "--oob", tmp_path / "one.txt", "--ruleset", ruleset, "-o", tmp_path / "one.pdf")
    assert res.code == 0, res.err
    assert res.json["ships"] == 1 and (tmp_path / "one.pdf").exists()


def test_a_single_line_not_a_ship_names_the_line(umpire, tmp_path):
    (tmp_path / "one.txt").write_text("Victory the great\n")
    res = umpire("cards", "--oob", tmp_path / "one.txt", "--ruleset", "wsim-1981", "-o", tmp_path / "one.pdf")
    assert res.code == 2 and "one.txt: line 1" in res.err and not (tmp_path / "one.pdf").exists()


def test_some_ships_of_a_list_and_a_level(umpire, tmp_path):
    (tmp_path / "erie.csv").write_text(ERIE)
    res = umpire("--json", "sheet", "--oob", tmp_path / "erie.csv", "--ruleset", "wsim-1981", "lawrence",
                 "-o", tmp_path / "l.pdf")
    assert res.code == 0 and res.json["ships"] == 1, res.err
    res = umpire("--json", "sheet", "--oob", tmp_path / "erie.csv", "--ruleset", "wsim-1981", "--level", "advanced",
                 "-o", tmp_path / "a.pdf")
    assert res.code == 0 and res.json["ships"] == 3, res.err
    res = umpire("sheet", "--oob", tmp_path / "erie.csv", "--ruleset", "wsim-1981", "nelson", "-o", tmp_path / "n.pdf")
    assert res.code == 2 and not (tmp_path / "n.pdf").exists()
