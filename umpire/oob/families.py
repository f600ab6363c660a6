"""How order-of-battle rows become a ruleset's ships: one `Conversion` per rule family, found by the
family a ruleset declares (`Ruleset.family`).

`CONVERSIONS` names each family's conversion as "module:attr", imported on first use as
`core.ruleset.REGISTRY` names a ruleset. A new rule family adds one line here and its module
`oob/<family>.py`; an edition or level converts as its family does.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from umpire.core.errors import BadInput
from umpire.core.ruleset import find_ruleset, load
from umpire.oob.reader import Row

#: rule family -> "module:attr" of its Conversion
CONVERSIONS: dict[str, str] = {
    "wsim": "umpire.oob.wsim:WSIM",
    "dguts": "umpire.oob.dguts:DGUTS",
    "grid": "umpire.oob.grid:GRID",
}


class Conversion:
    """What a rule family's order-of-battle conversion provides.

    `ship` converts one row (CSV or published list) into a scenario ship. A published list names
    ships and their gun ratings only (oob/published.py): each ship then takes the values of a
    bundled scenario ship of the same name (`lends_values`, `values`), or of a ship of the nearest
    rating in the rule texts' own lists (`by_rating`).
    """

    #: the rule family whose bundled scenarios lend their ships' values
    family: ClassVar[str] = ""

    def ship(self, path: Path, row: Row) -> tuple[dict, str]:
        """A scenario ship from one row, and how her game values were found ("" when given)."""
        raise NotImplementedError

    def lends_values(self, ship: dict) -> bool:
        """Whether a bundled scenario ship carries the values a published list's ship may take."""
        raise NotImplementedError

    def values(self, ship: dict, nation: str) -> dict:
        """The row fields a bundled scenario ship of the same name lends (her side's `nation`)."""
        raise NotImplementedError

    def by_rating(self, path: Path, row: Row) -> tuple[dict, str]:
        """The row fields of the texts' ship of the nearest gun rating, and where they come from."""
        raise NotImplementedError

    def published_fields(self, row: Row) -> dict:
        """Fields a published list's row adds to her finished scenario ship (e.g. her rated guns)."""
        return {}


def conversion_for(ruleset: str) -> Conversion:
    """The Conversion of a ruleset's family; a ruleset whose family has none is refused."""
    target = CONVERSIONS.get(find_ruleset(ruleset).family)
    if target is None:
        *most, last = CONVERSIONS
        raise BadInput(f"ruleset {ruleset}: orders of battle convert for the {', '.join(most)} and {last} rules")
    return load(target)
