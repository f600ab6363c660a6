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
from reportlab.platypus import Paragraph, Preformatted, SimpleDocTemplate, Spacer

from umpire.core import files
from umpire.pdf.fonts import register


def write_pdf(path: Path, markdown: str, paper: str = "a4") -> None:
    """Write the report to `path` on A4 or US Letter, through a temporary file renamed over it."""
    rl_config.invariant = 1   # the same report gives the same bytes
    buf = io.BytesIO()
    doc = SimpleDocTemplate(buf, pagesize=LETTER if paper == "letter" else A4, leftMargin=15 * mm,
                            rightMargin=15 * mm, topMargin=15 * mm, bottomMargin=15 * mm,
                            title="After-action report", author="umpire",
                            initialFontName=register(REGULAR))   # no page names a font not in the file
    doc.build(flowables(markdown))
    files.write_atomic(Path(path), buf.getvalue(), "output")


REGULAR, BOLD, MONO = "DejaVuSansCondensed", "DejaVuSansCondensed-Bold", "DejaVuSansMono"


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
    """One flowable per heading, item, paragraph or fenced block."""
    styles = report_styles()
    out, block, fenced = [], [], False
    for line in markdown.splitlines():
        if line.startswith("```"):
            if fenced:
                out.append(Preformatted("\n".join(block), styles["Code"], maxLineLength=110))
                block = []
            fenced = not fenced
            continue
        if fenced:
            block.append(line)
        elif not line.strip():
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


def _inline(text: str) -> str:
    """Escaped for reportlab's markup, with **bold** spans."""
    return re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", escape(text))
