"""Orders of battle: read a CSV (or the rule texts' own ship lines), validate every
row, and convert history's numbers into game stats for a ruleset: each rule family's
conversion (`oob/wsim.py`, `oob/dguts.py`, `oob/grid.py`) is found by the ruleset's
`family` in `oob/families.py`."""
