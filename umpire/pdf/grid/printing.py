"""How the square-grid game prints: a Ship Control Panel a page (after the scenario's briefing),
each ship's damage-card deck, and the movement, fire and crew tables. The grid game keeps no turn
log and has no player cards: its cards are the damage cards."""

from __future__ import annotations

from typing import Any, Callable

from umpire.core.errors import BadInput
from umpire.pdf.briefing import briefing_items
from umpire.pdf.document import Printed, Printing, new_pen, origin_line, unprintable
from umpire.pdf.grid.quickref import SHAPERS
from umpire.pdf.grid.panels import deck_view, decks_pdf, panel_view, panels_pdf
from umpire.pdf.dguts.layout import DgutsSheetLayout
from umpire.pdf.layout import load_layout
from umpire.pdf.sources import Fleet


class GridPrinting(Printing):
    quick_tables = ("movement", "fire", "crew", "chances")
    shapers = SHAPERS
    shares_pages = ("the grid game's Ship Control Panels print one to a page (each fills it); --per-page is "
                    "for WS&IM log sheets and DGUTS data sheets")

    def views(self, fleet: Fleet) -> tuple[Any, ...]:
        return tuple(panel_view(s, fleet.tables, blank=not fleet.damage) for s in fleet.ships)

    def sheets(self, fleet: Fleet, paper: str, tables: bool, progress: Callable[[int], None] | None,
               per_page: int = 1) -> Printed:
        """The Ship Control Panels, one a page; a run of a scenario opens with its briefing. With
        `tables`, the game's quick-reference tables follow. A panel fills its page (the ship's
        silhouette, her boxes and the damage cards' spaces), so it is not printed several to a page."""
        views = self.views(fleet)
        after = None
        if tables:
            layout = load_layout(DgutsSheetLayout, paper)    # the plain sheet layout: paper, fonts and ink
            after = lambda canvas: self.table_pages(new_pen(canvas, layout), layout, fleet)  # noqa: E731
        pdf, pages = panels_pdf(views, paper, fleet.title, briefing_items(fleet.brief), origin_line(fleet), after)
        if progress:
            progress(len(views))
        fonts = load_layout(DgutsSheetLayout, paper).fonts                 # the panels' DejaVu fonts
        return Printed(pdf, pages, tuple(v.ship_id for v in views), unprintable(fleet, fonts))

    def cards(self, fleet: Fleet, paper: str) -> Printed:
        raise BadInput("the grid game has no player cards: its cards are each ship's damage cards "
                       "(`umpire cards --deck`); `umpire sheet` prints the Ship Control Panels")

    def decks(self, fleet: Fleet, paper: str) -> Printed:
        """Each ship's complete damage-card deck (the text, L81-82), 24 cards to a page: the game's own
        (`new --deck`) when it has one, else the text's."""
        pdf, pages = decks_pdf(tuple((s["name"], deck_view(fleet.tables, s)) for s in fleet.ships), paper,
                               title=fleet.title)
        fonts = load_layout(DgutsSheetLayout, paper).fonts
        return Printed(pdf, pages, tuple(str(s["id"]) for s in fleet.ships), unprintable(fleet, fonts))

    def board(self, view: Any) -> tuple[tuple, ...]:
        fields = (("type", view.type_name), ("quality", view.quality),
                  ("sail", view.sail or "-"), ("crew", str(view.crew)), ("marines", str(view.marines)),
                  ("casualties", str(view.casualties)))
        hull = ("boxes", "Hull", (("", view.hull_boxes, view.hull_damage),))
        guns = ("boxes", "Guns (destroyed crossed)", tuple((b, n, view.destroyed.get(b, 0))
                                                           for b, n in view.guns.items() if n))
        marks = ("boxes", "Permanent damage", tuple((what, n, crossed) for what, n, crossed in view.marks))
        return (("title", f"{view.name} - {view.type_name}"), ("fields", "", fields), hull, guns, marks,
                ("lines", "Damage cards held", view.held), ("lines", "Marked", view.marked))
