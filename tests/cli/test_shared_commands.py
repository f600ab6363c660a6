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
