"""The cover page of a fleet: its title, the scenario's briefing, and the ships by side."""

from __future__ import annotations

from typing import Callable, Sequence

from umpire.pdf.briefing import Item, briefing_lines, draw_lines
from umpire.pdf.draw import Pen, footer
from umpire.pdf.layout import CoverLayout
from umpire.pdf.views import CoverView


#: a printed piece of the cover: its height, and how to draw it with its top at y
Piece = tuple[float, Callable[[float], None]]


def cover_lines(view: CoverView) -> list[tuple[str, tuple[str, ...]]]:
    """The ship list as printed lines of equal height: ("side", name), ("head", headings), ("row", cells),
    and ("gap", ()) between sides."""
    out: list[tuple[str, tuple[str, ...]]] = []
    for i, side in enumerate(view.sides):
        if i:
            out.append(("gap", ()))
        out.append(("side", (f"{side.side} ({len(side.rows)} ship{'s' if len(side.rows) != 1 else ''})",)))
        out.append(("head", view.headings))
        out += [("row", r.cells) for r in side.rows]
    return out


def cover_pages(pen: Pen, view: CoverView, layout: CoverLayout, widths: Sequence[float],
                brief: Sequence[Item] = ()) -> int:
    """Draw the cover (over as many pages as the briefing and the list need); returns pages drawn."""
    paper, page, cv = layout.paper, layout.page, layout.cover
    top = paper.height - page.margin
    bottom = page.margin + page.footer
    pieces = _brief_pieces(pen, layout, brief) + [
        (cv.line, (lambda y, k=kind, c=cells: _line(pen, layout, widths, y, k, c))) for kind, cells in cover_lines(view)]
    pages = _pages(pieces, top - layout.title.height - layout.title.gap - bottom, top - bottom)
    for n, chunk in enumerate(pages, 1):
        y = _title(pen, view, layout, top) if n == 1 else top
        for height, draw in chunk:
            draw(y)
            y -= height
        footer(pen, paper.width, page.margin, f"umpire - {view.rules}",
               f"cover {n}/{len(pages)}")
        pen.canvas.showPage()
    return len(pages)


def _brief_pieces(pen: Pen, layout: CoverLayout, brief: Sequence[Item]) -> list[Piece]:
    if not brief:
        return []
    x, f = layout.page.margin, pen.fonts
    width = layout.paper.width - 2 * x
    out: list[Piece] = [(layout.cover.line, lambda y: _heading(pen, layout, y, "Briefing"))]
    for line in briefing_lines(pen, brief, width, f.text):
        out.append((line.height(f.leading), lambda y, ln=line: draw_lines(pen, x, y, [ln], width)))
    out.append((layout.cover.line, lambda y: None))
    return out


def _pages(pieces: Sequence[Piece], first: float, later: float) -> list[list[Piece]]:
    """Pieces packed into pages: the first holds `first` of height, the rest `later`."""
    pages: list[list[Piece]] = [[]]
    room = first
    for piece in pieces:
        if piece[0] > room + 1e-6 and pages[-1]:
            pages.append([])
            room = later
        pages[-1].append(piece)
        room -= piece[0]
    return pages


def _title(pen: Pen, view: CoverView, layout: CoverLayout, top: float) -> float:
    x, width = layout.page.margin, layout.paper.width - 2 * layout.page.margin
    f, h = pen.fonts, layout.title.height
    pen.band(x, top - h, width, h)
    sub = f"{view.rules} - {view.subtitle}"
    pen.block(x + f.small, top, h, [(view.title, f.title, True), (sub, f.text, False)], room=width - 2 * f.small)
    return top - h - layout.title.gap


def _heading(pen: Pen, layout: CoverLayout, y: float, text: str) -> None:
    x, f, line = layout.page.margin, pen.fonts, layout.cover.line
    width = layout.paper.width - 2 * x
    pen.text(x, pen.middle(y, line, f.heading, True), text, f.heading, bold=True, room=width)
    pen.rule(x, y - line, x + width, y - line)


def _line(pen: Pen, layout: CoverLayout, widths: Sequence[float], y: float, kind: str,
          cells: Sequence[str]) -> None:
    x, f, line = layout.page.margin, pen.fonts, layout.cover.line
    width = layout.paper.width - 2 * x
    if kind == "gap":
        return
    if kind == "side":
        _heading(pen, layout, y, cells[0])
        return
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
