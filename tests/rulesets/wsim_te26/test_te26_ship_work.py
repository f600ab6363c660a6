"""Tournament Edition 2.6, Advanced: sails (19.1, 27.0), anchors (19.3) and repairs (19.5, 28.0, 35.2)."""

from __future__ import annotations

from tests.rulesets.wsim_te26.helpers import ADV, EIGHTY, advanced_fire, fire_pack


def _game(umpire, tmp_path, *optional):
    (tmp_path / "p.toml").write_text(fire_pack() + ADV)
    args = [a for name in optional for a in ("--optional", name)]
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-te26", "--level", "advanced",
                  "--tables", tmp_path / "p.toml", *args).code == 0
    assert umpire("ship", "add", "Orient", "--side", "fr", "--spec", EIGHTY.format(q="CR")).code == 0
    assert umpire("ship", "add", "Bellona", "--side", "gb", "--spec", EIGHTY.format(q="AV")).code == 0


def _ship(umpire, sid):
    return umpire("--json", "status", sid).json["ships"][0]


def test_full_sails_are_read_by_fire(umpire, tmp_path):
    """19.1.3 a target at full sails takes the bracketed (R); the firer at full sails takes the
    card's modifier; full sails are lost with the whole first rigging section (19.1.3, 27.0)."""
    _game(umpire, tmp_path)
    assert umpire("sail", "orient", "full").code == 0
    assert umpire("sail", "orient", "full").code == 1                 # already
    assert umpire("fire", "bellona", "--at", "orient", "--range", "8", "--side", "left", "--roll", "1").code == 0
    res = advanced_fire(umpire, "bellona", "orient", 2, "right", "3", "--aim", "rigging")     # table 4, die 3: 3R-C
    assert res.code == 0 and res.json["hits"] == {"hull": 0, "guns": 0, "crew": 1, "rigging": 3}, res.err
    # Orient at full sails fires: 22 guns at 7 hexes table 0, crack +2, initial +2, full sails -1 = 3
    res = advanced_fire(umpire, "orient", "bellona", 7, "left", "1")
    assert res.code == 0 and res.json["hit_table"] == 3, res.err
    assert any("firing at full sails" in line for line in res.json["explain"])


def test_losing_the_first_rigging_section_ends_full_sails(umpire, tmp_path):
    _game(umpire, tmp_path)
    assert umpire("sail", "orient", "full").code == 0
    assert umpire("fire", "bellona", "--at", "orient", "--range", "8", "--side", "left", "--roll", "1").code == 0
    for turn in range(3):            # three 3R-C shots take the 7 squares of the first section
        res = advanced_fire(umpire, "bellona", "orient", 2, "right", "3", "--aim", "rigging")
        assert res.code == 0, res.err
        assert umpire("turn").code == 0        # the fired broadside reloads itself (26.1.1)
        assert umpire("turn").code == 0
    ship = _ship(umpire, "orient")
    assert ship["rigging_left"][0] == 0 and ship["sails"] == "battle"
    res = umpire("sail", "orient", "full")
    assert res.code == 1 and "19.1.3" in res.err


def test_anchors_take_effect_next_turn_and_weighing_takes_two(umpire, tmp_path):
    """19.3.1 "Anchoring does not go into effect the turn of noting it ... but on the following
    turn"; 19.3.3.2 the firer at anchor takes the modifier; 24.6 a target at anchor takes half the
    rigging hits; 19.3.6 up-anchoring: two turns, no loading or firing; 19.3.7 cut anchors."""
    _game(umpire, tmp_path)
    assert umpire("anchor", "bellona").code == 0
    assert umpire("anchor", "bellona", "--spring", "bow").code == 1           # one kind (19.3.2)
    res = advanced_fire(umpire, "orient", "bellona", 7, "left", "4", "--aim", "rigging")
    assert res.code == 0 and not any("at anchor" in line for line in res.json["explain"])
    assert umpire("turn").code == 0
    # 22 guns at 7 hexes: table 0, anchored +1, initial broadside +2 = 3 (average crew: 0)
    res = advanced_fire(umpire, "bellona", "orient", 7, "left", "1")
    assert res.code == 0 and res.json["hit_table"] == 3 and any("at anchor" in line for line in res.json["explain"])
    res = advanced_fire(umpire, "orient", "bellona", 2, "right", "3", "--aim", "rigging")   # 4 + 2 = 6: 2R-C -> 1R
    assert res.code == 0 and res.json["hits"]["rigging"] == 1, res.err
    assert umpire("anchor", "bellona", "--up").code == 0
    assert umpire("turn").code == 0
    res = umpire("fire", "bellona", "--at", "orient", "--range", "2", "--side", "right", "--roll", "1")
    assert res.code == 1 and "weighing anchor" in res.err
    assert umpire("load", "bellona", "--side", "left").code == 1
    assert umpire("turn").code == 0
    assert umpire("load", "bellona", "--side", "left").code == 0
    assert umpire("anchor", "bellona", "--spring", "stern").code == 0
    assert umpire("anchor", "bellona", "--cut").code == 0
    assert umpire("turn").code == 0
    res = umpire("anchor", "bellona")
    assert res.code == 1 and "19.3.7.1" in res.err
    assert umpire("verify").code == 0


def test_repairs(umpire, tmp_path):
    """28.0 "Roll one die. Add +1 if within ten hexes of an unsundered enemy ship. A roll of 1-3
    results in one square of damage being repaired"; 19.5.5 only damage she has, one type a turn."""
    _game(umpire, tmp_path)
    res = umpire("repair", "orient", "--what", "hull", "--roll", "1")
    assert res.code == 1 and "no hull damage" in res.err
    assert umpire("fire", "bellona", "--at", "orient", "--range", "8", "--side", "left", "--roll", "1").code == 0
    assert advanced_fire(umpire, "bellona", "orient", 1, "right", "3,1").code == 0        # table 5 hull die 3: 2H-G
    assert _ship(umpire, "orient")["hull_left"] == 12
    res = umpire("--json", "repair", "orient", "--what", "hull", "--battle", "--roll", "3")     # 3 + 1 = 4
    assert res.code == 0 and res.json["repaired"] is False, res.err
    assert umpire("repair", "orient", "--what", "guns", "--roll", "1").code == 1             # one a turn
    assert umpire("turn").code == 0
    res = umpire("--json", "repair", "orient", "--what", "hull", "--roll", "3")
    assert res.code == 0 and res.json["repaired"] is True and _ship(umpire, "orient")["hull_left"] == 13
    assert umpire("turn").code == 0
    assert _ship(umpire, "orient")["guns_left"] == {"left": 18, "right": 17}      # a long gun (11.4.3.1.1)
    res = umpire("--json", "repair", "orient", "--what", "guns", "--roll", "2")
    assert res.code == 0 and res.json["repaired"] is True
    assert _ship(umpire, "orient")["guns_left"] == {"left": 18, "right": 18}
    assert umpire("repair", "orient", "--what", "jury", "--roll", "1").code == 2


def test_variable_seamanship_rigging_repairs(umpire, tmp_path):
    """35.2 "repairs succeed on a roll equal or less than the crew's quality"; a crack crew (4)."""
    _game(umpire, tmp_path, "variable-seamanship")
    assert umpire("fire", "bellona", "--at", "orient", "--range", "8", "--side", "left", "--roll", "3").code == 0
    assert _ship(umpire, "orient")["rigging_left"][0] < 7
    res = umpire("--json", "repair", "orient", "--what", "rigging", "--roll", "4")
    assert res.code == 0 and res.json["repaired"] is True, res.err
    assert any("35.2" in line for line in res.json["explain"])


FULL_SAIL = '[tables.full-sail-movement]\ncells = [[5, 4, 2, 0], [6, 5, 3, 0], [7, 6, 3, 0]]\n'


def test_full_sail_speed_from_the_pack(umpire, tmp_path):
    """19.1.1 the full sail charts are images not in the text: the pack's Full Sail Movement Chart;
    a rigging section lost takes one off (11.4.4.1); 48.0 an uncoppered ship one more."""
    (tmp_path / "p.toml").write_text(fire_pack() + ADV + FULL_SAIL)
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-te26", "--level", "advanced",
                  "--tables", tmp_path / "p.toml", "--optional", "copper-bottoms").code == 0
    assert umpire("ship", "add", "Orient", "--side", "fr", "--spec", EIGHTY.format(q="CR")).code == 0
    res = umpire("--json", "speed", "orient", "--attitude", "B")
    assert res.code == 0 and res.json["allowance"] == 2 and res.json["sail"] == "battle", res.err   # battle 3, B
    assert umpire("sail", "orient", "full").code == 0
    res = umpire("--json", "speed", "orient", "--attitude", "B")        # full sail 5 (her spec), B: 4
    assert res.code == 0 and res.json["allowance"] == 4 and res.json["sail"] == "full", res.err
    assert umpire("designate", "orient", "--uncoppered").code == 0
    assert umpire("--json", "speed", "orient", "--attitude", "B").json["allowance"] == 3
    assert umpire("designate", "orient", "--fore-and-aft").code == 1          # not in play


def test_full_sail_speed_without_the_chart_names_it(umpire, tmp_path):
    _game(umpire, tmp_path)
    res = umpire("speed", "orient", "--attitude", "A", "--sail", "full")
    assert res.code == 2 and "Full Sail Movement Chart" in res.err


def test_scurvy_and_fore_and_aft(umpire, tmp_path):
    """47.1 newly arrived: "one or two extra crew squares per section for the SOL class ships and
    one ... for frigate class ships"; 38.0 "A fore-and-aft rigged ship does not suffer full sail
    rigging hit penalties on the hit tables"."""
    (tmp_path / "p.toml").write_text(fire_pack() + ADV)
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-te26", "--level", "advanced", "--tables",
                  tmp_path / "p.toml", "--optional", "scurvy", "--optional", "fore-and-aft-rigging").code == 0
    assert umpire("ship", "add", "Orient", "--side", "fr", "--class", "1", "--spec", EIGHTY.format(q="CR")).code == 0
    assert umpire("ship", "add", "Hornet", "--side", "gb", "--class", "3", "--spec", EIGHTY.format(q="AV")).code == 0
    assert umpire("designate", "hornet", "--newly-arrived", "2").code == 2          # a frigate: one
    assert umpire("designate", "orient", "--newly-arrived", "2").code == 0
    assert umpire("--json", "status", "orient").json["ships"][0]["crew_left"] == [7, 6, 6]
    assert umpire("designate", "hornet", "--fore-and-aft").code == 0
    assert umpire("sail", "hornet", "full").code == 0
    assert umpire("fire", "orient", "--at", "hornet", "--range", "8", "--side", "left", "--roll", "1").code == 0
    res = advanced_fire(umpire, "orient", "hornet", 2, "right", "3", "--aim", "rigging")      # table 6 die 3: 2R-C (R)
    assert res.code == 0 and res.json["hits"]["rigging"] == 2, res.err


def test_blocked_wind(umpire, tmp_path):
    """41.1 a blocker at full sails cuts two hexes, at battle sails with half her rigging one;
    41.2.1 "If a ship blocks the wind to a ship with 30 plus guns less than the blocking ship,
    the loss of speed ... is increased by one (FS loss would be 3 and BS loss 2)"."""
    (tmp_path / "p.toml").write_text(fire_pack() + ADV)
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-te26", "--level", "advanced", "--tables",
                  tmp_path / "p.toml", "--optional", "blocked-wind").code == 0
    assert umpire("ship", "add", "Orient", "--side", "fr", "--spec", EIGHTY.format(q="CR")).code == 0
    assert umpire("ship", "add", "Hornet", "--side", "gb", "--spec", FRIGATE).code == 0
    assert umpire("designate", "orient", "--rated-guns", "80").code == 0
    assert umpire("designate", "hornet", "--rated-guns", "44").code == 0
    # Hornet (battle sail 4, attitude A: 4) blocked by Orient at battle sails: 1, +1 (36 more guns): 2
    res = umpire("--json", "speed", "hornet", "--attitude", "A", "--blocked-by", "orient")
    assert res.code == 0 and res.json["allowance"] == 2 and res.json["blocked_wind_loss"] == 2, res.err
    assert umpire("sail", "orient", "full").code == 0
    res = umpire("--json", "speed", "hornet", "--attitude", "A", "--blocked-by", "orient")
    assert res.json["blocked_wind_loss"] == 3 and res.json["allowance"] == 1
    # the other way: Orient blocked by the smaller Hornet at battle sails: 1 - 1 = 0
    res = umpire("--json", "speed", "orient", "--attitude", "A", "--sail", "battle", "--blocked-by", "hornet")
    assert res.code == 0 and res.json["blocked_wind_loss"] == 0, res.err


FRIGATE = "10H-(4-4)M-12(2)G-5R(4)-6-12'-14(AV)"


def test_a_ship_that_fired_both_broadsides_reloads_one_by_a_die(umpire, tmp_path):
    """26.1.1.2 "If both broadsides were fired in the current turn, only one of them will reload
    automatically. Roll one die. A roll of 1, 3, or 5 results in the left broadside being reloaded;
    a roll of 2, 4, or 6 results in the right broadside being reloaded"."""
    _game(umpire, tmp_path)
    assert umpire("fire", "orient", "--at", "bellona", "--range", "8", "--side", "left", "--roll", "1").code == 0
    assert umpire("fire", "orient", "--at", "bellona", "--range", "8", "--side", "right", "--roll", "1").code == 0
    res = umpire("--json", "turn")
    assert res.code == 0 and len(res.json["rolls"]) == 1, res.err
    side = "left" if res.json["rolls"][0] % 2 else "right"
    assert any("26.1.1.2" in line and f"her {side} broadside reloads" in line for line in res.json["explain"])
    loaded = umpire("--json", "status", "orient").json["ships"][0]["loaded"]
    assert loaded == {"left": side == "left", "right": side == "right"}
    assert umpire("verify").code == 0
    assert umpire("--json", "turn").json["rolls"] == []                 # nothing fired: no die
