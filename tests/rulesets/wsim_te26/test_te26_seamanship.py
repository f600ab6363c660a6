"""Tournament Edition 2.6, Optional 35.1: variable seamanship's die for a sail change near the
enemy (`sail SHIP full|battle --battle [--roll N]`)."""

from __future__ import annotations

from tests.rulesets.wsim_te26.helpers import ADV, fire_pack

SPEC = "14H-(5-4-4)M-18(4)G-7R(3)-5-21'-26({q})"


def _game(umpire, tmp_path, *optional, q="AV"):
    (tmp_path / "p.toml").write_text(fire_pack() + ADV)
    args = []
    for name in optional:
        args += ["--optional", name]
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-te26", "--level", "advanced",
                  "--tables", tmp_path / "p.toml", *args).code == 0
    assert umpire("ship", "add", "Orient", "--side", "fr", "--spec", SPEC.format(q=q)).code == 0


def _sails(umpire):
    return umpire("--json", "status", "orient").json["ships"][0]["sails"]


def test_a_roll_higher_than_the_crew_morale_keeps_the_sails(umpire, tmp_path):
    """35.1 "When attempting to change sail status within ten hexes of an unsundered enemy ship,
    roll one die during the Sail Status Phase. If the roll is higher than the value of the crew
    morale, the sail status remains the same." An average crew's morale is 3 (3.2.5.1)."""
    _game(umpire, tmp_path, "variable-seamanship")
    res = umpire("--json", "sail", "orient", "full", "--battle", "--roll", "4")
    assert res.code == 0, res.err
    assert res.json["seamanship"] is False and res.json["sails"] == "battle"
    assert _sails(umpire) == "battle"
    assert any("35.1" in line and "remains the same" in line for line in res.json["explain"])
    res = umpire("--json", "sail", "orient", "full", "--battle", "--roll", "3")       # equal: it changes
    assert res.code == 0 and res.json["seamanship"] is True
    assert _sails(umpire) == "full"
    res = umpire("sail", "orient", "battle", "--battle", "--roll", "7")
    assert res.code == 2
    assert _sails(umpire) == "full"
    assert umpire("verify").code == 0
    assert umpire("undo").code == 0
    assert _sails(umpire) == "battle"


def test_the_crew_quality_sets_the_number(umpire, tmp_path):
    """A crack crew (morale 4) changes sails on a 4; a 5 keeps them."""
    _game(umpire, tmp_path, "variable-seamanship", q="CR")
    assert umpire("--json", "sail", "orient", "full", "--battle", "--roll", "5").json["sails"] == "battle"
    assert umpire("--json", "sail", "orient", "full", "--battle", "--roll", "4").json["sails"] == "full"


def test_no_die_away_from_the_enemy_or_without_the_optional_rule(umpire, tmp_path):
    _game(umpire, tmp_path, "variable-seamanship")
    res = umpire("sail", "orient", "full", "--roll", "6")             # no enemy near: no die
    assert res.code == 2 and "no dice" in res.err
    assert umpire("sail", "orient", "full").code == 0


def test_without_variable_seamanship_the_enemy_makes_no_difference(umpire, tmp_path):
    _game(umpire, tmp_path)
    res = umpire("--json", "sail", "orient", "full", "--battle")
    assert res.code == 0 and res.json["sails"] == "full"
    assert any("not in play" in line for line in res.json["explain"])


def test_the_other_rule_systems_refuse_the_option(umpire, tmp_path):
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-1981", "--level", "advanced").code == 0
    assert umpire("ship", "add", "Orient", "--side", "fr", "--spec", SPEC.format(q="AV")).code == 0
    res = umpire("sail", "orient", "full", "--battle")
    assert res.code == 2 and "--battle" in res.err
