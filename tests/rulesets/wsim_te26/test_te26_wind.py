"""Tournament Edition 2.6, the Advanced Wind Phase (30.0) with Optional 40 and 43 on the pack's cards."""

from __future__ import annotations

import pytest

from tests.rulesets.wsim_te26.helpers import ADV, EIGHTY, PACK, WIND_PACK, fire_pack, melee_game


def _game(umpire, tmp_path, *optional, pack=WIND_PACK):
    args = []
    if pack:
        (tmp_path / "p.toml").write_text(pack)
        args = ["--tables", tmp_path / "p.toml"]
    for name in optional:
        args += ["--optional", name]
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-te26", "--level", "advanced", *args).code == 0


def test_two_dice_every_turn_against_the_change_number(umpire, tmp_path):
    """30.1.2 "rolling two dice"; 30.1.2.1 "If the result equals the wind change number, another die
    is rolled and the Wind Direction Change Table is consulted"."""
    _game(umpire, tmp_path)
    assert umpire("wind", "--direction", "2", "--change", "7").code == 0
    res = umpire("--json", "wind", "--rolls", "3,3")
    assert res.code == 0 and res.json["changed"] is False and res.json["rolls"] == [3, 3], res.err
    assert umpire("wind", "--rolls", "3,4,3").code == 1            # once a turn
    assert umpire("turn").code == 0
    res = umpire("--json", "wind", "--rolls", "3,4,3")             # 7: die 3, one hexside clockwise
    assert res.code == 0 and res.json["wind"]["direction"] == 3 and res.json["changed"] is True, res.err
    assert umpire("turn").code == 0
    assert umpire("--json", "wind", "--rolls", "4,3,5").json["wind"]["direction"] == 2     # back to initial
    assert umpire("turn").code == 0
    res = umpire("wind", "--rolls", "4,3")
    assert res.code == 2 and "another die" in res.err
    assert umpire("--json", "status").json["wind"] == {"direction": 2, "velocity": 3, "change": 7}
    assert umpire("verify").code == 0


@pytest.mark.parametrize("change, bad", [("1", True), ("13", True), ("12", False), ("2", False)])
def test_change_numbers_are_two_dice_totals(umpire, tmp_path, change, bad):
    _game(umpire, tmp_path)
    res = umpire("wind", "--change", change)
    assert (res.code == 2) is bad and (not bad or "2 to 12" in res.err)


def test_wind_velocity_and_changing_wind_number(umpire, tmp_path):
    """40.2 a second die on the Wind Velocity Changes Table; 40.3.4 a hurricane ends the game;
    43.0 a die on the Changing Wind Number Chart, "not rolled if the wind does not change"."""
    _game(umpire, tmp_path, "wind-velocity", "changing-wind-number")
    assert umpire("wind", "--direction", "4", "--velocity", "3", "--change", "11").code == 0
    res = umpire("--json", "wind", "--rolls", "5,6,2,3")         # no change in direction or velocity: no 4th die
    assert res.code == 0 and res.json["rolls"] == [5, 6, 2, 3] and res.json["wind"]["change"] == 11, res.err
    assert umpire("turn").code == 0
    res = umpire("--json", "wind", "--rolls", "6,5,3,6,1")       # clockwise, +4: hurricane; new number 6
    assert res.code == 0 and res.json["wind"] == {"direction": 5, "velocity": 7, "change": 6}, res.err
    assert any("hurricane" in line for line in res.json["explain"])


def test_wind_needs_the_pack_and_the_advanced_game(umpire, tmp_path):
    _game(umpire, tmp_path, pack=None)
    assert umpire("wind", "--change", "7").code == 0
    res = umpire("wind", "--rolls", "3,4,1")
    assert res.code == 2 and "Wind Direction Change Table" in res.err and "tables template" in res.err
    res = umpire("new", tmp_path / "b.toml", "--ruleset", "wsim-te26", "--optional", "wind-velocity")
    assert res.code != 0 and "advanced" in res.err


def test_an_original_change_number_is_converted():
    """30.1.2.1 "An original wind change # of 6 ... becomes an 11 ...; a 5 becomes a 9 ...; a 4 becomes a 7"."""
    from umpire.core.tables import Tables
    from umpire.rules.wsim.editions.te26.wind import initial, rules_of

    rules = rules_of(Tables("wsim-te26"))
    assert [initial({"direction": 1, "change": c}, rules)["change"] for c in (6, 5, 4, 3)] == [11, 9, 7, 0]
    assert initial({"velocity": "gale"}, rules)["velocity"] == 5


def test_single_ship_victory_is_announced_citing_this_text(umpire, tmp_path):
    """14.1 "when one ship surrenders, the other player is the victor"; 14.1.4 the game ends."""

    melee_game(umpire, tmp_path)
    res = umpire("--json", "melee", "a", "--at", "b", "--rolls", "5,2,6,1,3,3")
    assert res.code == 0 and res.json["game_over"]["winner"] == "x", res.err
    assert res.json["game_over"]["source"] == "TE 2.6 14.1"
    assert any(line.startswith("game over") and "TE 2.6 14.1" in line for line in res.json["explain"])
    assert umpire("--json", "score").json["victory"]["source"] == "TE 2.6 14.1"
    assert umpire("verify").code == 0


def test_gales_and_storms(umpire, tmp_path):
    """40.3.5 "Ships at full sail when the velocity increases to storm suffer damage to rigging
    squares equal to half (rounded up) of the roll of one die. If the die roll is a "6", also roll
    on the Critical Hit Table. Results 5R and 11R are "No effect""; "no ship may change from battle
    sails to full sails"; 40.3.4 fouled or grappled ships: "A roll of 1, if Gale, or 1 or 2, if
    Storm, results in the loss of one rigging square"; 40.3.3 in a storm class 1 ships -2 on the
    Hit Table."""

    pack = fire_pack() + ADV + WIND_PACK.split("\n", 1)[1] + "[tables.fouling]" + PACK.split("[tables.fouling]")[1]
    (tmp_path / "p.toml").write_text(pack)
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-te26", "--level", "advanced", "--tables",
                  tmp_path / "p.toml", "--optional", "wind-velocity").code == 0
    for name, side, cls in (("A", "x", "1"), ("B", "x", "2"), ("C", "y", "2")):
        assert umpire("ship", "add", name, "--side", side, "--class", cls, "--spec", EIGHTY.format(q="AV")).code == 0
    assert umpire("sail", "a", "full").code == 0
    assert umpire("foul", "b", "c", "--rolls", "6,6").code == 0
    assert umpire("wind", "--direction", "3", "--velocity", "5", "--change", "7").code == 0
    # 3 + 4 = 7: direction die 2 (no change), velocity die 5 (+1: storm); A at full sails: die 6,
    # 3 rigging squares and the Critical Hit Table 2 + 3 = 5: no effect; B die 2: one square; C die 3
    res = umpire("--json", "wind", "--rolls", "3,4,2,5,6,2,3,2,3")
    assert res.code == 0, res.err
    assert res.json["wind"]["velocity"] == 6 and res.json["rolls"] == [3, 4, 2, 5, 6, 2, 3, 2, 3]
    explain = "\n".join(res.json["explain"])
    assert "= 5: no effect" in explain and "40.3.4" in explain
    status = {s["id"]: s for s in umpire("--json", "status").json["ships"]}
    assert status["a"]["rigging_left"] == [4, 7, 7] and status["b"]["rigging_left"] == [6, 7, 7]
    assert status["c"]["rigging_left"] == [7, 7, 7]
    assert umpire("sail", "b", "full").code == 1
    # A, class 1, in a storm: 22 guns at 7 hexes table 0, initial +2, full sails -1, storm -2: -1, a miss
    res = umpire("--json", "fire", "a", "--at", "c", "--range", "7", "--side", "left", "--roll", "3")
    assert res.code == 0 and res.json["hit_table"] is None, res.err
    assert any("storm, class 1: -2" in line for line in res.json["explain"])
    assert umpire("verify").code == 0


def test_variable_wind_at_the_start(umpire, tmp_path):
    """42.0 "roll a die 3 times. The first die determines the initial wind direction. The second die
    determines the wind velocity (Wind Effects Table). The third die determines the wind change
    number on the Changing Wind Number Chart"."""
    pack = WIND_PACK + '[tables.starting-wind-velocity]\ncells = [[1], [2], [3], [3], [4], [5]]\n'
    _game(umpire, tmp_path, "variable-wind-direction-and-velocity", pack=pack)
    res = umpire("--json", "wind", "--rolls", "4,5,2")
    assert res.code == 0 and res.json["wind"] == {"direction": 4, "velocity": 4, "change": 7}, res.err
    res = umpire("--json", "wind", "--rolls", "3,3")                 # then the Wind Phase as usual
    assert res.code == 0 and res.json["changed"] is False
