"""Table packs: `umpire tables template`, `umpire new --tables`, and a command needing a table
no text gives (contracts/editions.md, Table packs)."""

from __future__ import annotations

import tomllib

import pytest

from umpire.core.tables import MissingTable, Tables, pack_spec
from umpire.rules.wsim.editions.packs import read_pack, row_index, template
from tests.rulesets.wsim_te26.helpers import PACK, fire_pack, melee_game

AV = "10H-(5-5-5)M-6G-5R(3)-5-18'-20(AV)"
TE_TABLES = ["fouling", "unfouling", "grappling", "grappling-modifiers", "ungrappling", "hdt", "hdt-modifiers", "hit-tables",
             "hdt-rake", "advanced-hdt-modifiers", "critical-hits",
             "gun-hit-location", "melee-crew-loss", "musket-fire", "loss-of-rigging", "leader-casualty", "changing-wind-number",
             "wind-direction-change", "wind-velocity-change", "destroyed-hull", "full-sail-movement",
             "starting-wind-velocity"]

def test_template_names_every_missing_table_with_its_shape():
    text = template("wsim-te26", pack_spec("wsim-te26"))
    doc = tomllib.loads(text)
    assert doc["ruleset"] == "wsim-te26" and list(doc["tables"]) == TE_TABLES
    crit = doc["tables"]["critical-hits"]
    assert crit["dice"] == "2d6" and crit["section"].startswith("16.1.2.2.1")
    assert crit["rows"] == [str(n) for n in range(2, 13)] and crit["columns"] == ["hull", "rigging"]
    assert all(c == "?" for row in crit["cells"] for c in row)
    assert doc["tables"]["melee-crew-loss"]["section"] == "12.3.4"
    # numbers a worked example gives, where the text prints no headings to place them under
    assert "22 guns firing at a range of three hexes is Table 3" in text


def test_a_pack_must_agree_with_the_texts_worked_example():
    spec = pack_spec("wsim-te26")
    good = read_pack(fire_pack(), "f.toml", "wsim-te26", spec)        # 13+ guns at 3 hexes: Table 3
    assert good["hdt"]["cells"][4][2] == 3
    wrong = fire_pack().replace("[5, 4, 3, 2, 1, 0]", "[5, 4, 4, 2, 1, 0]")
    with pytest.raises(Exception) as exc:
        read_pack(wrong, "f.toml", "wsim-te26", spec)
    assert "f.toml" in str(exc.value) and "tables.hdt" in str(exc.value) and "24.5.1" in str(exc.value)
    crew = fire_pack().replace("[-1, -1, -1, -1, -2]", "[-1, -1, -1, -1, -1]")
    with pytest.raises(Exception) as exc:
        read_pack(crew, "f.toml", "wsim-te26", spec)
    assert "tables.hdt-modifiers" in str(exc.value) and "crew section loss" in str(exc.value)


def test_hit_tables_in_a_pack_take_hit_results():
    cells = [["0"] * 22, ["H"] * 22, ["2H-R-C"] * 15 + ["2R-C (R)"] + ["2H-R-C"] * 6, ["G"] * 22, ["R (R)"] * 22,
             ["3R-H"] * 22]
    text = 'ruleset = "wsim-te26"\n[tables.hit-tables]\ncells = ' + repr(cells).replace("'", '"') + "\n"
    assert read_pack(text, "h.toml", "wsim-te26", pack_spec("wsim-te26"))["hit-tables"]["cells"] == cells
    with pytest.raises(Exception) as exc:
        read_pack(text.replace("3R-H", "3Q"), "h.toml", "wsim-te26", pack_spec("wsim-te26"))
    assert "tables.hit-tables.cells" in str(exc.value)


def test_1974_template_is_the_unreadable_wind_table():
    doc = tomllib.loads(template("wsim-1974", pack_spec("wsim-1974")))
    assert list(doc["tables"]) == ["wind-force"]
    assert len(doc["tables"]["wind-force"]["rows"]) == 6 and len(doc["tables"]["wind-force"]["columns"]) == 12


def test_1981_has_no_missing_tables():
    assert pack_spec("wsim-1981") == {}


def test_a_filled_pack_is_read_and_layered():
    packs = read_pack(PACK, "p.toml", "wsim-te26", pack_spec("wsim-te26"))
    t = Tables("wsim-te26", packs=packs)
    assert t["grappling"]["cells"] == [["failure"], ["success"]]
    assert "p.toml" in t["grappling"]["source"]
    assert row_index(t["ungrappling"], 12) == 1 and row_index(t["grappling"], 2) == 0


def test_a_missing_table_names_itself_and_the_template_command():
    with pytest.raises(MissingTable) as exc:
        Tables("wsim-te26")["melee-crew-loss"]
    assert "Melee Crew Loss Table" in str(exc.value) and "umpire tables template --ruleset wsim-te26" in str(exc.value)


@pytest.mark.parametrize("text, names", [
    ('ruleset = "wsim-1981"\n[tables.grappling]\ncells = []', "ruleset"),
    ('ruleset = "wsim-te26"\n[tables.nonsense]\ncells = []', "tables.nonsense"),
    ('ruleset = "wsim-te26"\n[tables.grappling]\ncells = [["success"]]', "tables.grappling.rows"),
    ('ruleset = "wsim-te26"\n[tables.grappling]\nrows = ["2-6"]\ncells = [["maybe"]]', "tables.grappling.cells"),
    ('ruleset = "wsim-te26"\n[tables.grappling]\nrows = ["2-6", "7+"]\ncells = [["success"]]', "tables.grappling.cells"),
    ('ruleset = "wsim-te26"\n[tables.leader-casualty]\ncells = [["?"]]', "tables.leader-casualty.cells"),
    ('ruleset = "wsim-te26"\n[tables.changing-wind-number]\ncells = [[1],[2],[3],[4],[5],[6]]',
     "tables.changing-wind-number.cells"),
    ('ruleset = "wsim-te26"\n[tables.critical-hits]\ncolumns = ["x", "y"]\ncells = []', "tables.critical-hits.columns"),
    ('ruleset = "wsim-te26"\n[tables.grappling\n', "not TOML"),
])
def test_a_bad_pack_names_the_file_and_the_key(text, names):
    with pytest.raises(Exception) as exc:
        read_pack(text, "bad.toml", "wsim-te26", pack_spec("wsim-te26"))
    assert "bad.toml" in str(exc.value) and names in str(exc.value)


# --- the command line ---------------------------------------------------------------------------

def _ships(umpire):
    assert umpire("ship", "add", "A", "--side", "x", "--spec", AV).code == 0
    assert umpire("ship", "add", "B", "--side", "y", "--spec", AV).code == 0


def test_template_command_writes_the_file(umpire, tmp_path):
    res = umpire("--json", "tables", "template", "--ruleset", "te26", "-o", tmp_path / "p.toml")
    assert res.code == 0, res.err
    assert res.json["tables"] == TE_TABLES
    assert tomllib.loads((tmp_path / "p.toml").read_text())["ruleset"] == "wsim-te26"
    again = umpire("tables", "template", "--ruleset", "te26", "-o", tmp_path / "p.toml")
    assert again.code == 2 and "exists" in again.err


def test_without_a_pack_the_action_exits_2_and_nothing_is_journalled(umpire, tmp_path):
    game = tmp_path / "game.toml"
    assert umpire("new", game, "--ruleset", "wsim-te26", "--seed", "1").code == 0
    _ships(umpire)
    before = game.read_bytes()
    res = umpire("grapple", "a", "b", "--rolls", "3,4")
    assert res.code == 2 and "Grappling Table" in res.err and "umpire tables template" in res.err
    assert game.read_bytes() == before


def test_with_a_pack_the_game_plays_and_records_it(umpire, tmp_path):
    (tmp_path / "p.toml").write_text(PACK)
    game = tmp_path / "game.toml"
    assert umpire("new", game, "--ruleset", "wsim-te26", "--tables", tmp_path / "p.toml").code == 0
    assert tomllib.loads(game.read_text())["game"]["tables"]["grappling"]["rows"] == ["2-6", "7-12"]
    _ships(umpire)
    res = umpire("--json", "grapple", "a", "b", "--rolls", "3,4")
    assert res.code == 0 and res.json["success"] is True and res.json["rolls"] == [3, 4]
    # on the turn of grappling the ungrappling table's first column is read (9.2.1)
    res = umpire("--json", "ungrapple", "b", "a", "--rolls", "4,4")
    assert res.code == 0 and res.json["success"] is True
    assert umpire("verify").code == 0


def test_a_bad_pack_writes_no_game(umpire, tmp_path):
    (tmp_path / "p.toml").write_text('ruleset = "wsim-te26"\n[tables.grappling]\nrows = ["2-6"]\ncells = [[7]]\n')
    game = tmp_path / "game.toml"
    res = umpire("new", game, "--ruleset", "wsim-te26", "--tables", tmp_path / "p.toml")
    assert res.code == 2 and "p.toml" in res.err and "tables.grappling" in res.err
    assert not game.exists()
    res = umpire("new", game, "--ruleset", "wsim-te26", "--tables", tmp_path / "none.toml")
    assert res.code == 2 and not game.exists()


def test_te26_worked_rules_with_a_pack(umpire, tmp_path):
    (tmp_path / "p.toml").write_text(PACK + '[tables.unfouling]\nrows = ["2-7", "8-12"]\ncells = [["failure"], ["success"]]\n')
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-te26", "--tables", tmp_path / "p.toml").code == 0
    _ships(umpire)
    # 8.3.5 "Rolls of 12 always foul, regardless of modifiers" (the pack has no row for 12)
    res = umpire("--json", "foul", "a", "b", "--rolls", "6,6")
    assert res.code == 0 and res.json["success"] is True
    assert any("always fouls" in line for line in res.json["explain"])
    assert umpire("turn").code == 0
    # 6.1 "+1 to the unfouling roll by marking off one rigging square": 3 + 4 + 1 = 8, a success
    res = umpire("--json", "unfoul", "a", "b", "--rolls", "3,4", "--opt", "rigging=1")
    assert res.code == 0 and res.json["success"] is True, res.err
    assert umpire("--json", "status", "a").json["ships"][0]["rigging_left"] == [4, 5, 5]


def test_te26_offers_only_what_is_built(umpire, tmp_path):
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-te26", "--level", "advanced").code == 0
    _ships(umpire)
    res = umpire("signal", "a", "--text", "engage")
    assert res.code == 2 and "this game plays wsim-te26" in res.err
    # Advanced fire is built: without the pack it names the table it needs
    res = umpire("fire", "a", "--at", "b", "--range", "1", "--side", "left", "--roll", "3")
    assert res.code == 2 and "Hit Determination Table" in res.err


def test_te26_melee_boarded_then_morale(umpire, tmp_path):
    melee_game(umpire, tmp_path)
    # boarding 5 +1 (better quality) = 6 against 2 +1 (DBP) = 3: boarded (12.3.1-2).
    # crew loss: A TMS 10 x 4 = 40, die 6 in 31+: 3; B TMS 5 x 3 = 15, die 1 one column right
    # (DBP, first turn, 12.3.4): 21-30, 1. Morale: A 3 against crack 4 holds; B 3 +1 (A has
    # 36 against 6, two to one) = 4 against average 3 fails: the defender surrenders (12.3.5 c).
    res = umpire("--json", "melee", "a", "--at", "b", "--rolls", "5,2,6,1,3,3")
    assert res.code == 0, res.err
    assert res.json["outcome"] == "defender surrenders" and res.json["rolls"] == [5, 2, 6, 1, 3, 3]
    assert umpire("--json", "status", "b").json["ships"][0]["state"] == "captured"
    assert umpire("verify").code == 0
    # 14.2.2 "Players do not receive additional points for melee captures"
    assert umpire("--json", "score").json["points"] == {"x": 20, "y": 0}    # B's value, 20, not doubled


def test_te26_melee_repelled_and_not_boarded(umpire, tmp_path):
    melee_game(umpire, tmp_path)
    res = umpire("--json", "melee", "a", "--at", "b", "--rolls", "1,4")   # 2 against 5: repelled
    assert res.code == 0 and res.json["outcome"] == "repelled" and res.json["rolls"] == [1, 4]
    assert umpire("turn").code == 0
    assert umpire("board", "a", "--party", "obp", "--sections", "1,2", "--at", "b").code == 0
    assert umpire("board", "b", "--party", "dbp", "--sections", "1").code == 0
    res = umpire("--json", "melee", "a", "--at", "b", "--rolls", "3,3,1")
    assert res.code == 2 and "used 2 dice" in res.err
    res = umpire("--json", "melee", "a", "--at", "b", "--rolls", "3,3")   # 4 against 4: not boarded
    assert res.code == 0 and res.json["outcome"] == "not boarded"


def test_te26_melee_goes_on_without_a_new_boarding_roll(umpire, tmp_path):
    melee_game(umpire, tmp_path)
    # boarded; losses 1 (die 1, TMS 40) and 1 (die 2, TMS 15 shifted to 21-30); both hold morale
    res = umpire("--json", "melee", "a", "--at", "b", "--rolls", "6,1,1,2,1,1")
    assert res.code == 0 and res.json["outcome"] == "continues", res.json
    assert umpire("turn").code == 0
    assert umpire("board", "a", "--party", "obp", "--sections", "1,2", "--at", "b").code == 0
    assert umpire("board", "b", "--party", "dbp", "--sections", "1").code == 0
    # next turn: no boarding roll (12.3.6), no column shift; crew loss dice, then morale
    res = umpire("--json", "melee", "a", "--at", "b", "--rolls", "1,1,1,1")
    assert res.code == 0 and res.json["rolls"] == [1, 1, 1, 1], res.err
    assert not any("boarding roll" in line for line in res.json["explain"])


def test_te26_melee_without_the_pack_exits_2(umpire, tmp_path):
    melee_game(umpire, tmp_path, pack=(PACK))
    res = umpire("melee", "a", "--at", "b", "--rolls", "5,2,6,1,3,3")
    assert res.code == 2 and "Melee Crew Loss Table" in res.err


def test_rows_read_by_dice_must_be_numbers_or_bands():
    bad = 'ruleset = "wsim-te26"\n[tables.grappling]\nrows = ["low", "high"]\ncells = [["failure"], ["success"]]\n'
    with pytest.raises(Exception) as exc:
        read_pack(bad, "b.toml", "wsim-te26", pack_spec("wsim-te26"))
    assert "b.toml" in str(exc.value) and "tables.grappling.rows" in str(exc.value) and "'low'" in str(exc.value)


def _fire_game(umpire, tmp_path, pack: str | None):
    args = []
    if pack is not None:
        (tmp_path / "f.toml").write_text(pack)
        args = ["--tables", tmp_path / "f.toml"]
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-te26", *args).code == 0
    assert umpire("ship", "add", "MARS", "--side", "x", "--spec", "14H-(5-4-4)M-9(1)G-7R(3)-5-21'-26(CR)").code == 0
    assert umpire("ship", "add", "HERC", "--side", "y", "--spec", "14H-(5-5-4)M-10(1)G-7R(3)-5-22'-23(AV)").code == 0


def test_te26_fire_on_the_pack_with_gun_location_dice(umpire, tmp_path):
    _fire_game(umpire, tmp_path, fire_pack())
    # the pack's HDT: 9 guns at 4 hexes, table 0; crack +2, initial broadside +2: table 4.
    # Die 6 on its hull column: 2G-R, two gun hits, so two gun location dice (11.4.3.1.1).
    res = umpire("--json", "fire", "mars", "--at", "herc", "--range", "4", "--side", "left", "--facing", "right",
                 "--rolls", "6,5,1")
    assert res.code == 0, res.err
    assert res.json["hit_table"] == 4 and res.json["result"] == "2G-R" and res.json["rolls"] == [6, 5, 1]
    assert any("gun hit location, die 5: stern" in line for line in res.json["explain"])
    # 11.3.4 one initial broadside a ship: the right broadside gets no bonus now (9 guns: table 0)
    res = umpire("--json", "fire", "mars", "--at", "herc", "--range", "4", "--side", "right", "--facing", "right",
                 "--rolls", "2")
    assert res.code == 0 and res.json["hit_table"] == 2, res.json     # crack +2 only
    # no gun hit: a location die typed with it is one die too many, refused with the file unchanged
    # (contracts/editions.md: one location die per gun hit, a die the result does not read is a wrong count)
    res = umpire("--json", "fire", "herc", "--at", "mars", "--range", "1", "--side", "right", "--facing", "left",
                 "--rolls", "2,6")
    assert res.code == 2 and "would not be read" in res.err
    res = umpire("--json", "fire", "herc", "--at", "mars", "--range", "1", "--side", "right", "--facing", "left",
                 "--rolls", "2")
    assert res.code == 0 and res.json["result"] == "H" and res.json["rolls"] == [2], res.err
    bad = umpire("fire", "herc", "--at", "mars", "--range", "4", "--side", "left", "--facing", "right", "--rolls", "5")
    assert bad.code == 2 and "gun hit location" in bad.err
    assert umpire("verify").code == 0


def test_te26_fire_without_the_pack_names_the_hdt(umpire, tmp_path):
    _fire_game(umpire, tmp_path, None)
    game = tmp_path / "game.toml"
    before = game.read_bytes()
    res = umpire("fire", "mars", "--at", "herc", "--range", "4", "--side", "left", "--facing", "right", "--roll", "3")
    assert res.code == 2 and "Hit Determination Table" in res.err and "tables template" in res.err
    assert game.read_bytes() == before


def test_te26_grappling_rules_of_the_text(umpire, tmp_path):
    """9.1.3 friendly ships +4; 9.1.4 "Rolls of 12 always grapple"; 9.1.9 "Once two ships are
    grappled, additional grapples may not be made between them"; fouled ships take the card's
    modifier (a pack table); 18.1-18.2 Advanced unfouling modifiers are refused in the Beginners' Game."""
    pack = PACK.replace('rows = ["2-6", "7-12"]\ncells = [["failure"], ["success"]]',
                        'rows = ["2-11", "12"]\ncells = [["failure"], ["success"]]')
    (tmp_path / "p.toml").write_text(pack + '[tables.unfouling]\nrows = ["2-7", "8-12"]\ncells = [["failure"], ["success"]]\n')
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-te26", "--tables", tmp_path / "p.toml").code == 0
    _ships(umpire)
    assert umpire("ship", "add", "C", "--side", "x", "--spec", AV).code == 0
    res = umpire("--json", "grapple", "a", "c", "--rolls", "4,4")          # friendly: 8 + 4 = 12 (last row)
    assert res.code == 0 and res.json["success"] is True, res.err
    assert any("friendly ships: +4 = 12" in line for line in res.json["explain"])
    res = umpire("grapple", "c", "a", "--rolls", "6,6")
    assert res.code == 1 and "9.1.9" in res.err
    res = umpire("--json", "grapple", "a", "b", "--rolls", "5,6")            # 11: failure
    assert res.code == 0 and res.json["success"] is False
    assert umpire("turn").code == 0
    res = umpire("--json", "grapple", "a", "b", "--rolls", "6,6")            # 9.1.4
    assert res.code == 0 and res.json["success"] is True
    assert any("always grapples" in line for line in res.json["explain"])
    assert umpire("foul", "b", "c", "--rolls", "6,6").code == 0
    res = umpire("grapple", "b", "c", "--rolls", "3,3")
    assert res.code == 2 and "Grappling Table (modifier for fouled ships)" in res.err
    assert umpire("turn").code == 0
    res = umpire("unfoul", "b", "c", "--rolls", "3,3", "--opt", "full-sails=1")
    assert res.code == 2 and "Advanced" in res.err


def test_te26_boarding_party_limits(umpire, tmp_path):
    """10.1.2.2 "After boarding has occurred, one additional crew section may be added each turn";
    10.1.2.3, 12.3.7 fouled and not grappled: "no more than one crew section plus marines may form an OBP"."""
    melee_game(umpire, tmp_path)
    assert umpire("--json", "melee", "a", "--at", "b", "--rolls", "6,1,1,2,1,1").json["outcome"] == "continues"
    assert umpire("turn").code == 0
    res = umpire("board", "b", "--party", "dbp", "--sections", "1,2,3")
    assert res.code == 1 and "10.1.2.2" in res.err
    assert umpire("board", "b", "--party", "dbp", "--sections", "1,2").code == 0
    assert umpire("board", "a", "--party", "obp", "--sections", "1,2,3", "--at", "b").code == 0
    assert umpire("ship", "add", "C", "--side", "y", "--spec", "10H-(5-5-5)M-6G-5R(3)-5-18'-20(AV)").code == 0
    assert umpire("foul", "c", "a", "--rolls", "6,6").code == 0
    res = umpire("board", "c", "--party", "obp", "--sections", "1,2", "--at", "a")
    assert res.code == 1 and "12.3.7" in res.err
    assert umpire("board", "c", "--party", "obp", "--sections", "1", "--at", "a").code == 0


def test_te26_fire_plotted_grapple_and_carronades(umpire, tmp_path):
    """11.3.3.1 "If the ship was plotted to grapple ("G") it will suffer a grappling attempt loss
    modifier even if it failed to grapple" (the card's value); 11.2.2 carronades within three hexes."""
    _fire_game(umpire, tmp_path, fire_pack())
    # MARS, 9 guns and 1 carronade: at 3 hexes 10 squares fire (10-12: table 2), crack +2, initial +2,
    # plotted to grapple -1: table 5
    res = umpire("--json", "fire", "mars", "--at", "herc", "--range", "3", "--side", "left", "--facing", "right",
                 "--opt", "grapple-plotted=1", "--rolls", "1")
    assert res.code == 0 and res.json["hit_table"] == 5, res.err
    explain = "\n".join(res.json["explain"])
    assert "10 (left broadside, carronades included)" in explain and "11.3.3.1" in explain


def test_te26_gun_hits_by_the_location_die(umpire, tmp_path):
    """11.4.3.1.1 "If the target ship began the scenario with more carronades than guns, a die roll
    of 3 or 4 on the Gun Location Table results in a carronade hit instead of a gun hit. If the
    ship begins the scenario with only guns or only carronades, that type of gun is always hit";
    11.4.3.1.2 the other type where the one hit is gone, else a hull hit; players no longer choose."""
    _fire_game(umpire, tmp_path, fire_pack())
    assert umpire("ship", "add", "CARR", "--side", "y", "--spec", "14H-(5-5-4)M-2(6)G-7R(3)-5-22'-23(AV)").code == 0
    # MARS at CARR, 4 hexes: 9 guns table 0, crack +2, initial +2 = 4; die 6 on hull: 2G-R;
    # location dice 3 (a carronade: she has more carronades than guns) and 1 (a gun)
    res = umpire("--json", "fire", "mars", "--at", "carr", "--range", "4", "--side", "left", "--facing", "right",
                 "--rolls", "6,3,1")
    assert res.code == 0, res.err
    ship = umpire("--json", "status", "carr").json["ships"][0]
    assert ship["guns_left"] == {"left": 2, "right": 1} and ship["carronades_left"] == {"left": 6, "right": 5}
    res = umpire("fire", "herc", "--at", "mars", "--range", "4", "--side", "left", "--facing", "right",
                 "--lose", "guns", "--rolls", "1")
    assert res.code == 2 and "lose" in res.err


def test_te26_bowsprit_damage_in_a_collision(umpire, tmp_path):
    """8.3.4 "roll a die for each such ship for possible bowsprit damage. On a 1 or 2: for a ship of
    the line, mark out the remainder of its first rigging section; for any other vessel under sail,
    mark out one half of the remainder of the first section, rounded up"."""
    (tmp_path / "p.toml").write_text(PACK)
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-te26", "--tables", tmp_path / "p.toml").code == 0
    assert umpire("ship", "add", "A", "--side", "x", "--class", "SOL", "--spec", AV).code == 0
    assert umpire("ship", "add", "B", "--side", "y", "--class", "F", "--spec", AV).code == 0
    # fouling 3 + 4 = 7: not fouled; A's bowsprit die 2: her first section's 5; B's die 1: 3 of 5
    res = umpire("--json", "foul", "a", "b", "--opt", "bowsprit=a,b", "--rolls", "3,4,2,1")
    assert res.code == 0 and res.json["success"] is False and res.json["rolls"] == [3, 4, 2, 1], res.err
    status = {s["id"]: s for s in umpire("--json", "status").json["ships"]}
    assert status["a"]["rigging_left"] == [0, 5, 5] and status["b"]["rigging_left"] == [2, 5, 5]
    res = umpire("foul", "a", "b", "--opt", "bowsprit=c", "--rolls", "3,4,2")
    assert res.code == 2 and "bowsprit" in res.err
    assert umpire("verify").code == 0


def test_te26_surrender_by_firepower_and_capture(umpire, tmp_path):
    """11.4.3.2 surrender by firepower (the umpire confirms that no friendly ship is within ten
    hexes); 12.4.3 "A ship which surrenders by any other means is captured when either a TBP or OBP
    is placed aboard"."""
    _fire_game(umpire, tmp_path, fire_pack())
    assert umpire("ship", "add", "TINY", "--side", "y", "--spec", "6H-(2-2)M-1G-3R(3)-5-8'-4(AV)").code == 0
    # MARS at TINY, 1 hex: 10 squares, table 4, crack +2, initial +2 = 8; die 6 hull: 2G-R, her two guns
    res = umpire("--json", "fire", "mars", "--at", "tiny", "--range", "1", "--side", "left", "--facing", "right",
                 "--rolls", "6,1,1")
    assert res.code == 0, res.err
    assert "firepower" in umpire("--json", "status", "tiny").json["ships"][0]["liable"]
    assert umpire("surrender", "tiny", "--by", "firepower").code == 0
    assert umpire("--json", "status", "tiny").json["ships"][0]["state"] == "surrendered"


def test_a_rake_table_on_other_headings_than_the_hdt_is_refused_when_read():
    # 16.1.1.1: the rake number is "in parentheses" on the HDT itself, so hdt-rake has the hdt's
    # rows and columns; a pack that gives others is refused at `new`, not at the first rake.
    from tests.rulesets.wsim_te26.helpers import ADV

    spec = pack_spec("wsim-te26")
    good = fire_pack() + "\n" + ADV
    assert read_pack(good, "f.toml", "wsim-te26", spec)["hdt-rake"]["rows"][0] == "1-3"
    bad = fire_pack() + "\n" + ADV.replace('"5-6", "7-10"', '"5-7", "8-10"', 1)
    assert bad != good
    with pytest.raises(Exception) as exc:
        read_pack(bad, "f.toml", "wsim-te26", spec)
    assert "f.toml" in str(exc.value) and "tables.hdt-rake.columns" in str(exc.value) and "hdt" in str(exc.value)


def test_a_game_started_without_a_pack_takes_one_in_play_and_undo_takes_it_back(umpire, tmp_path):
    """`umpire tables use PACK`: a game already started gets (or replaces) its pack, journalled; the
    next command reads it, `undo` takes it back and `verify` replays it."""
    game = tmp_path / "game.toml"
    assert umpire("new", game, "--ruleset", "wsim-te26", "--seed", "1").code == 0
    _ships(umpire)
    assert umpire("grapple", "a", "b", "--rolls", "3,4").code == 2          # no Grappling Table yet
    (tmp_path / "p.toml").write_text(PACK)
    res = umpire("--json", "tables", "use", tmp_path / "p.toml")
    assert res.code == 0, res.err
    assert res.json["tables"] == ["fouling", "grappling", "ungrappling"]
    res = umpire("--json", "grapple", "a", "b", "--rolls", "3,4")
    assert res.code == 0 and res.json["success"] is True
    assert umpire("--json", "verify").json["differences"] == []
    assert umpire("undo").code == 0 and umpire("undo").code == 0             # the grapple, then the pack
    assert umpire("grapple", "a", "b", "--rolls", "3,4").code == 2


def test_a_pack_in_play_replaces_the_one_the_game_started_with(umpire, tmp_path):
    (tmp_path / "p.toml").write_text(PACK)
    game = tmp_path / "game.toml"
    assert umpire("new", game, "--ruleset", "wsim-te26", "--tables", tmp_path / "p.toml").code == 0
    _ships(umpire)
    harsher = PACK.replace('rows = ["2-6", "7-12"]\ncells = [["failure"], ["success"]]',
                           'rows = ["2-11", "12"]\ncells = [["failure"], ["success"]]')
    assert harsher != PACK
    (tmp_path / "q.toml").write_text(harsher)
    assert umpire("tables", "use", tmp_path / "q.toml").code == 0
    res = umpire("--json", "grapple", "a", "b", "--rolls", "3,4")
    assert res.code == 0 and res.json["success"] is False                  # 7 fails on the new table


def test_a_bad_pack_in_play_is_refused_and_the_game_is_unchanged(umpire, tmp_path):
    game = tmp_path / "game.toml"
    assert umpire("new", game, "--ruleset", "wsim-te26", "--seed", "1").code == 0
    before = game.read_bytes()
    (tmp_path / "p.toml").write_text('ruleset = "wsim-te26"\n[tables.grappling]\nrows = ["2-6"]\ncells = [[7]]\n')
    res = umpire("tables", "use", tmp_path / "p.toml")
    assert res.code == 2 and "p.toml" in res.err and "tables.grappling" in res.err
    assert game.read_bytes() == before
