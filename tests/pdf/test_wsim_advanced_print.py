"""The Advanced Game's log sheet and cards (wsim-1981-second-edition.md, Advanced I.B Log
Modifications): hull one and a half times and crew, guns and carronades twice the Basic values,
each broadside and carronade row split into a bow and a stern section, crossed from the game's
sections; the shot loaded, sails, anchor, repairs and critical effects beside the squares."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.pdf.conftest import HERCULE, MARS, pages, text, x_marks
from umpire.core import game as gamefile
from umpire.pdf import fleet_from_game, sheet_views
from umpire.pdf.layout import load_layout
from umpire.pdf.wsim.layout import WsimCardLayout, WsimSheetLayout, load_form


@pytest.fixture
def advanced(umpire, tmp_path) -> Path:
    """MARS fires both broadsides into HERCULE with the dice of the critical-hits case
    (tests/cases/wsim-1981/advanced-critical-hits.toml), then loads grapeshot on the left."""
    game = tmp_path / "game.toml"
    for cmd in (("new", game, "--ruleset", "wsim-1981", "--level", "advanced", "--seed", "5"),
                ("ship", "add", "MARS", "--side", "british", "--spec", MARS, "--class", "SOL", "--turning", "1"),
                ("ship", "add", "HERCULE", "--side", "french", "--spec", HERCULE, "--class", "SOL", "--turning", "2"),
                ("fire", "mars", "--at", "hercule", "--range", "2", "--side", "left", "--facing", "right",
                 "--hit-section", "bow", "--rolls", "6,1,3"),
                ("fire", "mars", "--at", "hercule", "--range", "2", "--side", "right", "--aim", "rigging",
                 "--facing", "right", "--hit-section", "bow", "--rolls", "6,1"),
                ("load", "mars", "--side", "left", "--shot", "grape")):
        res = umpire(*cmd)
        assert res.code == 0, (cmd, res.err)
    return game


def _views(game: Path, blank: bool = False):
    g = gamefile.load(game)
    return {v.ship_id: v for v in sheet_views(fleet_from_game(g, g.state(), (), blank))}


def _rows(view, number: int) -> list[tuple[str, int, int]]:
    return [(t.label, t.total, t.crossed) for t in view.group(number).tracks]


def test_blank_advanced_log_has_the_modified_squares_in_bow_and_stern_sections(advanced):
    mars = _views(advanced, blank=True)["mars"]
    # 14H x 1.5 = 21; crew (5-4-4) x 2; 9 guns x 2 = 18 a broadside, 9 bow and 9 stern; 1 carronade x 2
    assert _rows(mars, 9) == [("", 21, 0)]
    assert _rows(mars, 10) == [("1", 10, 0), ("2", 8, 0), ("3", 8, 0)]
    assert _rows(mars, 11) == [("L bow", 9, 0), ("L stern", 9, 0), ("R bow", 9, 0), ("R stern", 9, 0)]
    assert _rows(mars, 12) == [("L bow", 1, 0), ("L stern", 1, 0), ("R bow", 1, 0), ("R stern", 1, 0)]
    assert _rows(mars, 13) == [("1", 7, 0), ("2", 7, 0), ("3", 7, 0)]        # rigging unchanged
    assert mars.status == () and mars.form.key == "wsim-1981-advanced"


def test_game_sheet_crosses_each_section_from_the_game(advanced, umpire, tmp_path):
    hercule = _views(advanced)["hercule"]
    # the case's status: hull 15 of 21, crew [9, 10, 8] of [10, 10, 8], rigging [0, 7, 7],
    # right bow guns 8 of 10, right bow carronade 0 of 1
    assert _rows(hercule, 9) == [("", 21, 6)]
    assert _rows(hercule, 10) == [("1", 10, 1), ("2", 10, 0), ("3", 8, 0)]
    assert _rows(hercule, 11) == [("L bow", 10, 0), ("L stern", 10, 0), ("R bow", 10, 2), ("R stern", 10, 0)]
    assert _rows(hercule, 12) == [("L bow", 1, 0), ("L stern", 1, 0), ("R bow", 1, 1), ("R stern", 1, 0)]
    assert _rows(hercule, 13) == [("1", 7, 7), ("2", 7, 0), ("3", 7, 0)]
    out = tmp_path / "h.pdf"
    assert umpire("--game", advanced, "sheet", "hercule", "-o", out).code == 0
    page = pages(out)[0]
    assert x_marks(page) == hercule.crossed == 17
    words = text(page)
    for want in ("Wooden Ships & Iron Men log, Advanced Game", "R bow", "L stern", "Advanced log notation",
                 "critical: steering damaged: turning ability -1", "sails: battle", "Loaded: left R, right R"):
        assert want in words, want
    blank = tmp_path / "b.pdf"
    assert umpire("--game", advanced, "sheet", "hercule", "--blank", "-o", blank).code == 0
    assert x_marks(pages(blank)[0]) == 0 and "R stern" in text(pages(blank)[0])


def test_the_shot_loaded_and_the_advanced_state(advanced):
    mars = _views(advanced)["mars"]
    assert mars.status[0] == "Loaded: left GS, right empty"
    ship = {"shot": {"left": "round", "right": "double"}, "loaded": {"left": True, "right": False},
            "loading": {"right": 1}, "sails": "full", "anchor": "bow", "repairs": {"hull": 2, "rigging": 0, "guns": 1},
            "critical_effects": [{"effect": "fire for 2 turn(s)", "from_turn": 4, "until_turn": 5},
                                 {"effect": "anchor cable severed: may not anchor again"}]}
    from umpire.core.tables import Tables
    from umpire.pdf.wsim.views import advanced_lines

    assert advanced_lines(ship, Tables("wsim-1981-advanced")) == (
        "Loaded: left R, right loading DS", "sails: full", "anchored: AB (by the bow)",
        "repairs in progress: RH 2, RG 1 (turns of 3)", "critical: fire for 2 turn(s) (turns 4-5)",
        "critical: anchor cable severed: may not anchor again")
    assert advanced_lines({"loaded": {"left": True}}, Tables("wsim-1981")) == ()      # a Basic ship


def test_advanced_cards_split_the_broadsides_and_keep_every_state_line(advanced, umpire, tmp_path):
    out = tmp_path / "c.pdf"
    assert umpire("--game", advanced, "cards", "-o", out).code == 0
    card = " ".join(text(pages(out)[0]).split())
    # her six state lines leave no room for the carronades' own rows at 2.8 mm: they go beside the guns
    assert "Advanced Game" in card and card.count("L bow") == card.count("R stern") == 2 and "+ Carr." in card
    assert "Turn 1 Loaded: left GS, right empty" in card
    assert card.count("Loaded:") == 2                    # on the turn line only, not again below
    assert "critical: steering damaged: turning ability -1" in card   # the last line still fits


def test_a_scenario_prints_blank_at_the_advanced_level(umpire, tmp_path):
    src = (Path(__file__).parents[2] / "scenarios" / "wsim-1974" / "wsim-1b.toml").read_text()
    scen = tmp_path / "duel-1981.toml"
    scen.write_text(src.replace('ruleset = "wsim-1974"', 'ruleset = "wsim-1981"')
                    .replace('id = "wsim-1b"', 'id = "duel-1981"').replace('aliases = ["mars-hercule"]', ""))
    out = tmp_path / "a.pdf"
    assert umpire("sheet", "--scenario", scen, "--level", "advanced", "-o", out).code == 0
    first = text(pages(out)[0])
    assert "Advanced Game" in first and "L bow" in first and x_marks(pages(out)[0]) == 0
    basic = tmp_path / "b.pdf"
    assert umpire("sheet", "--scenario", scen, "-o", basic).code == 0
    assert "L bow" not in text(pages(basic)[0]) and "Advanced" not in text(pages(basic)[0])
    assert umpire("cards", "--scenario", scen, "--level", "advanced", "-o", tmp_path / "c.pdf").code == 0


def test_level_is_for_scenarios_and_must_be_the_ruleset_s(umpire, advanced, tmp_path):
    before = advanced.read_bytes()
    res = umpire("--game", advanced, "sheet", "--level", "advanced", "-o", tmp_path / "x.pdf")
    assert res.code == 2 and "--level goes with --scenario" in res.err
    res = umpire("sheet", "--scenario", "wsim-1b", "--level", "advanced", "-o", tmp_path / "x.pdf")
    assert res.code == 2 and "wsim-1974 is played at basic" in res.err
    res = umpire("cards", "--scenario", "wsim-1b", "--level", "expert", "-o", tmp_path / "x.pdf")
    assert res.code == 2 and "level 'expert'" in res.err
    assert not (tmp_path / "x.pdf").exists() and advanced.read_bytes() == before


def test_advanced_sheets_are_deterministic(advanced, umpire, tmp_path):
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    assert umpire("--game", advanced, "sheet", "-o", a).code == 0
    assert umpire("--game", advanced, "sheet", "-o", b).code == 0
    assert a.read_bytes() == b.read_bytes()


def test_variant_templates_take_their_base_and_change_only_what_they_name():
    base, adv = load_layout(WsimSheetLayout, "a4"), load_layout(WsimSheetLayout, "a4", "wsim-sheet-advanced")
    assert adv.boxes.label > base.boxes.label
    assert (adv.fonts, adv.turns, adv.header, adv.boxes.size) == (base.fonts, base.turns, base.header, base.boxes.size)
    card = load_layout(WsimCardLayout, "letter", "wsim-card-advanced")
    assert card.card == load_layout(WsimCardLayout, "letter").card
    b = card.boxes      # a full row of squares, after the heading and the "L stern" label, stays on the card
    assert b.heading + b.label + b.per_row * (b.size + b.gap) <= card.card.width - 2 * card.card.padding + 1e-6
    assert load_form("wsim-1981", "advanced").sheet_template == "wsim-sheet-advanced"
    assert load_form("wsim-1981", "basic").key == "wsim-1981"
    assert load_form("wsim-1974", "").load == "B" and load_form("wsim-1974").shots["chain"] == "C"


def test_load_column_writes_the_shot_and_doubleshot_two_turns_running(advanced, umpire):
    """Advanced VIII.B.3.c: "DS" is marked in the load section for two consecutive turns; X.A: R, DS,
    CS, GS; a slash through the loading fired (Basic VIII.A.6)."""
    from umpire.pdf.wsim.views import grid_rows

    for cmd in (("turn",), ("fire", "mars", "--at", "hercule", "--range", "1", "--side", "left", "--facing", "right"),
                ("load", "mars", "--side", "right", "--shot", "double"), ("turn",),
                ("load", "mars", "--side", "right", "--shot", "double"), ("turn",),
                ("fire", "mars", "--at", "hercule", "--range", "1", "--side", "right", "--facing", "right",
                 "--rolls", "2")):
        res = umpire("--game", advanced, *cmd)
        assert res.code == 0, (cmd, res.err)
    mars = _views(advanced)["mars"]
    assert [(r.turn, r.left, r.left_fired, r.right, r.right_fired) for r in grid_rows(mars, 5)] == [
        ("start", "R", True, "R", True), ("1", "GS", True, "", False), ("2", "", False, "DS", False),
        ("3", "", False, "DS", True), ("4", "", False, "", False)]


def test_sails_anchor_and_repairs_from_the_commands(advanced, umpire, tmp_path):
    """Full sails (Advanced XI; MARS: HERCULE has lost her first rigging section, V.A.4), anchoring
    on springs (V.C.1) and a turn of hull repairs (X.B) as the game's commands leave them."""
    for cmd in (("sail", "mars", "full"), ("turn",), ("anchor", "hercule", "--spring", "stern"),
                ("repair", "hercule", "--what", "hull")):
        res = umpire("--game", advanced, *cmd)
        assert res.code == 0, (cmd, res.err)
    views = _views(advanced)
    hercule = views["hercule"]
    assert "sails: full" in views["mars"].status and "sails: battle" in hercule.status
    assert "anchoring from next turn: AS (by the stern)" in hercule.status
    assert "repairs in progress: RH 1 (turns of 3)" in hercule.status
    out = tmp_path / "h.pdf"
    assert umpire("--game", advanced, "sheet", "hercule", "-o", out).code == 0
    assert "repairs in progress: RH 1 (turns of 3)" in text(pages(out)[0])


def test_a_fleet_cover_names_the_level_and_adds_up_each_broadside(advanced, umpire, tmp_path):
    assert umpire("--game", advanced, "ship", "add", "AUDACIEUX", "--side", "french", "--spec", HERCULE).code == 0
    out = tmp_path / "fleet.pdf"
    assert umpire("--game", advanced, "sheet", "-o", out).code == 0
    cover = " ".join(text(pages(out)[0]).split())
    assert "Wooden Ships & Iron Men, 1981 rules, Advanced Game" in cover
    # right guns bow 8 + stern 10, a right carronade lost; hull 15 of 21
    assert "hercule HERCULE S.O.L. Average (AV) 20+2/18+1 15" in cover


def test_notes_column_writes_anchoring_and_repairs(umpire, tmp_path):
    """Advanced V.C: anchoring noted "A", "AB", "AS", weighing "(A)"; X.B: repairs in progress
    "RH", "RG", "RR", the third of a kind circled (written "(RH)") as its squares are erased."""
    from umpire.pdf.wsim.views import grid_rows

    game = tmp_path / "game.toml"
    for cmd in (("new", game, "--ruleset", "wsim-1981", "--level", "advanced", "--seed", "5"),
                ("ship", "add", "MARS", "--side", "british", "--spec", MARS, "--class", "SOL", "--turning", "1"),
                ("ship", "add", "HERCULE", "--side", "french", "--spec", HERCULE, "--class", "SOL"),
                ("fire", "hercule", "--at", "mars", "--range", "2", "--side", "left", "--facing", "right",
                 "--rolls", "1"),
                ("turn",), ("anchor", "mars", "--spring", "bow"), ("repair", "mars", "--what", "hull"), ("turn",),
                ("repair", "mars", "--what", "hull"), ("turn",), ("repair", "mars", "--what", "hull"), ("turn",),
                ("anchor", "mars", "--up")):
        res = umpire(*cmd)
        assert res.code == 0, (cmd, res.err)
    mars = _views(game)["mars"]
    notes = {r.turn: r.notes for r in grid_rows(mars, 6)}
    assert notes == {"start": "", "1": "", "2": "AB; RH", "3": "RH", "4": "(RH)", "5": "(A)"}
