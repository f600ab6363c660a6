"""Fleet Action Rules: ship values in points, combined fire on the two-dice table, damage by points."""

from __future__ import annotations

import re

import pytest

from umpire.rules.dguts import derive_ship, initial_state, load_tables
from umpire.rules.dguts.fleet import fleet_damage, fleet_left, fleet_values, resolve_fleet_fire

from .helpers import excerpt

T = load_tables()


def test_values_follow_the_texts_example():
    text = excerpt("fleet-values")
    assert "one crew Point 116 points damage; with a mast being Jost at 365 points damage" in text
    # 2,200 tons, 1,900 men (19 crew points), 100 guns (10 gun points)
    v = derive_ship("british", 2200, 1900, "30x32,30x24,30x18,10x12")
    fv = fleet_values(v, T)
    assert fv["points"]["crew"] == 19 and fv["points"]["gun"] == 10
    assert round(fv["worth"]["crew"]) == 116
    assert fv["mast_worth"] == pytest.approx(2200 / 3 / 2, abs=0.01)         # the text prints 365
    assert fv["points"]["fire"] == round((15 * 32 + 15 * 24 + 15 * 18 + 5 * 12) / 100)


def test_the_high_columns_are_the_texts():
    text = excerpt("fleet-table")
    assert "2 = 10 mast, Screw 3 = 2S mast, 10 crew 4 = ls mast, S crew" in text
    high = T.get("fleet", "table", "high")
    assert high["A"][:3] == [[10, 5], [25, 10], [15, 5]]
    assert high["C"][5:] == [[0, 0]] * 6 and "miss= 7-12" in text
    assert high["D"][:3] == [[0, 10], [15, 5], [10, 0]] and "miss= S-12" in text
    assert all(len(col) == 11 for side in ("high", "low") for col in T.get("fleet", "table", side).values())


def test_the_result_times_the_points_firing_is_the_damage():
    res = resolve_fleet_fire(20, "A", "high", [1, 2], 3, tables=T)
    assert res.data["damage"] == {"mast": 500, "crew": 200}                  # 25 mast, 10 crew x 20
    assert resolve_fleet_fire(20, "A", "low", [3, 3], 0.5, tables=T).data["damage"] == {"mast": 100, "crew": 500}
    assert resolve_fleet_fire(10, "A", "high", [1, 1], 3, "chain", T).data["damage"]["mast"] == 200


def test_losses_count_at_the_end_of_the_turn():
    v = derive_ship("british", 2200, 1900, "30x32,30x24,30x18,10x12")
    s = initial_state(v)
    changes, _ = fleet_damage(v, s, 400, 240, T)
    left = fleet_left(v, {**s, **changes}, T)
    assert left["crew"] == 17 and left["masts"] == 2 and changes["masts_lost"] == 1


def test_a_fleet_game(umpire, tmp_path):
    g = tmp_path / "f.toml"
    assert umpire("new", g, "--ruleset", "dguts", "--level", "fleet").code == 0
    run = lambda *a: umpire("--game", g, *a)  # noqa: E731
    for name, side, tons, men, guns in (("Victory", "british", 2162, 821, "30x32,28x24,30x12,2x68C"),
                                        ("Temeraire", "british", 2121, 750, "28x32,28x18,42x12"),
                                        ("Bucentaure", "french", 2236, 888, "30x36,32x24,18x8,6x36C")):
        assert run("ship", "add", name, "--side", side, "--nation", side, "--tons", tons, "--men", men,
                   "--guns", guns).code == 0
    res = run("--json", "fire", "victory", "--at", "bucentaure", "--range", "3", "--side", "left", "--aim", "low",
              "--opt", "with=temeraire", "--rolls", "2,6")
    assert res.code == 0, res.err
    assert res.json["points"] == 21 and res.json["damage"] == {"high": 0, "low": 525}   # 25 crew x 21
    far = run("--json", "fire", "bucentaure", "--at", "victory", "--range", "10", "--side", "left", "--aim", "high",
              "--rolls", "1,1").json
    assert far["band"] == "C" and far["points"] == 10           # 15x36 + 16x24 + 9x8 = 996 lb; no carronades at C
    assert run("fire", "victory", "--at", "bucentaure", "--range", "3", "--side", "left", "--rolls", "1,1").code == 1
    assert run("fire", "victory", "--at", "bucentaure", "--range", "3", "--side", "bow").code == 1
    assert run("turn").code == 0
    left = run("--json", "status", "bucentaure").json["ships"][0]["fleet_left"]
    assert re.fullmatch(r"\d+", str(left["crew"])) and left["crew"] < 9
    assert run("--json", "verify").json["differences"] == []


def test_the_loss_of_the_fleet_flagship_costs_every_ship_a_fire_factor(umpire, tmp_path):
    # Fleet Action Rules 1: "The loss of the fleet flagship will cause the entire fleet to lose one fire factor"
    g = tmp_path / "flag.toml"
    assert umpire("new", g, "--ruleset", "dguts", "--level", "fleet").code == 0
    run = lambda *a: umpire("--game", g, *a)  # noqa: E731
    for name, side in (("Bucentaure", "french"), ("Redoutable", "french"), ("Victory", "british")):
        run("ship", "add", name, "--side", side, "--nation", side, "--tons", "2000", "--men", "800",
            "--guns", "30x36,30x24")
    assert run("task", "bucentaure", "flagship").code == 0
    before = run("--json", "fire", "redoutable", "--at", "victory", "--range", "10", "--side", "left",
                 "--aim", "high", "--rolls", "6,6").json["points"]
    run("turn")
    assert run("explode", "bucentaure").code == 0                       # the flagship is lost
    after = run("--json", "fire", "redoutable", "--at", "victory", "--range", "10", "--side", "left",
                "--aim", "high", "--rolls", "6,6").json
    assert after["points"] == before - 1
    assert any("flagship of the fleet, is lost" in line for line in after["explain"])
    assert run("--json", "verify").json["differences"] == []


def test_fleet_fire_into_grappled_ships_and_the_honors_of_war(umpire, tmp_path):
    # Fleet rules 11 and 15: "In situation A there is one chance in six of hitting the friendly ship";
    # '"Honors of War" must be followed.'
    g = tmp_path / "hw.toml"
    assert umpire("new", g, "--ruleset", "dguts", "--level", "fleet").code == 0
    run = lambda *a: umpire("--game", g, *a)  # noqa: E731
    for name, side, rate, tons in (("Victory", "british", "100", "2162"), ("Temeraire", "british", "98", "2121"),
                                   ("Redoutable", "french", "74", "1800"), ("Hermione", "french", "40", "1000")):
        run("ship", "add", name, "--side", side, "--nation", side, "--tons", tons, "--men", "600",
            "--guns", "30x32,30x24", "--rate", rate)
    assert run("fire", "victory", "--at", "hermione", "--range", "5", "--side", "left").code == 1   # honors of war
    run("grapple", "temeraire", "redoutable", "--opt", "distance=0", "--opt", "touching=1")
    res = run("--json", "fire", "victory", "--at", "redoutable", "--range", "3", "--side", "left", "--aim", "low",
              "--rolls", "6,6,1")
    assert res.code == 0 and res.json["struck"] == "temeraire"
    assert run("fire", "victory", "--at", "redoutable", "--range", "10", "--side", "right").code == 1
    assert run("--json", "verify").json["differences"] == []


def test_the_one_line_status_shows_fleet_points_and_damage_from_every_cause(umpire, tmp_path):
    # Notes on Values and Damage: a fleet ship's damage is checked off as points; the standard
    # game's sails and damage counters are not what she fights with
    g = tmp_path / "st.toml"
    assert umpire("new", g, "--ruleset", "dguts", "--level", "fleet").code == 0
    run = lambda *a: umpire("--game", g, *a)  # noqa: E731
    for name in ("royal", "mars"):
        run("ship", "add", name, "--side", "british", "--nation", "british", "--tons", "2000", "--men", "800",
            "--guns", "30x32,30x24")
    assert run("explode", "royal", "--near", "mars=1").code == 0
    assert run("turn").code == 0
    text = run("status").out
    line = " ".join(x.strip() for x in text.splitlines() if "mars" in x or x.startswith("      "))
    assert "mast 420 crew 840" in line and "points fire 5 crew 5 gun 4" in line and "masts 2/3" in line
    assert "sails" not in text and "hi 0" not in text
