"""`umpire sheet --tables`: the ruleset's quick-reference tables after the sheets, house rulings marked."""

from __future__ import annotations

from tests.pdf.conftest import pages, run, text


def test_without_tables_the_pdf_is_as_before(battle, tmp_path):
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    assert run("--game", battle, "sheet", "-o", a).exit_code == 0
    assert run("--game", battle, "sheet", "--tables", "-o", b).exit_code == 0
    plain, more = pages(a), pages(b)
    assert len(more) > len(plain)
    assert all("Quick-reference tables" not in text(p) for p in plain)
    extra = "".join(text(p) for p in more[len(plain):])
    for name in ("Hit Determination Table (HDT)", "Hit tables", "Melee resolution table", "Movement charts",
                 "Fouling table", "Grappling table"):
        assert name in extra, name
    assert "2H-R-G" in extra                 # a hit table entry
    assert "house ruling" not in extra


def test_house_rulings_are_applied_and_marked(battle, tmp_path):
    res = run("--game", battle, "rulings", "set", "hdt.modifiers.rake", "[1, 1, 2, 2, 3]", "--reason", "club")
    assert res.exit_code == 0, res.output
    out = tmp_path / "t.pdf"
    assert run("--game", battle, "sheet", "--tables", "-o", out).exit_code == 0
    extra = "".join(text(p) for p in pages(out) if "Quick-reference" in text(p))
    assert "+3 \u2020" in extra and "\u2020 changed by a house ruling: hdt: modifiers rake" in extra


def test_dguts_tables(tmp_path):
    out = tmp_path / "d.pdf"
    assert run("sheet", "--scenario", "dguts-constitution-guerriere", "--tables", "-o", out).exit_code == 0
    extra = "".join(text(p) for p in pages(out) if "Quick-reference" in text(p))
    for name in ("Fire table", "Morale table", "Boarding odds"):
        assert name in extra, name


def test_a_failed_write_leaves_no_truncated_pdf(umpire, battle, tmp_path, monkeypatch):
    """The PDF goes to a temporary file renamed over the output: a write that fails midway leaves the
    old file as it was and no temporary file behind."""
    import os

    out = tmp_path / "fleet.pdf"
    out.write_bytes(b"old")
    real = os.fsync
    assert run("--game", battle, "sheet", "-o", out).exit_code == 0 and out.read_bytes()[:5] == b"%PDF-"
    out.write_bytes(b"old")

    def broken(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", broken)
    res = umpire("--game", battle, "sheet", "-o", out)
    monkeypatch.setattr(os, "fsync", real)
    assert res.code == 2 and f"output {out}: cannot write (No space left on device)" in res.err
    assert out.read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".fleet")) == []
