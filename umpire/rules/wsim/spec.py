"""Parse and print the first edition's ship specification strings.

``14H-(5-4-4)M-10(1)G-7R(3)-5-22'-23(AV)`` reads: 14 hull squares; crew
squares 5, 4 and 4 in three sections; 10 gun and 1 carronade square per
broadside; 7 rigging squares in each of 3 sections (3 sections = battle
sail speed 3); full sail speed 5; draught 22 feet; 23 points with an
average crew.
"""

from __future__ import annotations

import re
from enum import Enum

from umpire.core.errors import BadInput
from umpire.core.values import Value


class Quality(str, Enum):
    ELITE = "EL"
    CRACK = "CR"
    AVERAGE = "AV"
    GREEN = "GR"
    POOR = "PR"


_DASHES = str.maketrans({"\u2013": "-", "\u2014": "-", "\u2212": "-", "\u2010": "-", "\u2011": "-",
                         "\u2019": "'", "\u2018": "'", "\u2032": "'", "\u201d": "'", "\u201c": "'",
                         '"': "'", "`": "'", "\u00b4": "'"})

MAX_SQUARES = 99   # a sanity bound on typed specs, not a rule: the largest printed row is 20

_PARTS = (
    ("hull", r"^(\d+)H$", "hull squares, e.g. 14H"),
    ("crew", r"^\((\d+(?:-\d+)*)\)M$", "crew squares per section, e.g. (5-4-4)M"),
    ("guns", r"^(\d*)(?:\((\d+)\))?G$", "gun (carronade) squares per broadside, e.g. 10(1)G, 3G or (3)G"),
    ("rigging", r"^(\d+)R\((\d+)\)$", "rigging squares per section (sections), e.g. 7R(3)"),
    ("full sail", r"^(\d+)$", "full sail speed, e.g. 5"),
    ("draught", r"^(\d+)'$", "draught in feet, e.g. 22'"),
    ("points", r"^(\d+)\((EL|CR|AV|GR|PR)\)$", "points (crew quality), e.g. 23(AV)"),
)


class Spec(Value):
    """A first-edition specification, read: squares, speeds, draught, points and crew quality."""

    __slots__ = ("hull", "crew", "guns", "carronades", "rigging", "sections", "full_sail", "draught",
                 "points", "quality")
    hull: int
    crew: tuple[int, ...]
    guns: int
    carronades: int
    rigging: int
    sections: int
    full_sail: int
    draught: int
    points: int
    quality: Quality

    def __init__(self, hull: int, crew: tuple[int, ...], guns: int, carronades: int, rigging: int,
                 sections: int, full_sail: int, draught: int, points: int, quality: Quality) -> None:
        self._set(hull=hull, crew=crew, guns=guns, carronades=carronades, rigging=rigging, sections=sections,
                  full_sail=full_sail, draught=draught, points=points, quality=quality)

    @property
    def battle_sail(self) -> int:
        return self.sections

    @classmethod
    def parse(cls, text: str) -> "Spec":
        """Parse a spec string, naming the part that is wrong."""
        norm = normalise(text)
        parts = re.split(r"-(?![^()]*\))", norm)
        if len(parts) != len(_PARTS):
            raise BadInput(f"spec {text!r}: expected 7 parts joined by '-' "
                           f"like 14H-(5-4-4)M-10(1)G-7R(3)-5-22'-23(AV), found {len(parts)}")
        found = []
        for part, (name, rx, hint) in zip(parts, _PARTS):
            m = re.match(rx, part)
            if not m:
                raise BadInput(f"spec {text!r}: the {name} part {part!r} is wrong; expected {hint}")
            found.append(m.groups())
        (hull,), (crew,), (guns, carr), (rig, sections), (full,), (draught,), (points, q) = found
        carr = carr or "0"
        if not guns and carr == "0":
            raise BadInput(f"spec {text!r}: the guns part {parts[2]!r} is wrong; expected gun (carronade) squares "
                           "per broadside, e.g. 10(1)G, 3G or (3)G")
        guns = guns or "0"
        crew_t = tuple(int(c) for c in crew.split("-"))
        if int(hull) == 0 or sum(crew_t) == 0 or int(sections) == 0:
            raise BadInput(f"spec {text!r}: hull, crew and rigging sections must not be zero")
        if any(int(v) > MAX_SQUARES for v in (hull, guns or 0, carr, rig, *crew_t)) or len(crew_t) > 9:
            raise BadInput(f"spec {text!r}: more than {MAX_SQUARES} squares in a row is not a ship's log")
        return cls(int(hull), crew_t, int(guns), int(carr), int(rig), int(sections), int(full),
                   int(draught), int(points), Quality(q))

    def __str__(self) -> str:
        crew = "-".join(map(str, self.crew))
        carr = f"({self.carronades})" if self.carronades else ""
        guns = str(self.guns) if self.guns or not self.carronades else ""
        return (f"{self.hull}H-({crew})M-{guns}{carr}G-{self.rigging}R({self.sections})"
                f"-{self.full_sail}-{self.draught}'-{self.points}({self.quality.value})")


def normalise(text: str) -> str:
    """Fold typographic dashes and quotes to ASCII and drop spaces; '' becomes '."""
    out = text.strip().translate(_DASHES).replace(" ", "").upper()
    return out.replace("''", "'")
