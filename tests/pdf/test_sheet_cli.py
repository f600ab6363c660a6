"""`umpire sheet` and `umpire cards`: pages, contents, determinism, paper, crossed squares."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.pdf.conftest import HERCULE, MARS, pages, run, stream, text, x_marks

MM = 72 / 25.4


def sheet(game: Path, out: Path, *extra: str) -> list:
    res = run("--game", game, "--json", "sheet", *extra, "-o", out)
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    got = pages(out)
    assert data["pages"] == len(got)
    return got


# --- one ship, a fleet, a scenario -------------------------------------------------

def test_one_ship_is_one_page_with_its_numbers(battle, tmp_path):
    got = sheet(battle, tmp_path / "mars.pdf", "mars")
    assert len(got) == 1
    page = text(got[0])
    for expected in ("MARS", "S.O.L.", "Crack (CR)", MARS, "21'", "26 points", "turning 1",
                     "9 Hull", "10 Crew", "11 Guns", "12 Carronades", "13 Rigging", "14 Load", "15 Move",
                     "16 Notes", "british side"):
        assert expected in page, expected


def test_movement_chart_lines_4_to_7(battle, tmp_path):
    """Battle sail 3 and full sail 5 charts: A 3 (5), B 2 (4), C 1 (2), D 0 (0)."""
    page = text(sheet(battle, tmp_path / "m.pdf", "mars")[0])
    chart = {m[1]: (m[2], m[3]) for m in re.finditer(r"[4-7]\s+([ABCD])\s+(\d+)\s+\((\d+)\)", page)}
    assert chart == {"A": ("3", "5"), "B": ("2", "4"), "C": ("1", "2"), "D": ("0", "0")}
    assert [m[1] for m in re.finditer(r"([4-7])\s+[ABCD]\s", page)] == ["4", "5", "6", "7"]


def test_a_duel_has_no_cover_page_one_sheet_per_ship_in_set_up_order(battle, tmp_path):
    got = sheet(battle, tmp_path / "fleet.pdf")
    assert len(got) == 2
    assert "MARS" in text(got[0]) and "HERCULE" in text(got[1])
    assert "cover" not in text(got[0])


def test_scenario_prints_every_ship_blank(trafalgar_sheets):
    data = json.loads(trafalgar_sheets.output)
    got, texts = trafalgar_sheets.pages, trafalgar_sheets.texts
    assert data["ships"] == 57
    cover_pages = [t for t in texts if "cover 1/" in t or "cover 2/" in t]
    assert len(got) == len(cover_pages) + 57
    everything = "".join(texts)
    for name in ("VICTORY", "ROYAL SOVEREIGN", "SANTISSIMA TRINIDAD", "BUCENTAURE", "REDOUBTABLE"):
        assert name in everything, name
    assert all(x_marks(p) == 0 for p in got)


def test_scenario_ships_can_be_picked_by_prefix(tmp_path):
    out = tmp_path / "two.pdf"
    res = run("--json", "sheet", "bucent", "victory", "--scenario", "trafalgar", "-o", out)
    assert res.exit_code == 0, res.output
    got = pages(out)
    # a duel: no cover, the briefing is on the sheets (Trafalgar's is long: each log takes two pages)
    assert not any("cover" in text(p) for p in got)
    # the scenario's order of battle: the British side first, as the scenario lists its sides
    firsts = [text(p).split("\n")[0] for p in got]
    assert firsts.index("VICTORY") < firsts.index("BUCENTAURE")
    for name in ("VICTORY", "BUCENTAURE"):
        page = text(got[firsts.index(name)])
        assert "Victory" in page and "Light Breeze" in page and "20 turns" in page


def test_first_edition_scenario_is_played_with_its_own_rules(tmp_path):
    out = tmp_path / "1b.pdf"
    assert run("sheet", "--scenario", "wsim-1b", "-o", out).exit_code == 0
    assert "played with the" not in text(pages(out)[0])


# --- determinism, markup, paper ------------------------------------------------------

def test_same_input_gives_the_same_bytes(battle, tmp_path):
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    sheet(battle, a)
    sheet(battle, b)
    assert a.read_bytes() == b.read_bytes()


def test_same_bytes_from_separate_processes(tmp_path):
    outs = []
    for name in ("p1.pdf", "p2.pdf"):
        out = tmp_path / name
        subprocess.run([sys.executable, "-m", "umpire", "cards", "--scenario", "wsim-1b", "-o", str(out)],
                       check=True, capture_output=True, cwd=Path(__file__).resolve().parents[2])
        outs.append(out.read_bytes())
    assert outs[0] == outs[1]


def test_markup_hostile_names_print_exactly(umpire, tmp_path):
    game = tmp_path / "game.toml"
    assert umpire("new", game, "--ruleset", "wsim-1981").code == 0
    name = "O'Brien & <Sons>"
    assert umpire("ship", "add", name, "--side", "<b>rebels</b>", "--id", "obrien", "--spec", MARS).code == 0
    assert umpire("ship", "add", "Amp&amp;", "--side", "french", "--spec", HERCULE).code == 0
    for cmd in ("sheet", "cards"):
        out = tmp_path / f"{cmd}.pdf"
        assert run("--game", game, cmd, "-o", out).exit_code == 0
        everything = "".join(text(p) for p in pages(out))
        assert name in everything and "<b>rebels</b>" in everything and "Amp&amp;" in everything


@pytest.mark.parametrize("paper, width_mm, height_mm", [("a4", 210, 297), ("letter", 215.9, 279.4)])
def test_paper_sizes(battle, tmp_path, paper, width_mm, height_mm):
    for cmd in ("sheet", "cards"):
        out = tmp_path / f"{cmd}-{paper}.pdf"
        assert run("--game", battle, cmd, "--paper", paper, "-o", out).exit_code == 0
        for page in pages(out):
            box = page.mediabox
            assert float(box.width) == pytest.approx(width_mm * MM, abs=0.01)
            assert float(box.height) == pytest.approx(height_mm * MM, abs=0.01)


# --- damage from a game in progress --------------------------------------------------

def test_game_sheet_crosses_the_squares_lost(battle, tmp_path):
    """After two turns of the worked duel (docs/worked-duel.md): HERCULE has lost 3 hull,
    1 gun and 1 carronade on the right and 3 rigging squares; MARS 3 hull, 2 guns and
    1 carronade on the left."""
    from umpire import pdf
    from umpire.core import game as gamefile

    g = gamefile.load(battle)
    views = {v.ship_id: v for v in pdf.sheet_views(pdf.fleet_from_game(g, g.state()))}
    her, mars = views["hercule"], views["mars"]
    assert [t.crossed for t in her.group(9).tracks] == [3]
    assert [t.crossed for t in her.group(11).tracks] == [0, 1]
    assert [t.crossed for t in her.group(12).tracks] == [0, 1]
    assert [t.crossed for t in her.group(13).tracks] == [3, 0, 0]
    assert her.crossed == 8
    assert [t.crossed for t in mars.group(11).tracks] == [2, 0]
    assert [t.crossed for t in mars.group(12).tracks] == [1, 0]
    assert mars.crossed == 6

    game_pdf, blank_pdf = tmp_path / "game.pdf", tmp_path / "blank.pdf"
    game_pages = sheet(battle, game_pdf, "hercule")
    blank_pages = sheet(battle, blank_pdf, "hercule", "--blank")
    assert x_marks(game_pages[0]) == 8
    assert x_marks(blank_pages[0]) == 0
    assert stream(game_pages[0]) != stream(blank_pages[0])
    # the same number of squares is drawn either way: only the X marks are added
    assert stream(game_pages[0]).count(b" re") == stream(blank_pages[0]).count(b" re")


def test_game_sheet_fills_the_load_column_from_the_journal(battle, tmp_path):
    """MARS fired her left broadside in turns 1 and 2 and reloaded it at the end of each."""
    from umpire import pdf
    from umpire.core import game as gamefile

    g = gamefile.load(battle)
    mars = next(v for v in pdf.sheet_views(pdf.fleet_from_game(g, g.state())) if v.ship_id == "mars")
    assert [(r.turn, r.left, r.right) for r in mars.turns] == [("1", "/R", ""), ("2", "/R", "")]
    page = text(sheet(battle, tmp_path / "m.pdf", "mars")[0])
    assert "/" not in page.split("16 Notes")[1].split("umpire -")[0]   # slashes are drawn, not typed


def test_load_column_in_the_rule_books_notation():
    """R at the turn loaded; a slash through the last R of a broadside when it fires (Basic VIII.A.6)."""
    from umpire.pdf.wsim.views import TurnRow, grid_rows

    mars = _view_with_turns((TurnRow("1", "/R", "", "", ""), TurnRow("2", "/R", "/", "", ""),
                             TurnRow("4", "R", "", "", "")))
    rows = grid_rows(mars, 6)
    assert [(r.turn, r.left, r.left_fired, r.right, r.right_fired) for r in rows] == [
        ("start", "R", True, "R", True), ("1", "R", True, "", False), ("2", "R", False, "", False),
        ("3", "", False, "", False), ("4", "R", False, "", False), ("5", "", False, "", False)]


def _view_with_turns(turns):
    import dataclasses

    from umpire.pdf import fleet_from_scenario, sheet_views

    view = sheet_views(fleet_from_scenario("wsim-1b", ["mars"]))[0]
    return dataclasses.replace(view, turns=turns, load_mark="R")   # the 1981 notation (1974 writes B)


def test_load_slashes_are_drawn_through_the_r(battle, tmp_path):
    got = sheet(battle, tmp_path / "m.pdf", "mars")
    game_stream = stream(got[0])
    blank = stream(sheet(battle, tmp_path / "b.pdf", "mars", "--blank")[0])
    # start row left and turn 1 left are fired: two slashes more than the blank sheet's none
    slash = re.compile(rb"n [\d.]+ [\d.]+ m [\d.]+ [\d.]+ l S")
    assert len(slash.findall(game_stream)) - len(slash.findall(blank)) == 2


def test_cards_cross_the_same_squares(battle, tmp_path):
    out = tmp_path / "cards.pdf"
    assert run("--game", battle, "cards", "-o", out).exit_code == 0
    got = pages(out)
    assert len(got) == 1
    assert x_marks(got[0]) == 8 + 6
    assert b" d" in stream(got[0])            # dashed cut lines
    assert "MARS" in text(got[0]) and "HERCULE" in text(got[0])


def test_cards_fit_nine_to_a_page(trafalgar_cards):
    assert json.loads(trafalgar_cards.output)["pages"] == len(trafalgar_cards.pages) == 7      # 57 ships, 9 a page


# --- bad input -----------------------------------------------------------------------

def test_bad_input_exits_2_with_one_line(umpire, battle, tmp_path):
    cases = [
        ("sheet", "-o", tmp_path / "x.pdf", "--paper", "a3"),
        ("sheet", "nelson", "-o", tmp_path / "x.pdf"),
        ("sheet", "--scenario", "no-such-scenario", "-o", tmp_path / "x.pdf"),
        ("sheet", "-o", tmp_path / "missing" / "x.pdf"),
        ("--game", tmp_path / "none.toml", "cards", "-o", tmp_path / "x.pdf"),
        ("cards", "--scenario", tmp_path / "empty.toml", "-o", tmp_path / "x.pdf"),   # no set-up printed
    ]
    (tmp_path / "empty.toml").write_text('format = 1\nid = "empty"\nruleset = "wsim-1974"\ntitle = "No set-up"\n')
    for args in cases:
        res = umpire(*args)
        assert res.code == 2, (args, res.err)
        assert res.err.startswith("umpire: error:") and res.err.count("\n") == 1, res.err
    assert "a4, letter" in umpire(*cases[0]).err


def test_cli_module_does_not_import_reportlab():
    code = ("import sys; import umpire.cli.printing; "
            "print([m for m in ('reportlab', 'umpire.pdf') if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).resolve().parents[2]).stdout
    assert out.strip() == "[]"
