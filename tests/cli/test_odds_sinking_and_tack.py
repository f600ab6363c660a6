"""`odds` covers every command whose dice decide it: a sinking ship's die, and the grid game's tack."""

from __future__ import annotations

from tests.conftest import HERCULE, MARS

SLOOP = "2H-(2-2-2)M-2(0)G-3R(3)-5-10'-5(AV)"


def test_the_odds_of_a_sinking_ship_going_down_this_turn(umpire, tmp_path):
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-1981", "--level", "advanced").code == 0
    for name, side, spec in (("MARS", "british", MARS), ("SLOOP", "french", SLOOP), ("HERCULE", "french", HERCULE)):
        assert umpire("ship", "add", name, "--side", side, "--spec", spec).code == 0
    # Destroyed Hull die 5: "ship may sink" (see tests/cases/wsim-1981/advanced-sink.toml)
    assert umpire("fire", "mars", "--at", "sloop", "--range", "2", "--side", "left", "--facing", "right",
                  "--hit-section", "bow", "--rolls", "4,5").code == 0
    assert umpire("turn").code == 0
    before = (tmp_path / "game.toml").read_bytes()
    res = umpire("--json", "odds", "sink", "sloop")
    assert res.code == 0, res.err
    chances = {r["result"]: r["chance"] for r in res.json["results"]}
    assert chances == {"SLOOP stays afloat": "5/6", "SLOOP sinks": "1/6"}     # a 6 and she sinks (VIII.C.3)
    assert (tmp_path / "game.toml").read_bytes() == before


def test_the_odds_of_a_tack(umpire, tmp_path):
    assert umpire("new", tmp_path / "game.toml", "--scenario", "grid-swallow-royal-fortune").code == 0
    assert umpire("crew", "swallow", "--helm", "1", "--stays", "1", "--rigging", "4", "--gunner", "1").code == 0
    res = umpire("--json", "odds", "tack", "swallow", "--sail", "topsail")
    assert res.code == 0, res.err
    total = sum(r["percent"] for r in res.json["results"])
    assert abs(total - 100) < 0.1 and len(res.json["results"]) == 2
