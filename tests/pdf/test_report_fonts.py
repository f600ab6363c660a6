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


def long_report(turns: int = 40) -> str:
    out = ["# A long action", "", "## The battle", ""]
    for t in range(1, turns + 1):
        out += [f"### Turn {t}", ""] + [f"- event {k} of turn {t}" for k in range(1, 5)] + [""]
    out += ["## Final state", "", "```",
            "  mars     active hull 14/14 " + "crew 5-4-4 guns L 9+1/10 R 9+1/10 " * 4 + "owes 1 morale check at the end",
            "```", "", "## Result", "", "No ship has struck."]
    return "\n".join(out) + "\n"


def test_report_pages_are_numbered_and_headings_stay_with_what_follows(tmp_path):
    from umpire.pdf.report import write_pdf

    write_pdf(tmp_path / "r.pdf", long_report())
    got = pages(tmp_path / "r.pdf")
    assert len(got) > 2
    for n, page in enumerate(got, 1):
        lines = [line for line in text(page).split("\n") if line.strip()]
        assert f"page {n} of {len(got)}" in text(page)
        body = [line for line in lines if not line.startswith(("After-action report", "page "))]
        assert not body[-1].startswith(("Turn ", "Final state", "Result", "The battle")), (n, body[-3:])
    everything = " ".join(" ".join(text(p).split()) for p in got)
    assert "owes 1 morale check at the end" in everything              # a long fixed-width line wraps, whole
