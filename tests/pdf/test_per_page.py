"""`umpire sheet --per-page 2|4`: several small ships' sheets to a page, each laid out again for its
half or quarter (text at 6 pt at least, squares at 2.8 mm at least), every log 30 turns long with
its continuations, a ship too big for a cell on a page of her own with a warning."""

from __future__ import annotations

import json
import re

import pytest

from tests.pdf.conftest import FIXTURES, font_sizes, pages, run, stream, text  # noqa: F401

MM = 72 / 25.4
SQUARE = re.compile(rb"[-\d.]+ [-\d.]+ ([\d.]+) ([\d.]+) re")
LISSA = "wsim-2d"     # the Battle of Lissa: ten frigates
LISSA_FOUR = ("amphion", "active", "volage", "cerberus")


def printed(tmp_path, *args: str):
    out = tmp_path / "out.pdf"
    res = run("--json", "sheet", *args, "-o", out)
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    got = pages(out)
    assert data["pages"] == len(got)
    return data, got, [text(p) for p in got]


def turns_of(texts: list[str], name: str, names: tuple[str, ...]) -> set[int]:
    """The turn numbers printed in a ship's log parts: the rows under each title band of hers, up to
    the next ship's band or the page's foot (the first column of a turn grid reads as lone numbers)."""
    found: set[int] = set()
    for page in texts:
        mine = False
        for line in page.splitlines():
            if line.strip() in names:
                mine = line.strip() == name
            elif mine and re.fullmatch(r"\d{1,3}", line.strip()):
                found.add(int(line))
    return found


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("per_page, sheet_pages", [(2, 2), (4, 1)])
def test_four_frigates_share_pages_and_keep_thirty_turns(tmp_path, paper, per_page, sheet_pages):
    data, got, texts = printed(tmp_path, *LISSA_FOUR, "--scenario", LISSA, "--per-page", str(per_page),
                               "--paper", paper)
    assert data["per_page"] == per_page and "warnings" not in data
    # the cover (the briefing goes there), then the pages of sheets, then the logs' continuations
    assert "cover" in texts[0]
    names = [n.upper() for n in LISSA_FOUR]
    for k in range(sheet_pages):
        firsts = names[k * per_page:(k + 1) * per_page]
        assert all(n in texts[1 + k] for n in firsts)
        assert "Hit Record" in texts[1 + k] and "continued" not in texts[1 + k]
    assert len(got) < 1 + len(LISSA_FOUR)                        # fewer pages than one ship a page
    for name in names:
        assert set(range(1, 31)) <= turns_of(texts, name, tuple(names)), name   # continuations too
        assert any(f"{name}\n" in t and "continued, part 2" in t for t in texts[1 + sheet_pages:])
    width, height = float(got[1].mediabox.width), float(got[1].mediabox.height)
    assert (width > height) == (per_page == 2)                    # each cell stands upright


@pytest.mark.parametrize("scenario, extra", [(LISSA, ()), ("dguts-essex-phoebe", ()),
                                             ("dguts-constitution-guerriere", ("--paper", "letter"))])
@pytest.mark.parametrize("per_page", [2, 4])
def test_no_text_under_6_pt_and_squares_of_2_8_mm(tmp_path, scenario, extra, per_page):
    _, got, _ = printed(tmp_path, "--scenario", scenario, "--per-page", str(per_page), *extra)
    assert min(s for p in got for s in font_sizes(p)) >= 6.0
    squares = [float(w) for p in got for w, h in SQUARE.findall(stream(p)) if w == h]
    assert squares and min(squares) >= 2.8 * MM - 0.01


def test_dguts_logs_hold_thirty_turns_in_all(tmp_path):
    _, _, texts = printed(tmp_path, "--scenario", "dguts-essex-phoebe", "--per-page", "4", "--paper", "letter")
    names = ("Essex", "Essex Jr.", "Phoebe", "Cherub")
    for name in names:
        assert set(range(1, 31)) <= turns_of(texts, name, names), name


def test_one_to_a_page_is_the_sheet_as_before(tmp_path):
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    assert run("sheet", "--scenario", LISSA, "-o", a).exit_code == 0
    assert run("sheet", "--scenario", LISSA, "--per-page", "1", "-o", b).exit_code == 0
    assert a.read_bytes() == b.read_bytes()


def test_same_bytes_twice(tmp_path):
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    for out in (a, b):
        assert run("sheet", "--scenario", LISSA, "--per-page", "4", "-o", out).exit_code == 0
    assert a.read_bytes() == b.read_bytes()


def test_a_ship_too_big_for_a_quarter_prints_alone_with_a_warning(tmp_path, umpire):
    """A first-rate's Advanced Game squares (crew and guns doubled) are taller than a quarter."""
    game = tmp_path / "game.toml"
    assert umpire("new", game, "--ruleset", "wsim-1981", "--level", "advanced").code == 0
    for name, spec in (("VICTORY", "20H-(9-9-9)M-16(2)G-9R(3)-5-24'-44(CR)"),
                       ("PICKLE", "3H-(1-1-1)M-2(0)G-3R(3)-6-9'-4(AV)"),
                       ("ALERT", "3H-(1-1-1)M-2(0)G-3R(3)-6-9'-4(AV)")):
        assert umpire("ship", "add", name, "--side", "british", "--spec", spec).code == 0, name
    res = run("--game", game, "--json", "sheet", "--per-page", "4", "-o", tmp_path / "f.pdf")
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert any("victory" in w and "page of her own" in w for w in data["warnings"])
    assert not any("pickle" in w or "alert" in w for w in data["warnings"])
    texts = [text(p) for p in pages(tmp_path / "f.pdf")]
    alone = [t for t in texts if t.startswith("VICTORY")]
    assert alone and not any("PICKLE" in t for t in alone)
    human = run("--game", game, "sheet", "--per-page", "4", "-o", tmp_path / "g.pdf")
    assert "victory" in human.output and "page of her own" in human.output


@pytest.mark.parametrize("value", ["3", "0", "8"])
def test_other_numbers_to_a_page_are_refused(umpire, tmp_path, value):
    res = umpire("sheet", "--scenario", LISSA, "--per-page", value, "-o", tmp_path / "x.pdf")
    assert res.code == 2
    assert "--per-page" in res.err and "1, 2 or 4" in res.err and "Traceback" not in res.err
    assert len(res.err.strip().splitlines()) <= 2
    assert not (tmp_path / "x.pdf").exists()


def test_the_grid_games_panels_print_one_to_a_page(umpire, tmp_path):
    res = umpire("sheet", "--scenario", "grid-swallow-royal-fortune", "--per-page", "2", "-o", tmp_path / "g.pdf")
    assert res.code == 2 and "one to a page" in res.err


def test_tables_follow_the_shared_pages(tmp_path):
    _, got, texts = printed(tmp_path, *LISSA_FOUR, "--scenario", LISSA, "--per-page", "4", "--tables")
    assert "Hit Determination" in texts[-1] or any("Hit Determination" in t for t in texts[-3:])
    # the tables are on the paper's own upright pages, after the landscape-free quarters
    assert float(got[-1].mediabox.width) < float(got[-1].mediabox.height)


def test_a_game_with_damage_prints_its_crosses_in_the_cells(battle, tmp_path):
    plain = run("--game", battle, "sheet", "-o", tmp_path / "a.pdf")
    shared = run("--game", battle, "--json", "sheet", "--per-page", "2", "-o", tmp_path / "b.pdf")
    assert plain.exit_code == 0 and shared.exit_code == 0
    from tests.pdf.conftest import x_marks

    assert sum(map(x_marks, pages(tmp_path / "a.pdf"))) == sum(map(x_marks, pages(tmp_path / "b.pdf"))) > 0
    assert json.loads(shared.output)["pages"] <= 2
