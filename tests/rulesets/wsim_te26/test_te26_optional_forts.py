"""Tournament Edition 2.6, Optional 55: forts (`designate --fort`)."""

from __future__ import annotations

from tests.rulesets.wsim_te26.helpers import ADV, fire_pack

# a wall of ten gun squares, "a ratio of 6 crew per 5 gun squares" (55.2.2); a fort has no
# rigging to speak of: one square a section, which no hit reaches (55.3.4)
WALL = "20H-(6-6)M-10G-1R(3)-5-0'-20(AV)"
SHIP = "14H-(5-4-4)M-18(4)G-7R(3)-5-21'-26(AV)"      # 22 gun squares a broadside


def _game(umpire, tmp_path, *optional):
    (tmp_path / "p.toml").write_text(fire_pack() + ADV)
    args = ["--tables", tmp_path / "p.toml"]
    for name in optional:
        args += ["--optional", name]
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-te26", "--level", "advanced", *args).code == 0
    for name, side, spec in (("Castle", "fr", WALL), ("Redoubt", "fr", WALL), ("Bastion", "fr", WALL),
                             ("Plain", "fr", WALL), ("Mars", "gb", SHIP), ("Venus", "gb", SHIP)):
        assert umpire("ship", "add", name, "--side", side, "--spec", spec).code == 0


def _ship(umpire, sid):
    return umpire("--json", "status", sid).json["ships"][0]


def _fire(umpire, ship, at, rng, side, rolls):
    return umpire("--json", "fire", ship, "--at", at, "--range", str(rng), "--side", side, "--facing", "left",
                  "--rolls", rolls)


def test_only_with_the_optional_rule(umpire, tmp_path):
    _game(umpire, tmp_path)
    res = umpire("designate", "castle", "--fort", "stone")
    assert res.code == 1 and "forts" in res.err and "55.0" in res.err


def test_a_wall_mounts_twelve_gun_squares_at_most(umpire, tmp_path):
    """55.2.1 "A maximum of 12 gun squares may be mounted per hexside.\""""
    _game(umpire, tmp_path, "forts")
    res = umpire("designate", "mars", "--fort", "stone")
    assert res.code == 1 and "55.2.1" in res.err
    res = umpire("designate", "castle", "--fort", "granite")
    assert res.code == 2 and "earthen" in res.err


def test_firing_at_forts(umpire, tmp_path):
    """55.3.1 "Broadships suffer a -2 modifier against stone forts, a -1 against earthen forts, but
    no modifier against wooden forts"; 55.3.2 "Hull hits against stone forts are considered
    misses"; 55.3.3 "Crew and gun hits against forts count normally"."""
    _game(umpire, tmp_path, "forts")
    for sid, kind in (("castle", "stone"), ("redoubt", "earthen"), ("bastion", "wooden")):
        res = umpire("--json", "designate", sid, "--fort", kind)
        assert res.code == 0 and res.json["fort"] == kind
    tables = {}
    # Mars fires her one initial broadside at the plain wall, Venus hers at the stone one: the
    # same guns and range, two tables apart
    res = _fire(umpire, "mars", "plain", 2, "left", "1")
    tables["plain"] = res.json["hit_table"]
    res = _fire(umpire, "venus", "castle", 2, "left", "1")
    tables["castle"] = res.json["hit_table"]
    assert tables["castle"] == tables["plain"] - 2
    assert any("55.3.1" in line for line in res.json["explain"])
    assert umpire("turn").code == 0
    res = _fire(umpire, "mars", "redoubt", 2, "right", "1")
    tables["redoubt"] = res.json["hit_table"]
    res = _fire(umpire, "venus", "bastion", 2, "right", "1")
    tables["bastion"] = res.json["hit_table"]
    assert tables["bastion"] == tables["redoubt"] + 1
    # the test pack's die 3 is "2H-G" on every table: on stone the 2 H are misses, the G counts
    before = _ship(umpire, "castle")
    assert umpire("turn").code == 0
    res = _fire(umpire, "mars", "castle", 1, "left", "3,1")
    assert res.code == 0, res.err
    after = _ship(umpire, "castle")
    assert after["hull_left"] == before["hull_left"]
    assert after["guns_left"]["left"] == before["guns_left"]["left"] - 1
    assert any("55.3.2" in line for line in res.json["explain"])
    assert umpire("verify").code == 0


def test_rigging_hits_and_critical_hits_on_a_fort(umpire, tmp_path):
    """55.3.4 "Rigging hits against forts have no effect. However, ships may "fire at rigging" to
    benefit from the added range"; 55.3.5 "Only the following critical hits apply when firing at
    forts: 2H, 5R, 5H, 12H"."""
    _game(umpire, tmp_path, "forts")
    assert umpire("designate", "redoubt", "--fort", "earthen").code == 0
    before = _ship(umpire, "redoubt")
    # at seven hexes the fire is at the rigging; die 6 on the test pack's rigging column: "2R", a 6,
    # so a critical hit: dice 3 + 4 = 7, rigging column, which does not apply to a fort
    res = _fire(umpire, "mars", "redoubt", 7, "left", "6,3,4")
    assert res.code == 0, res.err
    assert _ship(umpire, "redoubt")["rigging_left"] == before["rigging_left"]
    assert res.json["critical_hits"][0]["applies"] is False
    assert any("55.3.4" in line for line in res.json["explain"])
    assert any("55.3.5" in line for line in res.json["explain"])
    assert umpire("verify").code == 0


def test_a_forts_guns_and_its_walls(umpire, tmp_path):
    """55.4.2 "A fort's guns fire with a +2 modifier for 1-12 guns"; 55.4.1 "All sides of a fort
    may be loaded and fired during the same turn"; 55.1 forts occupy land hexes."""
    _game(umpire, tmp_path, "forts")
    assert umpire("designate", "castle", "--fort", "stone").code == 0
    res = _fire(umpire, "plain", "mars", 2, "left", "1")
    plain = res.json["hit_table"]
    res = _fire(umpire, "castle", "mars", 2, "left", "1")
    assert res.json["hit_table"] == plain + 2
    assert any("55.4.2" in line for line in res.json["explain"])
    assert _fire(umpire, "castle", "mars", 2, "right", "1").code == 0
    assert umpire("load", "castle", "--side", "left").code == 0
    assert umpire("load", "castle", "--side", "right").code == 0          # both walls in one turn
    assert umpire("load", "plain", "--side", "left").code == 0
    res = umpire("load", "plain", "--side", "right")
    assert res.code == 1                                                   # a ship loads one a turn
    for args in (("sail", "castle", "full"), ("anchor", "castle"), ("foul", "mars", "castle", "--rolls", "6,6")):
        res = umpire(*args)
        assert res.code == 1 and "55.1" in res.err, args
    assert umpire("verify").code == 0


def test_a_forts_mortar(umpire, tmp_path):
    """55.4.5 "Land-based mortars require three turns to load. They have a +2 hit table modifier
    and a 360 degree field of fire"; a fort needs no anchor."""
    _game(umpire, tmp_path, "forts", "bombs")
    assert umpire("designate", "castle", "--fort", "stone", "--mortars", "1").code == 0
    assert umpire("anchor", "mars").code == 0
    for turn in range(3):
        res = umpire("--json", "bomb", "castle", "--load")
        assert res.code == 0 and res.json["loading_turns"] == turn + 1
        assert umpire("turn").code == 0
    assert res.json["loaded"] is True
    # Hit Table 2, +2 a land mortar: table 4; die 4 "H-C" tripled
    res = umpire("--json", "bomb", "castle", "--at", "mars", "--range", "4", "--roll", "4")
    assert res.code == 0, res.err
    assert res.json["hit_table"] == 4 and res.json["hits"]["hull"] == 3
    assert any("55.4.5" in line for line in res.json["explain"])
