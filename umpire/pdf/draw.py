"""Drawing primitives shared by the sheet and card drawers (reportlab canvas, no markup).

Text goes through `canvas.drawString`, which takes plain text, so names
such as ``O'Brien & <Sons>`` print exactly as written; `markup` escapes
text for the rare place that would need reportlab's paragraph markup. The
fonts are embedded TrueType (pdf/fonts.py), so any Unicode name prints as
written. Text never goes below the layout's smallest size: what does not fit
there is shortened with an ellipsis.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any, Callable, Sequence
from xml.sax.saxutils import escape

from reportlab.pdfbase.pdfmetrics import getAscent, stringWidth
from reportlab.pdfgen.canvas import Canvas

from umpire.pdf.fonts import font_runs
from umpire.pdf.layout import Boxes, Fonts, Ink
from umpire.pdf.paging import grid_capacity, spans
from umpire.pdf.views import BoxGroup, Track

SHRINK_STEP = 0.5     # font sizes are rounded down to a multiple of this while text is fitted
ELLIPSIS = "\u2026"
_CONTROLS = {c: " " for c in range(32)} | {0x7F: " "}


def printable(text: object) -> str:
    """Text on one line: control characters (line breaks, tabs) become spaces."""
    return str(text).translate(_CONTROLS)


def markup(text: object) -> str:
    """Text made safe for reportlab paragraph markup."""
    return escape(printable(text), {'"': "&quot;", "'": "&#39;"})


@dataclass(slots=True)
class Pen:
    """A canvas with the layout's fonts and ink."""

    canvas: Canvas
    fonts: Fonts
    ink: Ink

    # --- text ---------------------------------------------------------------
    def font(self, bold: bool) -> str:
        return self.fonts.bold if bold else self.fonts.regular

    def width(self, text: str, size: float, bold: bool = False) -> float:
        return sum(stringWidth(run, font, size) for run, font in font_runs(printable(text), self.font(bold)))

    def fit(self, text: str, room: float, size: float, bold: bool = False) -> tuple[str, float]:
        """Shrink text down to the smallest font size, then shorten it with an ellipsis, to fit `room`.

        Widths grow in proportion to the size, so the size is worked out at once, and the
        shortening is a binary search: long names cost a few measurements, not one per letter.
        """
        text = printable(text)
        full = self.width(text, size, bold)
        if full <= room:
            return text, size
        least = self.fonts.min_size
        size = max(least, _round_down(size * room / full))
        if self.width(text, size, bold) <= room:
            return text, size
        return shorten(text, lambda t: self.width(t, size, bold) <= room), size

    def wrap(self, text: str, room: float, size: float, lines: int) -> tuple[list[str], float]:
        """Text in at most `lines` lines of `room`, at the largest size that fits (down to the
        smallest), the last line shortened if even that is not enough."""
        words = printable(text).split()
        while True:
            out = _greedy(words, lambda t: self.width(t, size) <= room)
            if len(out) <= lines or size <= self.fonts.min_size:
                break
            size = max(self.fonts.min_size, _round_down(size - SHRINK_STEP))
        if len(out) > lines:
            out = out[:lines - 1] + [" ".join(out[lines - 1:])]
        return [self.fit(line, room, size)[0] for line in out], size

    def middle(self, top: float, height: float, size: float, bold: bool = False) -> float:
        """The baseline that centres one line of `size` (by its capitals) in a band `height` high."""
        return top - height / 2 - getAscent(self.font(bold), size) / 2

    def block(self, x: float, top: float, height: float, lines: Sequence[tuple[str, float, bool]],
              align: str = "left", room: float | None = None) -> None:
        """Lines of (text, size, bold) centred as a block in a band, one under the other."""
        leads = [size * self.fonts.leading for _, size, _ in lines]
        first = top - (height - sum(leads)) / 2
        for (text, size, bold), lead in zip(lines, leads):
            self.text(x, self.middle(first, lead, size, bold), text, size, bold, room, align)
            first -= lead

    def text(self, x: float, y: float, text: str, size: float, bold: bool = False, room: float | None = None,
             align: str = "left") -> None:
        s, size = self.fit(text, room, size, bold) if room is not None else (printable(text), size)
        runs = font_runs(s, self.font(bold))
        if len(runs) > 1 or runs[0][1] != self.font(bold):   # characters the font lacks: runs in their own fonts
            widths = [stringWidth(run, font, size) for run, font in runs]
            x -= sum(widths) if align == "right" else sum(widths) / 2 if align == "centre" else 0.0
            for (run, font), w in zip(runs, widths):
                self.canvas.setFont(font, size)
                self.canvas.drawString(x, y, run)
                x += w
            return
        self.canvas.setFont(self.font(bold), size)
        if align == "right":
            self.canvas.drawRightString(x, y, s)
        elif align == "centre":
            self.canvas.drawCentredString(x, y, s)
        else:
            self.canvas.drawString(x, y, s)

    # --- lines and boxes ------------------------------------------------------
    def rule(self, x1: float, y1: float, x2: float, y2: float, width: float | None = None) -> None:
        self.canvas.setLineWidth(self.ink.rule if width is None else width)
        self.canvas.line(x1, y1, x2, y2)

    def band(self, x: float, y: float, w: float, h: float) -> None:
        """A light grey background band (headings)."""
        self.canvas.setFillGray(self.ink.band_grey)
        self.canvas.rect(x, y, w, h, stroke=0, fill=1)
        self.canvas.setFillGray(0)

    def frame(self, x: float, y: float, w: float, h: float) -> None:
        self.canvas.setLineWidth(self.ink.rule)
        self.canvas.rect(x, y, w, h, stroke=1, fill=0)

    def square(self, x: float, y: float, size: float, unused: bool = False, crossed: bool = False) -> None:
        """One square of a log; unused squares are shaded, lost ones crossed with an X."""
        c = self.canvas
        c.setLineWidth(self.ink.box)
        if unused:
            c.setFillGray(self.ink.unused_grey)
            c.rect(x, y, size, size, stroke=1, fill=1)
            c.setFillGray(0)
        else:
            c.rect(x, y, size, size, stroke=1, fill=0)
        if crossed:
            self.cross(x, y, size)

    def cross(self, x: float, y: float, size: float) -> None:
        """An X across a square: one path of two strokes."""
        i = self.ink.mark_inset
        path = self.canvas.beginPath()
        path.moveTo(x + i, y + i)
        path.lineTo(x + size - i, y + size - i)
        path.moveTo(x + i, y + size - i)
        path.lineTo(x + size - i, y + i)
        self.canvas.setLineWidth(self.ink.mark)
        self.canvas.drawPath(path, stroke=1, fill=0)

    def cut_line(self, x1: float, y1: float, x2: float, y2: float) -> None:
        c = self.canvas
        c.saveState()
        c.setDash(self.ink.cut_dash, self.ink.cut_dash)
        c.setLineWidth(self.ink.box)
        c.line(x1, y1, x2, y2)
        c.restoreState()


def _round_down(size: float) -> float:
    return int(size / SHRINK_STEP) * SHRINK_STEP


def shorten(text: str, fits: Callable[[str], bool]) -> str:
    """The longest start of `text` that, with an ellipsis, `fits` (a binary search)."""
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if fits(text[:mid].rstrip() + ELLIPSIS):
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + ELLIPSIS if lo else (ELLIPSIS if fits(ELLIPSIS) else "")


# --- squares of a log ------------------------------------------------------------

def _greedy(words: Sequence[str], fits) -> list[str]:
    """Words packed into lines, each as long as `fits` allows (a word too long keeps its own line)."""
    lines: list[str] = []
    for word in words:
        if lines and fits(lines[-1] + " " + word):
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def scaled(boxes: Boxes, factor: float) -> Boxes:
    """The same squares drawn `factor` times the size (for a ship too big for her card)."""
    return replace(boxes, size=boxes.size * factor, gap=boxes.gap * factor, row_gap=boxes.row_gap * factor,
                   group_gap=boxes.group_gap * factor)


def group_lines(group: BoxGroup, per_row: int) -> int:
    """Printed lines each track of the group takes."""
    return max(1, -(-group.width // per_row))


def group_height(group: BoxGroup, boxes: Boxes) -> float:
    """Height of a group of tracks, without the gap after it."""
    lines = group_lines(group, boxes.per_row) * max(1, len(group.tracks))
    return lines * (boxes.size + boxes.row_gap) - boxes.row_gap


def draw_track(pen: Pen, x: float, top: float, track: Track, width: int, boxes: Boxes) -> float:
    """Squares of one track from `x`, hanging below `top`; returns the height used.

    `width` squares are drawn: the track's own, then the rest shaded as unused;
    the first `track.crossed` squares carry an X.
    """
    step = boxes.size + boxes.gap
    for i in range(width):
        line, col = divmod(i, boxes.per_row)
        y = top - line * (boxes.size + boxes.row_gap) - boxes.size
        pen.square(x + col * step, y, boxes.size, unused=i >= track.total, crossed=i < track.crossed)
    lines = max(1, -(-width // boxes.per_row))
    return lines * (boxes.size + boxes.row_gap)


def draw_group(pen: Pen, x: float, top: float, group: BoxGroup, boxes: Boxes, size: float,
               numbered: bool = True) -> float:
    """A numbered section: heading, then each track's label and squares; returns the height used."""
    heading = group.heading if numbered else group.label
    baseline = pen.middle(top, boxes.size, size, bold=True)
    pen.text(x, baseline, heading, size, bold=True, room=boxes.heading - pen.ink.mark_inset)
    if group.width == 0:
        pen.text(x + boxes.heading + boxes.label, baseline, "none", size)
        return boxes.size + boxes.row_gap
    y = top
    for track in group.tracks:
        line_base = pen.middle(y, boxes.size, size)
        if track.label:
            pen.text(x + boxes.heading, line_base, track.label, size)
        y -= draw_track(pen, x + boxes.heading + boxes.label, y, track, group.width, boxes)
    return top - y


def draw_groups(pen: Pen, x: float, top: float, groups: Sequence[BoxGroup], boxes: Boxes, size: float,
                numbered: bool = True) -> float:
    """Sections one under the other; returns the height used."""
    y = top
    for group in groups:
        y -= draw_group(pen, x, y, group, boxes, size, numbered) + boxes.group_gap
    return top - y


def field_lines(pen: Pen, text: str, room: float, size: float, bold: bool, most: int = 3) -> list[str]:
    """A field's value at its size: one line if it fits, else broken after spaces and hyphens over
    at most `most` lines (the last shortened only if even they are not enough)."""
    if pen.width(text, size, bold) <= room:
        return [text]
    out: list[str] = []
    for piece in (p for p in re.split(r"(?<=[ \-])", text) if p):
        if out and pen.width((out[-1] + piece).rstrip(), size, bold) <= room:
            out[-1] += piece
        else:
            out.append(piece)
    out = [line.rstrip() for line in out]
    return out[:most - 1] + [" ".join(out[most - 1:])] if len(out) > most else out


def footer(pen: Pen, paper_w: float, margin: float, left: str, right: str, y: float | None = None) -> None:
    """The line at the foot of every page: where the sheet comes from, and which page it is; its
    baseline at `y` (default the margin)."""
    y = margin if y is None else y
    size = pen.fonts.small
    room = paper_w - 2 * margin
    right_w = pen.width(right, size)
    pen.text(margin, y, left, size, room=room - right_w - size)
    pen.text(paper_w - margin, y, right, size, align="right")



#: the smallest size a sheet's title (the ship's name) is set in: a longer name wraps, then shortens
TITLE_LEAST = 9.0


def title_lines(pen: "Pen", name: str, room: float, size: float, height: float) -> tuple[list[str], float]:
    """A title in `room`: one line at its size if it fits, else two lines (broken after a space or
    a hyphen) at the largest size down to `TITLE_LEAST` that fits them and the band's `height`,
    else two lines at that size with the second shortened."""
    name = printable(name)
    if pen.width(name, size, True) <= room:
        return [name], size
    pieces = [p for p in re.split(r"(?<=[ \-])", name) if p]
    while True:
        lines: list[str] = []
        for piece in pieces:
            if lines and pen.width((lines[-1] + piece).rstrip(), size, True) <= room:
                lines[-1] += piece
            else:
                lines.append(piece)
        lines = [line.rstrip() for line in lines]
        fits = len(lines) <= 2 and all(pen.width(t, size, True) <= room for t in lines)
        if (fits and 2 * size * pen.fonts.leading <= height) or size <= TITLE_LEAST:
            break
        size = max(TITLE_LEAST, _round_down(size - SHRINK_STEP))
    if len(lines) > 2 or not all(pen.width(t, size, True) <= room for t in lines):
        first = lines[0] if pen.width(lines[0], size, True) <= room else shorten(
            lines[0], lambda t: pen.width(t, size, True) <= room)
        rest = name[len(lines[0]):].strip() if first == lines[0] else ""
        lines = [first] + ([shorten(rest, lambda t: pen.width(t, size, True) <= room)
                            if pen.width(rest, size, True) > room else rest] if rest else [])
    return lines, size


def title_band(pen: "Pen", layout, top: float, name: str, right: str, who: str, mark: str = "") -> float:
    """The band across the top of a sheet: the ship's name (and a mark such as STRUCK after it) on
    the left; what the sheet is and whose ship she is on the right. Returns the y below the band
    and its gap."""
    x, width, h, f = layout.page.margin, layout.paper.width - 2 * layout.page.margin, layout.title.height, pen.fonts
    pen.band(x, top - h, width, h)
    right_w = max(pen.width(right, f.small), pen.width(who, f.small, bold=True))
    base = pen.middle(top, h, f.title, True)
    mark_w = pen.width(f"  {mark}", f.title, bold=True) if mark else 0.0
    room = width - right_w - 3 * f.small - mark_w
    lines, size = title_lines(pen, name, room, f.title, h)
    if len(lines) == 1:
        pen.text(x + f.small, base, lines[0], size, bold=True)
    else:
        pen.block(x + f.small, top, h, [(line, size, True) for line in lines])
        base = pen.middle(top, h, size, True) - size * f.leading / 2
    if mark:
        pen.text(x + f.small + pen.width(lines[-1], size, bold=True), base, f"  {mark}", f.title, bold=True)
    pen.block(x + width - f.small, top, h, [(right, f.small, False), (who, f.small, True)], align="right")
    return top - h - layout.title.gap


@dataclass(frozen=True, slots=True)
class TurnLog:
    """A sheet's turn log as paging needs it, once the sheet's fixed part is drawn.

    `rows(n)` gives the first n grid rows, `draw_rows(y, room, rows)` draws some at y, and
    `title(top, note)` draws the sheet's title band and returns the y below it; `grid` is the
    layout's section for the log (header, row, min_rows, game_rows), `across` its side-by-side
    columns, `needed` the rows the game asks for, `footer` the footer's left text and the page key."""

    grid: Any
    across: int
    rows: Callable[[int], Sequence]
    needed: int
    draw_rows: Callable[[float, float, Sequence], None]
    title: Callable[[float, str], float]
    footer: tuple[str, str]
    lead: int = 0        # rows before turn 1 (WS&IM's start row)

    def first(self, y: float, bottom: float) -> int:
        """Rows that go under the sheet's fixed part, between `y` and `bottom` (none when fewer
        than `min_rows` a column would fit: the log then starts on the next page)."""
        first = grid_capacity(y - bottom, self.grid.header, self.grid.row, self.across)
        return 0 if first < self.grid.min_rows * self.across else first

    def spans(self, first: int, later: int) -> tuple:
        """The rows of each page: `first` on the sheet's own, `later` on each continuation, until the
        log holds the turns played and at least `game_rows` (a whole game)."""
        return spans(max(self.needed, self.grid.game_rows), first, later)


def grid_pages(pen: "Pen", layout, y: float, log: TurnLog) -> int:
    """Page a sheet's turn grid: the rows that fit under the sheet's top part (at `y`), then
    continuation pages each headed by the title band, until the grid holds the turns played and at
    least `grid.game_rows` (a whole game); returns the pages drawn."""
    paper, page = layout.paper, layout.page
    bottom, top = page.margin + page.footer, paper.height - page.margin
    later = grid_capacity(top - layout.title.height - layout.title.gap - bottom, log.grid.header, log.grid.row,
                          log.across)
    pages = log.spans(log.first(y, bottom), later)
    body = log.rows(pages[-1].stop)
    for n, span in enumerate(pages, 1):
        if n > 1:
            y = log.title(top, f"continued, page {n}")
        if len(span):
            log.draw_rows(y, y - bottom, body[span.start:span.stop])
        footer(pen, paper.width, page.margin, log.footer[0], f"{log.footer[1]}  {n}/{len(pages)}")
        pen.canvas.showPage()
    return len(pages)
