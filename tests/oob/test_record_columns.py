"""An order of battle gives the values of a ship's record its ruleset declares for a CSV column
(core.record): a WS&IM turning ability read from `turning` is on the converted ship, and on her
record in a game started from the scenario; a bad value names line and column."""

from __future__ import annotations

import tomllib

MARS = "14H-(5-4-4)M-9(1)G-7R(3)-5-21'-26(CR)"
CSV = f'name,side,spec,class,turning\nMARS,british,"{MARS}",SOL,2\nORION,british,"{MARS}",SOL,\n'


def test_a_turning_column_reaches_the_ships_record(umpire, tmp_path):
    (tmp_path / "o.csv").write_text(CSV)
    assert umpire("oob", "convert", tmp_path / "o.csv", "--ruleset", "wsim-1974", "-o", tmp_path / "o.toml").code == 0
    ships = tomllib.loads((tmp_path / "o.toml").read_text())["ships"]
    assert [s.get("turning") for s in ships] == [2, None]
    assert umpire("new", tmp_path / "game.toml", "--scenario", tmp_path / "o.toml").code == 0
    records = [s["record"] for s in umpire("--json", "status").json["ships"]]
    assert [r["turning"] for r in records] == [2, None]
    res = umpire("oob", "export", "--scenario", tmp_path / "o.toml", "-o", "-")
    assert res.code == 0 and res.out.splitlines()[0].endswith(",turning") and res.out.splitlines()[1].endswith(",2")


def test_a_bad_turning_names_line_and_column(umpire, tmp_path):
    (tmp_path / "o.csv").write_text(f'name,side,spec,turning\nMARS,british,"{MARS}",9\n')
    res = umpire("oob", "convert", tmp_path / "o.csv", "--ruleset", "wsim-1981", "-o", tmp_path / "o.toml")
    assert res.code == 2 and "line 2, column turning" in res.err and "1 to 6" in res.err
    assert not (tmp_path / "o.toml").exists()


def test_a_bad_class_names_line_and_column(umpire, tmp_path):
    (tmp_path / "o.csv").write_text("name,side,nation,tons,men,guns,class\nA,x,british,480,136,2x12,Frigate\n")
    res = umpire("oob", "convert", tmp_path / "o.csv", "--ruleset", "wsim-1981", "-o", tmp_path / "o.toml")
    assert res.code == 2 and "line 2, column class" in res.err and "SOL" in res.err
    assert not (tmp_path / "o.toml").exists()


def test_record_columns_given_are_kept_and_never_asked(umpire, tmp_path):
    """class, turning and rate from the CSV reach the ship's record; a derived class number stands
    where no class is given; `new --scenario` names no ship lacking a value `move` asks for."""
    (tmp_path / "o.csv").write_text('name,side,nation,tons,men,guns,class,turning,rate\n'
                                    'Lawrence,american,american,480,136,"2x12,18x32C",5,2,20\n'
                                    'Detroit,british,british,490,150,"2x24,1x18,6x12,8x9",,3,19\n')
    assert umpire("oob", "convert", tmp_path / "o.csv", "--ruleset", "wsim-1981", "-o", tmp_path / "o.toml").code == 0
    res = umpire("new", tmp_path / "game.toml", "--scenario", tmp_path / "o.toml")
    assert res.code == 0 and "turning" not in res.err
    records = {s["id"]: s["record"] for s in umpire("--json", "status").json["ships"]}
    assert (records["lawrence"]["class_number"], records["lawrence"]["turning"], records["lawrence"]["rate"]) == (5, 2, 20)
    assert (records["detroit"]["class_number"], records["detroit"]["turning"], records["detroit"]["rate"]) == (4, 3, 19)


def test_a_rate_column_is_the_ships_gun_rating(umpire, tmp_path):
    """`rate` reaches her record's gun rating, with a spec given or taken from the listing."""
    src = tmp_path / "o.csv"
    src.write_text(f'name,side,nation,spec,rate\nMARS,british,british,"{MARS}",74\nBELLONA,british,british,,74\n')
    assert umpire("oob", "convert", src, "--ruleset", "wsim-1974", "-o", tmp_path / "o.toml").code == 0
    ships = tomllib.loads((tmp_path / "o.toml").read_text())["ships"]
    assert [s["rated_guns"] for s in ships] == [74, 74]
    assert umpire("new", tmp_path / "game.toml", "--scenario", tmp_path / "o.toml").code == 0
    assert [s["record"]["rate"] for s in umpire("--json", "status").json["ships"]] == [74, 74]


def test_a_rig_gives_the_class_with_a_spec_given(umpire, tmp_path):
    src = tmp_path / "o.csv"
    src.write_text("name,side,spec,rig\nREINDEER,british,\"3H-(1-1-1)M-(3)G-4R(4)-6-11'-9(EL)\",brig\n")
    assert umpire("oob", "convert", src, "--ruleset", "wsim-1981", "-o", tmp_path / "o.toml").code == 0
    ship = tomllib.loads((tmp_path / "o.toml").read_text())["ships"][0]
    assert (ship["class"], ship["class_number"]) == ("B", 5)
