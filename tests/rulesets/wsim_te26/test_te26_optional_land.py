"""Tournament Edition 2.6, Optional 44: land, rocks and shoals (`aground`)."""

from __future__ import annotations

SOL = "20H-(6-6-6)M-12(4)G-8R(3)-6-22'-43({q})"
FRIGATE = "14H-(5-4-4)M-10(1)G-7R(3)-5-22'-23(AV)"


def _game(umpire, tmp_path, optional=("--optional", "land-rocks-and-shoals"), level="advanced", q="CR"):
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-te26", "--level", level, *optional).code == 0
    assert umpire("ship", "add", "Mars", "--side", "gb", "--class", "2", "--spec", SOL.format(q=q)).code == 0
    assert umpire("ship", "add", "Hercule", "--side", "fr", "--class", "3", "--spec", FRIGATE).code == 0


def _ship(umpire, sid):
    return umpire("--json", "status", sid).json["ships"][0]


def _journal_len(tmp_path):
    return (tmp_path / "game.toml").read_text()


def test_only_with_the_optional_rule_and_in_the_advanced_game(umpire, tmp_path):
    _game(umpire, tmp_path, optional=())
    res = umpire("aground", "mars")
    assert res.code == 1 and "land-rocks-and-shoals" in res.err and "44.0" in res.err
    res = umpire("new", tmp_path / "b.toml", "--ruleset", "wsim-te26", "--optional", "land-rocks-and-shoals")
    assert res.code != 0 and "29.0" in res.err


def test_aground_on_a_shoal_stops_her_and_refloats_on_ten_or_more(umpire, tmp_path):
    """44.3.1 "When a ship runs aground, it stops all movement"; 44.3.2 "On each succeeding turn
    during the Refloat Phase, two dice are rolled ... A modified roll "10" or above succeeds";
    44.3.2.1 "+1 if the crew is crack or elite"; 44.5 "Ships cannot fire their guns while aground";
    44.6 "moved back into the hex they occupied prior to running aground"."""
    _game(umpire, tmp_path)
    res = umpire("--json", "aground", "mars")
    assert res.code == 0 and res.json["aground"] is True
    assert _ship(umpire, "mars")["aground"]["how"] == "shoal"
    before = _journal_len(tmp_path)
    res = umpire("aground", "mars", "--refloat", "--rolls", "6,6")
    assert res.code == 1 and "next turn" in res.err and "44.3.2" in res.err
    res = umpire("fire", "mars", "--at", "hercule", "--range", "2", "--side", "left", "--roll", "3")
    assert res.code == 1 and "44.5" in res.err
    assert _journal_len(tmp_path) == before
    res = umpire("aground", "mars")
    assert res.code == 1 and "aground already" in res.err
    assert umpire("turn").code == 0
    # 4 + 4 = 8, crack +1 = 9: still aground
    res = umpire("--json", "aground", "mars", "--refloat", "--rolls", "4,4")
    assert res.code == 0 and res.json["refloated"] is False and res.json["total"] == 9
    res = umpire("aground", "mars", "--refloat", "--rolls", "6,6")
    assert res.code == 1 and "once each Refloat Phase" in res.err
    assert umpire("turn").code == 0
    # 5 + 4 = 9, crack +1 = 10: refloated
    res = umpire("--json", "aground", "mars", "--refloat", "--rolls", "5,4")
    assert res.code == 0 and res.json["refloated"] is True and res.json["total"] == 10
    assert any("44.6" in s for s in res.json["explain"])
    assert "aground" not in _ship(umpire, "mars")
    assert umpire("undo").code == 0
    assert _ship(umpire, "mars")["aground"]["how"] == "shoal"
    assert umpire("verify").code == 0


def test_refloat_modifiers_green_crew_enemy_near_and_lightening(umpire, tmp_path):
    """44.3.2.1 "-2 to the roll if within ten hexes of an enemy ship; ... -1 if the crew is green
    or poor; +1 to the roll for each section of guns (damaged or not) that has been thrown over
    the side ... The lost guns cannot be repaired.\""""
    _game(umpire, tmp_path, q="GR")
    assert umpire("aground", "mars").code == 0
    res = umpire("aground", "mars", "--lighten", "left-middle")
    assert res.code == 2 and "left-bow" in res.err
    # the bow takes the odd square of a broadside's 12 guns and 4 carronades: 6 and 2
    res = umpire("--json", "aground", "mars", "--lighten", "left-bow")
    assert res.code == 0
    ship = _ship(umpire, "mars")
    assert ship["guns_left"] == {"left": 6, "right": 12} and ship["carronades_left"] == {"left": 2, "right": 4}
    res = umpire("aground", "mars", "--lighten", "left-bow")
    assert res.code == 1 and "already" in res.err
    assert umpire("turn").code == 0
    # 6 + 6 = 12, enemy near -2, green -1, two sections thrown +2 = 11
    res = umpire("--json", "aground", "mars", "--refloat", "--battle", "--lighten", "right-stern", "--rolls", "6,6")
    assert res.code == 0 and res.json["total"] == 11 and res.json["refloated"] is True
    assert _ship(umpire, "mars")["guns_left"] == {"left": 6, "right": 6}
    # the guns thrown over are not repaired: no other gun damage, so nothing to repair
    res = umpire("repair", "mars", "--what", "guns", "--roll", "1")
    assert res.code == 1 and "44.4" in res.err          # and not on the turn she tried to refloat
    assert umpire("turn").code == 0
    res = umpire("repair", "mars", "--what", "guns", "--roll", "1")
    assert res.code == 1 and "thrown over the side" in res.err and "44.3.2.1" in res.err
    assert umpire("verify").code == 0


def test_a_gun_repair_mends_a_hit_square_not_one_thrown_over(umpire, tmp_path):
    """44.3.2.1 "The lost guns cannot be repaired": a gun repair goes to a square lost to a hit."""
    import copy

    from umpire.core.engine import Session

    _game(umpire, tmp_path)
    assert umpire("aground", "mars").code == 0
    assert umpire("aground", "mars", "--lighten", "left-bow", "--lighten", "left-stern").code == 0
    ship = _ship(umpire, "mars")
    assert ship["guns_left"]["left"] == 0 and ship["carronades_left"]["left"] == 0
    session = Session(tmp_path / "game.toml")
    state = copy.deepcopy(session.state)
    state["turn"] = 3
    state["ships"]["mars"]["guns_left"]["right"] = 11       # one right gun square lost to a hit
    plan = session.ruleset.plan(state, session.tables(), {"command": "repair", "ship": "mars", "what": "guns",
                                                          "opts": {}})
    res = plan.resolve((1,), True)
    paths = [e["path"] for e in res.effects if e["path"][2] in ("guns_left", "carronades_left")]
    assert paths == [["ships", "mars", "guns_left", "right"]]
    assert [e["value"] for e in res.effects if e["path"][2] == "guns_left"] == [12]


def test_no_repair_or_sail_change_on_the_turn_she_tries_to_refloat(umpire, tmp_path):
    """44.4 "While aground, a ship cannot conduct repairs or change their sail status on a turn in
    which it attempts to refloat.\""""
    _game(umpire, tmp_path)
    assert umpire("aground", "mars").code == 0
    assert umpire("turn").code == 0
    assert umpire("sail", "mars", "full").code == 0
    res = umpire("aground", "mars", "--refloat", "--rolls", "6,6")
    assert res.code == 1 and "sail status" in res.err and "44.4" in res.err
    assert umpire("turn").code == 0
    assert umpire("aground", "mars", "--refloat", "--rolls", "1,1").code == 0
    res = umpire("sail", "mars", "battle")
    assert res.code == 1 and "44.4" in res.err


def test_rocks_die(umpire, tmp_path):
    """44.2 "Roll a die: if 1, it is destroyed and becomes a wreck (as in 44.1); if 2, it has
    waterline damage and is aground (Critical Hit 10H and 44.3); if 3-5, it suffers waterline
    damage. If 6, it is unharmed.\""""
    _game(umpire, tmp_path)
    res = umpire("--json", "aground", "hercule", "--rocks", "--roll", "6")
    assert res.code == 0 and res.json["result"] == "unharmed"
    res = umpire("aground", "hercule", "--rocks", "--roll", "4")
    assert res.code == 1 and "this turn already" in res.err
    assert umpire("turn").code == 0
    res = umpire("--json", "aground", "hercule", "--rocks", "--roll", "4")
    assert res.code == 0 and res.json["result"] == "waterline"
    assert "aground" not in _ship(umpire, "hercule")
    assert umpire("turn").code == 0
    res = umpire("--json", "aground", "hercule", "--rocks", "--roll", "2")
    assert res.code == 0 and res.json["result"] == "aground"
    assert _ship(umpire, "hercule")["aground"]["how"] == "rocks"
    assert umpire("turn").code == 0
    res = umpire("--json", "aground", "mars", "--rocks", "--roll", "1")
    assert res.code == 0 and res.json["wrecked"] is True
    assert _ship(umpire, "mars")["state"] == "sunk"
    assert umpire("verify").code == 0


def test_a_land_hex_destroys_her(umpire, tmp_path):
    """44.1 "A ship that enters a land hex is destroyed, although its wreck remains in the hex.\""""
    _game(umpire, tmp_path)
    res = umpire("--json", "aground", "hercule", "--land")
    assert res.code == 0 and res.json["state"] == "sunk"
    res = umpire("aground", "hercule")
    assert res.code == 1 and "sunk" in res.err


def test_bad_input(umpire, tmp_path):
    _game(umpire, tmp_path)
    res = umpire("aground", "mars", "--land", "--rocks")
    assert res.code == 2 and "--land and --rocks" in res.err
    res = umpire("aground", "mars", "--battle")
    assert res.code == 2 and "--refloat" in res.err
    res = umpire("aground", "mars", "--refloat")
    assert res.code == 1 and "not aground" in res.err
    res = umpire("aground", "nobody")
    assert res.code == 2


def test_the_depth_against_her_depth_value(umpire, tmp_path):
    """44.3 "If a ship enters a hex in which the depth is equal or less than its depth value, it has
    run aground" (Mars: 22')."""
    _game(umpire, tmp_path)
    res = umpire("aground", "mars", "--depth", "23")
    assert res.code == 1 and "does not run aground" in res.err
    res = umpire("--json", "aground", "mars", "--depth", "22")
    assert res.code == 0 and res.json["aground"] is True
    assert any("depth 22', her depth value 22'" in line for line in res.json["explain"])
    res = umpire("aground", "hercule", "--depth", "5", "--rocks")
    assert res.code == 2
