"""Which drawers print a ruleset: one entry per rule family, keyed by the family a ruleset declares
(`Ruleset.family`).

Each entry names the family's `Printing` (`pdf.document.Printing`: its sheet, card or panel
drawers, the turn log it reads from the journal and the quick-reference tables it prints) as
"module:Class", imported on first use as `core.ruleset.REGISTRY` names a ruleset. A new rule family
adds one line here and its package `pdf/<family>/`; an edition or level prints as its family does.
"""

from __future__ import annotations

from typing import Any

from umpire.core.errors import BadInput
from umpire.core.ruleset import find_ruleset, load

#: rule family -> "module:Class" of its Printing
PRINTING: dict[str, str] = {
    "wsim": "umpire.pdf.wsim.printing:WsimPrinting",
    "dguts": "umpire.pdf.dguts.printing:DgutsPrinting",
    "grid": "umpire.pdf.grid.printing:GridPrinting",
}


def printing_for(ruleset: str) -> Any:
    """The `Printing` of a ruleset's family (a `pdf.document.Printing`); a ruleset whose family has
    none is refused, naming the families that print."""
    target = PRINTING.get(find_ruleset(ruleset).family)
    if target is None:
        raise BadInput(f"ruleset {ruleset!r}: sheets and cards print for the {', '.join(PRINTING)} rules")
    return load(target)()
