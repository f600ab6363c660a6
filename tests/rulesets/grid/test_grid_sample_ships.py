"""data/grid/sample-ships.toml against the square-grid rules' list of sample ships."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "data" / "grid" / "sample-ships.toml"
FIXTURE = Path(__file__).resolve().parent / "fixtures" / "grid-sample-ships.txt"

SEED = "square-grid-crew-counter-rules.txt"
KEYS = {
    "id", "name", "guns", "bow_guns", "stern_guns", "rigging_positions", "crew",
    "marines", "damage", "movement", "boats", "notes", "source",
}
REQUIRED = KEYS - {"notes"}
MOVEMENT_CLASSES = {"A", "B", "C", "D", "E", "M"}
BOATS = re.compile(r"Jolly Boat|Cutter|Pinnace|Launch|Gig")
INT_FIELDS = ("guns", "bow_guns", "stern_guns", "rigging_positions", "crew", "marines", "damage")
MEN_PER_FIGURE = 20  # "Each Crew figure represents approximately 20 men"


def parse_sample_ships(text: str) -> list[dict]:
    """Read the rules' "Sample Ships" list into the data file's shape."""
    lines = [line.strip() for line in text.splitlines() if line.strip() and line.strip() != "Sample Ships"]
    ships = []
    for index, line in enumerate(lines):
        stats = re.match(r"(\d+) Guns( Bow Gun)?( Stern Gun)? (\d+) Rigging Positions$", line)
        if not stats:
            continue
        name = re.sub(r"\s*\(.*$", "", lines[index - 1])
        crew_line = lines[index + 1]
        marines = re.search(r"Marines: (\d+)", crew_line)
        movement = re.search(r"Movement: (.+)$", crew_line).group(1)
        ships.append({
            "name": name,
            "guns": int(stats.group(1)),
            "bow_guns": 1 if stats.group(2) else 0,
            "stern_guns": 1 if stats.group(3) else 0,
            "rigging_positions": int(stats.group(4)),
            "crew": int(re.search(r"Crew: (\d+)", crew_line).group(1)),
            "marines": int(marines.group(1)) if marines else 0,
            "damage": int(re.search(r"Damage: (\d+)", crew_line).group(1)),
            "movement": re.findall(r"[A-EM]", movement),
            "boats": BOATS.findall(lines[index + 2]),
        })
    return ships


@pytest.fixture(scope="module")
def data() -> dict:
    with DATA.open("rb") as handle:
        return tomllib.load(handle)


def test_file_level(data: dict) -> None:
    assert data["format"] == 1
    assert data["source"] == f"{SEED}, Sample Ships"
    assert [ship["id"] for ship in data["ships"]] == [
        "1st-rate-ship-of-the-line", "ship-of-the-line", "2-decker", "frigate",
        "sloop-or-brig", "merchantman", "blockade-runner", "transport",
    ]


def test_schema(data: dict) -> None:
    for ship in data["ships"]:
        assert REQUIRED <= set(ship) <= KEYS
        assert ship["id"] == ship["name"].lower().replace(" ", "-")
        assert ship["source"].startswith(SEED)
        for field in INT_FIELDS:
            assert isinstance(ship[field], int) and ship[field] >= 0, field
        assert ship["guns"] > 0 and ship["crew"] > 0 and ship["damage"] > 0
        assert ship["bow_guns"] in (0, 1) and ship["stern_guns"] in (0, 1)
        assert ship["movement"] and set(ship["movement"]) <= MOVEMENT_CLASSES
        assert ship["boats"] and all(BOATS.fullmatch(boat) for boat in ship["boats"])


def test_matches_the_rules_text(data: dict) -> None:
    parsed = parse_sample_ships(FIXTURE.read_text(encoding="utf-8"))
    assert len(parsed) == 8
    for expected, ship in zip(parsed, data["ships"], strict=True):
        for key, value in expected.items():
            assert ship[key] == value, (ship["id"], key)


def test_first_rate_values(data: dict) -> None:
    first = data["ships"][0]
    assert first["name"] == "1st Rate Ship of the Line"
    assert (first["guns"], first["crew"], first["marines"], first["damage"]) == (20, 22, 4, 28)
    assert first["movement"] == ["C", "D", "E"]
    assert first["boats"] == ["Cutter", "Pinnace", "Launch", "Gig", "Jolly Boat"]


def test_transport_soldiers_are_its_marine_figures(data: dict) -> None:
    transport = {ship["id"]: ship for ship in data["ships"]}["transport"]
    assert transport["marines"] * MEN_PER_FIGURE == 200
    assert "200 soldiers" in transport["notes"]


def test_unarmed_merchant_types_have_no_marines(data: dict) -> None:
    ships = {ship["id"]: ship for ship in data["ships"]}
    assert ships["merchantman"]["marines"] == 0
    assert ships["blockade-runner"]["marines"] == 0
    assert ships["merchantman"]["movement"] == ["M"]
