"""Card pages for any ruleset: cards side by side, dashed cut lines, a footer."""

from __future__ import annotations

from typing import Any, Callable, Sequence

from umpire.pdf.briefing import Item, briefing_lines, draw_lines, take
from umpire.pdf.draw import Pen, footer, title_lines
from umpire.pdf.paging import card_grid, chunks

Face = Callable[[Pen, float, float, Any, Any], None]


def card_pages(pen: Pen, views: Sequence[Any], layout: Any, origin: str, face: Face, card_name: str,
               brief: Sequence[Item] = ()) -> int:
    """Draw every card with `face(pen, x, y, view, layout)`, then the scenario's briefing under the
    last row of cards (and on pages of its own if it needs more room); returns pages drawn."""
    paper, page, card = layout.paper, layout.page, layout.card
    cols, rows = card_grid(*card_room(layout), card.width, card.height)
    left = (paper.width - cols * card.width) / 2
    top = paper.height - page.margin
    bottom = card.footer_edge + page.footer
    spans = chunks(len(views), cols * rows)
    lines = briefing_lines(pen, brief, cols * card.width, pen.fonts.text) if brief else []
    first = top - (-(-len(spans[-1]) // cols)) * card.height - card.gap * 2 if spans else top
    parts = _brief_parts(lines, first - bottom, top - bottom, pen.fonts.leading)
    total = len(spans) + len(parts) - (1 if spans and parts else 0)   # the briefing starts on the last card page
    drawn = 0
    for n, span in enumerate(spans, 1):
        cut_lines(pen, left, top, cols, rows, layout, len(span))
        for k, view in enumerate(views[span.start:span.stop]):
            r, c = divmod(k, cols)
            face(pen, left + c * card.width, top - (r + 1) * card.height, view, layout)
        if n < len(spans) or not parts:
            drawn += _end_page(pen, layout, card_name, origin, total)
    y = first
    for part in parts:
        draw_lines(pen, left, y, part, cols * card.width)
        drawn += _end_page(pen, layout, card_name, origin, total)
        y = top
    return drawn


def card_room(layout: Any) -> tuple[float, float]:
    """The width and height cards may take: the page less its margins at the top and sides, and at
    the foot the footer, set `card.footer_edge` above the paper's edge."""
    paper, page, card = layout.paper, layout.page, layout.card
    return paper.width - 2 * page.margin, paper.height - page.margin - card.footer_edge - page.footer


def _brief_parts(lines: Sequence, first: float, later: float, leading: float) -> list[Sequence]:
    """The briefing's lines page by page: what fits under the last row of cards, then whole pages."""
    parts, room = [], first
    while lines:
        k = take(lines, room, leading)
        parts.append(lines[:k])
        lines, room = lines[k:], later
    return parts


def _end_page(pen: Pen, layout: Any, card_name: str, origin: str, total: int) -> int:
    paper, page = layout.paper, layout.page
    n = pen.canvas.getPageNumber()
    footer(pen, paper.width, page.margin, f"umpire - {card_name} - {origin}", f"{n}/{total}",
           y=layout.card.footer_edge)
    pen.canvas.showPage()
    return 1


def cut_lines(pen: Pen, left: float, top: float, cols: int, rows: int, layout: Any, count: int) -> None:
    """Dashed lines along every card edge, run out to the paper's edge."""
    card, paper = layout.card, layout.paper
    used_rows = min(rows, -(-count // cols)) if count else 0
    for r in range(used_rows + 1):
        y = top - r * card.height
        pen.cut_line(0, y, paper.width, y)
    for c in range(cols + 1):
        x = left + c * card.width
        pen.cut_line(x, top, x, top - used_rows * card.height)


def card_header(pen: Pen, left: float, top: float, inner: float, line: float, name: str, side: str,
                ship_id: str) -> float:
    """The card's first line: the name in the heading size, the side and id at the right, whole.

    When the name does not fit beside them at its size, it takes the whole width (wrapping onto a
    second line rather than shrinking, `draw.title_lines`) and the side and id go on a line of their
    own. Returns the y below.
    """
    f = pen.fonts
    who = f"{side} \u00b7 {ship_id}"
    who_w = pen.width(who, f.small)
    beside = inner - who_w - f.small
    base = pen.middle(top, line, f.heading, True)
    if pen.width(name, f.heading, bold=True) <= beside:
        pen.text(left, base, name, f.heading, bold=True)
        pen.text(left + inner, base, who, f.small, align="right", room=inner)
        return top - line
    lines, size = title_lines(pen, name, inner, f.heading, 2 * f.heading * f.leading)
    step = max(line, size * f.leading)
    for text in lines:                      # a long name wraps onto a second line before it shrinks
        pen.text(left, pen.middle(top, step, size, True), text, size, bold=True)
        top -= step
    pen.text(left + inner, pen.middle(top, line, f.small), who, f.small, align="right", room=inner)
    return top - line
