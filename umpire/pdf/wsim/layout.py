"""The WS&IM page layouts (templates/wsim-sheet*.toml, wsim-card*.toml) and log forms: what each
edition and level calls the parts of its log (templates/wsim-forms.toml)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from umpire.core.errors import BadInput
from umpire.pdf.layout import (Boxes, Card, Fonts, Header, Ink, Need, Page, Panel, Paper, Title, Turns,
                               read_template, template_path)


@dataclass(frozen=True, slots=True)
class WsimSheetLayout:
    """WS&IM log sheet: title, lines 1-8, box sections 9-13, turn grid 14-16."""

    template: ClassVar[str] = "wsim-sheet"

    paper: Paper
    page: Page
    fonts: Fonts
    ink: Ink
    title: Title
    header: Header
    boxes: Boxes
    panel: Panel
    turns: Turns

    def needs(self, width: float, height: float) -> list[Need]:
        """The box sections' rows and the turn grid's columns across the page."""
        b, t = self.boxes, self.turns
        grid = (width - (t.across - 1) * t.grid_gap) / t.across
        return [("[boxes] heading + label + per_row boxes", b.heading + b.label + b.per_row * (b.size + b.gap), width),
                ("[turns] turn + 2 load + move columns", t.turn + 2 * t.load + t.move, grid)]


@dataclass(frozen=True, slots=True)
class WsimCardLayout:
    """WS&IM player card: name, facts, movement and the box sections, between cut lines."""

    template: ClassVar[str] = "wsim-card"

    paper: Paper
    page: Page
    fonts: Fonts
    ink: Ink
    card: Card
    boxes: Boxes

    def needs(self, width: float, height: float) -> list[Need]:
        """The card on the page, and a row of boxes across the card."""
        b = self.boxes
        return [("[card] width", self.card.width, width), ("[card] height", self.card.height, height),
                ("[boxes] heading + label + per_row boxes", b.heading + b.label + b.per_row * (b.size + b.gap),
                 self.card.width - 2 * self.card.padding)]


# --- log forms: what each edition and level calls things (templates/wsim-forms.toml) ----------------

@dataclass(frozen=True, slots=True)
class WsimForm:
    """The words and parts of one edition's (and level's) WS&IM log, as its text describes it."""

    key: str
    sheet: str                    # what the sheet is called, in its title band
    card: str                     # what the cards are called
    edition: str                  # the text and level the log follows
    record: str                   # heading over the squares ("" for none)
    turn: str                     # the grid's word for a turn ("Turn", "Move")
    shots: dict                   # shot -> the mark written at its loading (round, double, chain, grape)
    sections: bool                # broadsides and carronades split into bow and stern
    morale: bool                  # crew quality printed with its number
    sails: bool                   # the sails set printed even when battle sails (the levels with full sails)
    anchors: int                  # anchor boxes on the log (0: none)
    sheet_template: str
    card_template: str
    legend_title: str
    legend: tuple[str, ...]

    @property
    def load(self) -> str:
        """The mark written at a loading of plain shot: R, the 1974 log's B (ballshot)."""
        return self.shots["round"]


SHOTS = ("round", "double", "chain", "grape")
_FORM_TYPES = {"sheet": str, "card": str, "edition": str, "record": str, "turn": str,
               "shots": dict, "sections": bool, "morale": bool, "sails": bool, "anchors": int, "sheet_template": str,
               "card_template": str, "legend_title": str, "legend": list}


def load_form(ruleset: str, level: str = "") -> WsimForm:
    """The log form for a WS&IM ruleset id at a level: `[<id>-<level>]` in templates/wsim-forms.toml,
    else `[<id>]`; a ruleset the file does not name gets the 1981 form of the same level."""
    path = template_path("wsim-forms")
    doc = read_template(path)
    for key in (f"{ruleset}-{level}", ruleset, f"wsim-1981-{level}", "wsim-1981"):
        if isinstance(doc.get(key), dict):
            break
    else:
        raise BadInput(f"template {path}: no [wsim-1981] form")
    table = doc[key]
    values: dict[str, Any] = {"key": key}
    for field_name, kind in _FORM_TYPES.items():
        raw = table.get(field_name)
        where = f"template {path}: [{key}] {field_name}"
        if raw is None:
            raise BadInput(f"{where} is missing")
        if kind is int and (isinstance(raw, bool) or not isinstance(raw, int) or raw < 0):
            raise BadInput(f"{where}: expected a whole number of 0 or more, got {raw!r}")
        if kind is list and not (isinstance(raw, list) and all(isinstance(r, str) and r for r in raw)):
            raise BadInput(f"{where}: expected a list of text lines, got {raw!r}")
        if kind is dict and not (isinstance(raw, dict) and set(raw) == set(SHOTS)
                                 and all(isinstance(v, str) and v for v in raw.values())):
            raise BadInput(f"{where}: expected a mark for each of {', '.join(SHOTS)}, got {raw!r}")
        if kind in (str, bool) and not isinstance(raw, kind):
            raise BadInput(f"{where}: expected {'text' if kind is str else 'true or false'}, got {raw!r}")
        values[field_name] = tuple(raw) if kind is list else dict(raw) if kind is dict else raw
    for key_name in ("sheet", "card", "turn", "sheet_template", "card_template"):
        if not values[key_name]:
            raise BadInput(f"template {path}: [{key}] {key_name} must not be empty")
    return WsimForm(**values)
