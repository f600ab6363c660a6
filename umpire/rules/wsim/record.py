"""A WS&IM ship's record (core.record), for each edition: the values the rules read for a ship
beyond her spec's boxes, and where each may be given.

The turning ability and the class are printed on the counters, not in the texts' ship lists: a
bundled scenario or a converted order of battle often lacks them, and the umpire gives them once
(`ship add`, the scenario or CSV, or `ship edit`), never again at each `move`.
"""

from __future__ import annotations

from umpire.core.record import Record, RecordField
from umpire.rules.wsim.ship import CLASS_NUMBERS, CLASSES

EVERYWHERE = "add", "scenario", "csv", "edit"
ADD_SCENARIO_EDIT = "add", "scenario", "edit"


def _given(places: tuple[str, ...], option: str, key: str, column: str = "") -> tuple[tuple[str, str], ...]:
    names = {"add": option, "scenario": key, "csv": column or key, "edit": option}
    return tuple((p, names[p]) for p in places)


def fields(spec: str, counter: str, turning: str, rating: str, most_class: int = 7,
           rate_at: tuple[str, ...] = ("scenario", "edit")) -> tuple[RecordField, ...]:
    """The record's fields, citing an edition's own sections. A CSV's `rate` column is the rating the
    order-of-battle converter reads to find a listed ship (oob/wsim.py), so the gun rating is not
    given there."""
    return (
        RecordField("spec", "text", spec, "the spec (hull, crew, guns, rigging, speeds, draught, points)",
                    _given(("add", "scenario", "csv"), "--spec", "spec")),
        RecordField("class", "choice", counter, "the class (the counter's ship type)",
                    _given(EVERYWHERE, "--class", "class"), choices=CLASSES),
        RecordField("class_number", "int", counter, "the class number on the counter",
                    _given(("scenario", "edit"), "--class-number", "class_number"), low=1, high=most_class),
        RecordField("turning", "int", turning, "the turning ability on the counter",
                    _given(EVERYWHERE, "--turning", "turning"), low=1, high=6, asked="move"),
        RecordField("rate", "int", rating, "the gun rating (rated number of guns)",
                    _given(rate_at, "--rate", "rated_guns", "rate"), low=1, high=200, path=("rated_guns",)),
        RecordField("nation", "text", counter, "the nation (the counter's colours)",
                    _given(EVERYWHERE, "--nation", "nation")),
    )


def check(ship: dict, changes: dict) -> str:
    """A class and a class number that do not go together (Introduction II.C: each number stands
    for certain types), or ""."""
    cls = changes.get("class", ship.get("class") or "")
    number = changes.get("class_number", ship.get("class_number"))
    if cls and number in CLASS_NUMBERS and cls not in CLASS_NUMBERS[number]:
        return (f"class {cls} does not go with class number {number} (number {number} is "
                f"{', '.join(CLASS_NUMBERS[number])}); give both, e.g. --class {CLASS_NUMBERS[number][0]} "
                f"--class-number {number}")
    return ""


WSIM_1981 = Record(fields("Introduction III (the log)", "Introduction II.C",
                          "Introduction II.C.1", "Optional Rules VII, IX (gun ratings)"), check)
WSIM_1974 = Record(fields("1974 Hit Record & Log Sheet", "1974 Unit Counters", "1974 How to Move 3",
                          "1974 Optional Rules: Towing; Wind (gun rating)", rate_at=ADD_SCENARIO_EDIT), check)
WSIM_TE26 = Record(fields("TE 2.6 2.4", "TE 2.6 2.3.1", "TE 2.6 2.3.1.1", "TE 2.6 37.1, 41.2",
                          most_class=8), check)
