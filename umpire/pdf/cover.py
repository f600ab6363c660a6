"""The cover page of a fleet: its title, the scenario's briefing, and the ships by side."""

from __future__ import annotations

import re
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
        (_height(pen, layout, widths, kind, cells), (lambda y, k=kind, c=cells: _line(pen, layout, widths, y, k, c)))
        for kind, cells in cover_lines(view)]
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


def _height(pen: Pen, layout: CoverLayout, widths: Sequence[float], kind: str, cells: Sequence[str]) -> float:
    """A line of the list is one line high, more where a cell's words wrap."""
    if kind not in ("head", "row"):
        return layout.cover.line
    most = max(len(_cell_lines(pen, c, w, *_font(pen, kind))) for c, w in zip(cells, widths))
    return layout.cover.line + (most - 1) * _font(pen, kind)[0] * pen.fonts.leading


def _font(pen: Pen, kind: str) -> tuple[float, bool]:
    return (pen.fonts.small, True) if kind == "head" else (pen.fonts.text, False)


def _cell_lines(pen: Pen, text: str, width: float, size: float, bold: bool) -> list[str]:
    """A cell's text at its size, wrapped after spaces and hyphens onto as many lines as it needs
    (at most CELL_LINES; what still does not fit is shortened)."""
    room = width - pen.fonts.small
    if pen.width(text, size, bold) <= room:
        return [text]
    lines: list[str] = []
    for piece in re.split(r"(?<=[ \-])", text):
        if lines and pen.width((lines[-1] + piece).rstrip(), size, bold) <= room:
            lines[-1] += piece
        else:
            lines.append(piece)
    lines = [line.rstrip() for line in lines if line.strip()]
    if len(lines) > CELL_LINES:
        lines = lines[:CELL_LINES - 1] + ["".join(lines[CELL_LINES - 1:])]
    return lines


CELL_LINES = 3


def _line(pen: Pen, layout: CoverLayout, widths: Sequence[float], y: float, kind: str,
          cells: Sequence[str]) -> None:
    x, f, line = layout.page.margin, pen.fonts, layout.cover.line
    width = layout.paper.width - 2 * x
    if kind == "gap":
        return
    if kind == "side":
        _heading(pen, layout, y, cells[0])
        return
    size, bold = _font(pen, kind)
    height = _height(pen, layout, widths, kind, cells)
    base = pen.middle(y, line, f.text)
    if kind == "head":
        pen.band(x, y - height, width, height)
        base = pen.middle(y, line, size, True)
    cx = x
    for cell, w in zip(cells, widths):
        for k, text in enumerate(_cell_lines(pen, cell, w, size, bold)):
            pen.text(cx + f.small / 2, base - k * size * f.leading, text, size, bold=bold, room=w - f.small)
        cx += w
    if kind == "row":
        pen.rule(x, y - height, x + width, y - height, pen.ink.box)
