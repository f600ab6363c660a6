"""Cell-by-cell check of the WS&IM 1981 Advanced Game tables in data/wsim-1981-advanced/.

The reference is fixtures/wsim-1981-advanced-tables.md, a verbatim copy of the "Advanced
Game Tables" and "The Critical Hit Table" sections of the 1981 rule text. The HDT and the
Wind Effects Table are printed twice (HTML and LaTeX); both copies are parsed and must agree
with each other and with the data. Five hit-table cells where BSD sail (1983, sail/globals.c)
reads otherwise are pinned to the text below (docs/rulings.md gives the reasons).
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from umpire.core.tables import Tables

DATA = Path(__file__).resolve().parents[3] / "data" / "wsim-1981-advanced"
FIXTURE = Path(__file__).resolve().parent / "fixtures" / "wsim-1981-advanced-tables.md"
TEXT = FIXTURE.read_text(encoding="utf-8")

HDT_COLUMNS = ("stern_rake", "crew_quality_EL", "crew_quality_CR", "crew_quality_AV", "crew_quality_GR",
               "crew_quality_PR", "crew_section_loss", "initial_broadside", "captured_ship",
               "ammo_GP", "ammo_CH", "ammo_DS", "ammo_RS", "anchor")


def load(name: str) -> dict:
    with (DATA / name).open("rb") as fh:
        return tomllib.load(fh)


def num(cell: str) -> int:
    return int(cell.strip().replace("\u2212", "-").replace("\\textminus", "-").replace("+", ""))


def html_hdt() -> list[list[str]]:
    block = TEXT[TEXT.index('<table id="adv-hdt">'):]
    block = block[:block.index("</table>")]
    rows = [re.findall(r"<td>(.*?)</td>", tr) for tr in re.findall(r"<tr>(.*?)</tr>", block, re.S)]
    return [r for r in rows if r]


def latex_hdt() -> list[list[str]]:
    block = TEXT[TEXT.index("\\caption{Hit Determination Table (HDT)}"):]
    body = block[block.index("\\hline") + len("\\hline"):block.index("\\bottomrule")]
    return [[c.strip() for c in row.split("&")] for row in body.split("\\\\") if row.strip()]


def cell_pair(cell: str) -> tuple[int, int]:
    m = re.fullmatch(r"(\S+?)\((\S+?)\)", cell.replace(" ", ""))
    return num(m.group(1)), num(m.group(2))


@pytest.mark.parametrize("copy", [html_hdt, latex_hdt], ids=["html", "latex"])
def test_hdt_every_cell(copy):
    hdt = load("hdt.toml")
    rows = copy()
    assert len(rows) == len(hdt["guns_bands"]) == 9
    for i, row in enumerate(rows):
        lo, _, hi = row[0].replace("\u2013", "-").replace("--", "-").partition("-")
        assert hdt["guns_bands"][i] == [int(lo), int(hi or lo)]
        assert [cell_pair(c) for c in row[1:7]] == list(zip(hdt["range"][i], hdt["rake_range"][i]))
        values = [num(c) for c in row[7:]]
        assert len(values) == len(HDT_COLUMNS)
        for key, value in zip(HDT_COLUMNS, values):
            table = hdt["optional_modifiers"] if key.startswith(("ammo", "anchor")) else hdt["modifiers"]
            assert table[key][i] == value, (key, row[0])


def printed_hit_tables() -> dict[int, tuple[list[str], list[str]]]:
    out = {}
    for m in re.finditer(r": Hit Table (\d+)\n\n\|[^\n]*\n\|[^\n]*\n((?:\|[^\n]*\n)+)", TEXT):
        rows = [[c.strip() for c in line.strip().strip("|").split("|")] for line in m.group(2).splitlines()]
        assert [int(r[0]) for r in rows] == [1, 2, 3, 4, 5, 6]
        out[int(m.group(1))] = ([r[1] for r in rows], [r[2] for r in rows])
    return out


def test_hit_tables_every_cell():
    printed = printed_hit_tables()
    data = load("hit-tables.toml")["tables"]
    assert sorted(printed) == list(range(11)) and sorted(map(int, data)) == list(range(11))
    for n, (hull, rigging) in printed.items():
        assert data[str(n)]["hull"] == hull, n
        assert data[str(n)]["rigging"] == rigging, n
        assert hull[5].endswith("*") and rigging[5].endswith("*")        # the 6 results (I.A.2.b)
        assert not any(c.endswith("*") for c in hull[:5] + rigging[:5])


# (aspect, table, die) -> the text's entry, and BSD sail's reading of the same cell
BSD_DIFFERS = {("hull", 0, 4): ("C", "0"), ("hull", 8, 4): ("4H-2C-G", "4H-2G-C"),
               ("rigging", 3, 4): ("2R-C", "2R"), ("rigging", 8, 3): ("4R-3H-G", "4R-2H-G"),
               ("rigging", 10, 5): ("5R-2H-2C", "6R-2H-2C")}


@pytest.mark.parametrize("cell", sorted(BSD_DIFFERS), ids=lambda c: f"{c[0]}-T{c[1]}-r{c[2]}")
def test_cells_where_bsd_sail_differs_keep_the_text(cell):
    aspect, table, die = cell
    text, bsd = BSD_DIFFERS[cell]
    assert Tables("wsim-1981-advanced")["hit-tables"]["tables"][str(table)][aspect][die - 1] == text != bsd


def pipe_rows(caption: str) -> list[list[str]]:
    """The body rows of the pipe table printed under `: caption` (header and rule dropped)."""
    lines = TEXT[TEXT.index(f": {caption}\n"):].splitlines()[1:]
    start = next(i for i, ln in enumerate(lines) if ln.startswith("|"))
    table = []
    for ln in lines[start:]:
        if not ln.startswith("|"):
            break
        table.append([c.strip() for c in ln.strip().strip("|").split("|")])
    return table[2:]


def test_ammunition_range_table():
    rows = {r[0]: int(r[1]) for r in pipe_rows("Ammunition Range Table")}
    data = load("ammunition.toml")["max_range"]
    assert rows == {"Carronade": data["carronade"], "Ball shot": data["round"], "Chain shot": data["chain"],
                    "Grape shot": data["grape"], "Double shot": data["double"]}
    assert load("procedures.toml")["gunnery"]["carronade_range"] == rows["Carronade"]


def test_destroyed_hull_table():
    rows = pipe_rows("Destroyed Hull Table")
    assert [r[0] for r in rows] == ["1--4", "5", "6"]
    results = load("destroyed-hull.toml")["results"]
    assert rows[0][1] == "Ship surrenders by striking" and results[:4] == ["strikes"] * 4
    assert rows[1][1] == "Ship may sink*" and results[4] == "may sink"
    assert rows[2][1] == "Ship may explode*" and results[5] == "may explode"


def test_wind_change_tables():
    wind = load("wind.toml")
    direction = {int(r[0]): r[1] for r in pipe_rows("Wind Direction Change Table")}
    words = {"initial": "Wind shifts back to initial dir", 0: "No change",
             1: "Wind shifts 60° clockwise", -1: "Wind shifts 60° counter-clockwise",
             2: "Wind shifts 120° clockwise", -2: "Wind shifts 120° counter-clockwise"}
    assert [direction[d] for d in range(1, 7)] == [words[v] for v in wind["direction_change"]]
    velocity = pipe_rows("Wind Velocity Change Table")
    steps = {"Wind velocity drops 1 number": -1, "Wind velocity does not change": 0,
             "Wind velocity increases 1 number": 1}
    for band, text in velocity:
        lo, hi = map(int, band.split("--"))
        assert all(wind["velocity_change"][d - 1] == steps[text] for d in range(lo, hi + 1))


def html_wind_effects() -> dict[int, list[int]]:
    block = TEXT[TEXT.index('<table id="wind-effects">'):]
    block = block[:block.index("</table>")]
    out = {}
    for tr in re.findall(r"<tr>(.*?)</tr>", block, re.S):
        cells = re.findall(r"<td[^>]*>(.*?)</td>", tr)
        if cells and cells[0].isdigit():
            values = [c for c in cells[2:] if re.fullmatch(r"[\u2212-]?\d", c)]
            out[int(cells[0])] = [num(c) for c in values]
    return out


def latex_wind_effects() -> dict[int, list[int]]:
    block = TEXT[TEXT.index("\\caption{Wind Effects Table}"):]
    body = block[block.index("\\hline") + len("\\hline"):block.index("\\bottomrule")]
    out = {}
    for row in body.split("\\\\"):
        cells = [c.strip().replace("\\phantom{\\textminus}", "") for c in row.split("&")]
        first = re.sub(r"\\cline\{[^}]*\}", "", cells[0]).strip() if cells else ""
        if first.isdigit():
            out[int(first)] = [num(c) for c in cells[2:] if re.fullmatch(r"(\\textminus)?\d", c)]
    return out


@pytest.mark.parametrize("copy", [html_wind_effects, latex_wind_effects], ids=["html", "latex"])
def test_wind_effects_every_cell(copy):
    effects = load("wind.toml")["effects"]
    printed = copy()
    columns = ("class_1", "class_2", "class_3_4", "class_5_6")
    for velocity in range(1, 7):
        want = [v for col in columns for v in effects[col][str(velocity)]]
        if str(velocity) in effects["rowed"]:
            want += effects["rowed"][str(velocity)]
        assert printed[velocity] == want, velocity
    assert printed[0] == effects["rowed"]["0"]          # "Ships may not move"; rowed vessels 0


def test_storm_and_gale_notes():
    wind = load("wind.toml")
    storm = TEXT[TEXT.index("**Storm:**"):TEXT.index("**Gale:**")]
    gale = TEXT[TEXT.index("**Gale:**"):TEXT.index("\nThe Critical Hit Table\n")]
    assert "Full sails not allowed" in storm and wind["storm"]["full_sail_classes"] == []
    assert "Number\\ 1 and Number\\ 4 subtract 2" in storm
    assert "Number\\ 2 and Number\\ 3 subtract 1" in storm
    assert wind["storm"]["hit_table"] == {"1": -2, "4": -2, "2": -1, "3": -1}
    assert "Number\\ 5 and Number\\ 6 cannot use full sails" in gale and wind["gale"]["full_sail_classes"] == [1, 2, 3, 4]
    assert "Number\\ 1, Number\\ 5, and Number\\ 6 subtract 1" in gale
    assert wind["gale"]["hit_table"] == {"1": -1, "5": -1, "6": -1}


def test_critical_hit_table_has_every_number_and_aspect():
    data = load("critical-hits.toml")
    section = TEXT[TEXT.index("\nThe Critical Hit Table\n"):]
    for n in range(1, 17):
        entry = section[section.index(f"\n{n}.\n"):]
        rigging = entry[entry.index("R:"):entry.index("H:")]
        hull = entry[entry.index("H:"):].split("\n\n")[0]
        for aspect, text in (("rigging", rigging), ("hull", hull)):
            none = "No Effect" in text
            assert (data[aspect][str(n)]["effect"] == "none") == none, (aspect, n)
    # the numbers the entries carry
    assert data["rigging"]["4"]["turns"] == 3 and data["rigging"]["4"]["rigging"] == 2
    assert data["hull"]["7"]["fails_at_or_below"] == 6 and data["hull"]["11"]["explodes_at_or_below"] == 4
    assert data["hull"]["8"]["rolls"] == [1, 3, 5] and data["hull"]["14"]["explodes_on"] == 6
    assert data["rigging"]["1"]["max_range"] == 3 and data["hull"]["2"]["max_range"] == 3


def test_the_advanced_layer_keeps_the_basic_tables_it_does_not_replace():
    adv, basic = Tables("wsim-1981-advanced"), Tables("wsim-1981")
    assert adv["melee"] == basic["melee"] and adv["fouling"] == basic["fouling"]
    assert adv["procedures"]["gunnery"]["max_range"] == 10            # merged from the Basic layer
    assert len(adv["hit-tables"]["tables"]) == 11 and len(basic["hit-tables"]["tables"]) == 9
