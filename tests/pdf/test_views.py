"""View models of the WS&IM log, and the text helpers, against the rule book's log sheet."""

from __future__ import annotations

import re

from tests.pdf.conftest import FIXTURES, MARS, pages, run, text
from umpire.core.tables import Tables
from umpire.pdf.draw import markup, printable
from umpire.pdf.sources import Fleet
from umpire.pdf.wsim.views import box_groups, grid_rows, rows_needed, wsim_ship
from umpire.rules.wsim.ship import new_ship


def ship(**changes) -> dict:
    s = new_ship({"id": "mars", "name": "MARS", "side": "british", "spec": MARS, "class": "SOL", "rated_guns": 74})
    s.update(changes)
    return s


def fleet(*ships: dict, damage: bool = True, names=None) -> Fleet:
    return Fleet("wsim-1981", "t", "s", 3 if damage else 0, damage, tuple(ships), {}, Tables("wsim-1981"),
                 names or {})


def test_blank_groups_follow_the_spec_and_mark_out_short_sections():
    groups = box_groups(ship(), damage=False)
    assert [(g.number, g.title, g.width) for g in groups] == [
        (9, "Hull", 14), (10, "Crew", 5), (11, "Guns", 9), (12, "Carronades", 1), (13, "Rigging", 7)]
    crew = groups[1]
    assert [(t.label, t.total, t.crossed) for t in crew.tracks] == [("1", 5, 0), ("2", 4, 0), ("3", 4, 0)]
    assert [t.label for t in groups[2].tracks] == ["L", "R"]


def test_damage_crosses_squares_lost_only_when_asked():
    hurt = ship(hull_left=9, crew_left=[3, 4, 4], guns_left={"left": 9, "right": 6},
                carronades_left={"left": 0, "right": 1}, rigging_left=[0, 5, 7])
    assert sum(g.crossed for g in box_groups(hurt, damage=False)) == 0
    got = {g.number: [t.crossed for t in g.tracks] for g in box_groups(hurt, damage=True)}
    assert got == {9: [5], 10: [2, 0, 0], 11: [0, 3], 12: [1, 0], 13: [7, 2, 0]}


def test_header_lines_and_movement_now():
    """One rigging section lost takes one hex off every attitude (Basic VIII.D.4.a)."""
    view = wsim_ship(ship(rigging_left=[0, 7, 7]), fleet())
    assert view.name_and_guns == "MARS, 74 guns"
    assert view.quality == "Crack (CR)"
    assert [(m.attitude, m.battle, m.full, m.battle_now, m.full_now) for m in view.movement] == [
        ("A", 3, 5, 2, 4), ("B", 2, 4, 1, 3), ("C", 1, 2, 0, 1), ("D", 0, 0, 0, 0)]
    blank = wsim_ship(ship(rigging_left=[0, 7, 7]), fleet(damage=False))
    assert all(m.battle_now is None for m in blank.movement)


def test_a_speed_without_a_chart_prints_a_dash():
    odd = new_ship({"id": "x", "name": "X", "side": "a", "spec": "6H-(2-2)M-4G-4R(2)-4-12'-8(GR)"})
    view = wsim_ship(odd, fleet(odd))
    assert [(m.battle, m.full) for m in view.movement] == [(None, None)] * 4


def test_captured_ship_status_and_quality():
    prize = ship(state="captured", controller="french", prize={"squares": 4, "quality": "AV", "from": "hercule"},
                 fouled=["hercule"], liable=["firepower"], passengers=2)
    view = wsim_ship(prize, fleet(prize, names={"hercule": "HERCULE"}))
    assert view.quality == "Average (AV)"
    assert view.status == ("state: captured", "now held by the french side",
                           "prize crew: 4 squares (AV) from HERCULE", "crew carried separately: 2 squares",
                           "liable to surrender by firepower", "fouled with HERCULE")
    assert wsim_ship(prize, fleet(prize, damage=False)).quality == "Crack (CR)"


def test_turn_grid_rows_start_loaded_and_run_to_the_current_turn():
    view = wsim_ship(ship(), fleet())
    assert rows_needed(view) == 4
    rows = grid_rows(view, 5)
    assert [(r.turn, r.left, r.right) for r in rows] == [("start", "R", "R"), ("1", "", ""), ("2", "", ""),
                                                          ("3", "", ""), ("4", "", "")]


def test_text_helpers():
    assert printable("Ñuestra Señora\tłódź\nΑΘΗΝΑ") == "Ñuestra Señora łódź ΑΘΗΝΑ"
    assert markup("O'Brien & <Sons>") == "O&#39;Brien &amp; &lt;Sons&gt;"


def test_sheet_sections_are_numbered_as_in_the_rule_book(tmp_path):
    """Each numbered section printed on the log is the one the 1981 rules describe under that number."""
    excerpt = (FIXTURES / "wsim-1981-log-sheet.md").read_text()
    items = dict(re.findall(r"^(\d+)\\\.\n\n?:\s+(.*?)(?=^\d+\\\.|\Z)", excerpt, re.S | re.M))
    out = tmp_path / "blank.pdf"
    assert run("sheet", "--scenario", "wsim-1b", "mars", "-o", out).exit_code == 0
    printed = dict(re.findall(r"\b(9|1[0-6]) (Hull|Crew|Guns|Carronades|Rigging|Load|Move|Notes)\b",
                              text(pages(out)[0])))
    assert sorted(printed, key=int) == [str(n) for n in range(9, 17)]
    stems = {"Guns": "gun", "Carronades": "carronade", "Move": "move"}
    for number, word in printed.items():
        assert stems.get(word, word).lower() in items[number].lower(), (number, word)
