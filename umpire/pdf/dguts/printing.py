"""How Don't Give Up The Ship! prints: ship data sheets and player cards, the turn log read from the
journal, and the firing, morale, boarding and damage tables."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from umpire.pdf.briefing import Item
from umpire.pdf.document import Printing
from umpire.pdf.draw import Pen, TurnLog
from umpire.pdf.dguts.sheet import card_pages, sheet_top
from umpire.pdf.dguts.views import dguts_cover, dguts_ship
from umpire.pdf.dguts.journal import dguts_log
from umpire.pdf.dguts.quickref import SHAPERS
from umpire.pdf.dguts.layout import DgutsCardLayout, DgutsSheetLayout
from umpire.pdf.layout import CoverLayout
from umpire.pdf.sources import Fleet
from umpire.pdf.views import CoverView


class DgutsPrinting(Printing):
    sheet_layout = DgutsSheetLayout
    card_layout = DgutsCardLayout
    quick_tables = ("fire", "morale", "boarding", "sinking", "speed", "explosion", "repairs")
    shapers = SHAPERS

    def log(self, events: Sequence[Mapping], names: Mapping[str, str]) -> Mapping[str, tuple]:
        return dguts_log(events, names)

    def views(self, fleet: Fleet) -> tuple[Any, ...]:
        return tuple(dguts_ship(s, fleet) for s in fleet.ships)

    def cover(self, fleet: Fleet, views: tuple[Any, ...]) -> CoverView:
        return dguts_cover(fleet, views)

    def cover_widths(self, cover: CoverLayout) -> Sequence[float]:
        return cover.cover.widths_dguts

    def sheet_top(self, pen: Pen, view: Any, layout: Any, origin: str, brief: Sequence[Item],
                  fleet: Fleet) -> tuple[float, TurnLog]:
        return sheet_top(pen, view, layout, origin, brief)

    def draw_cards(self, pen: Pen, views: Sequence[Any], layout: Any, origin: str, brief: Sequence[Item]) -> int:
        return card_pages(pen, views, layout, origin, brief)

    def board(self, view: Any) -> tuple[tuple, ...]:
        fields = tuple((f.label, f.value) for f in (*view.left, *view.right))
        guns = tuple((g.calibre, f"{g.guns} {g.kind}, {g.factors} factors ({g.per_side} a side)".strip())
                     for g in view.guns)
        ladders = tuple(("ladder", lad.title, tuple((r.value, bool(r.crossed)) for r in lad.rungs))
                        for lad in view.ladders)
        return (("title", view.name), ("fields", "", fields), ("fields", "Armament", guns), *ladders,
                ("lines", "Status", view.status))
