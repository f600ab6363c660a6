"""DGUTS ship data sheets and cards."""

from __future__ import annotations

import re

import pytest

from tests.pdf.conftest import SHIP_B, damaged_game, pages, run, text, training_numbers, x_marks
from umpire.core import game as gamefile

def test_training_game_data_sheet_numbers(tmp_path):
    scen = tmp_path / "training.toml"
    scen.write_text(SHIP_B)
    out = tmp_path / "b.pdf"
    assert run("sheet", "--scenario", scen, "-o", out).exit_code == 0
    got = pages(out)
    assert len(got) == 2                       # the sheet, and the turn log's continuation (30 turns at least)
    assert "continued, page 2" in text(got[1])
    page = text(got[0])
    want = training_numbers()
    assert f"{', '.join(want['masts'])} points high" in page            # 87, 174, 261
    assert f"{want['cf_value'][0]} points low per CF" in page          # 48.3
    assert f"every {want['tenth'][0]} points low" in page              # 58
    for expected in ("Ship B", "580", "III (warship)", "254 men, 12 CF", "29 points high per sail, 10 sails",
                     "24#C", "12#", "carronade", "long gun", "Bow chaser 12#"):
        assert expected in page, expected
    assert x_marks(got[0]) == 0


def test_scenario_cards_and_cover(tmp_path):
    out = tmp_path / "dg.pdf"
    assert run("sheet", "--scenario", "dguts-constitution-guerriere", "-o", out).exit_code == 0
    got = pages(out)
    assert len(got) == 4                       # a duel: the briefing is on the sheets, no cover; each
    assert "Constitution" in text(got[0]) and "Guerriere" in text(got[2])   # with its log's continuation
    assert "236.7, 473.4, 710.1 points high" in text(got[0])
    cards = tmp_path / "dgc.pdf"
    assert run("cards", "--scenario", "dguts-constitution-guerriere", "-o", cards).exit_code == 0
    card_pages = pages(cards)
    assert len(card_pages) == 1
    assert "Constitution" in text(card_pages[0]) and "Guerriere" in text(card_pages[0])
    for cmd in ("sheet", "cards"):
        letter = tmp_path / f"{cmd}-letter.pdf"
        assert run(cmd, "--scenario", "dguts-constitution-guerriere", "--paper", "letter", "-o", letter).exit_code == 0
        assert {(round(float(p.mediabox.width), 1), round(float(p.mediabox.height), 1)) for p in pages(letter)} == \
            {(612.0, 792.0)}



def test_game_sheet_crosses_the_rungs_reached(umpire, tmp_path):
    from umpire import pdf

    path = damaged_game(umpire, tmp_path)
    g = gamefile.load(path)
    views = {v.ship_id: v for v in pdf.sheet_views(pdf.fleet_from_game(g, g.state()))}
    guer = views["guerriere"]
    assert [r.crossed for r in guer.ladder("Aloft").rungs] == [True] * 4 + [False] * 6
    assert [r.crossed for r in guer.ladder("Crew").rungs] == [True] * 2 + [False] * 8
    assert [r.current for r in guer.ladder("Morale").rungs] == [False, False, True, False, False, False]
    assert guer.crossed == 6 and views["constitution"].crossed == 0
    assert [(r.turn, r.high, r.low, r.notes) for r in guer.log] == [("1", "300", "290", ""),
                                                                    ("2", "", "", "morale shaken")]

    out, blank = tmp_path / "g.pdf", tmp_path / "blank.pdf"
    assert run("--game", path, "sheet", "guerriere", "-o", out).exit_code == 0
    assert run("--game", path, "sheet", "guerriere", "--blank", "-o", blank).exit_code == 0
    page = pages(out)[0]
    assert x_marks(page) == 6 and x_marks(pages(blank)[0]) == 0
    assert "damage: 300 high, 290 low" in text(page) and "left at Guerriere" not in text(page)
    con = tmp_path / "c.pdf"
    assert run("--game", path, "sheet", "constitution", "-o", con).exit_code == 0
    assert "left at Guerriere" in text(pages(con)[0])
    cards = tmp_path / "cards.pdf"
    assert run("--game", path, "cards", "-o", cards).exit_code == 0
    assert x_marks(pages(cards)[0]) == 6


def test_fire_factors_print_as_the_rules_write_them():
    from umpire.pdf.dguts.views import frac

    assert [frac(v) for v in (7.333333, 7.5, 0.5, 12, 2.6666667, 3.14159)] == \
        ["7 1/3", "7 1/2", "1/2", "12", "2 2/3", "3.1"]      # no fraction of the rules: one decimal


def test_sheet_shows_fractions_not_decimals(tmp_path):
    import re

    out = tmp_path / "dg.pdf"
    assert run("sheet", "--scenario", "dguts-constitution-guerriere", "-o", out).exit_code == 0
    page = text(pages(out)[0])
    table = page.split("Per side")[1].split("Bow chaser")[0]
    assert not re.search(r"\d\.\d", table), table


def logged_turns(pdf, ship_id: str) -> list[int]:
    """The turn numbers printed down the log of one ship's sheet and its continuation pages."""
    out = []
    for page in pages(pdf):
        lines = text(page).split("\n")
        if not any(f"id {ship_id}" in line for line in lines) or "Notes" not in lines:
            continue
        log = lines[len(lines) - lines[::-1].index("Notes"):]        # what follows the log's headings
        out += [int(line) for line in log if line.strip().isdigit()]
    return out


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_duel_sheet_holds_a_whole_game_of_turns(tmp_path, paper):
    """At least 30 turn rows a ship, the briefing and ladders taking most of the first page."""
    out = tmp_path / "d.pdf"
    assert run("sheet", "--scenario", "dguts-constitution-guerriere", "--paper", paper, "-o", out).exit_code == 0
    for ship in ("constitution", "guerriere"):
        turns = logged_turns(out, ship)
        assert len(turns) >= 30 and turns[:30] == list(range(1, 31)), (ship, turns[:40])


def test_blank_scenario_sheets_carry_the_starting_damage_and_what_to_supply(tmp_path):
    """Essex starts with 8 SF aloft (two sails crossed, as `status` has her); Phoebe's armament is
    mostly lost from the text: no rate worked out from one gun, and a note to supply the rest."""
    out = tmp_path / "ep.pdf"
    assert run("sheet", "--scenario", "dguts-essex-phoebe", "-o", out).exit_code == 0
    got = pages(out)
    essex = next(p for p in got if "id essex" in text(p) and "Aloft" in text(p))
    assert "8 of 10 sails aloft at the start" in text(essex) and "at the start: 85 high, 0 low" in text(essex)
    assert x_marks(essex) == 2
    assert "Has 8 SF aloft" in text(essex)                          # her scenario note, whole
    phoebe = " ".join(text(next(p for p in got if "id phoebe" in text(p) and "Aloft" in text(p))).split())
    assert "Rate ____ (her armament is incomplete in the text)" in phoebe
    assert "Before play: all but one entry of her armament illegible in the text; supply them." in phoebe
    assert "supply the rest before play" in phoebe and "one per 926 points low" not in phoebe
    cherub = " ".join(text(next(p for p in got if "id cherub" in text(p) and "Aloft" in text(p))).split())
    assert "two carronade entries of her armament illegible" in cherub
    assert all(x_marks(p) == 0 for p in got if "id essex-jr" in text(p))


def test_a_fleet_level_sheet_shows_the_fleet_points_and_what_is_left(tmp_path):
    """Fleet Action Rules, Notes on Values: a fleet-level ship fights with her fleet points; the sheet
    prints them, and in a game what damage from every cause has left of them (the same numbers the
    rules read: rules/dguts/fleet.py)."""
    from umpire.rules.dguts.fleet import fleet_left, fleet_values
    from tests.conftest import CONSTITUTION, GUERRIERE

    game = tmp_path / "f.toml"
    for args in (["new", game, "--ruleset", "dguts", "--level", "fleet", "--seed", "3"],
                 ["--game", game, "ship", "add", "Constitution", "--side", "american", *CONSTITUTION],
                 ["--game", game, "ship", "add", "Guerriere", "--side", "british", *GUERRIERE],
                 ["--game", game, "fire", "constitution", "--at", "guerriere", "--range", "3", "--side", "port",
                  "--rolls", "1,1"]):          # 200 mast, 200 crew on the fleet table
        assert run(*args).exit_code == 0, args
    out = tmp_path / "f.pdf"
    assert run("--game", game, "sheet", "guerriere", "-o", out).exit_code == 0
    page = " ".join(text(p) for p in pages(out))
    g = gamefile.load(game).state()["ships"]["guerriere"]
    points, left = fleet_values(g["values"])["points"], fleet_left(g["values"], g["track"])
    assert f"fleet points: fire {points['fire']}, carronade {points['carronade']}, crew {points['crew']}" in page
    assert f"fleet points left: fire {left['fire']}, carronade {left['carronade']}" in page
    assert left != {**points, "masts": left["masts"]}                    # the fire took some
    blank = tmp_path / "b.pdf"
    assert run("--game", game, "sheet", "guerriere", "--blank", "-o", blank).exit_code == 0
    blank_text = " ".join(text(p) for p in pages(blank))
    assert "fleet points: fire" in blank_text and "fleet points left" not in blank_text
