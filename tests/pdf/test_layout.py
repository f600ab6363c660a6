"""Layouts from templates/*.toml: loaded, converted to points, and refused when wrong."""

from __future__ import annotations

import pytest

from umpire.core.errors import BadInput
from umpire.pdf import layout as lay
from umpire.pdf.dguts.layout import DgutsCardLayout, DgutsSheetLayout
from umpire.pdf.fonts import font_names
from umpire.pdf.paging import Span, card_grid, chunks, grid_capacity, spans
from umpire.pdf.wsim.layout import WsimCardLayout, WsimSheetLayout

KINDS = (WsimSheetLayout, WsimCardLayout, lay.CoverLayout, DgutsSheetLayout, DgutsCardLayout)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("paper", ["a4", "letter", "A4"])
def test_every_bundled_layout_loads_on_every_paper(kind, paper):
    got = lay.load_layout(kind, paper)
    assert got.paper.name == paper.lower()
    assert got.fonts.regular in font_names() and got.fonts.bold in font_names()
    assert got.fonts.min_size >= lay.SMALLEST_TEXT


def test_lengths_are_millimetres_turned_into_points():
    a4 = lay.load_paper("a4")
    assert a4.width == pytest.approx(595.28, abs=0.01) and a4.height == pytest.approx(841.89, abs=0.01)
    sheet = lay.load_layout(WsimSheetLayout, "a4")
    assert sheet.page.margin == pytest.approx(12 * lay.MM)
    assert sheet.fonts.title == 16.0            # points, unconverted
    assert sheet.boxes.per_row == 25            # a count, unconverted


def test_paper_names_come_from_the_template():
    assert lay.paper_names() == ["a4", "letter"]
    with pytest.raises(BadInput, match="paper 'a5': use one of a4, letter"):
        lay.load_paper("a5")


def _template(tmp_path, monkeypatch, name: str, text: str) -> None:
    (tmp_path / f"{name}.toml").write_text(text)
    real = lay.template_path
    monkeypatch.setattr(lay, "template_path", lambda n: tmp_path / f"{n}.toml" if n == name else real(n))


def _bundled(name: str) -> str:
    return lay.template_path(name).read_text()


def test_a_missing_key_is_named(tmp_path, monkeypatch):
    _template(tmp_path, monkeypatch, "wsim-card", _bundled("wsim-card").replace("per_row = 11\n", ""))
    with pytest.raises(BadInput, match=r"\[boxes\] lacks 'per_row'"):
        lay.load_layout(WsimCardLayout, "a4")


def test_a_wrong_type_is_named(tmp_path, monkeypatch):
    _template(tmp_path, monkeypatch, "wsim-card", _bundled("wsim-card").replace("width = 63.0", 'width = "wide"'))
    with pytest.raises(BadInput, match=r"\[card\] width: expected a number"):
        lay.load_layout(WsimCardLayout, "a4")


def test_an_unknown_font_is_refused(tmp_path, monkeypatch):
    _template(tmp_path, monkeypatch, "cover", _bundled("cover").replace('regular = "DejaVuSansCondensed"',
                                                                         'regular = "Comic"'))
    with pytest.raises(BadInput, match="font 'Comic' is not in .*fonts; use one of DejaVuSansCondensed"):
        lay.load_layout(lay.CoverLayout, "letter")


def test_text_under_six_points_is_refused(tmp_path, monkeypatch):
    _template(tmp_path, monkeypatch, "wsim-card", _bundled("wsim-card").replace("min_size = 6.0", "min_size = 4.5"))
    with pytest.raises(BadInput, match=r"\[fonts\] min_size 4.5 pt is under the smallest printed text, 6 pt"):
        lay.load_layout(WsimCardLayout, "a4")


def test_a_layout_too_wide_for_the_paper_is_refused(tmp_path, monkeypatch):
    _template(tmp_path, monkeypatch, "wsim-sheet", _bundled("wsim-sheet").replace("per_row = 25", "per_row = 40"))
    with pytest.raises(BadInput, match=r"per_row boxes need 2.*mm but a4 paper leaves 186.0 mm"):
        lay.load_layout(WsimSheetLayout, "a4")


def test_a_missing_section_is_named(tmp_path, monkeypatch):
    text = _bundled("dguts-card").split("[ladder]")[0]
    _template(tmp_path, monkeypatch, "dguts-card", text)
    with pytest.raises(BadInput, match=r"section \[ladder\] is missing"):
        lay.load_layout(DgutsCardLayout, "a4")


# --- paging ------------------------------------------------------------------------

def test_spans_fill_the_first_page_then_continue():
    assert spans(10, 44, 80) == (Span(0, 44),)
    assert spans(50, 44, 80) == (Span(0, 44), Span(44, 124))
    assert spans(200, 0, 80) == (Span(0, 0), Span(0, 80), Span(80, 160), Span(160, 240))
    assert len(Span(44, 124)) == 80


def test_grid_capacity_and_card_grid():
    assert grid_capacity(height=100, header=8, row=5, across=2) == 36      # 18 rows a column
    assert grid_capacity(height=5, header=8, row=5, across=2) == 0
    from umpire.pdf.cards import card_room

    a4 = lay.load_layout(WsimCardLayout, "a4")
    assert card_grid(*card_room(a4), a4.card.width, a4.card.height) == (3, 3)
    letter = lay.load_layout(WsimCardLayout, "letter")
    assert card_grid(*card_room(letter), letter.card.width, letter.card.height) == (3, 3)


def test_chunks():
    assert chunks(20, 9) == (Span(0, 9), Span(9, 18), Span(18, 20))
    assert chunks(0, 9) == (Span(0, 0),)
