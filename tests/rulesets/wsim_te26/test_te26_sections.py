"""Tournament Edition 2.6, bow and stern sections (16.2) and one section's fire (24.1.2-24.1.4):
`fire SHIP --section bow|stern` (Advanced Game)."""

from __future__ import annotations

from tests.rulesets.wsim_te26.helpers import ADV, fire_pack

ORIENT = "14H-(5-4-4)M-18(4)G-7R(3)-5-21'-26(CR)"
BELLONA = "14H-(5-4-4)M-9(1)G-7R(3)-5-21'-26(AV)"      # 9 guns, 1 carronade a broadside: bow 5 + 1, stern 4


def _game(umpire, tmp_path):
    # the test pack's Gun Hit Location Table: 1-2 bow, 3-4 middle, 5-6 stern
    (tmp_path / "p.toml").write_text(fire_pack() + ADV)
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-te26", "--level", "advanced",
                  "--tables", tmp_path / "p.toml").code == 0
    assert umpire("ship", "add", "Orient", "--side", "fr", "--spec", ORIENT).code == 0
    assert umpire("ship", "add", "Bellona", "--side", "gb", "--spec", BELLONA).code == 0


def test_only_the_section_fires(umpire, tmp_path):
    """24.1.2 "Field 4 can be fired at only by the guns in the stern section. Field 5 can be fired
    at only by the guns in the bow section"; 16.2 each broadside "sub-divided equally into a bow and
    stern section" (18 guns: 9 and 9; 4 carronades: 2 and 2); 24.1.4 "If only one section fires an
    initial broadside, it is treated as if the entire initial broadside has been fired"."""
    _game(umpire, tmp_path)
    res = umpire("--json", "fire", "orient", "--at", "bellona", "--range", "3", "--side", "left", "--section", "bow",
                 "--roll", "4")
    assert res.code == 0, res.err
    assert any("bow section only: 9 gun square(s) and 2 carronade(s)" in line for line in res.json["explain"])
    assert any(line.startswith("guns firing: 11") for line in res.json["explain"])
    assert any("initial broadside (left): +2" in line for line in res.json["explain"])
    res = umpire("fire", "orient", "--at", "bellona", "--range", "3", "--side", "left", "--section", "stern")
    assert res.code == 1                                              # the broadside has fired
    res = umpire("--json", "fire", "orient", "--at", "bellona", "--range", "4", "--side", "right", "--section",
                 "stern", "--roll", "4")
    assert res.code == 0, res.err
    assert not any("initial broadside" in line for line in res.json["explain"])
    assert any(line.startswith("guns firing: 9 ") for line in res.json["explain"])     # no carronades at 4
    res = umpire("fire", "bellona", "--at", "orient", "--range", "3", "--side", "left", "--section", "waist")
    assert res.code == 2
    assert umpire("verify").code == 0


def test_gun_hits_by_the_location_card(umpire, tmp_path):
    """11.4.3.1.1 a location die for each gun hit on the Gun Hit Location Table: a cell naming the
    bow or the stern takes the square from that section; one naming neither leaves the broadside's
    sections to the umpire."""
    _game(umpire, tmp_path)
    # hull die 5: "G (R)", one gun hit; location die 6: "stern"
    res = umpire("--json", "fire", "orient", "--at", "bellona", "--range", "3", "--side", "left", "--facing", "left",
                 "--rolls", "5,6")
    assert res.code == 0, res.err
    sections = umpire("--json", "status", "bellona").json["ships"][0]["sections"]
    assert sections["guns"]["left"] == {"bow": 5, "stern": 3}
    assert sections["carronades"]["left"] == {"bow": 1, "stern": 0}
    # fire is simultaneous: this turn Bellona's stern still has 4 guns
    res = umpire("--json", "fire", "bellona", "--at", "orient", "--range", "4", "--side", "left", "--section",
                 "stern", "--roll", "1")
    assert res.code == 0, res.err
    assert any("stern section only: 4 gun square(s)" in line for line in res.json["explain"])
    assert umpire("turn").code == 0
    # location die 3: "middle": the left sections are the umpire's now
    res = umpire("--json", "fire", "orient", "--at", "bellona", "--range", "3", "--side", "right", "--facing",
                 "left", "--rolls", "5,3")
    assert res.code == 0, res.err
    assert any("names no bow or stern" in line for line in res.json["explain"])
    assert umpire("turn").code == 0
    res = umpire("fire", "bellona", "--at", "orient", "--range", "3", "--side", "left", "--section", "bow")
    assert res.code == 1 and "16.2" in res.err
    res = umpire("--json", "fire", "bellona", "--at", "orient", "--range", "3", "--side", "right", "--section", "bow",
                 "--roll", "1")
    assert res.code == 0, res.err
    assert umpire("verify").code == 0


def test_section_fire_is_an_advanced_game_option(umpire, tmp_path):
    (tmp_path / "p.toml").write_text(fire_pack())
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-te26", "--tables", tmp_path / "p.toml").code == 0
    assert umpire("ship", "add", "Orient", "--side", "fr", "--spec", ORIENT).code == 0
    assert umpire("ship", "add", "Bellona", "--side", "gb", "--spec", BELLONA).code == 0
    res = umpire("fire", "orient", "--at", "bellona", "--range", "3", "--side", "left", "--section", "bow",
                 "--roll", "4")
    assert res.code == 2 and "section" in res.err
