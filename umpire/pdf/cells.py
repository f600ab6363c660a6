"""Several ships' sheets to a page (`umpire sheet --per-page 2|4`), as the boxed log pads had them.

Each sheet is laid out again for its cell (`layout.load_cells`: the template's `-2up` or `-4up`
variant, on a paper the cell's size) and drawn with the canvas moved to the cell, never scaled, so
text keeps its size (6 pt at least) and squares theirs. A cell holds the sheet's fixed part and the
turn-log rows that fit under it. The rest of each log, to `game_rows` turns at least, is stacked in
the cells of continuation pages, each part under its ship's title band ("continued, part 2"); a page
of continuations is printed as soon as its cells are full, and the last after the last sheet. A ship
whose fixed part is taller than a cell prints on a page of her own, as without the option, and is
named in a warning; ships keep their order, so she ends the page of cells before her.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Sequence

from reportlab.pdfgen.canvas import Canvas

from umpire.core.errors import BadInput
from umpire.pdf.draw import Pen, TurnLog, footer
from umpire.pdf.paging import CELLS, Cell, grid_capacity

def check_per_page(per_page: int, printing: Any) -> None:
    """Refuse a number of sheets to a page there is no layout for, or more than one to a page of a
    family whose sheets each fill a page (`Printing.shares_pages`, with its reason)."""
    if per_page not in CELLS:
        raise BadInput(f"--per-page {per_page}: sheets print 1, 2 or 4 to a page")
    if per_page != 1 and printing.shares_pages is not True:
        raise BadInput(f"--per-page {per_page}: {printing.shares_pages}")


@dataclass(frozen=True, slots=True)
class Piece:
    """Continuation rows of one ship's log in a cell: her log, which of her parts it is (of how many)
    and its rows."""

    log: TurnLog
    part: int
    parts: int
    rows: Sequence


@dataclass(slots=True)
class CellPages:
    """The run's shared pages: the cell layout and where its cells are, and how the family draws a
    sheet's fixed part in a cell and a whole sheet on pages of its own."""

    pen: Pen                      # the cells' fonts and ink, on the document's canvas
    cell: Any                     # the family's sheet layout for one cell
    page: tuple[float, float]     # the shared pages' size
    cells: tuple[Cell, ...]
    full: tuple[float, float]     # the paper's own size (the cover, a ship's own page, the tables)
    top: Callable[[Pen, Any], tuple[float, TurnLog]]   # draws a sheet's fixed part in a cell layout
    alone: Callable[[Any], int]                         # draws a sheet on pages of its own
    flow: list[list[Piece]] = field(default_factory=list)   # continuation cells not yet printed
    left: float = 0.0             # height left in the last of them

    def draw(self, views: Sequence[Any], progress: Callable[[int], None] | None) -> tuple[int, list[str]]:
        """Every ship's sheet, `len(cells)` to a page; returns the pages drawn and a warning for
        each ship that needed a page of her own."""
        scratch = Pen(Canvas(io.BytesIO(), pagesize=(self.cell.paper.width, self.cell.paper.height)),
                      self.pen.fonts, self.pen.ink)
        pages, group, warnings = 0, [], []
        for view in views:
            y, _ = self.top(scratch, view)            # measured on a canvas never saved
            if y < self._bottom():
                pages += self._sheets(group) + self.alone(view)
                group = []
                warnings.append(f"ship {view.ship_id} ({view.name}): her sheet does not fit {self.cell.paper.name}; "
                                f"printed on a page of her own")
            else:
                group.append(view)
                if len(group) == len(self.cells):
                    pages += self._sheets(group)
                    group = []
            if progress:
                progress(1)
        pages += self._sheets(group)
        return pages + self._continuations(everything=True), warnings

    # --- a page of sheets ---------------------------------------------------------------------

    def _sheets(self, views: Sequence[Any]) -> int:
        """One page of sheets, their logs' first rows under them; the rest of the logs go to the
        continuation cells, which fill any cell the sheets leave free, and any page of them now full
        follows. Returns pages drawn."""
        if not views:
            return 0
        self._begin()
        for view, cell in zip(views, self.cells):
            self._at(cell)
            y, log = self.top(self.pen, view)
            first = log.first(y, self._bottom())
            body = log.rows(self._total(log, first))
            self._rows(log, y, body[:first])
            parts = self._pack(log, body[first:])
            self._footer(log.footer[0], f"{log.footer[1]}  1/{parts}")
            self.pen.canvas.restoreState()
        self._fill(self.cells[len(views):])      # a page not full of sheets takes continuations
        self._end()
        return 1 + self._continuations(everything=False)

    def _total(self, log: TurnLog, first: int) -> int:
        """Rows of a log in all: the turns played and `game_rows` turns at least (after any row before
        turn 1, WS&IM's start row), at least what the first cell holds, in whole lines across."""
        total = max(log.needed, log.grid.game_rows + log.lead, first)
        return -(-total // log.across) * log.across

    # --- continuations ------------------------------------------------------------------------

    def _pack(self, log: TurnLog, rows: Sequence) -> int:
        """A log's remaining rows stacked into the continuation cells, running on into the next cell
        where one is full; returns the parts her log is printed in (1: all on her sheet)."""
        band = self.cell.title.height + self.cell.title.gap
        placed: list[tuple[list[Piece], int]] = []
        while rows:
            fit = grid_capacity(self.left - band, log.grid.header, log.grid.row, log.across)
            if fit < min(len(rows), log.grid.min_rows * log.across) and (not self.flow or self.flow[-1]):
                self.flow.append([])                       # too few rows here: the next cell
                self.left = self._head() - self._bottom()
                continue
            if fit < 1:
                raise BadInput(f"{self.cell.paper.name}: a continuation holds no row of the turn log")
            take = min(len(rows), fit)
            placed.append((self.flow[-1], len(self.flow[-1])))
            self.flow[-1].append(Piece(log, len(placed) + 1, 0, rows[:take]))
            self.left -= band + self._height(log, take) + self.cell.title.gap
            rows = rows[take:]
        for held, i in placed:                             # now her parts are known
            held[i] = replace(held[i], parts=len(placed) + 1)
        return len(placed) + 1

    def _height(self, log: TurnLog, rows: int) -> float:
        """Height of a log's grid of `rows` rows (without the title band)."""
        return log.grid.header + -(-rows // log.across) * log.grid.row

    def _continuations(self, everything: bool) -> int:
        """Pages of continuation cells: those now full (all cells but the one still being filled), or
        with `everything` the rest; returns pages drawn."""
        pages = 0
        while len(self.flow) > len(self.cells) or (everything and self.flow):
            self._begin()
            self._fill(self.cells)
            self._end()
            pages += 1
        return pages

    def _fill(self, cells: Sequence[Cell]) -> None:
        """The first continuation cells of the flow drawn in `cells` of the page (the one still being
        filled too, which is then closed)."""
        held, self.flow = self.flow[:len(cells)], self.flow[len(cells):]
        if not self.flow:
            self.left = 0.0
        for pieces, cell in zip(held, cells):
            self._at(cell)
            top = self._head()
            for piece in pieces:
                y = piece.log.title(top, f"continued, part {piece.part}")
                self._rows(piece.log, y, piece.rows)
                top = y - self._height(piece.log, len(piece.rows)) - self.cell.title.gap
            self._footer(pieces[0].log.footer[0], " \u00b7 ".join(f"{p.log.footer[1]} {p.part}/{p.parts}"
                                                                   for p in pieces))
            self.pen.canvas.restoreState()

    # --- the cells ----------------------------------------------------------------------------

    def _bottom(self) -> float:
        return self.cell.page.margin + self.cell.page.footer

    def _head(self) -> float:
        return self.cell.paper.height - self.cell.page.margin

    def _rows(self, log: TurnLog, y: float, rows: Sequence) -> None:
        """Rows of a log under `y` in the current cell."""
        if rows:
            log.draw_rows(y, y - self._bottom(), rows)

    def _footer(self, left: str, right: str) -> None:
        footer(self.pen, self.cell.paper.width, self.cell.page.margin, left, right)

    def _begin(self) -> None:
        self.pen.canvas.setPageSize(self.page)

    def _at(self, cell: Cell) -> None:
        """Draw in `cell` from here to the next `restoreState`: the canvas moved, not scaled."""
        self.pen.canvas.saveState()
        self.pen.canvas.translate(cell.x, cell.y)

    def _end(self) -> None:
        """Cut lines between the cells, then the page ends; the next page is the paper's own size."""
        w, h = self.page
        xs = sorted({c.x for c in self.cells} | {c.x + c.width for c in self.cells})[1:-1]
        ys = sorted({c.y for c in self.cells} | {c.y + c.height for c in self.cells})[1:-1]
        for x in xs:
            self.pen.cut_line(x, 0, x, h)
        for y in ys:
            self.pen.cut_line(0, y, w, y)
        self.pen.canvas.showPage()
        self.pen.canvas.setPageSize(self.full)
