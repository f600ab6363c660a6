"""Order-of-battle conversion: bad files refused with file, line and column; round trips."""

from __future__ import annotations

import tomllib

import pytest


def write(tmp_path, name, content):
    p = tmp_path / name
    p.write_bytes(content if isinstance(content, bytes) else content.encode())
    return p


@pytest.mark.parametrize("content, line, column", [
    ("side,nation\nbritish,british\n", 1, "name"),
    ("name,side,nation,tons,men,guns\nConstitution,american,american,heavy,456,30x24\n", 2, "tons"),
    ("name,side,nation,tons,men,guns\nConstitution,american,american,1576,456,30x25\n", 2, "guns"),
    ("name,side,nation,tons,men,guns\nConstitution,american,american,1576,456,30x\n", 2, "guns"),
    ("name,side,nation,tons,men,guns\nConstitution,american,american,-5,456,30x24\n", 2, "tons"),
    ("name,side,id,spec\nA,x,dup,7H-(2-2-1)M-2(1)G-5R(4)-6-15'-11(CR)\nB,y,dup,7H-(2-2-1)M-2(1)G-5R(4)-6-15'-11(CR)\n",
     3, "id"),
    ("", 1, "header"),
    (b"\x89PNG\r\n\x1a\n\x00\x00\xff\xfe", 1, "1"),
    ("name,side,spec\nA,x,14H-(5-4-4)M-10(1)G-7R(3)-5-22-23(AV)\n", 2, "spec"),
    ("name,side,nation,rate\nA,x,klingon,74\n", 2, "nation"),
    ("name,side,colour\nA,x,red\n", 1, "colour"),
])
def test_bad_oob_refused_and_nothing_written(umpire, tmp_path, content, line, column):
    src = write(tmp_path, "oob.csv", content)
    out = tmp_path / "out.toml"
    res = umpire("oob", "convert", src, "--ruleset", "wsim-1981", "-o", out)
    assert res.code == 2, res.err
    assert f"oob.csv: line {line}, column {column}" in res.err
    assert "Traceback" not in res.err
    assert not out.exists()


def test_wsim_derivation_reports_source(umpire, tmp_path):
    src = write(tmp_path, "fleet.csv", "name,side,nation,rate,quality\nBellona,british,british,74,CR\n"
                                       "Swiftsure,british,british,74,AV\nSwiftsure,french,france,74,GR\n")
    out = tmp_path / "fleet.toml"
    res = umpire("--json", "oob", "convert", src, "--ruleset", "wsim-1981", "-o", out)
    assert res.code == 0, res.err
    doc = tomllib.loads(out.read_text())
    ids = [s["id"] for s in doc["ships"]]
    assert ids == ["bellona", "swiftsure", "swiftsure-french"]
    # British 74 (Large Class) with a crack crew: the listing's 29 points
    assert doc["ships"][0]["spec"] == "14H-(5-4-4)M-9(2)G-7R(3)-5-21'-29(CR)"
    assert any("derived from the british 74-gun listing" in r for r in res.json["derived"])
    # the converted scenario starts a game
    assert umpire("new", tmp_path / "g.toml", "--scenario", out).code == 0


def test_rule_book_ship_lines(umpire, tmp_path):
    src = write(tmp_path, "lines.txt", "Hex 4319; Dir.4 VICTORY: 17H-(5-5-4)M-11(1)G-8R(3)-5-22'-33(EL) (British)\n"
                                       "side: french\nHex 4120; Dir.4 BUCENTAURE: 18H-(6-6-5)M-12(1)G-9R(3)-5-24'-33(AV)\n")
    out = tmp_path / "o.toml"
    assert umpire("oob", "convert", src, "--ruleset", "wsim-1981", "-o", out).code == 0
    ships = tomllib.loads(out.read_text())["ships"]
    assert [(s["name"], s["side"], s["hex"], s["direction"]) for s in ships] == [
        ("VICTORY", "british", "4319", 4), ("BUCENTAURE", "french", "4120", 4)]


def test_csv_round_trip_keeps_every_field(umpire, tmp_path):
    text = ("name,side,nation,tons,men,guns,id,class,quality,spec,rate,hex,direction,arrives,notes,kind\n"
            "VICTORY,british,british,2142,850,\"30x32,28x24,42x12\",victory,SOL,EL,"
            "17H-(5-5-4)M-11(1)G-8R(3)-5-22'-33(EL),1st,4319,4,,flagship,\n"
            "\"O'Brien & <Sons>\",british,british,300,90,10x6,obrien,B,AV,"
            "5H-(2-1-1)M-2(1)G-5R(4)-6-14'-9(AV),sloop,,,3,\"late, from the north\",\n")
    src = write(tmp_path, "in.csv", text)
    out = tmp_path / "s.toml"
    assert umpire("oob", "convert", src, "--ruleset", "wsim-1981", "-o", out).code == 0
    res = umpire("oob", "export", "--scenario", out, "-o", "-")
    assert res.code == 0
    import csv
    import io

    assert list(csv.reader(io.StringIO(res.out))) == list(csv.reader(io.StringIO(text)))


@pytest.mark.parametrize("content, line, column", [
    ("name,side,nation,tons,men,guns\nA,x,british,lots,200,10x12\n", 2, "tons"),
    ("name,side,nation,tons,men,guns\nA,x,british,500,200,10x13\n", 2, "guns"),
    ("name,side,nation,tons,men,guns\nA,x,british,500,,10x12\n", 2, "men"),
    ("name,side,nation,tons,men\nA,x,british,500,200\n", 2, "guns"),
    ("name,side,nation,tons,men,guns\nA,x,british,500,200,10x12\nB,y,french,400,100,8x12\nA,z,british,500,200,1x\n",
     4, "guns"),
])
def test_bad_dguts_oob(umpire, tmp_path, content, line, column):
    src = write(tmp_path, "fleet.csv", content)
    res = umpire("oob", "convert", src, "--ruleset", "dguts", "-o", tmp_path / "o.toml")
    assert res.code == 2 and f"fleet.csv: line {line}, column {column}" in res.err, res.err
    assert not (tmp_path / "o.toml").exists()


def test_dguts_conversion_computes_values_from_history(umpire, tmp_path):
    src = write(tmp_path, "lines.txt", "Constitution: 1576 tons, 456 men, 30-24#, 22-32#C (American)\n"
                                       "side: british\nGuerriere: 1092 tons, 272 men, 30-18#, 16-32#C, 2-12#\n")
    out = tmp_path / "cg.toml"
    res = umpire("--json", "oob", "convert", src, "--ruleset", "dguts", "-o", out)
    assert res.code == 0, res.err
    ships = tomllib.loads(out.read_text())["ships"]
    assert [(s["name"], s["nation"], s["tons"], s["men"], s["guns"]) for s in ships] == [
        ("Constitution", "american", 1576, 456, "30x24,22x32C"),
        ("Guerriere", "british", 1092, 272, "30x18,16x32C,2x12")]
    assert any("SF value 78.8" in r for r in res.json["derived"])      # 1576 / 20
    assert any("SF value 54.6" in r for r in res.json["derived"])      # 1092 / 20
    assert umpire("new", tmp_path / "g.toml", "--scenario", out).code == 0


def test_dguts_game_export_keeps_overrides(umpire, tmp_path):
    g = tmp_path / "g.toml"
    assert umpire("new", g, "--ruleset", "dguts").code == 0
    assert umpire("--game", g, "ship", "add", "Prize", "--side", "french", "--nation", "french", "--tons", "300",
                  "--men", "80", "--guns", "10x6", "--rate", "12", "--class", "2", "--merchant").code == 0
    out = umpire("--game", g, "oob", "export", "-o", "-").out
    import csv
    import io

    row = list(csv.DictReader(io.StringIO(out)))[0]
    assert (row["rate"], row["class"], row["kind"]) == ("12", "2", "merchant")
    src = write(tmp_path, "back.csv", out)
    assert umpire("oob", "convert", src, "--ruleset", "dguts", "-o", tmp_path / "back.toml").code == 0
    ship = tomllib.loads((tmp_path / "back.toml").read_text())["ships"][0]
    assert (ship["rate"], ship["class"], ship["kind"]) == ("12", "2", "merchant")


def test_grid_figures_come_from_the_men(umpire, tmp_path):
    """At about 20 men a figure (L18): a gunboat is not given a brig's ten figures; a first rate's
    figures stop at her panel's."""
    src = write(tmp_path, "erie.csv", "name,side,nation,tons,men,guns\nTrippe,american,american,60,35,1x32\n"
                                      "Lawrence,american,american,480,136,\"2x12,18x32C\"\n"
                                      "Victory,british,british,2142,850,\"30x32,28x24,30x12\"\n")
    out = tmp_path / "e.toml"
    res = umpire("--json", "oob", "convert", src, "--ruleset", "grid", "-o", out)
    assert res.code == 0, res.err
    ships = tomllib.loads(out.read_text())["ships"]
    assert [(s["crew"], s["marines"]) for s in ships] == [(2, 0), (6, 1), (22, 4)]
    assert "capped" in res.json["derived"][-1] or any("capped" in d for d in res.json["derived"])
    assert umpire("new", tmp_path / "g.toml", "--scenario", out).code == 0
