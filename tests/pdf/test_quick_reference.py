"""`sheet --tables`: the quick-reference pages read as the rule books lay their tables out, with
headings and labels, and nothing on them that is a program value."""

from __future__ import annotations

import re

import pytest

from tests.pdf.conftest import HERCULE, MARS, pages, run, text
from umpire.pdf.tables import Block, Cell, Ctx, Row, band, fraction_text, generic, rolls, words

#: what a program value leaves on a page: dict and list reprs, quoted keys, data sentinels, Python words
REPRS = re.compile(r"\{'|'\}|\[|\]|': |\"[a-z_]+\":|999999|\bNone\b|\bTrue\b|\bFalse\b|[a-z]+_[a-z]+")


def quick_text(pdf) -> str:
    """The quick-reference pages' text, headings wrapped over lines read as one line."""
    return " ".join(" ".join(text(p).split()) for p in pages(pdf) if "Quick-reference tables" in text(p))


def wsim_game(umpire, tmp_path, *new_args: str):
    game = tmp_path / "g.toml"
    assert umpire("new", game, "--seed", "5", *new_args).code == 0
    for name, spec in (("MARS", MARS), ("HERCULE", HERCULE)):
        res = umpire("--game", game, "ship", "add", name, "--side", name.lower(), "--spec", spec, "--class", "SOL",
                     "--turning", "1")
        assert res.code == 0, res.err
    return game


def test_basic_game_tables_have_the_rule_books_headings(battle, tmp_path):
    out = tmp_path / "t.pdf"
    assert run("--game", battle, "sheet", "--tables", "-o", out).exit_code == 0
    extra = quick_text(out)
    for heading in ("Hit Determination Table (HDT)", "Guns Firing", "Range in hexes", "Hit table modifiers",
                    "Crew Quality", "Crew Section Loss", "Initial Bdside", "Cap Ship", "Hit Table 8", "Hull",
                    "Rigging", "Die roll", "Crew melee strength table", "Elite crew square",
                    "Melee resolution table", "Total melee strength", "81+", "Fouling table", "Ships are fouled",
                    "Unfouling table", "Grappling table", "Grappling succeeds", "Ungrappling table",
                    "Movement charts", "Battle sail 3", "Attitude to the wind"):
        assert heading in extra, heading
    assert "Critical Hit Table" not in extra         # the Basic Game has none
    assert not REPRS.findall(extra), REPRS.findall(extra)


def test_advanced_tables_add_the_critical_hit_table_and_keep_the_star_for_criticals(umpire, tmp_path):
    game = wsim_game(umpire, tmp_path, "--ruleset", "wsim-1981", "--level", "advanced", "--optional", "copper-bottom")
    out = tmp_path / "a.pdf"
    assert run("--game", game, "sheet", "--tables", "-o", out).exit_code == 0
    extra = quick_text(out)
    for heading in ("Critical Hit Table", "R: Rigging", "H: Hull", "No Effect", "Stern Rake", "Hit Table 10",
                    "Optional modifiers", "Ammunition", "All types of anchor", "Ammunition Range Table",
                    "Ball shot", "Destroyed Hull Table", "1(2)"):
        assert heading in extra, heading
    assert "6H-2G-2C*" in extra and "a critical hit is possible" in extra
    assert "house ruling" not in extra
    assert not REPRS.findall(extra), REPRS.findall(extra)


def test_house_rulings_have_a_mark_of_their_own_listed_in_the_footer(umpire, tmp_path):
    game = wsim_game(umpire, tmp_path, "--ruleset", "wsim-1981", "--level", "advanced")
    assert run("--game", game, "rulings", "set", "hdt.modifiers.stern_rake", "[2, 2, 2, 2, 2, 2, 2, 2, 2]",
               "--reason", "club").exit_code == 0
    out = tmp_path / "r.pdf"
    assert run("--game", game, "sheet", "--tables", "-o", out).exit_code == 0
    extra = quick_text(out)
    assert extra.count("+2 \u2020") == 9                     # every cell of the ruled column, and no other
    assert "\u2020 changed by a house ruling: hdt: modifiers stern rake" in extra
    assert "6H-2G-2C*" in extra and "* changed" not in extra


@pytest.mark.parametrize("ruleset, headings", [
    ("wsim-1974", ("Hit Determination Table (HDT)", "Melee resolution table", "Destroyed Hull Table")),
    # the Tournament Edition's hit tables are on its table cards, which the text lacks (a table pack)
    ("wsim-te26", ("Crew melee strength table", "Movement charts")),
])
def test_other_editions_print_their_tables_as_tables(umpire, tmp_path, ruleset, headings):
    game = wsim_game(umpire, tmp_path, "--ruleset", ruleset)
    out = tmp_path / "e.pdf"
    assert run("--game", game, "sheet", "--tables", "-o", out).exit_code == 0
    extra = quick_text(out)
    for heading in headings:
        assert heading in extra, heading
    assert not REPRS.findall(extra), REPRS.findall(extra)


def test_dguts_tables_are_laid_out_by_range_aim_and_odds(tmp_path):
    out = tmp_path / "d.pdf"
    assert run("sheet", "--scenario", "dguts-constitution-guerriere", "--tables", "-o", out).exit_code == 0
    extra = quick_text(out)
    for heading in ("Fire table", "Die roll", "Aim", "High", "Low", "H/2", "Fire multipliers", "1 1/2",
                    "Morale table", "Flushed with victory", "Multiply fire by", "Grappling", "Boarding odds", "3:2",
                    "Dice rolled", "Melee results", "Difference in spots", "Damage causing sinking", "70\u201379%",
                    "Base speed", "Wind force", "Point of sail", "Times base speed", "Speed lost aloft",
                    "Each mast lost", "Sailing class", "+1/10", "Collision", "Entangling collision"):
        assert heading in extra, heading
    assert not REPRS.findall(extra), REPRS.findall(extra)


def test_grid_tables(tmp_path):
    out = tmp_path / "g.pdf"
    assert run("sheet", "--scenario", "grid-swallow", "--tables", "-o", out).exit_code == 0
    extra = quick_text(out)
    assert "Sail setting" in extra and "Class A" in extra and "All Sails" in extra
    assert not REPRS.findall(extra), REPRS.findall(extra)


def test_quick_reference_pages_keep_their_text_on_the_page_at_six_points_or_more(umpire, tmp_path):
    """No text runs past the paper's edge, and none is set below 6 pt."""
    from tests.pdf.conftest import font_sizes

    game = wsim_game(umpire, tmp_path, "--ruleset", "wsim-1981", "--level", "advanced")
    out = tmp_path / "s.pdf"
    assert run("--game", game, "sheet", "--tables", "-o", out).exit_code == 0
    for page in pages(out):
        if "Quick-reference tables" in text(page):
            assert min(font_sizes(page)) >= 6
            assert "\u2026" not in text(page)                     # nothing shortened


def test_values_are_written_as_words_and_numbers():
    assert words({"up_to_inches": 1, "share": "1/2"}) == "up to inches 1; share 1/2"
    assert words([[1, 3], [4, 6]]) == "1\u20133, 4\u20136" and words([]) == "none"
    assert band([81, 999999]) == "81+" and band([13, 13]) == "13"
    assert rolls([1, 2, 3]) == "1\u20133" and rolls([1, 3, 5]) == "1, 3, 5"
    assert fraction_text("3/2") == "1 1/2" and fraction_text("-1/20") == "\u22121/20"
    blocks = generic({"source": "x", "rings": [{"up_to_inches": 1, "share": "1/4"}], "round_down": True},
                     Ctx("explosion"))
    assert [b.title for b in blocks] == ["Explosion", "Explosion: rings"]
    assert blocks[1].rows == (Row("1", (Cell("1/4"),)),) and blocks[0].rows[0].cells == (Cell("yes"),)
    assert isinstance(blocks[0], Block)


def test_a_table_that_fits_a_page_is_not_split(tmp_path):
    """Letter paper puts the 1974 Destroyed Hull Table at a page's foot: it moves whole to the next."""
    out = tmp_path / "l.pdf"
    assert run("sheet", "mars", "--scenario", "wsim-1b", "--tables", "--paper", "letter", "-o", out).exit_code == 0
    quick = [" ".join(text(p).split()) for p in pages(out) if "Quick-reference tables" in text(p)]
    for title, rows in (("Destroyed Hull Table", ("Surrenders", "Sinks", "Explodes")),
                        ("Grappling table", ("Grappling succeeds", "Attempt fails")),
                        ("Hit tables", ("Hit Table 0", "Hit Table 8"))):
        page = next(p for p in quick if title in p)
        assert all(r in page for r in rows), (title, rows)


def test_narrow_tables_stand_side_by_side(tmp_path):
    """The four one-die tables of fouling and grappling go across the page, as the 1981 tables set
    them, so the 1974 game's quick reference takes two pages on Letter, not three."""
    import re

    out = tmp_path / "l.pdf"
    assert run("sheet", "mars", "--scenario", "wsim-1b", "--tables", "--paper", "letter", "-o", out).exit_code == 0
    quick = [p for p in pages(out) if "Quick-reference tables" in text(p)]
    assert len(quick) == 2
    at = {}

    def seen(t, cm, tm, font, size):
        if t.strip() in ("Fouling table", "Unfouling table", "Grappling table", "Ungrappling table"):
            at[t.strip()] = (round(tm[4]), round(tm[5]))
    for page in quick:
        page.extract_text(visitor_text=seen)
    assert len(at) == 4 and len({y for _, y in at.values()}) == 1          # one line across
    assert [name for name, _ in sorted(at.items(), key=lambda kv: kv[1][0])] == [
        "Fouling table", "Unfouling table", "Grappling table", "Ungrappling table"]
    assert re.search(r"wsim-1974-first-edition\.txt", " ".join(text(p) for p in quick))
