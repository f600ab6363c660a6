"""Tournament Edition 2.6, Optional 54: boat units (`designate --boat`), their rowing allowance and
fire at them."""

from __future__ import annotations

from tests.rulesets.wsim_te26.helpers import ADV, MELEE_PACK, WIND_PACK, crew_hit_pack, fire_pack

BOAT = "6H-(4)M-4(0)G-5R(3)-5-22'-5(GR)"
HERC = "14H-(5-4-4)M-18(4)G-7R(3)-5-21'-26(AV)"


def _game(umpire, tmp_path, *optional, level="advanced"):
    (tmp_path / "p.toml").write_text(crew_hit_pack() + ADV)
    args = []
    for name in ("boats",) + optional:
        args += ["--optional", name]
    if level:
        args += ["--level", level]
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-te26", "--tables", tmp_path / "p.toml",
                  *args).code == 0
    assert umpire("ship", "add", "Gunboat", "--side", "gb", "--class", "7", "--spec", BOAT).code == 0
    assert umpire("ship", "add", "Jolly", "--side", "gb", "--class", "8", "--spec", BOAT).code == 0
    assert umpire("ship", "add", "Herc", "--side", "fr", "--spec", HERC).code == 0


def _speed(umpire, sid, att, *more):
    res = umpire("--json", "speed", sid, "--attitude", att, *more)
    assert res.code == 0, res.err
    return res.json


def test_only_class_7_and_8_vessels_are_boats(umpire, tmp_path):
    """54.0 "Boat units occupy only one hex"; 54.1.1 "a Class 7 boat"; 54.4.0 "Class 8 boats"."""
    _game(umpire, tmp_path)
    res = umpire("designate", "herc", "--boat")
    assert res.code == 1 and "class 7 or class 8" in res.err
    res = umpire("--json", "designate", "gunboat", "--boat")
    assert res.code == 0 and res.json["boat"] is True, res.err
    assert umpire("--json", "status", "gunboat").json["ships"][0]["boat"] is True
    assert umpire("designate", "gunboat", "--boat").code == 1
    assert umpire("undo").code == 0
    assert "boat" not in umpire("--json", "status", "gunboat").json["ships"][0]
    assert umpire("designate", "gunboat", "--boat").code == 0
    assert umpire("verify").code == 0


def test_boats_need_the_optional_rule(umpire, tmp_path):
    (tmp_path / "p.toml").write_text(crew_hit_pack() + ADV)
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-te26", "--tables", tmp_path / "p.toml").code == 0
    assert umpire("ship", "add", "Jolly", "--side", "gb", "--class", "8", "--spec", BOAT).code == 0
    res = umpire("designate", "jolly", "--boat")
    assert res.code == 1 and "--optional boats" in res.err


def test_a_class_7_boat_rows(umpire, tmp_path):
    """54.1.1 "While rowing, a Class 7 boat has 4 movement points in wind attitudes A and B and 3
    movement points in attitudes C and D"; 54.1.5 "Boats may tow other boats at a movement
    allowance of one less than normal"."""
    _game(umpire, tmp_path)
    assert umpire("designate", "gunboat", "--boat").code == 0
    assert [_speed(umpire, "gunboat", a)["allowance"] for a in "ABCD"] == [4, 4, 3, 3]
    res = _speed(umpire, "gunboat", "C")
    assert any("54.1.1" in line for line in res["explain"])
    towing = _speed(umpire, "gunboat", "A", "--opt", "towing=1")
    assert towing["allowance"] == 3 and any("54.1.5" in line for line in towing["explain"])
    assert umpire("speed", "gunboat", "--attitude", "A", "--opt", "towing=maybe").code == 2


def test_a_class_8_boat_rows_by_the_wind_velocity_in_attitude_d(umpire, tmp_path):
    """54.4.1 "A Class 8 boat has only 1 movement point in attitudes A, B, and C. In attitude D, it
    has no movement points except when the wind velocity is Light Breeze, in which case, it may
    move one hex on alternate turns, or Becalmed, in which case it has 1 movement point"."""
    _game(umpire, tmp_path, "wind-velocity")
    assert umpire("designate", "jolly", "--boat").code == 0
    assert umpire("wind", "--velocity", "3").code == 0
    assert [_speed(umpire, "jolly", a)["allowance"] for a in "ABCD"] == [1, 1, 1, 0]
    assert umpire("wind", "--velocity", "0").code == 0
    assert _speed(umpire, "jolly", "D")["allowance"] == 1
    assert umpire("wind", "--velocity", "1").code == 0
    odd = _speed(umpire, "jolly", "D")                 # turn 1
    assert odd["allowance"] == 0 and odd["alternate_turns"] is True
    assert umpire("turn").code == 0
    assert _speed(umpire, "jolly", "D")["allowance"] == 1
    assert _speed(umpire, "jolly", "D", "--opt", "towing=1")["allowance"] == 0


def test_a_boat_under_sail_is_fore_and_aft_rigged(umpire, tmp_path):
    """54.1.2 "Boats with rigging sections may sail. When sailing, boats are fore-and-aft rigged
    (see 38.0)": one hex every second turn in attitude D."""
    _game(umpire, tmp_path)
    assert umpire("designate", "gunboat", "--boat").code == 0
    res = _speed(umpire, "gunboat", "D", "--sail", "battle")
    assert res["sail"] == "battle" and any("54.1.2" in line for line in res["explain"])
    assert any("38.0" in line for line in res["explain"])


def test_fire_at_a_boat(umpire, tmp_path):
    """54.2.2 "Boats cannot be raked"; 54.2.3 "Fire must be directed toward the hull of a boat,
    unless the boat is sailing"."""
    _game(umpire, tmp_path)
    assert umpire("designate", "gunboat", "--boat").code == 0
    base = ["fire", "herc", "--at", "gunboat", "--range", "3", "--side", "left", "--facing", "left"]
    res = umpire(*base, "--aim", "rigging", "--roll", "1")
    assert res.code == 1 and "54.2.3" in res.err
    res = umpire(*base, "--rake", "bow", "--roll", "1")
    assert res.code == 1 and "54.2.2" in res.err
    res = umpire("--json", *base, "--aim", "rigging", "--opt", "boat-sailing=1", "--roll", "1")
    assert res.code == 0, res.err
    res = umpire(*base[:3], "jolly", *base[4:], "--opt", "boat-sailing=1", "--roll", "1")
    assert res.code == 2 and "not a boat unit" in res.err


def test_a_class_8_boat_sinks_on_a_waterline_critical_hit(umpire, tmp_path):
    """54.4.3 "A class 8 boat sinks immediately if it receives a 10H critical hit (waterline
    damage)"."""

    (tmp_path / "p.toml").write_text(fire_pack() + ADV)
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-te26", "--level", "advanced", "--tables",
                  tmp_path / "p.toml", "--optional", "boats").code == 0
    assert umpire("ship", "add", "Jolly", "--side", "gb", "--class", "8", "--spec", BOAT).code == 0
    assert umpire("ship", "add", "Herc", "--side", "fr", "--spec", HERC).code == 0
    assert umpire("ship", "add", "Scipion", "--side", "fr", "--spec", HERC).code == 0
    assert umpire("designate", "jolly", "--boat").code == 0
    base = ["--json", "fire", "herc", "--at", "jolly", "--range", "2", "--side", "left", "--facing", "left",
            "--aim", "hull"]
    # a 6 on the Hit Table: a critical hit; then the gun hit location die; 5 + 5 = 10: 10H
    res = umpire(*base[:2], "scipion", *base[3:], "--rolls", "6,1,1,5,6")        # 11H: afloat
    assert res.code == 0 and "boat_sunk" not in res.json, res.err
    res = umpire(*base, "--rolls", "6,1,1,5,5")
    assert res.code == 0, res.err
    assert res.json["critical_hits"][0]["result"] == "10H" and res.json["boat_sunk"] is True
    assert any("54.4.3" in line for line in res.json["explain"])
    assert umpire("--json", "status", "jolly").json["ships"][0]["state"] == "sunk"
    assert umpire("verify").code == 0


def test_class_8_boats_in_a_gale_sink_on_a_6(umpire, tmp_path):
    """54.4.2 "If the wind velocity is 5 (gale) or 6 (storm), Class 8 boats sink on a die roll of
    "6" rolled during the Wind Phase"."""

    (tmp_path / "p.toml").write_text(WIND_PACK)
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-te26", "--level", "advanced", "--tables",
                  tmp_path / "p.toml", "--optional", "boats", "--optional", "wind-velocity").code == 0
    for name, cls in (("Gunboat", "7"), ("Jolly", "8"), ("Dolly", "8")):
        assert umpire("ship", "add", name, "--side", "gb", "--class", cls, "--spec", BOAT).code == 0
        assert umpire("designate", name.lower(), "--boat").code == 0
    assert umpire("wind", "--direction", "4", "--velocity", "3", "--change", "11").code == 0
    res = umpire("--json", "wind", "--rolls", "3,3")                 # no change: a normal breeze, no boat dice
    assert res.code == 0 and res.json["rolls"] == [3, 3], res.err
    assert umpire("turn").code == 0
    assert umpire("wind", "--velocity", "4").code == 0
    # 5 + 6 = 11: direction die 2 (no change), velocity die 5 (+1): a gale; Jolly 6 sinks, Dolly 5 not
    res = umpire("--json", "wind", "--rolls", "5,6,2,5,6,5")
    assert res.code == 0, res.err
    assert res.json["wind"]["velocity"] == 5 and res.json["rolls"] == [5, 6, 2, 5, 6, 5]
    assert res.json["boats_sunk"] == ["jolly"]
    assert sum("54.4.2" in line for line in res.json["explain"]) == 2
    assert umpire("--json", "status", "jolly").json["ships"][0]["state"] == "sunk"
    assert umpire("--json", "status", "dolly").json["ships"][0]["state"] == "active"
    assert umpire("verify").code == 0
    assert umpire("undo").code == 0
    assert umpire("--json", "status", "jolly").json["ships"][0]["state"] == "active"
    assert umpire("turn").code == 0
    assert umpire("wind", "--rolls", "5,6,2,5,6").code == 2            # a die short for Dolly


def test_collisions_with_boats(umpire, tmp_path):
    """54.1.4.1 "Boats do not foul in collisions"; 54.1.4.2 "If a boat collides with a larger
    class vessel, the larger vessel does not end movement. The boat must end its movement and
    return to the hex it occupied immediately prior to the collision"; 54.1.4.3 "if a boat
    occupied the collision hex the move immediately prior to collision, the boat is destroyed ...
    Roll a die. If a 6, the larger vessel loses one movement point from its current move"."""

    (tmp_path / "p.toml").write_text(MELEE_PACK)           # with a Fouling Table
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-te26", "--tables", tmp_path / "p.toml",
                  "--optional", "boats").code == 0
    assert umpire("ship", "add", "Gunboat", "--side", "gb", "--class", "7", "--spec", BOAT).code == 0
    assert umpire("ship", "add", "Jolly", "--side", "gb", "--class", "8", "--spec", BOAT).code == 0
    assert umpire("ship", "add", "Herc", "--side", "fr", "--spec", HERC).code == 0
    assert umpire("ship", "add", "Dolly", "--side", "gb", "--class", "8", "--spec", BOAT).code == 0
    for sid in ("gunboat", "jolly", "dolly"):
        assert umpire("designate", sid, "--boat").code == 0
    res = umpire("foul", "herc", "jolly", "--rolls", "1,1")
    assert res.code == 1 and "54.1.4.1" in res.err
    assert umpire("ram", "jolly", "--at", "herc").code == 2
    res = umpire("--json", "ram", "jolly", "--at", "herc", "--collision")
    assert res.code == 0 and res.json["boat_returns"] is True and res.json["rolls"] == [], res.err
    res = umpire("ram", "jolly", "--at", "dolly", "--collision")       # two class 8 boats: no result given
    assert res.code == 1 and "54.1.4" in res.err
    res = umpire("--json", "ram", "herc", "--at", "jolly", "--collision", "--roll", "5")
    assert res.code == 0 and res.json["boat_destroyed"] is True and res.json["movement_lost"] == 0, res.err
    assert umpire("--json", "status", "jolly").json["ships"][0]["state"] == "sunk"
    # a class 7 gunboat is larger than a class 8 boat
    res = umpire("--json", "ram", "gunboat", "--at", "dolly", "--collision", "--roll", "6")
    assert res.code == 0 and res.json["movement_lost"] == 1, res.err
    assert umpire("verify").code == 0


def test_a_class_8_boat_has_one_anchor_in_the_bow(umpire, tmp_path):
    """54.4.4 "Unlike other vessels, Class 8 boats have only one anchor, located in the bow"."""
    _game(umpire, tmp_path)
    for sid in ("gunboat", "jolly"):
        assert umpire("designate", sid, "--boat").code == 0
    res = umpire("anchor", "jolly", "--spring", "stern")
    assert res.code == 1 and "54.4.4" in res.err
    assert umpire("anchor", "gunboat", "--spring", "stern").code == 0       # class 7: as other vessels
    assert umpire("anchor", "jolly", "--spring", "bow").code == 0


def test_a_boats_written_move(umpire, tmp_path):
    """54.1.1 "Unlike ships, boats may make two consecutive turns and there is no cost to turn";
    54.1.3 "Boats drift one hex anytime they do not voluntarily move or row to maintain position.
    They do not wait until a second turn as larger craft do. Boats which are not grappled or
    fouled can remain stationary without drifting by writing the notation "RW"."""
    _game(umpire, tmp_path, level=None)
    assert umpire("designate", "gunboat", "--boat").code == 0
    res = umpire("--json", "move", "gunboat", "1LR3", "--attitude", "A")       # 4 hexes, two turns: 4 factors
    assert res.code == 0 and res.json["factors_used"] == 4 and res.json["turns"] == 2, res.err
    assert umpire("undo").code == 0
    res = umpire("move", "gunboat", "LLL1", "--attitude", "A")
    assert res.code == 1 and "two consecutive turns" in res.err and "54.1.1" in res.err
    res = umpire("move", "gunboat", "4", "--attitude", "C")
    assert res.code == 1 and "allowance 3" in res.err
    res = umpire("--json", "move", "gunboat", "0")                     # the first turn still: she drifts
    assert res.code == 0 and res.json["drift"] is True and res.json["log"] == "D", res.err
    assert any("54.1.3" in line for line in res.json["explain"])
    assert umpire("turn").code == 0
    res = umpire("--json", "move", "gunboat", "RW")
    assert res.code == 0 and res.json["drift"] is False and res.json["log"] == "RW", res.err
    assert umpire("--json", "status", "gunboat").json["ships"][0]["last_move"] == {"turn": 2, "log": "RW"}
    assert umpire("verify").code == 0


def test_a_boat_entering_land_is_beached(umpire, tmp_path):
    """54.1.7 "Unlike larger vessels, boats are not wrecked upon entering land, but are merely
    beached. A beached boat may enter an adjacent sea hex, moving normally on a later turn"."""
    _game(umpire, tmp_path, "land-rocks-and-shoals")
    assert umpire("designate", "gunboat", "--boat").code == 0
    res = umpire("--json", "aground", "gunboat", "--land")
    assert res.code == 0 and res.json["beached"] is True and res.json["wrecked"] is False, res.err
    assert any("54.1.7" in line for line in res.json["explain"])
    assert umpire("--json", "status", "gunboat").json["ships"][0]["state"] == "active"
    res = umpire("move", "gunboat", "1", "--attitude", "A")
    assert res.code == 1 and "54.1.7" in res.err
    assert umpire("--json", "aground", "herc", "--land").json["wrecked"] is True      # a ship: 44.1
    assert umpire("turn").code == 0
    assert umpire("move", "gunboat", "1", "--attitude", "A").code == 0
    assert umpire("verify").code == 0


def test_a_boat_kedges_her_ship(umpire, tmp_path):
    """54.1.5 "a boat grappled to a ship may move the ship by "kedging" ... A ship being kedged may
    move one movement point on alternate turns"."""

    (tmp_path / "p.toml").write_text(MELEE_PACK)           # with a Grappling Table
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-te26", "--tables", tmp_path / "p.toml",
                  "--optional", "boats").code == 0
    assert umpire("ship", "add", "Gunboat", "--side", "gb", "--class", "7", "--spec", BOAT).code == 0
    assert umpire("ship", "add", "Herc", "--side", "gb", "--spec", HERC).code == 0
    assert umpire("designate", "gunboat", "--boat").code == 0
    res = umpire("speed", "herc", "--attitude", "D", "--opt", "kedged=1")
    assert res.code == 1 and "grappled to no boat" in res.err
    assert umpire("grapple", "gunboat", "herc", "--rolls", "6,6").code == 0
    res = umpire("--json", "speed", "herc", "--attitude", "D", "--opt", "kedged=1")
    assert res.code == 0 and res.json["allowance"] == 0 and res.json["kedged"] is True, res.err     # turn 1
    assert umpire("turn").code == 0
    res = umpire("--json", "speed", "herc", "--attitude", "D", "--opt", "kedged=1")
    assert res.json["allowance"] == 1 and any("54.1.5" in line for line in res.json["explain"])
    assert umpire("speed", "herc", "--attitude", "D", "--opt", "kedged=sometimes").code == 2


def test_boat_crews_board_and_transfer(umpire, tmp_path):
    """54.3 "Crew may be moved to and from boats as boarding parties": a boat unit is a vessel
    (54.0 "treated as one vessel for all purposes"), so her crew forms boarding parties (and TBPs to
    transfer, 12.1.1) as any vessel's: here an OBP boards and fights."""

    (tmp_path / "p.toml").write_text(MELEE_PACK)
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-te26", "--tables", tmp_path / "p.toml",
                  "--optional", "boats").code == 0
    assert umpire("ship", "add", "Gunboat", "--side", "gb", "--class", "7", "--spec", BOAT).code == 0
    assert umpire("ship", "add", "Herc", "--side", "fr", "--spec", HERC).code == 0
    assert umpire("designate", "gunboat", "--boat").code == 0
    assert umpire("grapple", "gunboat", "herc", "--rolls", "6,6").code == 0
    assert umpire("board", "gunboat", "--party", "obp", "--sections", "1", "--at", "herc").code == 0
    assert umpire("board", "herc", "--party", "dbp", "--sections", "1").code == 0
    # boarding: 6 against 1 +1 (DBP) +1 (Herc average against green) = 3: boarded
    res = umpire("--json", "melee", "gunboat", "--at", "herc", "--rolls", "6,1,3,3,2,2,1")
    assert res.code == 0 and res.json["attackers"] == ["gunboat"], res.err
    assert umpire("verify").code == 0
