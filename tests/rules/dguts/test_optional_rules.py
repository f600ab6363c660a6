"""Optional rules of the standard game in play: merchantmen, sighting and night."""

from __future__ import annotations

import pytest

from .helpers import excerpt


@pytest.fixture
def run(umpire, tmp_path):
    g = tmp_path / "o.toml"
    assert umpire("new", g, "--ruleset", "dguts", "--seed", "2").code == 0
    return lambda *a: umpire("--game", g, *a)


def test_an_unarmed_merchantman_strikes_to_the_first_shot(run):
    assert "unarmed merchant ships will always surrender after receiving a" in excerpt("unarmed-merchant")
    assert run("ship", "add", "Indiaman", "--side", "b", "--nation", "british", "--tons", "800", "--men", "60",
               "--guns", "none", "--merchant").code == 0
    assert run("ship", "add", "Privateer", "--side", "a", "--nation", "privateer", "--tons", "300", "--men", "120",
               "--guns", "12x6").code == 0
    res = run("--json", "fire", "privateer", "--at", "indiaman", "--range", "7", "--side", "left",
              "--rolls", "6,6")
    assert res.code == 0 and res.json["surrendered"] is True
    assert run("--json", "status", "indiaman").json["ships"][0]["state"] == "surrendered"
    assert run("fire", "indiaman", "--at", "privateer", "--range", "3", "--side", "left").code == 1   # no guns


def test_night_bounds_sighting_and_fire(run):
    text = excerpt("night")
    assert "positive identification occurs only at 400 yards (4\") or less" in text
    assert "a 1 or 2 meaning that visibility is good) maximum sighting and firing range is 10''" in text
    run("ship", "add", "Wasp", "--side", "a", "--nation", "american", "--tons", "509", "--men", "173",
        "--guns", "20x32C,2x12")
    run("ship", "add", "Avon", "--side", "b", "--nation", "british", "--tons", "391", "--men", "123",
        "--guns", "16x32C,2x6,1x12C")
    assert "her size within 20%" in run("--json", "sight", "avon", "--range", "40").json["seen"]
    assert run("--json", "night", "roll", "--roll", "5").json["max_inches"] == 6       # poor: 6"
    assert run("fire", "wasp", "--at", "avon", "--range", "7", "--side", "left").code == 1
    assert run("--json", "sight", "avon", "--range", "5").json["seen"] == "a ship, not known for friend or foe"
    assert run("--json", "sight", "avon", "--range", "3").json["seen"] == "a ship, known for what she is"
    assert run("night", "day").code == 0
    assert run("fire", "wasp", "--at", "avon", "--range", "7", "--side", "left").code == 0
    assert run("--json", "verify").json["differences"] == []
