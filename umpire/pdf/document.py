"""Whole documents: a fleet's sheets (with a cover when there are several ships) or its cards.

What a rule family prints is its `Printing` (the extension point `pdf.families` finds by a
ruleset's `family`): the default methods here draw one ship's sheet after another and cards several
to a page, from the family's views, layouts and drawers; a family whose pages differ (the grid
game's control panels) overrides the whole document. reportlab is set to `invariant` mode, so the
same input always gives the same bytes.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Mapping, Sequence

from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas

from umpire.core.errors import BadInput
from umpire.pdf.briefing import Item, briefing_items
from umpire.pdf.cover import cover_pages
from umpire.pdf.draw import Pen, TurnLog, grid_pages, printable
from umpire.pdf.fonts import register
from umpire.pdf.cells import CellPages, check_per_page
from umpire.pdf.layout import CoverLayout, load_cells, load_layout
from umpire.pdf.sources import Fleet
from umpire.pdf.fonts import missing_glyphs
from umpire.pdf.tables import quick_tables, ruled_names, table_pages
from umpire.pdf.views import CoverView

DUEL = 2   # up to this many ships print without a cover page


@dataclass(frozen=True, slots=True)
class Printed:
    """A finished PDF and what is in it."""

    pdf: bytes
    pages: int
    ships: tuple[str, ...]
    #: what could not be printed as written, naming the ship (a name in a script the fonts lack)
    warnings: tuple[str, ...] = ()


class Printing:
    """How one rule family prints: its views, layouts and drawers, the turn log it reads from the
    journal and its quick-reference tables. A family subclasses this in `pdf/<family>/printing.py`,
    sets the class attributes and the methods its pages need, and is named in `pdf.families`."""

    #: the layout kinds of the family's sheet and card (its `pdf/<family>/layout.py`); None: it has none
    sheet_layout: ClassVar[type | None] = None
    card_layout: ClassVar[type | None] = None
    #: the tables `sheet --tables` prints, by data table name, in the order a player looks for them
    quick_tables: ClassVar[tuple[str, ...]] = ()
    #: whether several sheets may share a page (`sheet --per-page`): True, or why not
    shares_pages: ClassVar[bool | str] = True
    #: how each of those tables is laid out (table name -> shaper, `pdf.tables.Shaper`); a table
    #: with none prints as labelled rows
    shapers: ClassVar[Mapping[str, Any]] = {}

    def log(self, events: Sequence[Mapping], names: Mapping[str, str]) -> Mapping[str, tuple]:
        """Each ship's rows of the sheet's turn log, read back from the game's journal (none kept)."""
        return {}

    def views(self, fleet: Fleet) -> tuple[Any, ...]:
        """The view model of every ship's sheet, in print order."""
        raise NotImplementedError

    def cover(self, fleet: Fleet, views: tuple[Any, ...]) -> CoverView:
        """The cover's list of the ships by side."""
        raise NotImplementedError

    def cover_widths(self, cover: CoverLayout) -> Sequence[float]:
        """The widths of the cover list's columns, from the cover layout."""
        raise NotImplementedError

    def template(self, views: tuple[Any, ...], kind: str) -> str:
        """The template of the "sheet" or "card" layout (e.g. an edition's own log); "" the kind's own."""
        return ""

    def draw_sheet(self, pen: Pen, view: Any, layout: Any, origin: str, brief: Sequence[Item],
                   fleet: Fleet) -> int:
        """Draw one ship's sheet (with its continuation pages); returns the pages drawn."""
        return grid_pages(pen, layout, *self.sheet_top(pen, view, layout, origin, brief, fleet))

    def sheet_top(self, pen: Pen, view: Any, layout: Any, origin: str, brief: Sequence[Item],
                  fleet: Fleet) -> tuple[float, TurnLog]:
        """Draw the fixed part of one ship's sheet (all above the turn log) at the top of the
        layout's paper; returns the y below it and the turn log still to draw."""
        raise NotImplementedError

    def draw_cards(self, pen: Pen, views: Sequence[Any], layout: Any, origin: str, brief: Sequence[Item]) -> int:
        """Draw the cards of all the ships, several to a page; returns the pages drawn."""
        raise NotImplementedError

    def board(self, view: Any) -> tuple[tuple, ...]:
        """One ship's view as the players' board draws it (umpire.board): a title and blocks, each
        ("fields", heading, ((label, value), ...)), ("boxes", heading, ((label, total, crossed), ...)),
        ("ladder", heading, ((value under the box, crossed), ...)) or ("lines", heading, (text, ...)),
        the same facts as her sheet from the same view."""
        raise NotImplementedError

    # --- the documents ------------------------------------------------------------------

    def sheets(self, fleet: Fleet, paper: str, tables: bool, progress: Callable[[int], None] | None,
               per_page: int = 1) -> Printed:
        """One ship's sheet after another; more ships than a duel get a cover page with the
        scenario's briefing and the ships by side, a duel's sheets carry the briefing themselves;
        with `tables`, the quick-reference tables follow. With `per_page` 2 or 4, that many sheets
        share a page (`pdf.cells`), and a briefing always goes on the cover."""
        views = self.views(fleet)
        layout = load_layout(self.sheet_layout, paper, self.template(views, "sheet"))
        canvas, buf = new_canvas(layout, f"{fleet.title}: ship sheets")
        pen = new_pen(canvas, layout)
        pages = 0
        brief = briefing_items(fleet.brief)
        if len(views) > DUEL or (per_page > 1 and brief):
            cover = load_layout(CoverLayout, paper)
            pages += cover_pages(new_pen(canvas, cover), self.cover(fleet, views), cover, self.cover_widths(cover),
                                 brief)
            brief = ()
        origin = origin_line(fleet)
        warnings: list[str] = []
        if per_page > 1:
            drawn, warnings = self.cell_pages(pen, layout, views, paper, per_page, origin, fleet).draw(views, progress)
            pages += drawn
        else:
            for view in views:
                pages += self.draw_sheet(pen, view, layout, origin, brief, fleet)
                if progress:
                    progress(1)
        if tables:
            pages += self.table_pages(pen, layout, fleet)
        canvas.save()
        return Printed(buf.getvalue(), pages, tuple(v.ship_id for v in views),
                       unprintable(fleet, layout.fonts) + tuple(warnings))

    def cell_pages(self, pen: Pen, layout: Any, views: tuple[Any, ...], paper: str, per_page: int, origin: str,
                   fleet: Fleet) -> CellPages:
        """The pages `per_page` sheets share, drawn with this family's sheets laid out for a cell."""
        cell, size, cells = load_cells(self.sheet_layout, paper, self.template(views, "sheet"), per_page)
        return CellPages(new_pen(pen.canvas, cell), cell, size, cells, (layout.paper.width, layout.paper.height),
                         lambda p, view: self.sheet_top(p, view, cell, origin, (), fleet),
                         lambda view: self.draw_sheet(pen, view, layout, origin, (), fleet))

    def cards(self, fleet: Fleet, paper: str) -> Printed:
        """Compact player cards, several to a page with dashed cut lines."""
        views = self.views(fleet)
        layout = load_layout(self.card_layout, paper, self.template(views, "card"))
        canvas, buf = new_canvas(layout, f"{fleet.title}: ship cards")
        pages = self.draw_cards(new_pen(canvas, layout), views, layout, origin_line(fleet),
                                briefing_items(fleet.brief))
        canvas.save()
        return Printed(buf.getvalue(), pages, tuple(v.ship_id for v in views), unprintable(fleet, layout.fonts))

    def decks(self, fleet: Fleet, paper: str) -> Printed:
        """Each ship's complete deck of damage cards, for the rules that have them."""
        raise BadInput(f"ruleset {fleet.ruleset!r} has no damage-card decks; `--deck` is for the grid game")

    def table_pages(self, pen: Pen, layout: Any, fleet: Fleet) -> int:
        """The quick-reference tables as loaded for the game, on the pen's canvas; returns pages drawn."""
        blocks = quick_tables(self.quick_tables, fleet.tables, fleet.options, self.shapers)
        return table_pages(pen, blocks, layout, origin_line(fleet), f"{fleet.title} - {fleet.ruleset}",
                           ruled_names(blocks, getattr(fleet.tables, "rulings", {}) or {}))


def unprintable(fleet: Fleet, fonts: Any) -> tuple[str, ...]:
    """A warning for each ship whose name has characters the page's fonts have no glyph for (they
    print as empty boxes), naming her by id and the characters."""
    out = []
    for ship in fleet.ships:
        name = str(ship.get("name", ""))
        lost = missing_glyphs(name, fonts.regular) | missing_glyphs(name, fonts.bold)
        if lost:
            out.append(f"ship {ship['id']}: the name {name!r} has characters the fonts cannot print "
                       f"({''.join(sorted(lost))}); they show as empty boxes")
    return tuple(out)


# --- what the printing commands call --------------------------------------------------

def sheet_views(fleet: Fleet) -> tuple[Any, ...]:
    """The view model of every ship's sheet, in print order."""
    return fleet.printing.views(fleet)


def sheets_pdf(fleet: Fleet, paper: str = "a4", tables: bool = False, progress=None, per_page: int = 1) -> Printed:
    """Log sheets (WS&IM), ship data sheets (DGUTS) or control panels (grid), one ship after another,
    as the fleet's rule family prints them, `per_page` (1, 2 or 4) sheets to a page; with `tables`,
    the quick-reference tables follow. `progress(n)` is called after each ship's sheet."""
    check_per_page(per_page, fleet.printing)
    return fleet.printing.sheets(fleet, paper, tables, progress, per_page)


def cards_pdf(fleet: Fleet, paper: str = "a4") -> Printed:
    """Compact player cards, several to a page with dashed cut lines."""
    return fleet.printing.cards(fleet, paper)


def decks_pdf(fleet: Fleet, paper: str = "a4") -> Printed:
    """Each ship's complete damage-card deck (the grid game)."""
    return fleet.printing.decks(fleet, paper)


# --- shared by the families -------------------------------------------------------------

def origin_line(fleet: Fleet) -> str:
    """Where the pages come from, printed at the foot of each."""
    return f"{fleet.title} - {fleet.subtitle}"


def new_canvas(layout, title: str):
    """A canvas on the layout's paper, set in its embedded font from the first page on."""
    rl_config.invariant = 1
    buf = io.BytesIO()
    paper, fonts = layout.paper, layout.fonts
    canvas = Canvas(buf, pagesize=(paper.width, paper.height), invariant=1,
                    initialFontName=register(fonts.regular), initialFontSize=fonts.text,
                    initialLeading=fonts.text * fonts.leading)
    canvas.setTitle(printable(title))
    canvas.setAuthor("umpire")
    canvas.setCreator("umpire")
    canvas.setProducer("umpire")
    return canvas, buf


def new_pen(canvas, layout) -> Pen:
    """A pen on `canvas` with the layout's fonts (registered) and ink."""
    register(layout.fonts.regular)
    register(layout.fonts.bold)
    return Pen(canvas, layout.fonts, layout.ink)
