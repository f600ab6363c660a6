"""Tournament Edition 2.6, the written move (7.0-8.2, 19.4.2) and the plotted grapple (7.2.9, 9.0)."""

from __future__ import annotations

from tests.rulesets.wsim_te26.helpers import PACK, fire_pack

FRIGATE = "10H-(4-4)M-12(2)G-5R(4)-6-12'-14(AV)"


def _game(umpire, tmp_path, level="basic", pack=PACK):
    (tmp_path / "p.toml").write_text(pack)
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-te26", "--level", level,
                  "--tables", tmp_path / "p.toml").code == 0
    for name, side in (("Const", "us"), ("Java", "gb")):
        assert umpire("ship", "add", name, "--side", side, "--class", "F", "--turning", "3", "--spec", FRIGATE).code == 0


def test_the_log_notation_example(umpire, tmp_path):
    """7.2.3 "A frigate in attitude A has a battle sail speed of 4. Its movement allowance is 4. The
    notation in the log reads "L1R1" ... After its turn into attitude C, the maximum the ship could
    move in that direction is one hex"; 7.1.12 "It may turn back to attitude A after moving one hex
    in C and finish its move in attitude A"."""
    _game(umpire, tmp_path)
    game = tmp_path / "game.toml"
    before = game.read_bytes()
    res = umpire("move", "const", "L2", "--heading", "6", "--wind", "1")
    assert res.code == 1 and "7.1.12" in res.err and "Basic" not in res.err
    assert game.read_bytes() == before
    res = umpire("--json", "move", "const", "L1R1", "--heading", "6", "--wind", "1")
    assert res.code == 0 and res.json["executed"] == "L1R1" and res.json["allowance"] == 4, res.err
    assert any("A -> C -> A" in line and "TE 2.6 7.1.12" in line for line in res.json["explain"])
    assert umpire("verify").code == 0


def test_a_grapple_must_be_plotted(umpire, tmp_path):
    """7.2.9 "A ship which is intended to grapple another ship during the turn must have the letter
    "G" written in the "Move" column"; 9.0 she may attempt to grapple "if a "G" was written"."""
    _game(umpire, tmp_path)
    assert umpire("move", "const", "1", "--attitude", "A").code == 0
    res = umpire("grapple", "const", "java", "--rolls", "4,4")
    assert res.code == 1 and "9.0" in res.err
    res = umpire("--json", "move", "java", "G1", "--attitude", "A")
    assert res.code == 0 and res.json["grapple"] is True and res.json["executed"] == "1", res.err
    assert umpire("--json", "grapple", "java", "const", "--rolls", "4,4").json["success"] is True


def test_a_plotted_grapple_costs_the_modifier_when_she_fires(umpire, tmp_path):
    """11.3.3.1 "If the ship was plotted to grapple ("G") it will suffer a grappling attempt loss
    modifier even if it failed to grapple"."""
    _game(umpire, tmp_path, pack=fire_pack())
    assert umpire("move", "const", "G0").code == 0
    # 14 guns at 4 hexes: table 1, initial +2, grappling attempt -1 = 2
    res = umpire("--json", "fire", "const", "--at", "java", "--range", "4", "--side", "left", "--facing", "right",
                 "--roll", "1")
    assert res.code == 0 and res.json["hit_table"] == 2, res.err
    assert any("G in her move" in line for line in res.json["explain"])


def test_no_turn_to_begin_after_ending_with_one(umpire, tmp_path):
    """19.4.2 "On turn 5, a ship plots a move of "L1R". On turn 6, if the player wishes to plot any
    forward movement for the turn, the ship must first move forward one hex before turning. Thus,
    it could plot "1L1". Plotting another "L1R" maneuver is illegal"; 19.4.2.1 "only the turn "L" is
    allowed. The rest of the movement, in this case the "1R", is voided"."""
    _game(umpire, tmp_path, level="advanced")
    assert umpire("move", "const", "L1R", "--heading", "6", "--wind", "1").code == 0
    assert umpire("turn").code == 0
    res = umpire("move", "const", "L1R", "--heading", "6", "--wind", "1")
    assert res.code == 1 and "19.4.2" in res.err
    res = umpire("--json", "move", "const", "L1R", "--heading", "6", "--wind", "1", "--as-written")
    assert res.code == 0 and res.json["executed"] == "L", res.err
    assert umpire("undo").code == 0
    res = umpire("--json", "move", "const", "1L1", "--heading", "6", "--wind", "1")
    assert res.code == 0 and res.json["executed"] == "1L1", res.err


def test_grappled_to_a_ship_of_the_line_she_drifts_at_its_rate(umpire, tmp_path):
    """8.2.3.1 "Where ships of different classes are fouled or grappled together, they drift at the
    speed of the highest class ship" (8.2.2: ships of the line every other turn)."""
    _game(umpire, tmp_path)
    assert umpire("ship", "add", "Chesapeake", "--side", "us", "--class", "SOL", "--turning", "2",
                  "--spec", FRIGATE).code == 0
    assert umpire("grapple", "const", "chesapeake", "--rolls", "3,4").code == 0     # friendly: 7 + 4
    drifts, explain = [], []
    for _ in range(3):
        for sid in ("const", "chesapeake"):
            res = umpire("--json", "move", sid, "0")
            assert res.code == 0, res.err
            if sid == "const":
                drifts.append(res.json["drift"])
                explain = res.json["explain"]
        assert umpire("turn").code == 0
    assert drifts == [False, True, False]           # a frigate alone would drift in the third turn too
    assert any("8.2.3.1" in line for line in explain)


def test_at_anchor_she_does_not_move(umpire, tmp_path):
    """19.3.1 anchoring takes effect on the following turn; 19.3.3 "Ships at ordinary anchor may not
    move or turn in place"."""
    _game(umpire, tmp_path, level="advanced")
    assert umpire("anchor", "const").code == 0
    assert umpire("move", "const", "1", "--attitude", "A").code == 0           # this turn she still sails
    assert umpire("turn").code == 0
    res = umpire("move", "const", "1", "--attitude", "A")
    assert res.code == 1 and "anchor" in res.err and "TE 2.6 19.3" in res.err


def test_casting_the_lead(umpire, tmp_path):
    """45.1 "Players are assumed to be casting the lead for a ship which has moved a maximum of one
    hex in that movement phase"."""
    (tmp_path / "p.toml").write_text(PACK)
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-te26", "--tables", tmp_path / "p.toml",
                  "--optional", "casting-the-lead").code == 0
    assert umpire("ship", "add", "Const", "--side", "us", "--class", "F", "--turning", "3", "--spec", FRIGATE).code == 0
    assert umpire("move", "const", "1", "--attitude", "A").code == 0
    res = umpire("--json", "lead", "const")
    assert res.code == 0 and res.json["casting_the_lead"] is True, res.err
    assert any("TE 2.6 45.1" in line for line in res.json["explain"])
    assert umpire("--json", "lead", "const", "--hexes", "2").json["casting_the_lead"] is False


def test_command_lag_and_timed_moves(umpire, tmp_path):
    """49.2 "the moves for ships in other squadrons must be written three turns in advance"; 31.0
    "Ships whose orders do not get written move on a straight course their full movement allowance"."""
    (tmp_path / "p.toml").write_text(PACK)
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-te26", "--tables", tmp_path / "p.toml",
                  "--optional", "command-lag", "--optional", "timed-moves").code == 0
    assert umpire("ship", "add", "Const", "--side", "us", "--class", "F", "--turning", "3", "--spec", FRIGATE).code == 0
    res = umpire("--json", "move", "const", "1", "--attitude", "A", "--for-turn", "2")
    assert res.code == 0 and any("TE 2.6 49.2" in line for line in res.json["explain"]), res.err
    res = umpire("--json", "move", "const", "--attitude", "A", "--unwritten")
    assert res.code == 0 and res.json["executed"] == "4", res.err


def test_towing(umpire, tmp_path):
    """37.3.1 "Roll on the Grappling Table"; 37.1 "Ships towing a ship of equal or inferior gun rating
    lose [a] movement point"; 37.3.2 "The towing ship's turning ability is reduced by one (min. = 1).
    Also, the towing ship may not end a Movement Phase with a turn unless the turn was the only
    movement"; 37.3.3 "Ungrappling ends the tow"; 37.3.5 no tow in a gale."""
    (tmp_path / "p.toml").write_text(PACK)
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-te26", "--level", "advanced", "--tables",
                  tmp_path / "p.toml", "--optional", "towing").code == 0
    for name in ("Const", "Essex"):
        assert umpire("ship", "add", name, "--side", "us", "--class", "F", "--turning", "3", "--spec", FRIGATE).code == 0
    res = umpire("tow", "const", "essex")
    assert res.code == 1 and "Grappling Table" in res.err
    assert umpire("grapple", "const", "essex", "--rolls", "2,1").code == 0          # friendly: 3 + 4 = 7
    res = umpire("tow", "const", "essex")
    assert res.code == 2 and "gun rating" in res.err                                  # ratings are needed (37.1)
    for name in ("const", "essex"):
        assert umpire("designate", name, "--rated-guns", "44").code == 0
    assert umpire("tow", "const", "essex").code == 0
    assert umpire("--json", "status", "const").json["ships"][0]["grappled"] == []
    assert umpire("turn").code == 0
    res = umpire("--json", "speed", "const", "--attitude", "A")                     # 4, towing an equal: 3
    assert res.code == 0 and res.json["allowance"] == 3, res.err
    res = umpire("move", "const", "1L", "--attitude", "A")
    assert res.code == 1 and "37.3.2" in res.err
    res = umpire("--json", "move", "const", "1", "--attitude", "A")
    assert res.code == 0 and any("turning ability 3 -> 2" in line for line in res.json["explain"]), res.err
    res = umpire("--json", "wind", "--velocity", "5")
    assert res.code == 0 and any("the tow is lost" in line for line in res.json["explain"])
    assert umpire("--json", "speed", "const", "--attitude", "A").json["allowance"] == 4    # no tow any more
