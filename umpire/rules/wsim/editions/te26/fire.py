"""Tournament Edition 2.6 fire, Beginners' Game (11.2-11.4), on the tables of the game's pack.

The procedure is the 1981 Basic procedure the text restates (11.2.1-11.2.7, 11.3, 11.4) with
its own tables: the pack's `hdt`, `hdt-modifiers` and `hit-tables` are read through a view
that gives them the shape the 1981 gunnery reads, and a gun hit is followed by the gun hit
location die (11.4.3.1.1; "Die rolls may be combined": `--rolls A,B`).
"""

from __future__ import annotations

import re

from umpire.core.errors import BadInput
from umpire.rules.wsim.editions.packs import BAND_HEADING
from umpire.rules.wsim.gunnery import parse_result

MOD_ROWS = {"crew quality EL": "crew_quality_EL", "crew quality CR": "crew_quality_CR",
            "crew quality AV": "crew_quality_AV", "crew quality GR": "crew_quality_GR",
            "crew quality PR": "crew_quality_PR", "crew section loss": "crew_section_loss",
            "initial broadside": "initial_broadside", "grappling attempt": "grappling_attempt"}
TOP_TABLE = 10   # 11.2.4 "If a table number higher than 10, use Table 10"


class FireTables:
    """The game's tables, with the pack's fire tables in the 1981 gunnery's shape."""

    def __init__(self, tables) -> None:
        self._t = tables
        self.rulings, self.strict = tables.rulings, tables.strict
        self._made = {"hdt": self._hdt, "hit-tables": self._hit_tables}
        self._cache: dict[str, dict] = {}

    def __getitem__(self, name: str) -> dict:
        if name not in self._made:
            return self._t[name]
        if name not in self._cache:
            self._cache[name] = self._made[name]()
        return self._cache[name]

    def source(self, name: str, key: str = "") -> str:
        return self._t[name]["source"]

    def _hdt(self) -> dict:
        hdt, mods = self._t["hdt"], self._t["hdt-modifiers"]
        if mods["columns"] != hdt["rows"]:
            raise BadInput(f"the pack's hdt-modifiers columns {mods['columns']} must be the hdt rows {hdt['rows']} "
                           "(gun squares firing)")
        modifiers = {MOD_ROWS[r]: list(row) for r, row in zip(mods["rows"], mods["cells"])}
        modifiers["captured_ship"] = [-2] * len(hdt["rows"])       # 11.3.5 "decreased by two tables"
        return {"source": hdt["source"], "guns_bands": [band_of(h) for h in hdt["rows"]],
                "range_bands": [band_of(h) for h in hdt["columns"]], "range": hdt["cells"], "modifiers": modifiers}

    def _hit_tables(self) -> dict:
        ht = self._t["hit-tables"]
        col = {c: i for i, c in enumerate(ht["columns"])}
        out = {str(n): {aim: [_plain(row[col[f"{aim} {n}"]]) for row in ht["cells"]] for aim in ("hull", "rigging")}
               for n in range(TOP_TABLE + 1)}
        return {"source": ht["source"], "tables": out}


def band_of(heading: str) -> list[int]:
    m = re.compile(BAND_HEADING).fullmatch(heading.strip())
    lo = int(m.group(1))
    return [lo, int(m.group(2)) if m.group(2) else (10 ** 6 if m.group(3) else lo)]


def _plain(entry: str) -> str:
    """A hit entry without its bracketed full-sail bonus (19.1.3, an Advanced rule)."""
    return re.sub(r"\s*\(.*\)$", "", entry)


def most_gun_hits(tables: FireTables, table: int | None, aim: str) -> int:
    """The most gun hits any die gives on this table: how many location dice may be needed."""
    if table is None:
        return 0
    return max(parse_result(e)["guns"] for e in tables["hit-tables"]["tables"][str(table)][aim])
