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
