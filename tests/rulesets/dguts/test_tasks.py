"""Additional crew tasks: the crew table, studding sails, anchoring, lightening ship."""

from __future__ import annotations

from umpire.rules.dguts import derive_ship, load_tables
from umpire.rules.dguts.tasks import task_row, task_turns

from .helpers import excerpt

T = load_tables()


def test_the_crew_table_rows_are_the_texts_men():
    text = excerpt("crew-tasks")
    assert "CF(235) 14 CF(288) 14 CF(290) 12.5CF (262) (840)" in text
    assert "CF( 16) 1 CF( 22) 1 CF( 22) CF( 30) ( 50)" in text
    rows = T.get("tasks", "crew", "rows")
    assert (rows[0]["crew"], rows[0]["sail"], rows[0]["tack"], rows[0]["anchor"], rows[0]["furl"]) == (840, 235, 288, 290, 262)
    assert [r["crew"] for r in rows] == sorted((r["crew"] for r in rows), reverse=True)


def test_fewer_men_take_proportionately_longer():
    assert "If a ship has half the number of men aloft to turn the ship" in excerpt("crew-tasks")
    v = derive_ship("british", 900, 290, "30x18,6x8")
    assert task_row(v, T)["crew"] == 280
    assert task_turns(v, "tack", 179 / 21, T)[0] == 1
    assert task_turns(v, "tack", 179 / 42, T)[0] == 2
    assert task_turns(v, "tack", 0, T)[0] == 10


def test_studding_sails_anchor_and_lightening_in_play(umpire, tmp_path):
    text = excerpt("studding-sails")
    assert "This bonus is +50% for movement" in text and "hits taken high are scored at 312 value" in text
    g = tmp_path / "t.toml"
    assert umpire("new", g, "--scenario", "dguts-constitution-guerriere").code == 0
    run = lambda *a: umpire("--game", g, *a)  # noqa: E731
    speed = lambda: run("--json", "speed", "constitution", "--opt", "point=broad-reach", "--opt", "force=6").json  # noqa: E731
    assert speed()["allowance"] == 11
    assert run("task", "constitution", "studding").code == 0
    assert speed()["allowance"] == 16.5
    assert run("fire", "constitution", "--at", "guerriere", "--range", "5", "--side", "left").code == 1
    hit = run("--json", "fire", "guerriere", "--at", "constitution", "--range", "3", "--side", "left", "--aim",
              "high", "--opt", "calibres=18", "--rolls", "1,6,6,6,6").json
    assert hit["damage"]["high"] == 18 * 1.5 * 1.5               # opening broadside and studding sails
    assert run("task", "constitution", "studding", "--set", "off").code == 0
    assert run("ship", "edit", "guerriere", "--nation", "french").code == 0
    assert run("task", "guerriere", "studding").code == 0          # any trained crew (Advanced Optional 2 is off)
    assert run("--json", "task", "constitution", "water", "--gain", "0.05").json["lightened"] == {"water": 0.05}
    assert run("task", "constitution", "stores", "--gain", "0.5").code == 2
    assert run("task", "constitution", "anchor").code == 0
    assert run("--json", "speed", "constitution", "--opt", "point=running", "--opt", "force=6").json["allowance"] == 0
    assert run("--json", "verify").json["differences"] == []


def test_moving_without_sail_and_the_training_game_moves(umpire, tmp_path):
    # "crews may row Class I vessels at a speed of 2" per turn. With wind, this may be done at 1"";
    # towing "1/3 of their combined speed"; kedging "2" per turn"; boats towing "1" per turn"
    g = tmp_path / "m.toml"
    assert umpire("new", g, "--ruleset", "dguts").code == 0
    run = lambda *a: umpire("--game", g, *a)  # noqa: E731
    run("ship", "add", "Brig", "--side", "a", "--nation", "british", "--tons", "250", "--men", "90", "--guns", "10x18C")
    run("ship", "add", "Frigate", "--side", "a", "--nation", "british", "--tons", "900", "--men", "300", "--guns", "28x18")
    run("wind", "set", "--from", "N", "--force", "0")
    assert run("--json", "speed", "brig", "--opt", "row=1").json["allowance"] == 2
    assert run("speed", "frigate", "--opt", "row=1").code == 1
    assert run("--json", "speed", "frigate", "--opt", "kedge=1").json["allowance"] == 2
    assert run("--json", "speed", "frigate", "--opt", "boats_tow=1").json["allowance"] == 1
    run("wind", "set", "--force", "6")
    assert run("--json", "speed", "brig", "--opt", "row=1").json["allowance"] == 1
    assert run("speed", "brig", "--opt", "point=running", "--opt", "tow=frigate").code == 1     # too small to tow
    tow = run("--json", "speed", "frigate", "--opt", "point=broad-reach", "--opt", "tow=frigate")
    assert tow.code == 2
    t = tmp_path / "t.toml"
    assert umpire("new", t, "--ruleset", "dguts", "--level", "training").code == 0
    umpire("--game", t, "ship", "add", "A", "--side", "a", "--nation", "british", "--tons", "520", "--men", "230",
           "--guns", "12x24C,15x12")
    assert umpire("--game", t, "--json", "speed", "a", "--opt", "point=running").json["allowance"] == 12
    assert umpire("--game", t, "--json", "speed", "a", "--opt", "point=beam").json["least"] == 3
    assert umpire("--game", t, "speed", "a", "--opt", "point=close-hauled").code == 2


def test_springs_need_an_anchored_ship(umpire, tmp_path):
    # "The use of springs and cables allows a turn in place of up to 180"10 by an anchored ship"
    g = tmp_path / "sp.toml"
    assert umpire("new", g, "--scenario", "dguts-constitution-guerriere").code == 0
    assert umpire("--game", g, "task", "guerriere", "springs").code == 1
    assert umpire("--game", g, "task", "guerriere", "anchor").code == 0
    res = umpire("--game", g, "--json", "task", "guerriere", "springs")
    assert res.code == 0 and res.json["springs"] is True


def test_at_the_fleet_level_taking_the_top_deck_takes_the_ship(umpire, tmp_path):
    # Fleet Action Rules 13: "When the top deck of any ship is taken that ship will surrender."
    g = tmp_path / "ft.toml"
    assert umpire("new", g, "--ruleset", "dguts", "--level", "fleet").code == 0
    run = lambda *a: umpire("--game", g, *a)  # noqa: E731
    run("ship", "add", "Victory", "--side", "british", "--nation", "british", "--tons", "2162", "--men", "821",
        "--guns", "30x32,28x24,30x12", "--rate", "100")
    run("ship", "add", "Redoutable", "--side", "french", "--nation", "french", "--tons", "1800", "--men", "640",
        "--guns", "28x36,30x24", "--rate", "74")
    run("grapple", "victory", "redoutable", "--opt", "distance=0", "--opt", "touching=1")
    run("board", "victory", "--party", "obp", "--at", "redoutable", "--roll", "4")
    res = run("--json", "melee", "victory", "--at", "redoutable", "--opt", "attacker=6", "--opt", "defender=2")
    assert res.json["areas_taken"] == 2 and res.json["captured"] == "defender"       # foothold and top deck
