"""`status` writes numbers as the printed sheets do (core.numbers): crew factors as the DGUTS rules
write fractions, measures whole or to one decimal, never a float's every digit or "1338.0"."""

from __future__ import annotations

import re

from tests.conftest import CONSTITUTION, GUERRIERE
from umpire.core.numbers import factor


def test_a_dguts_ship_panel_writes_numbers_one_way(umpire, tmp_path):
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "dguts", "--seed", "3").code == 0
    assert umpire("ship", "add", "Constitution", "--side", "american", *CONSTITUTION).code == 0
    assert umpire("ship", "add", "Guerriere", "--side", "british", *GUERRIERE).code == 0
    assert umpire("fire", "constitution", "--at", "guerriere", "--range", "3", "--side", "port",
                  "--aim", "low").code == 0
    out = umpire("status", "guerriere").out
    rows = dict(parts for line in out.splitlines() if "│" in line
                if len(parts := re.split(r"\s*│\s*", line.strip(), maxsplit=1)) == 2 and parts[0])
    cf = umpire("--json", "status", "guerriere").json["ships"][0]
    assert rows["CF (crew factors)"] == factor(cf["crew_factors"])
    assert rows["crew duties"].startswith("aboard ") and not re.search(r"\.\d{2,}", rows["crew duties"])
    assert "tons 1092;" in out and "1092.0" not in out
    assert not re.search(r"\d\.\d{2,}", out)                 # no number to more than one decimal
