"""What the data sheets and cards print beyond the basic figures: the DGUTS Single-Ship Rules'
items (rule K: "Note the SAILING CLASS, WEATHERLINESS, FIRING SPEED, DISMOUNTED GUNS ... on the
front of the form"), the base speed where it is known, card words and headings printed whole,
card pages numbered n/N, and a WS&IM turning ability left blank when the set-up does not give it."""

from __future__ import annotations

import re

from tests.pdf.conftest import HERCULE, MARS, damaged_game, pages, text
from umpire.core import game as gamefile
from umpire.core.state import Resolution, set_

DUEL = "dguts-constitution-guerriere"


def _page(umpire, tmp_path, *args) -> list[str]:
    out = tmp_path / "out.pdf"
    res = umpire(*args, "-o", out)
    assert res.code == 0, res.err
    return [text(p) for p in pages(out)]


def test_dguts_sheet_notes_the_single_ship_items(umpire, tmp_path):
    page = _page(umpire, tmp_path, "sheet", "constitution", "--scenario", DUEL)[0]
    assert "Sailing class" in page and "C (+0% speed)" in page
    assert "Weatherliness" in page and "3: 4 points off the wind at the closest" in page
    assert "Firing speed" in page and "against her enemy (e.g. 3:2)" in page
    assert "Guns dismounted" in page and "one per 30.3 points low" in page          # 1576 tons / 52 guns
    assert "______ in. (by wind force)" in page                                     # no wind: written in


def test_base_speed_at_the_games_wind_force(umpire, tmp_path):
    game = tmp_path / "game.toml"
    assert umpire("new", game, "--scenario", DUEL).code == 0
    assert umpire("wind", "set", "--from", "S", "--force", "6").code == 0
    sheets = _page(umpire, tmp_path, "sheet")
    assert "11 in. at wind force 6 (default reading)" in sheets[0]            # Class IV: lost from the text
    assert umpire("rulings", "set", "speed.base_speed.4.6", "10.5").code == 0
    assert "10.5 in. at wind force 6" in _page(umpire, tmp_path, "sheet")[0]


def test_the_text_s_own_base_speed_is_not_called_a_reading(umpire, tmp_path):
    # Class III at Force 6: 12" (the Training Game)
    from umpire.pdf.dguts.views import base_speed_text
    from umpire.rules.dguts.tables import load_tables

    assert base_speed_text({"class": 3}, load_tables(), 6) == "12 in. at wind force 6"
    assert base_speed_text({"class": 3}, load_tables(), None) == "______ in. (by wind force)"
    assert base_speed_text({"class": 3}, load_tables({}, strict=True), 7) == "______ in. (wind force 7)"


def test_dismounted_guns_out_now_from_a_game(umpire, tmp_path):
    path = damaged_game(umpire, tmp_path)
    g = gamefile.load(path)
    g.record(Resolution("fire", "guns dismounted", [set_(["ships", "guerriere", "track", "guns_dismounted"], 3)]),
             {"command": "fire", "ship": "constitution", "at": "guerriere", "opts": {"side": "left"}})
    gamefile.save(g)
    page = _page(umpire, tmp_path, "--game", path, "sheet", "guerriere")[0]
    assert "one per 26.8 points low; 3 out now" in page                       # 1338 tons / 50 guns


def test_dguts_cards_print_headings_and_morale_words_whole(umpire, tmp_path):
    got = _page(umpire, tmp_path, "cards", "--scenario", DUEL)
    card = got[0]
    for word in ("Fire factors", "Per side", "flushed", "normal", "shaken", "disorder", "routed", "surrendered",
                 "sailing C", "weatherliness 3", "a gun out per 30.3 low"):
        assert word in card, word
    assert "\u2026" not in card


def test_card_pages_are_numbered_n_of_n(umpire, tmp_path, trafalgar_cards):
    got = trafalgar_cards.texts
    assert len(got) > 2
    for n, page in enumerate(got, 1):
        assert re.search(rf"\b{n}/{len(got)}\s*$", page), (n, page[-80:])
    duel = _page(umpire, tmp_path, "cards", "--scenario", DUEL)
    assert len(duel) == 1 and duel[0].rstrip().endswith("1/1")


def test_wsim_turning_is_blank_when_not_given(umpire, tmp_path):
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-1981").code == 0
    assert umpire("ship", "add", "Swift", "--side", "b", "--spec", MARS, "--class", "F").code == 0
    assert umpire("ship", "add", "Dart", "--side", "f", "--spec", HERCULE, "--class", "SOL", "--turning", "1").code == 0
    sheet = _page(umpire, tmp_path, "sheet", "swift")[0]
    assert "Swift \u2013 Frigate (F) \u2013 turning ____" in sheet               # as given: no class by size
    assert not re.search(r"turning [0-9]", sheet)
    cards = _page(umpire, tmp_path, "cards")[0]
    assert "turning ____" in cards and "turning 1" in cards
