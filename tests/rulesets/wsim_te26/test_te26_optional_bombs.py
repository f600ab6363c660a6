"""Tournament Edition 2.6, Optional 56: bombs (`designate --mortars`, `bomb`)."""

from __future__ import annotations

from tests.rulesets.wsim_te26.helpers import ADV, fire_pack

BOMB = "8H-(4-4)M-4(1)G-4R(3)-5-12'-10(AV)"       # a carronade square a side: the mortars' hit boxes (56.6)
TARGET = "14H-(5-4-4)M-18(4)G-7R(3)-5-21'-26(AV)"


def _game(umpire, tmp_path, *optional):
    (tmp_path / "p.toml").write_text(fire_pack() + ADV)
    args = ["--tables", tmp_path / "p.toml"]
    for name in optional:
        args += ["--optional", name]
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-te26", "--level", "advanced", *args).code == 0
    assert umpire("ship", "add", "Thunder", "--side", "gb", "--spec", BOMB).code == 0
    assert umpire("ship", "add", "Orient", "--side", "fr", "--spec", TARGET).code == 0
    assert umpire("ship", "add", "Hoche", "--side", "fr", "--spec", TARGET).code == 0


def _ship(umpire, sid):
    return umpire("--json", "status", sid).json["ships"][0]


def _loaded_and_anchored(umpire):
    """56.5 "It takes four turns to load mortars"; 19.3.1 an anchor holds from the next turn."""
    assert umpire("designate", "thunder", "--mortars", "1").code == 0
    assert umpire("anchor", "thunder").code == 0
    assert umpire("anchor", "orient").code == 0
    for turn in range(4):
        res = umpire("--json", "bomb", "thunder", "--load")
        assert res.code == 0 and res.json["loading_turns"] == turn + 1, res.err
        assert umpire("turn").code == 0


def test_only_with_the_optional_rule_and_in_the_advanced_game(umpire, tmp_path):
    _game(umpire, tmp_path)
    res = umpire("designate", "thunder", "--mortars", "1")
    assert res.code == 1 and "bombs" in res.err and "56.0" in res.err
    res = umpire("new", tmp_path / "b.toml", "--ruleset", "wsim-te26", "--optional", "bombs")
    assert res.code != 0 and "anchored" in res.err


def test_the_mortar_fires_on_hit_table_2_and_triples_its_hits(umpire, tmp_path):
    """56.9 "a base of Hit Table 2"; 56.9.2 "Mortars may only fire at hull"; 56.9.3 "All hits scored
    by mortars are tripled"; 56.1 "Bombs may only fire mortars while anchored"; 56.7 "only at
    fixed targets on shore or at ships anchored or aground"; 56.8 "maximum range of 10 hexes and a
    minimum range of 3 hexes"."""
    _game(umpire, tmp_path, "bombs")
    _loaded_and_anchored(umpire)
    res = umpire("bomb", "thunder", "--at", "hoche", "--range", "5", "--roll", "3")
    assert res.code == 1 and "56.7" in res.err                  # Hoche is under way
    res = umpire("bomb", "thunder", "--at", "orient", "--range", "2", "--roll", "3")
    assert res.code == 1 and "56.8" in res.err
    res = umpire("bomb", "thunder", "--at", "orient", "--range", "11", "--roll", "3")
    assert res.code == 1 and "56.8" in res.err
    # 56.4 "They may not fire through the stern"
    res = umpire("bomb", "thunder", "--at", "orient", "--range", "5", "--arc", "stern", "--roll", "4")
    assert res.code == 1 and "56.4" in res.err
    before = _ship(umpire, "orient")
    # average crew, one mortar: Hit Table 2; die 4 "H-C" (the test pack), tripled: 3 hull, 3 crew
    res = umpire("--json", "bomb", "thunder", "--at", "orient", "--range", "5", "--roll", "4")
    assert res.code == 0, res.err
    assert res.json["hit_table"] == 2 and res.json["hits"] == {"hull": 3, "guns": 0, "crew": 3, "rigging": 0}
    assert any("56.9.3" in line for line in res.json["explain"])
    after = _ship(umpire, "orient")
    assert after["hull_left"] == before["hull_left"] - 3
    assert sum(after["crew_left"]) == sum(before["crew_left"]) - 3
    res = umpire("bomb", "thunder", "--at", "orient", "--range", "5", "--roll", "3")
    assert res.code == 1 and "not loaded" in res.err
    assert umpire("verify").code == 0
    assert umpire("undo").code == 0
    # die 3 "2H-G", tripled: 6 hull and 3 gun hits, a location die for each gun hit
    res = umpire("--json", "bomb", "thunder", "--at", "orient", "--range", "5", "--facing", "left",
                 "--rolls", "3,1,1,1")
    assert res.code == 0, res.err
    assert res.json["hits"]["guns"] == 3 and res.json["rolls"] == [3, 1, 1, 1]
    assert _ship(umpire, "orient")["guns_left"]["left"] == 15
    assert umpire("undo").code == 0
    # die 6 "2G-R": 6 gun and 3 rigging hits; a 6 on a Hit Table is a critical hit (16.1.2.2.1)
    res = umpire("--json", "bomb", "thunder", "--at", "orient", "--range", "5", "--facing", "left",
                 "--rolls", "6,1,1,1,1,1,1,3,4")
    assert res.code == 0, res.err
    assert res.json["hits"]["rigging"] == 3 and len(res.json["critical_hits"]) == 1
    assert res.json["critical_hits"][0]["total"] == 7 and res.json["critical_hits"][0]["column"] == "hull"
    assert umpire("verify").code == 0
