"""`oob convert --ruleset grid`: each ship the nearest sample type (contracts/grid.md, Scenarios and OOB)."""

from __future__ import annotations

import tomllib

from umpire.oob.grid import named_type, nearest_by_men


def write(tmp_path, name, text):
    p = tmp_path / name
    p.write_text(text)
    return p


def test_a_named_type_is_taken():
    assert named_type("Frigate") == "frigate"
    assert named_type("brig") == named_type("sloop") == "sloop-or-brig"
    assert named_type("1st Rate") == "1st-rate-ship-of-the-line"
    assert named_type("two-decker") == "2-decker"
    assert named_type("merchant") == "merchantman"
    assert named_type("blockade runner") == "blockade-runner"
    assert named_type("74") is None and named_type("") is None


def test_men_give_the_nearest_warship_at_20_men_a_figure():
    # "Each Crew figure represents approximately 20 men" (L18); figures = crew + marines (L385-448):
    # 1st Rate 26, Ship of the Line 22, 2 Decker 18, Frigate 16, Sloop or Brig 10
    assert nearest_by_men(850) == ("1st-rate-ship-of-the-line", 42.5)
    assert nearest_by_men(456)[0] == "ship-of-the-line"       # 22.8 figures
    assert nearest_by_men(272)[0] == "frigate"                # 13.6
    assert nearest_by_men(340)[0] == "2-decker"               # 17: between 16 and 18, the larger
    assert nearest_by_men(90)[0] == "sloop-or-brig"


def test_convert_writes_a_scenario_that_starts_a_game(umpire, tmp_path):
    src = write(tmp_path, "fleet.csv", "name,side,nation,men,kind,quality\n"
                                       "Swallow,british,british,,two-decker,CR\n"
                                       "Royal Fortune,pirate,,272,,PR\n"
                                       "Good Intent,merchant,british,60,merchant,\n")
    out = tmp_path / "fleet.toml"
    res = umpire("--json", "oob", "convert", src, "--ruleset", "grid", "-o", out)
    assert res.code == 0, res.err
    doc = tomllib.loads(out.read_text())
    assert doc["ruleset"] == "grid"
    assert [(s["id"], s["type"], s.get("quality")) for s in doc["ships"]] == [
        ("swallow", "2-decker", "trained"), ("royal-fortune", "frigate", "dreadful"),
        ("good-intent", "merchantman", None)]
    assert any("13.6 figures" in r for r in res.json["derived"])
    g = tmp_path / "g.toml"
    assert umpire("new", g, "--scenario", out).code == 0
    ships = {s["id"]: s for s in umpire("--game", g, "--json", "status").json["ships"]}
    # 272 men at about 20 a figure: 14 figures, the Frigate's 14:2 crew to marines (docs/rulings.md)
    fortune = ships["royal-fortune"]
    assert (fortune["crew"], fortune["marines"], fortune["quality"]) == (12, 2, "dreadful")


def test_a_ship_with_no_type_and_no_men_is_refused(umpire, tmp_path):
    src = write(tmp_path, "fleet.csv", "name,side,quality\nA,x,AV\nB,y,superb\n")
    out = tmp_path / "o.toml"
    res = umpire("oob", "convert", src, "--ruleset", "grid", "-o", out)
    assert res.code == 2 and "fleet.csv: line 2, column kind" in res.err, res.err
    assert not out.exists()
    src = write(tmp_path, "fleet.csv", "name,side,kind,quality\nB,y,frigate,superb\n")
    res = umpire("oob", "convert", src, "--ruleset", "grid", "-o", out)
    assert res.code == 2 and "line 2, column quality" in res.err and not out.exists()
