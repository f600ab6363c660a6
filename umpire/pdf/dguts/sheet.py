"""Drawers for the DGUTS ship data sheet and the DGUTS player card.

The sheet carries the Training Game's Ship Data Sheet entries, the armament
by calibre with fire factors, the damage ladders (sails and masts, tenths of
crew, sinking) and the morale ladder, then a turn log. Positions come from
the layout; nothing here decides a rule.
"""

from __future__ import annotations

from typing import Sequence

from umpire.pdf.briefing import Item, briefing_lines, draw_lines
from umpire.pdf.cards import card_header, card_pages as shared_card_pages
from umpire.pdf.draw import Pen, TurnLog, _greedy, field_lines, printable, title_band
from umpire.pdf.dguts.views import DgutsShip, Field, Ladder, LogRow, grid_rows, rows_needed
from umpire.pdf.dguts.layout import DgutsCardLayout, DgutsSheetLayout
from umpire.pdf.layout import Armament
from umpire.pdf.layout import Ladder as LadderSpec
from umpire.pdf.paging import chunks

SHEET_NAME = "Don't Give Up The Ship! ship data sheet"
CARD_NAME = "Don't Give Up The Ship! ship cards"
GUN_HEADINGS = ("Calibre", "Guns", "Type", "Fire factors", "Per side")


# --- the data sheet ---------------------------------------------------------------

def sheet_top(pen: Pen, view: DgutsShip, layout: DgutsSheetLayout, origin: str,
              brief: Sequence[Item] = ()) -> tuple[float, TurnLog]:
    """Draw the data sheet's fixed part (everything above the turn log); returns the y below it and
    the log still to draw. A duel's sheets carry the scenario's briefing above the turn log."""
    paper, page = layout.paper, layout.page
    x, width = page.margin, paper.width - 2 * page.margin
    top = paper.height - page.margin
    y = _title(pen, layout, view, top, "")
    y -= _fields(pen, layout, view, y)
    if view.speed_note and pen.width(view.speed_note, pen.fonts.small) <= width:
        y -= layout.fields.line
        pen.text(x, pen.middle(y + layout.fields.line, layout.fields.line, pen.fonts.small), view.speed_note,
                 pen.fonts.small, room=width)
    elif view.speed_note:   # too long for a line (a sheet two or four to a page): wrapped whole
        y = _note(pen, x, y - layout.fields.gap / 2, width, view.speed_note, bold=False)
    for note in view.notes:
        y = _note(pen, x, y, width, note)
    y -= layout.fields.gap
    y -= guns_table(pen, layout.armament, x, y, view, pen.fonts.text) + layout.armament.gap
    for ladder in view.ladders:
        y -= draw_ladder(pen, layout.ladder, x, y, ladder, width, values=True) + layout.ladder.gap
    if brief:
        y = draw_lines(pen, x, y, briefing_lines(pen, brief, width, pen.fonts.small), width) - layout.ladder.gap
    return y, TurnLog(layout.log, 1, lambda n: grid_rows(view, n), rows_needed(view),
                      lambda y0, room, rows: _log(pen, layout, x, y0, width, rows),
                      lambda t, note: _title(pen, layout, view, t, note),
                      (f"umpire - {SHEET_NAME} - {origin}", view.ship_id))


def _note(pen: Pen, x: float, top: float, width: float, text: str, bold: bool = True) -> float:
    """A scenario's note on the ship, wrapped whole over as many lines as it needs; returns the y below."""
    size = pen.fonts.small
    lead = size * pen.fonts.leading
    for line in _greedy(text.split(), lambda t: pen.width(t, size, bold) <= width):
        top -= lead
        pen.text(x, top + size * 0.2, line, size, bold=bold)
    return top


def _title(pen: Pen, layout: DgutsSheetLayout, view: DgutsShip, top: float, note: str) -> float:
    who = f"{view.side} side" + (f" ({view.nation})" if view.nation and view.nation != view.side else "")
    return title_band(pen, layout, top, view.name, SHEET_NAME + (f" - {note}" if note else ""),
                      who + f" - id {view.ship_id}")

def _fields(pen: Pen, layout: DgutsSheetLayout, view: DgutsShip, top: float) -> float:
    fl = layout.fields
    x, width = layout.page.margin, layout.paper.width - 2 * layout.page.margin
    col = (width - fl.column_gap) / 2
    left = _field_column(pen, fl.line, fl.label, x, top, col, view.left)
    right = _field_column(pen, fl.line, fl.label, x + col + fl.column_gap, top, col,
                          view.right + tuple(Field("", s) for s in view.status))
    return top - min(left, right)


def _field_column(pen: Pen, line: float, label: float, x: float, top: float, width: float,
                  fields: Sequence[Field]) -> float:
    f = pen.fonts
    y = top
    for fld in fields:
        base = pen.middle(y, line, f.text)
        height = line
        if fld.label:
            whole = pen.fit(fld.value, width - label, f.text)[0] == printable(fld.value)
            parts = [fld.value] if whole else field_lines(pen, fld.value, width - label, f.text, False)  # not cut
            pen.text(x, base, fld.label, f.small, room=label)
            for k, part in enumerate(parts):
                pen.text(x + label, base - k * f.text * f.leading, part, f.text, room=width - label)
            height += (len(parts) - 1) * f.text * f.leading
            pen.rule(x + label, y - height, x + width, y - height, pen.ink.box)
        else:
            pen.text(x, base, fld.value, f.text, bold=True, room=width)
        y -= height
    return y


def guns_table(pen: Pen, spec: Armament, x: float, top: float, view: DgutsShip, size: float) -> float:
    """Armament by calibre with fire factors (Basic Rules VII.A), then the chasers; returns height used."""
    f = pen.fonts
    total = sum(spec.widths)
    pen.band(x, top - spec.line, total, spec.line)
    y = top
    rows = [GUN_HEADINGS] + [(g.calibre, g.guns, g.kind, g.factors, g.per_side) for g in view.guns]
    for i, cells in enumerate(rows):
        base = pen.middle(y, spec.line, size)
        cx = x
        for cell, w in zip(cells, spec.widths):
            pen.text(cx + f.small / 2, base, cell, f.small if i == 0 else size, bold=i == 0, room=w - f.small)
            cx += w
        pen.rule(x, y - spec.line, x + total, y - spec.line, pen.ink.box)
        y -= spec.line
    base = pen.middle(y, spec.line, size)
    pen.text(x + f.small / 2, base, view.chasers, size, room=total)
    return top - y + spec.line


def draw_ladder(pen: Pen, spec: LadderSpec, x: float, top: float, ladder: Ladder, width: float,
                values: bool) -> float:
    """A ladder: title, then a box per rung (crossed when reached, heavy for a mast, a dot for the
    morale now) with its value underneath; returns the height used."""
    f = pen.fonts
    size = f.small
    if values:
        pen.text(x, pen.middle(top, spec.title, f.text, True), ladder.title, f.text, bold=True, room=spec.label)
        pen.text(x + spec.label, pen.middle(top, spec.title, size), ladder.caption, size, room=width - spec.label)
        top -= spec.title
    elif _words(ladder):
        return _word_ladder(pen, spec, x, top, ladder, width)
    else:
        pen.text(x, pen.middle(top, spec.box, f.text, True), ladder.title, f.text, bold=True, room=spec.label)
    across = max(1, min(len(ladder.rungs), spec.per_row))
    fit = (width - spec.label) / across
    step = fit if _words(ladder) and not values else min(spec.step, fit)
    widest = _widest(pen, ladder) if values else 0.0
    if widest > step:       # a caption the step would cut widens the steps, as far as the row allows
        step = min(widest + f.small, fit)
    y = top
    captions = (2 if any(r.note for r in ladder.rungs) else 1) if values or _words(ladder) else 0
    rows = chunks(len(ladder.rungs), spec.per_row)
    for span in rows:
        for k, rung in enumerate(ladder.rungs[span.start:span.stop]):
            bx = x + spec.label + k * step + ((step - spec.box) / 2 if _words(ladder) else 0)
            _rung(pen, bx, y - spec.box, spec.box, rung)
            if captions:
                _caption(pen, bx + spec.box / 2, y - spec.box, step, spec.caption, rung, size)
        y -= spec.box + captions * spec.caption + spec.row_gap
    return top - y + (spec.title if values else 0)


def _widest(pen: Pen, ladder: Ladder) -> float:
    """The width of the widest caption under a ladder's boxes (its value, or its note)."""
    f = pen.fonts
    return max((max(pen.width(r.value, f.small), pen.width(r.note, f.note) if r.note else 0.0)
                for r in ladder.rungs), default=0.0)


def _word_ladder(pen: Pen, spec: LadderSpec, x: float, top: float, ladder: Ladder, width: float) -> float:
    """A ladder of words (morale) on a card: each word whole under its box, each box as wide a step
    as its word needs; the title goes on a line of its own when the words need the whole width.
    Returns the height used."""
    f = pen.fonts
    start = top
    steps = word_steps(pen, ladder, width - spec.label, f.small, spec.box)
    if steps is None:
        pen.text(x, pen.middle(top, spec.title, f.text, True), ladder.title, f.text, bold=True, room=width)
        top -= spec.title
        left = x
        steps = word_steps(pen, ladder, width, f.small, spec.box) or [width / len(ladder.rungs)] * len(ladder.rungs)
    else:
        pen.text(x, pen.middle(top, spec.box, f.text, True), ladder.title, f.text, bold=True, room=spec.label)
        left = x + spec.label
    for rung, step in zip(ladder.rungs, steps):
        _rung(pen, left + (step - spec.box) / 2, top - spec.box, spec.box, rung)
        _caption(pen, left + step / 2, top - spec.box, step, spec.caption, rung, f.small)
        left += step
    return start - (top - spec.box - spec.caption - spec.row_gap)


def word_steps(pen: Pen, ladder: Ladder, room: float, size: float, box: float) -> list[float] | None:
    """How wide a step each word of the ladder takes so that all show whole in `room` (the room
    left over shared out evenly), or None when they do not fit."""
    gap = size / 2
    needs = [max(pen.width(r.value, size), box) + gap for r in ladder.rungs]
    if not needs or sum(needs) > room:
        return None
    extra = (room - sum(needs)) / len(needs)
    return [n + extra for n in needs]


def _words(ladder: Ladder) -> bool:
    """A ladder whose rungs are words (morale) shows them even on a card."""
    return any(r.current for r in ladder.rungs) or ladder.title == "Morale"


def _rung(pen: Pen, x: float, y: float, size: float, rung) -> None:
    c = pen.canvas
    if rung.strong:
        c.setLineWidth(pen.ink.mark)
        c.rect(x, y, size, size, stroke=1, fill=0)
        if rung.crossed:
            pen.cross(x, y, size)
    else:
        pen.square(x, y, size, crossed=rung.crossed)
    if rung.current:
        c.circle(x + size / 2, y + size / 2, size / 4, stroke=0, fill=1)


def _caption(pen: Pen, centre: float, top: float, step: float, height: float, rung, size: float) -> None:
    pen.text(centre, pen.middle(top, height, size), rung.value, size, align="centre", room=step)
    if rung.note:
        note = pen.fonts.note
        pen.text(centre, pen.middle(top - height, height, note), rung.note, note, align="centre", room=step)


def _log(pen: Pen, layout: DgutsSheetLayout, x: float, top: float, width: float, rows: Sequence[LogRow]) -> None:
    lg, f = layout.log, pen.fonts
    cols = [lg.turn, lg.move, lg.fire, lg.high, lg.low, width - lg.turn - lg.move - lg.fire - lg.high - lg.low]
    heads = ["Turn", "Orders and move", "Fire", "High total", "Low total", "Notes"]
    edges = [x]
    for w in cols:
        edges.append(edges[-1] + w)
    bottom = top - lg.header - len(rows) * lg.row
    pen.band(x, top - lg.header, width, lg.header)
    base = pen.middle(top, lg.header, f.small, True)
    for e, w, head in zip(edges, cols, heads):
        pen.text(e + w / 2, base, head, f.small, bold=True, align="centre", room=w)
    pen.frame(x, bottom, width, top - bottom)
    for e in edges[1:-1]:
        pen.rule(e, top, e, bottom, pen.ink.box)
    y = top - lg.header
    for row in rows:
        pen.rule(x, y, x + width, y, pen.ink.box)
        base = pen.middle(y, lg.row, f.text)
        cells = (row.turn, row.move, row.fire, row.high, row.low, row.notes)
        for j, (cell, w) in enumerate(zip(cells, cols)):
            if cell:
                centred = j in (0, 3, 4)
                pen.text(edges[j] + (w / 2 if centred else f.small / 2), base, cell, f.text,
                         align="centre" if centred else "left", room=w - f.small)
        y -= lg.row


# --- the player card --------------------------------------------------------------

def card_pages(pen: Pen, views: Sequence[DgutsShip], layout: DgutsCardLayout, origin: str, brief: Sequence[Item] = ()) -> int:
    """Cards side by side with dashed cut lines; returns pages drawn."""
    return shared_card_pages(pen, views, layout, origin, card_face, CARD_NAME, brief)


def card_face(pen: Pen, x: float, y: float, view: DgutsShip, layout: DgutsCardLayout) -> None:
    """One card: name, the data sheet's numbers in short, the ladders to mark damage on."""
    card, f = layout.card, pen.fonts
    inner = card.width - 2 * card.padding
    left, top = x + card.padding, y + card.height - card.padding
    top = card_header(pen, left, top, inner, card.line, view.name, view.side, view.ship_id) - card.gap / 2
    for i, fact in enumerate(view.card_facts):
        lines, size = pen.wrap(fact, inner, f.small, 3) if fact else ([], f.small)
        for line in lines:
            pen.text(left, pen.middle(top, card.line, size), line, size, room=inner)
            top -= card.line
        if i == 0:
            top -= guns_table(pen, layout.armament, left, top, view, f.small) + layout.armament.gap
    top -= card.gap
    for ladder in view.ladders:
        if not ladder.rungs:
            continue
        top -= draw_ladder(pen, layout.ladder, left, top, ladder, inner, values=False) + layout.ladder.gap
    for line in view.status:
        if top - card.line < y + card.padding:
            break
        pen.text(left, pen.middle(top, card.line, f.small, True), line, f.small, bold=True, room=inner)
        top -= card.line
