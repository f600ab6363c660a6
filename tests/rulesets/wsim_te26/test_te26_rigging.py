"""Tournament Edition 2.6, marines in the rigging (Advanced 19.8, 24.2.7, 24.7.1, 24.7.4, 24.7.6):
`station SHIP --marines rigging|deck`, their musket fire from aloft and the crew hits they take."""

from __future__ import annotations

from tests.rulesets.wsim_te26.helpers import ADV, HERC_AV, LEADERS, MARS_AV, MUSKETS, crew_hit_pack


def _game(umpire, tmp_path, level="advanced"):
    (tmp_path / "p.toml").write_text(crew_hit_pack() + ADV + LEADERS + MUSKETS)
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-te26", "--level", level, "--seed", "11",
                  "--tables", tmp_path / "p.toml").code == 0
    assert umpire("ship", "add", "Mars", "--side", "gb", "--spec", MARS_AV, "--marines", "4").code == 0
    assert umpire("ship", "add", "Herc", "--side", "fr", "--spec", HERC_AV).code == 0


def _ship(umpire, sid):
    return umpire("--json", "status", sid).json["ships"][0]


def test_marines_begin_on_deck_and_go_aloft_in_the_planning_phase(umpire, tmp_path):
    """19.8 "Marines begin the game on a ship's deck, but may be assigned during the Planning Phase
    to either deck or rigging"."""
    _game(umpire, tmp_path)
    assert "marines_at" not in _ship(umpire, "mars")                 # on deck
    res = umpire("station", "herc", "--marines", "rigging")
    assert res.code == 1 and "no marines" in res.err
    res = umpire("station", "mars", "--marines", "deck")
    assert res.code == 1 and "deck already" in res.err
    res = umpire("station", "mars", "--marines", "mast")
    assert res.code == 2 and "--marines" in res.err
    res = umpire("--json", "station", "mars", "--marines", "rigging")
    assert res.code == 0, res.err
    assert res.json["marines"] == "rigging"
    assert _ship(umpire, "mars")["marines_at"] == "rigging"
    res = umpire("station", "mars", "--marines", "deck")          # one Planning Phase a turn
    assert res.code == 1 and "19.8" in res.err
    assert umpire("turn").code == 0
    assert umpire("station", "mars", "--marines", "deck").code == 0
    assert "marines_at" not in _ship(umpire, "mars")
    assert umpire("verify").code == 0
    assert umpire("undo").code == 0
    assert _ship(umpire, "mars")["marines_at"] == "rigging"


def test_station_is_an_advanced_game_command(umpire, tmp_path):
    _game(umpire, tmp_path, level="basic")
    res = umpire("station", "mars", "--marines", "rigging")
    assert res.code == 2 and "Advanced" in res.err


def test_no_musket_fire_on_the_turn_they_move(umpire, tmp_path):
    """24.7.1 "they may not engage in musket fire on the turn in which they move from deck to
    rigging or from rigging to deck"."""
    _game(umpire, tmp_path)
    assert umpire("station", "mars", "--marines", "rigging").code == 0
    res = umpire("musketry", "mars", "--at", "herc")
    assert res.code == 1 and "24.7.1" in res.err
    assert umpire("turn").code == 0
    res = umpire("--json", "musketry", "mars", "--at", "herc")
    assert res.code == 0, res.err
    assert res.json["marines"] == "rigging"
    assert umpire("turn").code == 0
    assert umpire("station", "mars", "--marines", "deck").code == 0
    res = umpire("musketry", "mars", "--at", "herc")
    assert res.code == 1 and "24.7.1" in res.err


def _tables():
    from umpire.core.tables import Tables, pack_spec
    from umpire.rules.wsim.editions.packs import read_pack

    packs = read_pack(crew_hit_pack() + ADV + LEADERS + MUSKETS, "p.toml", "wsim-te26", pack_spec("wsim-te26"))
    return Tables("wsim-te26", packs=packs)


def _state():
    from umpire.rules.wsim.ship import new_ship

    ships = {"mars": new_ship({"id": "mars", "name": "Mars", "side": "gb", "spec": MARS_AV}),
             "herc": new_ship({"id": "herc", "name": "Herc", "side": "fr", "spec": HERC_AV})}
    ships["mars"]["marines_left"] = 4
    ships["mars"]["te_marines_aloft"] = True
    return {"turn": 2, "ships": ships, "wind": {"velocity": 3}}


def test_musket_fire_from_the_rigging_is_plus_one():
    """24.7.4 "Roll a die and apply the applicable modifiers, including a +1 if marines are in the
    rigging": die 3 reads row 4 (4 marine squares, column 3-4: "C")."""
    from umpire.rules.wsim.editions.te26 import marines as te26_marines

    res = te26_marines.musket_from_rigging(_state(), "mars", "herc", (3,), True, _tables())
    assert res.data["result"] == "C" and res.data["crew_hits"] == 1 and res.data["rolls"] == [3]
    assert not res.data["rigging_fire_check"]
    assert [s.value for s in res.working[:2]] == ["3", "+1 = 4"]


def test_a_five_or_six_before_modification_risks_a_rigging_fire():
    """24.7.6 "If marines are firing from rigging ... a roll of 5 or 6, before modification,
    results in possible rigging fire caused by musket wadding. Consult Musket Fire Table." The
    rigging fire's entry is on the card: the tool names the check and the umpire reads it."""
    from umpire.rules.wsim.editions.te26 import marines as te26_marines

    res = te26_marines.musket_from_rigging(_state(), "mars", "herc", (4,), True, _tables())
    assert not res.data["rigging_fire_check"]                     # 4 + 1 = 5, but the die was 4
    res = te26_marines.musket_from_rigging(_state(), "mars", "herc", (5, 2, 3), True, _tables())
    assert res.data["rigging_fire_check"] and res.data["result"] == "2C-L"    # 5 + 1 = 6
    assert any("24.7.6" in s.source and "burn mars set" in s.value for s in res.working)


def test_crew_hits_of_fire_at_rigging_fall_on_marines_aloft(umpire, tmp_path):
    """24.2.7 "If marines are located in the target ship's rigging, crew hits inflicted by
    broadsides fired at rigging must be taken from the marines ..., unless the ship has men
    (sailors) in the rigging, in which case casualties come from the crew"."""
    _game(umpire, tmp_path)
    assert umpire("station", "mars", "--marines", "rigging").code == 0
    # at the rigging, die 3: "2R-C" on every table of the test pack
    res = umpire("--json", "fire", "herc", "--at", "mars", "--range", "6", "--side", "left", "--facing", "left",
                 "--aim", "rigging", "--roll", "3")
    assert res.code == 0, res.err
    assert res.json["marines_hit"] == 1
    mars = _ship(umpire, "mars")
    assert mars["crew_left"] == [6, 6, 6] and mars["marines_left"] == 3
    assert any("24.2.7" in line for line in res.json["explain"])
    assert umpire("turn").code == 0
    # sailors aloft too (she noted a sail change this turn): the crew takes it
    res = umpire("--json", "fire", "herc", "--at", "mars", "--range", "6", "--side", "left", "--facing", "left",
                 "--aim", "rigging", "--opt", "target-mir=1", "--roll", "3")
    assert res.code == 0, res.err
    assert "marines_hit" not in res.json
    mars = _ship(umpire, "mars")
    assert mars["crew_left"] == [5, 6, 6] and mars["marines_left"] == 3
    assert umpire("turn").code == 0
    # fire at her hull: the marines aloft take nothing (die 2: "2C")
    res = umpire("--json", "fire", "herc", "--at", "mars", "--range", "2", "--side", "left", "--facing", "left",
                 "--aim", "hull", "--roll", "2")
    assert res.code == 0, res.err
    assert "marines_hit" not in res.json and _ship(umpire, "mars")["marines_left"] == 3
    assert umpire("verify").code == 0


def test_marines_aloft_go_with_a_boarding_party(umpire, tmp_path):
    """10.1.2.1 "For Offensive Boarding Parties (OBPs) and Defensive Boarding Parties (DBPs), a
    ship's marines must be used": a party formed while they are aloft takes them down with it, so
    a broadside at her rigging no longer falls on them (24.2.7); and marines in a boarding party
    cannot be sent aloft."""
    _game(umpire, tmp_path)
    assert umpire("station", "mars", "--marines", "rigging").code == 0
    assert umpire("turn").code == 0
    assert umpire("board", "mars", "--party", "dbp", "--sections", "1").code == 0
    assert _ship(umpire, "mars")["marines_at"] == "boarding party"
    res = umpire("--json", "fire", "herc", "--at", "mars", "--range", "6", "--side", "left", "--facing", "left",
                 "--aim", "rigging", "--roll", "3")
    assert res.code == 0, res.err
    assert "marines_hit" not in res.json and _ship(umpire, "mars")["marines_left"] == 4
    assert umpire("turn").code == 0
    assert _ship(umpire, "mars")["marines_at"] == "rigging"
    assert umpire("station", "mars", "--marines", "deck").code == 0
    assert umpire("turn").code == 0
    assert umpire("board", "mars", "--party", "dbp", "--sections", "1").code == 0
    res = umpire("station", "mars", "--marines", "rigging")
    assert res.code == 1 and "10.1.2.1" in res.err
