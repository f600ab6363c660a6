"""The bundled grid scenarios (scenarios/grid/): each starts a game with the sample types."""

from __future__ import annotations

from pathlib import Path

import pytest

HERE = Path(__file__).parents[3] / "scenarios" / "grid"


@pytest.mark.parametrize("name", sorted(p.name for p in HERE.glob("*.toml")))
def test_scenario_starts_a_game(umpire, tmp_path, name):
    res = umpire("--json", "new", tmp_path / "g.toml", "--scenario", HERE / name)
    assert res.code == 0, res.err
    ships = umpire("--game", tmp_path / "g.toml", "--json", "status").json["ships"]
    assert len(ships) == 2 and all(s["deck_left"] == 80 for s in ships)


def test_swallow_and_royal_fortune_as_the_sample_types(umpire, tmp_path):
    # the 2 Decker: 10 guns, bow gun, 4 rigging positions, crew 16, marines 2, damage 20, class C;
    # the Frigate: 8 guns, 3 rigging positions, crew 14, marines 2, damage 16, class B (L403-417)
    assert umpire("new", tmp_path / "g.toml", "--scenario", HERE / "grid-swallow-royal-fortune.toml").code == 0
    ships = {s["id"]: s for s in umpire("--game", tmp_path / "g.toml", "--json", "status").json["ships"]}
    sw, rf = ships["swallow"], ships["royal-fortune"]
    assert (sw["type"], sw["movement"], sw["crew"], sw["marines"], sw["hull_boxes"], sw["rigging_positions"]) == \
        ("2-decker", "C", 16, 2, 20, 4)
    assert sw["guns"] == {"port": 5, "starboard": 5, "bow": 1, "stern": 0}
    assert list(sw["boats"]) == ["pinnace", "launch", "gig", "jolly-boat"]
    assert (rf["type"], rf["movement"], rf["crew"], rf["hull_boxes"]) == ("frigate", "B", 14, 16)
    speed = umpire("--game", tmp_path / "g.toml", "--json", "speed", "royal", "--sail", "all", "--point", "other")
    assert speed.json["allowance"] == 7
