"""Orders of battle: read a CSV (or the rule texts' own ship lines), validate every
row, and convert history's numbers into game stats for a ruleset."""
