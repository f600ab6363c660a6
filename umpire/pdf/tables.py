"""Quick-reference tables printed after the sheets (`umpire sheet --tables`).

The tables come from the ruleset's data as the game loads it: its level's
layer and the game's house rulings applied. A row a house ruling changed is
marked with an asterisk and printed bold, and the page says so. Any table
shape prints: a list of values becomes a row, a table of lists a block of
rows, a table of plain values one row of `key value` pairs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from umpire.pdf.draw import Pen, footer, title_band

SKIP = ("source", "cite", "note", "notes")
RULED = "*"


@dataclass(frozen=True, slots=True)
class Row:
    label: str
    cells: tuple[str, ...]
    ruled: bool = False


@dataclass(frozen=True, slots=True)
class Block:
    """One table: its name, where it comes from, and its rows."""

    title: str
    source: str
    rows: tuple[Row, ...]


def quick_tables(names: Sequence[str], tables: Any, options: Sequence[str] = ()) -> tuple[Block, ...]:
    """The tables `names` (a rule family's `Printing.quick_tables`) as loaded for the game, house
    rulings applied."""
    rulings = dict(getattr(tables, "rulings", {}) or {})
    out = []
    for name in names:
        try:
            doc = tables[name]
        except Exception:     # a table the ruleset does not have (or lacks in the text): not printed
            continue
        rows = tuple(_rows(doc, name, rulings, options))
        out.append(Block(name, str(doc.get("source", "")), rows))
    return tuple(out)


def _rows(doc: Mapping, path: str, rulings: Mapping[str, Any], options: Sequence[str], label: str = ""):
    scalars = []
    for key, value in doc.items():
        if key in SKIP or (key.startswith("optional") and not options):
            continue
        here, name = f"{path}.{key}", f"{label} {key}".strip().replace("_", " ")
        ruled = any(k == here or k.startswith(here + ".") or here.startswith(k + ".") for k in rulings)
        if isinstance(value, Mapping):
            yield from _rows(value, here, rulings, options, name)
        elif isinstance(value, list) and value and all(isinstance(v, list) for v in value):
            for i, row in enumerate(value):
                yield Row(f"{name} {i + 1}", tuple(_cell(v) for v in row), ruled)
        elif isinstance(value, list):
            yield Row(name, tuple(_cell(v) for v in value), ruled)
        else:
            scalars.append((f"{key}".replace("_", " ") + f" {_cell(value)}", ruled))
    for i in range(0, len(scalars), 6):
        part = scalars[i:i + 6]
        yield Row(label or path, tuple(t for t, _ in part), any(r for _, r in part))


def _cell(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, list):
        return "-".join(_cell(v) for v in value)
    return str(value)


# --- drawing -------------------------------------------------------------------------

def table_pages(pen: Pen, blocks: Sequence[Block], layout: Any, origin: str, title: str) -> int:
    """The tables one under the other over as many pages as they need; returns pages drawn."""
    paper, page, f = layout.paper, layout.page, pen.fonts
    x, width = page.margin, paper.width - 2 * page.margin
    top, bottom = paper.height - page.margin, page.margin + page.footer
    line = f.text * f.leading * 1.25
    pages = 0
    y = _page_top(pen, layout, top, title)
    ruled = any(r.ruled for b in blocks for r in b.rows)
    for block in blocks:
        need = 2 * line + min(3, len(block.rows)) * line
        if y - need < bottom:
            pages += _end(pen, layout, origin, ruled)
            y = _page_top(pen, layout, top, title)
        pen.text(x, pen.middle(y, line, f.heading, True), block.title, f.heading, bold=True, room=width / 3)
        pen.text(x + width, pen.middle(y, line, f.small), block.source, f.small, align="right", room=width * 2 / 3)
        pen.rule(x, y - line, x + width, y - line, pen.ink.box)
        y -= line
        label_w = min(width * 0.3, max((pen.width(r.label, f.text) for r in block.rows), default=0) + f.text)
        across = max((len(r.cells) for r in block.rows), default=1)
        for row in block.rows:
            if y - line < bottom:
                pages += _end(pen, layout, origin, ruled)
                y = _page_top(pen, layout, top, title)
            _row(pen, x, y, line, label_w, width, row, across)
            y -= line
        y -= line / 2
    return pages + _end(pen, layout, origin, ruled)


def _row(pen: Pen, x: float, y: float, line: float, label_w: float, width: float, row: Row, across: int) -> None:
    f = pen.fonts
    base = pen.middle(y, line, f.text, row.ruled)
    pen.text(x, base, row.label + (f" {RULED}" if row.ruled else ""), f.text, bold=row.ruled, room=label_w - f.small)
    cell_w = (width - label_w) / max(1, across, len(row.cells))
    for i, cell in enumerate(row.cells):
        pen.text(x + label_w + i * cell_w, base, cell, f.text, bold=row.ruled, room=cell_w - f.small)


def _page_top(pen: Pen, layout: Any, top: float, title: str) -> float:
    return title_band(pen, layout, top, "Quick-reference tables", title, "as loaded for this game")


def _end(pen: Pen, layout: Any, origin: str, ruled: bool) -> int:
    paper, page = layout.paper, layout.page
    note = f"  {RULED} changed by a house ruling" if ruled else ""
    footer(pen, paper.width, page.margin, f"umpire - quick-reference tables - {origin}{note}",
           f"tables {pen.canvas.getPageNumber()}")
    pen.canvas.showPage()
    return 1
