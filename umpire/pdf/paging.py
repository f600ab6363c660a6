"""Paging: how many rows go on each page. Pure arithmetic, no drawing."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Span:
    """Rows [start, stop) of a list printed on one page."""

    start: int
    stop: int

    def __len__(self) -> int:
        return self.stop - self.start


def spans(needed: int, first: int, later: int) -> tuple[Span, ...]:
    """Split `needed` rows over a first page holding `first` and further pages holding `later` each.

    The first page is always printed (it may hold no rows); every page is
    filled to its capacity, so the last one ends with spare rows to write in.
    """
    if later < 1:
        raise ValueError("a continuation page must hold at least one row")
    out = [Span(0, first)]
    start = first
    while start < needed:
        out.append(Span(start, start + later))
        start += later
    return tuple(out)


def grid_capacity(height: float, header: float, row: float, across: int) -> int:
    """Rows a turn grid of `across` side-by-side columns holds in `height`."""
    per_column = int((height - header) // row) if height > header else 0
    return max(0, per_column) * across


def card_grid(room_w: float, room_h: float, card_w: float, card_h: float) -> tuple[int, int]:
    """(columns, rows) of cards that fit the printable area."""
    return max(1, int(room_w // card_w)), max(1, int(room_h // card_h))


def chunks(count: int, per_page: int) -> tuple[Span, ...]:
    """Items split into pages of `per_page`."""
    return tuple(Span(i, min(i + per_page, count)) for i in range(0, count, per_page)) or (Span(0, 0),)


#: ships to a page (`sheet --per-page`) -> (the page turned landscape, cells across, cells down): two
#: sheets side by side on a landscape page, four in the quarters of an upright one, so that every
#: cell is upright like the sheet it holds
CELLS: dict[int, tuple[bool, int, int]] = {1: (False, 1, 1), 2: (True, 2, 1), 4: (False, 2, 2)}


@dataclass(frozen=True, slots=True)
class Cell:
    """Part of a page that holds one ship's sheet: its lower-left corner and size, in points."""

    x: float
    y: float
    width: float
    height: float


def page_cells(width: float, height: float, per_page: int, edge: float) -> tuple[tuple[float, float], tuple[Cell, ...]]:
    """The page's size (turned as `CELLS` says) and its cells in reading order, left to right and
    top to bottom, tiling the page inside `edge` (kept clear at the paper's edges)."""
    landscape, across, down = CELLS[per_page]
    w, h = (max(width, height), min(width, height)) if landscape else (width, height)
    cw, ch = (w - 2 * edge) / across, (h - 2 * edge) / down
    return (w, h), tuple(Cell(edge + i * cw, h - edge - (j + 1) * ch, cw, ch) for j in range(down) for i in range(across))
