"""Whole documents: a fleet's sheets (with a cover when there are several ships) or its cards.

reportlab is imported here only when a document is made, and is set to
`invariant` mode so the same input always gives the same bytes.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any

from umpire.core.errors import BadInput
from umpire.pdf.sources import Fleet

DUEL = 2   # up to this many ships print without a cover page


@dataclass(frozen=True, slots=True)
class Printed:
    """A finished PDF and what is in it."""

    pdf: bytes
    pages: int
    ships: tuple[str, ...]


def sheet_views(fleet: Fleet) -> tuple[Any, ...]:
    """The view model of every ship's sheet, in print order."""
    if fleet.family == "dguts":
        from umpire.pdf.dguts.views import dguts_ship

        return tuple(dguts_ship(s, fleet) for s in fleet.ships)
    if fleet.family == "grid":
        from umpire.pdf.grid.panels import panel_view

        return tuple(panel_view(s, fleet.tables, blank=not fleet.damage) for s in fleet.ships)
    from umpire.pdf.layout import load_form
    from umpire.pdf.wsim.views import wsim_ship

    form = load_form(fleet.ruleset, fleet.level)   # the edition's and level's log (templates/wsim-forms.toml)
    return tuple(wsim_ship(s, fleet, form) for s in fleet.ships)


def cover_view(fleet: Fleet, views: tuple[Any, ...]):
    if fleet.family == "dguts":
        from umpire.pdf.dguts.views import dguts_cover

        return dguts_cover(fleet, views)
    from umpire.pdf.wsim.views import wsim_cover

    return wsim_cover(fleet, views, fleet.ships)


def sheets_pdf(fleet: Fleet, paper: str = "a4", tables: bool = False, progress=None) -> Printed:
    """Log sheets (WS&IM) or ship data sheets (DGUTS), one ship after another. More ships than a
    duel get a cover page with the scenario's briefing and the ships by side; a duel's sheets
    carry the briefing themselves. With `tables`, the ruleset's quick-reference tables follow.
    `progress(n)` is called after each ship's sheet."""
    from umpire.pdf.briefing import briefing_items
    from umpire.pdf.cover import cover_pages
    from umpire.pdf.layout import CoverLayout, DgutsSheetLayout, WsimSheetLayout, load_layout

    if fleet.family == "grid":
        return _grid_panels(fleet, paper, tables, progress)
    views = sheet_views(fleet)
    dguts = fleet.family == "dguts"
    layout = load_layout(DgutsSheetLayout if dguts else WsimSheetLayout, paper,
                         "" if dguts else views[0].form.sheet_template)
    canvas, buf = _canvas(layout, f"{fleet.title}: ship sheets")
    pen = _pen(canvas, layout)
    pages = 0
    brief = briefing_items(fleet.brief)
    if len(views) > DUEL:
        cover = load_layout(CoverLayout, paper)
        widths = cover.cover.widths_dguts if dguts else cover.cover.widths_wsim
        pages += cover_pages(_pen(canvas, cover), cover_view(fleet, views), cover, widths, brief)
        brief = ()
    origin = f"{fleet.title} - {fleet.subtitle}"
    if dguts:
        from umpire.pdf.dguts.sheet import sheet_pages as draw_dguts

        for view in views:
            pages += draw_dguts(pen, view, layout, origin, brief)
            if progress:
                progress(1)
    else:
        from umpire.pdf.wsim.sheet import legend, sheet_pages as draw_wsim

        for view in views:
            pages += draw_wsim(pen, view, layout, origin, brief, legend(fleet.source_ruleset, view.form))
            if progress:
                progress(1)
    if tables:
        from umpire.pdf.tables import quick_tables, table_pages

        blocks = quick_tables(fleet.family, fleet.tables, fleet.options)
        pages += table_pages(pen, blocks, layout, origin, f"{fleet.title} - {fleet.ruleset}")
    canvas.save()
    return Printed(buf.getvalue(), pages, tuple(v.ship_id for v in views))


def cards_pdf(fleet: Fleet, paper: str = "a4") -> Printed:
    """Compact player cards, several to a page with dashed cut lines."""
    from umpire.pdf.layout import DgutsCardLayout, WsimCardLayout, load_layout

    if fleet.family == "grid":
        raise BadInput("the grid game has no player cards: its cards are each ship's damage cards "
                       "(`umpire cards --deck`); `umpire sheet` prints the Ship Control Panels")

    views = sheet_views(fleet)
    dguts = fleet.family == "dguts"
    layout = load_layout(DgutsCardLayout if dguts else WsimCardLayout, paper,
                         "" if dguts else views[0].form.card_template)
    canvas, buf = _canvas(layout, f"{fleet.title}: ship cards")
    origin = f"{fleet.title} - {fleet.subtitle}"
    if dguts:
        from umpire.pdf.dguts.sheet import card_pages
    else:
        from umpire.pdf.wsim.sheet import card_pages
    from umpire.pdf.briefing import briefing_items

    pages = card_pages(_pen(canvas, layout), views, layout, origin, briefing_items(fleet.brief))
    canvas.save()
    return Printed(buf.getvalue(), pages, tuple(v.ship_id for v in views))


def decks_pdf(fleet: Fleet, paper: str = "a4") -> Printed:
    """The grid game: each ship's complete damage-card deck (the text, L81-82), 24 cards to a page."""
    if fleet.family != "grid":
        raise BadInput(f"ruleset {fleet.ruleset!r} has no damage-card decks; `--deck` is for the grid game")
    from umpire.pdf.grid.panels import deck_view, decks_pdf as draw

    # each ship's own deck: the game's (`new --deck`) when it has one, else the text's
    pdf, pages = draw(tuple((s["name"], deck_view(fleet.tables, s)) for s in fleet.ships), paper, title=fleet.title)
    return Printed(pdf, pages, tuple(str(s["id"]) for s in fleet.ships))


def _grid_panels(fleet: Fleet, paper: str, tables: bool, progress) -> Printed:
    """The grid game's Ship Control Panels, one a page; a run of a scenario opens with its briefing.
    With `tables`, the game's quick-reference tables follow."""
    from umpire.pdf.briefing import briefing_items
    from umpire.pdf.grid.panels import panels_pdf

    views = sheet_views(fleet)
    origin = f"{fleet.title} - {fleet.subtitle}"
    after = None
    if tables:
        from umpire.pdf.layout import DgutsSheetLayout, load_layout
        from umpire.pdf.tables import quick_tables, table_pages

        layout = load_layout(DgutsSheetLayout, paper)    # the plain sheet layout: paper, fonts and ink
        blocks = quick_tables(fleet.family, fleet.tables, fleet.options)
        after = lambda canvas: table_pages(_pen(canvas, layout), blocks, layout, origin,  # noqa: E731
                                           f"{fleet.title} - {fleet.ruleset}")
    pdf, pages = panels_pdf(views, paper, fleet.title, briefing_items(fleet.brief), origin, after)
    if progress:
        progress(len(views))
    return Printed(pdf, pages, tuple(v.ship_id for v in views))


def _canvas(layout, title: str):
    """A canvas on the layout's paper, set in its embedded font from the first page on."""
    from reportlab import rl_config
    from reportlab.pdfgen.canvas import Canvas

    from umpire.pdf.draw import printable
    from umpire.pdf.fonts import register

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


def _pen(canvas, layout):
    from umpire.pdf.draw import Pen
    from umpire.pdf.fonts import register

    register(layout.fonts.regular)
    register(layout.fonts.bold)
    return Pen(canvas, layout.fonts, layout.ink)
