"""Tournament Edition 2.6, Advanced Game fire (16.1, 19.1.3, 24.2-24.6) and Optional 32-34,
on a filled table pack. The pack's numbers are a test pack's, except where the text gives them
(24.5.1: 22 guns at three hexes is Table 3, crack +2, a crew section down -2; 24.3.2.3.1: 22
guns' one hex rake number is 8; 19.1.3: Table 4 rigging, die 3, is 2R-C (R))."""

from __future__ import annotations

import json

from tests.rulesets.wsim_te26.helpers import ADV, EIGHTY, LEADERS, MUSKETS, PACK, advanced_fire, fire_pack


def _game(umpire, tmp_path, *optional, pack=True):
    args = []
    if pack:
        (tmp_path / "p.toml").write_text(fire_pack() + ADV)
        args = ["--tables", tmp_path / "p.toml"]
    for name in optional:
        args += ["--optional", name]
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-te26", "--level", "advanced", *args).code == 0
    assert umpire("ship", "add", "Orient", "--side", "fr", "--nation", "french", "--spec", EIGHTY.format(q="CR")).code == 0
    assert umpire("ship", "add", "Bellona", "--side", "gb", "--nation", "british",
                  "--spec", EIGHTY.format(q="AV")).code == 0


def test_men_in_the_rigging_is_a_crew_section_down(umpire, tmp_path):
    """24.5.1: "a French Crack 80 firing her full broadside of 22 guns at a range of three has a
    Hit Table 3 shot (... Table 3 increased to Table 5 for a crack crew (+2), reduced to 3 for
    being one crew section down (-2))"; carronades fire within three hexes (11.1.9)."""
    _game(umpire, tmp_path)
    assert advanced_fire(umpire, "orient", "bellona", 7, "left", "1").code == 0      # her one initial broadside
    res = advanced_fire(umpire, "orient", "bellona", 3, "right", "2", "--opt", "mir=1")
    assert res.code == 0, res.err
    assert res.json["hit_table"] == 3
    explain = "\n".join(res.json["explain"])
    assert "22 (right broadside, carronades included)" in explain and "men in the rigging" in explain


def test_full_sails_add_the_bracketed_rigging_hits(umpire, tmp_path):
    """19.1.3: "A Hit Table 4 shot at the rigging of a ship with full sails, upon a die roll of
    3, results in 2R-C ... and an additional (R) for being at full sails, for a total of 3R-C"."""
    _game(umpire, tmp_path)
    assert advanced_fire(umpire, "bellona", "orient", 7, "left", "1").code == 0
    res = advanced_fire(umpire, "bellona", "orient", 2, "right", "3", "--aim", "rigging",
                        "--opt", "target-full-sails=1")
    assert res.code == 0 and res.json["hit_table"] == 4, res.err
    assert res.json["hits"] == {"hull": 0, "guns": 0, "crew": 1, "rigging": 3}
    # the same shot at a ship at battle sails: 2R-C
    assert umpire("turn").code == 0                 # one of the two reloads by a die (26.1.1.2)
    if not umpire("--json", "status", "bellona").json["ships"][0]["loaded"]["right"]:
        assert umpire("load", "bellona", "--side", "right").code == 0
    assert umpire("turn").code == 0
    res = advanced_fire(umpire, "bellona", "orient", 2, "right", "3", "--aim", "rigging")
    assert res.json["hits"] == {"hull": 0, "guns": 0, "crew": 1, "rigging": 2}


def test_above_table_10_two_rolls_and_a_critical_hit_for_each_six(umpire, tmp_path):
    """16.1.2.1 "A HDT result of 11 would be a Table 10 plus a Table 1"; 16.1.1.1 the rake
    number in parentheses (22 guns at one hex: 8, 24.3.2.3.1), +1 into the stern (16.1.1.2);
    16.1.2.2.5 two 6s, two critical hits, each two dice on the Critical Hit Table (16.1.2.2.1)."""
    _game(umpire, tmp_path)
    # 8 + 1 (stern) + 2 (initial broadside) = 11. Dice: the two hit dice, four gun hit location
    # dice (2G-R twice), then two dice for each critical hit.
    res = advanced_fire(umpire, "bellona", "orient", 1, "left", "6,6,1,2,3,4,5,6,6,6", "--rake", "stern")
    assert res.code == 0, res.err
    assert res.json["hit_table"] == 11 and res.json["tables"] == [10, 1]
    assert res.json["hits"]["guns"] == 4 and res.json["hits"]["rigging"] == 2
    assert [c["result"] for c in res.json["critical_hits"]] == ["11H", "12H"]
    assert any("Table 10 + Table 1" in line for line in res.json["explain"])
    assert umpire("verify").code == 0
    assert umpire("undo").code == 0
    assert umpire("--json", "status", "orient").json["ships"][0]["guns_left"] == {"left": 18, "right": 18}


def test_rake_limits_and_unread_dice(umpire, tmp_path):
    _game(umpire, tmp_path)
    game = tmp_path / "game.toml"
    before = game.read_bytes()
    res = advanced_fire(umpire, "bellona", "orient", 6, "left", "3", "--rake", "bow")    # 11.3.2: five hexes at most
    assert res.code == 1 and "within 5 hexes" in res.err and "11.3.2" in res.err
    assert game.read_bytes() == before
    res = advanced_fire(umpire, "bellona", "orient", 1, "left", "2,5,5")         # table 5+2: H, no more dice read
    assert res.code == 2 and "used 1 dice" in res.err
    assert game.read_bytes() == before


def test_chainshot_range_misses_and_limit(umpire, tmp_path):
    """24.2.2.1 four hexes; 24.2.2.2 "H" and "G" hits count as misses; 24.2.2.3 British ships
    may fire 2 broadsides of chain per game; 24.2.5 the shot loaded is fired before a change."""
    _game(umpire, tmp_path)
    assert umpire("fire", "bellona", "--at", "orient", "--range", "8", "--side", "left", "--roll", "1").code == 0
    assert umpire("load", "bellona", "--side", "left", "--shot", "chain").code == 0
    assert umpire("turn").code == 0
    res = advanced_fire(umpire, "bellona", "orient", 5, "left", "3")
    assert res.code == 1 and "chainshot" in res.err and "24.2.2.1" in res.err
    # 13+ guns at 2 hexes: table 4, chainshot +2 = 6; die 6 hull 2G-R: the gun hits are misses
    res = advanced_fire(umpire, "bellona", "orient", 2, "left", "6,3,4", "--aim", "hull")
    assert res.code == 0, res.err
    assert res.json["hit_table"] == 6 and res.json["hits"] == {"hull": 0, "guns": 0, "crew": 0, "rigging": 1}
    assert res.json["critical_hits"][0]["result"] == "7H" and res.json["rolls"] == [6, 3, 4]
    assert umpire("load", "bellona", "--side", "left", "--shot", "chain").code == 0      # her second
    assert umpire("turn").code == 0
    assert umpire("fire", "bellona", "--at", "orient", "--range", "3", "--side", "left", "--roll", "1").code == 0
    res = umpire("load", "bellona", "--side", "left", "--shot", "chain")
    assert res.code == 1 and "2 a game" in res.err
    assert umpire("load", "bellona", "--side", "right", "--shot", "chain").code == 1   # loaded with round


def test_doubleshot_beyond_one_hex_subtracts_its_modifier(umpire, tmp_path):
    """24.2.3 doubleshot may be loaded over roundshot; 24.2.3.2 fired beyond one hex,
    "subtracting the doubleshot modifier instead of adding it"."""
    _game(umpire, tmp_path)
    assert umpire("fire", "bellona", "--at", "orient", "--range", "8", "--side", "left", "--roll", "1").code == 0
    assert umpire("load", "bellona", "--side", "right", "--shot", "double").code == 0
    assert umpire("turn").code == 0
    res = advanced_fire(umpire, "bellona", "orient", 2, "right", "1")      # table 4, doubleshot -3 = 1
    assert res.code == 0 and res.json["hit_table"] == 1 and res.json["shot"] == "double", res.err


def test_anchored_target_halves_rigging_hits(umpire, tmp_path):
    """24.6: "All rigging hits are halved, rounded up"; 19.3.3.2 firing at anchor: the Advanced
    modifier (the pack's)."""
    _game(umpire, tmp_path)
    assert umpire("fire", "bellona", "--at", "orient", "--range", "8", "--side", "left", "--roll", "1").code == 0
    # table 4 + 1 (anchored) = 5; die 3 rigging: 2R-C, halved: 1R
    res = advanced_fire(umpire, "bellona", "orient", 2, "right", "3", "--aim", "rigging", "--opt", "anchored=1",
                "--opt", "target-anchored=1")
    assert res.code == 0 and res.json["hit_table"] == 5, res.err
    assert res.json["hits"]["rigging"] == 1 and res.json["hits"]["crew"] == 1


def test_optional_critical_hit_critical_miss(umpire, tmp_path):
    """32.0: an extra die with the broadside roll: 6 a critical hit whatever the hit die; 1 one
    table lower; a 6 on the hit die alone is no critical hit."""
    _game(umpire, tmp_path, "critical-hit-critical-miss")
    assert umpire("fire", "bellona", "--at", "orient", "--range", "8", "--side", "left", "--rolls", "3,1").code == 0
    res = advanced_fire(umpire, "bellona", "orient", 2, "right", "1,2")     # table 4, extra die 1: table 3
    assert res.code == 0 and res.json["hit_table"] == 3 and res.json["critical_hits"] == [], res.err
    assert umpire("turn").code == 0                 # one of the two reloads by a die (26.1.1.2)
    if not umpire("--json", "status", "bellona").json["ships"][0]["loaded"]["right"]:
        assert umpire("load", "bellona", "--side", "right").code == 0
    assert umpire("turn").code == 0
    res = advanced_fire(umpire, "bellona", "orient", 2, "right", "6,2,1,1", "--aim", "rigging")
    assert res.code == 0 and [c["total"] for c in res.json["critical_hits"]] == [2], res.err
    assert res.json["critical_hits"][0]["result"] == "2R"


def test_optional_small_target_and_small_crew(umpire, tmp_path):
    """33.1 class 7 vessels: -1 on the HDT; 34.0 a target with one crew section: one crew square
    loss fewer on each crew loss result."""
    _game(umpire, tmp_path, "small-target-modifiers", "small-crew-modifier")
    assert umpire("ship", "add", "Gunboat", "--side", "gb", "--class", "GB",
                  "--spec", "3H-(2)M-1G-1R(3)-5-4'-2(AV)").code == 0
    assert umpire("fire", "orient", "--at", "gunboat", "--range", "8", "--side", "left", "--roll", "1").code == 0
    # 22 guns at 2 hexes: table 4, crack +2, class 7 -1 = 5; die 3 rigging 2R-C: the C is taken away
    res = advanced_fire(umpire, "orient", "gunboat", 2, "right", "3", "--aim", "rigging")
    assert res.code == 0 and res.json["hit_table"] == 5, res.err
    assert res.json["hits"] == {"hull": 0, "guns": 0, "crew": 0, "rigging": 2}
    assert any("33.1" in line for line in res.json["explain"]) and any("34.0" in line for line in res.json["explain"])


def test_advanced_fire_without_the_rake_numbers_names_them(umpire, tmp_path):
    (tmp_path / "p.toml").write_text(fire_pack())
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-te26", "--level", "advanced",
                  "--tables", tmp_path / "p.toml").code == 0
    assert umpire("ship", "add", "A", "--side", "x", "--spec", EIGHTY.format(q="CR")).code == 0
    assert umpire("ship", "add", "B", "--side", "y", "--spec", EIGHTY.format(q="CR")).code == 0
    before = (tmp_path / "game.toml").read_bytes()
    res = umpire("fire", "a", "--at", "b", "--range", "1", "--side", "left", "--rake", "bow", "--roll", "3")
    assert res.code == 2 and "rake numbers" in res.err and "tables template" in res.err
    assert (tmp_path / "game.toml").read_bytes() == before
    res = umpire("load", "a", "--side", "left", "--shot", "grape")
    assert res.code == 2 and "no nation: the grapeshot limit" in res.err


def test_the_pack_must_agree_with_the_rake_example():
    from umpire.core.tables import pack_spec
    from umpire.rules.wsim.editions.packs import read_pack

    wrong = (fire_pack() + ADV).replace("[8, 7, 6, 5, 4, 3]", "[9, 7, 6, 5, 4, 3]")
    try:
        read_pack(wrong, "p.toml", "wsim-te26", pack_spec("wsim-te26"))
    except Exception as exc:      # noqa: BLE001
        assert "tables.hdt-rake" in str(exc) and "24.3.2.3.1" in str(exc)
    else:
        raise AssertionError("a pack against the text's example was accepted")
    assert json.dumps(read_pack(fire_pack() + ADV, "p.toml", "wsim-te26", pack_spec("wsim-te26"))["hdt-rake"]["cells"])


def test_the_exploding_74_uses_table_10_on_adjacent_ships(umpire, tmp_path):
    """24.3.2.3.1: "An exploding British Large Class 74 would use Hit Table #10. 74s have 18 gun
    squares plus 4 carronades for a total of 22 guns per broadside. 22 guns have a one hex rake
    bonus of eight, doubled to sixteen ... all adjacent ships would undergo a Table 10 shot at
    their rigging"; losses are not counted; a 6 is a critical hit. 24.3.2.3.2: a ship two hexes
    away is hit on a 6, on the two hex broadside's table (22 guns at 2 hexes: 4 in this pack)."""
    _game(umpire, tmp_path)
    assert umpire("ship", "add", "Third", "--side", "fr", "--spec", EIGHTY.format(q="AV")).code == 0
    assert umpire("ship", "add", "Fourth", "--side", "fr", "--spec", EIGHTY.format(q="AV")).code == 0
    assert advanced_fire(umpire, "orient", "bellona", 1, "left", "6,5,5,2,3").code == 0      # Bellona loses guns
    res = umpire("--json", "explode", "bellona", "--near", "orient=1", "--near", "third=2", "--near", "fourth=2",
                 "--rolls", "6,2,3,4,6,3")
    assert res.code == 0, res.err
    orient, third, fourth = res.json["shots"]
    assert orient["hit_table"] == 10 and orient["rolls"] == [6, 2, 3] and orient["result"] == "2R"
    assert orient["critical_hits"][0]["result"] == "5R"
    assert third["hit_table"] is None and third["rolls"] == [4]
    assert fourth["hit_table"] == 4 and fourth["rolls"] == [6, 3] and fourth["result"] == "2R-C"
    assert umpire("--json", "status", "bellona").json["ships"][0]["state"] == "exploded"
    assert umpire("verify").code == 0
    again = umpire("explode", "bellona", "--near", "orient=1", "--rolls", "1")
    assert again.code == 1 and "exploded" in again.err
    far = umpire("explode", "third", "--near", "orient=3", "--rolls", "1")
    assert far.code == 2 and "two hexes" in far.err


def test_advanced_unfouling_modifiers(umpire, tmp_path):
    """18.1 "-1 for each ship which is at full sails"; 18.2 "-2 per fireship"; with 6.1's +1."""

    (tmp_path / "p.toml").write_text(PACK + '[tables.unfouling]\nrows = ["2-7", "8-12"]\n'
                                     'cells = [["failure"], ["success"]]\n')
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-te26", "--level", "advanced",
                  "--tables", tmp_path / "p.toml").code == 0
    assert umpire("ship", "add", "A", "--side", "x", "--spec", EIGHTY.format(q="CR")).code == 0
    assert umpire("ship", "add", "B", "--side", "y", "--spec", EIGHTY.format(q="CR")).code == 0
    assert umpire("foul", "a", "b", "--rolls", "6,6").code == 0
    assert umpire("turn").code == 0
    # 5 + 4 = 9, one ship at full sails -1 = 8: a success; two and a fireship: 9 - 2 - 2 = 5
    res = umpire("--json", "unfoul", "a", "b", "--rolls", "5,4", "--opt", "full-sails=2", "--opt", "fireships=1",
                 "--opt", "rigging=1")
    assert res.code == 0 and res.json["success"] is False, res.err
    assert any("2 ship(s) at full sails: -2" in line for line in res.json["explain"])
    assert any("1 fireship(s): -2" in line for line in res.json["explain"])
    assert umpire("turn").code == 0
    res = umpire("--json", "unfoul", "a", "b", "--rolls", "5,4", "--opt", "full-sails=1")
    assert res.code == 0 and res.json["success"] is True, res.err


def test_optional_loss_of_rigging(umpire, tmp_path):
    """36.1 "A ship with all rigging sections destroyed is -1HT when firing for ships starting the
    game with up to 12 gun and/or carronade squares" (a sloop of 4 guns a broadside: 8)."""
    _game(umpire, tmp_path, "loss-of-rigging")
    assert umpire("ship", "add", "Sloop", "--side", "gb", "--spec", "8H-(3-3)M-4G-1R(3)-5-8'-6(AV)").code == 0
    # a stern rake at one hex: 8 + 1 + crack 2 + initial 2 = 13: Table 10 (die 6: 2R, a critical
    # hit) and Table 3 (die 5: R): her three rigging squares
    res = advanced_fire(umpire, "orient", "sloop", 1, "left", "6,5,1,1", "--rake", "stern", "--aim", "rigging")
    assert res.code == 0 and res.json["tables"] == [10, 3], res.err
    assert umpire("--json", "status", "sloop").json["ships"][0]["rigging_left"] == [0, 0, 0]
    # 4 guns at one hex: table 2, initial +1, no rigging -1: table 2
    res = advanced_fire(umpire, "sloop", "orient", 1, "left", "1")
    assert res.code == 0 and res.json["hit_table"] == 2, res.err
    assert any("36.1" in line for line in res.json["explain"])


def test_grapeshot(umpire, tmp_path):
    """24.2.4.2 grape loaded on top of the shot loaded; 24.2.4.3 its HDT modifier; 24.2.4.4 the
    bonus crew hits in parentheses within one hex, doubled against a boarding party; 24.2.4.5.1
    two dice on the Leader Casualty Table; 24.2.4.5.2 the target's morale check: failed, her OBP
    becomes a DBP and she melees one quality lower; 24.2.4.7 four broadsides for a British ship;
    25.0 the ship that fired grape adds 1 to her boarding roll."""
    (tmp_path / "p.toml").write_text(fire_pack().replace('"H-C"', '"H-C (C)"') + ADV + LEADERS + MELEE_TABLES)
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-te26", "--level", "advanced",
                  "--tables", tmp_path / "p.toml").code == 0
    assert umpire("ship", "add", "Orient", "--side", "fr", "--nation", "french", "--spec",
                  EIGHTY.format(q="CR")).code == 0
    assert umpire("ship", "add", "Bellona", "--side", "gb", "--nation", "british", "--spec",
                  EIGHTY.format(q="AV")).code == 0
    assert umpire("grapple", "orient", "bellona", "--rolls", "6,6").code == 0
    assert umpire("fire", "bellona", "--at", "orient", "--range", "8", "--side", "left", "--roll", "1").code == 0
    res = umpire("--json", "load", "bellona", "--side", "right", "--shot", "grape")
    assert res.code == 0 and "RG" in res.json["explain"][0], res.err
    assert umpire("turn").code == 0
    assert umpire("board", "orient", "--party", "obp", "--sections", "1", "--at", "bellona").code == 0
    # 22 guns at 1 hex: table 5, grapeshot -2 = 3; die 4 hull: H-C (C): one bonus crew hit,
    # doubled (she has a boarding party); leader casualty 3 + 4; Orient's morale 5 > crack 4: fails
    res = advanced_fire(umpire, "bellona", "orient", 1, "right", "4,3,4,5")
    assert res.code == 0, res.err
    assert res.json["hit_table"] == 3 and res.json["grape"] is True and res.json["hits"]["crew"] == 3
    explain = "\n".join(res.json["explain"])
    assert "leader result 7" in explain and "fails" in explain
    assert umpire("--json", "status", "orient").json["ships"][0]["crew_left"] == [2, 4, 4]
    res = umpire("sail", "orient", "full")
    assert res.code == 1 and "24.2.4.5.2" in res.err
    # her OBP is now a DBP: she cannot melee at Bellona; Bellona, which fired grape, boards at +1
    assert umpire("board", "bellona", "--party", "obp", "--sections", "1", "--at", "orient").code == 0
    res = umpire("--json", "melee", "bellona", "--at", "orient", "--rolls", "3,3")
    assert res.code == 0, res.err
    explain = "\n".join(res.json["explain"])
    assert "fired grape this turn" in explain and "melees as AV, not CR" in explain
    assert res.json["outcome"] == "not boarded"   # 3 + 1 (grape) = 4 against 3 + 1 (DBP); AV against AV now


MELEE_TABLES = """[tables.melee-crew-loss]
columns = ["1-10", "11-20", "21-30", "31+"]
cells = [[0, 0, 1, 1], [0, 1, 1, 1], [1, 1, 1, 2], [1, 1, 2, 2], [1, 2, 2, 3], [2, 2, 3, 3]]
[tables.grappling]
rows = ["2-6", "7-12"]
cells = [["failure"], ["success"]]
"""


def test_musket_fire(umpire, tmp_path):
    """24.7.4 "Roll a die and apply the applicable modifiers ... Cross-reference the modified die roll
    with the column ... corresponding to the number of marine squares on the firing ship"; 24.7.5 a
    "C" loses enemy crew squares, an "L" two dice on the Leader Casualty Table; 24.7.2 none in a gale.
    The musketry command takes no typed dice: the tool rolls them, and the result follows the die."""
    (tmp_path / "p.toml").write_text(fire_pack() + ADV + LEADERS + MUSKETS)
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-te26", "--level", "advanced", "--seed", "7",
                  "--tables", tmp_path / "p.toml").code == 0
    assert umpire("ship", "add", "Orient", "--side", "fr", "--spec", EIGHTY.format(q="CR"), "--marines", "3").code == 0
    assert umpire("ship", "add", "Bellona", "--side", "gb", "--spec", EIGHTY.format(q="AV")).code == 0
    res = umpire("musketry", "bellona", "--at", "orient")
    assert res.code == 1 and "no marines" in res.err
    res = umpire("--json", "musketry", "orient", "--at", "bellona")
    assert res.code == 0, res.err
    die = res.json["rolls"][0]
    expected = ["0", "0", "C", "C", "2C", "2C-L"][die - 1]
    assert res.json["result"] == expected and res.json["crew_hits"] == {"0": 0, "C": 1}.get(expected, 2)
    assert len(res.json["rolls"]) == (3 if expected.endswith("L") else 1)
    assert umpire("musketry", "orient", "--at", "bellona").code == 1                 # once a turn
    assert umpire("turn").code == 0
    assert umpire("wind", "--velocity", "5").code == 0
    res = umpire("musketry", "orient", "--at", "bellona")
    assert res.code == 1 and "24.7.2" in res.err
    assert umpire("verify").code == 0


def test_musket_fire_with_a_leader_casualty():
    """24.7.5 "If a hit result also contains an "L", roll two additional dice and apply the result
    found on the Leader Casualty Table" (the resolution with typed dice)."""
    from umpire.core.tables import Tables, pack_spec
    from umpire.rules.wsim.ship import new_ship
    from umpire.rules.wsim.editions.te26 import musket as te26_musket
    from umpire.rules.wsim.editions.packs import read_pack

    packs = read_pack(fire_pack() + ADV + LEADERS + MUSKETS, "p.toml", "wsim-te26", pack_spec("wsim-te26"))
    tables = Tables("wsim-te26", packs=packs)
    ships = {sid: new_ship({"id": sid, "name": sid.title(), "side": side, "spec": EIGHTY.format(q="CR")})
             for sid, side in (("orient", "fr"), ("bellona", "gb"))}
    ships["orient"]["marines_left"] = 3
    state = {"turn": 1, "ships": ships, "wind": {"velocity": 3}}
    res = te26_musket.resolve(state, "orient", "bellona", (6, 3, 4), True, tables)
    assert res.data["result"] == "2C-L" and res.data["crew_hits"] == 2 and res.data["rolls"] == [6, 3, 4]
    assert any("leader result 7" in s.value for s in res.working)
