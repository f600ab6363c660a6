"""Each WS&IM edition's log: the 1974 first edition's Hit Record & Log Sheet (its Moves, B for
ballshot, its notation key) and the Tournament Edition 2.6 log (crew quality with its morale
number, 3.2.5.1; at the Advanced level bow and stern sections, 16.2, and the anchor boxes, 19.3.7),
each on the 1981 layout where the text prints none (docs/rulings.md)."""

from __future__ import annotations

from pathlib import Path

from tests.pdf.conftest import pages, text, x_marks
from umpire.core import game as gamefile
from umpire.pdf import fleet_from_game, fleet_from_scenario, sheet_views
from umpire.pdf.wsim.views import grid_rows

CONSTELLATION = "12H-(4-4-3)M-9(3)G-6R(4)-5-18'-30(EL)"


def _words(path: Path, page: int = 0) -> str:
    return " ".join(text(pages(path)[page]).split())


def test_first_edition_scenario_prints_the_hit_record_and_log_sheet(umpire, tmp_path):
    out = tmp_path / "1b.pdf"
    assert umpire("sheet", "--scenario", "wsim-1b", "mars", "-o", out).code == 0
    page = _words(out)
    for want in ("Hit Record & Log Sheet (first edition, 1974)", "Hit Record", "First edition log notation",
                 "B (ballshot)", "BPD defending", "9 Hull", "13 Rigging", "14 Load", "16 Notes"):
        assert want in page, want
    assert "Move 14 Load" in page or "Move L R" in page            # the grid counts Moves
    assert "First edition (1974)" not in page                      # its own key, not the note for other logs
    view = sheet_views(fleet_from_scenario("wsim-1b", ["mars"]))[0]
    assert [(r.turn, r.left, r.right) for r in grid_rows(view, 2)] == [("start", "B", "B"), ("1", "", "")]


def test_first_edition_game_writes_b_at_each_loading(umpire, tmp_path):
    game = tmp_path / "game.toml"
    assert umpire("new", game, "--scenario", "wsim-1b", "--seed", "3").code == 0
    assert umpire("fire", "mars", "--at", "hercule", "--range", "4", "--side", "left", "--facing", "right",
                  "--roll", "3").code == 0
    assert umpire("turn").code == 0                               # the left broadside is reloaded
    g = gamefile.load(game)
    mars = next(v for v in sheet_views(fleet_from_game(g, g.state())) if v.ship_id == "mars")
    rows = grid_rows(mars, 3)
    assert [(r.turn, r.left, r.left_fired, r.right, r.right_fired) for r in rows] == [
        ("start", "B", True, "B", False), ("1", "B", False, "", False), ("2", "", False, "", False)]
    cards = tmp_path / "c.pdf"
    assert umpire("cards", "-o", cards).code == 0
    assert "Move 2 Loaded: left B, right B" in _words(cards)


def test_a_1974_scenario_on_the_1981_rules_keeps_the_1981_log_with_the_first_edition_note(umpire, tmp_path):
    game = tmp_path / "game.toml"
    assert umpire("new", game, "--scenario", "wsim-1b", "--ruleset", "wsim-1981", "--seed", "3").code == 0
    out = tmp_path / "s.pdf"
    assert umpire("sheet", "mars", "-o", out).code == 0
    page = _words(out)
    assert "Wooden Ships & Iron Men log" in page and "Hit Record" not in page
    assert "Log notation" in page and "First edition (1974)" in page and "start R R" in page


def _te_game(umpire, tmp_path, level: str) -> Path:
    game = tmp_path / "game.toml"
    assert umpire("new", game, "--ruleset", "wsim-te26", "--level", level, "--seed", "3").code == 0
    assert umpire("ship", "add", "CONSTELLATION", "--side", "american", "--spec", CONSTELLATION,
                  "--class", "F").code == 0
    return game


def test_tournament_edition_log_gives_the_morale_number(umpire, tmp_path):
    game = _te_game(umpire, tmp_path, "basic")
    out = tmp_path / "te.pdf"
    assert umpire("sheet", "-o", out).code == 0
    page = _words(out)
    for want in ("WS&IM Tournament Edition 2.6 log", "Elite (EL), morale 5", "Log notation (TE 2.6)",
                 "8 Crew quality", "start R R"):
        assert want in page, want
    assert "bow" not in page and "Anchors" not in page
    g = gamefile.load(game)
    view = sheet_views(fleet_from_game(g, g.state()))[0]
    assert [(t.label, t.total) for t in view.group(11).tracks] == [("L", 9), ("R", 9)]


def test_tournament_edition_advanced_log_splits_the_broadsides_and_has_two_anchor_boxes(umpire, tmp_path):
    game = _te_game(umpire, tmp_path, "advanced")
    g = gamefile.load(game)
    view = sheet_views(fleet_from_game(g, g.state()))[0]
    # 16.2: nine guns a broadside do not halve; the bow takes the odd one (docs/rulings.md)
    assert [(t.label, t.total, t.crossed) for t in view.group(11).tracks] == [
        ("L bow", 5, 0), ("L stern", 4, 0), ("R bow", 5, 0), ("R stern", 4, 0)]
    assert [(t.label, t.total) for t in view.group(12).tracks] == [
        ("L bow", 2), ("L stern", 1), ("R bow", 2), ("R stern", 1)]
    assert view.group(0).title == "Anchors" and view.group(0).tracks[0].total == 2
    assert view.group(9).tracks[0].total == 12                     # the TE charts are already modified
    out = tmp_path / "te.pdf"
    assert umpire("sheet", "-o", out).code == 0
    page = _words(out)
    assert "Tournament Edition 2.6 log, Advanced Game" in page and "R stern" in page and "Anchors" in page
    assert x_marks(pages(out)[0]) == 0
    cards = tmp_path / "c.pdf"
    assert umpire("cards", "-o", cards).code == 0
    assert "L bow" in _words(cards) and "morale 5" in _words(cards)


def test_sections_the_game_does_not_keep_print_whole_once_squares_are_lost():
    """A ship whose state keeps no bow and stern sections cannot have a lost gun placed in either."""
    from umpire.pdf.wsim.views import broadside

    ship = {"guns_max": 9, "guns_left": {"left": 9, "right": 7}}
    assert broadside(ship, "guns", damage=False)[0].total == 5
    assert broadside(ship, "guns", damage=True) is None
    kept = {**ship, "gun_sections_left": {"left": {"bow": 5, "stern": 4}, "right": {"bow": 3, "stern": 4}}}
    assert [(t.label, t.crossed) for t in broadside(kept, "guns", damage=True)] == [
        ("L bow", 0), ("L stern", 0), ("R bow", 2), ("R stern", 0)]


def test_first_edition_ammunition_is_written_as_its_key_has_it(umpire, tmp_path):
    """The 1974 sheet's key: B ballshot, C chainshot, G grapeshot (Optional Rules: Types of Ammunition)."""
    game = tmp_path / "game.toml"
    assert umpire("new", game, "--scenario", "wsim-1b", "--optional", "types-of-ammunition", "--seed", "3").code == 0
    assert umpire("fire", "hercule", "--at", "mars", "--range", "3", "--side", "left", "--facing", "right",
                  "--roll", "3").code == 0
    assert umpire("load", "hercule", "--side", "left", "--shot", "chain").code == 0
    g = gamefile.load(game)
    hercule = next(v for v in sheet_views(fleet_from_game(g, g.state())) if v.ship_id == "hercule")
    assert [(r.turn, r.left, r.left_fired) for r in grid_rows(hercule, 2)] == [("start", "B", True), ("1", "C", False)]
    cards = tmp_path / "c.pdf"
    assert umpire("cards", "hercule", "-o", cards).code == 0
    assert "Move 1 Loaded: left C, right B" in _words(cards)


def test_tournament_edition_anchor_boxes_are_crossed_when_the_anchors_are_cut(umpire, tmp_path):
    """19.3.7: a ship cuts anchors by writing "a" ... "and marking off both anchor boxes"."""
    game = _te_game(umpire, tmp_path, "advanced")
    assert umpire("anchor", "constellation", "--spring", "bow").code == 0
    g = gamefile.load(game)
    view = sheet_views(fleet_from_game(g, g.state()))[0]
    assert "anchored: AB from turn 2" in view.status and view.group(0).crossed == 0
    assert umpire("turn").code == 0
    res = umpire("anchor", "constellation", "--cut")
    assert res.code == 0, res.err
    out = tmp_path / "te.pdf"
    assert umpire("sheet", "-o", out).code == 0
    assert x_marks(pages(out)[0]) == 2 and "anchors cut (a)" in _words(out)


def test_tournament_edition_loadings_are_written_with_their_shot():
    """TE 2.6 26.1: the shot loaded; the edition keeps both broadsides' shot in one value."""
    from umpire.pdf.wsim.journal import event_marks

    event = {"kind": "load", "action": {"command": "load", "ship": "c", "side": "left", "shot": "chain"},
             "effects": [{"op": "set", "path": ["ships", "c", "loaded", "left"], "value": True},
                         {"op": "set", "path": ["ships", "c", "te_shot"],
                          "value": {"left": "chain", "right": "round"}}]}
    assert event_marks(event, {}) == [("c", "left", "CS")]


def test_a_section_count_that_is_not_a_number_prints_the_broadside_whole():
    from umpire.pdf.wsim.views import broadside

    ship = {"guns_max": 4, "guns_left": {"left": 4, "right": 4},
            "gun_sections_left": {"left": {"bow": "two", "stern": 2}, "right": {"bow": 2, "stern": 2}}}
    assert broadside(ship, "guns", damage=True) is None
    assert broadside({**ship, "gun_sections_left": {"left": 3}}, "guns", damage=True) is None


def test_battle_sails_get_a_line_only_at_the_levels_with_full_sails():
    from umpire.core.tables import Tables
    from umpire.pdf.wsim.views import advanced_lines

    ship = {"sails": "battle"}
    assert advanced_lines(ship, Tables("wsim-1974"), battle_sails=False) == ()
    assert advanced_lines({"sails": "full"}, Tables("wsim-1974"), battle_sails=False) == ("sails: full",)
    assert advanced_lines(ship, Tables("wsim-1981-advanced")) == ("sails: battle",)
