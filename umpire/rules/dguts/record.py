"""A DGUTS ship's record (core.record): the values history gives (tonnage, crew, guns, nation) and
the rated or pre-figured ones the texts print, and where each may be given.

`ship edit` here is DGUTS's own (`commands_ship.edit_ship`): a changed value works her figures out again
and keeps the damage and losses she has taken; the declaration names the fields and their kinds
for `ship edit --help`, `status` and the order-of-battle reader.
"""

from __future__ import annotations

from umpire.core.record import Record, RecordField
from umpire.rules.dguts.ship import KINDS


def _at(option: str, key: str, places: tuple[str, ...] = ("add", "scenario", "csv", "edit")) -> tuple:
    names = {"add": option, "scenario": key, "csv": key, "edit": option}
    return tuple((p, names[p]) for p in places)


DGUTS = Record((
    RecordField("nation", "text", "DGUTS Basic Rules III (nationality)", "the nation",
                _at("--nation", "nation"), path=("definition", "nation")),
    RecordField("tons", "number", "DGUTS Basic Rules VII (SF value from tonnage)", "the tonnage",
                _at("--tons", "tons"), low=1, high=10000, path=("definition", "tons")),
    RecordField("men", "int", "DGUTS Basic Rules VII (CF from the crew)", "the crew (men and boys)",
                _at("--men", "men"), low=1, high=5000, path=("definition", "men")),
    RecordField("guns", "text", "DGUTS Basic Rules III (fire factors from the guns)",
                "the guns by calibre, e.g. 30x24,22x32C", _at("--guns", "guns"), path=("definition", "guns")),
    RecordField("rate", "text", "DGUTS Basic Rules III (rate)", "the rated number of guns",
                _at("--rate", "rate"), path=("definition", "overrides", "rate")),
    RecordField("class", "text", "DGUTS Basic Rules III (class)", "the ship class, 1-5 or I-V",
                _at("--class", "class"), path=("definition", "overrides", "class")),
    RecordField("sailing_class", "choice", "DGUTS Single-Ship Rules (sailing class)", "the sailing class",
                _at("--sailing-class", "sailing_class", ("scenario", "edit")), default="c",
                choices=("a", "b", "c", "d", "e"), path=("definition", "overrides", "sailing_class")),
    RecordField("weatherliness", "int", "DGUTS Single-Ship Rules B (weatherliness)", "the weatherliness class",
                _at("--weatherliness", "weatherliness", ("scenario", "edit")), default=3, low=1, high=3,
                path=("definition", "overrides", "weatherliness")),
    RecordField("kind", "choice", "DGUTS Special Vessels", "the kind of vessel",
                _at("--kind", "kind", ("scenario", "csv", "edit")), default="warship", choices=KINDS,
                path=("definition", "overrides", "kind")),
))
