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


def test_no_more_than_three_ships_grappled_together(umpire, tmp_path):
    # Advanced Optional 9: "No more than three ships may be grappled together at one time."
    g = tmp_path / "g.toml"
    assert umpire("new", g, "--ruleset", "dguts", "--optional", "three-grappled").code == 0
    run = lambda *a: umpire("--game", g, *a)  # noqa: E731
    for name, side in (("A", "a"), ("B", "b"), ("C", "a"), ("D", "b")):
        run("ship", "add", name, "--side", side, "--nation", "british", "--tons", "500", "--men", "150",
            "--guns", "18x9")
    touch = ("--opt", "distance=0", "--opt", "touching=1")
    assert run("grapple", "a", "b", *touch).code == 0 and run("grapple", "c", "b", *touch).code == 0
    res = run("grapple", "d", "c", *touch)
    assert res.code == 1 and "three ships" in res.err


def test_relative_force_for_judging_a_single_ship_action(umpire, tmp_path):
    # Single-Ship Rules L: "a comparison of tonnages, broadside weights, and crew numbers ... (with the
    # heaviest ship expressed as 10)"
    g = tmp_path / "s.toml"
    assert umpire("new", g, "--scenario", "dguts-shannon-chesapeake").code == 0
    sides = umpire("--game", g, "--json", "score").json["sides"]
    assert sides["american"]["tons_ratio"] == 10 and sides["british"]["tons_ratio"] == pytest.approx(9.39, abs=0.01)
    assert sides["british"]["broadside"] == 526          # 14x18 + 2x9 + 8x32C


def test_hot_shot_is_for_fortifications_only(run):
    # "'Hot shot' (red hot cannonballs) may be fired from prepared fortifications"
    run("ship", "add", "A", "--side", "a", "--nation", "french", "--tons", "900", "--men", "300", "--guns", "30x24")
    run("ship", "add", "B", "--side", "b", "--nation", "british", "--tons", "900", "--men", "300", "--guns", "30x18")
    res = run("fire", "a", "--at", "b", "--range", "3", "--side", "left", "--opt", "hot_shot=1")
    assert res.code == 1 and "fortifications" in res.err


def test_musketry_from_the_tops_and_marines_in_a_boarding(umpire, tmp_path):
    # Advanced Optional 13: "1 CF American Marines 14 enemy casualties 10.enemy killed"; "Marines are worth
    # two points per CF instead of the normal 1 point for seamen"
    g = tmp_path / "m.toml"
    assert umpire("new", g, "--scenario", "dguts-constitution-guerriere").code == 0
    run = lambda *a: umpire("--game", g, *a)  # noqa: E731
    assert run("musketry", "constitution", "--at", "guerriere", "--crew", "2").code == 1      # not grappled
    run("grapple", "constitution", "guerriere", "--opt", "distance=0", "--opt", "touching=1")
    assert run("--json", "musketry", "constitution", "--at", "guerriere", "--crew", "2").json["men"] == 20
    assert run("--json", "musketry", "constitution", "--at", "guerriere", "--crew", "2",
               "--table", "casualties").json["men"] == 28
    seamen = run("--json", "musketry", "guerriere", "--at", "constitution", "--crew", "1", "--troops", "seamen").json
    assert seamen["men"] == 1                                             # the default reading for seamen killed
    grenades = run("--json", "musketry", "guerriere", "--at", "constitution", "--grenades", "1").json
    assert grenades["damage_low"] == 200 and grenades["fire_chances"] == 2
    res = run("--json", "board", "constitution", "--party", "obp", "--at", "guerriere", "--opt", "crew=10",
              "--opt", "marines=4", "--roll", "4")
    # 10 CF, 4 of them marines at two points a CF and a morale level above the seamen (13.B: normal ->
    # flushed, melee x2): 6 x 4 x 1 + 4 x 2 x 4 x 2
    assert res.code == 0 and res.json["attacker_value"] == 6 * 4 + 4 * 2 * 4 * 2
    assert run("--json", "verify").json["differences"] == []


def test_firing_into_ships_grappled_with_a_friend(umpire, tmp_path):
    # Advanced Optional 12: "A- equals one chance in six of hitting a friendly ship. B - equals a 50/50
    # chance ... C - equals no fire allowed."
    g = tmp_path / "gf.toml"
    assert umpire("new", g, "--ruleset", "dguts", "--optional", "grappled-fire").code == 0
    run = lambda *a: umpire("--game", g, *a)  # noqa: E731
    for name, side in (("Friend", "a"), ("Foe", "b"), ("Shooter", "a")):
        run("ship", "add", name, "--side", side, "--nation", "british", "--tons", "900", "--men", "300",
            "--guns", "30x18")
    run("grapple", "friend", "foe", "--opt", "distance=0", "--opt", "touching=1")
    assert run("fire", "shooter", "--at", "foe", "--range", "10", "--side", "left").code == 1
    hit = run("--json", "fire", "shooter", "--at", "foe", "--range", "3", "--side", "left", "--rolls", "1,1,1,1,1,1")
    assert hit.code == 0 and hit.json["struck"] == "friend"
    ships = {s["id"]: s for s in run("--json", "status").json["ships"]}
    assert ships["friend"]["damage_low"] > 0 and ships["foe"]["damage_low"] == 0
    miss = run("--json", "fire", "shooter", "--at", "foe", "--range", "6", "--side", "right", "--rolls", "1,1,1,1,1,4")
    assert miss.json["struck"] == "foe"                    # B range: 4 is the enemy's half
    assert run("--json", "verify").json["differences"] == []


def test_honors_of_war(umpire, tmp_path):
    # Advanced Optional 14: "you may not fire into enemy ships smaller than Ships of the line (under a rate
    # of 50 guns) unless a smaller enemy vessel has fired at one of your Ships of the Line"
    g = tmp_path / "h.toml"
    assert umpire("new", g, "--ruleset", "dguts", "--optional", "honors-of-war").code == 0
    run = lambda *a: umpire("--game", g, *a)  # noqa: E731
    for name, side, rate in (("Mars", "a", "74"), ("Hercule", "b", "74"), ("Frigate", "b", "36")):
        run("ship", "add", name, "--side", side, "--nation", "british", "--tons", "1800" if rate == "74" else "900",
            "--men", "600", "--guns", "30x32,30x18" if rate == "74" else "26x18", "--rate", rate)
    assert run("fire", "mars", "--at", "frigate", "--range", "5", "--side", "left").code == 1
    assert run("grapple", "mars", "frigate", "--opt", "distance=0", "--opt", "touching=1").code == 1
    assert run("fire", "frigate", "--at", "mars", "--range", "5", "--side", "left").code == 0   # she fires on the line
    assert run("fire", "mars", "--at", "frigate", "--range", "5", "--side", "left").code == 0
    assert run("--json", "verify").json["differences"] == []
