"""The first edition as a ruleset: found by id and alias, the bundled scenarios start under it,
and the 1981 rules still play a 1974 scenario when asked."""

from __future__ import annotations

from pathlib import Path

import pytest

from umpire.core.resources import resource_dir
from umpire.core.ruleset import find_ruleset

SCENARIOS = sorted(p.stem for p in (Path(resource_dir("scenarios")) / "wsim-1974").glob("*.toml"))


def test_found_by_id_and_alias():
    rs = find_ruleset("wsim-1e")
    assert rs.id == "wsim-1974" and rs.family == "wsim" and rs.levels == ("basic",)
    assert "full-sails" in rs.optional_rules


def test_sixteen_scenarios():
    assert len(SCENARIOS) == 16


@pytest.mark.parametrize("scen", SCENARIOS)
def test_bundled_scenario_starts_under_wsim_1974(umpire, tmp_path, scen):
    res = umpire("--json", "new", tmp_path / "game.toml", "--scenario", scen)
    assert res.code == 0, res.err
    st = umpire("--json", "status")
    assert st.json["ruleset"] == "wsim-1974"


def test_1981_rules_with_a_1974_scenario(umpire, tmp_path):
    assert umpire("new", tmp_path / "game.toml", "--scenario", "wsim-1b", "--ruleset", "wsim-1981").code == 0
    assert umpire("--json", "status").json["ruleset"] == "wsim-1981"
    fire = umpire("--json", "fire", "mars", "--at", "hercule", "--range", "4", "--side", "left",
                  "--facing", "right", "--roll", "1")
    assert fire.code == 0, fire.err
    assert fire.json["result"] == "2H-R"      # the 1981 Hit Table 4, roll 1


def test_first_edition_has_no_advanced_level(umpire, tmp_path):
    res = umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-1974", "--level", "advanced")
    assert res.code == 2 and "basic" in res.err


def test_optional_rule_from_another_edition_is_refused(umpire, tmp_path):
    res = umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-1974", "--optional", "scurvy")
    assert res.code == 2 and "full-sails" in res.err


@pytest.mark.parametrize("rid", ["wsim-1974", "wsim-te26"])
def test_oob_convert_and_sheet_for_the_editions(umpire, tmp_path, rid):
    csv = tmp_path / "o.csv"
    csv.write_text("name,side,nation,tons,men,guns,spec\n"
                   "MARS,british,british,1800,600,\"28x32,28x18\",14H-(5-4-4)M-9(1)G-7R(3)-5-21'-26(CR)\n")
    assert umpire("oob", "convert", csv, "--ruleset", rid, "-o", tmp_path / "o.toml").code == 0
    assert umpire("new", tmp_path / "game.toml", "--scenario", tmp_path / "o.toml").code == 0
    assert umpire("--json", "status").json["ruleset"] == rid
    assert umpire("sheet", "-o", tmp_path / "s.pdf").code == 0
