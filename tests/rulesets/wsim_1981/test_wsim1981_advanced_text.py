"""The WS&IM 1981 Advanced Game numbers checked against the text, beyond the cell grids of
test_wsim1981_advanced_tables.py: every entry of the Critical Hit Table with each number it
carries, the printed column headings of the HDT and the Wind Effects Table (so each data
column is the one the text heads so), and the numbers the Advanced rules give in prose
(data/wsim-1981-advanced/procedures.toml, wind.toml, ammunition.toml, destroyed-hull.toml).

The table text is the verbatim fixture fixtures/wsim-1981-advanced-tables.md; the prose is
held below as the rule text prints it (wsim-1981-second-edition.md, Advanced Game I-X and
Optional Rules X), with its line wrapping.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parents[3] / "data" / "wsim-1981-advanced"
TABLES = (Path(__file__).resolve().parent / "fixtures" / "wsim-1981-advanced-tables.md").read_text(encoding="utf-8")

# Verbatim lines of the Advanced Game rules (and Optional X) that give numbers in prose.
PROSE_TEXT = """
    a.  The number of hit tables has been increased by two to Hit Table
        No. 10 in both the hull and rigging sections. If a firing ship's
        1.  If a 6 is rolled on any Hit Table, roll the die again adding
            the Hit Table number to the result. Index this value with
1.  The number of hull squares is increased to one and a half times the
    Basic Game value (rounded up). Gun, carronade, and crew values are
    twice as large as the Basic Game values. These changes are made
    and indexing it with the proper velocity. There are eight types of
    velocity located in the Wind Effects Table. Each type has a
    corresponding wind velocity number: (0) becalmed, (1) light breeze,
    (2) moderate breeze, (3) normal breeze, (4) heavy breeze, (5) gale,
    (6) storm and (7) hurricane.
3.  Wind change is determined in the wind phase of every third turn,
    i.e., turn three, six, nine, etc., by rolling a single die. If the
3.  All rigging hits scored on full sail ships are doubled.
    a.  The range of roundshot is still ten hexes.
    c.  One broadside may be loaded with roundshot in one turn.
    a.  Chainshot has a maximum range of three hexes.
    c.  Chainshot is loaded in one turn.
    a.  Doubleshot has a range of just one hex.
    c.  Two moves are required to load doubleshot. "DS" is marked in the
    a.  Grapeshot has a range of one hex.
    c.  Only one turn is needed to load a broadside with grapeshot.
    ship does not sink immediately. Continue to roll the die once for
    that ship on each succeeding turn during the Unfouling Phase until a
    "6" is rolled. At that time the ship sinks and is removed from the
    ship on each succeeding turn during the Unfouling Phase until a "6"
    is rolled. At that time, the ship explodes, and is removed from the
    mapboard. The force of the exploding ship will damage every other
    ship located in an adjacent hex. This is handled by rolling the die,
    and consulting Hit Table number ten under the Rigging Section. Mark
make repairs; provided there are at least two crew sections available.
(The second section need not be complete). All repairs take three turns
(not necessarily in sequence). In three turns, two hull, two rigging, or
two gun squares can be repaired by simply erasing the "X" on the most
cause damage to any adjacent ship on the Rigging Effects Table number
double to her 1 hex range rake bonus, but in no case to exceed table 10.
"""
PROSE = " ".join(PROSE_TEXT.split())
WORDS = {"one": 1, "two": 2, "three": 3, "third": 3, "four": 4, "six": 6, "eight": 8, "ten": 10,
         "twice": 2, "double": 2, "doubled": 2, "just one": 1}


def load(name: str) -> dict:
    with (DATA / name).open("rb") as fh:
        return tomllib.load(fh)


def said(pattern: str) -> int:
    m = re.search(pattern, PROSE)
    assert m, pattern
    word = m.group(1)
    return int(word) if word.isdigit() else WORDS[word.lower()]


# ---------------------------------------------------------------- Critical Hit Table

def critical_entries() -> dict[tuple[str, int], str]:
    """(aspect, number) -> the entry's printed text, joined onto one line."""
    section = TABLES[TABLES.index("\nThe Critical Hit Table\n"):TABLES.index("\nResults of Critical Hit Table")]
    out = {}
    for n in range(1, 17):
        entry = section[section.index(f"\n{n}.\n") + len(f"\n{n}.\n"):]
        nxt = re.search(r"\n\d+\.\n", entry)
        entry = entry[:nxt.start()] if nxt else entry
        r, h = entry.index("R:"), entry.index("H:")
        out[("rigging", n)] = " ".join(entry[r + 2:h].split())
        out[("hull", n)] = " ".join(entry[h + 2:].split())
    return out


# the effect each kind of printed entry is, by the words that name it
EFFECT_WORDS = {"rake causes one rigging section to be lost": "rake_rigging_section",
                "Fallen rigging obscures a gunnery section": "obscured",
                "Mast fails. Mark out one rigging section.": "mast",
                "gun and crew hits to be doubled": "rake_double",
                "Rake causes double the crew and gun hits.": "rake_double",
                "Anchor cable severed.": "anchor_cable",
                "Crew is demoralized.": "morale",
                "Possible damage to steering.": "steering",
                "Magazine may explode.": "magazine",
                "Water line damage": "waterline",
                "Fire breaks out.": "fire"}

# numbers an entry carries: pattern -> (data key, how the matched text reads)
NUMBER_WORDS = {r"At range of (\d+) hexes or less": ("max_range", int),
                r"in the (left|right) broadside": ("broadside", str),
                r"Reduce Hit Table by (\d+)": ("hit_table", lambda s: -int(s)),
                r"for the next (\w+) turns": ("turns", lambda s: WORDS[s]),
                r"Mark out (\w+) rigging squares": ("rigging", lambda s: WORDS[s]),
                r"If the result is (\w+) or less, crew drops": ("fails_at_or_below", lambda s: WORDS[s]),
                r"If a (\d), (\d), or (\d) appears": ("rolls", None),
                r"If the result is (\w+) or less, ship explodes": ("explodes_at_or_below", lambda s: WORDS[s]),
                r"If a (\d) is rolled fire is out of control": ("explodes_on", int)}


def read_entry(text: str) -> dict:
    if text == "No Effect":
        return {"effect": "none"}
    kinds = {effect for words, effect in EFFECT_WORDS.items() if words.lower() in text.lower()}
    assert len(kinds) == 1, text
    out = {"effect": kinds.pop()}
    for pattern, (key, read) in NUMBER_WORDS.items():
        m = re.search(pattern, text)
        if m:
            out[key] = [int(g) for g in m.groups()] if read is None else read(m.group(1))
    return out


def without_says(entry: dict) -> dict:
    return {k: v for k, v in entry.items() if k != "says"}


@pytest.mark.parametrize("aspect", ["rigging", "hull"])
@pytest.mark.parametrize("number", range(1, 17))
def test_critical_hit_entry(aspect, number):
    data = load("critical-hits.toml")
    text = critical_entries()[(aspect, number)]
    same = re.fullmatch(r"Same as (\d+) ([RH])", text)
    if same:
        other = {"R": "rigging", "H": "hull"}[same.group(2)]
        assert other == aspect, text
        assert without_says(data[aspect][str(number)]) == without_says(data[other][same.group(1)]), text
        assert not re.fullmatch(r"Same as .*", critical_entries()[(other, int(same.group(1)))])
    else:
        assert without_says(data[aspect][str(number)]) == read_entry(text), text


def test_critical_hit_table_has_sixteen_entries_a_side():
    data = load("critical-hits.toml")
    assert sorted(map(int, data["rigging"])) == sorted(map(int, data["hull"])) == list(range(1, 17))
    # a second die (1-6) plus the hit table number (0-10): 1 to 16 (I.A.2.b.1)
    top = load("procedures.toml")["gunnery"]["top_hit_table"]
    assert max(map(int, data["hull"])) == 6 + top and min(map(int, data["hull"])) == 1 + 0


# ---------------------------------------------------------------- column headings

def html_header_rows(table_id: str) -> list[list[str]]:
    block = TABLES[TABLES.index(f'<table id="{table_id}">'):]
    block = block[:block.index("</table>")]
    rows = []
    for tr in re.findall(r"<tr>(.*?)</tr>", block, re.S):
        ths = re.findall(r"<th[^>]*?(?:/>|>(.*?)</th>)", tr, re.S)
        if ths and "<td" not in tr:
            rows.append([" ".join(t.split()) for t in ths])
    return rows


def test_advanced_hdt_headings_name_the_data_columns():
    hdt = load("hdt.toml")
    rows = html_header_rows("adv-hdt")
    assert rows[0] == ["Guns Firing", "Range in hexes", "", "Hit table modifiers", "", "Optional modifiers"]
    assert rows[1] == ["Stern Rake", "Crew Quality", "Crew Section Loss", "Initial Bdside", "Cap Ship",
                       "Ammunition", "All types of anchor"]
    ranges, quality, ammo = rows[2][:6], rows[2][6:11], rows[2][11:]
    assert [[int(x) for x in r.split("\u2013")] * (1 if "\u2013" in r else 2) for r in ranges] == hdt["range_bands"]
    assert list(hdt["modifiers"]) == ["stern_rake", *[f"crew_quality_{q}" for q in quality],
                                      "crew_section_loss", "initial_broadside", "captured_ship"]
    assert list(hdt["optional_modifiers"]) == [*[f"ammo_{a}" for a in ammo], "anchor"]
    # the shot each ammunition heading belongs to (Advanced VIII.B; X.A writes CS for chainshot)
    assert load("ammunition.toml")["hdt_column"] == {"round": "ammo_RS", "chain": "ammo_CH", "grape": "ammo_GP",
                                                     "double": "ammo_DS"}
    assert ammo == ["GP", "CH", "DS", "RS"]


def test_wind_effects_headings_name_the_data_columns():
    rows = html_header_rows("wind-effects")
    assert rows[0][0] == "Wind velocity number" and rows[0][-1] == "Ship class"
    assert rows[1][1:] == ["Number 1", "Number 2", "Number 3 &amp; 4", "Number 5 &amp; 6", "Rowed vessels"]
    assert rows[2] == ["Wind attitude"] + ["A", "B", "C", "D"] * 5
    effects = load("wind.toml")["effects"]
    assert list(effects) == ["class_1", "class_2", "class_3_4", "class_5_6", "rowed"]


def test_wind_effects_rows_name_the_velocities():
    """The table's row names are the prose's (III.A.2), but for velocity 2: the table prints
    "Medium breeze" where the prose says "(2) moderate breeze"; the data keeps the prose's word."""
    block = TABLES[TABLES.index('<table id="wind-effects">'):]
    block = block[:block.index("</table>")]
    names = {}
    for tr in re.findall(r"<tr>(.*?)</tr>", block, re.S):
        cells = [" ".join(c.split()) for c in re.findall(r"<td[^>]*>(.*?)</td>", tr, re.S)]
        if len(cells) > 1 and cells[0].isdigit():
            names[int(cells[0])] = cells[1].replace("&nbsp;", " ").lower()
    velocities = load("wind.toml")["velocities"]
    assert sorted(names) == list(range(8))
    assert {n: velocities[n] for n in names} == {**names, 2: "moderate breeze"}
    assert names[2] == "medium breeze"


# ---------------------------------------------------------------- numbers in prose

def test_hit_tables_and_critical_roll():
    g = load("procedures.toml")["gunnery"]
    assert g["top_hit_table"] == said(r"increased by two to Hit Table No\. (\d+)")
    assert g["critical_roll"] == said(r"If a (\d) is rolled on any Hit Table")
    assert g["full_sail_rigging"] == said(r"rigging hits scored on full sail ships are (\w+)")


def test_log_modifications():
    log = load("procedures.toml")["log"]
    assert "one and a half times the Basic Game value (rounded up)" in PROSE and log["hull"] == 1.5
    assert log["crew"] == log["guns"] == log["carronades"] == said(r"Gun, carronade, and crew values are (\w+) as large")
    assert log["rigging"] == 1                       # rigging is not among the values changed


def test_wind_numbers():
    wind = load("wind.toml")
    named = re.findall(r"\((\d)\) ([a-z ]+?)(?:,| and|\.)", PROSE)
    assert len(wind["velocities"]) == said(r"There are (\w+) types of velocity")
    assert [(int(n), name.strip()) for n, name in named] == list(enumerate(wind["velocities"]))
    assert wind["change_turns"] == said(r"in the wind phase of every (\w+) turn")


def test_ammunition_ranges_and_loading_in_prose():
    ammo = load("ammunition.toml")
    assert ammo["max_range"]["round"] == said(r"The range of roundshot is still (\w+) hexes")
    assert ammo["max_range"]["chain"] == said(r"Chainshot has a maximum range of (\w+) hexes")
    assert ammo["max_range"]["double"] == said(r"Doubleshot has a range of (just one) hex")
    assert ammo["max_range"]["grape"] == said(r"Grapeshot has a range of (\w+) hex")
    assert ammo["load_turns"] == {"round": said(r"loaded with roundshot in (\w+) turn"),
                                  "chain": said(r"Chainshot is loaded in (\w+) turn"),
                                  "double": said(r"(\w+) moves are required to load doubleshot"),
                                  "grape": said(r"Only (\w+) turn is needed to load a broadside with grapeshot")}


def test_sink_and_explode_in_prose():
    assert load("destroyed-hull.toml")["later_roll"] == said(r'until a "(\d)" is rolled')
    assert len(re.findall(r'until a "6"', PROSE)) == 2            # sinking and exploding alike
    explosion = load("procedures.toml")["explosion"]
    assert explosion["hit_table"] == said(r"consulting Hit Table number (\w+) under the Rigging Section")
    assert explosion["rake_multiplier"] == said(r"number (\w+) to her 1 hex range rake bonus")
    assert "in no case to exceed table 10" in PROSE


def test_repairs_in_prose():
    repairs = load("procedures.toml")["repairs"]
    assert repairs["crew_sections"] == said(r"provided there are at least (\w+) crew sections available")
    assert repairs["turns"] == said(r"All repairs take (\w+) turns")
    assert repairs["squares"] == said(r"In three turns, (\w+) hull, two rigging, or two gun squares")


def test_every_prose_number_is_checked():
    """A number added to procedures.toml without a check here fails this test."""
    checked = {"gunnery": {"carronade_range", "top_hit_table", "critical_roll", "full_sail_rigging"},
               "log": {"hull", "crew", "guns", "carronades", "rigging"},
               "repairs": {"turns", "squares", "crew_sections"},
               "explosion": {"hit_table", "rake_multiplier"}}
    data = load("procedures.toml")
    assert {k: set(v) for k, v in data.items() if isinstance(v, dict)} == checked
