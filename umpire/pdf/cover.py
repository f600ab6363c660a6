"""The cover page of a fleet: its title, where the ships come from, and the ships by side."""

from __future__ import annotations

from typing import Sequence

from umpire.pdf.draw import Pen, footer
from umpire.pdf.layout import CoverLayout
from umpire.pdf.paging import spans
from umpire.pdf.views import CoverView

RULESET_NAMES = {"wsim-1981": "Wooden Ships & Iron Men (1981 rules)",
                 "dguts": "Don't Give Up The Ship! (1975 rules)"}


def cover_lines(view: CoverView) -> list[tuple[str, tuple[str, ...]]]:
    """The cover as printed lines of equal height: ("side", name), ("head", headings), ("row", cells),
    and ("gap", ()) between sides."""
    out: list[tuple[str, tuple[str, ...]]] = []
    for i, side in enumerate(view.sides):
        if i:
            out.append(("gap", ()))
        out.append(("side", (f"{side.side} ({len(side.rows)} ship{'s' if len(side.rows) != 1 else ''})",)))
        out.append(("head", view.headings))
        out += [("row", r.cells) for r in side.rows]
    return out


def cover_pages(pen: Pen, view: CoverView, layout: CoverLayout, widths: Sequence[float]) -> int:
    """Draw the cover (over as many pages as the list needs); returns pages drawn."""
    paper, page, cv = layout.paper, layout.page, layout.cover
    top = paper.height - page.margin
    bottom = page.margin + page.footer
    lines = cover_lines(view)
    first_top = top - layout.title.height - layout.title.gap
    first = int((first_top - bottom) // cv.line)
    later = int((top - bottom) // cv.line)
    pages = spans(len(lines), first, later)
    for n, span in enumerate(pages, 1):
        y = _title(pen, view, layout, top) if n == 1 else top
        for kind, cells in lines[span.start:min(span.stop, len(lines))]:
            y = _line(pen, layout, widths, y, kind, cells)
        footer(pen, paper.width, page.margin, f"umpire - {RULESET_NAMES.get(view.ruleset, view.ruleset)}",
               f"ships {n}/{len(pages)}")
        pen.canvas.showPage()
    return len(pages)


def _title(pen: Pen, view: CoverView, layout: CoverLayout, top: float) -> float:
    x, width = layout.page.margin, layout.paper.width - 2 * layout.page.margin
    f, h = pen.fonts, layout.title.height
    pen.band(x, top - h, width, h)
    sub = f"{RULESET_NAMES.get(view.ruleset, view.ruleset)} - {view.subtitle}"
    pen.block(x + f.small, top, h, [(view.title, f.title, True), (sub, f.text, False)], room=width - 2 * f.small)
    return top - h - layout.title.gap


def _line(pen: Pen, layout: CoverLayout, widths: Sequence[float], y: float, kind: str,
          cells: Sequence[str]) -> float:
    x, f, line = layout.page.margin, pen.fonts, layout.cover.line
    width = layout.paper.width - 2 * x
    if kind == "gap":
        return y - line
    if kind == "side":
        pen.text(x, pen.middle(y, line, f.heading, True), cells[0], f.heading, bold=True, room=width)
        pen.rule(x, y - line, x + width, y - line)
        return y - line
    base = pen.middle(y, line, f.text)
    if kind == "head":
        pen.band(x, y - line, width, line)
    cx = x
    for cell, w in zip(cells, widths):
        pen.text(cx + f.small / 2, base, cell, f.small if kind == "head" else f.text, bold=kind == "head",
                 room=w - f.small)
        cx += w
    if kind == "row":
        pen.rule(x, y - line, x + width, y - line, pen.ink.box)
    return y - line
