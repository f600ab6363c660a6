"""Special vessels and special guns: galleys, steam vessels, mortars and howitzers (Optional Rules)."""

from __future__ import annotations

import pytest

from umpire.rules.dguts import load_tables
from umpire.rules.dguts.special_vessels import resolve_howitzers, resolve_mortar_hit, resolve_ram

from .helpers import excerpt

T = load_tables()


def test_the_ram_table():
    text = excerpt("galley-ram")
    assert "1 or 2 the galley passes ahead of the ship, 3 or 4 the ram is successful, 5 or" in text
    assert resolve_ram(False, [4, 2, 5], T).data == {**resolve_ram(False, [4, 2, 5], T).data, "result": "ram",
                                                    "sinks_in": 2, "entangled": False}
    assert resolve_ram(True, [4], T).data["result"] == "collision"         # at 45 degrees a 4 only collides
    assert resolve_ram(False, [6], T).data["result"] == "astern"


def test_mortars_strike_half_the_time_and_burst_a_third():
    text = excerpt("mortars")
    assert "A 10\" mortar has a range of 42\", maximum, and does 1000 points low and 500 points high damage" in text
    assert resolve_mortar_hit("13", [4, 1], T).data["hit"] is False
    burst = resolve_mortar_hit("10", [1, 2], T).data
    assert (burst["low"], burst["high"]) == (1000, 500)
    dud = resolve_mortar_hit("8", [3, 3], T).data
    assert (dud["bursts"], dud["low"], dud["high"]) == (False, 34, 0)


def test_howitzers_hit_by_percentage_and_score_four_times():
    assert "a 24# howitzer hit scores 96 points damage" in excerpt("howitzers")
    res = resolve_howitzers(24, 2, "A", False, [66, 67], T)
    assert res.data["hits"] == 1 and res.data["low"] == 96
    assert resolve_howitzers(24, 2, "A", True, [16, 17], T).data["hits"] == 1


def test_special_vessels_in_play(umpire, tmp_path):
    assert "may gq into the wind at normal speed in winds of Force 2 or less" in excerpt("steam")
    g = tmp_path / "sv.toml"
    assert umpire("new", g, "--ruleset", "dguts").code == 0
    run = lambda *a: umpire("--game", g, *a)  # noqa: E731
    for name, side, guns in (("Algerine", "a", "4x6"), ("Brig", "b", "10x18C"), ("Thunder", "b", "2x6"),
                             ("Comet", "b", "2x6")):
        run("ship", "add", name, "--side", side, "--nation", "british", "--tons", "300", "--men", "120", "--guns", guns)
    assert run("ram", "brig", "--at", "algerine", "--rolls", "3,4,2").code == 1          # not a galley
    run("ship", "edit", "algerine", "--kind", "galley")
    res = run("--json", "ram", "algerine", "--at", "brig", "--rolls", "3,4,2").json
    assert res["result"] == "ram"
    brig = run("--json", "status", "brig").json["ships"][0]
    assert brig["state"] == "sinking" and brig["sinking_turns_left"] == 4
    assert run("--json", "speed", "algerine", "--opt", "row=battle").json["allowance"] == 12
    run("ship", "edit", "comet", "--kind", "steam")
    into = run("--json", "speed", "comet", "--opt", "off_wind=0", "--opt", "force=5").json
    assert into["allowance"] == 11.5 / 2                                   # Class I at Force 5 (11 1/2"), half
    assert run("--json", "paddles", "comet", "--hits", "2", "--rolls", "4,1").json["jammed"] is True
    run("ship", "edit", "thunder", "--kind", "bomb")
    assert run("mortar", "thunder", "--range", "50").code == 1                 # a 13" reaches 48"
    assert run("--json", "mortar", "thunder", "--range", "40", "--rolls", "3,5,6,2").json["along"] == 1
    assert run("mortar", "thunder", "--range", "40").code == 1                 # once every three turns
    assert run("howitzer", "comet", "--at", "algerine", "--range", "3", "--guns", "3", "--calibre", "24").code == 1
    assert run("--json", "verify").json["differences"] == []


def test_boats_are_fired_at_low_and_upset_by_a_heavy_hit(umpire, tmp_path):
    text = excerpt("longboats")
    assert "with guns of 12# or larger, one hit will be sufficient to upset or destroy a longboat" in text
    g = tmp_path / "boats.toml"
    assert umpire("new", g, "--ruleset", "dguts").code == 0
    run = lambda *a: umpire("--game", g, *a)  # noqa: E731
    run("ship", "add", "Brig", "--side", "a", "--nation", "british", "--tons", "300", "--men", "100",
        "--guns", "10x18C,2x6")
    for name in ("Launch", "Cutter"):
        run("ship", "add", name, "--side", "b", "--nation", "american", "--tons", "5", "--men", "42", "--guns", "1x12C")
        run("ship", "edit", name.lower(), "--kind", "longboat")
    small = run("--json", "fire", "brig", "--at", "launch", "--range", "3", "--side", "left", "--aim", "high",
                "--opt", "calibres=6", "--roll", "1")
    assert small.code == 0 and small.json["aim"] == "low" and small.json["boat_sunk"] is False   # 2 points of 12
    big = run("--json", "fire", "brig", "--at", "cutter", "--range", "3", "--side", "right", "--opt", "calibres=18C",
              "--rolls", "1,6")
    assert big.json["boat_sunk"] is True
    assert run("--json", "status", "cutter").json["ships"][0]["state"] == "sunk"
    run("wind", "set", "--from", "N", "--force", "4")
    assert run("--json", "speed", "launch", "--opt", "point=running").json["allowance"] == 2.5
    assert run("--json", "speed", "launch", "--opt", "heading=N").json["allowance"] == 1.25
    assert run("--json", "verify").json["differences"] == []
