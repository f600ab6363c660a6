"""The fleet's cover: names whole (wrapped, not shrunk or cut), carronades beside the guns, and a
warning that names the ship it is about."""

from __future__ import annotations

from tests.pdf.conftest import font_sizes, pages, run, text


def test_trafalgar_s_cover_names_the_unplaced_ship_and_prints_every_id_whole(tmp_path):
    out = tmp_path / "t.pdf"
    assert run("sheet", "--scenario", "wsim-3b", "-o", out).exit_code == 0
    covers = [p for p in pages(out) if "cover " in text(p)]
    everything = "\n".join(text(p) for p in covers)
    assert "DREADNAUGHT has no starting hex: the umpire places her" in everything
    assert "1 of 57" not in everything
    assert "\u2026" not in everything                                   # nothing shortened
    assert "san-juan-de-\nnepomuceno" in everything or "san-juan-de-nepomuceno" in everything
    for page in covers:
        assert min(font_sizes(page)) >= 6.5                            # the list's text is not shrunk to fit


def test_the_cover_counts_carronades_beside_the_guns(tmp_path):
    out = tmp_path / "t.pdf"
    assert run("sheet", "--scenario", "wsim-3b", "-o", out).exit_code == 0
    cover = " ".join(" ".join(text(p).split()) for p in pages(out) if "cover " in text(p))
    assert "guns+carr. L/R" in cover
    assert "scipion SCIPION S.O.L. Average (AV) 10+1/10+1" in cover
    assert "neptuno NEPTUNO S.O.L. Green (GR) 10/10" in cover            # a ship with no carronades
