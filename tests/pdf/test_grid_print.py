"""The grid game through `sheet` and `cards --deck`: control panels, briefing, damage-card decks."""

from __future__ import annotations

from tests.pdf.conftest import font_sizes, fonts_of, pages, stream, text


def _game(umpire, tmp_path):
    game = tmp_path / "game.toml"
    assert umpire("new", game, "--scenario", "grid-swallow-royal-fortune", "--seed", "4").code == 0
    return game


def test_a_scenario_prints_its_briefing_then_one_panel_a_ship(umpire, tmp_path):
    res = umpire("--json", "sheet", "--scenario", "grid-swallow", "-o", tmp_path / "s.pdf")
    assert res.code == 0, res.err
    assert res.json["pages"] == 6 and res.json["ships"] == 2      # briefing; each panel, then her counters
    got = pages(tmp_path / "s.pdf")
    first = text(got[0])
    assert "HMS Swallow attacks Roberts' Royal Fortune" in first and "1722-02-10" in first
    assert "Victory" in first and "Special rules" in first and "Royal Fortune (royal-fortune)" in first
    assert "Ship Control Panel: HMS Swallow" in text(got[1]) and "2/6" in text(got[1])
    assert "Crew positions: HMS Swallow" in text(got[2]) and "3/6" in text(got[2])
    assert "Ship Control Panel: Royal Fortune" in text(got[4]) and "5/6" in text(got[4])
    for font in fonts_of(tmp_path / "s.pdf"):
        assert "DejaVu" in str(font["/BaseFont"])


def test_a_game_panel_shows_the_damage(umpire, tmp_path):
    _game(umpire, tmp_path)
    assert umpire("sheet", "royal", "-o", tmp_path / "before.pdf").code == 0
    assert umpire("crew", "swallow", "--gunner", "1", "--port", "5").code == 0
    assert umpire("fire", "swallow", "--at", "royal", "--range", "1", "--side", "port", "--rolls", "1,1,X,X,X",
                  "--cards", "sail-shot-away,hull-damage-2").code == 0
    res = umpire("--json", "sheet", "royal", "-o", tmp_path / "after.pdf")
    assert res.code == 0 and res.json["ships"] == 1
    def panel_of(pdf):
        return next(p for p in pages(pdf) if "Ship Control Panel" in text(p))
    panel = panel_of(tmp_path / "after.pdf")
    assert "SAIL Shot Away (Repairable)" in text(panel)
    strokes = [stream(p).count(b" l S") for p in (panel_of(tmp_path / "before.pdf"), panel)]
    assert strokes[1] == strokes[0] + 6          # two hull boxes and one sail-lost box crossed, two strokes each


def test_cards_deck_prints_each_ships_complete_deck(umpire, tmp_path):
    _game(umpire, tmp_path)
    res = umpire("--json", "cards", "--deck", "-o", tmp_path / "d.pdf")
    assert res.code == 0, res.err
    assert res.json["pages"] == 8 and res.json["ships"] == 2      # 80 cards, 24 a page, each ship's own
    got = pages(tmp_path / "d.pdf")
    assert "Damage cards: HMS Swallow" in text(got[0]) and "page 1 of 4, cards 1-24 of 80" in text(got[0])
    assert "Damage cards: Royal Fortune" in text(got[7]) and "page 4 of 4, cards 73-80 of 80" in text(got[7])
    one = umpire("--json", "cards", "--deck", "swallow", "--paper", "letter", "-o", tmp_path / "one.pdf")
    assert one.code == 0 and one.json["pages"] == 4 and one.json["ships"] == 1
    blank = umpire("--json", "cards", "--deck", "--scenario", "grid-cutting-out", "-o", tmp_path / "b.pdf")
    assert blank.code == 0 and blank.json["pages"] == 8


def test_player_cards_are_refused_naming_the_deck(umpire, tmp_path):
    _game(umpire, tmp_path)
    res = umpire("cards", "-o", tmp_path / "x.pdf")
    assert res.code == 2 and "cards --deck" in res.err and not (tmp_path / "x.pdf").exists()


def test_sheet_tables_appends_the_grid_tables_house_rulings_marked(umpire, tmp_path):
    _game(umpire, tmp_path)
    assert umpire("rulings", "set", "panel.hull_rows", "[8, 8, 8, 4]").code == 0
    assert umpire("rulings", "set", "movement.classes.M", "[0, 0, 1, 2, 2, 3]").code == 0
    res = umpire("--json", "sheet", "--tables", "-o", tmp_path / "t.pdf")
    assert res.code == 0, res.err
    got = pages(tmp_path / "t.pdf")
    assert res.json["pages"] == len(got) == 7          # briefing, two panels and their counters (2, 1), the tables
    tables = text(got[-1])
    for name in ("Quick-reference tables", "Movement", "Sail setting", "Fire", "Crew", "Chances", "Class M"):
        assert name in tables, name
    assert "2 \u2020" in tables and "\u2020 changed by a house ruling: movement: classes M" in tables
    assert "panel" not in tables                                    # a ruling on a table not printed


def test_deck_is_refused_outside_the_grid_game(umpire, duel, tmp_path):
    res = umpire("cards", "--deck", "-o", tmp_path / "x.pdf")
    assert res.code == 2 and "grid" in res.err and not (tmp_path / "x.pdf").exists()


def test_a_long_name_and_id_print_at_six_points_or_more_the_id_whole(umpire, tmp_path):
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "grid").code == 0
    name = ("NUESTRA SEÑORA DE LA SANTÍSIMA TRINIDAD " * 6)[:200].strip()
    sid = ("trinidad-" * 30)[:150].strip("-")
    assert umpire("ship", "add", name, "--id", sid, "--side", "spanish", "--type", "first-rate").code == 0
    for args in (("sheet",), ("cards", "--deck")):
        out = tmp_path / "x.pdf"
        assert umpire(*args, "-o", out).code == 0
        got = pages(out)
        assert all(min(font_sizes(p)) >= 6 for p in got), args
        assert "NUESTRA SEÑORA" in text(got[0]) and "\u2026" in text(got[0]), args
    sheet = tmp_path / "s.pdf"
    assert umpire("sheet", "-o", sheet).code == 0
    assert sid in "".join(text(pages(sheet)[0]).split())                     # the id prints whole
    assert "page 1 of 4" in text(pages(tmp_path / "x.pdf")[0])              # the name gives way


def test_a_ship_that_surrendered_is_marked_in_her_panel_title():
    from umpire.core.tables import Tables
    from umpire.pdf.grid import panels as P
    from umpire.rules.grid.ruleset import Grid

    rs, tables = Grid(), Tables("grid")
    ship = rs.new_ship(rs.ship_definition("Royal Fortune", "pirate", "royal-fortune", {"type": "frigate"}))
    ship["state"] = "surrendered"
    pdf, _ = P.panels_pdf([P.panel_view(ship, tables)])
    assert "Ship Control Panel: Royal Fortune  SURRENDERED" in text(pages(pdf)[0])
    blank, _ = P.panels_pdf([P.panel_view(ship, tables, blank=True)])
    assert "SURRENDERED" not in text(pages(blank)[0])
