"""Every cell of the first edition's tables, as the 1974 text prints them, against data/wsim-1974.

The text's crew hit "M" is the tool's "C". Cells the OCR garbles are written here as read
(docs/rulings.md, WS&IM 1974) with the printed text beside them.
"""

from __future__ import annotations

import pytest

from umpire.core.tables import Tables

T = Tables("wsim-1974")

# COMBAT RESOLUTION TABLES: Hull Effects Tables; one row per die roll, one column per hit table 0-8.
HULL = [
    ["0", "0", "H", "H-G", "H-G-M", "2H-M-G", "2H-2G-M", "2H-3G-M", "4M-2G-H"],      # "9-H" read H-G
    ["0", "0", "G", "2H", "2H-R", "2H-2G", "3H-2R-M", "3H-2M-R", "5H-R-M"],           # "3H-2M·R"
    ["0", "G", "H-M", "H-G-M", "2H-R-G", "2H-G-M-R", "4H-2G", "4H-3R", "4H-3G-M"],    # "W-H" read H-M
    ["M", "H", "2H", "2H-R", "3H-G", "3H-R-G", "3H-2M-G", "3H-3G-M", "5H-2R-G"],
    ["H", "M-H", "2H-R", "3H-M", "4H-M", "4H-G-R", "5H-R-M", "4H-2M-G", "6H-2G-R"],   # "π" read H
    ["G", "H-R", "2H-G", "2H-2G", "2H-2G-M", "3H-2M-G", "3H-2G-R-M", "3H-3G-M-R", "4H-2G-M-R"],
]
# Rigging Effects Tables (printed twice; the second printing reads where the first is garbled).
RIGGING = [
    ["0", "0", "0", "R-H", "3R", "3R-G", "3R-H-G", "4R-H-G", "5R-H-M"],               # "M-H-83"
    ["0", "0", "R", "2R", "2R-H", "4R", "4R-H", "4R-H-M", "6R-G"],
    ["0", "R", "2R", "2R-G", "3R-G", "4R-H", "5R-M", "5R-2H", "6R-H-G"],               # "9-H-89"
    ["0", "M", "R-G", "3R", "3R-M", "4R-G", "4R-G-H", "5R-G-M", "6R-H-M"],
    ["R", "R-H", "2R-M", "2R-M", "2R-G-H", "4R-M", "5R-H", "6R-G", "5R-2H-G"],          # "B" read R
    ["M", "2R", "2R-H", "4R", "5R", "5R-H", "5R-2G", "7R-H", "7R-H-G"],                 # "Z" read M
]


def hits(entry: str) -> dict[str, int]:
    from umpire.rules.wsim.gunnery import parse_result

    return parse_result(entry.replace("M", "C"))


@pytest.mark.parametrize("table", range(9))
@pytest.mark.parametrize("die", range(1, 7))
def test_hull_and_rigging_effects_cells(table, die):
    data = T["hit-tables"]["tables"][str(table)]
    assert hits(data["hull"][die - 1]) == hits(HULL[die - 1][table])
    assert hits(data["rigging"][die - 1]) == hits(RIGGING[die - 1][table])


def test_hull_table_4_and_8_differ_from_1981_in_the_rows_the_text_gives():
    t81 = Tables("wsim-1981")["hit-tables"]["tables"]
    mine = T["hit-tables"]["tables"]
    assert mine["4"]["hull"][:2] == ["H-G-C", "2H-R"] and t81["4"]["hull"][:2] == ["2H-R", "H-G-C"]
    assert hits(mine["8"]["hull"][0]) == {"hull": 1, "guns": 2, "crew": 4, "rigging": 0}


# Range Tables: gun squares firing (rows) by range in hexes 1, 2, 3, 4, 5-6, 7-10.
RANGE = [[1, 1, 0, -1, -2, -3], [2, 2, 1, 0, -1, -2], [3, 2, 1, 0, -1, -2], [4, 3, 2, 1, 0, -1],
         [5, 4, 3, 2, 1, 0]]
MODIFIERS = {   # per gun band 1-3, 4-6, 7-9, 10-12, 13+
    "crew_quality_EL": [1, 2, 2, 2, 3], "crew_quality_CR": [1, 1, 2, 2, 2], "crew_quality_AV": [0] * 5,
    "crew_quality_GR": [0, 0, -1, -1, -1], "crew_quality_PR": [-1, -1, -1, -2, -2],   # "7-" read -2
    "rake": [1, 2, 3, 4, 5], "crew_section_loss": [-1] * 5, "initial_broadside": [1, 1, 2, 2, 2],
    "captured_ship": [-2] * 5,
}
OPTIONAL = {"ammo_GP": [-1, -2, -3, -4, -4], "ammo_CH": [1, 1, 2, 2, 2], "ammo_DS": [1, 1, 2, 2, 3],
            "anchor": [1, 1, 1, 2, 2]}   # anchored "+" and "+5" read +1 and +2


def test_range_table_and_modifiers():
    hdt = T["hdt"]
    assert hdt["guns_bands"] == [[1, 3], [4, 6], [7, 9], [10, 12], [13, 13]]
    assert hdt["range_bands"] == [[1, 1], [2, 2], [3, 3], [4, 4], [5, 6], [7, 10]]
    assert hdt["range"] == RANGE
    for key, values in MODIFIERS.items():
        assert hdt["modifiers"][key] == values, key
    for key, values in OPTIONAL.items():
        assert hdt["optional_modifiers"][key] == values, key
    assert hdt["source"].startswith("wsim-1974-first-edition.txt")


def test_combat_factor_and_melee_resolution_tables():
    melee = T["melee"]
    assert melee["crew_strength"] == {"EL": 5, "CR": 4, "AV": 3, "GR": 2, "PR": 1}
    res = melee["resolution"]
    assert res["tms_bands"] == [[1, 10], [11, 20], [21, 30], [31, 40], [41, 999999]]
    assert res["die_bands"] == [[1, 2], [3, 4], [5, 6]]
    # printed rows: "1-2 1 ı 2 2 2", "3-4 0 1 1 1 2", "5-6 0 0 , 0 1 -" (the last read 1)
    assert res["losses"] == [[1, 1, 2, 2, 2], [0, 1, 1, 1, 2], [0, 0, 0, 1, 1]]


def test_fouling_grappling_tables():
    assert T["fouling"]["success_rolls"] == [1, 2, 3]
    assert T["unfouling"]["success_rolls"] == [1, 2]
    assert T["grappling"]["success_rolls"] == [1, 2]
    assert "motionless_modifier" not in T["grappling"]
    assert T["ungrappling"]["success_rolls"] == [1, 2]


def test_procedures_from_the_prose():
    p = T["procedures"]
    assert p["gunnery"] == {"max_range": 10, "carronade_range": 2, "rigging_only_from": 6}
    assert p["melee"] == {"rounds": 1, "decisive_ratio": 3}
    assert p["prize"]["prisoners_per_prize_square"] == 6
    assert p["victory"]["captured_multiplier"] == 2


def test_example_of_play_1_speeds():
    # "direction A ... zero", "B ... one hex", "C ... three hexes", "D ... four"
    assert T["movement"]["battle_sail"]["4"] == {"A": 0, "B": 1, "C": 3, "D": 4}


def test_every_1974_table_cites_the_1974_text():
    for name in ("hit-tables", "hdt", "melee", "procedures", "fouling", "unfouling", "grappling",
                 "ungrappling", "movement"):
        assert T[name]["source"].startswith("wsim-1974-first-edition.txt"), name


def test_destroyed_hull_table():
    # "Die No. Results 1-4 Ship surrenders 5 Ship will sink 6 Ship will explode"
    assert T["destroyed-hull"]["results"] == ["surrenders"] * 4 + ["sinks", "explodes"]
