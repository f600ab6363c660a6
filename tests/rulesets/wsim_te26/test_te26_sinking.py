"""Tournament Edition 2.6, destroyed hulls: the Destroyed Hull Table after the last hull square,
the Destroyed Hull Phase (`sink`), a ship fouled to a sinking ship (24.3.5) and the pumps."""

from __future__ import annotations

from tests.rulesets.wsim_te26.helpers import ADV, EIGHTY, PACK, advanced_fire, fire_pack

HULL = '[tables.destroyed-hull]\ncells = [["strikes"], ["strikes"], ["strikes"], ["sink or explode"], ' \
       '["sink or explode"], ["sink or explode"]]\n'
FRAIL = "2H-(5-4-4)M-18(4)G-7R(3)-5-21'-26(AV)"          # two hull squares
SLOOP = "8H-(3-3)M-4G-2R(3)-5-8'-6(AV)"                   # two rigging squares a section


def _game(umpire, tmp_path):
    fouling = PACK.split("[tables.fouling]")[1]
    (tmp_path / "p.toml").write_text(fire_pack() + ADV + HULL + "[tables.fouling]" + fouling)
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-te26", "--level", "advanced",
                  "--tables", tmp_path / "p.toml").code == 0
    assert umpire("ship", "add", "Orient", "--side", "fr", "--spec", EIGHTY.format(q="CR")).code == 0
    assert umpire("ship", "add", "Frail", "--side", "gb", "--class", "2", "--spec", FRAIL).code == 0
    assert umpire("ship", "add", "Sloop", "--side", "gb", "--spec", SLOOP).code == 0


def _ship(umpire, sid):
    return umpire("--json", "status", sid).json["ships"][0]


def test_the_destroyed_hull_table_then_the_phase_and_a_fouled_ship(umpire, tmp_path):
    """24.3.2 "When all of a ship's hull squares have been marked off, the enemy player rolls a die
    and checks the Destroyed Hull Table"; 24.3.2.2 "If a 6 is rolled, roll again ... If the
    modified roll is 1-3, the ship sinks"; 24.3.5 "Ship "A", a class 2 ship of the line, is fouled
    to ship "B", which has two squares left in its first rigging section. Ship "A" sinks. Ship "B"
    rolls a "6" on the die and subtracts 2, leaving 4 ... it only loses two"."""
    _game(umpire, tmp_path)
    assert umpire("foul", "frail", "sloop", "--rolls", "6,6").code == 0
    # 22 guns at 1 hex: table 5, crack +2, initial +2 = 9; die 3: 2H-G, a location die, then the
    # Destroyed Hull Table die 5: she may sink or explode
    res = advanced_fire(umpire, "orient", "frail", 1, "left", "3,1,5")
    assert res.code == 0 and res.json["rolls"] == [3, 1, 5], res.err
    assert _ship(umpire, "frail")["destroyed_hull"] == "sink or explode"
    assert umpire("sink", "frail", "--roll", "6,1").code == 1          # from the next turn's phase
    assert umpire("turn").code == 0
    res = umpire("--json", "sink", "frail", "--rolls", "4")
    assert res.code == 0 and res.json["fate"] == "goes on", res.err
    assert umpire("turn").code == 0
    res = umpire("--json", "sink", "frail", "--rolls", "6,2,6")
    assert res.code == 0 and res.json["fate"] == "sinks", res.err
    sloop = _ship(umpire, "sloop")
    assert sloop["rigging_left"] == [0, 2, 2] and sloop["fouled"] == []
    assert _ship(umpire, "frail")["state"] == "sunk"
    assert umpire("verify").code == 0


def test_a_strike_on_the_table_and_no_phase(umpire, tmp_path):
    _game(umpire, tmp_path)
    res = advanced_fire(umpire, "orient", "frail", 1, "left", "3,1,2")
    assert res.code == 0 and _ship(umpire, "frail")["destroyed_hull"] is None
    assert _ship(umpire, "frail")["state"] == "struck"
    assert umpire("turn").code == 0
    assert umpire("sink", "frail", "--roll", "6,1").code == 1


def test_on_fire_at_the_last_hull_square_and_the_pumps(umpire, tmp_path):
    """24.3.2.5 on fire when the last hull square is marked off: sink or explode, no die; 24.3.2.2
    "Subtract 1 if the ship has waterline damage ... Add 3 if the ship was on fire"; 11.3.3 crew
    sections working the pumps count as crew sections down."""
    _game(umpire, tmp_path)
    assert umpire("pumps", "frail", "--crew", "1").code == 0
    assert umpire("burn", "frail", "set").code == 0
    res = umpire("--json", "burn", "frail", "turn", "--rolls", "2")          # it burns: 1 hull square left
    assert res.code == 0 and _ship(umpire, "frail")["hull_left"] == 1, res.err
    assert umpire("turn").code == 0
    res = umpire("--json", "burn", "frail", "turn", "--rolls", "2")
    assert res.code == 0 and _ship(umpire, "frail")["destroyed_hull"] == "sink or explode", res.err
    assert any("24.3.2.5" in line for line in res.json["explain"])
    assert umpire("turn").code == 0
    res = umpire("--json", "sink", "frail", "--rolls", "6,4")        # 4 - 1 (waterline) + 3 (fire) = 6
    assert res.code == 0 and res.json["fate"] == "explodes", res.err
    assert umpire("--json", "explode", "frail", "--near", "orient=2", "--rolls", "1").code == 0
    assert _ship(umpire, "frail")["state"] == "exploded"


def test_crew_at_the_pumps_count_as_sections_down(umpire, tmp_path):
    _game(umpire, tmp_path)
    assert umpire("pumps", "orient", "--crew", "1").code == 0
    # 22 guns at 7 hexes: table 0, crack +2, initial +2, one section at the pumps -2 = 2
    res = advanced_fire(umpire, "orient", "frail", 7, "left", "1")
    assert res.code == 0 and res.json["hit_table"] == 2, res.err
    assert any("at the pumps" in line for line in res.json["explain"])
    assert umpire("pumps", "orient", "--crew", "1.5").code == 2


def test_a_fireship(umpire, tmp_path):
    """51.4 set afire, "The crew square is then marked out"; 51.7 "+2 on the Fouling Table and -2 on
    the Unfouling Table. The fire may not be put out"; 51.8 "During each Destroyed Hull Phase ...
    If the roll is greater than the number of remaining hull squares the ship explodes. If not,
    mark off one hull square"."""
    fouling = PACK.split("[tables.fouling]")[1]
    (tmp_path / "p.toml").write_text(fire_pack() + ADV + "[tables.fouling]" + fouling +
                                     '[tables.unfouling]\nrows = ["2-7", "8-12"]\ncells = [["failure"], ["success"]]\n')
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-te26", "--level", "advanced", "--tables",
                  tmp_path / "p.toml", "--optional", "fireships").code == 0
    assert umpire("ship", "add", "Orient", "--side", "fr", "--spec", EIGHTY.format(q="CR")).code == 0
    assert umpire("ship", "add", "Vesuvius", "--side", "gb", "--spec", "3H-(1)M-4G-4R(3)-5-8'-6(AV)").code == 0
    assert umpire("burn", "vesuvius", "fireship").code == 0
    assert umpire("--json", "status", "vesuvius").json["ships"][0]["crew_left"] == [0]
    res = umpire("--json", "foul", "vesuvius", "orient", "--rolls", "4,4")          # 8 + 2 = 10: fouled
    assert res.code == 0 and res.json["success"] is True, res.err
    assert umpire("burn", "vesuvius", "fight", "--crew", "1", "--roll", "1").code == 1
    assert umpire("turn").code == 0
    res = umpire("--json", "unfoul", "orient", "vesuvius", "--rolls", "5,4")        # 9 - 2 = 7: still fouled
    assert res.code == 0 and res.json["success"] is False
    res = umpire("--json", "sink", "vesuvius", "--roll", "2")                        # 2, not over 3: one hull
    assert res.code == 0 and res.json["fate"] == "burns"
    assert umpire("turn").code == 0
    res = umpire("--json", "sink", "vesuvius", "--roll", "3")                        # 3 over 2: she explodes
    assert res.code == 0 and res.json["fate"] == "explodes"
    assert umpire("explode", "vesuvius", "--near", "orient=1", "--rolls", "1").code == 0
    assert umpire("verify").code == 0
