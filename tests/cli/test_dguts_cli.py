"""DGUTS through the command line: contract keys, bad input refused and game unchanged."""

from __future__ import annotations

import pytest

from tests.rulesets.dguts.helpers import excerpt

CONSTITUTION = ["--nation", "american", "--tons", "1576", "--men", "456", "--guns", "30x24,22x32C"]
GUERRIERE = ["--nation", "british", "--tons", "1092", "--men", "272", "--guns", "30x18,16x32C,2x12"]


@pytest.fixture
def dgame(umpire, tmp_path):
    path = tmp_path / "game.toml"
    assert umpire("new", path, "--ruleset", "dguts", "--seed", "9").code == 0
    assert umpire("ship", "add", "Constitution", "--side", "american", *CONSTITUTION).code == 0
    assert umpire("ship", "add", "Guerriere", "--side", "british", *GUERRIERE).code == 0
    return path


def test_status_contract_keys(umpire, dgame):
    ship = umpire("--json", "status", "guerriere").json["ships"][0]
    for key in ("id", "name", "side", "state", "tons", "sf_value", "cf_value", "crew_factors", "damage_high",
                "damage_low", "sails_lost", "masts_lost", "morale"):
        assert key in ship, key
    assert ship["sf_value"] == pytest.approx(1092 / 20) and ship["morale"] == "normal"
    assert ship["crew_factors"] == pytest.approx(272 / 21)


def test_fire_contract_keys_and_damage_lands(umpire, dgame):
    odds = umpire("--json", "odds", "fire", "constitution", "--at", "guerriere", "--range", "7", "--side",
                  "starboard", "--aim", "high").json
    # B range aimed high: 1-2 hit high, 3 hits low. 22 32#C carronades and 30 24# a side: 3 2/3 and 5 factors,
    # opening broadside x3/2: expected high = (32 x 3 2/3 + 24 x 5) x 3/2 x 1/3 = 356/3, low half of that
    from fractions import Fraction
    assert Fraction(odds["expected"]["high"]) == Fraction(356, 3)
    assert Fraction(odds["expected"]["low"]) == Fraction(178, 3)
    high = {r["result"]: Fraction(r["chance"]) for r in odds["results"] if r["result"].startswith("high")}
    assert high["high 0"] == Fraction(2, 3) ** 9 and sum(high.values()) == 1
    res = umpire("--json", "fire", "constitution", "--at", "guerriere", "--range", "7", "--side", "starboard",
                 "--aim", "high")
    data = res.json
    assert set(data) >= {"rolls", "damage", "morale_checks", "explain"}
    assert len(data["rolls"]) == 9 and set(data["damage"]) >= {"high", "low"}
    ship = umpire("--json", "status", "guerriere").json["ships"][0]
    assert ship["damage_high"] == pytest.approx(data["damage"]["high"])
    assert ship["damage_low"] == pytest.approx(data["damage"]["low"])


@pytest.mark.parametrize("args, needle", [
    (["ship", "add", "X", "--side", "a", "--nation", "british", "--tons", "500", "--men", "50", "--guns", "10x25"],
     "unknown calibre"),
    (["ship", "add", "X", "--side", "a", "--nation", "british", "--tons", "500", "--men", "50", "--guns", "30x"],
     "no calibre"),
    (["ship", "add", "X", "--side", "a", "--nation", "british", "--tons", "-5", "--men", "50", "--guns", "10x12"],
     "more than zero"),
    (["ship", "add", "X", "--side", "a", "--nation", "british", "--tons", "500"], "needs"),
    (["fire", "constitution", "--at", "guerriere", "--range", "7", "--side", "left", "--roll", "3"], "expected 9"),
    (["fire", "constitution", "--at", "guerriere", "--range", "30", "--side", "left"], "beyond d range"),
    (["fire", "constitution", "--at", "guerriere", "--range", "seven", "--side", "left"], "inches"),
    (["morale", "guerriere", "--roll", "3"], "expected 2"),
])
def test_bad_input_exit_2_game_unchanged(umpire, dgame, args, needle):
    before = dgame.read_bytes()
    res = umpire(*args)
    assert res.code == 2, (res.out, res.err)
    assert needle in res.err.lower()
    assert dgame.read_bytes() == before


def test_a_number_the_text_lacks_takes_the_default_reading_and_says_so(umpire, dgame, tmp_path):
    umpire("morale", "guerriere", "--roll", "6,6")           # fails the saving throw: shaken
    res = umpire("--json", "fire", "guerriere", "--at", "constitution", "--range", "3", "--side", "left", "--opt", "calibres=18")
    assert res.code == 0, res.err
    assert any("default reading" in line and "morale.states.shaken.fire" in line for line in res.json["explain"])
    assert umpire("undo").code == 0
    house = tmp_path / "house.toml"
    house.write_text("[rulings.morale.states.shaken]\nfire = 0.5\n")
    res = umpire("--json", "--rulings", house, "fire", "guerriere", "--at", "constitution", "--range", "3",
                 "--side", "left", "--opt", "calibres=18")
    assert res.code == 0 and not any("default reading" in line for line in res.json["explain"])


def test_a_strict_game_refuses_naming_the_ruling_as_rulings_lists_it(umpire, tmp_path):
    game = tmp_path / "strict.toml"
    assert umpire("new", game, "--ruleset", "dguts", "--strict").code == 0
    for name, nation, tons, men, guns in (("Constitution", "american", "1576", "456", "30x24,22x32C"),
                                          ("Guerriere", "british", "1338", "272", "30x18,16x32C,2x12,2x9")):
        assert umpire("--game", game, "ship", "add", name, "--side", nation, "--nation", nation, "--tons", tons,
                      "--men", men, "--guns", guns).code == 0
    umpire("--game", game, "morale", "guerriere", "--roll", "6,6")
    before = game.read_bytes()
    res = umpire("--game", game, "fire", "guerriere", "--at", "constitution", "--range", "3", "--side", "left", "--opt", "calibres=18")
    assert res.code == 2 and "morale.states.shaken.fire" in res.err
    assert game.read_bytes() == before
    assert umpire("--game", game, "rulings", "set", "morale.states.shaken.fire", "1/2").code == 0
    assert umpire("--game", game, "fire", "guerriere", "--at", "constitution", "--range", "3",
                  "--side", "left", "--opt", "calibres=18").code == 0
    assert umpire("--game", game, "--json", "verify").json["differences"] == []


def test_grapple_board_melee(umpire, dgame):
    assert umpire("grapple", "constitution", "guerriere", "--opt", "distance=0", "--opt", "touching=1").code == 0
    res = umpire("--json", "board", "constitution", "--party", "obp", "--at", "guerriere", "--roll", "3")
    assert res.code == 0, res.err
    assert res.json["odds"] == "2:1"          # 21.7 CF x 4 against 13.0 CF x 3; a 3 starts no melee at once
    res = umpire("--json", "melee", "constitution", "--at", "guerriere", "--opt", "attacker=2,6",
                 "--opt", "defender=1")
    assert res.code == 0, res.err
    assert res.json["winner"] == "attacker" and res.json["kept"]["attacker"] >= 6


def test_scenario_starts(umpire, tmp_path):
    res = umpire("--json", "new", tmp_path / "cg.toml", "--scenario", "dguts-constitution-guerriere")
    assert res.code == 0, res.err
    ships = umpire("--game", tmp_path / "cg.toml", "--json", "status").json["ships"]
    assert {s["name"] for s in ships} >= {"Constitution", "Guerriere"}


def test_repair_pumps_explode(umpire, dgame):
    umpire("fire", "constitution", "--at", "guerriere", "--range", "3", "--side", "left", "--aim", "low")
    low = umpire("--json", "status", "guerriere").json["ships"][0]["damage_low"]
    assert umpire("repair", "guerriere", "--what", "low", "--crew", "3").code == 0
    after = umpire("--json", "status", "guerriere").json["ships"][0]["damage_low"]
    assert after == pytest.approx(max(0.0, low - 30))      # 10 points per CF a turn, as in the 1000-ton example
    assert umpire("pumps", "guerriere", "--crew", "1").code == 0
    res = umpire("--json", "explode", "constitution", "--near", "guerriere=2")
    assert res.code == 0 and res.json["damage"]["guerriere"]["low"] > 0
    assert umpire("--json", "status", "constitution").json["ships"][0]["state"] == "exploded"
    res = umpire("fire", "guerriere", "--at", "constitution", "--range", "3", "--side", "left")
    assert res.code == 1


def test_speed_needs_base_and_limits_headway(umpire, dgame):
    res = umpire("speed", "guerriere", "--opt", "point=running")
    assert res.code in (1, 2) and "base" in res.err.lower()
    data = umpire("--json", "speed", "guerriere", "--opt", "point=running", "--opt", "base=10").json
    assert data["speed"] == 15                       # running: x 1 1/2
    data = umpire("--json", "speed", "guerriere", "--opt", "point=running", "--opt", "base=10",
                  "--opt", "previous=2").json
    assert data["speed"] == 9.5                      # 2" + half of 15"


def test_special_damage_and_mast_loss(umpire, dgame):
    res = umpire("--json", "special", "guerriere", "--column", "spar", "--roll", "3,5")
    assert res.code == 0 and res.json["rolls"] == [3, 5]
    assert umpire("special", "guerriere", "--column", "hull", "--roll", "3").code == 2
    res = umpire("--json", "mast", "guerriere", "--roll", "2,5")
    assert res.code == 0, res.err
    res = umpire("--json", "mast", "guerriere", "--opt", "attempt=1", "--roll", "1")
    assert res.code == 0, res.err
    assert any("single-ship.mast_loss.clearing.1" in line for line in res.json["explain"])


def test_game_options_and_bad_numbers(umpire, tmp_path):
    g = tmp_path / "o.toml"
    assert umpire("new", g, "--ruleset", "dguts", "--optional", "bogus").code == 2
    assert umpire("new", g, "--ruleset", "dguts", "--optional", "seamanship", "--optional", "shot-weight").code == 0
    assert umpire("--game", g, "ship", "add", "A", "--side", "a", *CONSTITUTION).code == 0
    assert umpire("--game", g, "ship", "add", "B", "--side", "b", *GUERRIERE).code == 0
    assert umpire("--game", g, "fire", "a", "--at", "b", "--range", "2", "--side", "left").code == 0
    before = g.read_bytes()
    for args in (["fire", "b", "--at", "a", "--range", "2", "--side", "left", "--opt", "crew=abc"],
                 ["speed", "a", "--opt", "point=reach", "--opt", "base=abc"],
                 ["grapple", "a", "b", "--opt", "distance=x"],
                 ["grapple", "a", "a", "--opt", "distance=0"],
                 ["pumps", "a", "--crew", "nan"],
                 ["repair", "a", "--what", "low", "--crew", "inf"],
                 ["special", "a", "--column", "hull", "--opt", "band=Z", "--roll", "2,3"],
                 ["explode", "a", "--near", "a=2"]):
        res = umpire("--game", g, *args)
        assert res.code == 2, (args, res.err)
    assert g.read_bytes() == before
    assert umpire("--game", g, "explode", "a", "--near", "b=2").code == 0
    for args in (["morale", "a"], ["pumps", "a", "--crew", "1"], ["explode", "a"], ["speed", "a", "--opt",
                 "point=reach", "--opt", "base=10"]):
        res = umpire("--game", g, *args)
        assert res.code == 1 and "blown up" in res.err, (args, res.err)


def test_a_pitched_battle_waits_a_turn_and_no_melee_means_the_dice_decide_now(umpire, dgame):
    # "If a melee occurs automatically, the boarding has become a pitched battle for the first turn and
    # further rolls are not taken until the next turn. If, however, a melee does not occur automatically
    # ... there is a chance for an immediate decision depending on further die rolls by each player."
    assert "further rolls are not taken until the next turn" in excerpt("melee-start")
    umpire("grapple", "constitution", "guerriere", "--opt", "distance=0", "--opt", "touching=1")
    assert umpire("board", "constitution", "--party", "obp", "--at", "guerriere", "--roll", "1").code == 0  # 2:1, 1
    res = umpire("melee", "constitution", "--at", "guerriere", "--opt", "attacker=6", "--opt", "defender=6")
    assert res.code == 1 and "pitched battle" in res.err
    assert umpire("turn").code == 0
    res = umpire("--json", "melee", "constitution", "--at", "guerriere", "--opt", "attacker=6", "--opt", "defender=6")
    assert res.code == 0 and res.json["outcome"] == "tie"       # second turn of the melee: it goes on
    assert umpire("undo").code == 0 and umpire("undo").code == 0 and umpire("undo").code == 0
    assert umpire("board", "constitution", "--party", "obp", "--at", "guerriere", "--roll", "4").code == 0  # no melee
    res = umpire("--json", "melee", "constitution", "--at", "guerriere", "--opt", "attacker=6", "--opt", "defender=6")
    assert res.code == 0 and res.json["result"] == "repulsed"   # first turn tie: the boarders are thrown back


def test_training_level(umpire, tmp_path):
    g = tmp_path / "t.toml"
    assert umpire("new", g, "--ruleset", "dguts", "--level", "training").code == 0
    run = lambda *a: umpire("--game", g, *a)  # noqa: E731
    assert run("ship", "add", "A", "--side", "a", "--nation", "british", "--tons", "520", "--men", "220",
               "--guns", "18x12,6x24C").code == 0
    assert run("ship", "add", "B", "--side", "b", "--nation", "french", "--tons", "580", "--men", "240",
               "--guns", "20x12,4x6").code == 0
    res = run("--json", "fire", "a", "--at", "b", "--range", "4", "--side", "left")
    assert res.code == 0 and len(res.json["rolls"]) % 2 == 0          # two dice per factor, red then white
    res = run("--json", "morale", "b", "--roll", "5,6")
    assert res.code == 0 and res.json["morale_points"] == 1            # French 2 points; 11 fails 2-6
    assert run("--json", "morale", "b", "--opt", "saving_throw=11", "--roll", "5,6").json["held"] is True
    run("grapple", "a", "b", "--opt", "distance=0", "--opt", "touching=1")
    assert run("board", "a", "--party", "obp", "--at", "b").code == 0
    res = run("--json", "melee", "a", "--at", "b", "--opt", "attacker=2,6", "--opt", "defender=1")
    assert res.code == 0 and res.json["winner"] == "attacker"
    assert run("--json", "status", "b").json["ships"][0]["state"] == "surrendered"


def test_help_names_the_fleet_level_and_the_dguts_melee(umpire):
    assert "fleet" in " ".join(umpire("new", "--help").out.split())
    melee = " ".join(umpire("melee", "--help").out.split())
    assert "DGUTS: one round of a melee begun with `board`" in melee
