"""Tournament Edition 2.6, Advanced 20.0 Firefighting Phase: `burn SHIP set|fight|turn`."""

from __future__ import annotations

from tests.rulesets.wsim_te26.helpers import ADV, EIGHTY, advanced_fire, fire_pack


def _game(umpire, tmp_path):
    (tmp_path / "p.toml").write_text(fire_pack() + ADV + '[tables.grappling]\nrows = ["2-6", "7-12"]\n'
                                     'cells = [["failure"], ["success"]]\n')
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-te26", "--level", "advanced",
                  "--tables", tmp_path / "p.toml").code == 0
    for name, side in (("Ardent", "gb"), ("Brunswick", "gb"), ("Vengeur", "fr")):
        assert umpire("ship", "add", name, "--side", side, "--spec", EIGHTY.format(q="CR")).code == 0
    assert umpire("grapple", "ardent", "brunswick", "--rolls", "2,1").code == 0    # friendly: 3 + 4 (9.1.3)


def _ship(umpire, sid):
    return umpire("--json", "status", sid).json["ships"][0]


def test_fire_put_out_by_crew_sections(umpire, tmp_path):
    """20.1 "the fire is out if the roll is equal or less than number of crew sections assigned to it";
    19.7 no more than two sections; 20.4 a fire put out does not spread."""
    _game(umpire, tmp_path)
    assert umpire("burn", "ardent", "set").code == 0
    assert _ship(umpire, "ardent")["fire"] == "burning"
    before = (tmp_path / "game.toml").read_bytes()
    res = umpire("burn", "ardent", "fight", "--crew", "3", "--roll", "1")
    assert res.code == 1 and "19.7" in res.err
    assert (tmp_path / "game.toml").read_bytes() == before
    res = umpire("--json", "burn", "ardent", "fight", "--crew", "2", "--rolls", "2")
    assert res.code == 0 and res.json["fire"] == "out" and res.json["rolls"] == [2], res.err
    ship = _ship(umpire, "ardent")
    assert ship["fire"] is None and ship["hull_left"] == 14
    assert umpire("burn", "ardent", "turn").code == 1            # not on fire any more


def test_fire_not_put_out_burns_and_spreads(umpire, tmp_path):
    """20.1 "If the fire is not put out, mark out one rigging and one hull square"; 20.4 grappled to
    another ship: two dice, a 2 spreads the fire; once a turn; fighting crew count as crew sections
    down when she fires (11.3.3)."""
    _game(umpire, tmp_path)
    assert umpire("burn", "ardent", "set").code == 0
    res = umpire("--json", "burn", "ardent", "fight", "--crew", "1", "--rolls", "3,1,1")
    assert res.code == 0 and res.json["fire"] == "burning" and res.json["spread"] == ["brunswick"], res.err
    ship = _ship(umpire, "ardent")
    assert ship["hull_left"] == 13 and ship["rigging_left"] == [6, 7, 7]
    assert _ship(umpire, "brunswick")["fire"] == "burning"
    assert any(line.startswith("Critical Hit 2H: 2H") for line in res.json["explain"])     # the card's entry
    assert umpire("burn", "ardent", "fight", "--crew", "1", "--rolls", "1").code == 1     # once a turn
    # 22 guns at 3 hexes: table 3, crack +2, initial +2, one section fighting the fire -2, and
    # the grapple tried this turn -1 (11.3.3.1): table 4
    res = advanced_fire(umpire, "ardent", "vengeur", 3, "left", "1")
    assert res.code == 0 and res.json["hit_table"] == 4, res.err
    assert any("plotted to grapple (tried this turn)" in line for line in res.json["explain"])
    assert any("fighting her fire" in line for line in res.json["explain"])
    assert umpire("verify").code == 0
    assert umpire("undo").code == 0 and umpire("undo").code == 0
    assert _ship(umpire, "brunswick")["fire"] is None and _ship(umpire, "ardent")["hull_left"] == 14


def test_out_of_control_on_two_sixes_and_with_no_attempt(umpire, tmp_path):
    """20.2 "If the roll is a 6, roll again. If another 6 is rolled, the fire is out of control ...
    If there is no firefighting attempt, roll one die anyway. A 6 results in the fire being out of
    control"; out of control it burns each turn and cannot be fought; 24.3.2.5 on fire at the last
    hull square: sink or explode."""
    _game(umpire, tmp_path)
    assert umpire("burn", "vengeur", "set").code == 0
    res = umpire("--json", "burn", "vengeur", "fight", "--crew", "2", "--rolls", "6,6")
    assert res.code == 0 and res.json["fire"] == "out of control", res.err
    assert umpire("turn").code == 0
    assert umpire("burn", "vengeur", "fight", "--crew", "1", "--roll", "1").code == 1
    res = umpire("--json", "burn", "vengeur", "turn")
    assert res.code == 0 and res.json["rolls"] == [] and _ship(umpire, "vengeur")["hull_left"] == 12
    assert umpire("burn", "ardent", "set").code == 0
    res = umpire("--json", "burn", "ardent", "turn", "--rolls", "6,3,4")
    assert res.code == 0 and res.json["fire"] == "out of control" and res.json["spread"] == []
    res = umpire("burn", "ardent", "fight", "--crew", "1", "--rolls", "1")
    assert res.code == 1
