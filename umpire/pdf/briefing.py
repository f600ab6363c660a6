"""The scenario's briefing on paper: title, date, place, wind, length, victory, special rules, notes
and what to supply before play.

The briefing comes from `umpire.core.briefing` (the same value `umpire scenarios show` prints). A
fleet's cover page carries it above the list of ships; a duel, which has no cover, carries it
beside the squares of each log; a cards run carries it under the last row of cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from umpire.pdf.draw import Pen, _greedy


@dataclass(frozen=True, slots=True)
class Item:
    """One entry of the briefing: a heading ("Wind", "Victory", ...) and its paragraphs."""

    heading: str
    texts: tuple[str, ...]


def briefing_items(brief: Mapping | None) -> tuple[Item, ...]:
    """The briefing's entries in reading order, the empty ones left out."""
    if not brief:
        return ()
    when = ", ".join(str(brief[k]) for k in ("date", "place") if brief.get(k))
    turns = brief.get("turns")
    items = [
        Item("Date and place", (when,) if when else ()),
        Item("Wind", (str(brief.get("wind") or ""),) if brief.get("wind") else ()),
        Item("Length", (f"{turns} turns: the game ends after turn {turns}",) if turns else ()),
        Item("Victory", tuple(brief.get("victory") or ())),
        Item("Special rules", tuple(brief.get("special_rules") or ())),
        Item("Map", (str(brief["map"]),) if brief.get("map") else ()),
        Item("Notes", tuple(brief.get("notes") or ())),
        Item("Before play", tuple(brief.get("warnings") or ())),
    ]
    return tuple(i for i in items if i.texts)


@dataclass(frozen=True, slots=True)
class Line:
    """A printed line of the briefing: text, size, bold, how far it is indented."""

    text: str
    size: float
    bold: bool = False
    indent: float = 0.0

    def height(self, leading: float) -> float:
        return self.size * leading


def briefing_lines(pen: Pen, items: Sequence[Item], width: float, size: float) -> list[Line]:
    """The entries wrapped to `width`: a bold heading line, then each paragraph, hanging after a dash."""
    out: list[Line] = []
    indent = pen.width("\u2013 ", size)
    for item in items:
        out.append(Line(item.heading, size, bold=True))
        for para in item.texts:
            dash = len(item.texts) > 1
            room = width - (indent if dash else 0)
            for k, text in enumerate(wrap_all(pen, para, room, size)):
                prefix = "\u2013 " if dash and k == 0 else ""
                out.append(Line(prefix + text, size, indent=0 if prefix or not dash else indent))
    return out


def wrap_all(pen: Pen, text: str, room: float, size: float) -> list[str]:
    """Every word of `text` in lines no wider than `room` (a word too long is shortened)."""
    lines = _greedy(text.split(), lambda t: pen.width(t, size) <= room)
    return [pen.fit(line, room, size)[0] for line in lines] or [""]


def lines_height(lines: Sequence[Line], leading: float) -> float:
    return sum(line.height(leading) for line in lines)


def draw_lines(pen: Pen, x: float, top: float, lines: Sequence[Line], room: float) -> float:
    """Lines one under the other from `top`; returns the y below the last."""
    lead = pen.fonts.leading
    for line in lines:
        h = line.height(lead)
        pen.text(x + line.indent, pen.middle(top, h, line.size, line.bold), line.text, line.size, line.bold,
                 room=room - line.indent)
        top -= h
    return top


def take(lines: Sequence[Line], height: float, leading: float) -> int:
    """How many of `lines` fit in `height`."""
    used, n = 0.0, 0
    for line in lines:
        used += line.height(leading)
        if used > height + 1e-6:
            break
        n += 1
    return n
