"""Cards a printer does not clip, and a 100-gun ship's squares whole on their labelled rows."""

from __future__ import annotations

import re

import pytest

from tests.pdf.conftest import pages, run, stream, text

MM = 72 / 25.4
SPEC_100 = "17H-(5-5-4)M-11(1)G-8R(3)-5-22'-33(EL)"      # VICTORY at Trafalgar
TEXT_AT = re.compile(rb"BT 1 0 0 1 ([-\d.]+) ([-\d.]+) Tm /F\d+\+?\d* ([\d.]+) Tf")
SQUARE = re.compile(rb"([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) re")
DESCENT = 0.24       # DejaVu Sans Condensed's descent, of the font size


def squares(page) -> list[tuple[float, float, float]]:
    """(x, y, size) of every square drawn on a page."""
    out = []
    for m in SQUARE.findall(stream(page)):
        x, y, w, h = map(float, m)
        if abs(w - h) < 0.01 and w < 20:
            out.append((x, y, w))
    return out


def big_ships(umpire, tmp_path):
    game = tmp_path / "g.toml"
    assert umpire("new", game, "--ruleset", "wsim-1981", "--level", "advanced", "--seed", "2").code == 0
    for name in ("VICTORY", "SANTISIMA TRINIDAD"):
        res = umpire("--game", game, "ship", "add", name, "--side", name.split()[0].lower(), "--spec", SPEC_100,
                     "--class", "SOL", "--turning", "1")
        assert res.code == 0, res.err
    return game


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("ruleset", ["wsim-1981", "dguts"])
def test_the_card_footer_stands_six_millimetres_from_the_paper_s_edge(umpire, tmp_path, paper, ruleset):
    out = tmp_path / "c.pdf"
    scenario = "wsim-1b" if ruleset == "wsim-1981" else "dguts-constitution-guerriere"
    assert run("cards", "--scenario", scenario, "--paper", paper, "-o", out).exit_code == 0
    for page in pages(out):
        lowest = min(float(y) - DESCENT * float(size) for _, y, size in TEXT_AT.findall(stream(page)))
        assert lowest >= 6 * MM, lowest / MM
        assert "umpire -" in text(page)


def test_a_100_gun_ship_keeps_every_square_on_a_labelled_row_at_2_8_mm(umpire, tmp_path):
    game = big_ships(umpire, tmp_path)
    out = tmp_path / "c.pdf"
    assert run("--game", game, "cards", "-o", out).exit_code == 0
    page = pages(out)[0]
    got = squares(page)
    assert min(size for _, _, size in got) >= 2.8 * MM - 0.01
    card = text(page)
    assert card.count("L bow") == 2 and "+ Carr." in card          # the carronades beside each gun section
    first_card = min(x for x, _, _ in got) + 63 * MM
    rows = {round(y, 1) for x, y, _ in got if x < first_card}      # the first card's lines of squares
    # hull 26 (three lines of 12), crew 3 sections, guns with their carronades 4, rigging 3
    assert len(rows) == 3 + 3 + 4 + 3, sorted(rows)
