"""The end of a WS&IM game as the state shows it (Basic XI; Advanced III.A.3.c)."""

from __future__ import annotations

from tests.rulesets.wsim_1981.helpers import TABLES, make_state
from umpire.rules.wsim.turns import score, victory

A = "10H-(4-4-4)M-6G-5R(3)-5-18'-20(CR)"
B = "10H-(6-6-6)M-6G-5R(3)-5-18'-15(PR)"


def test_single_ship_goes_on_while_both_fight():
    got = victory(make_state(a=("x", A), b=("y", B)), TABLES)
    assert got["action"] == "single-ship" and not got["over"]


def test_a_ship_that_strikes_loses():
    # VIII.D.1.b: a ship whose hull is gone "will surrender by striking her colors"; XI.A.
    st = make_state(a=("x", A), b=("y", B))
    st["ships"]["b"].update(struck=True, state="struck", hull_left=0)
    got = victory(st, TABLES)
    assert (got["over"], got["winner"], got["draw"]) == (True, "x", False)


def test_both_surrendered_is_a_draw():
    # XI.A.2: "If both ships 'surrender' simultaneously, it is a draw."
    st = make_state(a=("x", A), b=("y", B))
    for sid in ("a", "b"):
        st["ships"][sid]["state"] = "surrendered"
    got = victory(st, TABLES)
    assert (got["over"], got["winner"], got["draw"], got["source"]) == (True, None, True, "Basic XI.A.2")


def test_loss_of_all_crew_loses_even_if_the_other_strikes():
    # XI.A.3: "Loss of all crew squares will automatically end the game with victory for the
    # other side, even if that side 'strikes'."
    st = make_state(a=("x", A), b=("y", B))
    st["ships"]["a"]["crew_left"] = [0, 0, 0]
    st["ships"]["b"].update(struck=True, state="struck", hull_left=0)
    got = victory(st, TABLES)
    assert (got["over"], got["winner"], got["source"]) == (True, "y", "Basic XI.A.3")


def test_multi_ship_shows_the_leader_and_leaves_the_end_to_the_scenario():
    # XI.B.2-4: a struck ship gives the other side her points; the scenario sets the end.
    st = make_state(a=("x", A), b=("y", B), c=("y", B))
    st["ships"]["b"].update(struck=True, state="struck", hull_left=0)
    got = score(st, TABLES)
    assert got["points"] == {"x": 15, "y": 0}
    assert got["victory"]["action"] == "multi-ship" and not got["victory"]["over"]
    assert got["victory"]["leader"] == "x"


def test_a_hurricane_ends_the_game():
    # Advanced III.A.3.c: "If the wind velocity should increase a step from storm force to
    # hurricane force, the game ends immediately." Hurricane is velocity 7 on the wind scale.
    from umpire.core.tables import Tables

    st = make_state(a=("x", A), b=("y", B))
    st["wind"] = {"direction": 1, "velocity": 7, "change": 4, "initial": 1}
    got = victory(st, Tables("wsim-1981-advanced"))
    assert (got["over"], got["winner"], got["source"]) == (True, None, "Advanced III.A.3.c")
