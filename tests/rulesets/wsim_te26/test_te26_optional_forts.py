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
