"""Table packs: `umpire tables template`, `umpire new --tables`, and a command needing a table
no text gives (contracts/editions.md, Table packs)."""

from __future__ import annotations

import tomllib

import pytest

from umpire.core.tables import MissingTable, Tables, pack_spec
from umpire.rules.wsim.editions.packs import read_pack, row_index, template
from tests.rulesets.wsim_te26.helpers import PACK, fire_pack

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


def test_rows_read_by_dice_must_be_numbers_or_bands():
    bad = 'ruleset = "wsim-te26"\n[tables.grappling]\nrows = ["low", "high"]\ncells = [["failure"], ["success"]]\n'
    with pytest.raises(Exception) as exc:
        read_pack(bad, "b.toml", "wsim-te26", pack_spec("wsim-te26"))
    assert "b.toml" in str(exc.value) and "tables.grappling.rows" in str(exc.value) and "'low'" in str(exc.value)


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
