"""Long names wrap onto a second line before they shrink, and never below 9 pt in a title."""

from __future__ import annotations

from tests.pdf.conftest import pages, run, text

LONG = "San Juan Nepomuceno y Santísima Trinidad de la Real Armada Española"
SCENARIO = f"""
format = 1
id = "long"
ruleset = "dguts"
title = "Long names"

[[ships]]
id = "sjn"
name = "{LONG}"
side = "blue"
nation = "spanish"
tons = 580
men = 254
crew_factors = 12
guns = "12x24C,15x12"
"""


def runs(page) -> list[tuple[str, float]]:
    """(text, size in points) of every run of text on a page."""
    out: list[tuple[str, float]] = []

    def seen(t, cm, tm, font, size):
        if t.strip():
            out.append((t.strip(), size * tm[0]))
    page.extract_text(visitor_text=seen)
    return out


def test_a_long_name_wraps_in_the_sheet_title_at_9_pt_or_more(tmp_path):
    scen = tmp_path / "long.toml"
    scen.write_text(SCENARIO, encoding="utf-8")
    out = tmp_path / "s.pdf"
    assert run("sheet", "--scenario", scen, "-o", out).exit_code == 0
    first = pages(out)[0]
    assert LONG in " ".join(text(first).split())                     # whole, over two lines
    name_runs = [(t, s) for t, s in runs(first) if t in LONG and len(t) > 10]
    assert len(name_runs) == 2 and all(s >= 9 for _, s in name_runs), name_runs


def test_a_long_name_wraps_on_its_card_at_the_heading_size(tmp_path):
    scen = tmp_path / "long.toml"
    scen.write_text(SCENARIO, encoding="utf-8")
    out = tmp_path / "c.pdf"
    assert run("cards", "--scenario", scen, "-o", out).exit_code == 0
    name_runs = [(t, s) for t, s in runs(pages(out)[0]) if t.rstrip("\u2026") in LONG and len(t) > 10]
    assert len(name_runs) == 2 and all(s >= 9 for _, s in name_runs), name_runs


def cjk_scenario(tmp_path, first: str, second: str = "Zhenyuan"):
    ship = SCENARIO.split("[[ships]]")[1]
    scen = tmp_path / "cjk.toml"
    scen.write_text(SCENARIO.replace(LONG, first).replace('"sjn"', '"dingyuan"') + "[[ships]]"
                    + ship.replace(LONG, second).replace('"sjn"', '"zhenyuan"'), encoding="utf-8")
    return scen


def test_chinese_and_japanese_names_print_in_the_fallback_font(tmp_path):
    """The DejaVu fonts have no CJK: those characters are set in the shipped Droid Sans Fallback,
    embedded, and copy out of the PDF; no warning."""
    from tests.pdf.conftest import fonts_of
    from umpire.pdf.document import cards_pdf, sheets_pdf
    from umpire.pdf.sources import fleet_from_scenario

    scen = cjk_scenario(tmp_path, "\u5b9a\u9060 (Dingyuan)", "\u93ae\u9060")
    fleet = fleet_from_scenario(str(scen))
    for kind, printed in (("sheet", sheets_pdf(fleet)), ("card", cards_pdf(fleet))):
        out = tmp_path / f"{kind}.pdf"
        out.write_bytes(printed.pdf)
        everything = "".join(text(p) for p in pages(out)).replace("\n", "")     # a run a font
        assert "\u5b9a\u9060 (Dingyuan)" in everything and "\u93ae\u9060" in everything, kind
        assert any("DroidSansFallback" in str(f["/BaseFont"]) for f in fonts_of(out))
        assert printed.warnings == ()


def test_a_name_no_font_can_print_is_named_in_a_warning(tmp_path):
    """Devanagari is in neither font: the printed PDF says which ship's name shows as empty boxes."""
    from umpire.pdf.document import cards_pdf, sheets_pdf
    from umpire.pdf.sources import fleet_from_scenario

    fleet = fleet_from_scenario(str(cjk_scenario(tmp_path, "\u0905\u091c\u092f")))
    for printed in (sheets_pdf(fleet), cards_pdf(fleet)):
        assert printed.warnings == ("ship dingyuan: the name '\u0905\u091c\u092f' has characters the fonts "
                                    "cannot print (\u0905\u091c\u092f); they show as empty boxes",)
    latin = tmp_path / "latin.toml"
    latin.write_text(SCENARIO, encoding="utf-8")
    assert sheets_pdf(fleet_from_scenario(str(latin))).warnings == ()     # accents and all, DejaVu has them


def test_a_long_name_wraps_on_line_1_of_a_wsim_log_at_its_size(umpire, tmp_path):
    from tests.pdf.conftest import MARS

    name = "SAN JUAN NEPOMUCENO Y SANTISIMA TRINIDAD DE LA REAL ARMADA"
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-1981").code == 0
    assert umpire("ship", "add", name, "--id", "sjn", "--side", "spanish", "--spec", MARS, "--class", "SOL").code == 0
    assert umpire("sheet", "-o", tmp_path / "s.pdf").code == 0
    page = pages(tmp_path / "s.pdf")[0]
    flat = " ".join(text(page).split())
    assert f"{name} \u2013 S.O.L." in flat and "\u2026" not in flat        # whole, on the title and on line 1
    line_one = [(t, s) for t, s in runs(page) if t.startswith("SAN JUAN") and s < 12]
    assert line_one and all(s >= 8.5 for _, s in line_one), line_one
