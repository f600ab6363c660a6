"""A command two rule systems name alike (`ram`) works for each in one process, in either order,
and an option the game's ruleset has no use for is refused rather than ignored."""

from __future__ import annotations


def _games(umpire, tmp_path):
    grid, dguts = tmp_path / "grid.toml", tmp_path / "dguts.toml"
    assert umpire("new", grid, "--ruleset", "grid", "--seed", "1").code == 0
    assert umpire("--game", grid, "ship", "add", "Swallow", "--side", "british", "--type", "2-decker").code == 0
    assert umpire("--game", grid, "ship", "add", "Royal Fortune", "--side", "pirate", "--type", "frigate").code == 0
    assert umpire("new", dguts, "--ruleset", "dguts", "--seed", "1").code == 0
    for name, side in (("Algerine", "a"), ("Brig", "b")):
        assert umpire("--game", dguts, "ship", "add", name, "--side", side, "--nation", "british", "--tons", "300",
                      "--men", "120", "--guns", "4x6").code == 0
    assert umpire("--game", dguts, "ship", "edit", "algerine", "--kind", "galley").code == 0
    return grid, dguts


def test_ram_serves_both_rule_systems_in_one_process(umpire, tmp_path):
    grid, dguts = _games(umpire, tmp_path)
    for _ in range(2):   # each order, twice over
        res = umpire("--game", dguts, "--json", "ram", "algerine", "--at", "brig", "--rolls", "3,4,2")
        assert res.code == 0 and res.json["result"] == "ram"
        assert umpire("--game", dguts, "undo").code == 0
        res = umpire("--game", grid, "--json", "ram", "swallow", "--at", "royal", "--collision", "--rolls", "1,1,3")
        assert res.code == 0, res.err
        assert umpire("--game", grid, "undo").code == 0


def test_an_option_of_the_other_rule_system_is_refused(umpire, tmp_path):
    grid, dguts = _games(umpire, tmp_path)
    before = grid.read_bytes(), dguts.read_bytes()
    res = umpire("--game", grid, "ram", "swallow", "--at", "royal", "--angled", "--rolls", "1,1,3")
    assert res.code == 2 and "--angled" in res.err
    res = umpire("--game", dguts, "ram", "algerine", "--at", "brig", "--collision", "--rolls", "3,4,2")
    assert res.code == 2 and "--collision" in res.err
    assert (grid.read_bytes(), dguts.read_bytes()) == before


def test_wind_is_one_command_whose_options_the_game_s_ruleset_declares(umpire, tmp_path):
    grid, dguts = _games(umpire, tmp_path)
    wsim = tmp_path / "wsim.toml"
    assert umpire("new", wsim, "--ruleset", "wsim-1981", "--level", "advanced", "--seed", "1").code == 0
    for _ in range(2):   # each order, twice over
        res = umpire("--game", wsim, "--json", "wind", "--direction", "2", "--velocity", "3", "--change", "4")
        assert res.code == 0 and res.json["wind"] == {"direction": 2, "velocity": 3, "change": 4}, res.err
        assert umpire("--game", wsim, "undo").code == 0
        res = umpire("--game", dguts, "--json", "wind", "set", "--from", "NE", "--force", "5")
        assert res.code == 0 and umpire("--game", dguts, "--json", "wind").json["force"] == 5, res.err
        assert umpire("--game", dguts, "undo").code == 0
    before = wsim.read_bytes(), dguts.read_bytes(), grid.read_bytes()
    res = umpire("--game", wsim, "wind", "set", "--from", "NE", "--force", "5")
    assert res.code == 2 and "wind set" in res.err and "--direction" in res.err
    for args in (["--direction", "2"], ["--rolls", "5,3,6"], ["--variable"]):
        res = umpire("--game", dguts, "wind", *args)
        assert res.code == 2 and "wind roll" in res.err, (args, res.err)
    assert umpire("--game", grid, "wind").code == 2
    assert (wsim.read_bytes(), dguts.read_bytes(), grid.read_bytes()) == before


def test_a_command_or_option_the_game_s_rules_lack_is_bad_input(umpire, tmp_path):
    grid, dguts = _games(umpire, tmp_path)
    before = grid.read_bytes(), dguts.read_bytes()
    for game, args in ((dguts, ["mast", "brig", "--cut", "--rolls", "2,5"]),
                       (dguts, ["load", "brig", "--side", "left", "--shot", "chain"]),
                       (dguts, ["timer"]), (grid, ["timer"]),
                       (grid, ["station", "swallow", "--marines", "rigging"]),
                       (grid, ["tow", "swallow", "royal"])):
        res = umpire("--game", game, *args)
        assert res.code == 2 and res.err.count("\n") == 1, (args, res.err)
    assert (grid.read_bytes(), dguts.read_bytes()) == before
