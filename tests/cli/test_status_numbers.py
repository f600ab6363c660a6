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


def test_the_report_writes_the_journal_s_numbers_to_one_decimal(umpire, tmp_path):
    """The journal keeps each line as the rules wrote it ("213.333 low", which `verify` compares);
    the report shows it as the sheets write numbers."""
    from umpire.core.numbers import in_text

    assert in_text('fires at X, 2": 0 high, 213.333 low; 76.367 high; 90.5 low; 10.05') == \
        'fires at X, 2": 0 high, 213.3 low; 76.4 high; 90.5 low; 10.1'
    assert in_text("version 1.2.3, dice 6, 6") == "version 1.2.3, dice 6, 6"
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "dguts", "--seed", "3").code == 0
    assert umpire("ship", "add", "Constitution", "--side", "american", *CONSTITUTION).code == 0
    assert umpire("ship", "add", "Guerriere", "--side", "british", *GUERRIERE).code == 0
    for _ in range(3):
        assert umpire("fire", "constitution", "--at", "guerriere", "--range", "2", "--side", "port").code == 0
        assert umpire("turn").code == 0
    report = umpire("report").out
    assert "fires" in report and not re.search(r"\d\.\d{2,}", report)
    assert umpire("--json", "verify").json["differences"] == []
