"""Every bundled scenario loads, validates and starts a game."""

from __future__ import annotations

import pytest

from umpire.core import scenarios

IDS = sorted(scenarios.bundled())


def test_there_are_bundled_scenarios_of_each_kind():
    rulesets = {s["ruleset"] for s in scenarios.listing()}
    assert {"wsim-1974", "dguts"} <= rulesets
    assert len(IDS) >= 40


@pytest.mark.parametrize("sid", IDS)
def test_scenario_starts_a_game(umpire, tmp_path, sid):
    doc = scenarios.load(sid)
    res = umpire("--json", "new", tmp_path / "g.toml", "--scenario", sid)
    assert res.code == 0, res.err
    status = umpire("--game", tmp_path / "g.toml", "--json", "status").json
    assert len(status["ships"]) == len(doc["ships"])
    assert {s["id"] for s in status["ships"]} == {s["id"] for s in doc["ships"]}
    if doc["ships"]:
        sheet = umpire("--json", "sheet", "--scenario", sid, "-o", tmp_path / "s.pdf")
        assert sheet.code == 0, sheet.err
        assert sheet.json["ships"] == len(doc["ships"])
        assert (tmp_path / "s.pdf").read_bytes().startswith(b"%PDF")


def test_scenarios_json_listing(umpire):
    items = umpire("--json", "scenarios").json
    assert isinstance(items, list)
    assert all(set(i) >= {"id", "ruleset", "title", "ships"} for i in items)
    assert "wsim-3b" in {i["id"] for i in items}


def test_bad_scenario_file_names_file_ship_and_field(umpire, tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('format = 1\nid = "bad"\nruleset = "wsim-1974"\ntitle = "x"\n'
                   '[[ships]]\nid = "a"\nname = "A"\nside = "x"\nspec = "14H-(5-4-4)M-10(1)G-7R(3)-5-22-23(AV)"\n')
    res = umpire("new", tmp_path / "g.toml", "--scenario", bad)
    assert res.code == 2 and "bad.toml" in res.err and "ship a" in res.err and "draught" in res.err
    assert not (tmp_path / "g.toml").exists()
