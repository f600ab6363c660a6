"""Printing for the square-grid game: Ship Control Panels and damage-card decks.

Two documents, each from plain views built here from the game state (or a ship
as set up) and the grid tables:

* `panels_pdf(views)`: one Ship Control Panel a page, Deck and Below Deck, every
  position, the guns of each battery, the boats, the hull-damage boxes in rows, the
  ship's movement-class row and crew quality; from a game the figures on each
  position are counted in, lost guns and boats crossed, hull boxes crossed
  (plugged ones shaded) and the damage cards held and marked listed.
* `deck_pdf(view)`: a ship's complete damage-card deck, card by card as printed
  in the text, 24 cards to a page with dashed cut lines.

The panel in the text is an image the OCR lost, so the layout is this module's
own (docs/rulings.md, "Square-grid game").
"""

from __future__ import annotations

import io
import tomllib
from dataclasses import dataclass

from reportlab import rl_config
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen import canvas

from umpire.core.errors import BadInput, UmpireError
from umpire.core.resources import resource_dir
from umpire.pdf.draw import printable
from umpire.pdf.fonts import register
from umpire.pdf.views import TITLE_MARKS, printable_count
from umpire.rules.grid import movement
from umpire.rules.grid import ship as S
from umpire.rules.grid.cards import deck_table

MM = 72 / 25.4
FONT, BOLD = "DejaVuSansCondensed", "DejaVuSansCondensed-Bold"
DECK = (("helm", "Helm"), ("stays", "Stays"), ("rigging", "Rigging"), ("fighting", "Fighting Crew"),
        ("marines", "Marines (deck)"), ("marines_rigging", "Marines (rigging)"), ("repair", "Repair"),
        ("bow", "Bow Gun"), ("stern", "Stern Gun"))
BELOW = (("gunner", "Gunner"), ("port", "Port Battery"), ("starboard", "Starboard Battery"),
         ("surgeon", "Surgeon 1/6"), ("below_repair", "Below Deck Repair"), ("pumps", "Pumps"),
         ("marines_pumps", "Marines (pumps)"))


# --- views -----------------------------------------------------------------------

@dataclass(frozen=True)
class PanelView:
    """What one control panel shows; `placed` is None for a blank panel."""

    name: str
    ship_id: str
    type_name: str
    side: str
    quality: str
    tack_fail: int
    movement: str
    setting_names: tuple[str, ...]
    speeds: tuple[int, ...]
    crew: int
    marines: int
    casualties: int
    rigging_positions: int
    guns: dict
    destroyed: dict
    dismounted: dict
    boats: tuple[tuple[str, str, int], ...]      # (boat, state, crew)
    hull_boxes: int
    hull_rows: tuple[int, ...]
    hull_damage: int
    hull_plugged: int
    placed: dict | None
    held: tuple[str, ...]
    marked: tuple[str, ...]
    state: str = "active"
    #: the setting the sail marker shows (`sail`), "" when none is shown
    sail: str = ""
    boat_guns: tuple[str, ...] = ()     # boats carrying a gun (Ships Boats)
    #: the setting she sails at after sails lost and hull rows (L284-286), "" when no marker is shown
    sails_at: str = ""
    #: permanent damage and sails lost to mark on the cover (L270-271): (what, boxes, crossed)
    marks: tuple[tuple[str, int, int], ...] = ()

    def __post_init__(self) -> None:
        for what, count in {"crew": self.crew, "marines": self.marines, "rigging positions": self.rigging_positions,
                            "hull boxes": self.hull_boxes, "casualties": self.casualties,
                            "hull damage": self.hull_damage, **{f"{b} guns": n for b, n in self.guns.items()},
                            **{f"figures at {p}": n for p, n in (self.placed or {}).items()}}.items():
            printable_count(f"{self.ship_id} {what}", count)


def panel_view(ship: dict, tables, blank: bool = False) -> PanelView:
    """A ship of the game state (or as set up, `blank`) as its control panel shows it."""
    mv = tables["movement"]
    printable_count(f"{ship.get('id')} hull boxes", ship.get("hull_boxes"))   # before her rows are laid out
    cards = {c["id"]: f"{c['title']} {c['text']}" for c in deck_table(ship, tables)["cards"]}
    fresh = blank
    return PanelView(
        ship["name"], ship["id"], ship.get("type_name", ship["type"]), ship["side"], ship["quality"],
        tables["crew"]["tack_fail"][ship["quality"]], ship["movement"], tuple(mv["setting_names"]),
        tuple(mv["classes"][ship["movement"]]), ship["crew"], ship["marines"],
        0 if fresh else ship["casualty_box"]["crew"] + ship["casualty_box"]["marines"], ship["rigging_positions"],
        dict(ship["guns_carried"]), {b: 0 for b in S.BATTERIES} if fresh else dict(ship["guns_destroyed"]),
        {b: 0 if fresh else S.dismounted(ship, b) for b in S.BATTERIES},
        tuple((b, "aboard" if fresh else v["state"], 0 if fresh else v["crew"]) for b, v in ship["boats"].items()),
        ship["hull_boxes"], tuple(S.hull_row_sizes(ship["hull_boxes"], tables["panel"]["hull_rows"])), 0 if fresh else ship["hull_damage"],
        0 if fresh else ship["hull_plugged"], None if fresh else {p: S.pos(ship, p) for p in S.POSITIONS},
        () if fresh else tuple(cards.get(c, c) for c in S.held_ids(ship)),
        () if fresh else tuple(cards.get(c, c) for c in ship["marked"]),
        state="active" if fresh else str(ship.get("state", "active")),
        sail="" if fresh or not ship.get("sail") else mv["setting_names"][mv["settings"].index(ship["sail"])],
        boat_guns=tuple(b for b, v in ship["boats"].items() if v.get("gun")),
        sails_at="" if fresh else _sails_at(ship, tables), marks=_marks(ship, tables, fresh))


def _sails_at(ship: dict, tables) -> str:
    """The setting she sails at in an Other Direction: the marker's, less a setting for each pair of
    sails lost and each complete row of hull damage (L284-286); "" with no marker shown."""
    if not ship.get("sail"):
        return ""
    try:
        _, eff, _ = movement.allowance(ship, tables, movement.sail_index(tables, ship["sail"]), "other")
    except UmpireError:       # a strict game without the hull-row ruling, or an M class speed not given
        return ""
    return tables["movement"]["setting_names"][eff]


def _marks(ship: dict, tables, fresh: bool) -> tuple[tuple[str, int, int], ...]:
    """Boxes for the permanent damage the cards mark (L270-273, L525-592) and the sails lost (L284-286),
    those taken crossed."""
    sails = tables["movement"]["sails"]
    if fresh:
        got = dict.fromkeys(("main", "fore", "mizzen", "bowsprit", "spar", "capstan", "surgeon", "sails"), 0)
    else:
        got = {"main": len(S.held_with(ship, "mainmast")), "fore": ship["marked"].count("foremast-shot-away"),
               "mizzen": ship["marked"].count("mizzen-mast-shot-away"),
               "bowsprit": ship["marked"].count("bowsprit-shot-away"), "spar": len(S.marked_with(ship, "spar")),
               "capstan": len(S.marked_with(ship, "capstan")), "surgeon": len(S.marked_with(ship, "surgeon")),
               "sails": S.sails_lost(ship)}
    return (("Mainmast", 1, got["main"]), ("Foremast", 1, got["fore"]), ("Mizzen", 1, got["mizzen"]),
            ("Bowsprit", 1, got["bowsprit"]), ("Spars", sails - 1, got["spar"]), ("Capstan", 1, got["capstan"]),
            ("Surgeon", 1, got["surgeon"]), ("Sails lost (mainsail 2)", sails, got["sails"]))


@dataclass(frozen=True)
class CardView:
    card_id: str
    title: str
    text: str
    kind: str


def deck_view(tables, ship: dict | None = None) -> tuple[CardView, ...]:
    """Every card of a complete deck, copies repeated, in the order printed: the ship's own deck when
    the game has one (`new --deck`), else the text's."""
    kinds = {"temporary": "temporary", "permanent": "permanent", "mainmast": "until cut free",
             "hull": "hull", "none": "no effect"}
    cards = deck_table(ship, tables)["cards"] if ship is not None else tables["deck"]["cards"]
    return tuple(CardView(c["id"], c["title"], c["text"], kinds[c["kind"]]) for c in cards for _ in range(c["count"]))


# --- pages -----------------------------------------------------------------------

def paper_size(paper: str) -> tuple[float, float]:
    with open(f"{resource_dir('templates')}/paper.toml", "rb") as fh:
        sizes = tomllib.load(fh)
    key = (paper or "a4").strip().lower()
    if key not in sizes or not isinstance(sizes[key], dict):
        raise BadInput(f"paper {paper!r}: use {' or '.join(k for k, v in sizes.items() if isinstance(v, dict))}")
    return sizes[key]["width"] * MM, sizes[key]["height"] * MM


def _canvas(paper: str, title: str):
    rl_config.invariant = 1
    register(FONT)
    register(BOLD)
    buf = io.BytesIO()
    # the embedded font from the first page on, so no page names a font that is not in the file
    c = canvas.Canvas(buf, pagesize=paper_size(paper), invariant=1, initialFontName=FONT, initialFontSize=9)
    c.setTitle(printable(title))
    c.setAuthor("umpire")
    c.setCreator("umpire")
    c.setProducer("umpire")
    return c, buf


def panels_pdf(views, paper: str = "a4", title: str = "", brief=(), origin: str = "",
               after=None) -> tuple[bytes, int]:
    """The control panels, one a page, after a briefing page when `brief` (briefing items) has any;
    returns the PDF and its page count. `origin` is printed at the foot of every page;
    `after(canvas)` draws more pages at the end (the quick-reference tables) and returns how many."""
    scratch, _ = _canvas(paper, "")         # a dry run finds the panels whose damage lists run on
    more = [any(_panel_page(scratch, view)) + _counter_pages(scratch, view, lambda: None) for view in views]
    c, buf = _canvas(paper, f"{title}: Ship Control Panels" if title else "Ship Control Panels")
    pages = _briefing_pages(c, title, brief, views) if brief else 0
    total = pages + len(views) + sum(more)
    for view in views:
        rest = _panel_page(c, view)
        pages += 1
        _footer(c, origin, f"{pages}/{total}")
        c.showPage()
        if any(rest):
            _continued_page(c, view, rest)
            pages += 1
            _footer(c, origin, f"{pages}/{total}")
            c.showPage()

        def foot():
            nonlocal pages
            pages += 1
            _footer(c, origin, f"{pages}/{total}")
        _counter_pages(c, view, foot)
    if after:
        pages += after(c)
    c.save()
    return buf.getvalue(), pages


#: a crew counter's circle: "round bases that are slightly smaller than the circles ... I use pennies"
#: (L18-22); a penny is 20.3 mm across, so circles of 22 mm hold a 19-21 mm counter
COUNTER_MM = 22
#: positions the text names for one figure ("a crew figure in the Helm position", L168-172; "a crewman
#: in the Gunner position", L208; "a crew counter ... on the Surgeon position", L293; Repair, L233)
SINGLE = ("helm", "stays", "gunner", "surgeon", "repair", "below_repair")


def counter_rows(v: PanelView, per_row: int = 7) -> list[tuple[str, str, int, int]]:
    """(section, position, circles, figures on it) for the counters pages: one circle a gun, a rigging
    place or a named single position; a circle for each crew figure at the Fighting Crew and each
    marine at a marine position; a row at the Pumps, one figure a hole (docs/rulings.md)."""
    crew = v.crew
    out = []
    for section, rows in (("DECK", DECK), ("BELOW DECK", BELOW)):
        for key, label in rows:
            if key == "rigging":
                n = v.rigging_positions
            elif key in S.BATTERIES:
                n = v.guns[key]
            elif key in SINGLE:
                n = 1
            elif key in S.MARINE_POSITIONS:
                n = v.marines
            elif key == "pumps":
                n = per_row
            else:
                n = crew
            placed = 0 if v.placed is None else v.placed.get(key, 0)
            if n or placed:
                out.append((section, label, max(n, placed), placed))
    return out


def _counter_pages(c, v: PanelView, footer) -> int:
    """The crew positions as circles a counter fits, positions side by side where a row has room,
    as many pages as they take (a 1st Rate two); returns the pages."""
    width, height = c._pagesize
    m, d = 12 * MM, COUNTER_MM * MM
    step = d + 1.5 * MM
    per_row = max(1, int((width - 2 * m + 1.5 * MM) // step))
    line = 5 * MM + step                     # a label and a row of circles
    pages, y, col = 0, 0.0, per_row

    def new_page():
        nonlocal pages, y, col
        if pages:
            footer()
            c.showPage()
        pages += 1
        c.setFont(BOLD, 14)
        c.drawString(m, height - m - 6 * MM, _fit(f"Crew positions: {v.name}" + (" (continued)" if pages > 1 else ""),
                                                  width - 2 * m, BOLD, 14))
        c.setFont(FONT, 8)
        c.drawString(m, height - m - 11 * MM, f"Circles {COUNTER_MM} mm across: a counter of 19-21 mm (a penny) on "
                     "each figure placed; a shaded circle is a figure placed when this was printed.")
        y, col = height - m - 14 * MM, per_row
    new_page()
    section = ""
    for sec, label, n, placed in counter_rows(v, per_row):
        if sec != section:                   # each section starts a row of its own, under its heading
            if y - 6 * MM - line < 12 * MM:
                new_page()
            col, section = per_row, sec
            c.setFont(BOLD, 11)
            c.drawString(m, y - 2 * MM, sec)
            y -= 5 * MM
        lines = -(-n // per_row)
        if n > per_row - col:                # a new row (several for a long position)
            if y - line * lines < 12 * MM:
                new_page()
            y -= line
            col = 0
        x0 = m + col * step
        c.setFont(BOLD, 8)
        c.drawString(x0, y + step + 1 * MM, _fit(label + (f" ({placed})" if placed else ""),
                                                  max(step * min(n, per_row) - 2 * MM, step - 2 * MM), BOLD, 8))
        c.setLineWidth(0.8)
        for i in range(n):
            cx = m + d / 2 + ((col + i) % per_row if lines == 1 else i % per_row) * step
            cy = y + d / 2 - (0 if lines == 1 else (i // per_row) * line)
            if i < placed:
                c.setFillGray(0.85)
                c.circle(cx, cy, d / 2, fill=1)
                c.setFillGray(0)
            else:
                c.circle(cx, cy, d / 2, fill=0)
        if lines > 1:
            y -= (lines - 1) * line
            col = per_row
        else:
            col += n
    footer()
    c.showPage()
    return pages


def deck_pdf(name: str, cards, paper: str = "a4", cols: int = 4, rows: int = 6) -> tuple[bytes, int]:
    """A ship's whole deck, `cols` x `rows` cards a page, with cut lines; returns the PDF and pages."""
    return decks_pdf(((name, cards),), paper, cols, rows)


def decks_pdf(decks, paper: str = "a4", cols: int = 4, rows: int = 6, title: str = "") -> tuple[bytes, int]:
    """Each ship's whole deck in turn, (name, cards) pairs, every deck starting on a new page."""
    names = ", ".join(name for name, _ in decks)
    c, buf = _canvas(paper, f"Damage cards: {title or names}")
    pages = 0
    for name, cards in decks:
        pages += _deck_pages(c, name, cards, cols, rows)
    c.save()
    return buf.getvalue(), pages


def _deck_pages(c, name: str, cards, cols: int, rows: int) -> int:
    width, height = c._pagesize
    margin = 10 * MM
    cw, ch = (width - 2 * margin) / cols, (height - 2 * margin - 6 * MM) / rows
    per_page = cols * rows
    total = -(-len(cards) // per_page)
    for page, start in enumerate(range(0, len(cards), per_page), 1):
        c.setFont(FONT, 7)
        where = f"page {page} of {total}, cards {start + 1}-{min(len(cards), start + per_page)} of {len(cards)}. " \
                "Cut along the dashed lines."
        room = width - 2 * margin - stringWidth(where, FONT, 7) - 4 * MM
        c.drawString(margin, height - margin, _fit(f"Damage cards: {name}", room, FONT, 7))   # the name gives way
        c.drawRightString(width - margin, height - margin, where)
        top = height - margin - 6 * MM
        for i, card in enumerate(cards[start:start + per_page]):
            x, y = margin + (i % cols) * cw, top - (i // cols + 1) * ch
            _card(c, card, x, y, cw, ch, name)
        _cut_lines(c, margin, top, cw, ch, cols, min(rows, -(-(len(cards) - start) // cols)))
        c.showPage()
    return total


def _footer(c, origin: str, page: str) -> None:
    width, _ = c._pagesize
    c.setFont(FONT, 6)
    c.setFillGray(0.35)
    c.drawString(12 * MM, 6 * MM, _fit(origin, width - 40 * MM, FONT, 6))
    c.drawRightString(width - 12 * MM, 6 * MM, page)
    c.setFillGray(0)


def _briefing_pages(c, title: str, brief, views) -> int:
    """The scenario's briefing and the ships by side, as many pages as it takes."""
    width, height = c._pagesize
    m = 15 * MM
    room = width - 2 * m
    lines: list[tuple[str, str, float, float]] = [(BOLD, line, 16, 0) for line in simpleSplit(title, BOLD, 16, room)]
    for item in brief:
        lines.append((BOLD, item.heading, 10, 0))
        for para in item.texts:
            dash = len(item.texts) > 1
            for k, line in enumerate(simpleSplit(para, FONT, 9, room - (4 * MM if dash else 0))):
                lines.append((FONT, ("\u2013 " if dash and k == 0 else "") + line, 9, 4 * MM if dash and k else 0))
    lines.append((BOLD, "Ships", 10, 0))
    for v in views:
        lines.append((FONT, _fit(f"{v.side}: {v.name} ({v.ship_id}), {v.type_name}, movement class {v.movement}, "
                                 f"crew {v.quality}", room, FONT, 9), 9, 0))
    pages, y = 1, height - m
    for font, line, size, indent in lines:
        if y - size * 1.3 < m:
            c.showPage()
            pages, y = pages + 1, height - m
        if font == BOLD and size == 10:
            y -= 2 * MM
        y -= size * 1.3
        c.setFont(font, size)
        c.drawString(m + indent, y, line)
    c.showPage()
    return pages


# --- drawing -----------------------------------------------------------------------

def _cut_lines(c, x0: float, top: float, cw: float, ch: float, cols: int, rows: int) -> None:
    c.saveState()
    c.setDash(3, 2)
    c.setLineWidth(0.4)
    c.setStrokeGray(0.4)
    for i in range(cols + 1):
        c.line(x0 + i * cw, top, x0 + i * cw, top - rows * ch)
    for j in range(rows + 1):
        c.line(x0, top - j * ch, x0 + cols * cw, top - j * ch)
    c.restoreState()


def _card(c, card: CardView, x: float, y: float, w: float, h: float, ship: str) -> None:
    c.setFont(BOLD, 11)
    for k, line in enumerate(simpleSplit(card.title, BOLD, 11, w - 6 * MM)):
        c.drawCentredString(x + w / 2, y + h - 9 * MM - k * 12, line)
    for size in (9, 8, 7):        # a long text: a smaller size before its last line is cut short
        lines, most = simpleSplit(card.text, FONT, size, w - 6 * MM), int((h / 2 - 2 * MM - 11) // (size + 2)) + 1
        if len(lines) <= most:
            break
    if len(lines) > most:
        lines = lines[:most - 1] + [_fit(" ".join(lines[most - 1:]), w - 6 * MM, FONT, size)]
    c.setFont(FONT, size)
    for k, line in enumerate(lines):
        c.drawCentredString(x + w / 2, y + h / 2 - k * (size + 2), line)
    c.setFont(FONT, 6)
    c.setFillGray(0.35)
    c.drawString(x + 2 * MM, y + 2 * MM, _fit(ship, w / 2))
    c.drawRightString(x + w - 2 * MM, y + 2 * MM, card.kind)
    c.drawString(x + 2 * MM, y + h - 4 * MM, _fit(card.card_id, w - 4 * MM))   # the id `fire --cards` takes
    c.setFillGray(0)


def _fit(text: str, width: float, font: str = FONT, size: float = 6) -> str:
    while text and stringWidth(text, font, size) > width:
        text = text[:-2] + "…" if len(text) > 2 else ""
    return text


def _wrap(text: str, width: float, font: str, size: float) -> list[str]:
    """Lines of `text` no wider than `width`, broken at spaces, and inside a word (such as a long
    ship id) only when the word alone is too wide: every character is printed."""
    out: list[str] = []
    for line in simpleSplit(text, font, size, width):
        while stringWidth(line, font, size) > width and len(line) > 1:
            lo, hi = 1, len(line)          # the longest head that fits, by halving
            while lo < hi:
                mid = (lo + hi + 1) // 2
                lo, hi = (mid, hi) if stringWidth(line[:mid], font, size) <= width else (lo, mid - 1)
            out.append(line[:lo])
            line = line[lo:]
        out.append(line)
    return out


def _panel_page(c, v: PanelView) -> tuple[list, list]:
    """One ship's panel; returns the damage lines that did not fit (see `_continued_page`)."""
    width, height = c._pagesize
    m = 12 * MM
    y = height - m - 6 * MM
    mark = TITLE_MARKS.get(v.state, v.state.upper() if v.state != "active" else "")
    mark = f"  {mark}" if mark else ""
    size = 16        # a long name: the title shrinks to 11 points before it is cut short
    while size > 11 and stringWidth(f"Ship Control Panel: {v.name}{mark}", BOLD, size) > width - 2 * m:
        size -= 1
    title = _fit(f"Ship Control Panel: {v.name}", width - 2 * m - stringWidth(mark, BOLD, size), BOLD, size)
    c.setFont(BOLD, size)
    c.drawString(m, y, title + mark)     # a ship out of the fight is marked after her name
    y -= 7 * MM
    c.setFont(FONT, 9)
    facts = f"{v.type_name}  ·  side {v.side}  ·  id {v.ship_id}  ·  crew {v.quality} " \
            f"(tack fails {v.tack_fail} in 6)  ·  movement class {v.movement}"
    for k, line in enumerate(_wrap(facts, width - 2 * m, FONT, 9)):
        y -= 4 * MM if k else 0
        c.drawString(m, y, line)
    y = _movement_row(c, v, m, y - 9 * MM, width - 2 * m)
    y = _figures_line(c, v, m, y - 8 * MM, width - 2 * m)
    y = _section(c, "DECK", DECK, v, m, y - 6 * MM, width - 2 * m)
    y = _boats(c, v, m, y - 2 * MM, width - 2 * m)
    y = _section(c, "BELOW DECK", BELOW, v, m, y - 6 * MM, width - 2 * m)
    y = _hull(c, v, m, y - 4 * MM, width - 2 * m)
    if v.placed is not None:
        return _damage_lists(c, v, m, y - 6 * MM, width - 2 * m, 9 * MM)
    return [], []


def _movement_row(c, v: PanelView, x: float, y: float, w: float) -> float:
    cell = w / len(v.setting_names)
    c.setLineWidth(0.6)
    for i, (name, sq) in enumerate(zip(v.setting_names, v.speeds)):
        c.rect(x + i * cell, y - 6 * MM, cell, 12 * MM)
        c.setFont(FONT, 8)
        c.drawCentredString(x + (i + 0.5) * cell, y + 2.5 * MM, name)
        c.setFont(BOLD, 12)
        c.drawCentredString(x + (i + 0.5) * cell, y - 4 * MM, "—" if sq < 0 else str(sq))
        if name == v.sail:      # the sail marker, an arrowhead, at the setting the ship shows
            c.setLineWidth(2.2)
            c.rect(x + i * cell + 0.8, y - 6 * MM + 0.8, cell - 1.6, 12 * MM - 1.6)
            ax, ay = x + i * cell + 3 * MM, y - 3 * MM
            path = c.beginPath()
            path.moveTo(ax, ay - 1.8 * MM)
            path.lineTo(ax + 3 * MM, ay)
            path.lineTo(ax, ay + 1.8 * MM)
            path.close()
            c.drawPath(path, stroke=0, fill=1)
            c.setLineWidth(0.6)
    c.line(x, y + 1 * MM, x + w, y + 1 * MM)
    c.setFont(FONT, 7)
    c.drawString(x, y - 10 * MM, "Squares in an Other Direction; Reaching: two settings lower. Each pair of sails "
                 "lost and each complete row of hull damage: one setting lower. — : not in the text.")
    c.setFont(BOLD, 9)
    c.drawString(x, y - 14.5 * MM, "She sails at: " + (v.sails_at or "______________")
                 + (f"   (the marker shows {v.sail})" if v.sail and v.sails_at and v.sails_at != v.sail else ""))
    return y - 14.5 * MM


def _figures_line(c, v: PanelView, x: float, y: float, w: float) -> float:
    c.setFont(BOLD, 10)
    c.drawString(x, y, f"Crew figures {v.crew}   Marine figures {v.marines}")
    c.setFont(FONT, 9)
    c.drawString(x + 75 * MM, y, "Casualty box:")
    figures = v.crew + v.marines + v.casualties        # one box a figure of the ship, the dead crossed
    per_row = max(1, int((w - 97 * MM) // (4 * MM + 1 * MM)))
    return _boxes(c, x + 97 * MM, y - 1 * MM, figures, v.casualties, 0, 4 * MM, per_row=per_row) - 3 * MM


def _boxes(c, x: float, y: float, n: int, crossed: int, shaded: int, size: float, per_row) -> float:
    """`n` boxes in rows of `per_row` (a number, or each row's boxes in order); the first `crossed`
    crossed, the first `shaded` of them shaded."""
    if isinstance(per_row, int):
        per_row = [per_row] * (-(-n // per_row) if n else 1)
    places = [(i, r) for r, k in enumerate(per_row) for i in range(k)][:n]
    c.setLineWidth(0.6)
    for i, (col, row) in enumerate(places):
        bx, by = x + col * (size + 1 * MM), y - row * (size + 1 * MM)
        if i < shaded:
            c.setFillGray(0.75)
            c.rect(bx, by, size, size, fill=1)
            c.setFillGray(0)
        else:
            c.rect(bx, by, size, size)
        if i < crossed:
            c.line(bx, by, bx + size, by + size)
            c.line(bx, by + size, bx + size, by)
    rows = places[-1][1] + 1 if places else 1
    return y - (rows - 1) * (size + 1 * MM)


def _section(c, title: str, rows, v: PanelView, x: float, y: float, w: float) -> float:
    c.setFont(BOLD, 12)
    c.drawString(x, y, title)
    y -= 3 * MM
    top = y
    y -= 6 * MM
    for key, label in rows:
        if key in ("bow", "stern") and not v.guns[key]:
            continue
        y = _position(c, key, label, v, x + 3 * MM, y, w - 6 * MM) - 8 * MM
    c.setLineWidth(1)
    c.roundRect(x, y + 3 * MM, w, top - y - 3 * MM, 3 * MM)
    return y


def _position(c, key: str, label: str, v: PanelView, x: float, y: float, w: float) -> float:
    c.setFont(FONT, 10)
    c.drawString(x, y, label)
    n = None if v.placed is None else v.placed.get(key, 0)
    cx = x + 45 * MM
    if key == "rigging":
        return _circles(c, cx, y, v.rigging_positions, n or 0, {})
    if key in S.BATTERIES:
        marks = {"X": v.destroyed[key], "D": v.dismounted[key]}
        return _circles(c, cx, y, v.guns[key], n or 0, marks)
    c.setLineWidth(0.6)
    c.rect(cx, y - 2 * MM, 14 * MM, 6 * MM)
    c.setFont(FONT, 7)
    c.drawString(cx + 16 * MM, y, "figures")
    if n:
        c.setFont(BOLD, 10)
        c.drawCentredString(cx + 7 * MM, y - 0.5 * MM, str(n))
    return y


def _circles(c, x: float, y: float, count: int, filled: int, marks: dict) -> float:
    """One circle a position (a gun, a rigging place); `filled` manned; destroyed X, dismounted D last."""
    r, step, per_row = 2.6 * MM, 7 * MM, 18
    tags = ["X"] * marks.get("X", 0) + ["D"] * marks.get("D", 0)
    tags = [""] * (count - len(tags)) + tags
    c.setLineWidth(0.6)
    for i in range(count):
        cx, cy = x + r + (i % per_row) * step, y + 1 * MM - (i // per_row) * step
        c.circle(cx, cy, r, fill=0)
        if i < filled and not tags[i]:
            c.circle(cx, cy, r * 0.55, fill=1)
        if tags[i] == "X":
            c.line(cx - r, cy - r, cx + r, cy + r)
            c.line(cx - r, cy + r, cx + r, cy - r)
        elif tags[i] == "D":
            c.setFont(BOLD, 8)
            c.drawCentredString(cx, cy - 1 * MM, "D")
    if not count:
        c.setFont(FONT, 8)
        c.drawString(x, y, "none")
    return y - ((count - 1) // per_row) * step if count else y


def _boats(c, v: PanelView, x: float, y: float, w: float) -> float:
    if not v.boats:
        return y
    c.setFont(BOLD, 10)
    c.drawString(x + 3 * MM, y, "Boats")
    bw = min(32 * MM, (w - 30 * MM) / len(v.boats))
    for i, (boat, state, crew) in enumerate(v.boats):
        bx = x + 25 * MM + i * (bw + 2 * MM)
        c.setLineWidth(0.6)
        c.roundRect(bx, y - 6 * MM, bw, 10 * MM, 4 * MM)
        c.setFont(FONT, 8)
        c.drawCentredString(bx + bw / 2, y, boat.replace("-", " ").title() + (" + gun" if boat in v.boat_guns else ""))
        c.drawCentredString(bx + bw / 2, y - 4 * MM, f"crew {crew}" if v.placed is not None else "crew ___")
        if state == "destroyed":
            c.line(bx, y - 6 * MM, bx + bw, y + 4 * MM)
            c.line(bx, y + 4 * MM, bx + bw, y - 6 * MM)
        elif state == "launched":
            c.setFont(BOLD, 7)
            c.drawCentredString(bx + bw / 2, y + 5 * MM, "LAUNCHED")
    return y - 8 * MM


def _hull(c, v: PanelView, x: float, y: float, w: float) -> float:
    c.setFont(BOLD, 10)
    c.drawString(x, y, "Hull Damage (below waterline)")
    c.setFont(FONT, 7)
    c.drawString(x, y - 4 * MM, f"{v.hull_boxes} boxes, rows of {' + '.join(map(str, v.hull_rows))}. Cross the boxes each card gives; "
                 "shade one when its hole is plugged. A hole not plugged or pumped: one box more a move.")
    y = _boxes(c, x, y - 11 * MM, v.hull_boxes, v.hull_damage, v.hull_plugged, 5 * MM, v.hull_rows) - 2 * MM
    return _permanent(c, v, x, y - 5 * MM, w)


def _permanent(c, v: PanelView, x: float, y: float, w: float) -> float:
    """Boxes to mark permanent damage and sails lost on the cover in wax pencil (L270-271)."""
    c.setFont(BOLD, 10)
    c.drawString(x, y, "Permanent damage and sails lost (mark on the cover)")
    y -= 6 * MM
    at, size = x, 3.5 * MM
    for label, n, crossed in v.marks:
        need = stringWidth(label, FONT, 8) + 2 * MM + n * (size + 0.8 * MM) + 5 * MM
        if at + need > x + w:
            at, y = x, y - 6 * MM
        c.setFont(FONT, 8)
        c.drawString(at, y, label)
        bx = at + stringWidth(label, FONT, 8) + 2 * MM
        for i in range(n):
            c.rect(bx + i * (size + 0.8 * MM), y - 0.5 * MM, size, size)
            if i < crossed:
                c.line(bx + i * (size + 0.8 * MM), y - 0.5 * MM, bx + i * (size + 0.8 * MM) + size, y - 0.5 * MM + size)
                c.line(bx + i * (size + 0.8 * MM), y - 0.5 * MM + size, bx + i * (size + 0.8 * MM) + size, y - 0.5 * MM)
        at += need
    return y - 2 * MM


def _damage_lists(c, v: PanelView, x: float, y: float, w: float, bottom: float,
                  lines: tuple[list[str], list[str]] | None = None, heads=("Cards held (until repaired):",
                                                                         "Damage marked:")) -> tuple[list, list]:
    """The cards held and the damage marked, two columns, copies of a card on one line (x 3); what does
    not fit above `bottom` is returned (a list for each column) for a page that continues the panel."""
    c.setFont(BOLD, 9)
    c.drawString(x, y, heads[0])
    c.drawString(x + w / 2, y, heads[1])
    c.setFont(FONT, 8)
    step = 3.6 * MM
    room = max(2, int((y - bottom) // step))
    if lines is None:
        lines = tuple([f"{text} x {n}" if n > 1 else text for text, n in _tally(items)] or ["none"]
                      for items in (v.held, v.marked))
    rest = ([], [])
    for col, (left, items) in enumerate(zip((0, w / 2), lines)):
        if len(items) > room:
            items, rest[col][:] = items[:room - 1] + ["... continued on the next page"], items[room - 1:]
        for k, text in enumerate(items):
            c.drawString(x + left, y - (k + 1) * step, _fit(text, w / 2 - 4 * MM, FONT, 8))
    return rest


def _continued_page(c, v: PanelView, rest: tuple[list, list]) -> None:
    """The cards that did not fit on a panel, on a page of their own."""
    width, height = c._pagesize
    m = 12 * MM
    title, size = f"Ship Control Panel: {v.name} (continued)", 14
    while size > 10 and stringWidth(title, BOLD, size) > width - 2 * m:
        size -= 1
    c.setFont(BOLD, size)
    c.drawString(m, height - m - 6 * MM, _fit(title, width - 2 * m, BOLD, size))
    lines = tuple(col or [""] for col in rest)
    _damage_lists(c, v, m, height - m - 16 * MM, width - 2 * m, 9 * MM, lines,
                  ("Cards held (continued):" if rest[0] else "", "Damage marked (continued):" if rest[1] else ""))


def _tally(items) -> list[tuple[str, int]]:
    """Each text once, in the order first met, with how many times it comes."""
    out: dict[str, int] = {}
    for text in items:
        out[text] = out.get(text, 0) + 1
    return list(out.items())
