"""Embedded TrueType fonts: any Unicode name prints, copies out of the PDF, and nothing is under 6 pt."""

from __future__ import annotations

from tests.pdf.conftest import HERCULE, MARS, font_sizes, fonts_of, pages, run, text

NAMES = {"azov": "АЗОВ", "ellas": "ΕΛΛΑΣ", "orzel": "ORZEŁ ŻÓŁTY"}


def unicode_game(tmp_path):
    game = tmp_path / "g.toml"
    assert run("new", game, "--ruleset", "wsim-1981", "--seed", "3").exit_code == 0
    for sid, name in NAMES.items():
        res = run("--game", game, "ship", "add", name, "--id", sid, "--side", "russian", "--spec", MARS)
        assert res.exit_code == 0, res.output
    return game


def test_unicode_names_print_and_copy_out(tmp_path):
    game = unicode_game(tmp_path)
    for cmd in ("sheet", "cards"):
        out = tmp_path / f"{cmd}.pdf"
        assert run("--game", game, cmd, "-o", out).exit_code == 0
        everything = "".join(text(p) for p in pages(out))
        for name in NAMES.values():
            assert name in everything, (cmd, name)


def test_every_font_is_embedded_truetype(tmp_path):
    game = unicode_game(tmp_path)
    for cmd in ("sheet", "cards"):
        out = tmp_path / f"{cmd}.pdf"
        assert run("--game", game, cmd, "-o", out).exit_code == 0
        fonts = fonts_of(out)
        assert fonts
        for font in fonts:
            assert font["/Subtype"] == "/Type0" or font["/Subtype"] == "/TrueType", font
            descendants = font.get("/DescendantFonts")
            desc = (descendants[0].get_object() if descendants else font)["/FontDescriptor"].get_object()
            assert "/FontFile2" in desc, font["/BaseFont"]
            assert "DejaVu" in str(font["/BaseFont"])


def test_no_text_under_six_points_even_for_very_long_names(tmp_path):
    game = tmp_path / "g.toml"
    assert run("new", game, "--ruleset", "wsim-1981").exit_code == 0
    long = ("NUESTRA SEÑORA DE LA SANTÍSIMA TRINIDAD Y DE TODOS LOS SANTOS DEL MAR OCÉANO " * 3)[:200]  # the most
    assert run("--game", game, "ship", "add", long.strip(), "--id", "trinidad-with-a-long-id", "--side", "spanish",
               "--spec", HERCULE).exit_code == 0
    assert run("--game", game, "ship", "add", "X", "--side", "british", "--spec", MARS).exit_code == 0
    for cmd in ("sheet", "cards"):
        out = tmp_path / f"{cmd}.pdf"
        assert run("--game", game, cmd, "-o", out).exit_code == 0
        for page in pages(out):
            sizes = font_sizes(page)
            assert sizes and min(sizes) >= 6.0, (cmd, min(sizes))
        everything = "".join(text(p) for p in pages(out))
        assert "trinidad-with-a-long-id" in everything, cmd      # the id prints whole
        assert "NUESTRA SEÑORA" in everything and "\u2026" in everything   # the name is shortened


def test_fit_is_not_quadratic_in_the_name_length(tmp_path):
    """Fitting a 20,000-letter name measures it a few dozen times, not once per letter."""
    from reportlab.pdfgen.canvas import Canvas

    from umpire.pdf import draw
    from umpire.pdf.document import new_pen as _pen
    from umpire.pdf.layout import load_layout
    from umpire.pdf.wsim.layout import WsimSheetLayout

    layout = load_layout(WsimSheetLayout, "a4")
    pen = _pen(Canvas(str(tmp_path / "x.pdf")), layout)
    calls = []
    real = draw.stringWidth
    draw.stringWidth = lambda *a: calls.append(1) or real(*a)
    try:
        s, size = pen.fit("W" * 20000, 100.0, 10.0)
    finally:
        draw.stringWidth = real
    assert size == layout.fonts.min_size and s.endswith("\u2026") and pen.width(s, size) <= 100.0
    assert len(calls) < 40
