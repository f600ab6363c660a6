"""Every bundled WS&IM first-edition scenario follows the scenario format."""

from __future__ import annotations

import datetime
import re
from collections import Counter

import pytest

from tests.rulesets.wsim_1974.conftest import SCENARIO_DIR, SPEC, load_scenarios

EXPECTED_IDS = {f"wsim-1{c}" for c in "abcdefghij"} | {f"wsim-2{c}" for c in "abcd"} | {"wsim-3a", "wsim-3b"}
WITHOUT_SET_UP = {"wsim-1h", "wsim-2c"}   # the source prints no set-up line for these: ships from history
#: what a ship filled in from the historical record carries beyond SHIP_KEYS (docs/oob.md)
HISTORY_KEYS = {"tons", "men", "guns", "quality", "rig", "estimated"}
SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
HEX = re.compile(r"^\d{4}$")
NATIONS = {"american", "british", "french", "spanish", "venetian"}
FORCES = {"Light Breeze", "Moderate Breeze", "Normal Breeze", "Heavy Breeze", "Gale", "Storm"}
TOP_KEYS = {"format", "id", "ruleset", "title", "date", "source", "aliases", "special_rules",
            "victory", "turns", "wind", "map", "sides", "ships"}
REQUIRED_TOP = {"format", "id", "ruleset", "title", "date", "source", "special_rules", "victory", "sides"}
SHIP_KEYS = {"id", "name", "side", "nation", "spec", "rated_guns", "hex", "direction", "arrives",
             "arrival_note", "class", "class_number", "notes", "unloaded", "anchored"}
REQUIRED_SHIP = {"id", "name", "side", "spec", "direction"}

SCENARIOS = load_scenarios()
IDS = sorted(SCENARIOS)


def test_the_expected_files_are_bundled():
    assert set(SCENARIOS) == EXPECTED_IDS
    assert len(list(SCENARIO_DIR.glob("*.toml"))) == 16


@pytest.mark.parametrize("stem", IDS)
def test_top_level(stem):
    s = SCENARIOS[stem]
    assert REQUIRED_TOP <= set(s) <= TOP_KEYS
    assert (s["format"], s["id"], s["ruleset"]) == (1, stem, "wsim-1974")
    datetime.date.fromisoformat(s["date"])
    code = stem.removeprefix("wsim-").upper()
    assert s["source"].startswith("wsim-1974-first-edition.txt, SCENARIO ")
    assert s["source"].endswith(code)
    assert s["special_rules"] and all(isinstance(r, str) and r for r in s["special_rules"])
    assert s["victory"] and all(isinstance(v, str) and v for v in s["victory"])
    assert all(SLUG.match(a) for a in s.get("aliases", []))


def test_aliases_are_unique_and_never_an_id():
    aliases = [a for s in SCENARIOS.values() for a in s.get("aliases", [])]
    assert len(aliases) == len(set(aliases))
    assert not set(aliases) & set(SCENARIOS)
    assert {"nile", "trafalgar", "constitution-guerriere", "chesapeake-shannon", "lissa"} <= set(aliases)


@pytest.mark.parametrize("stem", IDS)
def test_wind(stem):
    s = SCENARIOS[stem]
    if stem in WITHOUT_SET_UP:
        assert "wind" not in s
        return
    wind = s["wind"]
    assert set(wind) == {"direction", "force", "change"}
    assert wind["direction"] in range(1, 7)
    assert wind["force"] in FORCES
    assert wind["change"] in range(1, 7)


@pytest.mark.parametrize("stem", IDS)
def test_sides_and_ships(stem):
    s = SCENARIOS[stem]
    side_ids = [d["id"] for d in s["sides"]]
    assert len(side_ids) == len(set(side_ids)) == 2
    assert all(d["nation"] in NATIONS and d["name"] for d in s["sides"])
    ships = s.get("ships", [])
    if stem in WITHOUT_SET_UP:
        assert ships and {sh["side"] for sh in ships} == set(side_ids)
        for sh in ships:
            assert {"id", "name", "side", "spec", "tons", "men", "guns", "estimated", "notes"} <= set(sh), sh["id"]
            assert set(sh) <= SHIP_KEYS | HISTORY_KEYS, sh["id"]
            assert sh["estimated"].startswith("derived from tons, men and guns") and "hex" not in sh
            assert "DGUTS text" in sh["notes"] or "Roosevelt" in sh["notes"]
        return
    ids = [sh["id"] for sh in ships]
    assert len(ids) == len(set(ids)), Counter(ids).most_common(3)
    for sh in ships:
        assert REQUIRED_SHIP <= set(sh) <= SHIP_KEYS, sh["id"]
        assert SLUG.match(sh["id"]) and sh["name"] == sh["name"].upper()
        assert sh["side"] in side_ids
        assert sh["direction"] in range(1, 7)
        assert sh.get("nation", "british") in NATIONS
        if "hex" in sh:
            assert HEX.match(sh["hex"])
        else:
            assert "hex" in (sh.get("notes", "") + sh.get("arrival_note", ""))
        if "arrives" in sh:
            assert sh["arrives"] >= 2
    assert {sh["side"] for sh in ships} == set(side_ids)


@pytest.mark.parametrize("stem", sorted(EXPECTED_IDS))
def test_every_spec_matches_the_grammar(stem):
    for sh in SCENARIOS[stem]["ships"]:
        m = SPEC.match(sh["spec"])
        assert m, (sh["id"], sh["spec"])
        assert m["guns"] or m["carronades"], sh["id"]
        # Battle sail speed is the number of rigging sections: 3 for ships of the
        # line, 4 for frigates and smaller.
        assert int(m["sections"]) in (3, 4)


@pytest.mark.parametrize("stem", sorted(EXPECTED_IDS - WITHOUT_SET_UP))
def test_no_two_ships_share_a_bow_hex_at_the_start(stem):
    s = SCENARIOS[stem]
    start = [sh["hex"] for sh in s["ships"] if "arrives" not in sh and "hex" in sh]
    assert len(start) == len(set(start))
    land = set(s.get("map", {}).get("land", []))
    assert not land & set(start)


@pytest.mark.parametrize("stem", ["wsim-3a", "wsim-3b"])
def test_shared_entry_hexes_carry_an_arrival_note(stem):
    seen: dict[tuple[str, int], str] = {}
    for sh in SCENARIOS[stem]["ships"]:
        if "arrives" in sh and "hex" in sh:
            key = (sh["hex"], sh["arrives"])
            if key in seen:
                assert seen[key].upper() in sh["arrival_note"], sh["id"]
            else:
                seen[key] = sh["name"]


def test_rated_guns_only_where_printed():
    rated = {stem for stem, s in SCENARIOS.items() if any("rated_guns" in sh for sh in s.get("ships", []))}
    assert rated == {f"wsim-1{c}" for c in "abcdefghij"} | {"wsim-2b"}   # 1H: "Constitution(44) vs. Java(38)"
    assert SCENARIOS["wsim-1f"]["ships"][0]["rated_guns"] == 44
    assert SCENARIOS["wsim-1c"]["ships"][1]["rated_guns"] == 24
