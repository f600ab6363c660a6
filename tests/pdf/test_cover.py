"""The fleet's cover: names whole (wrapped, not shrunk or cut), carronades beside the guns, and a
warning that names the ship it is about."""

from __future__ import annotations

from tests.pdf.conftest import font_sizes


def test_trafalgar_s_cover_names_the_unplaced_ship_and_prints_every_id_whole(trafalgar_sheets):
    printed = trafalgar_sheets
    covers = [p for p, t in zip(printed.pages, printed.texts) if "cover " in t]
    everything = "\n".join(t for t in printed.texts if "cover " in t)
    assert "DREADNAUGHT has no starting hex: the umpire places her" in everything
    assert "1 of 57" not in everything
    assert "\u2026" not in everything                                   # nothing shortened
    assert "san-juan-de-\nnepomuceno" in everything or "san-juan-de-nepomuceno" in everything
    for page in covers:
        assert min(font_sizes(page)) >= 6.5                            # the list's text is not shrunk to fit


def test_the_cover_counts_carronades_beside_the_guns(trafalgar_sheets):
    cover = " ".join(" ".join(t.split()) for t in trafalgar_sheets.texts if "cover " in t)
    assert "guns+carr. L/R" in cover
    assert "scipion SCIPION S.O.L. Average (AV) 10+1/10+1" in cover
    assert "neptuno NEPTUNO S.O.L. Green (GR) 10/10" in cover            # a ship with no carronades
