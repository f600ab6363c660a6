"""The scenario on paper: briefing on the cover (or on a duel's sheets), order of battle, class,
game length, a ship out of the fight marked in her title."""

from __future__ import annotations

import tomllib

from umpire.core import scenarios
from tests.pdf.conftest import pages, run, text


def _pdf(tmp_path, *args):
    out = tmp_path / "out.pdf"
    res = run(*args, "-o", out)
    assert res.exit_code == 0, res.output
    return pages(out)


def test_fleet_cover_carries_the_briefing_then_the_ships(trafalgar_sheets):
    cover = "".join(t for t in trafalgar_sheets.texts if "cover " in t)
    for expected in ("The Battle of Trafalgar", "1805-10-21", "Light Breeze", "blowing toward hex direction 5",
                     "20 turns", "Victory", "150 points", "Special rules", "Timed Moves", "Before play"):
        assert expected in cover, expected
    assert cover.index("Briefing") < cover.index("british (")


def test_sheets_follow_the_order_of_battle_by_side(trafalgar_sheets):
    """Trafalgar's British line as the scenario lists it, then the Combined Fleet."""
    scen = tomllib.loads(scenarios.bundled()["wsim-3b"].read_text(encoding="utf-8"))
    expected = [s["name"] for side in scen["sides"] for s in scen["ships"] if s["side"] == side["id"]]
    printed = [t.split("\n")[0] for t in trafalgar_sheets.texts if "cover " not in t]
    assert printed == expected


def test_cards_follow_the_order_of_battle_and_carry_the_briefing(trafalgar_cards):
    everything = "".join(trafalgar_cards.texts)
    assert everything.index("VICTORY") < everything.index("TEMERAIRE") < everything.index("BUCENTAURE")
    assert "Light Breeze" in everything and "150 points" in everything


def test_a_ship_of_the_line_prints_as_the_rule_book_names_it(tmp_path):
    page = text(_pdf(tmp_path, "sheet", "victory", "--scenario", "trafalgar")[0])
    assert "VICTORY \u2013 S.O.L. \u2013 turning ____" in page       # turning: on the counters only


def test_the_turn_grid_runs_to_the_scenario_length_and_marks_the_end(tmp_path):
    page = text(_pdf(tmp_path, "sheet", "victory", "--scenario", "trafalgar")[0])
    assert "game ends" in page


def test_a_ship_out_of_the_fight_is_marked_in_her_title(battle):
    from umpire import pdf
    from umpire.core import game as gamefile

    g = gamefile.load(battle)
    state = g.state()
    state["ships"]["hercule"]["state"] = "struck"
    got = pages(pdf.sheets_pdf(pdf.fleet_from_game(g, state)).pdf)
    titles = [text(p).split("\n")[0] for p in got]
    assert titles == ["MARS", "HERCULE"]
    assert "STRUCK" in text(got[1]) and "STRUCK" not in text(got[0])
