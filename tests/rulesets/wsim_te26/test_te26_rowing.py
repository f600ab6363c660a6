"""Tournament Edition 2.6, Optional 39.0: rowing (`row SHIP --to oars|sails`, Advanced Game)."""

from __future__ import annotations

from tests.rulesets.wsim_te26.helpers import ADV, crew_hit_pack

SPEC = "14H-(5-4-4)M-18(4)G-7R(3)-5-21'-26(AV)"


def _game(umpire, tmp_path, *optional, level="advanced"):
    (tmp_path / "p.toml").write_text(crew_hit_pack() + ADV)
    args = []
    for name in optional:
        args += ["--optional", name]
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-te26", "--level", level,
                  "--tables", tmp_path / "p.toml", *args).code == 0
    assert umpire("ship", "add", "Gunboat", "--side", "gb", "--class", "6", "--turning", "3", "--spec", SPEC).code == 0
    assert umpire("ship", "add", "Orient", "--side", "fr", "--class", "2", "--spec", SPEC).code == 0


def _speed(umpire, att):
    return umpire("--json", "speed", "gunboat", "--attitude", att).json


def test_class_5_and_6_ships_row_from_the_next_turn(umpire, tmp_path):
    """39.0 "Class 5 and 6 ships may row"; 39.2 "To change to or from battle sails and oars on the
    next turn, a ship must plot "row" or "sail" in the notes column, putting men in the rigging"."""
    _game(umpire, tmp_path, "rowing")
    res = umpire("row", "orient", "--to", "oars")
    assert res.code == 1 and "class 5 and 6" in res.err
    res = umpire("row", "gunboat", "--to", "sails")
    assert res.code == 1 and "under sail already" in res.err
    res = umpire("row", "gunboat", "--to", "paddles")
    assert res.code == 2
    assert umpire("sail", "gunboat", "full").code == 0
    res = umpire("row", "gunboat", "--to", "oars")
    assert res.code == 1 and "39.2" in res.err                        # from battle sails
    assert umpire("undo").code == 0
    res = umpire("--json", "row", "gunboat", "--to", "oars")
    assert res.code == 0 and res.json["from_turn"] == 2
    assert _speed(umpire, "A")["sail"] == "battle"                  # this turn still under sail
    assert umpire("row", "gunboat", "--to", "sails").code == 1       # a change pending
    assert umpire("sail", "gunboat", "full").code == 1
    assert umpire("turn").code == 0
    assert _speed(umpire, "A")["sail"] == "oars"
    assert umpire("--json", "row", "gunboat", "--to", "sails").json["from_turn"] == 3
    assert umpire("turn").code == 0
    assert _speed(umpire, "A")["sail"] == "battle"
    assert umpire("verify").code == 0


def test_two_crew_sections_are_needed_to_row(umpire, tmp_path):
    """39.1 "Two crew sections are needed to row"."""
    _game(umpire, tmp_path, "rowing")
    assert umpire("ship", "add", "Cutter", "--side", "gb", "--class", "5", "--spec",
                  "6H-(4)M-4(0)G-5R(3)-5-22'-5(AV)").code == 0
    res = umpire("row", "cutter", "--to", "oars")
    assert res.code == 1 and "39.1" in res.err


def test_movement_under_oars(umpire, tmp_path):
    """39.3 "When rowed, a ship has 2 movement points in attitudes A, B, & C. It has 0 movement
    points in attitude D, unless the wind velocity is "Light Breeze", in which case it has 1
    movement point, or "Becalmed", in which case it has 2 movement points"."""
    _game(umpire, tmp_path, "rowing")
    assert umpire("row", "gunboat", "--to", "oars").code == 0
    assert umpire("turn").code == 0
    assert [_speed(umpire, a)["allowance"] for a in "ABCD"] == [2, 2, 2, 0]
    assert umpire("wind", "--velocity", "1").code == 0
    assert _speed(umpire, "D")["allowance"] == 1
    assert umpire("wind", "--velocity", "0").code == 0
    assert _speed(umpire, "D")["allowance"] == 2
    res = umpire("--json", "move", "gunboat", "2", "--attitude", "D")
    assert res.code == 0, res.err
    assert res.json["allowance"] == 2 and any("39.3" in line for line in res.json["explain"])
    assert umpire("wind", "--velocity", "3").code == 0
    assert umpire("move", "gunboat", "1", "--attitude", "D").code == 1


def test_a_rowed_ship_neither_loads_nor_fires_and_takes_no_rigging_hits(umpire, tmp_path):
    """39.4 "A ship being rowed may not load or fire guns and does not suffer rigging hits"."""
    _game(umpire, tmp_path, "rowing")
    assert umpire("fire", "gunboat", "--at", "orient", "--range", "8", "--side", "left", "--roll", "1").code == 0
    assert umpire("row", "gunboat", "--to", "oars").code == 0
    assert umpire("turn").code == 0           # plotted last turn: her fired broadside reloaded at its end
    assert umpire("fire", "orient", "--at", "gunboat", "--range", "8", "--side", "left", "--roll", "1").code == 0
    res = umpire("fire", "gunboat", "--at", "orient", "--range", "2", "--side", "left", "--roll", "3")
    assert res.code == 1 and "39.4" in res.err
    # at the rigging, die 3: "2R-C": the crew hit lands, the rigging hits do not
    res = umpire("--json", "fire", "orient", "--at", "gunboat", "--range", "6", "--side", "right", "--aim",
                 "rigging", "--facing", "left", "--roll", "3")
    assert res.code == 0, res.err
    assert res.json["rowed_target"] is True
    gunboat = umpire("--json", "status", "gunboat").json["ships"][0]
    assert gunboat["rigging_left"] == [7, 7, 7] and gunboat["crew_left"] == [4, 4, 4]
    assert umpire("turn").code == 0
    res = umpire("load", "gunboat", "--side", "left")
    assert res.code == 1 and "39.4" in res.err
    assert umpire("verify").code == 0


def test_only_with_the_optional_rule(umpire, tmp_path):
    _game(umpire, tmp_path)
    res = umpire("row", "gunboat", "--to", "oars")
    assert res.code == 1 and "rowing" in res.err


def test_only_in_the_advanced_game(umpire, tmp_path):
    _game(umpire, tmp_path, "rowing", level="basic")
    res = umpire("row", "gunboat", "--to", "oars")
    assert res.code == 2 and "Advanced" in res.err
