"""The DGUTS page layouts: the ship data sheet (templates/dguts-sheet.toml) and the player card
(templates/dguts-card.toml)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from umpire.pdf.layout import Armament, Card, Fields, Fonts, Ink, Ladder, Log, Need, Page, Paper, Title


@dataclass(frozen=True, slots=True)
class DgutsSheetLayout:
    """DGUTS ship data sheet: title, the data sheet's fields, armament, damage ladders, turn log."""

    template: ClassVar[str] = "dguts-sheet"

    paper: Paper
    page: Page
    fonts: Fonts
    ink: Ink
    title: Title
    fields: Fields
    armament: Armament
    ladder: Ladder
    log: Log

    def needs(self, width: float, height: float) -> list[Need]:
        """The log's columns, the armament table and a row of ladder steps across the page."""
        lg, lad = self.log, self.ladder
        return [("[log] columns", lg.turn + lg.move + lg.fire + lg.high + lg.low, width),
                ("[armament] widths", sum(self.armament.widths), width),
                ("[ladder] label + per_row steps", lad.label + lad.per_row * lad.step, width)]


@dataclass(frozen=True, slots=True)
class DgutsCardLayout:
    """DGUTS player card: name, facts, armament and ladders, between cut lines."""

    template: ClassVar[str] = "dguts-card"

    paper: Paper
    page: Page
    fonts: Fonts
    ink: Ink
    card: Card
    armament: Armament
    ladder: Ladder

    def needs(self, width: float, height: float) -> list[Need]:
        """The card on the page, and the armament table and a row of ladder steps across the card."""
        lad = self.ladder
        inner = self.card.width - 2 * self.card.padding
        return [("[card] width", self.card.width, width), ("[card] height", self.card.height, height),
                ("[armament] widths", sum(self.armament.widths), inner),
                ("[ladder] label + per_row steps", lad.label + lad.per_row * lad.step, inner)]
