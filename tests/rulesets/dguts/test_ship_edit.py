"""`umpire ship edit`: a ship's set-up changed in play, journalled, undone and verified."""

from __future__ import annotations

import pytest

SHIP = ["--nation", "british", "--tons", "1325", "--men", "362", "--guns", "16x32C,2x12,2x9,1x18C"]


@pytest.fixture
def game(umpire, tmp_path):
    path = tmp_path / "game.toml"
    assert umpire("new", path, "--ruleset", "dguts", "--seed", "4").code == 0
    assert umpire("ship", "add", "Macedonian", "--side", "british", *SHIP).code == 0
    assert umpire("ship", "add", "United States", "--side", "american", "--nation", "american", "--tons", "1576",
                  "--men", "478", "--guns", "30x24,20x42C", "--rate", "44").code == 0
    return path


def _ship(umpire, ship_id="macedonian"):
    return umpire("--json", "status", ship_id).json["ships"][0]


def test_edit_supplies_lost_guns_and_undo_takes_it_back(umpire, game):
    before = _ship(umpire)
    res = umpire("--json", "ship", "edit", "macedonian", "--guns", "28x18,16x32C,2x12,2x9,1x18C")
    assert res.code == 0, res.err
    after = _ship(umpire)
    assert after["guns"] == "16x32C,28x18,1x18C,2x12,2x9" and after["fire_factors"]["18"]["per_side"] > 4.6
    assert umpire("--json", "log").json["events"][-1]["summary"].startswith("Macedonian: set-up changed")
    assert umpire("--json", "verify").json["differences"] == []
    assert umpire("undo").code == 0
    assert _ship(umpire) == before


def test_a_new_crew_keeps_the_losses_already_taken(umpire, game):
    umpire("fire", "united-states", "--at", "macedonian", "--range", "3", "--side", "left", "--aim", "low",
           "--rolls", ",".join(["1"] * 8))
    hurt = _ship(umpire)
    lost = 362 / 21 - hurt["crew_factors"]
    assert lost > 0
    assert umpire("ship", "edit", "mac", "--men", "300", "--tons", "1300").code == 0
    now = _ship(umpire)
    assert now["crew_factors"] == pytest.approx(300 / 21 - lost, abs=1e-3)
    assert now["tons"] == 1300 and now["damage_low"] == hurt["damage_low"]
    assert umpire("--json", "verify").json["differences"] == []


@pytest.mark.parametrize("args,needle", [
    (["--men", "0"], "men"),
    (["--guns", "thirty"], "guns"),
    (["--nation", "atlantis"], "nation"),
    ([], "say what changes"),
])
def test_bad_edits_exit_2_and_leave_the_game_unchanged(umpire, game, args, needle):
    before = game.read_bytes()
    res = umpire("ship", "edit", "macedonian", *args)
    assert res.code == 2 and needle in res.err.lower()
    assert game.read_bytes() == before


def test_new_warns_of_each_scenario_ship_whose_armament_the_text_lost(umpire, tmp_path):
    res = umpire("new", tmp_path / "um.toml", "--scenario", "dguts-united-states-macedonian")
    assert res.code == 0
    assert "warning: Macedonian (macedonian): illegible in the text: her main battery of long guns" in res.err
    assert "United States" not in res.err
    res = umpire("new", tmp_path / "cg.toml", "--scenario", "dguts-constitution-guerriere")
    assert "warning" not in res.err
