"""The bundled example duel behind `umpire demo` (docs/worked-duel.md). It is replayed box by box
as tests/cases/wsim-1981/mars-hercule-duel.toml; here `demo` runs, and the example and the case
must hold the same commands and the same hand-worked boxes."""

from __future__ import annotations

import tomllib
from pathlib import Path

from umpire.cli.commands.demo import load_example

CASE = Path(__file__).parents[1] / "cases" / "wsim-1981" / "mars-hercule-duel.toml"


def test_demo_command_passes(umpire):
    res = umpire("demo")
    assert res.code == 0, res.err
    assert "all 3 turns match" in res.out


def test_demo_example_and_the_duel_case_agree():
    example = load_example()
    case = tomllib.loads(CASE.read_text(encoding="utf-8"))
    assert case["setup"]["ruleset"] == example["ruleset"] and case["setup"]["seed"] == example["seed"]
    assert case["setup"]["ships"] == example["ships"]
    commands = [line for turn in example["turns"] for line in turn["commands"]]
    assert [step["command"] for step in case["steps"]] == commands
    # the boxes after each `turn`: every box of both ships
    boxes = [step["status"] for step in case["steps"] if step["command"] == "turn"]
    assert boxes == [turn["expect"] for turn in example["turns"]]
    assert all(set(ship) == {"hull_left", "crew_left", "guns_left", "carronades_left", "rigging_left"}
               for turn in boxes for ship in turn.values())
