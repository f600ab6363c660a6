"""Every table against the rule text: each test parses a verbatim excerpt (fixtures)."""

from __future__ import annotations

from pathlib import Path

import re
import subprocess
import sys
import tomllib
from fractions import Fraction

import pytest

from umpire.core import tables as core
from umpire.rules.dguts import BadInput, MissingTable, RulingNeeded, Tables, default_tables, load_tables
from umpire.core.resources import resource_dir
from umpire.rules.dguts.tables import TABLE_NAMES, cite

from .helpers import excerpt

T = default_tables()


def test_every_table_file_and_section_names_its_source():
    for name in TABLE_NAMES:
        table = tomllib.loads((Path(resource_dir("data")) / "dguts" / f"{name}.toml").read_text(encoding="utf-8"))
        core.check_sources(name, table)
        assert "dguts-1975-second-edition-ocr.txt" in table["source"] or name == "nations"
        for key, value in table.items():
            if isinstance(value, dict):
                assert value.get("source"), f"{name}.{key} has no source"


def test_nation_morale_table_matches_the_text_in_order():
    text = excerpt("nation-morale")
    points = [int(n) for n in re.findall(r"(\d) point Morale", text)]
    throws = [int(n) for n in re.findall(r"saving throws: 2-(\d)", text)]
    # the OCR groups: United States, Russia | Great Britain, Netherlands | Denmark |
    # Sweden, France | Spain | Other Countries | Privateers or pirates | Soldiers
    groups = [("american", "russian"), ("british", "dutch"), ("danish",), ("swedish", "french"),
              ("spanish",), ("other",), ("privateer",), ("soldiers",)]
    assert len(points) == len(throws) == len(groups) == 8
    for nations, point, throw in zip(groups, points, throws):
        for nation in nations:
            row = T.get("nations", "morale", nation)
            assert (row["points"], row["saving_throw"]) == (point, throw), nation


def _fire_clauses() -> list[tuple[str, list[str]]]:
    """Parse the OCR'd fire table after the corrections listed in the rulings."""
    text = excerpt("fire-table")
    fixes = [("aiming h!jh hits high", "aiming high 1, 2, 3 hits high"),  # faces lost in the OCR
             ("aiming,hijh t 2 hits hi h", "aiming high 1, 2 hits high"), ("liits", "hits"),
             ("liigh", "high"), ("aiming low l,", "aiming low 1,"), ("aiming high l ", "aiming high 1 "),
             ("(% value)", "(1/2 value)"), ("('h value)", "(1/2 value)"), ("low(", "low (")]
    for old, new in fixes:
        text = text.replace(old, new)
    clauses = []
    for aim, body in re.findall(r"aiming (high|low) (.*?)(?= aiming|B RANGE|$)", text):
        faces = ["-"] * 6
        for part in re.findall(r"([\d ,\-]+?) (hits high|hits low|misses)( \(1/2 value\))?", body):
            nums, what, half = part
            for lo_hi in re.findall(r"\d-\d|\d", nums):
                lo, hi = (int(x) for x in (lo_hi.split("-") if "-" in lo_hi else (lo_hi, lo_hi)))
                for face in range(lo, hi + 1):
                    code = "-" if what == "misses" else ("H" if what.endswith("high") else "L")
                    faces[face - 1] = code + ("/2" if half and code != "-" else "")
        clauses.append((aim, faces))
    return clauses


def test_fire_table_matches_the_text():
    clauses = _fire_clauses()
    expected = [("A", "high"), ("A", "low"), ("B", "high"), ("B", "low"),
                ("C", "high"), ("C", "low"), ("D", "high")]
    assert [aim for aim, _ in clauses] == [aim for _, aim in expected]
    for (band, aim), (_, faces) in zip(expected, clauses):
        assert T.get("fire", "table", band, aim) == faces, (band, aim)
    assert "firing at D Range is always aimed high" not in excerpt("fire-table")  # stated after the table
    assert T.get("fire", "table", "always_high") == ["D"]


def test_range_band_limits_match_the_text():
    text = excerpt("fire-table")
    found = dict(re.findall(r"([ABCD]) RANGE \(up to (\d+)\"\)", text))
    assert {k: float(v) for k, v in found.items()} == T.get("fire", "bands", "max_inches")


def test_gun_ranges_are_read_from_the_ocr_tokens():
    text = excerpt("gun-ranges")
    readings = {  # data key -> (OCR token in the excerpt, inches)
        ("long_guns", "42"): ("42# 21 \"", 21.0), ("long_guns", "36"): ("36# 20112''", 20.5),
        ("long_guns", "32"): ("32# 20'11\"", 20.5), ("long_guns", "24"): ("24# 19'h\"", 19.5),
        ("long_guns", "18"): ("18# 18'11\"", 18.5), ("long_guns", "12"): ("12# 18..", 18.0),
        ("long_guns", "6"): ("6# 16..", 16.0), ("long_guns", "3"): ("3# 13..", 13.0),
        ("carronades", "68"): ("68# 12\\11''", 12.5), ("carronades", "42"): ("42# 11 '11\"", 11.5),
        ("carronades", "24"): ("24# 10 1 /2\"", 10.5),
    }
    for (section, key), (token, inches) in readings.items():
        assert token in text, token
        assert T.get("guns", section, "max_range_inches", key) == inches
    assert set(T.get("guns", "long_guns", "max_range_inches")) == {k for s, k in readings if s == "long_guns"}
    assert set(T.get("guns", "carronades", "max_range_inches")) == {k for s, k in readings if s == "carronades"}


def test_sinking_table_matches_the_text():
    text = excerpt("sinking")
    turns = [int(n) for n in re.findall(r"(\d+) turns", text)]
    assert turns == [T.get("sinking", "bands", b, "sink_turns") for b in ("70", "80", "90")]
    assert re.findall(r"(\d0)-\d9%", text) == ["70", "80", "90"]


def test_melee_chance_table_matches_the_text():
    text = excerpt("melee-chance").replace("1~ 1", "1:1").replace("j:2", "3:2").replace("l,", "1,")
    rows = re.findall(r"(\d): ?(\d) melee automatically results on ([\d, ]+?)(?:; roll over on ([\d, ]+))?(?= \d: ?\d|$)", text)
    assert len(rows) == 6
    for a, b, melee, over in rows:
        row = T.get("boarding", "chance", f"{a}:{b}")
        assert row["melee_on"] == [int(n) for n in re.findall(r"\d", melee)]
        assert row["reroll_on"] == [int(n) for n in re.findall(r"\d", over or "")]


def test_melee_dice_match_the_text():
    text = excerpt("melee-dice")
    assert "3:2 battles, the player with the edge may roll up to 3 dice" in text
    assert "defender may roll up to 2 dice" in text
    assert T.get("boarding", "dice", "3:2") == {"superior": 3, "inferior": 2}
    assert T.get("boarding", "dice", "2:1") == {"superior": 2, "inferior": 1}
    assert [T.get("boarding", "dice", f"{n}:1", "superior") for n in (3, 4, 5)] == [3, 4, 5]


def test_morale_ladder_keeps_only_legible_values():
    text = excerpt("morale-ladder")
    assert "Flushed with victory 2 3/2 2" in text
    assert T.get("morale", "states", "flushed") == {"turns": 2, "fire": "3/2", "melee": 2}
    assert "In disorder 6" in text and T.get("morale", "states", "disorder", "turns") == 6
    assert "Surrenders Until 0 0" in text
    assert T.get("morale", "states", "surrendered") == {"fire": 0, "melee": 0}
    assert T.get("morale", "states", "routed") == {}
    assert "fire" not in T.get("morale", "states", "shaken")


def test_speed_losses_match_the_text():
    text = excerpt("speed-losses")
    assert "16% (1/6)" in text and "50% (1/2)" in text and "10% (1/10)" in text
    assert T.get("speed", "rigging", "1") == {"per_sail": "1/6", "per_mast": "1/2"}
    assert T.get("speed", "rigging", "other") == {"per_sail": "1/10", "per_mast": "1/3"}


def test_sailing_class_bonuses_match_the_example_moves():
    moves = [float(x) for x in re.findall(r"(\d+\.\d)\"", excerpt("sailing-class"))]
    assert moves == [13.2, 12.6, 11.4, 10.8]
    bonuses = [T.num("speed", "sailing_class", c) for c in "abde"]
    assert [float(12 * (1 + b)) for b in bonuses] == pytest.approx(moves)


def test_explosive_ship_rings_match_the_text():
    text = excerpt("explosive-ship").replace("SO", "50").replace("S\"", "5\"")
    lows = [int(n) for n in re.findall(r"(\d+) poin\S* low", text)]
    highs = [int(n) for n in re.findall(r"(\d+) points high", text)]
    rings = T.get("explosion", "explosive_ship", "rings")
    assert [r["low"] for r in rings] == lows == [1600, 800, 400, 200, 100, 50]
    assert [r["high"] for r in rings] == highs


def test_gunnery_factoring_matches_the_text():
    text = excerpt("gunnery-factoring")
    assert "2 guns per factor; United States 2'12 guns per factor; Great Britain" in text
    table = {k: T.num("nations", "gunnery_factoring", k) for k in ("american", "british", "dutch",
                                                                    "danish", "french", "russian", "other")}
    assert table == {"american": 2, "british": Fraction(5, 2), "dutch": Fraction(5, 2), "danish": 3,
                     "french": Fraction(10, 3), "russian": 4, "other": Fraction(9, 2)}


def test_mast_loss_dice_match_the_text():
    text = excerpt("mast-loss")
    assert "1-3 = Fore 4-6=Main" in text and "5 & 6 == Mizzen" in text
    assert T.get("single-ship", "mast_loss", "two_masts") == ["fore"] * 3 + ["main"] * 3
    assert T.get("single-ship", "mast_loss", "three_masts") == ["fore", "fore", "main", "main", "mizzen", "mizzen"]
    assert T.get("single-ship", "mast_loss", "fall") == ["clear"] * 2 + ["foul-left"] * 2 + ["foul-right"] * 2


def test_missing_values_take_the_default_reading_or_name_the_key_in_a_strict_game():
    assert load_tables().num("morale", "states", "shaken", "fire") == Fraction(3, 4)
    with pytest.raises(RulingNeeded) as err:
        load_tables(strict=True).num("morale", "states", "shaken", "fire", what="the fire multiplier of a shaken crew")
    assert "morale.states.shaken.fire" in str(err.value) and "shaken crew" in str(err.value)
    assert err.value.exit_code == 2
    with pytest.raises(MissingTable):
        T.get("morale", "states", "calm", "fire")      # neither in the text nor read by default


def test_house_rulings_fill_a_gap_and_are_marked():
    tables = load_tables({"morale": {"states": {"shaken": {"fire": "1/2"}}}})
    assert tables.num("morale", "states", "shaken", "fire") == Fraction(1, 2)
    assert tables.is_ruled("morale", "states", "shaken", "fire")
    assert cite(tables, "morale", "states").endswith("house ruling applies")
    assert default_tables().find("morale", "states", "shaken", "fire") == "3/4"      # the default reading


def test_flat_and_nested_house_rulings_are_one_format():
    flat = load_tables({"morale.states.shaken.fire": "1/2"})
    nested = load_tables({"morale": {"states": {"shaken": {"fire": "1/2"}}}})
    assert flat.data == nested.data and flat.ruled == nested.ruled


def test_house_ruling_for_an_unknown_table_is_bad_input():
    with pytest.raises(BadInput, match="no such table"):
        load_tables({"morale-table": {"x": 1}})


def test_class_bounds_match_the_text():
    found = [int(n) for n in re.findall(r"up to approximately (\d+)", excerpt("classes"))]
    assert found == [300, 500, 1000, 1500]
    assert T.get("classes", "by_tonnage", "upper_tons") == {"1": 300, "2": 500, "3": 1000, "4": 1500}
    assert "greater than 1500 tons and merchant ships" in excerpt("classes")
    assert T.get("nations", "kinds", "merchant", "class") == 5


def test_grapple_numbers_match_the_text():
    text = excerpt("grapple").replace("l\"", "1\"")
    assert 'within 1" of each other' in text and "a roll of l, 2, or 3" in text and "a 1 must be rohed" in text
    assert T.get("boarding", "grapple", "succeeds_on") == [1, 2, 3]
    assert T.get("boarding", "grapple", "opposite_succeeds_on") == [1]
    assert T.get("boarding", "grapple", "max_inches") == 1.0


def test_melee_results_match_the_text():
    text = excerpt("melee-results")
    steps = {"one": 1, "two": 2, "three": 3}
    found = [steps[w] for w in re.findall(r"Loser drops (\w+) morale steps?", text)]
    areas = [steps[w] for w in re.findall(r"winner advances (\w+) areas?", text)]
    assert found == areas == [1, 2, 3]
    for diff, n in zip((2, 3, 4), found):
        assert T.get("boarding", "results", str(diff)) == {"morale_steps": n, "areas": n}
    assert "Loser surrenders, winner takes vessel" in text
    assert T.get("boarding", "results", "surrender_at") == 5
    assert "(unless 3rd turn), winner gains one area" in text
    assert T.get("boarding", "results", "1", "third_turn_areas") == 1


def test_training_melee_table_matches_the_text():
    text = excerpt("training-melee")
    assert "None or 1 2 spots 3 spots 4spots Sspots" in text
    rows = [T.get("training", "melee", str(n), "text") for n in range(6)]
    assert rows[0] == rows[1] == "melee continues next turn"
    assert "Winner aboard enemy, melee continues next turn, loser down 1 Morale point" in text
    assert rows[3] == "winner aboard enemy, melee continues next turn, loser down 1 morale point"
    assert rows[4] == "winner in control of entire top deck, loser down 1 morale point"
    assert rows[5] == "winner captures ship, loser surrenders"


def test_training_fire_and_ranges_match_the_text():
    assert "If the red die shows one or two spots" in excerpt("training-fire")
    assert "high (1, 2, or 3) or low (4, S, or 6)" in excerpt("training-fire")
    assert T.get("training", "fire", "hit_on") == [1, 2] and T.get("training", "fire", "high_on") == [1, 2, 3]
    ranges = excerpt("training-ranges")
    assert 'Long Guns (No "C" after#) - 12"' in ranges and '- 5"' in ranges
    assert (T.get("training", "ranges", "long_inches"), T.get("training", "ranges", "carronade_inches")) == (12.0, 5.0)


def test_land_battery_points_match_the_text():
    found = [int(n) for n in re.findall(r"taking (\d+) pts", excerpt("land-batteries"))]
    assert found == [36, 180, 900]
    row = T.get("batteries", "silenced")
    assert [row["open"], row["dug-in"], row["fortified"]] == found and row["guns"] == 6


def test_repair_rates_match_the_text():
    low = excerpt("low-repair")
    assert "Up to S Cf's may be assigned" in low and "20% of the ship's tonnage" in low
    assert T.get("repairs", "low", "max_crew") == 5
    assert [tier["crew_per_step"] for tier in T.get("repairs", "low", "tiers")] == [1, 2, 3]
    assert "1 gun per 1 CF per turn" in excerpt("gun-repair") and "Up to 90%" in excerpt("gun-repair")
    assert T.num("repairs", "guns", "restorable_share") == Fraction(9, 10)
    jury = excerpt("jury-rig")
    assert "after 3 turns" in jury and "up to40% speed" in jury
    assert T.num("speed", "jury_rig", "maximum") == Fraction(2, 5)


def test_advanced_optionals_match_the_text():
    assert "1, 2, 3, 4, hitlow, 5 or 6 hit high" in excerpt("point-blank")
    assert T.get("advanced", "point_blank", "table") == ["L"] * 4 + ["H"] * 2
    assert "Stern rakes cause triple damage while bow rakes cause double damage" in excerpt("rakes")
    assert (T.get("advanced", "rakes", "stern"), T.get("advanced", "rakes", "bow")) == (3, 2)
    assert "use the C range table for B range fire and D range table for C range" in excerpt("carronade-accuracy")
    assert T.get("advanced", "carronades", "table_for_band") == {"B": "C", "C": "D"}
    assert "U.S., Great Britain, and the Netherlands" in excerpt("opening-nations")
    assert T.get("advanced", "opening_broadside", "nations") == ["american", "british", "dutch"]


def test_shot_types_follow_the_reading_in_the_rulings():
    text = excerpt("shot-types")
    assert "1) A 2) B" in text and "X2, but additional points recorded aside" in text
    grape, chain = (T.get("single-ship", "shot_types", k) for k in ("grape", "chain"))
    assert grape["bands"] == ["A"] and chain["bands"] == ["A", "B"]
    assert (grape["high"], grape["low"], grape["crew_only_extra"]) == ("1/4", 1, 1)
    assert (chain["high"], chain["low"]) == (2, 0)


def test_seamanship_matches_the_text():
    text = excerpt("seamanship")
    assert "Decrease U.S. penalty to 5%" in text and "by from 5% to 15%" in text
    assert "using 15 men for U.S., and 26 for other" in text
    assert T.get("nations", "seamanship", "task_men_per_cf") == {"american": 15, "british": 21, "other": 26}


def test_pumps_per_class_follow_the_class_three_example():
    text = excerpt("sinking-example")
    assert "Class Ill receives 74% low damage" in text and "another Y. CF" in text
    # a Class III frigate needs 3/4 CF at 70-79% and another 3/4 (1 1/2 in all) at 80-89%
    per = [T.num("sinking", "bands", b, "pumps_per_class") for b in ("70", "80", "90")]
    assert [p * 3 for p in per] == [Fraction(3, 4), Fraction(3, 2), 3]


def test_special_damage_extra_points_match_the_text():
    text = excerpt("special-damage").replace("SO", "50")
    assert text.count("Additional 25 p") == 2 and text.count("Additional 50 points damage") == 2
    assert "add 25 points damage" in text
    hull, spar = T.get("special-damage", "hull"), T.get("special-damage", "spar")
    assert [hull[k].get("extra_low") for k in ("5", "9", "12")] == [50, 50, 25]
    assert [spar[k].get("extra_high") for k in ("4", "10")] == [25, 25]
    assert all(hull[k]["text"] == "no effect" for k in ("4", "6", "8", "10"))
    assert all(spar[k]["text"] == "no effect" for k in ("3", "5", "6", "8", "9", "11"))


def test_wind_direction_matches_the_text():
    text = excerpt("wind-direction")
    for colour, parity, a, b in re.findall(r"(Red|White) \"(even|odd)[\"'] equals a wind from the (\w+) or (\w+)", text):
        assert T.get("wind", "cardinal", f"{colour.lower()}_{parity}") == [a[0], b[0]]
    assert "1 Two points left of the cardinal point 2 One point left" in text
    assert T.get("wind", "shift", "points") == [-2, -1, 0, 0, 1, 2]


def test_the_dguts_tables_are_the_one_tables_each_read_when_first_used():
    assert Tables is core.Tables and load_tables().reading.tables == TABLE_NAMES
    code = ("import umpire.core.tables as c; from umpire.rules.dguts.tables import load_tables; "
            "t = load_tables(); t.get('fire', 'source'); print(c._load.cache_info().currsize)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert int(out) == 1                              # the fire table only, of the 21


def test_citations_name_the_section_and_mark_a_ruling():
    assert cite(T, "fire", "modifiers").startswith("dguts-1975-second-edition-ocr.txt")
    ruled = load_tables({"morale.states.shaken.fire": "1/2"})
    assert cite(ruled, "morale", "states").endswith("; house ruling applies")
    assert not cite(ruled, "fire").endswith("house ruling applies")
