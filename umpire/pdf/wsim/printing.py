"""How Wooden Ships & Iron Men prints (every edition and level): log sheets and player cards on the
log form of the game's edition and level (templates/wsim-forms.toml), the turn log read from the
journal, and the hit, melee and movement tables."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from umpire.pdf.briefing import Item
from umpire.pdf.document import Printing
from umpire.pdf.draw import Pen, TurnLog
from umpire.pdf.wsim.journal import turn_log
from umpire.pdf.wsim.quickref import SHAPERS
from umpire.pdf.wsim.layout import WsimCardLayout, WsimSheetLayout, load_form
from umpire.pdf.layout import CoverLayout
from umpire.pdf.sources import Fleet
from umpire.pdf.views import CoverView
from umpire.pdf.wsim.sheet import card_pages, legend, sheet_top
from umpire.pdf.wsim.views import wsim_cover, wsim_ship


class WsimPrinting(Printing):
    sheet_layout = WsimSheetLayout
    card_layout = WsimCardLayout
    quick_tables = ("hdt", "hit-tables", "critical-hits", "melee", "fouling", "unfouling", "grappling", "ungrappling",
                    "movement", "ammunition", "destroyed-hull")
    shapers = SHAPERS

    def log(self, events: Sequence[Mapping], names: Mapping[str, str]) -> Mapping[str, tuple]:
        return turn_log(events, names)

    def views(self, fleet: Fleet) -> tuple[Any, ...]:
        form = load_form(fleet.ruleset, fleet.level)   # the edition's and level's log (templates/wsim-forms.toml)
        return tuple(wsim_ship(s, fleet, form) for s in fleet.ships)

    def cover(self, fleet: Fleet, views: tuple[Any, ...]) -> CoverView:
        return wsim_cover(fleet, views, fleet.ships)

    def cover_widths(self, cover: CoverLayout) -> Sequence[float]:
        return cover.cover.widths_wsim

    def template(self, views: tuple[Any, ...], kind: str) -> str:
        form = views[0].form
        return form.sheet_template if kind == "sheet" else form.card_template

    def sheet_top(self, pen: Pen, view: Any, layout: Any, origin: str, brief: Sequence[Item],
                  fleet: Fleet) -> tuple[float, TurnLog]:
        return sheet_top(pen, view, layout, origin, brief, legend(fleet.source_ruleset, view.form))

    def draw_cards(self, pen: Pen, views: Sequence[Any], layout: Any, origin: str, brief: Sequence[Item]) -> int:
        return card_pages(pen, views, layout, origin, brief)

    def board(self, view: Any) -> tuple[tuple, ...]:
        fields = (("crew quality", view.quality), ("loaded", view.loads or "-"),
                  ("spec", view.spec), ("turning", view.turning_text))
        boxes = tuple(("boxes", g.heading, tuple((t.label, t.total, t.crossed) for t in g.tracks))
                      for g in view.groups)
        return (("title", view.line_one), ("fields", "", fields), *boxes, ("lines", "Status", view.status))
