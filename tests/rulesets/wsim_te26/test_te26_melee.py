"""Tournament Edition 2.6 melee beyond one OBP against one DBP (12.2.2, 12.2.4, 12.2.5, 12.3.1
Special, 12.3.4.2), on the melee test pack of test_table_packs."""

from __future__ import annotations

from tests.rulesets.wsim_te26.helpers import MELEE_PACK, fire_pack, melee_game

CR = "10H-(5-5-5)M-6G-5R(3)-5-18'-20(CR)"
AV = "10H-(5-5-5)M-6G-5R(3)-5-18'-20(AV)"


def _game(umpire, tmp_path):
    (tmp_path / "p.toml").write_text(MELEE_PACK)
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-te26", "--tables", tmp_path / "p.toml").code == 0
    assert umpire("ship", "add", "A", "--side", "x", "--spec", CR).code == 0
    assert umpire("ship", "add", "B", "--side", "y", "--spec", AV).code == 0
    assert umpire("ship", "add", "C", "--side", "x", "--spec", AV).code == 0
    assert umpire("grapple", "a", "b", "--rolls", "3,4").code == 0
    assert umpire("grapple", "c", "b", "--rolls", "3,4").code == 0


def test_two_boarding_ships_combine_their_crews(umpire, tmp_path):
    """12.3.1 Special: "separate rolls must be made for each. Subtract 1 from each die roll of a ship
    with more than one opponent"; 12.3.4.2 "combine the crews of the attacking ships when rolling
    for crew losses ... Losses ... taken as evenly as possible"; morale rolled for each."""
    _game(umpire, tmp_path)
    assert umpire("board", "a", "--party", "obp", "--sections", "1,2", "--at", "b").code == 0
    assert umpire("board", "c", "--party", "obp", "--sections", "1", "--at", "b").code == 0
    assert umpire("board", "b", "--party", "dbp", "--sections", "1").code == 0
    # A 6 +1 (quality) = 7 v B 1 +1 (DBP) -1 = 1; C 5 v B 2 +1 -1 = 2: both board.
    # Crew loss: A 40 + C 15 = 55 (31+), die 6: 3; B 15 shifted to 21-30, die 1: 1 (from A).
    # Morale: A 3 holds (crack 4), C 3 holds (average 3); B 3 +1 (51 against 6) fails: she surrenders.
    res = umpire("--json", "melee", "a", "--with", "c", "--at", "b", "--rolls", "6,1,5,2,6,1,3,3,3")
    assert res.code == 0, res.err
    assert res.json["outcome"] == "defender surrenders" and res.json["rolls"] == [6, 1, 5, 2, 6, 1, 3, 3, 3]
    explain = "\n".join(res.json["explain"])
    assert "12.3.1 Special" in explain and "crews combined" in explain
    assert umpire("--json", "status", "b").json["ships"][0]["state"] == "captured"
    assert umpire("verify").code == 0


def test_obp_against_obp_the_defender_may_board(umpire, tmp_path):
    """12.2.2 "If two opposing ships simultaneously send OBPs, a melee will occur, if one of the
    parties successfully boards the opposing ship"; no DBP +1 for an OBP."""
    _game(umpire, tmp_path)
    assert umpire("board", "a", "--party", "obp", "--sections", "1,2", "--at", "b").code == 0
    assert umpire("board", "b", "--party", "obp", "--sections", "1", "--at", "a").code == 0
    # A 2 +1 = 3 against B 5: B's OBP boards A. Crew loss: B 15 (11-20) die 2: 1; A 40 (31+)
    # die 1: 1, no column shift (no DBP). Morale: B 2 +1 (A has 36 against 12) = 3 holds; A 1 holds.
    res = umpire("--json", "melee", "a", "--at", "b", "--rolls", "2,5,2,1,2,1")
    assert res.code == 0, res.err
    assert res.json["outcome"] == "continues" and res.json["attackers"] == ["b"]
    assert not any("a DBP" in line for line in res.json["explain"])
    assert umpire("--json", "status", "a").json["ships"][0]["crew_left"] == [4, 5, 5]


def test_no_party_is_captured_without_melee(umpire, tmp_path):
    """12.2.4 "If an OBP ... boards a ship which has ordered a NBP or TBP only, that OBP
    automatically captures the ship without melee"."""
    _game(umpire, tmp_path)
    assert umpire("board", "a", "--party", "obp", "--sections", "1", "--at", "b").code == 0
    res = umpire("--json", "melee", "a", "--at", "b")
    assert res.code == 0 and res.json["rolls"] == [] and res.json["outcome"] == "defender surrenders", res.err
    assert umpire("--json", "status", "b").json["ships"][0]["state"] == "captured"


def test_an_engaged_obp_converts_to_a_dbp(umpire, tmp_path):
    """12.2.5 "If a friendly ship with an OBP is engaged in melee with an enemy ship and an OBP
    from a second enemy ship commences a melee with the friendly ship, the friendly ship's OBP
    immediately converts to a DBP"."""
    _game(umpire, tmp_path)
    assert umpire("board", "b", "--party", "obp", "--sections", "1", "--at", "a").code == 0
    assert umpire("board", "a", "--party", "dbp", "--sections", "1").code == 0
    assert umpire("board", "c", "--party", "obp", "--sections", "1", "--at", "b").code == 0
    res = umpire("--json", "melee", "c", "--at", "b", "--rolls", "1,4")      # 1 against 4 +1 (DBP): repelled
    assert res.code == 0 and res.json["outcome"] == "repelled", res.err
    assert any("12.2.5" in line for line in res.json["explain"])


def test_a_prize_crew_the_turn_after_the_capture(umpire, tmp_path):
    """12.4.7 "On the turn after a prize crew captures a ship, it may not change sails, turn the
    ship, grapple an enemy ship, upanchor, perform repairs, or load or fire guns ... On subsequent
    turns, the prize crew may run the ship normally"."""
    _game(umpire, tmp_path)
    assert umpire("board", "a", "--party", "obp", "--sections", "1", "--at", "b").code == 0
    assert umpire("melee", "a", "--at", "b").code == 0                      # captured (12.2.4)
    assert umpire("ship", "add", "D", "--side", "y", "--spec", AV).code == 0
    assert umpire("turn").code == 0
    for cmd in (["fire", "b", "--at", "d", "--range", "1", "--side", "left", "--roll", "3"],
                ["load", "b", "--side", "left"], ["grapple", "b", "d", "--rolls", "6,6"]):
        res = umpire(*cmd)
        assert res.code == 1 and "12.4.7" in res.err, (cmd, res.err)
    assert umpire("ungrapple", "b", "c").code == 0               # not forbidden (friendly: automatic)
    res = umpire("move", "b", "L1", "--attitude", "A", "--turning", "2")
    assert res.code == 1 and "turn the ship" in res.err
    assert umpire("turn").code == 0
    res = umpire("grapple", "b", "d", "--rolls", "6,6")
    assert res.code == 0, res.err


def test_transfers_between_friendly_ships(umpire, tmp_path):
    """10.2.6 "Transfer of crew is allowed between grappled friendly adjacent ships if neither is
    grappled or fouled to an enemy ship, and neither has been fired at ... A ship may not accept
    additional crew squares resulting in a doubling of its specified crew size"; 10.2.8 "A ship
    receiving transferred crew immediately assumes the worse crew quality of the two ships"."""
    (tmp_path / "p.toml").write_text(MELEE_PACK)
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-te26", "--tables", tmp_path / "p.toml").code == 0
    assert umpire("ship", "add", "A", "--side", "x", "--spec", CR).code == 0
    assert umpire("ship", "add", "C", "--side", "x", "--spec", AV).code == 0
    assert umpire("ship", "add", "B", "--side", "y", "--spec", AV).code == 0
    assert umpire("board", "c", "--party", "tbp", "--sections", "1").code == 0
    res = umpire("transfer", "c", "--to", "a", "--sections", "1")
    assert res.code == 1 and "grappled" in res.err
    assert umpire("grapple", "c", "a", "--rolls", "3,4").code == 0          # friendly: 7 + 4
    assert umpire("transfer", "c", "--to", "a", "--sections", "2").code == 1      # not in the TBP
    res = umpire("--json", "transfer", "c", "--to", "a", "--sections", "1")
    assert res.code == 0, res.err
    assert any("worse crew quality" in line and "CR -> AV" in line for line in res.json["explain"])
    assert umpire("--json", "status", "a").json["ships"][0]["quality"] == "AV"
    assert umpire("turn").code == 0

    assert umpire("grapple", "a", "b", "--rolls", "6,6").code == 0
    assert umpire("board", "c", "--party", "tbp", "--sections", "2").code == 0
    res = umpire("transfer", "c", "--to", "a", "--sections", "2")
    assert res.code == 1 and "enemy" in res.err


def test_ships_parting_end_the_melee(umpire, tmp_path):
    """12.3.6 "In the event that ships become unfouled & ungrappled, the melee ends with the boarding
    OBP returning to its ship and the defender making a Crew Loss roll against it, without the
    column shift"."""

    melee_game(umpire, tmp_path)
    res = umpire("--json", "melee", "a", "--at", "b", "--rolls", "6,1,1,2,1,1")
    assert res.json["outcome"] == "continues"
    assert umpire("turn").code == 0
    before = umpire("--json", "status", "a").json["ships"][0]["crew_left"]
    # 12 always ungrapples (9.2.1); B's party (one section, 4 squares left, average: 12) rolls 6: 2
    res = umpire("--json", "ungrapple", "b", "a", "--rolls", "6,6,6")
    assert res.code == 0 and res.json["melee_ended"] is True and res.json["rolls"] == [6, 6, 6], res.err
    assert any("12.3.6" in line for line in res.json["explain"])
    after = umpire("--json", "status", "a").json["ships"][0]["crew_left"]
    assert sum(before) - sum(after) == 2
    assert umpire("verify").code == 0


def test_marines_in_melee(umpire, tmp_path):
    """3.2.7 marines, a section of their own; 10.1.2.1 "a ship's marines must be used" in an OBP or
    DBP; 12.3.3 "Don't forget the marines!"; 12.3.4.1 "If the die roll was a 6, one loss must be a
    marine square"; 12.3.5 "if the boarding party contains marines, the failed morale check may be
    re-rolled once in the current Melee Phase"."""
    (tmp_path / "p.toml").write_text(MELEE_PACK)
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-te26", "--tables", tmp_path / "p.toml").code == 0
    assert umpire("ship", "add", "A", "--side", "x", "--spec", CR, "--marines", "2").code == 0
    assert umpire("ship", "add", "B", "--side", "y", "--spec", AV, "--marines", "2").code == 0
    assert umpire("--json", "status", "a").json["ships"][0]["marines_left"] == 2
    assert umpire("grapple", "a", "b", "--rolls", "3,4").code == 0
    assert umpire("board", "a", "--party", "obp", "--sections", "1", "--at", "b").code == 0
    assert umpire("board", "b", "--party", "dbp", "--sections", "1").code == 0
    # boarding: A 6 +1 = 7 against B 1 +1 = 2. Crew loss: A (5 + 2 marines) x 4 = 28 (21-30), die 6:
    # 3, one of them a marine (12.3.4.1); B (5 + 2) x 3 = 21, one column right (31+), die 1: 1.
    # Morale: A 4 holds (crack 4); B 6 fails (average 3), re-rolled (marines): 2 holds.
    res = umpire("--json", "melee", "a", "--at", "b", "--rolls", "6,1,6,1,4,6,2")
    assert res.code == 0 and res.json["outcome"] == "continues", res.err
    explain = "\n".join(res.json["explain"])
    assert "TMS 28" in explain and "TMS 21" in explain and "re-rolled" in explain
    b = umpire("--json", "status", "b").json["ships"][0]
    assert b["marines_left"] == 1 and b["crew_left"] == [3, 5, 5]
    assert umpire("verify").code == 0


def test_boarding_a_ship_fouled_but_not_grappled(umpire, tmp_path):
    """12.3.1 "-2 if the ships are fouled but not grappled", read as the boarders' handicap."""
    (tmp_path / "p.toml").write_text(MELEE_PACK)
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-te26", "--tables", tmp_path / "p.toml").code == 0
    assert umpire("ship", "add", "A", "--side", "x", "--spec", AV).code == 0
    assert umpire("ship", "add", "B", "--side", "y", "--spec", AV).code == 0
    assert umpire("foul", "a", "b", "--rolls", "6,6").code == 0
    assert umpire("board", "a", "--party", "obp", "--sections", "1", "--at", "b").code == 0
    assert umpire("board", "b", "--party", "dbp", "--sections", "1").code == 0
    # A 5 - 2 = 3 against B 1 + 1 (DBP) = 2: boarded; the defender takes no -2
    res = umpire("--json", "melee", "a", "--at", "b", "--rolls", "5,1,1,1,1,1")
    assert res.code == 0 and res.json["outcome"] != "repelled", res.err
    assert any("attacker 5 -> 3, defender 1 -> 2" in line for line in res.json["explain"])


def test_boarding_a_larger_class(umpire, tmp_path):
    """12.3.1 "-1 if target ship is larger class than ship attempting to board (except class 4
    attempting to board a class 3 ship)", from the ships' class numbers."""
    (tmp_path / "p.toml").write_text(MELEE_PACK)
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-te26", "--tables", tmp_path / "p.toml").code == 0
    for name, side, cls in (("A", "x", "4"), ("B", "y", "3"), ("C", "x", "5")):
        assert umpire("ship", "add", name, "--side", side, "--class", cls, "--spec", AV).code == 0
    for sid in ("a", "c"):
        assert umpire("grapple", sid, "b", "--rolls", "3,4").code == 0
    assert umpire("board", "a", "--party", "obp", "--sections", "1", "--at", "b").code == 0
    assert umpire("board", "b", "--party", "dbp", "--sections", "1").code == 0
    res = umpire("--json", "melee", "a", "--at", "b", "--rolls", "3,3")          # class 4 at class 3: no -1
    assert not any("larger class" in line for line in res.json["explain"]), res.err
    assert umpire("turn").code == 0
    assert umpire("board", "c", "--party", "obp", "--sections", "1", "--at", "b").code == 0
    assert umpire("board", "b", "--party", "dbp", "--sections", "1").code == 0
    res = umpire("--json", "melee", "c", "--at", "b", "--rolls", "3,3")          # class 5 at class 3: -1
    assert any("larger class (3 against 5)" in line for line in res.json["explain"]), res.err


def test_transferred_crew_serve_only_in_a_dbp_the_next_turn(umpire, tmp_path):
    """10.2.7 "Transferred crew may not be used for any purpose on the turn of transfer. On the
    following turn, transferred crew may only be used as part of a defensive boarding party"."""

    (tmp_path / "p.toml").write_text(fire_pack() + MELEE_PACK.split("\n", 1)[1])
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-te26", "--tables", tmp_path / "p.toml").code == 0
    assert umpire("ship", "add", "A", "--side", "x", "--spec", AV).code == 0
    assert umpire("ship", "add", "C", "--side", "x", "--spec", AV).code == 0
    assert umpire("ship", "add", "B", "--side", "y", "--spec", CR).code == 0
    assert umpire("fire", "b", "--at", "a", "--range", "8", "--side", "left", "--aim", "rigging", "--roll", "1").code == 0
    assert umpire("turn").code == 0
    # 6 guns at 1 hex: table 2 (4-6 row), crack +1 = 3; die 4: H-C, one crew square from A's first section
    assert umpire("fire", "b", "--at", "a", "--range", "1", "--side", "right", "--roll", "4").code == 0
    assert umpire("--json", "status", "a").json["ships"][0]["crew_left"] == [4, 5, 5]
    assert umpire("turn").code == 0                      # fired at this turn: no transfer (10.2.6)
    assert umpire("grapple", "c", "a", "--rolls", "3,4").code == 0
    assert umpire("board", "c", "--party", "tbp", "--sections", "1").code == 0
    assert umpire("transfer", "c", "--to", "a", "--sections", "1").code == 0
    assert umpire("turn").code == 0
    assert umpire("grapple", "a", "b", "--rolls", "6,6").code == 0
    res = umpire("board", "a", "--party", "obp", "--sections", "1", "--at", "b")
    assert res.code == 1 and "10.2.7" in res.err
    assert umpire("board", "a", "--party", "dbp", "--sections", "1").code == 0
