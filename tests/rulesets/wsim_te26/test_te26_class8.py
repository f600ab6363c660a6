"""Tournament Edition 2.6, class 8 craft (2.3.1) and their small-target modifier (Optional 33.2)."""

from __future__ import annotations

from tests.rulesets.wsim_te26.helpers import ADV, fire_pack

JOLLY = "6H-(4)M-4(0)G-5R(3)-5-22'-5(GR)"
HERC = "14H-(5-4-4)M-18(4)G-7R(3)-5-21'-26(AV)"


def test_a_class_8_craft_is_two_tables_harder_to_hit(umpire, tmp_path):
    """2.3.1 "Ship classes range from the highest class of 1 down to 8"; 33.2 "When firing
    broadsides at Class 8 vessels, subtract 2 on the Hit Determination Table"; 33.1 class 7: 1."""
    (tmp_path / "p.toml").write_text(fire_pack() + ADV)
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-te26", "--level", "advanced", "--tables",
                  tmp_path / "p.toml", "--optional", "small-target-modifiers").code == 0
    res = umpire("--json", "ship", "add", "Jolly", "--side", "gb", "--class", "8", "--spec", JOLLY)
    assert res.code == 0, res.err
    assert res.json["ship"]["class_number"] == 8
    assert umpire("ship", "add", "Gunboat", "--side", "gb", "--class", "7", "--spec", JOLLY).code == 0
    assert umpire("ship", "add", "Herc", "--side", "fr", "--spec", HERC).code == 0
    assert umpire("ship", "add", "Scipion", "--side", "fr", "--spec", HERC).code == 0
    tables = {}
    for firer, target in (("herc", "jolly"), ("scipion", "gunboat")):
        res = umpire("--json", "fire", firer, "--at", target, "--range", "3", "--side", "left", "--facing", "left",
                     "--roll", "1")
        assert res.code == 0, res.err
        tables[target] = res.json["hit_table"]
        assert any(f"small target (class {8 if target == 'jolly' else 7})" in line for line in res.json["explain"])
    assert tables["gunboat"] - tables["jolly"] == 1                  # -1 against -2
