"""Guns as history lists them: "30x24,22x32C,2x12" or the text's "30-24#, 22-32#C".

A `Battery` is a number of guns of one calibre, long guns or carronades.
Calibre keys are "24" for a long 24-pounder and "32C" for a 32-pounder
carronade; labels are the text's "24#" and "32#C".
"""

from __future__ import annotations

import re
from functools import total_ordering
from fractions import Fraction
from typing import Iterable, Sequence

from umpire.core.values import Value
from umpire.rules.dguts.model import BadInput
from umpire.rules.dguts.tables import Tables, tables_or_default


@total_ordering
class Battery(Value):
    """`count` guns throwing `calibre`-pound shot; carronades when `carronade` (ordered by count,
    calibre, then carronade, as a list of guns sorts)."""

    __slots__ = ("count", "calibre", "carronade")
    count: int
    calibre: int
    carronade: bool

    def __init__(self, count: int, calibre: int, carronade: bool = False) -> None:
        self._set(count=count, calibre=calibre, carronade=carronade)

    def __lt__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._values() < other._values()     # type: ignore[attr-defined]

    @property
    def key(self) -> str:
        return f"{self.calibre}{'C' if self.carronade else ''}"

    @property
    def label(self) -> str:
        return f"{self.calibre}#{'C' if self.carronade else ''}"

    def spec(self) -> str:
        return f"{self.count}x{self.key}"

    @classmethod
    def from_spec(cls, text: str, tables: Tables | None = None) -> "Battery":
        return parse_gun(text, tables)


class ShipLine(Value):
    """A ship as the text prints it, with any pre-figured values it gives."""

    __slots__ = ("name", "tons", "men", "guns", "nation", "prefigured")
    name: str
    tons: int
    men: int
    guns: tuple[Battery, ...]
    nation: str
    prefigured: dict

    def __init__(self, name: str, tons: int, men: int, guns: tuple[Battery, ...], nation: str = "",
                 prefigured: dict | None = None) -> None:
        self._set(name=name, tons=tons, men=men, guns=guns, nation=nation,
                  prefigured={} if prefigured is None else prefigured)


_ACCEPTED = "COUNTxCALIBRE, e.g. 30x24, 22x32C (C = carronade), or the text's 30-24#, 22-32#C"
# (the patterns are compiled on first use, by re's own cache: none when a command starts)
_GUN = r"""^(?P<count>\d+)\s*(?:(?P<sep>[x×*-])\s*|\s+(?=\d+\s*\#))
        (?P<cal>\d+)\s*(?:\#|pdr|lb)?\s*(?P<carr>c)?\s*\*?$"""
_GUN_AT_START = r"""^(?P<count>\d+)\s*(?:[x×*-]\s*|\s+(?=\d+\s*\#))
        (?P<cal>\d+)\s*(?:\#|pdr|lb)?\s*(?P<carr>c)?(?![a-z0-9])"""
_GUN_FLAGS = re.IGNORECASE | re.VERBOSE


def calibre_key(text: str) -> str:
    """Normalise a calibre the umpire types ("24", "24#", "32#C", "32c") to its key."""
    raw = str(text).strip().upper().replace("#", "").replace(" ", "")
    if not re.fullmatch(r"\d+C?", raw):
        raise BadInput(f"calibre {text!r}: give pounds, e.g. 24 or 32C for a carronade")
    return raw


def known_calibres(tables: Tables | None = None) -> tuple[list[int], list[int]]:
    """(long gun calibres, carronade calibres) the range table lists (Basic Rules II)."""
    t = tables_or_default(tables)
    return list(t.get("guns", "long_guns", "calibres")), list(t.get("guns", "carronades", "calibres"))


def _check_calibre(text: str, calibre: int, carronade: bool, tables: Tables | None) -> None:
    longs, carrs = known_calibres(tables)
    allowed = carrs if carronade else longs
    if calibre not in allowed:
        raise BadInput(
            f"guns {text!r}: unknown calibre {calibre}{'C' if carronade else ''}; long guns are "
            f"{', '.join(map(str, longs))}; carronades are {', '.join(f'{c}C' for c in carrs)}")


def parse_gun(text: str, tables: Tables | None = None) -> Battery:
    """Parse one gun entry such as "30x24", "22x32C", "30-24#" or "1 18#C"."""
    item = text.strip()
    match = re.compile(_GUN, _GUN_FLAGS).match(item)
    if not match:
        raise BadInput(_why_not_gun(item))
    count, calibre = int(match["count"]), int(match["cal"])
    carronade = bool(match["carr"])
    if count <= 0:
        raise BadInput(f"guns {item!r}: the number of guns must be 1 or more")
    _check_calibre(item, calibre, carronade, tables)
    return Battery(count, calibre, carronade)


def _why_not_gun(item: str) -> str:
    if not item:
        return f"guns: empty entry; expected {_ACCEPTED}"
    if re.fullmatch(r"\d+\s*[x×*-]\s*", item):
        return f"guns {item!r}: no calibre after the count; expected {_ACCEPTED}"
    if re.fullmatch(r"[x×*-]?\s*\d+\s*#?\s*c?", item, re.IGNORECASE):
        return f"guns {item!r}: no count of guns; expected {_ACCEPTED}"
    return f"guns {item!r}: not understood; expected {_ACCEPTED}"


#: words for a ship that carries no guns (an unarmed merchantman)
UNARMED = ("none", "unarmed")


def parse_guns(text: str | Iterable[str | Battery], tables: Tables | None = None) -> tuple[Battery, ...]:
    """Parse a gun list: "30x24,22x32C,2x12", "30-24#; 22-32#C" or a list of entries."""
    if isinstance(text, str):
        if text.strip().lower() in UNARMED:
            return ()
        if not text.strip():
            raise BadInput(f"guns {text!r}: no guns given; expected {_ACCEPTED}")
        items: Sequence[str | Battery] = [p for p in re.split(r"[,;]", text)]
    else:
        items = list(text)
    out = []
    for item in items:
        out.append(item if isinstance(item, Battery) else parse_gun(str(item), tables))
    if not out:
        raise BadInput(f"guns: no guns given; expected {_ACCEPTED}")
    return tuple(out)


def format_guns(guns: Iterable[Battery]) -> str:
    """The inverse of parse_guns: "30x24,22x32C"."""
    return ",".join(b.spec() for b in guns)


def merge_batteries(guns: Iterable[Battery]) -> tuple[Battery, ...]:
    """Add up entries of the same calibre, heaviest shot first, long guns before carronades."""
    counts: dict[tuple[int, bool], int] = {}
    for b in guns:
        counts[(b.calibre, b.carronade)] = counts.get((b.calibre, b.carronade), 0) + b.count
    keys = sorted(counts, key=lambda k: (-k[0], k[1]))
    return tuple(Battery(counts[k], k[0], k[1]) for k in keys)


_MIXED = r"(\d+)(?:\s+(\d+)\s*/\s*(\d+))?|(\d+)\s*/\s*(\d+)"


def _mixed_number(text: str) -> Fraction | None:
    match = re.fullmatch(_MIXED, text.strip())
    if not match:
        return None
    if match[4]:
        return Fraction(int(match[4]), int(match[5]))
    whole = Fraction(int(match[1]))
    return whole + (Fraction(int(match[2]), int(match[3])) if match[2] else 0)


def parse_ship_line(line: str, tables: Tables | None = None) -> ShipLine:
    """Parse the text's ship line, e.g. "Constitution: 1576 tons, 456 men, 30-24#, 22-32#C".

    A nation in brackets after the name, a printed "(21 2/3 CF)", "SF value"
    (with an "(8)" for eight sails) and "CF value" are taken as pre-figured values.
    """
    if ":" not in line:
        raise BadInput(f"ship line {line!r}: expected 'NAME: TONS tons, MEN men, GUNS'")
    head, body = line.split(":", 1)
    name, nation = _name_and_nation(head)
    tons = re.search(r"(\d[\d,]*)\s*tons", body)
    men = re.search(r"(\d+)\s*men", body)
    if not tons or not men:
        raise BadInput(f"ship line {line!r}: needs both 'N tons' and 'N men'")
    guns = tuple(parse_gun(m.group(0), tables) for m in _gun_parts(body))
    if not guns:
        raise BadInput(f"ship line {line!r}: no guns found; expected {_ACCEPTED}")
    return ShipLine(name, int(tons[1].replace(",", "")), int(men[1]), guns, nation,
                    _prefigured(body))


def _name_and_nation(head: str) -> tuple[str, str]:
    if "\n" in head or "\r" in head:
        raise BadInput(f"ship name {head!r}: one line per ship")
    match = re.fullmatch(r"\s*(.*?)\s*(?:\(([^)]*)\))?\s*", head, re.S)
    if match is None:
        raise BadInput(f"ship name {head!r}: expected NAME or NAME (NATION)")
    return match[1], (match[2] or "").strip().lower()


def _gun_parts(body: str) -> list[re.Match]:
    found = []
    for part in re.split(r"[,;]", body):
        match = re.compile(_GUN_AT_START, _GUN_FLAGS).match(part.strip())
        if match:
            found.append(match)
    return found


def _prefigured(body: str) -> dict:
    out: dict = {}
    cf = re.search(r"\(\s*([\d\s/]+?)\s*CF\s*\)", body)
    if cf and (value := _mixed_number(cf[1])) is not None:
        out["crew_factors"] = float(value)
    sf = re.search(r"SF value\s*(?:\((\d+)\))?\s*(\d+(?:\.\d+)?)\s*(?:\((\d+)\))?", body)
    if sf:
        out["sf_value"] = float(sf[2])
        if sf[1] or sf[3]:
            out["sails"] = int(sf[1] or sf[3])
    cfv = re.search(r"CF value\s*(\d+(?:\.\d+)?)", body)
    if cfv:
        out["cf_value"] = float(cfv[1])
    return out
