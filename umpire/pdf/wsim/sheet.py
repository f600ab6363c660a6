"""Drawers for the WS&IM log sheet and the WS&IM player card.

The log follows the numbered lines of the 1981 rules' log sheet
("III. Prepare For Play / B. Log Sheet"); unused squares are shaded and lost
ones crossed. What differs by edition and level (the sheet's name, the word
for a turn, the loading mark, bow and stern sections, anchor boxes, the
legend) comes with each ship's log form (templates/wsim-forms.toml). Every
position comes from the layout; nothing here decides a rule.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Sequence

from umpire.pdf.briefing import Item, briefing_lines, draw_lines
from umpire.pdf.cards import card_header, card_pages as shared_card_pages
from umpire.pdf.draw import (Pen, TurnLog, draw_group, field_lines, draw_groups, draw_track, group_height, scaled,
                             title_band)
from umpire.pdf.layout import MM, Boxes
from umpire.pdf.views import BoxGroup
from umpire.pdf.paging import chunks
from umpire.pdf.wsim.layout import WsimCardLayout, WsimSheetLayout, load_form
from umpire.pdf.wsim.views import Allowance, TurnRow, WsimShip, grid_rows, rows_needed

SHEET_NAME = "Wooden Ships & Iron Men log"        # the 1981 form's names (templates/wsim-forms.toml)
CARD_NAME = "Wooden Ships & Iron Men ship cards"

LEGEND_1974 = Item("First edition (1974)", (
    "The 1974 log writes B (ballshot) where these rules write R, and RH, RG, RR in the notes for hull, gun "
    "and rigging repairs in progress.",))


def legend(source_ruleset: str, form=None) -> tuple[Item, ...]:
    """The legend of the log form's notation; a 1974 scenario played on another edition's log also
    gets the first edition's note."""
    if form is None:
        form = load_form("wsim-1981")
    first = source_ruleset == "wsim-1974" and not form.key.startswith("wsim-1974")
    return (Item(form.legend_title, form.legend),) + ((LEGEND_1974,) if first else ())


def sheet_name(view: WsimShip) -> str:
    return getattr(view.form, "sheet", SHEET_NAME)


def card_name(views: Sequence[WsimShip]) -> str:
    return getattr(views[0].form, "card", CARD_NAME) if views else CARD_NAME


# --- the log sheet -----------------------------------------------------------------

def sheet_top(pen: Pen, view: WsimShip, layout: WsimSheetLayout, origin: str, brief: Sequence[Item] = (),
              legend: Sequence[Item] = ()) -> tuple[float, TurnLog]:
    """Draw the log's fixed part (title, lines 1-8, the squares); returns the y below it and the turn
    grid still to draw. Beside the squares (or under them, for a ship too big to leave room) go the
    legend of the log's notation and, for a duel, the scenario's briefing."""
    paper, page = layout.paper, layout.page
    x, width = page.margin, paper.width - 2 * page.margin
    top = paper.height - page.margin
    y = _title(pen, layout, view, top, "")
    y -= _header(pen, layout, view, y) + layout.header.gap
    y = _boxes_and_panel(pen, layout, view, x, y, width, [*legend, *brief])
    return y, TurnLog(layout.turns, layout.turns.across, lambda n: grid_rows(view, n), rows_needed(view),
                      lambda y0, room, rows: _turn_grids(pen, layout, view, x, y0, width, room, rows),
                      lambda t, note: _title(pen, layout, view, t, note),
                      (f"umpire - {sheet_name(view)} - {origin}", view.ship_id), lead=1)


def _boxes_and_panel(pen: Pen, layout: WsimSheetLayout, view: WsimShip, x: float, top: float, width: float,
                     items: Sequence[Item]) -> float:
    """Sections 9-13, with the panel of `items` to their right when it has room, else below."""
    b, panel = layout.boxes, layout.panel
    block = b.heading + b.label + min(b.per_row, max(g.width for g in view.groups)) * (b.size + b.gap)
    record = getattr(view.form, "record", "")
    if record:   # the 1974 sheet's squares are its Hit Record
        pen.text(x, pen.middle(top, b.size, pen.fonts.heading, True), record, pen.fonts.heading, bold=True)
        top -= b.size + b.group_gap
    bottom = top - draw_groups(pen, x, top, view.groups, b, pen.fonts.text)
    if not items:
        return bottom
    side = width - block - panel.gap
    if side >= panel.min_width:
        lines = briefing_lines(pen, items, side, pen.fonts.small)
        end = load_key(pen, x + block + panel.gap, draw_lines(pen, x + block + panel.gap, top, lines, side), view.form)
        pen.rule(x + block + panel.gap / 2, top, x + block + panel.gap / 2, min(bottom, end) + b.group_gap,
                 pen.ink.box)
        return min(bottom, end - b.group_gap)
    lines = briefing_lines(pen, items, width, pen.fonts.small)
    return load_key(pen, x, draw_lines(pen, x, bottom, lines, width), view.form) - b.group_gap


def load_key(pen: Pen, x: float, top: float, form) -> float:
    """The load column's marks drawn as the turn grid draws them: the roundshot mark written at the
    turn loaded, and the same mark slashed when that broadside fires; returns the y below."""
    f = pen.fonts
    mark = form.load if form is not None else "R"
    h = f.text * f.leading * 1.5
    base = pen.middle(top, h, f.text, True)
    words = [(mark, False, "loaded"), (mark, True, "fired")]
    cx = x
    pen.text(cx, base, "Load column:", f.small, bold=True)
    cx += pen.width("Load column:", f.small, bold=True) + f.small
    for text, fired, meaning in words:
        w = pen.width(text, f.text, bold=True)
        pen.text(cx, base, text, f.text, bold=True)
        if fired:
            _slash(pen, cx + w / 2, base, f.text, w)
        cx += w + f.small * 0.6
        pen.text(cx, base, meaning, f.small)
        cx += pen.width(meaning, f.small) + f.small * 1.5
    return top - h


def _title(pen: Pen, layout: WsimSheetLayout, view: WsimShip, top: float, note: str) -> float:
    """The band across the top: the ship's name (marked when she is out of the fight), her side, her id
    and what the sheet is."""
    who = f"{view.side} side" + (f" ({view.nation})" if view.nation and view.nation != view.side else "")
    return title_band(pen, layout, top, view.name, sheet_name(view) + (f" - {note}" if note else ""),
                      f"{who} \u00b7 id {view.ship_id}", view.title_mark)


def _header(pen: Pen, layout: WsimSheetLayout, view: WsimShip, top: float) -> float:
    """Lines 1-8 on the left, the movement chart (4-7) and the ship's state on the right."""
    hd, f = layout.header, pen.fonts
    x, width = layout.page.margin, layout.paper.width - 2 * layout.page.margin
    col = (width - hd.column_gap) / 2
    lines = [
        ("1  Name and guns", view.line_one),
        ("2  Counter", view.counter or ""),
        ("3  Class", view.ship_class + (f"  ({view.class_note})" if view.class_note else "")),
        ("8  Crew quality", view.quality),
        ("Ship id", view.ship_id),
        ("Specification", view.spec),
        ("Draught, points", f"{view.draught}'   {view.points} points   turning {view.turning_text}"),
        ("Set-up", view.setup),
    ]
    y = top
    for label, value in lines:
        base = pen.middle(y, hd.line, f.text)
        bold = label.startswith("1 ")
        parts = field_lines(pen, value, col - hd.label, f.text, bold)
        pen.text(x, base, label, f.small, room=hd.label)
        for k, part in enumerate(parts):       # a long line 1 wraps onto more lines, at its size
            pen.text(x + hd.label, base - k * f.text * f.leading, part, f.text, bold=bold, room=col - hd.label)
        height = hd.line + (len(parts) - 1) * f.text * f.leading
        pen.rule(x + hd.label, y - height, x + col, y - height, pen.ink.box)
        y -= height
    right = _movement(pen, layout, view.movement, x + col + hd.column_gap, top)
    for line in view.status:
        base = pen.middle(right, hd.line, f.text, True)
        pen.text(x + col + hd.column_gap, base, line, f.text, bold=True, room=col)
        right -= hd.line
    return top - min(y, right)


def _movement(pen: Pen, layout: WsimSheetLayout, moves: Sequence[Allowance], x: float, top: float) -> float:
    """The movement chart of lines 4-7: battle sail and (full sail), and now if rigging is lost."""
    hd, f = layout.header, pen.fonts
    now = any(m.battle_now is not None for m in moves)
    heads = ["Attitude", "Battle", "(Full)"] + (["Now", "(Full)"] if now else [])
    widths = [hd.attitude] + [hd.speed] * (len(heads) - 1)
    pen.band(x, top - hd.line, sum(widths), hd.line)
    base = pen.middle(top, hd.line, f.small, True)
    cx = x
    for head, w in zip(heads, widths):
        pen.text(cx + w / 2, base, head, f.small, bold=True, align="centre", room=w)
        cx += w
    y = top - hd.line
    for i, m in enumerate(moves):
        cells = [f"{4 + i}  {m.attitude}", _num(m.battle), f"({_num(m.full)})"]
        if now:
            cells += [_num(m.battle_now), f"({_num(m.full_now)})"]
        base = pen.middle(y, hd.line, f.text)
        cx = x
        for j, (cell, w) in enumerate(zip(cells, widths)):
            pen.text(cx + w / 2, base, cell, f.text, bold=j == 1, align="centre", room=w)
            cx += w
        pen.rule(x, y - hd.line, x + sum(widths), y - hd.line, pen.ink.box)
        y -= hd.line
    return y


def _num(value: int | None) -> str:
    return "-" if value is None else str(value)


def _turn_grids(pen: Pen, layout: WsimSheetLayout, view: WsimShip, x: float, top: float, width: float,
                height: float, rows: Sequence[TurnRow]) -> None:
    """The turn grid (lines 14-16) in `across` side-by-side columns."""
    t = layout.turns
    grid_w = (width - (t.across - 1) * t.grid_gap) / t.across
    per = len(rows) // t.across if rows else 0
    words = _grid_words(view)
    for i, span in enumerate(chunks(len(rows), max(per, 1))[: t.across]):
        _turn_grid(pen, layout, x + i * (grid_w + t.grid_gap), top, grid_w, rows[span.start:span.stop], words)


def _grid_words(view: WsimShip) -> tuple[str, str, str, str]:
    """The grid's headings: the form's word for a turn (the 1974 game plays in Moves), then
    lines 14-16."""
    return (getattr(view.form, "turn", "Turn"), "14 Load", "15 Move", "16 Notes")


def _turn_grid(pen: Pen, layout: WsimSheetLayout, x: float, top: float, width: float,
               rows: Sequence[TurnRow], words: tuple[str, str, str, str] = ("Turn", "14 Load", "15 Move",
                                                                            "16 Notes")) -> None:
    t, f = layout.turns, pen.fonts
    cols = [t.turn, t.load, t.load, t.move, width - t.turn - 2 * t.load - t.move]
    edges = [x]
    for w in cols:
        edges.append(edges[-1] + w)
    bottom = top - t.header - len(rows) * t.row
    pen.band(x, top - t.header, width, t.header)
    upper = pen.middle(top, t.header / 2, f.small, True)
    lower = pen.middle(top - t.header / 2, t.header / 2, f.small, True)
    pen.text(edges[0] + cols[0] / 2, lower, words[0], f.small, bold=True, align="centre", room=cols[0])
    pen.text(edges[1] + t.load, upper, words[1], f.small, bold=True, align="centre", room=2 * t.load)
    pen.text(edges[1] + t.load / 2, lower, "L", f.small, bold=True, align="centre")
    pen.text(edges[2] + t.load / 2, lower, "R", f.small, bold=True, align="centre")
    pen.text(edges[3] + cols[3] / 2, lower, words[2], f.small, bold=True, align="centre", room=cols[3])
    pen.text(edges[4] + cols[4] / 2, lower, words[3], f.small, bold=True, align="centre", room=cols[4])
    pen.frame(x, bottom, width, top - bottom)
    pen.rule(edges[1], top - t.header / 2, edges[3], top - t.header / 2, pen.ink.box)
    for i, e in enumerate(edges[1:-1], 1):
        pen.rule(e, top if i != 2 else top - t.header / 2, e, bottom, pen.ink.box)
    y = top - t.header
    for row in rows:
        pen.rule(x, y, x + width, y, pen.ink.box)
        base = pen.middle(y, t.row, f.text)
        cells = (row.turn, row.left, row.right, row.move, row.notes)
        for j, (cell, w) in enumerate(zip(cells, cols)):
            if not cell:
                continue
            if j == 4 or j == 3:
                _cell_text(pen, edges[j] + f.small / 2, y, t.row, cell, w - f.small)
            else:
                pen.text(edges[j] + w / 2, base, cell, f.text, bold=j in (1, 2), align="centre", room=w)
        for j, fired in ((1, row.left_fired), (2, row.right_fired)):
            if fired:
                _slash(pen, edges[j] + cols[j] / 2, base, f.text, pen.width(cells[j], f.text, bold=True))
        if row.end:
            pen.rule(x, y - t.row, x + width, y - t.row, pen.ink.mark * 2)
            if not row.notes:
                pen.text(edges[5] - f.small / 2, pen.middle(y, t.row, f.small, True), "game ends", f.small,
                         bold=True, align="right", room=cols[4])
        y -= t.row


def _slash(pen: Pen, centre: float, base: float, size: float, width: float = 0.0) -> None:
    """The slant line drawn through a loading mark ("R", the 1974 "B") when that broadside is fired
    (Basic VIII.A.6)."""
    half = max(size * 0.45, width / 2)   # across the whole mark: R, or DS, CS, GS
    pen.rule(centre - half, base - size * 0.15, centre + half, base + size * 0.85, pen.ink.mark)


def _cell_text(pen: Pen, x: float, top: float, height: float, text: str, room: float) -> None:
    """Text in a grid cell: one line if it fits, else two lines in the smaller note size."""
    f = pen.fonts
    one = pen.width(text, f.text) <= room
    lines, size = pen.wrap(text, room, f.text if one else f.note, 1 if one else 2)
    pen.block(x, top, height, [(line, size, False) for line in lines])


# --- the player card -------------------------------------------------------------

def card_pages(pen: Pen, views: Sequence[WsimShip], layout: WsimCardLayout, origin: str, brief: Sequence[Item] = ()) -> int:
    """Cards side by side with dashed cut lines; returns pages drawn."""
    return shared_card_pages(pen, views, layout, origin, card_face, card_name(views), brief)


def card_face(pen: Pen, x: float, y: float, view: WsimShip, layout: WsimCardLayout) -> None:
    """One card, lower-left corner at (x, y): name, class and quality, movement, squares, state."""
    card, f, b = layout.card, pen.fonts, layout.boxes
    inner = card.width - 2 * card.padding
    left = x + card.padding
    top = y + card.height - card.padding
    top = card_header(pen, left, top, inner, card.line, view.name, view.side, view.ship_id) - card.gap / 2
    facts = [f"{view.ship_class}  {view.quality}  {view.points} pts  {view.draught}'  turning {view.turning_text}",
             view.spec,
             "Move  " + "   ".join(f"{m.attitude} {_num(m.battle)} ({_num(m.full)})" for m in view.movement)]
    if any(m.battle_now is not None for m in view.movement):
        facts.append("Now   " + "   ".join(f"{m.attitude} {_num(m.battle_now)} ({_num(m.full_now)})"
                                           for m in view.movement))
    facts += [line for line in (f"Set-up  {view.setup}" if view.setup else "", view.game_line) if line]
    for line in facts:
        pen.text(left, pen.middle(top, card.line, f.small), line, f.small, room=inner)
        top -= card.line
    top -= card.gap
    status = [line for line in view.status if line != view.loads]   # the loads are on the turn line already
    room = top - (y + card.padding) - len(status) * card.line
    b, groups = card_boxes(view, layout, room, inner)
    top -= draw_card_groups(pen, left, top, groups, b, f.small)
    for line in status:
        if top - card.line < y + card.padding - 1e-6:   # (the squares were sized to leave exactly this room)
            break
        pen.text(left, pen.middle(top, card.line, f.small, True), line, f.small, bold=True, room=inner)
        top -= card.line


def card_height_needed(view: WsimShip, layout: WsimCardLayout, boxes: Boxes | None = None,
                       groups: Sequence[CardGroup] | None = None) -> float:
    """Height a card's squares need (at the template's size, or `boxes`) as `draw_groups` takes it:
    each group's rows with the gap under its last row, then the gap between groups."""
    b = boxes or layout.boxes
    rows = groups if groups is not None else [(g, None) for g in view.groups]
    return sum(group_height(g, b) + b.row_gap + b.group_gap for g, _ in rows)


#: the smallest square a card draws before it lets a labelled row run onto a second line
MIN_SQUARE = 2.8 * MM
SHRINK = 0.02
CardGroup = tuple[BoxGroup, BoxGroup | None]      # a section, and the carronades drawn on its lines


def card_boxes(view: WsimShip, layout: WsimCardLayout, room: float,
               inner: float) -> tuple[Boxes, list[CardGroup]]:
    """The squares of a card at the largest size, down to `MIN_SQUARE`, at which every labelled row
    (a gun section, a crew section) holds all its squares on its own line (as many squares to a line
    as the card's width takes at that size) and all the squares fit `room`. Where that cannot be,
    each broadside's carronades go on its guns' line, after a gap (a 100-gun ship of the Advanced
    Game). A ship too large even then gets smaller squares rather than a spill."""
    b = layout.boxes
    least = min(1.0, MIN_SQUARE / b.size)
    for pair in (False, True):
        factor = 1.0
        while factor >= least - 1e-9:
            boxes = _across(scaled(b, factor), inner)
            groups = card_groups(view.groups, boxes, inner, pair)
            one_line = all(g.width <= boxes.per_row for g, c in groups if len(g.tracks) > 1)
            if one_line and card_height_needed(view, layout, boxes, groups) <= room + 1e-6:
                return boxes, groups
            factor -= SHRINK
    boxes = _across(scaled(b, least), inner)
    groups = card_groups(view.groups, boxes, inner, True)
    need = card_height_needed(view, layout, boxes, groups)
    if need > room > 0:
        boxes = _across(scaled(boxes, room / need), inner)
    return boxes, card_groups(view.groups, boxes, inner, True)


def card_groups(groups: Sequence[BoxGroup], boxes: Boxes, inner: float, pair: bool) -> list[CardGroup]:
    """The card's sections; with `pair`, the carronades on the lines of the guns of the same
    broadsides when both fit a line."""
    out: list[CardGroup] = []
    rest = list(groups)
    while rest:
        g = rest.pop(0)
        nxt = rest[0] if rest else None
        if (pair and nxt is not None and g.number == 11 and nxt.number == 12 and nxt.width
                and [t.label for t in g.tracks] == [t.label for t in nxt.tracks]
                and _line_width(g, nxt, boxes) <= inner - boxes.heading - boxes.label + 1e-6):
            out.append((g, rest.pop(0)))
        else:
            out.append((g, None))
    return out


def _line_width(group: BoxGroup, carr: BoxGroup, boxes: Boxes) -> float:
    """The width a line of guns takes with its carronades beside them, half a square apart."""
    step = boxes.size + boxes.gap
    return (group.width + carr.width) * step - boxes.gap + step / 2


def draw_card_groups(pen: Pen, x: float, top: float, groups: Sequence[CardGroup], boxes: Boxes,
                     size: float) -> float:
    """A card's sections one under the other (carronades beside the guns where paired); returns
    the height used."""
    y = top
    for group, carr in groups:
        if carr is None:
            y -= draw_group(pen, x, y, group, boxes, size, numbered=False) + boxes.group_gap
            continue
        used = draw_group(pen, x, y, group, boxes, size, numbered=False)
        step = boxes.size + boxes.gap
        cx = x + boxes.heading + boxes.label + group.width * step + step / 2
        pen.text(x, pen.middle(y - boxes.size - boxes.row_gap, boxes.size, size, True), f"+ {carr.label}",
                 size, bold=True, room=boxes.heading - pen.ink.mark_inset)
        row = y
        for track in carr.tracks:
            row -= draw_track(pen, cx, row, track, carr.width, boxes)
        y -= used + boxes.group_gap
    return top - y


def _across(boxes: Boxes, inner: float) -> Boxes:
    """As many squares to a line as the card's width takes (never fewer than the template's)."""
    fit = int((inner - boxes.heading - boxes.label + boxes.gap) / (boxes.size + boxes.gap) + 1e-6)
    return replace(boxes, per_row=max(boxes.per_row, fit))

