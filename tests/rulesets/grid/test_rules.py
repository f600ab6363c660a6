"""Pure grid rules: fire dice, lining up boarding dice, points of sailing, card draws and effects."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, strategies as st

from umpire.core.errors import BadInput, Refused
from umpire.core.tables import Tables
from umpire.rules.grid import cards as C
from umpire.rules.grid import combat, movement
from umpire.rules.grid.ruleset import Grid

T = Tables("grid")
RS = Grid()


def ship(kind="frigate", **opts):
    return RS.new_ship(RS.ship_definition("Test", "one", "test", {"type": kind, **opts}))


@pytest.mark.parametrize("face,rng,boat,hit", [(1, 1, False, True), (2, 1, False, True), (8, 5, False, True),
                                               (4, 5, False, False), ("X", 1, False, False),
                                               (2, 2, True, True), (3, 2, True, False), (8, 2, True, False),
                                               (8, 8, True, True), ("X", 1, True, False)])
def test_a_face_at_or_above_the_range_hits_a_ship_only_the_exact_range_a_boat(face, rng, boat, hit):
    assert combat.scores_hit(face, rng, boat) is hit


def test_tool_rolls_read_as_the_home_made_die():
    assert [combat.face_of(r, T) for r in range(1, 7)] == [1, 2, 3, 4, "X", 8]


@given(st.text(max_size=30), st.integers(0, 8))
def test_typed_faces_never_crash(text, count):
    try:
        faces = combat.parse_faces(text, T, count)
    except BadInput:
        return
    assert len(faces) == count and all(f in (1, 2, 3, 4, 8, "X") for f in faces)


def test_lining_up_the_first_move_of_the_example():
    a = [(8, 0, 0), (6, 1, 1), (6, 1, 2), (5, 1, 3), (4, 0, 4), (4, 1, 5), (4, 1, 6), (2, 1, 7), (1, 1, 8),
         (1, 1, 9)]
    d = [(8, 0, 0), (8, 0, 1), (6, 1, 2), (3, 1, 3), (3, 1, 4), (1, 1, 5)]
    assert combat.line_up(a, d) == ([1], [3, 4, 5])


def test_a_marine_die_lines_up_ahead_of_a_crew_die_of_the_same_score():
    figures = [("fighting", "crew"), ("marines", "marine")]
    got = combat.scores(figures, (4, 1), {"quality": 0, "marine": 3})
    assert [(s, i) for s, _, i in got] == [(4, 1), (4, 0)]


@pytest.mark.parametrize("heading,wind,point", [("NE", "N", "reach"), ("NW", "N", "reach"), ("E", "N", "other"),
                                                ("S", "N", "other"), ("N", "S", "other"), ("SW", "S", "reach"),
                                                ("W", "nw", "reach")])
def test_points_of_sailing(heading, wind, point):
    assert movement.point_of_sailing(heading, wind) == point


def test_straight_into_the_wind_is_refused():
    with pytest.raises(Refused):
        movement.point_of_sailing("SE", "SE")


def test_draws_are_repeatable_and_leave_the_pile():
    s = ship()
    first = C.draw(s, 5, seed=11)
    assert first == C.draw(s, 5, seed=11)
    C.take(s, first)
    assert sum(s["deck"].values()) == 75 and s["draws"] == 1


def test_a_draw_never_takes_more_than_the_pile():
    s = ship()
    s["deck"] = {"pantry-hit": 1}
    assert C.draw(s, 3, seed=1) == ["pantry-hit"]


@pytest.mark.parametrize("card", [c["id"] for c in T["deck"]["cards"]])
def test_every_card_has_an_effect_and_a_place_to_go(card):
    s = ship("1st-rate-ship-of-the-line")
    s["positions"] = {"gunner": 1, "surgeon": 1, "pumps": 1, "fighting": 1, "marines": 1, "port": 2}
    before = copy.deepcopy(s)
    entry = C.cards_by_id(T["deck"])[card]
    C.take(s, [card])
    step = C.apply_card(s, entry, "port", 1, T)
    left = sum(s["deck"].values())
    if "back to the pile" in step.value:
        assert left == 80
    else:
        assert left == 79
    if entry["kind"] == "none":
        assert {k: v for k, v in s.items() if k not in ("deck", "draws")} == \
            {k: v for k, v in before.items() if k not in ("deck", "draws")}


def test_speed_names_the_steering_cards_held_and_a_halted_ship_drifts_unless_anchored():
    s = ship()
    s["held"] = [{"card": "rudder-jammed"}, {"card": "wheel-shot-away"}, {"card": "sail-shot-away"}]
    lines = [f"{st.step}: {st.value}" for st in movement.speed(s, T, "main", "reach").working]
    assert "card rudder-jammed: RUDDER Jammed, No turns Until Repaired" in lines
    assert "card wheel-shot-away: WHEEL Shot Away, Turn Downwind Until Repaired" in lines
    assert not any(line.startswith("card sail-shot-away") for line in lines)
    assert any(line.startswith("halted: she does not move") for line in lines)     # Mainsail reaching: 0
    anchored = movement.speed(ship(), T, "anchor", "other")
    assert anchored.data["allowance"] == 0 and not any(st.step == "halted" for st in anchored.working)


def test_hull_rows_are_the_first_rates_drawing_cut_to_each_ships_boxes():
    # "0000 / 0000000000 / 0000000000 / 0000" (L517-520) = 28, the 1st Rate's "Damage: 28" (L389);
    # smaller ships "delete the detail that is not appropriate" (L79-80) from the last row back
    from umpire.rules.grid import ship as S

    drawn = Tables("grid")["panel"]["hull_rows"]
    assert drawn == [4, 10, 10, 4]
    want = {28: [4, 10, 10, 4], 24: [4, 10, 10], 20: [4, 10, 6], 16: [4, 10, 2], 12: [4, 8], 8: [4, 4],
            30: [4, 10, 10, 4, 2]}
    for boxes, rows in want.items():
        assert S.hull_row_sizes(boxes, drawn) == rows
    rows = S.hull_row_sizes(16, drawn)
    assert [S.complete_rows(n, rows) for n in (0, 3, 4, 13, 14, 15, 16)] == [0, 0, 1, 1, 2, 2, 3]


def test_boarding_odds_count_every_roll_as_lining_the_dice_up_does():
    """`odds board`: the score-by-score count gives, for each pair of casualties, as many rolls as
    resolving every roll by lining the dice up (L245-246), crew and marines, any crew quality."""
    import itertools
    from collections import Counter

    from umpire.rules.grid.combat import line_up, scores
    from umpire.rules.grid.odds import BoardOdds

    for ac, am, dc, dm, qa, qd in ((2, 0, 3, 2, 0, 0), (1, 1, 2, 1, 1, -1), (3, 1, 2, 0, -1, 1), (0, 2, 3, 0, 1, 0)):
        fa = [("fighting", "crew")] * ac + [("marines", "marine")] * am
        fd = [("fighting", "crew")] * dc + [("marines", "marine")] * dm
        want: Counter = Counter()
        for ra in itertools.product(range(1, 7), repeat=len(fa)):
            sa = scores(fa, ra, {"quality": qa, "marine": 3})
            for rd in itertools.product(range(1, 7), repeat=len(fd)):
                la, ld = line_up(sa, scores(fd, rd, {"quality": qd, "marine": 3}))
                want[(len(la), len(ld))] += 1
        got = BoardOdds(((ac, qa), (am, qa + 3)), ((dc, qd), (dm, qd + 3)), ("A", "D"), dc + dm).counts()
        assert got == dict(want)
