"""The after-action report PDF is set in the shipped DejaVu fonts, embedded: a Cyrillic or Greek
name prints and copies out, and no page names a font the file does not hold."""

from __future__ import annotations

from tests.pdf.conftest import MARS, fonts_of, pages, text


def test_report_pdf_embeds_every_font(umpire, tmp_path):
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-1981").code == 0
    assert umpire("ship", "add", "АЗОВ", "--id", "azov", "--side", "russian", "--spec", MARS).code == 0
    res = umpire("report", "-o", tmp_path / "r.pdf")
    assert res.code == 0, res.err
    fonts = fonts_of(tmp_path / "r.pdf")
    assert fonts and all("DejaVu" in str(f["/BaseFont"]) for f in fonts)
    assert any("Mono" in str(f["/BaseFont"]) for f in fonts)          # the fixed-width fleet lines


def test_any_name_prints_and_copies_out(tmp_path):
    from umpire.pdf.report import write_pdf

    write_pdf(tmp_path / "r.pdf", "# АЗОВ и ΕΛΛΑΣ\n\n- **ORZEŁ** struck\n\n```\nazov  АЗОВ  hull 3/14\n```\n")
    everything = "".join(text(p) for p in pages(tmp_path / "r.pdf"))
    for name in ("АЗОВ", "ΕΛΛΑΣ", "ORZEŁ"):
        assert name in everything, name
