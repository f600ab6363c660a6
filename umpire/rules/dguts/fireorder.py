"""What the umpire declares for a fire, and the range bands (Basic Rules VIII.B, VIII.D).

Ranges are inches measured main mast to main mast. Anchored ships, floating
batteries and land guns reach 3/2 as far, and their bands stretch the same.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, Iterable, Mapping

from umpire.core.values import Value
from umpire.rules.dguts.guns import calibre_key
from umpire.rules.dguts.model import Aim, BadInput, Bearing, Rake, RangeBand, Shot
from umpire.rules.dguts.tables import Tables, tables_or_default

OPTIONS = {
    "point-blank": "Advanced Optional 4: under 1\" every shot hits on the point-blank table",
    "stern-rake": "Advanced Optional 5: stern rakes triple damage",
    "carronade-accuracy": "Advanced Optional 7: carronades use the next table beyond A range",
    "opening-nations": "Advanced Optional 3: only U.S., British and Dutch get the opening broadside",
    "shot-weight": "Single-Ship Rules M: U.S. shot light, French shot heavy at B-D range",
    "dismounted-guns": "Single-Ship Rules G: low damage dismounts guns, and dismounted guns do not fire",
    "chasers": "Advanced Optional 8: bow and stern chasers by number and size, a table better, to 20\"",
}



class FireOrder(Value):
    """What the umpire measured and declared for one fire."""

    __slots__ = ("range_inches", "bearing", "aim", "rake", "anchored", "shot", "crew_detailed", "calibres",
                 "firing_speed", "options", "chasers_below")
    range_inches: float
    bearing: Bearing
    aim: Aim
    rake: Rake
    anchored: bool
    shot: Shot
    crew_detailed: float | None
    calibres: tuple[str, ...]
    firing_speed: Fraction
    options: frozenset[str]
    #: the chase guns fire from below the upper deck (they may fire with studding sails set)
    chasers_below: bool

    def __init__(self, range_inches: float, bearing: Bearing, aim: Aim = Aim.LOW, rake: Rake = Rake.NONE,
                 anchored: bool = False, shot: Shot = Shot.ROUND, crew_detailed: float | None = None,
                 calibres: tuple[str, ...] = (), firing_speed: Fraction = Fraction(1),
                 options: frozenset[str] = frozenset(), chasers_below: bool = False) -> None:
        self._set(range_inches=range_inches, bearing=bearing, aim=aim, rake=rake, anchored=anchored, shot=shot,
                  crew_detailed=crew_detailed, calibres=calibres, firing_speed=firing_speed, options=options,
                  chasers_below=chasers_below)


def fire_order(range_inches: Any, side: Any, aim: Any = None, rake: Any = None,
               anchored: bool = False, shot: Any = "round", crew: Any = None,
               calibres: Iterable[str] | str | None = None, firing_speed: Any = 1,
               options: Iterable[str] = (), chasers_below: bool = False) -> FireOrder:
    """Build a FireOrder from typed words; bad words raise BadInput saying what is accepted."""
    try:
        inches = float(range_inches)
    except (TypeError, ValueError):
        raise BadInput(f"range {range_inches!r}: give inches, e.g. 7.5") from None
    if math.isnan(inches) or math.isinf(inches) or inches < 0:
        raise BadInput(f"range {range_inches!r}: inches from main mast to main mast, 0 or more")
    opts = frozenset(str(o).strip().lower() for o in options)
    for name in opts - set(OPTIONS):
        raise BadInput(f"option {name!r}: fire options are {', '.join(OPTIONS)}")
    if isinstance(calibres, str):
        calibres = [c for c in calibres.split(",") if c.strip()]
    speed = _ratio(firing_speed)
    crew_f = None if crew is None else float(crew)
    if crew_f is not None and (math.isnan(crew_f) or crew_f < 0):
        raise BadInput(f"crew {crew!r}: crew factors at the guns, 0 or more")
    bearing = Bearing.parse(side)
    if chasers_below and bearing not in (Bearing.BOW, Bearing.STERN):
        raise BadInput("chasers_below: only bow or stern chase guns are mounted below (--side bow or stern)")
    return FireOrder(inches, bearing, Aim.parse(aim) if aim else Aim.LOW,
                     Rake.parse(rake) if rake else Rake.NONE, bool(anchored), Shot.parse(shot),
                     crew_f, tuple(calibre_key(c) for c in calibres or ()), speed, opts, bool(chasers_below))


def _ratio(text: Any) -> Fraction:
    raw = str(text).strip().replace(":", "/")
    try:
        value = Fraction(raw)
    except (ValueError, ZeroDivisionError):
        raise BadInput(f"firing speed {text!r}: a ratio such as 3:2 or 1.5") from None
    if value <= 0:
        raise BadInput(f"firing speed {text!r}: must be more than 0")
    return value


def range_band(inches: float, anchored: bool = False, tables: Tables | None = None,
               own: Mapping[str, float] | None = None) -> RangeBand:
    """A, B, C or D band for a range in inches (Basic Rules VIII.B; anchored x3/2, VIII.D).

    `own` are a ship's own band limits where a scenario changes them (the Turks: A 3", B 6", C 9")."""
    t = tables_or_default(tables)
    if inches < 0 or math.isnan(inches):
        raise BadInput(f"range {inches!r}: inches, 0 or more")
    scale = t.num("fire", "anchored", "range_multiplier") if anchored else Fraction(1)
    limits = {**t.get("fire", "bands", "max_inches"), **(own or {})}
    for band in RangeBand:
        if Fraction(str(inches)) <= Fraction(str(limits[band.value])) * scale:
            return band
    raise BadInput(f"range {inches:g}\": beyond D range ({float(Fraction(str(limits['D'])) * scale):g}\"); "
                  f"no gun fires further")


def max_range(key: str, anchored: bool = False, tables: Tables | None = None) -> Fraction | None:
    """Maximum range in inches of a calibre key ("24", "32C"), or None if the text lost it."""
    t = tables_or_default(tables)
    section = "carronades" if key.endswith("C") else "long_guns"
    value = t.find("guns", section, "max_range_inches", key.removesuffix("C"))
    if value is None:
        return None
    scale = t.num("fire", "anchored", "range_multiplier") if anchored else Fraction(1)
    return Fraction(str(value)) * scale
