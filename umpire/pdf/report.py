"""The after-action report as a PDF: the Markdown text laid out with reportlab's platypus.

Only the shapes `cli/report.py` writes are read: `#`-headings, `- ` items (nested by
two spaces), **bold** spans, fenced blocks (kept as fixed-width lines) and paragraphs.
"""

from __future__ import annotations

import io
import re
from pathlib import Path
from xml.sax.saxutils import escape

from reportlab import rl_config
from reportlab.lib.fonts import addMapping
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer

from umpire.core import files
from umpire.pdf.fonts import font_runs, register


def write_pdf(path: Path, markdown: str, paper: str = "a4") -> None:
    """Write the report to `path` on A4 or US Letter, through a temporary file renamed over it."""
    rl_config.invariant = 1   # the same report gives the same bytes
    buf = io.BytesIO()
    doc = SimpleDocTemplate(buf, pagesize=LETTER if paper == "letter" else A4, leftMargin=15 * mm,
                            rightMargin=15 * mm, topMargin=15 * mm, bottomMargin=15 * mm,
                            title="After-action report", author="umpire",
                            initialFontName=register(REGULAR))   # no page names a font not in the file
    doc.build(flowables(markdown), canvasmaker=NumberedCanvas)
    files.write_atomic(Path(path), buf.getvalue(), "output")


class NumberedCanvas(Canvas):
    """A canvas that writes "page N of M" at the foot of every page once it knows M: each page is
    kept until the document is saved."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._pages: list[dict] = []

    def showPage(self) -> None:
        self._pages.append(dict(self.__dict__))
        self._startPage()

    def save(self) -> None:
        total = len(self._pages)
        for state in self._pages:
            self.__dict__.update(state)
            self._footer(total)
            super().showPage()
        super().save()

    def _footer(self, total: int) -> None:
        width, _ = self._pagesize
        self.setFont(REGULAR, FOOTER_SIZE)
        self.drawRightString(width - 15 * mm, 9 * mm, f"page {self._pageNumber} of {total}")
        self.drawString(15 * mm, 9 * mm, "After-action report")


REGULAR, BOLD, MONO = "DejaVuSansCondensed", "DejaVuSansCondensed-Bold", "DejaVuSansMono"
FOOTER_SIZE = 8


def report_styles():
    """reportlab's sample styles set in the shipped, embedded DejaVu fonts (any Unicode name prints
    and copies out), fixed-width DejaVu Sans Mono for the fenced blocks."""
    for name in (REGULAR, BOLD, MONO):
        register(name)
    for bold, italic, face in ((0, 0, REGULAR), (1, 0, BOLD), (0, 1, REGULAR), (1, 1, BOLD)):
        addMapping(REGULAR, bold, italic, face)       # <b> in a paragraph picks the bold face
    styles = getSampleStyleSheet()
    for style in styles.byName.values():
        font = getattr(style, "fontName", "")
        style.fontName = MONO if "Courier" in font else BOLD if "Bold" in font else REGULAR
        style.bulletFontName = REGULAR
    return styles


def flowables(markdown: str) -> list:
    """One flowable per heading, item, paragraph or fenced line. A heading stays on the page of
    what follows it; a fenced line too long for the page wraps under itself rather than running off
    the page."""
    styles = report_styles()
    for level in (1, 2, 3):
        styles[f"Heading{level}"].keepWithNext = 1
    code = styles["Code"].clone("fenced", leftIndent=styles["Code"].leftIndent + 12, firstLineIndent=-12,
                                spaceBefore=0, spaceAfter=0)
    out, fenced = [], False
    for line in markdown.splitlines():
        if line.startswith("```"):
            fenced = not fenced
            continue
        if fenced:
            out.append(Paragraph(_fixed(line), code))
        elif not line.strip():
            after_heading = bool(out) and isinstance(out[-1], Paragraph) and bool(out[-1].getKeepWithNext())
            if not after_heading:             # a spacer would part the heading from what it heads
                out.append(Spacer(1, 4))
        elif line.startswith("#"):
            level = min(len(line) - len(line.lstrip("#")), 3)
            out.append(Paragraph(_inline(line.lstrip("#").strip()), styles[f"Heading{level}"]))
        elif line.lstrip().startswith("- "):
            depth = (len(line) - len(line.lstrip())) // 2
            style = styles["Normal"].clone("item", leftIndent=12 + 12 * depth, bulletIndent=2 + 12 * depth)
            out.append(Paragraph(_inline(line.lstrip()[2:]), style, bulletText="•"))
        else:
            out.append(Paragraph(_inline(line), styles["Normal"]))
    return out


def _fixed(line: str) -> str:
    """A fixed-width line for a paragraph: escaped, runs of spaces kept (as no-break spaces but for
    the last of each run, where the line may wrap)."""
    spaced = re.sub(r" {2,}", lambda m: "\u00a0" * (len(m.group()) - 1) + " ", escape(line))
    return _fallback(spaced, MONO) or "\u00a0"


def _inline(text: str) -> str:
    """Escaped for reportlab's markup, with **bold** spans; characters the font lacks in the
    fallback font."""
    return re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", _fallback(escape(text), REGULAR))


def _fallback(markup: str, font: str) -> str:
    """Runs of characters `font` lacks set in the fallback font (`pdf.fonts.font_runs`)."""
    runs = font_runs(markup, font)
    return "".join(run if name == font else f'<font name="{name}">{run}</font>' for run, name in runs)
