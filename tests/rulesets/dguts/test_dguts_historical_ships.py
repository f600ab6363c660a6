"""data/dguts/historical-ships.toml against the rules' ship lines and the scenarios."""

from __future__ import annotations

import re
import tomllib
from fractions import Fraction
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "data" / "dguts" / "historical-ships.toml"
SCENARIO_DIR = ROOT / "scenarios" / "dguts"
FIXTURE = Path(__file__).resolve().parent / "fixtures" / "dguts-ship-lines.txt"

SEED = "dguts-1975-second-edition-ocr.txt"
GUNS = re.compile(r"^[1-9]\d*x[1-9]\d*C?(?:,[1-9]\d*x[1-9]\d*C?)*$")
NATIONS = {"american", "british", "french", "dutch", "turkish"}
REQUIRED = {"id", "action", "ship", "name", "nation", "tons", "men", "guns", "source"}
OPTIONAL = {
    "rate", "type", "captain", "crew_factors", "crew_factors_printed", "sf_value", "cf_value",
    "soldiers", "soldiers_crew_factors", "soldiers_cf_value", "sails", "illegible",
    "reconstructed", "same_as", "same_as_fields", "notes",
}
VALUE_FIELDS = {
    "tons", "men", "guns", "crew_factors", "sf_value", "cf_value",
    "soldiers_crew_factors", "soldiers_cf_value",
}
# Scenario ship keys that must agree with this file.
SHARED = ("name", "nation", "tons", "men", "guns", "rate", "sf_value", "cf_value", "crew_factors")

# OCR renderings of the shot-weight sign, as listed in the rulings.
OCR_POUND = re.compile(r"/IC|/fC|/tC|/K|/I|/f|/t|/1")


def load(path: Path) -> dict:
    with path.open("rb") as handle:
        return tomllib.load(handle)


def printed_fraction(text: str) -> float:
    """"21 2/3" -> 21.667, as the rules write crew factors."""
    return float(sum(Fraction(part) for part in text.split()))


def calibre_list(text: str) -> str:
    """The rules' "30-24#, 22-32#C" written as the project's "30x24,22x32C"."""
    entries = re.findall(r"(\d+)[- ](\d+)#(C?)", text)
    return ",".join(f"{count}x{pounds}{carronade}" for count, pounds, carronade in entries)


def parse_ship_line(line: str) -> dict:
    """Read one ship line of the rules into the data file's field names."""
    line = OCR_POUND.sub(lambda m: "#C" if m.group().endswith(("C", "K")) else "#", line)
    found: dict = {
        "tons": int(re.search(r"(\d+)\s*tons", line).group(1)),
        "men": int(re.search(r"(\d+)\s*men", line).group(1)),
        "crew_factors_printed": re.search(r"men\s*\(([\d /]+?)\s*CF\)", line).group(1),
    }
    guns_text = line.split("CF)", 1)[-1] if "soldiers" not in line else line.rsplit("CF)", 1)[-1]
    found["guns"] = calibre_list(guns_text.split("SF value")[0])
    sf = re.search(r"SF value (\d+(?:\.\d+)?)", line)
    if sf:
        found["sf_value"] = float(sf.group(1))
    cf = re.search(r"CF value (?:\(crew\) )?(\d+(?:\.\d+)?)", line)
    if cf:
        found["cf_value"] = float(cf.group(1))
    soldiers = re.search(r"plus (\d+) (?:extra )?soldiers\s*\((\d+) CF\)", line, re.IGNORECASE)
    if soldiers:
        found["soldiers"] = int(soldiers.group(1))
        found["soldiers_crew_factors"] = float(soldiers.group(2))
    soldier_value = re.search(r"\(soldiers\) (\d+(?:\.\d+)?)", line)
    if soldier_value:
        found["soldiers_cf_value"] = float(soldier_value.group(1))
    return found


# A few ship lines transcribed from the rules with the OCR readings of the
# rulings applied (dropped entries stay dropped, "(As above)" stays out).
TRANSCRIBED = {
    "constitution-guerriere.guerriere":
        "Guerriere: 1338 tons, 272 men (13 CF), 30-18#, 16-32#C, 2-12#, 2-9# Captain Dacres. SF value 66.9, CF value",
    "wasp-frolic.wasp":
        "Ship-sloop Wasp (U.S.): 450 tons, 140 men (6 2/3 CF), 16-32#C, 2-12# Captain Jacob Jones. SF value 22.5, CF value",
    "wasp-frolic.frolic":
        "Brig Frolic (British): 467 tons, 110 men (5 CF), 16-32#C, 2-6#, 1-12#C Captain Whinyates. SF value 23.4, CF value",
    "shannon-chesapeake.chesapeake":
        "Chesapeake (American): 1135 tons, 386 men (18 CF), 29-18#, 20-32#C. Captain James Lawrence. SF value 56.8, CF value 63.",
    "essex-phoebe.essex-jr":
        "Essex Jr.: 355 tons, 60 men (3 CF), 10-18#C, 10-6# Lt. Dowes. SF value 17.7, CF",
    "wasp-reindeer.reindeer":
        "Brig Reindeer: 385 tons, 118 men (5 1/2 CF), 16-32#C, 2-6#, 1-12#C* Captain Manners. SF value 24, CF value 64.",
    "wizard-requin.wizard":
        "Brig-sloop Wizard (British): 283 tons, 95 men (4 1/2 CF), 2-6#, 14-24#C Captain Abel Ferris. SF value 23.6, CF value 63.",
    "fisgard-immortalite.immortalite":
        "Immortalite (French): 1010 tons, 330 men (16 CF) plus 250 extra soldiers (12 CF), 24-24#, 4-36#C. "
        "SF value 50.5, CF value (crew) 63/(soldiers) 84.",
    "amethyst-thetis.thetis":
        "Thetis (French): 1090 tons, 330 men (16 CF), plus 106 Soldiers (5 CF), 28-18#, 4-8#, 12-36#C "
        "Captain Jacques Pinsum. SF value 54.5, CF value (crew) 68.1/(soldiers) 218.",
    "victorious-rivoli.rivoli":
        "Rivoli (French): 1804 tons, 810 men (38 1/2 CF), 28-36#, 30-24#, 8-36#C Commodore Jean-Baptiste Barre. "
        "SF value 90.2, CF value 47.",
}


def fixture_lines() -> list[tuple[str, str]]:
    rows = []
    for raw in FIXTURE.read_text(encoding="utf-8").splitlines():
        if raw.strip() and not raw.startswith("#"):
            key, line = raw.split(" | ", 1)
            rows.append((key, line))
    return rows


@pytest.fixture(scope="module")
def data() -> dict:
    return load(DATA)


@pytest.fixture(scope="module")
def ships(data: dict) -> dict[str, dict]:
    return {entry["id"]: entry for entry in data["ships"]}


def assert_matches(entry: dict, found: dict) -> None:
    for key, value in found.items():
        if key == "crew_factors_printed":
            assert entry[key] == value
            assert entry["crew_factors"] == pytest.approx(printed_fraction(value), abs=0.001)
        else:
            assert entry[key] == value, key
    for key in ("sf_value", "cf_value"):
        if key not in found:
            assert key not in entry, key


def test_file_level(data: dict) -> None:
    assert data["format"] == 1
    assert data["source"].startswith(SEED)
    assert len(data["ships"]) == 56


def test_every_entry_has_the_schema(data: dict) -> None:
    for entry in data["ships"]:
        assert REQUIRED <= set(entry), entry.get("id")
        assert set(entry) <= REQUIRED | OPTIONAL, set(entry) - REQUIRED - OPTIONAL
        assert entry["source"].startswith(SEED + ", ")
        assert entry["nation"] in NATIONS
        assert entry["id"] == entry["action"].removeprefix("dguts-") + "." + entry["ship"]
        assert isinstance(entry["tons"], int) and entry["tons"] > 0
        assert isinstance(entry["men"], int) and entry["men"] > 0
        assert GUNS.match(entry["guns"]), entry["guns"]


def test_ids_are_unique(data: dict) -> None:
    ids = [entry["id"] for entry in data["ships"]]
    assert len(ids) == len(set(ids))


def test_printed_crew_factors_agree(data: dict) -> None:
    for entry in data["ships"]:
        assert ("crew_factors" in entry) == ("crew_factors_printed" in entry)
        if "crew_factors" in entry:
            assert re.fullmatch(r"\d+(?: \d/\d)?", entry["crew_factors_printed"])
            assert entry["crew_factors"] == pytest.approx(printed_fraction(entry["crew_factors_printed"]), abs=0.001)


def test_illegible_fields_are_absent(data: dict) -> None:
    allowed = VALUE_FIELDS | {"guns"}
    for entry in data["ships"]:
        for field in entry.get("illegible", []):
            assert field in allowed
            if field != "guns":  # guns keeps its legible entries
                assert field not in entry, (entry["id"], field)
        for field in entry.get("reconstructed", []):
            assert field in allowed and field in entry


def test_same_as_references(ships: dict[str, dict]) -> None:
    referring = [entry for entry in ships.values() if "same_as" in entry]
    assert {entry["id"] for entry in referring} == {
        "constitution-java.constitution", "wasp-avon.wasp", "wasp-avon.castilian",
    }
    for entry in referring:
        target = ships[entry["same_as"]]
        assert entry["same_as_fields"]
        for field in entry["same_as_fields"]:
            assert entry[field] == target[field], (entry["id"], field)


def test_matches_the_scenarios(data: dict) -> None:
    scenario_ships = {}
    for path in SCENARIO_DIR.glob("*.toml"):
        scenario = load(path)
        for ship in scenario["ships"]:
            scenario_ships[f"{path.stem}.{ship['id']}"] = ship
    entries = {f"{entry['action']}.{entry['ship']}": entry for entry in data["ships"]}
    assert set(entries) == set(scenario_ships)
    for key, entry in entries.items():
        ship = scenario_ships[key]
        for field in SHARED:
            assert ship.get(field) == entry.get(field), (key, field)


@pytest.mark.parametrize("key", sorted(TRANSCRIBED))
def test_transcribed_lines(ships: dict[str, dict], key: str) -> None:
    assert_matches(ships[key], parse_ship_line(TRANSCRIBED[key]))


@pytest.mark.parametrize("key,line", fixture_lines(), ids=[key for key, _ in fixture_lines()])
def test_verbatim_ocr_lines(ships: dict[str, dict], key: str, line: str) -> None:
    assert_matches(ships[key], parse_ship_line(line))


def test_parser_reads_a_line() -> None:
    found = parse_ship_line("Brig Boxer: 197 tons, 66 men (3 CF), 12-18#C, 2-6# Captain Samuel Blythe. SF value 13, CF value")
    assert found == {"tons": 197, "men": 66, "crew_factors_printed": "3", "guns": "12x18C,2x6", "sf_value": 13.0}


def test_calibre_list_conversion() -> None:
    assert calibre_list("30-24#, 22-32#C, 2-12#") == "30x24,22x32C,2x12"
    assert calibre_list("30 18#, 16 32#C") == "30x18,16x32C"


def test_restored_and_lost_armaments(ships: dict[str, dict]) -> None:
    for key in ("constitution-guerriere.constitution", "constitution-java.constitution",
                "constitution-cyane-levant.constitution"):
        assert ships[key]["guns"].startswith("30x24,")
        assert ships[key]["reconstructed"] == ["guns"]
    incomplete = {entry_id for entry_id, entry in ships.items() if "guns" in entry.get("illegible", [])}
    assert incomplete == {
        "united-states-macedonian.macedonian", "essex-phoebe.phoebe", "essex-phoebe.cherub",
        "peacock-epervier.epervier", "nymphe-cleopatre.nymphe", "nymphe-cleopatre.cleopatre",
        "mars-hercule.mars", "mars-hercule.hercule", "fisgard-immortalite.immortalite",
        "sirius-furie.sirius", "warren-hastings-piemontaise.warren-hastings",
        "seahorse-badere-zaffer.badere-zaffer", "victorious-rivoli.rivoli",
    }


def test_printed_values_kept_even_when_off_formula(ships: dict[str, dict]) -> None:
    # Printed as the text gives them, not as tons / 20 would make them.
    assert ships["hornet-peacock.hornet"]["sf_value"] == 36.7
    assert ships["hornet-penguin.hornet"]["sf_value"] == 22.0
    assert ships["enterprise-boxer.enterprise"]["sf_value"] == 25.0
    assert ships["essex-phoebe.cherub"]["sails"] == 8
    assert ships["hornet-penguin.penguin"]["sails"] == 8
    assert ships["pelican-argus.pelican"]["sf_value"] == 19.25
    assert ships["pelican-argus.pelican"]["reconstructed"] == ["sf_value"]
    assert "sf_value" not in ships["president-endymion.president"]
