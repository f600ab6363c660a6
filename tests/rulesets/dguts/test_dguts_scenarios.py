"""The bundled Don't Give Up The Ship! scenarios load and follow the scenario format."""

from __future__ import annotations

import datetime
import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
SCENARIO_DIR = ROOT / "scenarios" / "dguts"
SCENARIO_FILES = sorted(SCENARIO_DIR.glob("*.toml"))

SEED = "dguts-1975-second-edition-ocr.txt"
SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
GUNS = re.compile(r"^[1-9]\d*x[1-9]\d*C?(?:,[1-9]\d*x[1-9]\d*C?)*$")
NATIONS = {"american", "british", "french", "dutch", "turkish"}

TOP_KEYS = {
    "format", "id", "ruleset", "title", "date", "source", "aliases",
    "special_rules", "victory", "turns", "wind", "map", "sides", "ships",
}
REQUIRED_TOP = {"format", "id", "ruleset", "title", "date", "source", "special_rules", "victory", "sides", "ships"}
SIDE_KEYS = {"id", "name", "nation"}
SHIP_KEYS = {
    "id", "name", "side", "nation", "tons", "men", "guns", "rate", "sf_value",
    "cf_value", "crew_factors", "class", "notes", "arrives", "arrival_note", "opening_broadside", "range_bands",
    "armament_lost", "fire_bands", "sf_lost_at_start", "soldiers",
}
REQUIRED_SHIP = {"id", "name", "side", "nation", "tons", "men", "guns"}

EXPECTED_IDS = {
    "dguts-constitution-guerriere", "dguts-wasp-frolic", "dguts-united-states-macedonian",
    "dguts-constitution-java", "dguts-hornet-peacock", "dguts-shannon-chesapeake",
    "dguts-pelican-argus", "dguts-enterprise-boxer", "dguts-essex-phoebe",
    "dguts-peacock-epervier", "dguts-wasp-reindeer", "dguts-wasp-avon",
    "dguts-president-endymion", "dguts-constitution-cyane-levant", "dguts-hornet-penguin",
    "dguts-nymphe-cleopatre", "dguts-mars-hercule", "dguts-fisgard-immortalite",
    "dguts-sirius-furie", "dguts-ambuscade-baionnaise", "dguts-warren-hastings-piemontaise",
    "dguts-wizard-requin", "dguts-seahorse-badere-zaffer", "dguts-amethyst-thetis",
    "dguts-victorious-rivoli",
}


def load(path: Path) -> dict:
    with path.open("rb") as handle:
        return tomllib.load(handle)


def slug(name: str) -> str:
    """A ship id as the design notes build it: lower case, spaces as hyphens."""
    return re.sub(r"[^a-z0-9-]", "", name.lower().replace(" ", "-"))


@pytest.fixture(scope="module")
def scenarios() -> dict[str, dict]:
    return {path.stem: load(path) for path in SCENARIO_FILES}


def test_every_historical_action_is_bundled() -> None:
    assert {path.stem for path in SCENARIO_FILES} == EXPECTED_IDS


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=lambda p: p.stem)
def test_top_level_schema(path: Path) -> None:
    data = load(path)
    assert set(data) <= TOP_KEYS
    assert REQUIRED_TOP <= set(data)
    assert data["format"] == 1
    assert data["id"] == path.stem
    assert data["id"].startswith("dguts-") and SLUG.match(data["id"])
    assert data["ruleset"] == "dguts"
    assert isinstance(data["title"], str) and " vs " in data["title"]
    assert data["source"].startswith(SEED + ", ")
    for key in ("special_rules", "victory"):
        assert data[key], key
        assert all(isinstance(line, str) and line.strip() for line in data[key])


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=lambda p: p.stem)
def test_date_is_iso(path: Path) -> None:
    date = load(path)["date"]
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", date)
    assert 1793 <= datetime.date.fromisoformat(date).year <= 1815


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=lambda p: p.stem)
def test_sides_and_ships(path: Path) -> None:
    data = load(path)
    sides = data["sides"]
    side_ids = [side["id"] for side in sides]
    assert len(side_ids) == len(set(side_ids)) >= 2
    for side in sides:
        assert set(side) == SIDE_KEYS
        assert side["nation"] in NATIONS
    nation_of_side = {side["id"]: side["nation"] for side in sides}
    ship_ids = [ship["id"] for ship in data["ships"]]
    assert len(ship_ids) == len(set(ship_ids))
    for ship in data["ships"]:
        assert set(ship) <= SHIP_KEYS, set(ship) - SHIP_KEYS
        assert REQUIRED_SHIP <= set(ship)
        assert ship["id"] == slug(ship["name"])
        assert ship["side"] in nation_of_side
        assert ship["nation"] == nation_of_side[ship["side"]]
    assert {ship["side"] for ship in data["ships"]} == set(side_ids)


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=lambda p: p.stem)
def test_ship_values(path: Path) -> None:
    for ship in load(path)["ships"]:
        assert isinstance(ship["tons"], int) and ship["tons"] > 0
        assert isinstance(ship["men"], int) and ship["men"] > 0
        assert GUNS.match(ship["guns"]), ship["guns"]
        for key in ("sf_value", "cf_value", "crew_factors"):
            if key in ship:
                assert isinstance(ship[key], float) and ship[key] > 0, key
        if "rate" in ship:
            assert ship["rate"].isdigit()
        assert "hex" not in ship and "direction" not in ship


def test_aliases_are_prefixed_and_unique(scenarios: dict[str, dict]) -> None:
    names = list(scenarios)
    for data in scenarios.values():
        for alias in data.get("aliases", []):
            assert alias.startswith("dguts-") and SLUG.match(alias)
            names.append(alias)
    assert len(names) == len(set(names))


def test_constitution_guerriere(scenarios: dict[str, dict]) -> None:
    data = scenarios["dguts-constitution-guerriere"]
    assert data["date"] == "1812-08-19"
    ships = {ship["id"]: ship for ship in data["ships"]}
    assert set(ships) == {"constitution", "guerriere"}
    constitution = ships["constitution"]
    assert (constitution["tons"], constitution["men"], constitution["guns"]) == (1576, 456, "30x24,22x32C")
    assert constitution["sf_value"] == 78.9
    assert constitution["crew_factors"] == pytest.approx(21 + 2 / 3, abs=0.001)
    assert "cf_value" not in constitution
    guerriere = ships["guerriere"]
    assert (guerriere["tons"], guerriere["men"], guerriere["guns"]) == (1338, 272, "30x18,16x32C,2x12,2x9")
    assert guerriere["side"] == "british"
    assert "wind" not in data


def test_wasp_avon_castilian_arrives_later(scenarios: dict[str, dict]) -> None:
    ships = {ship["id"]: ship for ship in scenarios["dguts-wasp-avon"]["ships"]}
    assert "arrival_note" in ships["castilian"]
    assert "arrives" not in ships["castilian"]
    assert "arrival_note" not in ships["avon"]
    assert any("A range only" in rule for rule in scenarios["dguts-wasp-avon"]["special_rules"])


def test_turkish_ranges_rule(scenarios: dict[str, dict]) -> None:
    rules = " ".join(scenarios["dguts-seahorse-badere-zaffer"]["special_rules"])
    assert 'A 3", B 6" and C 9"' in rules
    assert "no opening broadside" in rules


def test_every_scenario_tells_how_to_set_up(scenarios: dict[str, dict]) -> None:
    for data in scenarios.values():
        rules = " ".join(data["special_rules"])
        assert "roll wind direction and force" in rules
        assert "pre-figured SF and CF values" in rules
