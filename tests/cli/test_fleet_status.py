"""`umpire status`: one line per ship, grouped by side, within 100 columns; `status SHIP` in full."""

import subprocess
import sys

from tests.conftest import HERCULE, MARS, status


def _lines(res):
    assert res.code == 0, res.err
    return res.out.splitlines()


def test_trafalgar_fits_seventy_lines_of_a_hundred_columns(umpire, tmp_path):
    assert umpire("new", tmp_path / "game.toml", "--scenario", "trafalgar", "--seed", "1").code == 0
    lines = _lines(umpire("status"))
    assert len(lines) <= 70
    assert max(len(line) for line in lines) <= 100
    ships = umpire("--json", "status").json["ships"]
    assert len(ships) == 57
    # every ship on its own line, under its side's heading
    assert lines.index("british (27)") < lines.index("franco-spanish (30)")
    for s in ships:
        assert sum(1 for line in lines if line.split()[:1] == [s["id"]]) == 1, s["id"]
    victory = next(line for line in lines if line.split()[0] == "victory")
    assert "active hull 17/17 crew 5-5-4 guns L 11+1/12 R 11+1/12 rig 8-8-8 ld LR" in victory


def test_damage_loading_and_flags_show_on_the_line(umpire, duel):
    assert umpire("grapple", "mars", "hercule", "--roll", "1").code == 0
    assert umpire("fire", "mars", "--at", "hercule", "--range", "1", "--side", "left", "--facing", "right",
                  "--roll", "6").code == 0
    lines = _lines(umpire("status"))
    mars = next(line for line in lines if line.split()[0] == "mars")
    hercule = next(line for line in lines if line.split()[0] == "hercule")
    assert "ld -R" in mars and "grappled hercule" in mars
    h = status(umpire, "hercule")
    assert f"hull {h['hull_left']}/14" in hercule
    assert "crew " + "-".join(map(str, h["crew_left"])) in hercule
    assert "rig " + "-".join(map(str, h["rigging_left"])) in hercule


def test_side_filter_and_its_refusal(umpire, duel):
    lines = _lines(umpire("status", "--side", "fr"))
    assert any(line.split()[:1] == ["hercule"] for line in lines)
    assert not any(line.split()[:1] == ["mars"] for line in lines)
    assert [s["id"] for s in umpire("--json", "status", "--side", "british").json["ships"]] == ["mars"]
    bad = umpire("status", "--side", "dutch")
    assert bad.code == 2 and "british, french" in bad.err


def test_one_ship_keeps_the_full_detail_and_json_is_unchanged(umpire, duel):
    out = umpire("status", "mars").out
    assert "crew 1" in out and "rigging 3" in out
    data = umpire("--json", "status").json
    assert set(data) == {"turn", "ruleset", "ships"}
    for key in ("id", "name", "side", "state", "hull_left", "crew_left", "guns_left", "carronades_left",
                "rigging_left"):
        assert key in data["ships"][0]


def test_dguts_fleet_line(umpire, tmp_path):
    assert umpire("new", tmp_path / "game.toml", "--scenario", "dguts-constitution-guerriere").code == 0
    lines = _lines(umpire("status"))
    line = next(line for line in lines if line.split()[:1] == ["constitution"])
    assert "hi 0 lo 0 CF 21.7/21.7 sails 10/10 masts 3/3 morale normal" in line


def test_json_status_does_not_import_rich(umpire, tmp_path):
    game = tmp_path / "g.toml"
    assert umpire("new", game, "--scenario", "trafalgar").code == 0     # the set-up, in-process
    code = ("import sys; from umpire.cli import main\n"
            "try:\n main(['--game', sys.argv[1], '--json', 'status'])\nexcept SystemExit: pass\n"
            "assert 'rich' not in sys.modules, 'rich imported'\n"
            "try:\n main(['--game', sys.argv[1], 'status'])\nexcept SystemExit: pass\n"
            "assert 'rich' not in sys.modules, 'rich imported by the fleet view'\n")
    subprocess.run([sys.executable, "-c", code, str(game)], check=True, capture_output=True)


def test_the_advanced_games_marks_show_on_the_line(umpire, tmp_path):
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-1981", "--level", "advanced").code == 0
    assert umpire("ship", "add", "MARS", "--side", "british", "--spec", MARS).code == 0
    assert umpire("ship", "add", "HERCULE", "--side", "french", "--spec", HERCULE).code == 0
    assert umpire("sail", "mars", "full").code == 0
    assert umpire("anchor", "hercule").code == 0
    assert umpire("turn").code == 0           # the anchor holds from the next turn (Advanced V.C)
    lines = _lines(umpire("status"))
    assert "full sail" in next(line for line in lines if line.split()[0] == "mars")
    assert "anchor ordinary" in next(line for line in lines if line.split()[0] == "hercule")


def test_the_wind_the_game_holds_heads_the_fleet(umpire, tmp_path):
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-1981", "--level", "advanced").code == 0
    assert umpire("wind", "--direction", "4", "--velocity", "5", "--change", "6").code == 0
    lines = _lines(umpire("status"))
    assert lines[1] == "wind: toward 4, velocity 5 (gale), change number 6"


def test_one_ship_in_full_shows_her_advanced_tracks_and_last_move(umpire, tmp_path):
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-1981", "--level", "advanced").code == 0
    assert umpire("ship", "add", "MARS", "--side", "british", "--spec", MARS, "--turning", "1").code == 0
    assert umpire("ship", "add", "HERCULE", "--side", "french", "--spec", HERCULE).code == 0
    assert umpire("wind", "--direction", "1", "--velocity", "3").code == 0
    assert umpire("move", "mars", "1R1", "--heading", "2").code == 0
    out = umpire("status", "mars").out
    assert "L bow 9 stern 9" in out and "sails" in out and "turn 1: 1R1" in out
