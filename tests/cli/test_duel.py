"""The bundled example duel, replayed command by command, checked box by box after
each turn against values worked by hand from the 1981 tables (docs/worked-duel.md)."""

from __future__ import annotations

import shlex

from umpire.cli.demo import load_example, mismatches, setup_commands


def test_example_duel_every_box_after_every_turn(umpire, tmp_path):
    example = load_example()
    path = str(tmp_path / "duel.toml")
    for cmd in setup_commands(example, path):
        assert umpire("--game", path, *cmd).code == 0
    assert len(example["turns"]) == 3
    for i, turn in enumerate(example["turns"], 1):
        for line in turn["commands"]:
            res = umpire("--game", path, *shlex.split(line))
            assert res.code == 0, (line, res.err)
        status = umpire("--game", path, "--json", "status").json
        assert status["turn"] == i + 1
        assert mismatches(status, turn["expect"]) == []
        # every box of both ships was given an expected value
        assert set(turn["expect"]) == {"mars", "hercule"}


def test_demo_command_passes(umpire):
    res = umpire("demo")
    assert res.code == 0, res.err
    assert "all 3 turns match" in res.out


def test_fire_json_keys(umpire, duel):
    res = umpire("--json", "fire", "mars", "--at", "hercule", "--range", "4", "--side", "port",
                 "--facing", "starboard", "--roll", "3")
    data = res.json
    assert data["hit_table"] == 4
    assert data["rolls"] == [3]
    assert data["result"] == "2H-R-G"
    assert data["hits"] == {"hull": 2, "guns": 1, "crew": 0, "rigging": 1}
    assert any("crew quality CR" in line and "+2" in line for line in data["explain"])
    assert any("initial broadside" in line for line in data["explain"])
