"""`umpire report`: the battle turn by turn, the final state of every ship, the result."""


def _battle(umpire):
    assert umpire("fire", "mars", "--at", "hercule", "--range", "1", "--side", "left", "--facing", "right",
                  "--roll", "6").code == 0
    while umpire("--json", "status", "hercule").json["ships"][0]["state"] == "active":
        assert umpire("turn").code == 0
        assert umpire("fire", "mars", "--at", "hercule", "--range", "1", "--side", "left", "--facing",
                      "right", "--roll", "6").code == 0


def test_markdown_report_turn_by_turn_with_the_strike_and_the_result(umpire, duel):
    _battle(umpire)
    res = umpire("report")
    assert res.code == 0, res.err
    md = res.out
    assert md.startswith("# ")
    assert "### Turn 1" in md and "MARS fires left broadside at HERCULE" in md and "(dice 6)" in md
    assert "  - **HERCULE struck**" in md
    assert "## Final state" in md and "hercule struck hull 0/14" in md
    assert "Victory points: british 23, french 0" in md
    data = umpire("--json", "report").json
    assert data["turns"][0]["turn"] == 1 and data["score"]["points"]["british"] == 23
    assert any("HERCULE struck" in e["changes"] for t in data["turns"] for e in t["events"])


def test_report_to_markdown_and_pdf_files(umpire, duel, tmp_path):
    _battle(umpire)
    assert umpire("report", "-o", tmp_path / "r.md").code == 0
    assert (tmp_path / "r.md").read_text(encoding="utf-8") == umpire("report").out
    res = umpire("report", "-o", tmp_path / "r.pdf", "--paper", "letter")
    assert res.code == 0, res.err
    assert (tmp_path / "r.pdf").read_bytes().startswith(b"%PDF")
    bad = umpire("report", "-o", tmp_path / "r.docx")
    assert bad.code == 2 and "FILE.md or FILE.pdf" in bad.err


def test_report_of_a_scenario_quotes_its_victory_conditions(umpire, tmp_path):
    assert umpire("new", tmp_path / "game.toml", "--scenario", "trafalgar", "--seed", "1").code == 0
    md = umpire("report").out
    assert md.startswith("# The Battle of Trafalgar")
    assert "Nothing happened yet." in md and "150 points" in md
    assert "No ship has struck, surrendered or been lost." in md


def test_a_markdown_report_is_written_whole_through_a_temporary_file(umpire, duel, tmp_path):
    import os

    out = tmp_path / "report.md"
    out.write_text("old")
    os.chmod(out, 0o640)
    assert umpire("report", "-o", out).code == 0
    assert out.read_text().startswith("# ") and oct(os.stat(out).st_mode & 0o777) == "0o640"
    assert not [p for p in os.listdir(tmp_path) if p.endswith(".tmp")]
    os.chmod(out, 0o440)
    res = umpire("report", "-o", out)
    assert res.code == 2 and "read-only" in res.err
