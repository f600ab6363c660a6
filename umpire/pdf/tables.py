"""Quick-reference tables printed after the sheets (`umpire sheet --tables`).

The tables come from the ruleset's data as the game loads it: its level's layer and the game's
house rulings applied. Each rule family lays its tables out as its rule book does (row and column
headings, notes) through a *shaper* per table (`pdf/<family>/quickref.py`); a table no shaper knows
prints as labelled rows of words and numbers. A cell a house ruling changed carries its own mark
(`RULED`, not the `*` the Advanced hit tables print for criticals), and the page's footer lists the
rulings. Nothing on the page is a program value: a shaper gives text, and `words` turns any value
into plain words.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, Callable, Iterable, Mapping, Sequence

from umpire.pdf.draw import Pen, _greedy, footer, title_band
from umpire.core.numbers import measure

SKIP = ("source", "cite", "note", "notes", "replace")
RULED = "\u2020"                 # dagger: changed by a house ruling
MINUS = "\u2212"
DASH = "\u2013"


@dataclass(frozen=True, slots=True)
class Cell:
    text: str
    ruled: bool = False


@dataclass(frozen=True, slots=True)
class Head:
    """A column heading over `span` columns."""

    text: str
    span: int = 1


@dataclass(frozen=True, slots=True)
class Row:
    label: str
    cells: tuple[Cell, ...]
    ruled: bool = False
    rule_above: bool = False     # a line above the row (a new group, e.g. the next hit table)


@dataclass(frozen=True, slots=True)
class Block:
    """One printed table: its title, where it comes from, headings, rows and notes."""

    title: str
    source: str
    rows: tuple[Row, ...]
    corner: str = ""                                 # heading of the label column
    heads: tuple[tuple[Head, ...], ...] = ()         # heading rows over the cells
    notes: tuple[str, ...] = ()
    table: str = ""                                  # the data table it comes from

    @property
    def across(self) -> int:
        return max((len(r.cells) for r in self.rows), default=0)


@dataclass(frozen=True, slots=True)
class Ctx:
    """What a shaper needs besides its table: the game's rulings and optional rules."""

    name: str
    rulings: Mapping[str, Any] = field(default_factory=dict)
    options: tuple[str, ...] = ()

    def ruled(self, *parts: object) -> bool:
        here = ".".join([self.name, *(str(p) for p in parts)])
        return any(k == here or k.startswith(here + ".") or here.startswith(k + ".") for k in self.rulings)

    def cell(self, value: Any, *parts: object, signed: bool = False) -> Cell:
        return Cell(signed_number(value) if signed else words(value), self.ruled(*parts))


Shaper = Callable[[Mapping, Ctx], Sequence[Block]]


def quick_tables(names: Sequence[str], tables: Any, options: Sequence[str] = (),
                 shapers: Mapping[str, Shaper] | None = None) -> tuple[Block, ...]:
    """The tables `names` (a rule family's `Printing.quick_tables`) as loaded for the game, house
    rulings applied, each laid out by its family's shaper (or as labelled rows)."""
    rulings = dict(getattr(tables, "rulings", {}) or {})
    out: list[Block] = []
    for name in names:
        try:
            doc = tables[name]
        except Exception:     # a table the ruleset does not have (or lacks in the text): not printed
            continue
        shape = (shapers or {}).get(name, generic)
        out.extend(replace(b, table=name) for b in shape(doc, Ctx(name, rulings, tuple(options))) if b.rows)
    return tuple(out)


def ruled_names(blocks: Sequence[Block], rulings: Mapping[str, Any]) -> tuple[str, ...]:
    """The house rulings on the printed tables, as words (for the footer beside the mark)."""
    printed = {b.table for b in blocks}
    return tuple(f"{k.split('.', 1)[0]}: {label(k.split('.', 1)[-1].replace('.', ' '))}"
                 for k in rulings if k.split(".", 1)[0] in printed)


# --- words -----------------------------------------------------------------------------

def label(key: object) -> str:
    """A data key as words: `crew_section_loss` -> `crew section loss`."""
    return str(key).replace("_", " ").replace("-", " ").strip()


def title_case(key: object) -> str:
    text = label(key)
    return text[:1].upper() + text[1:]


def words(value: Any) -> str:
    """Any table value as the words and numbers a player reads (never a program value)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return number(value)
    if isinstance(value, int):
        return str(value).replace("-", MINUS)
    if isinstance(value, str):
        return fraction_text(value)
    if isinstance(value, Mapping):
        return "; ".join(f"{label(k)} {words(v)}" for k, v in value.items() if k not in SKIP)
    if isinstance(value, (list, tuple)):
        if len(value) == 2 and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            return band(value)
        return ", ".join(words(v) for v in value) if value else "none"
    return str(value)


def number(value: float) -> str:
    """A measure as every page writes it (`core.numbers.measure`), a minus sign for a negative."""
    return measure(value).replace("-", MINUS)


def fraction_text(text: str) -> str:
    """A fraction written in the data ("3/2", "-1/20") as the rules write it (1 1/2, −1/20)."""
    try:
        value = Fraction(text)
    except (ValueError, ZeroDivisionError):
        return text
    if "/" not in text:
        return text
    whole, rest = divmod(abs(value.numerator), value.denominator)
    sign = MINUS if value < 0 else ""
    if not rest:
        return f"{sign}{whole}"
    part = f"{rest}/{value.denominator}"
    return f"{sign}{whole} {part}" if whole else f"{sign}{part}"


def signed_number(value: Any) -> str:
    """A modifier as the tables print it: +1, 0, −1."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return ("+" if value > 0 else "") + words(value)
    return words(value)


OPEN_END = 1000


def band(pair: Sequence[int]) -> str:
    """A band of numbers: 1–3, 13, 81+ (an open top)."""
    lo, hi = pair[0], pair[1]
    if hi >= OPEN_END:
        return f"{lo}+"
    return str(lo) if lo == hi else f"{lo}{DASH}{hi}"


def rolls(values: Iterable[int]) -> str:
    """Die faces as the tables print them: 1–3, or 1, 3, 5."""
    faces = sorted(int(v) for v in values)
    if not faces:
        return "none"
    if faces == list(range(faces[0], faces[-1] + 1)) and len(faces) > 1:
        return f"{faces[0]}{DASH}{faces[-1]}"
    return ", ".join(str(f) for f in faces)


# --- any table: labelled rows --------------------------------------------------------------

def generic(doc: Mapping, ctx: Ctx) -> Sequence[Block]:
    """A table no shaper knows: its plain values as one block of labelled rows, each sub-table as a
    block of its own (a list of records as columns named by their fields)."""
    title = title_case(ctx.name)
    return tuple(_generic(doc, ctx, title, ()))


def _generic(doc: Mapping, ctx: Ctx, title: str, path: tuple) -> Iterable[Block]:
    rows, subs = [], []
    for key, value in doc.items():
        if key in SKIP or (str(key).startswith("optional") and not ctx.options):
            continue
        if isinstance(value, Mapping) and any(isinstance(v, Mapping) for v in value.values()):
            subs.append((key, value))
        elif isinstance(value, Mapping):
            subs.append((key, value))
        elif isinstance(value, list) and value and all(isinstance(v, Mapping) for v in value):
            subs.append((key, value))
        else:
            rows.append(Row(title_case(key), (ctx.cell(value, *path, key),)))
    source = str(doc.get("source", ""))
    if rows:
        yield Block(title, source, tuple(rows))
    groups: dict[frozenset, list] = {}
    for k, v in subs:
        if isinstance(v, Mapping) and v and _plain(v) and "source" not in v:
            groups.setdefault(frozenset(v), []).append((k, v))
    for flat in (g for g in groups.values() if len(g) > 1):
        # sibling tables of the same keys (qualities, classes): one table, a column each
        yield Block(title, "", tuple(Row(title_case(r), tuple(ctx.cell(v[r], *path, k, r) for k, v in flat))
                                     for r in flat[0][1]),
                    heads=(tuple(Head(title_case(k)) for k, _ in flat),))
        subs = [(k, v) for k, v in subs if all(k != f for f, _ in flat)]
    for key, value in subs:
        name = f"{title}: {label(key)}"
        if isinstance(value, list):
            yield _records(value, ctx, name, source, (*path, key))
        elif all(isinstance(v, Mapping) for v in value.values() if v is not None) and value and not any(
                k in SKIP for k in value):
            yield _record_table(value, ctx, name, (*path, key))
        else:
            yield from _generic(value, ctx, name, (*path, key))


def _plain(table: Mapping) -> bool:
    return all(not isinstance(v, (Mapping, list)) for k, v in table.items() if k not in SKIP)


def _records(items: Sequence[Mapping], ctx: Ctx, title: str, source: str, path: tuple) -> Block:
    keys = list(dict.fromkeys(k for item in items for k in item))
    rows = tuple(Row(words(item.get(keys[0], "")),
                     tuple(ctx.cell(item.get(k, ""), *path, i, k) for k in keys[1:])) for i, item in enumerate(items))
    return Block(title, source, rows, corner=title_case(keys[0]), heads=(tuple(Head(title_case(k)) for k in keys[1:]),))


def _record_table(value: Mapping, ctx: Ctx, title: str, path: tuple) -> Block:
    """A table of records keyed by name (`{"1:1": {...}, ...}`): one row each, a column per field."""
    keys = list(dict.fromkeys(k for v in value.values() for k in v if k not in SKIP))
    rows = tuple(Row(words(name), tuple(ctx.cell(v.get(k, "") if k in v else "", *path, name, k) for k in keys))
                 for name, v in value.items())
    return Block(title, "", rows, heads=(tuple(Head(title_case(k)) for k in keys),))


def cited(source: str) -> str:
    """A table's source as a citation: the text and its section, without the quotations the data
    keeps after a colon."""
    return source.split(": ", 1)[0].split(" ('", 1)[0]


# --- drawing -------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class _Geometry:
    x: float
    label_w: float
    widths: tuple[float, ...]
    left: bool = False           # cells of words start at the left; cells of numbers are centred

    @property
    def width(self) -> float:
        return self.label_w + sum(self.widths)

    def col_x(self, i: int) -> float:
        return self.x + self.label_w + sum(self.widths[:i])


@dataclass(slots=True)
class _Paging:
    """Where the quick-reference pages stand: the pen, the page's frame and the y drawn down to."""

    pen: Pen
    layout: Any
    origin: str
    title: str
    rulings: Sequence[str]
    x: float
    width: float
    top: float
    bottom: float
    line: float
    pages: int = 0
    y: float = 0.0

    def start(self) -> None:
        self.y = _page_top(self.pen, self.layout, self.top, self.title)

    def turn(self) -> None:
        """The page ends (its footer drawn) and the next begins."""
        self.pages += _end(self.pen, self.layout, self.origin, self.rulings)
        self.start()

    @property
    def room(self) -> float:
        return _page_room(self.layout, self.top, self.bottom)


def table_pages(pen: Pen, blocks: Sequence[Block], layout: Any, origin: str, title: str,
                rulings: Sequence[str] = ()) -> int:
    """The tables one under the other, the narrow ones side by side, over as many pages as they
    need; returns pages drawn. A table's title never stands alone at a page's foot, and a table
    that fits a page is not split."""
    paper, page, f = layout.paper, layout.page, pen.fonts
    bottom = page.margin + page.footer + (f.small * f.leading * 1.2 * 2 if rulings else 0.0)
    at = _Paging(pen, layout, origin, title, tuple(rulings), page.margin, paper.width - 2 * page.margin,
                 paper.height - page.margin, bottom, f.text * f.leading * 1.3)
    at.start()
    i = 0
    while i < len(blocks):
        shelf = _shelf(pen, blocks[i:], at.x, at.width, at.line, at.room)
        if len(shelf) > 1:          # narrow tables side by side, as the rule books set them across
            _draw_shelf(at, shelf)
            i += len(shelf)
        else:
            _draw_block(at, blocks[i])
            i += 1
    return at.pages + _end(pen, layout, origin, at.rulings)


def _draw_shelf(at: _Paging, shelf: Sequence[tuple[Block, "_Geometry", float]]) -> None:
    height = max(_whole(at.pen, b, geo, w, at.line, None) for b, geo, w in shelf)
    if at.y - height < at.bottom:
        at.turn()
    cx = at.x
    for b, geo, w in shelf:
        _whole(at.pen, b, replace(geo, x=cx), w, at.line, at.y)
        cx += w + SHELF_GAP * at.pen.fonts.text
    at.y -= height + at.line * 0.8


def _draw_block(at: _Paging, block: Block) -> None:
    """One table across the page: moved whole to the next page if it fits one, else run on with its
    title ("continued") and headings repeated."""
    pen, f, line = at.pen, at.pen.fonts, at.line
    geo = _geometry(pen, block, at.x, at.width)
    heads = [_head_lines(pen, block, geo, k) for k in range(len(block.heads))]
    head_h = sum(max(1, n) for n in heads) * line if block.heads or block.corner else 0
    first = _row_height(pen, block.rows[0], geo, line) if block.rows else 0
    whole = line * 1.4 + head_h + sum(_row_height(pen, r, geo, line) for r in block.rows) + \
        sum(len(_wrap(pen, n, at.width, f.small)) * f.small * f.leading + f.small * 0.4 for n in block.notes)
    if at.y - (line * 1.4 + head_h + first) < at.bottom or (whole <= at.room and at.y - whole < at.bottom):
        at.turn()
    at.y = _heads(pen, block, geo, _title(pen, block, at.x, at.y, at.width, line), line, heads)
    for row in block.rows:
        h = _row_height(pen, row, geo, line)
        if at.y - h < at.bottom:
            at.turn()
            at.y = _heads(pen, block, geo, _title(pen, block, at.x, at.y, at.width, line, more=True), line, heads)
        _row(pen, geo, at.y, line, row)
        at.y -= h
    pen.rule(at.x, at.y, at.x + geo.width, at.y, pen.ink.box)
    for note in block.notes:
        lines = _wrap(pen, note, at.width, f.small)
        if at.y - len(lines) * f.small * f.leading - f.small < at.bottom:
            at.turn()
        at.y -= f.small * 0.4
        for text in lines:
            at.y -= f.small * f.leading
            pen.text(at.x, at.y + f.small * 0.25, text, f.small)
    at.y -= line * 0.8


SHELF_GAP = 3.0          # between tables side by side, in text sizes


def _shelf(pen: Pen, blocks: Sequence[Block], x: float, width: float, line: float,
           room: float) -> list[tuple[Block, _Geometry, float]]:
    """The narrow tables from the first on that go side by side across the page (each whole, no
    wider than half the page), with their geometry and the width each takes."""
    out: list[tuple[Block, _Geometry, float]] = []
    used = 0.0
    for block in blocks:
        geo = _geometry(pen, block, x, width)
        w = max(geo.width, pen.width(block.title, pen.fonts.heading, True) + pen.fonts.small)
        gap = SHELF_GAP * pen.fonts.text if out else 0.0
        if w > width / 2 - SHELF_GAP * pen.fonts.text or used + gap + w > width \
                or _whole(pen, block, geo, w, line, None) > room:
            break
        out.append((block, geo, w))
        used += gap + w
    return out


def _whole(pen: Pen, block: Block, geo: _Geometry, width: float, line: float, top: float | None) -> float:
    """A table whole in a column `width` wide: title, headings, rows, notes and its source under
    them; drawn from `top` (or only measured, with None). Returns its height."""
    f = pen.fonts
    y = top if top is not None else 0.0
    h = line * 1.4
    if top is not None:
        pen.text(geo.x, pen.middle(y, h, f.heading, True), block.title, f.heading, bold=True, room=width)
    y -= h
    heads = [_head_lines(pen, block, geo, i) for i in range(len(block.heads))]
    if top is not None:
        y = _heads(pen, block, geo, y, line, heads)
    elif block.heads or block.corner:
        y -= sum(max(1, n) for n in heads) * line if block.heads else line
    for row in block.rows:
        if top is not None:
            _row(pen, geo, y, line, row)
        y -= _row_height(pen, row, geo, line)
    if top is not None:
        pen.rule(geo.x, y, geo.x + geo.width, y, pen.ink.box)
    extra = [*block.notes, cited(block.source)] if block.source else list(block.notes)
    for k, note in enumerate(extra):
        size = f.note if block.source and k == len(extra) - 1 else f.small
        y -= f.small * 0.4
        for text in _wrap(pen, note, width, size):
            y -= size * f.leading
            if top is not None:
                pen.text(geo.x, y + size * 0.25, text, size)
    return (top if top is not None else 0.0) - y


def _page_room(layout: Any, top: float, bottom: float) -> float:
    """The height under a quick-reference page's title band."""
    return top - layout.title.height - layout.title.gap - bottom


def _wrap(pen: Pen, text: str, room: float, size: float, bold: bool = False) -> list[str]:
    return _greedy(str(text).split(), lambda t: pen.width(t, size, bold) <= room) or [""]


def _geometry(pen: Pen, block: Block, x: float, width: float) -> _Geometry:
    """Column widths: the label column as wide as its longest label (at most a third of the page),
    each cell column as wide as its longest word and in proportion to its longest text."""
    f, pad = pen.fonts, pen.fonts.text * 0.8
    labels = [r.label for r in block.rows] + [block.corner]
    label_w = min(width / 3, max(_longest(pen, t, f.text, True) for t in labels) + pad)
    label_w = max(label_w, max(_word(pen, t, f.text, True) for t in labels) + pad)
    n = block.across
    if not n:
        return _Geometry(x, width, ())
    least, most = [0.0] * n, [0.0] * n
    for row in block.rows:
        for i, c in enumerate(row.cells):
            text = c.text + (f" {RULED}" if c.ruled else "")
            least[i] = max(least[i], _word(pen, text, f.text, c.ruled) + pad)
            most[i] = max(most[i], pen.width(text, f.text, c.ruled) + pad)
    for heads in block.heads:
        i = 0
        for h in heads:
            if h.span == 1 and i < n:
                least[i] = max(least[i], _word(pen, h.text, f.small, True) + pad)
                most[i] = max(most[i], least[i])
            i += h.span
    room = width - label_w
    left = any(len(c.text) > 12 for r in block.rows for c in r.cells)
    if sum(most) <= room and n <= 2:                    # a column or two: no wider than they need
        widths = [max(m, f.text * 6) for m in most]
    elif sum(most) <= room:
        spare = (room - sum(most)) / n
        widths = [m + spare for m in most]
    else:
        extra = max(0.0, room - sum(least))
        want = [m - s for m, s in zip(most, least)]
        total = sum(want) or 1.0
        widths = [s + extra * w / total for s, w in zip(least, want)]
    return _Geometry(x, label_w, tuple(widths), left or sum(most) > room)


def _longest(pen: Pen, text: str, size: float, bold: bool) -> float:
    return pen.width(text, size, bold)


def _word(pen: Pen, text: str, size: float, bold: bool) -> float:
    return max((pen.width(w, size, bold) for w in str(text).split()), default=0.0)


def _title(pen: Pen, block: Block, x: float, y: float, width: float, line: float, more: bool = False) -> float:
    f = pen.fonts
    h = line * 1.4
    name = block.title + (" (continued)" if more else "")
    name_w = min(width * 0.6, pen.width(name, f.heading, True) + f.small)
    pen.text(x, pen.middle(y, h, f.heading, True), name, f.heading, bold=True, room=width * 0.6)
    if block.source:
        pen.text(x + width, pen.middle(y, h, f.note), cited(block.source), f.note, align="right",
                 room=width - name_w - f.small)
    return y - h


def _head_lines(pen: Pen, block: Block, geo: _Geometry, i: int) -> int:
    most, col = 0, 0
    for h in block.heads[i]:
        w = sum(geo.widths[col:col + h.span])
        most = max(most, len(_wrap(pen, h.text, w - pen.fonts.small * 0.4, pen.fonts.small, True)) if h.text else 0)
        col += h.span
    return most


def _heads(pen: Pen, block: Block, geo: _Geometry, y: float, line: float, lines: Sequence[int]) -> float:
    f = pen.fonts
    if not block.heads and not block.corner:
        return y
    total = sum(max(1, n) for n in lines) * line if block.heads else line
    width = geo.width
    pen.band(geo.x, y - total, width, total)
    if block.corner:
        pen.block(geo.x + f.small * 0.3, y, total, [(t, f.small, True) for t in _wrap(pen, block.corner,
                  geo.label_w - f.small * 0.6, f.small, True)])
    for heads, n in zip(block.heads, lines):
        h, col = max(1, n) * line, 0
        for head in heads:
            w = sum(geo.widths[col:col + head.span])
            if head.text:
                parts = _wrap(pen, head.text, w - f.small * 0.4, f.small, True)
                pen.block(geo.col_x(col) + w / 2, y, h, [(t, f.small, True) for t in parts], align="centre")
            if head.span > 1 and head.text:
                pen.rule(geo.col_x(col) + 1, y - h + 1, geo.col_x(col) + w - 1, y - h + 1, pen.ink.box)
            col += head.span
        y -= h
    pen.rule(geo.x, y, geo.x + width, y, pen.ink.box)
    return y


def _cell_lines(pen: Pen, row: Row, geo: _Geometry) -> list[list[str]]:
    f = pen.fonts
    return [_wrap(pen, c.text + (f" {RULED}" if c.ruled else ""), w - f.text * 0.6, f.text, c.ruled)
            for c, w in zip(row.cells, geo.widths)]


def _row_height(pen: Pen, row: Row, geo: _Geometry, line: float) -> float:
    label_lines = _wrap(pen, row.label, geo.label_w - pen.fonts.text * 0.6, pen.fonts.text, True)
    most = max([len(label_lines)] + [len(c) for c in _cell_lines(pen, row, geo)])
    return line if most <= 1 else line + (most - 1) * pen.fonts.text * pen.fonts.leading


def _row(pen: Pen, geo: _Geometry, y: float, line: float, row: Row) -> None:
    f = pen.fonts
    step = f.text * f.leading
    first = pen.middle(y, line, f.text)
    if row.rule_above:
        pen.rule(geo.x, y, geo.x + geo.width, y, pen.ink.box)
    mark = f" {RULED}" if row.ruled else ""
    for k, text in enumerate(_wrap(pen, row.label + mark, geo.label_w - f.text * 0.6, f.text, True)):
        pen.text(geo.x + f.small * 0.3, first - k * step, text, f.text, bold=True)
    for i, (cell, lines) in enumerate(zip(row.cells, _cell_lines(pen, row, geo))):
        for k, text in enumerate(lines):
            if geo.left:
                pen.text(geo.col_x(i) + f.text * 0.3, first - k * step, text, f.text, bold=cell.ruled)
            else:
                pen.text(geo.col_x(i) + geo.widths[i] / 2, first - k * step, text, f.text, bold=cell.ruled,
                         align="centre")


def _page_top(pen: Pen, layout: Any, top: float, title: str) -> float:
    return title_band(pen, layout, top, "Quick-reference tables", title, "as loaded for this game")


def _end(pen: Pen, layout: Any, origin: str, rulings: Sequence[str]) -> int:
    paper, page, f = layout.paper, layout.page, pen.fonts
    if rulings:
        note = f"{RULED} changed by a house ruling: " + "; ".join(rulings)
        lines = _wrap(pen, note, paper.width - 2 * page.margin, f.small)[:2]
        y = page.margin + page.footer + f.small * f.leading * (len(lines) - 1) + f.small * 0.3
        for text in lines:
            pen.text(page.margin, y, text, f.small)
            y -= f.small * f.leading
    footer(pen, paper.width, page.margin, f"umpire - quick-reference tables - {origin}",
           f"tables {pen.canvas.getPageNumber()}")
    pen.canvas.showPage()
    return 1
