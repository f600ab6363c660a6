"""Cell-by-cell check of the WS&IM 1981 Basic Game tables in data/wsim-1981/.

The reference is fixtures/wsim-1981-basic-tables.md, a verbatim copy of the
"Basic Game Tables" section of the 1981 rule text. The HDT is printed there
twice (an HTML table and a LaTeX longtable); both copies are parsed and must
agree with each other and with hdt.toml. The hit, melee, fouling and
grappling tables are Markdown pipe tables.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

DATA_DIR = Path(__file__).resolve().parents[3] / "data" / "wsim-1981"
FIXTURE = Path(__file__).resolve().parent / "fixtures" / "wsim-1981-basic-tables.md"
SEED_NAME = "wsim-1981-second-edition.md"

TOML_FILES = (
    "hdt.toml",
    "hit-tables.toml",
    "melee.toml",
    "fouling.toml",
    "unfouling.toml",
    "grappling.toml",
    "ungrappling.toml",
    "movement.toml",
    "moves.toml",
    "optional.toml",
    "procedures.toml",
    "citations.toml",
)

# Column order of the HDT body rows, as given by its header rows.
HDT_COLUMNS = (
    "guns",
    "range_1", "range_2", "range_3", "range_4", "range_5", "range_6",
    "crew_quality_EL", "crew_quality_CR", "crew_quality_AV", "crew_quality_GR",
    "crew_quality_PR",
    "crew_section_loss", "initial_broadside", "rake", "captured_ship",
    "ammo_GP", "ammo_CH", "ammo_DS", "ammo_RS",
    "anchor",
)
MODIFIER_KEYS = HDT_COLUMNS[7:16]
OPTIONAL_KEYS = HDT_COLUMNS[16:]

QUALITY_BY_WORD = {"Elite": "EL", "Crack": "CR", "Average": "AV", "Green": "GR", "Poor": "PR"}
NUMBER_WORDS = {"one": 1, "two": 2, "three": 3}


# --- loading -----------------------------------------------------------------


def load(name: str) -> dict[str, Any]:
    with (DATA_DIR / name).open("rb") as handle:
        return tomllib.load(handle)


@pytest.fixture(scope="module")
def seed() -> str:
    return FIXTURE.read_text(encoding="utf-8")


# --- small parsers for the fixture ---------------------------------------------


def clean(cell: str) -> str:
    """Normalise printed dashes: U+2212 minus, U+2013 en dash, Markdown "--"."""
    text = cell.strip().replace("\u2212", "-").replace("\u2013", "-")
    return text.replace("--", "-")


def band(text: str) -> tuple[int, int | None]:
    """'1-3' -> (1, 3); '13' -> (13, 13); '81-' (open end) -> (81, None)."""
    low, dash, high = clean(text).partition("-")
    if not dash:
        return int(low), int(low)
    return int(low), (int(high) if high else None)


def signed(text: str) -> int:
    return int(clean(text))


def html_rows(seed: str, table_id: str, tag: str) -> list[list[str]]:
    """Cells of every <tr> of one HTML table that holds `tag` cells."""
    match = re.search(rf'<table id="{table_id}">(.*?)</table>', seed, re.S)
    assert match, f"table {table_id} not in fixture"
    rows = []
    for row in re.findall(r"<tr>(.*?)</tr>", match.group(1), re.S):
        cells = re.findall(rf"<{tag}[^>]*>(.*?)</{tag}>", row, re.S)
        if cells:
            rows.append([clean(c) for c in cells])
    return rows


def latex_hdt_rows(seed: str) -> list[list[str]]:
    """Body rows of the LaTeX copy of the HDT (between \\hline and \\bottomrule)."""
    body = seed.split(r"\hline", 1)[1].split(r"\bottomrule", 1)[0]
    rows = [r for r in body.split(r"\\") if r.strip()]
    return [[clean(c.replace(r"\textminus", "-")) for c in r.split("&")] for r in rows]


def pipe_table(seed: str, caption: str) -> list[list[str]]:
    """Rows of the pipe table under ': caption' (header first, alignment row dropped)."""
    lines = seed.splitlines()
    start = lines.index(f": {caption}")
    rows: list[list[str]] = []
    for line in lines[start + 1 :]:
        if line.startswith("|"):
            rows.append([c.strip() for c in line.strip().strip("|").split("|")])
        elif rows:
            break
    return [rows[0]] + rows[2:]


def die_band_rows(seed: str, caption: str) -> list[tuple[range, str]]:
    rows = pipe_table(seed, caption)
    assert rows[0] == ["Die", "Results"]
    result = []
    for die, text in rows[1:]:
        low, high = band(die)
        assert high is not None
        result.append((range(low, high + 1), text))
    return result


# --- every file ----------------------------------------------------------------


@pytest.mark.parametrize("name", TOML_FILES)
def test_every_table_has_a_source(name: str) -> None:
    source = load(name)["source"]
    assert isinstance(source, str)
    assert source.strip()
    assert source.startswith(SEED_NAME)


def test_no_unlisted_files() -> None:
    assert sorted(p.name for p in DATA_DIR.glob("*.toml")) == sorted(TOML_FILES)


# --- HDT -------------------------------------------------------------------------


def test_hdt_header_order(seed: str) -> None:
    headers = html_rows(seed, "basic-hdt", "th")
    assert headers[1] == [
        "Crew Quality", "Crew Section Loss", "Initial Bdside", "Rake", "Cap Ship",
        "Ammunition", "All types of anchor",
    ]
    assert headers[2] == [
        "1", "2", "3", "4", "5-6", "7-10",
        "EL", "CR", "AV", "GR", "PR", "GP", "CH", "DS", "RS",
    ]


def test_hdt_html_and_latex_copies_agree(seed: str) -> None:
    html = html_rows(seed, "basic-hdt", "td")
    assert len(html) == 5
    assert all(len(row) == len(HDT_COLUMNS) for row in html)
    assert latex_hdt_rows(seed) == html


def test_hdt_bands(seed: str) -> None:
    hdt = load("hdt.toml")
    html = html_rows(seed, "basic-hdt", "td")
    assert hdt["guns_bands"] == [list(band(row[0])) for row in html]
    assert hdt["guns_bands"] == [[1, 3], [4, 6], [7, 9], [10, 12], [13, 13]]
    range_headers = html_rows(seed, "basic-hdt", "th")[2][:6]
    assert hdt["range_bands"] == [list(band(h)) for h in range_headers]


def test_hdt_range_cells(seed: str) -> None:
    hdt = load("hdt.toml")
    html = html_rows(seed, "basic-hdt", "td")
    assert hdt["range"] == [[signed(c) for c in row[1:7]] for row in html]
    assert hdt["range"][0] == [1, 1, 0, -1, -2, -3]
    assert hdt["range"][4] == [5, 4, 3, 2, 1, 0]


@pytest.mark.parametrize("key", MODIFIER_KEYS)
def test_hdt_modifier_cells(seed: str, key: str) -> None:
    column = HDT_COLUMNS.index(key)
    html = html_rows(seed, "basic-hdt", "td")
    assert load("hdt.toml")["modifiers"][key] == [signed(row[column]) for row in html]


@pytest.mark.parametrize("key", OPTIONAL_KEYS)
def test_hdt_optional_modifier_cells(seed: str, key: str) -> None:
    column = HDT_COLUMNS.index(key)
    html = html_rows(seed, "basic-hdt", "td")
    assert load("hdt.toml")["optional_modifiers"][key] == [signed(row[column]) for row in html]


def test_hdt_has_exactly_the_printed_columns() -> None:
    hdt = load("hdt.toml")
    assert sorted(hdt["modifiers"]) == sorted(MODIFIER_KEYS)
    assert sorted(hdt["optional_modifiers"]) == sorted(OPTIONAL_KEYS)


def test_hdt_spot_values() -> None:
    """A few cells read by eye from the printed table, independent of the parser."""
    hdt = load("hdt.toml")
    assert hdt["range"][3][5] == -1  # 10-12 guns at 7-10 hexes
    assert hdt["modifiers"]["rake"] == [1, 2, 3, 4, 5]
    assert hdt["modifiers"]["crew_quality_EL"][4] == 3
    assert hdt["optional_modifiers"]["ammo_GP"] == [-1, -2, -3, -4, -4]


# --- hit tables --------------------------------------------------------------------


@pytest.mark.parametrize("number", range(9))
def test_hit_table_cells(seed: str, number: int) -> None:
    rows = pipe_table(seed, f"Hit Table {number}")
    assert rows[0] == ["", "Hull", "Rigging"]
    assert [r[0] for r in rows[1:]] == ["1", "2", "3", "4", "5", "6"]
    table = load("hit-tables.toml")["tables"][str(number)]
    assert table["hull"] == [r[1] for r in rows[1:]]
    assert table["rigging"] == [r[2] for r in rows[1:]]


def test_hit_tables_are_zero_to_eight() -> None:
    assert sorted(load("hit-tables.toml")["tables"], key=int) == [str(n) for n in range(9)]


def test_hit_table_spot_values() -> None:
    tables = load("hit-tables.toml")["tables"]
    assert tables["4"]["hull"][2] == "2H-R-G"
    assert tables["0"]["hull"] == ["0", "0", "0", "C", "H", "G"]
    assert tables["8"]["rigging"][5] == "7R-H-G"


# --- melee ---------------------------------------------------------------------------


def test_crew_melee_strength_cells(seed: str) -> None:
    rows = pipe_table(seed, "Crew melee strength table")[1:]
    printed = {QUALITY_BY_WORD[label.split()[0]]: int(value.split()[0]) for label, value in rows}
    assert load("melee.toml")["crew_strength"] == printed
    assert printed == {"EL": 5, "CR": 4, "AV": 3, "GR": 2, "PR": 1}


def test_melee_resolution_cells(seed: str) -> None:
    rows = pipe_table(seed, "Melee resolution table (by total melee strength)")
    resolution = load("melee.toml")["resolution"]
    printed_tms = [band(h) for h in rows[0][1:]]
    assert [tuple(b) for b in resolution["tms_bands"][:-1]] == printed_tms[:-1]
    last_low, last_high = printed_tms[-1]
    assert last_high is None  # printed "81--": open ended
    assert resolution["tms_bands"][-1][0] == last_low
    assert resolution["tms_bands"][-1][1] >= 10_000
    assert resolution["die_bands"] == [list(band(r[0])) for r in rows[1:]]
    assert resolution["losses"] == [[int(c) for c in r[1:]] for r in rows[1:]]
    assert resolution["losses"][0] == [1, 1, 2, 2, 2, 3, 3, 4, 4]


# --- fouling and grappling --------------------------------------------------------------


def is_success(text: str) -> bool:
    return " not " not in text and "fails" not in text


@pytest.mark.parametrize(
    ("name", "caption", "expected"),
    [
        ("fouling.toml", "Fouling table", [1, 2, 3]),
        ("unfouling.toml", "Unfouling table", [1, 2]),
        ("grappling.toml", "Grappling table", [1, 2]),
        ("ungrappling.toml", "Ungrappling table", [1, 2]),
    ],
)
def test_die_tables(seed: str, name: str, caption: str, expected: list[int]) -> None:
    rows = die_band_rows(seed, caption)
    success = [d for dice, text in rows if is_success(text) for d in dice]
    assert sorted(d for dice, _ in rows for d in dice) == [1, 2, 3, 4, 5, 6]
    table = load(name)
    assert table["success_rolls"] == success == expected
    assert table["result_text"]["success"].strip()
    assert table["result_text"]["failure"].strip()
    assert table["result_text"]["success"] != table["result_text"]["failure"]


def test_grappling_motionless_modifier(seed: str) -> None:
    found = re.findall(
        r"If (one|both) ships? (?:was|were) motionless.*?subtract (\w+) from\s+the die roll",
        seed,
        re.S,
    )
    printed = {who: -NUMBER_WORDS[amount] for who, amount in found}
    assert printed == {"one": -1, "both": -2}
    assert load("grappling.toml")["motionless_modifier"] == printed


# --- movement (not in the seed text as text) ------------------------------------------------

# Reference: /work/shared/DESIGN.md, section 2 "Facts the seed texts lack" (values read
# from the chart images of the 1981 reprint), copied here because tests do not read it.
DESIGN_MOVEMENT = {
    ("battle_sail", "3"): {"A": 3, "B": 2, "C": 1, "D": 0},
    ("battle_sail", "4"): {"A": 4, "B": 3, "C": 1, "D": 0},
    ("full_sail", "5"): {"A": 5, "B": 4, "C": 2, "D": 0},
    ("full_sail", "6"): {"A": 6, "B": 5, "C": 2, "D": 0},
    ("full_sail", "7"): {"A": 7, "B": 6, "C": 2, "D": 0},
}
DESIGN_ATTITUDES = {"0": "B", "1": "A", "2": "C", "3": "D", "4": "C", "5": "A"}


def test_movement_matches_design_chart() -> None:
    movement = load("movement.toml")
    actual = {(kind, speed): movement[kind][speed] for kind, speed in DESIGN_MOVEMENT}
    assert actual == DESIGN_MOVEMENT
    assert sorted(movement["battle_sail"]) == ["3", "4"]
    assert sorted(movement["full_sail"]) == ["5", "6", "7"]


def test_movement_agrees_with_worked_examples() -> None:
    """Basic Game IV.A.4 examples a and b, IV.B.3, and the Advanced III.B.2 gale example."""
    battle = load("movement.toml")["battle_sail"]
    assert battle["3"]["C"] == 1
    assert battle["4"]["A"] == 4
    assert battle["4"]["C"] == 1
    assert battle["3"]["B"] == 2


def test_attitude_by_relative_direction() -> None:
    assert load("movement.toml")["attitude_by_relative_direction"] == DESIGN_ATTITUDES


def test_movement_source_cites_design_notes() -> None:
    source = load("movement.toml")["source"]
    assert "chart images of the 1981 reprint" in source
    assert "DESIGN.md" in source


# --- shape -----------------------------------------------------------------------------


def test_hdt_shapes_line_up() -> None:
    hdt = load("hdt.toml")
    bands = len(hdt["guns_bands"])
    assert len(hdt["range"]) == bands
    assert all(len(row) == len(hdt["range_bands"]) for row in hdt["range"])
    for group in ("modifiers", "optional_modifiers"):
        assert all(len(values) == bands for values in hdt[group].values())


@pytest.mark.parametrize(
    ("name", "path"),
    [
        ("hdt.toml", ("guns_bands",)),
        ("hdt.toml", ("range_bands",)),
        ("melee.toml", ("resolution", "tms_bands")),
        ("melee.toml", ("resolution", "die_bands")),
    ],
)
def test_bands_are_contiguous(name: str, path: tuple[str, ...]) -> None:
    value: Any = load(name)
    for key in path:
        value = value[key]
    assert value[0][0] == 1
    for (low, high), (next_low, _) in zip(value, value[1:]):
        assert low <= high
        assert next_low == high + 1
