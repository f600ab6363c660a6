"""`umpire scenarios` one line each at 80 columns, `--ruleset`, `scenarios show`, and the briefing of `new`."""


def test_listing_is_one_line_per_scenario_within_80_columns(umpire):
    res = umpire("scenarios")
    assert res.code == 0, res.err
    lines = res.out.splitlines()
    items = umpire("--json", "scenarios").json
    assert all(len(line) <= 80 for line in lines)
    assert len(lines) == len(items) + len({i["ruleset"] for i in items})   # a heading per ruleset
    long = next(i for i in items if i["id"] == "dguts-constitution-cyane-levant")
    line = next(line for line in lines if line.split()[:1] == [long["id"]])
    assert line.endswith("…")


def test_ruleset_filter(umpire):
    dguts = umpire("--json", "scenarios", "--ruleset", "dguts").json
    assert dguts and {i["ruleset"] for i in dguts} == {"dguts"}
    assert set(dguts[0]) == {"id", "ruleset", "title", "ships", "date"}
    # the 1974 scenarios are played with the first edition's own rules
    by_id = umpire("--json", "scenarios", "--ruleset", "wsim-1974").json
    assert by_id == umpire("--json", "scenarios", "--ruleset", "wsim-1e").json
    assert any(i["id"] == "wsim-3b" for i in by_id) and {i["ruleset"] for i in by_id} == {"wsim-1974"}
    bad = umpire("scenarios", "--ruleset", "chess")
    assert bad.code == 2 and "dguts" in bad.err


def test_show_prints_the_briefing(umpire):
    res = umpire("scenarios", "show", "trafalgar")
    assert res.code == 0, res.err
    out = res.out
    for text in ("The Battle of Trafalgar", "1805-10-21", "British Fleet (27 ships)", "VICTORY",
                 "wind: Light Breeze, blowing toward hex direction 5, wind change number 6", "length: 20 turns",
                 "victory:", "150 points", "special rules:", "warnings:", "rules: wsim-1974"):
        assert text in out, text
    assert "played with" not in out
    assert all(len(line) <= 80 for line in out.splitlines())
    data = umpire("--json", "scenarios", "show", "trafalgar").json
    assert data["turns"] == 20 and len(data["sides"]) == 2
    assert sum(len(s["ships"]) for s in data["sides"]) == 57


def test_show_warns_about_what_the_source_lacks(umpire):
    data = umpire("--json", "scenarios", "show", "dguts-constitution-guerriere").json
    assert "the source gives no wind: roll for it as the rules say" in data["warnings"]
    assert "the source sets no game length" in data["warnings"]
    erie = umpire("--json", "scenarios", "show", "lake-erie").json   # ships filled in from history
    assert any("estimated values" in w and "lawrence" in w for w in erie["warnings"])
    assert any("no starting hex" in w for w in erie["warnings"])
    assert umpire("scenarios", "show", "no-such-battle").code == 2


def test_new_from_a_scenario_prints_the_briefing(umpire, tmp_path):
    res = umpire("new", tmp_path / "game.toml", "--scenario", "nile", "--seed", "3")
    assert res.code == 0, res.err
    assert "The Battle of the Nile" in res.out and "victory:" in res.out and "wind:" in res.out
    data = umpire("--json", "new", tmp_path / "g2.toml", "--scenario", "nile", "--seed", "3").json
    assert data["scenario"] == "wsim-3a" and data["ships"] == 24      # the contract's keys stay
    assert data["briefing"]["title"] == "The Battle of the Nile"
    plain = umpire("--json", "new", tmp_path / "g3.toml", "--ruleset", "dguts").json
    assert "briefing" not in plain
