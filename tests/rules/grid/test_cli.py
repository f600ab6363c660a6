"""The grid game through the command line: the fleet view, help, and refusals that leave the file alone."""

from __future__ import annotations


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
    line = next(x for x in out if x.strip().startswith("royal-fortune"))
    assert "crew 14 mar 2 (0)" in line and "hull 1/16 (0)" in line and "held sail-shot-away" in line
    assert all(len(x) <= 100 for x in out)


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
