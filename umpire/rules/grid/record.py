"""A grid ship's record (core.record): her sample type and its variants, and her crew's quality.

Type, movement class, guns and figures are her set-up (`ship add`, the scenario); the crew's
quality, which tacking, collisions and fighting read, may be given or corrected in play with
`ship edit --quality`.
"""

from __future__ import annotations

from umpire.core.record import Record, RecordField
from umpire.rules.grid.ship import QUALITIES

SET_UP = ("add", "scenario")


def _at(option: str, key: str, places: tuple[str, ...] = SET_UP) -> tuple:
    names = {"add": option, "scenario": key, "csv": key, "edit": option}
    return tuple((p, names[p]) for p in places)


GRID = Record((
    RecordField("type", "text", "Sample Ships (L385-448)", "the sample ship type", _at("--type", "type")),
    RecordField("movement", "choice", "Sample Ships (L385-448)", "the movement class", _at("--movement", "movement"),
                choices=("A", "B", "C", "D", "E", "M")),
    RecordField("quality", "choice", "Crew quality (L204, L356, L375)", "the crew quality",
                _at("--quality", "quality", ("add", "scenario", "csv", "edit")), default="average",
                choices=QUALITIES),
    RecordField("bow_guns", "int", "Sample Ships (L385-448)", "the bow guns", _at("--bow-guns", "bow_guns"),
                low=0, path=("guns_carried", "bow")),
    RecordField("stern_guns", "int", "Sample Ships (L385-448)", "the stern guns", _at("--stern-guns", "stern_guns"),
                low=0, path=("guns_carried", "stern")),
    RecordField("crew", "int", "Sample Ships (L385-448)", "the crew figures", _at("--crew", "crew"), low=0),
    RecordField("marines", "int", "Sample Ships (L385-448)", "the marine figures", _at("--marines", "marines"), low=0),
))
