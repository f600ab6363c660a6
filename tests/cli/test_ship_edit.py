"""`umpire ship edit SHIP --FIELD VALUE` in every ruleset: journalled, undone, verified; bad values
refused naming the field; `--help` lists the game's fields; a value once given is never asked for
again (contracts/gm.md, "A ship's record is kept")."""

from __future__ import annotations

import pytest

from tests.conftest import HERCULE, MARS

FRIGATE = "10H-(4-4)M-12(2)G-5R(4)-6-12'-14(AV)"
PACK = """ruleset = "wsim-te26"
[tables.grappling]
rows = ["2-6", "7-12"]
cells = [["failure"], ["success"]]
"""

#: ruleset -> (how to start the game, a ship, an edit to make, the record field and value it gives)
GAMES = {
    "wsim-1981": ((), "mars", ("--turning", "2"), ("turning", 2)),
    "wsim-1974": (("--optional", "towing"), "mars", ("--rate", "74"), ("rate", 74)),
    "wsim-te26": (("--tables", "pack.toml"), "mars", ("--class", "sol"), ("class", "SOL")),
    "dguts": ((), "mars", ("--men", "600"), ("men", 600)),
    "grid": ((), "swallow", ("--quality", "trained"), ("quality", "trained")),
}


def _start(umpire, tmp_path, rid: str) -> None:
    (tmp_path / "pack.toml").write_text(PACK)
    assert umpire("new", tmp_path / "game.toml", "--ruleset", rid, "--seed", "3", *GAMES[rid][0]).code == 0
    if rid == "dguts":
        for name, side in (("MARS", "british"), ("HERCULE", "french")):
            assert umpire("ship", "add", name, "--side", side, "--nation", side, "--tons", "1700", "--men", "590",
                          "--guns", "28x32,28x18,18x9").code == 0
    elif rid == "grid":
        assert umpire("ship", "add", "Swallow", "--side", "british", "--type", "2-decker").code == 0
    else:
        for name, side, spec in (("MARS", "british", MARS), ("HERCULE", "french", HERCULE)):
            assert umpire("ship", "add", name, "--side", side, "--spec", spec).code == 0


def _ship(umpire, ship: str) -> dict:
    res = umpire("--json", "status", ship)
    assert res.code == 0, res.err
    return res.json["ships"][0]


@pytest.mark.parametrize("rid", sorted(GAMES))
def test_edit_is_journalled_shown_undone_and_verified(umpire, tmp_path, rid):
    _start(umpire, tmp_path, rid)
    _, ship, edit, (field, value) = GAMES[rid]
    before = _ship(umpire, ship)
    assert field in before["record"]
    res = umpire("--json", "ship", "edit", ship, *edit)
    assert res.code == 0, res.err
    assert _ship(umpire, ship)["record"][field] == value
    assert umpire("--json", "log").json["events"][-1]["kind"] == "ship"
    assert umpire("--json", "verify").json["differences"] == []
    assert umpire("undo").code == 0
    assert _ship(umpire, ship) == before


@pytest.mark.parametrize("rid", sorted(GAMES))
def test_help_lists_the_fields_of_the_games_ruleset(umpire, tmp_path, rid):
    _start(umpire, tmp_path, rid)
    res = umpire("ship", "edit", "--help")
    assert res.code == 0 and "Example" in res.out
    assert f"Fields of a {rid} ship's record" in res.out
    assert GAMES[rid][2][0] in res.out.split("Fields of")[1]
    others = [r for r in GAMES if r != rid and not (rid.startswith("wsim") and r.startswith("wsim"))]
    assert not any(f"Fields of a {r} " in res.out for r in others)


def test_help_without_a_game_lists_every_ruleset(umpire, tmp_path):
    res = umpire("--game", tmp_path / "none.toml", "ship", "edit", "--help")
    assert res.code == 0
    assert all(f"Fields of a {rid} ship's record" in res.out for rid in GAMES)


@pytest.mark.parametrize("args,needles", [
    (("--turning", "9"), ("--turning", "1 to 6")),
    (("--turning", "two"), ("--turning", "whole number")),
    (("--class", "galleon"), ("--class", "SOL, F")),
    (("--men", "300"), ("--men", "--turning")),
    (("--bogus=1",), ("--bogus", "--turning")),
    (("--turning",), ("--turning",)),
    ((), ("say what changes", "--turning")),
    (("--class", "F", "--class-number", "1"), ("class F", "number 1")),
])
def test_a_bad_value_exits_2_naming_the_field_and_what_it_takes(umpire, tmp_path, args, needles):
    _start(umpire, tmp_path, "wsim-1981")
    game = tmp_path / "game.toml"
    before = game.read_bytes()
    res = umpire("ship", "edit", "mars", *args)
    assert res.code == 2, res.err
    assert all(n in res.err for n in needles), res.err
    assert game.read_bytes() == before


def test_grid_refuses_a_field_it_keeps_for_the_set_up(umpire, tmp_path):
    _start(umpire, tmp_path, "grid")
    res = umpire("ship", "edit", "swallow", "--crew", "3")
    assert res.code == 2 and "--quality" in res.err


def test_move_reads_the_turning_ability_once_given(umpire, tmp_path):
    _start(umpire, tmp_path, "wsim-1981")
    res = umpire("move", "mars", "R1", "--attitude", "B")
    assert res.code == 2 and "--turning" in res.err
    assert umpire("ship", "edit", "mars", "--turning", "2").code == 0
    res = umpire("--json", "move", "mars", "R1", "--attitude", "B")
    assert res.code == 0 and res.json["turning"] == 2, res.err


def test_move_keeps_a_typed_turning_ability_on_the_record(umpire, tmp_path):
    _start(umpire, tmp_path, "wsim-1981")
    res = umpire("--json", "move", "hercule", "R1", "--attitude", "B", "--turning", "2")
    assert res.code == 0, res.err
    assert any("kept on her record" in line for line in res.json["explain"])
    assert _ship(umpire, "hercule")["record"]["turning"] == 2
    assert umpire("turn").code == 0
    assert umpire("--json", "move", "hercule", "L1", "--attitude", "B").json["turning"] == 2
    assert umpire("turn").code == 0
    assert umpire("move", "hercule", "L1", "--attitude", "B", "--turning", "2").code == 0   # the same: accepted
    assert umpire("turn").code == 0
    res = umpire("move", "hercule", "L1", "--attitude", "B", "--turning", "3")
    assert res.code == 2 and "ship edit hercule --turning" in res.err
    assert umpire("--json", "verify").json["differences"] == []
    for _ in range(6):
        assert umpire("undo").code == 0
    assert _ship(umpire, "hercule")["record"]["turning"] is None


def test_1974_move_keeps_a_typed_turning_ability(umpire, tmp_path):
    _start(umpire, tmp_path, "wsim-1974")
    assert umpire("move", "mars", "1R", "--attitude", "C", "--turning", "2").code == 0
    assert _ship(umpire, "mars")["record"]["turning"] == 2
    assert umpire("--json", "verify").json["differences"] == []


def test_1974_towing_reads_a_gun_rating_given_with_ship_edit(umpire, tmp_path):
    """Towing: "Ships towing a ship of equal or inferior gun rating lose one hex ... superior, two"."""
    _start(umpire, tmp_path, "wsim-1974")
    assert umpire("ship", "add", "ORION", "--side", "british", "--spec", MARS).code == 0
    res = umpire("tow", "orion", "mars")            # the ratings are asked for when the tow is made
    assert res.code == 2 and "gun rating" in res.err
    assert umpire("ship", "edit", "orion", "--rate", "74").code == 0
    assert umpire("ship", "edit", "mars", "--rate", "98").code == 0
    assert umpire("tow", "orion", "mars").code == 0
    res = umpire("--json", "speed", "orion", "--attitude", "B")
    assert res.code == 0, res.err
    assert any("98 guns against 74" in line for line in res.json["explain"])
    assert umpire("--json", "verify").json["differences"] == []


def test_dguts_options_keep_working_as_before(umpire, tmp_path):
    _start(umpire, tmp_path, "dguts")
    res = umpire("--json", "ship", "edit", "mars", "--rate", "74", "--class", "III", "--sailing-class", "b",
                 "--weatherliness", "2", "--kind", "warship", "--nation", "british", "--tons", "1650")
    assert res.code == 0, res.err
    record = _ship(umpire, "mars")["record"]
    assert record["rate"] == "74" and record["sailing_class"] == "b" and record["tons"] == 1650
    res = umpire("ship", "edit", "mars", "--turning", "2")
    assert res.code == 2 and "turning" in res.err


def test_new_names_the_scenario_ships_whose_turning_ability_move_will_ask_for(umpire, tmp_path):
    res = umpire("new", tmp_path / "game.toml", "--scenario", "wsim-1a")
    assert res.code == 0
    assert "warning: nymphe, cleopatre: the turning ability on the counter not given" in res.err
    assert "ship edit SHIP --turning N" in res.err
    res = umpire("new", tmp_path / "d.toml", "--scenario", "dguts-constitution-guerriere")
    assert "warning" not in res.err
