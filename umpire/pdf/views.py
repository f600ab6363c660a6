"""View models every kind of page shares: rows of squares, the cover's ship list, and what a
title says of a ship out of the fight. Plain values a drawer prints without any rule logic; each
rule family's own views (`pdf/<family>/views.py`) are built from these.
"""

from __future__ import annotations

from dataclasses import dataclass

from umpire.core.errors import BadInput
from umpire.core.numbers import MOST_SQUARES

#: what a sheet's title says of a ship out of the fight, by her state
TITLE_MARKS = {"struck": "STRUCK", "surrendered": "SURRENDERED", "captured": "CAPTURED", "sinking": "SINKING",
               "sunk": "SUNK", "exploded": "EXPLODED"}




def printable_count(what: str, count: object) -> int:
    """`count` squares or circles for `what`, if a row holds them (`core.numbers.MOST_SQUARES`); otherwise
    refused (exit 2): drawing more would take as long as the number is large."""
    if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= MOST_SQUARES:
        raise BadInput(f"{what}: {count!r} squares cannot be printed (a row holds 0 to {MOST_SQUARES}); "
                       "the game file has been changed by hand: `umpire verify` shows where")
    return count


#: the most turns a printed turn log runs to (about 33 pages a ship); a longer game comes only from a
#: hand-edited turn number or scenario length
MOST_TURNS = 999


def printable_turns(what: str, turns: int) -> int:
    """`turns` rows of a turn log for `what`, if a log can run that long; otherwise refused (exit 2)."""
    if not 0 <= turns <= MOST_TURNS:
        raise BadInput(f"{what}: a turn log of {turns} turns cannot be printed (at most {MOST_TURNS}); "
                       "the game file or scenario gives a turn number no game reaches: `umpire verify` shows where")
    return turns


@dataclass(frozen=True, slots=True)
class Track:
    """One row of squares on a log: how many the ship has and how many are crossed off."""

    label: str
    total: int
    crossed: int = 0


@dataclass(frozen=True, slots=True)
class BoxGroup:
    """A numbered section of the log (hull, crew, guns, ...) and its rows of squares."""

    number: int
    title: str
    tracks: tuple[Track, ...]
    short: str = ""

    def __post_init__(self) -> None:
        for t in self.tracks:
            printable_count(f"{self.title} {t.label}".strip(), t.total)

    @property
    def heading(self) -> str:
        """The heading on a sheet: number and title, or the title alone for an unnumbered section."""
        return f"{self.number} {self.title}" if self.number else self.title

    @property
    def label(self) -> str:
        """The title in few letters, for cards."""
        return self.short or self.title

    @property
    def width(self) -> int:
        """Squares drawn per row: the longest row; shorter rows have the rest marked out."""
        return max((t.total for t in self.tracks), default=0)

    @property
    def crossed(self) -> int:
        return sum(t.crossed for t in self.tracks)


@dataclass(frozen=True, slots=True)
class CoverRow:
    cells: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CoverSide:
    side: str
    rows: tuple[CoverRow, ...]


@dataclass(frozen=True, slots=True)
class CoverView:
    """The fleet's first page: title, where the ships come from, ships by side."""

    title: str
    subtitle: str
    rules: str                 # the rules' name as the cover prints it (edition and level)
    headings: tuple[str, ...]
    sides: tuple[CoverSide, ...]
