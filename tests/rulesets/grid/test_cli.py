"""The grid game through the command line: the fleet view, help, and refusals that leave the file alone."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest


def _game(umpire, tmp_path):
    game = tmp_path / "game.toml"
    assert umpire("new", game, "--ruleset", "grid", "--seed", "4").code == 0
    assert umpire("ship", "add", "Swallow", "--side", "british", "--type", "2-decker").code == 0
    assert umpire("ship", "add", "Royal Fortune", "--side", "pirate", "--type", "frigate").code == 0
    return game


def test_status_fleet_view_one_line_a_ship(umpire, tmp_path):
    _game(umpire, tmp_path)
    assert umpire("crew", "swallow", "--gunner", "1", "--port", "5").code == 0
    assert umpire("fire", "swallow", "--at", "royal", "--range", "1", "--side", "port", "--rolls", "1,1,X,X,X",
                  "--cards", "sail-shot-away,hull-damage-1").code == 0
    out = umpire("status").out.splitlines()
    at = next(i for i, x in enumerate(out) if x.strip().startswith("royal-fortune"))
    line = out[at]                                   # her tracks go on under her when the line is full
    more = " ".join(x for x in out[at + 1:at + 3] if x.startswith("      "))
    assert "crew 14 mar 2 (0)" in line and "hull 1/16 (0)" in line and "held sail-shot-away" in line + " " + more
    assert all(len(x) <= 120 for x in out), out      # the width the tests give the terminal (COLUMNS)


def test_grid_commands_have_help_with_an_example(umpire):
    for cmd in ("crew", "tack", "marines", "surgeon", "boats"):
        res = umpire(cmd, "--help")
        assert res.code == 0 and "Example:" in res.out, cmd


def test_bad_input_leaves_the_game_file_unchanged(umpire, tmp_path):
    game = _game(umpire, tmp_path)
    before = game.read_bytes()
    for args, code in ((("crew", "swallow", "--fighting", "17"), 1), (("ship", "add", "X", "--side", "a",
                        "--type", "galleon"), 2), (("ship", "add", "X", "--side", "a", "--type", "frigate",
                        "--guns", "7"), 2), (("boats", "swallow", "--launch", "cutter"), 1),
                       (("boats", "swallow"), 2), (("tack", "swallow", "--sail", "all"), 1)):
        res = umpire(*args)
        assert res.code == code, (args, res.err)
        assert "Traceback" not in res.err
    assert game.read_bytes() == before


# --- bad input never crashes --------------------------------------------------------

from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402

WORDS = st.sampled_from(["swallow", "royal", "royal/gig", "swallow/cutter", "x", "", "port", "starboard", "bow",
                         "stern", "left", "3", "0", "-1", "9", "1,8,X", "x,x", "5", "1,2,3,4,5", "all", "reach",
                         "other", "N", "NE", "hull", "sail-shot-away", "fixed", "gig=2", "gig", "jolly-boat=1"])
OPTIONS = st.sampled_from(["--at", "--range", "--side", "--facing", "--rolls", "--roll", "--cards", "--sail",
                           "--point", "--heading", "--wind-from", "--target-rolls", "--card", "--result", "--helm",
                           "--port", "--fighting", "--marines", "--boat", "--launch", "--recover", "--collision"])
COMMANDS = st.sampled_from(["fire", "speed", "board", "repair", "crew", "tack", "marines", "surgeon", "boats",
                            "ram", "status", "turn"])


@pytest.fixture
def fuzz_game(umpire, tmp_path) -> Path:
    """The fuzz test's game, built once per test run: its folder (the game file and the files beside it)."""
    folder = tmp_path / "built"
    folder.mkdir()
    game = folder / "game.toml"
    assert umpire("new", game, "--ruleset", "grid", "--seed", "2").code == 0
    assert umpire("--game", game, "ship", "add", "Swallow", "--side", "b", "--type", "2-decker").code == 0
    assert umpire("--game", game, "ship", "add", "Royal Fortune", "--side", "p", "--type", "frigate").code == 0
    assert umpire("--game", game, "crew", "swallow", "--gunner", "1", "--port", "5", "--fighting", "3").code == 0
    return folder


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(COMMANDS, st.lists(st.one_of(WORDS, OPTIONS), max_size=10))
def test_random_grid_command_lines_never_crash(umpire, fuzz_game, tmp_path_factory, command, args):
    folder = tmp_path_factory.mktemp("g")
    shutil.copytree(fuzz_game, folder, dirs_exist_ok=True)   # a fresh copy of the same game for each example
    game = folder / "game.toml"
    before = game.read_bytes()
    res = umpire("--game", game, command, *args)
    assert res.code in (0, 1, 2), (command, args, res.err)
    assert "Traceback" not in res.err
    if res.code:
        assert game.read_bytes() == before


def test_a_strict_game_asks_for_the_hull_row_ruling(umpire, tmp_path):
    game = tmp_path / "strict.toml"
    assert umpire("new", game, "--ruleset", "grid", "--strict").code == 0
    assert umpire("--game", game, "ship", "add", "Swallow", "--side", "b", "--type", "frigate").code == 0
    assert umpire("--game", game, "ship", "add", "Ferret", "--side", "p", "--type", "sloop").code == 0
    assert umpire("--game", game, "crew", "ferret", "--gunner", "1", "--port", "2").code == 0
    assert umpire("--game", game, "fire", "ferret", "--at", "swallow", "--range", "1", "--side", "port",
                  "--rolls", "1,1", "--cards", "hull-damage-1,hull-damage-2").code == 0
    res = umpire("--game", game, "speed", "swallow", "--sail", "all", "--point", "other")
    assert res.code == 2 and "panel.hull_rows" in res.err
    assert umpire("--game", game, "rulings", "set", "panel.hull_rows", "[3, 3, 3, 3]").code == 0
    res = umpire("--game", game, "--json", "speed", "swallow", "--sail", "all", "--point", "other")
    assert res.code == 0 and res.json["effective_sail"] == "topsail" and res.json["allowance"] == 5


def test_boat_guns_only_in_a_cutter_or_launch_the_ship_carries(umpire, tmp_path):
    # "If the Cutter or Launch are equipped with a gun" (L305-306); the Frigate carries Pinnace, Gig, Jolly Boat
    _game(umpire, tmp_path)
    before = (tmp_path / "game.toml").read_bytes()
    for boat, kind, says in (("gig", "2-decker", "only the cutter or launch"), ("cutter", "frigate", "carries no cutter"),
                             ("launch,launch", "2-decker", "one gun")):
        res = umpire("ship", "add", "Prize", "--side", "pirate", "--type", kind,
                     *[x for b in boat.split(",") for x in ("--boat-gun", b)])
        assert res.code == 2 and says in res.err and "Traceback" not in res.err, res.err
    assert (tmp_path / "game.toml").read_bytes() == before


def test_a_scenario_ship_may_carry_a_boat_gun(umpire, tmp_path):
    scen = tmp_path / "s.toml"
    scen.write_text('format = 1\nid = "s"\nruleset = "grid"\ntitle = "t"\nsource = "t"\n'
                    '[[sides]]\nid = "a"\nname = "A"\n[[ships]]\nid = "v"\nname = "V"\nside = "a"\n'
                    'type = "first-rate"\nboat_guns = ["cutter", "launch"]\n')
    assert umpire("new", tmp_path / "g.toml", "--scenario", scen).code == 0
    ship = umpire("--game", tmp_path / "g.toml", "--json", "status").json["ships"][0]
    assert ship["guns"] == {"port": 9, "starboard": 9, "bow": 1, "stern": 1}
    assert ship["boats"]["cutter"]["gun"] and ship["boats"]["launch"]["gun"] and "gun" not in ship["boats"]["gig"]


def test_fire_dice_the_tool_rolls_are_shown_as_the_fire_die_shows_them(umpire, tmp_path):
    """A d6 rolled by the tool shows 5 as X and 6 as 8 in `log`, `--json log` and `report` (L27-28)."""
    game = tmp_path / "g.toml"
    assert umpire("new", game, "--ruleset", "grid", "--seed", "11").code == 0
    for args in (("ship", "add", "Swallow", "--side", "british", "--type", "first-rate"),
                 ("ship", "add", "Fortune", "--side", "pirate", "--type", "frigate"),
                 ("crew", "swallow", "--gunner", "1", "--port", "10")):
        assert umpire("--game", game, *args).code == 0
    fired = umpire("--game", game, "--json", "fire", "swallow", "--at", "fortune", "--range", "4", "--side", "port")
    assert fired.code == 0, fired.err
    faces = fired.json["rolls"]
    assert set(faces) <= {1, 2, 3, 4, 8, "X"} and len(faces) == 10
    assert fired.json["hits"] == sum(1 for f in faces if f != "X" and f >= 4)
    shown = umpire("--game", game, "--json", "log", "--last", "1").json["events"][0]
    assert shown["rolls"] == faces and shown["rolled"] == "umpire"
    text = umpire("--game", game, "log").out
    assert ",".join(map(str, faces)) in text
    out = tmp_path / "r.md"
    assert umpire("--game", game, "report", "-o", out).code == 0
    assert ", ".join(map(str, faces)) in out.read_text()
