"""Wind direction at the start of play."""

from __future__ import annotations

import pytest

from umpire.rules.dguts import BadInput, resolve_wind_direction


@pytest.mark.parametrize("rolls, cardinal, wind_from", [
    ((2, 4, 3), "N", "N"), ((2, 3, 4), "S", "S"), ((1, 2, 5), "E", "SE"),
    ((3, 5, 1), "W", "S"), ((4, 6, 6), "N", "E"), ((5, 1, 2), "W", "SW"),
])
def test_wind_direction(rolls, cardinal, wind_from):
    data = resolve_wind_direction(rolls).data
    assert (data["cardinal"], data["wind_from"]) == (cardinal, wind_from)


def test_wind_needs_three_dice():
    with pytest.raises(BadInput, match="red, white, shift"):
        resolve_wind_direction([1, 2])


# ---------------------------------------------------------------- wind in play
from umpire.rules.dguts import load_tables  # noqa: E402
from umpire.rules.dguts.wind import point_of_sail, resolve_wind_change, resolve_wind_force  # noqa: E402

from .helpers import excerpt  # noqa: E402


def test_wind_force_on_two_dice_one_spot_less_in_the_tropics():
    assert "Subtract one spot if the engagement is occurring within the Tropics" in excerpt("wind-force")
    t = load_tables()
    assert resolve_wind_force([3, 4], tables=t).data["force"] == 5
    assert resolve_wind_force([1, 1], tables=t).data["force"] == 3 and resolve_wind_force([6, 6]).data["force"] == 7
    assert resolve_wind_force([4, 5], tropics=True).data["force"] == 5       # 9 - 1 = 8
    assert "wind.force.by_total.7" in t.used


def test_the_hourly_roll_moves_force_a_level_and_direction_a_point():
    assert "Wind drops one level" in excerpt("wind-force") and "Wind changes one point right" in excerpt("wind-force")
    assert resolve_wind_change("N", 5, [1, 6]).data == {**resolve_wind_change("N", 5, [1, 6]).data,
                                                        "force": 4, "wind_from": "NE"}
    assert resolve_wind_change("N", 0, [1, 1]).data["force"] == 0 and resolve_wind_change("N", 0, [1, 1]).data["wind_from"] == "NW"


@pytest.mark.parametrize("heading,point", [("N", "into-wind"), ("NE", "close-hauled"), ("E", "broad-reach"),
                                           ("SE", "quartering"), ("S", "running"), ("NW", "close-hauled")])
def test_point_of_sail_from_heading_and_wind(heading, point):
    # "Ships proceeding with the wind coming toward them 45 degrees off the bow ... (close hailing)"
    assert point_of_sail(heading, "N") == point


def test_wind_as_game_state(umpire, tmp_path):
    g = tmp_path / "w.toml"
    assert umpire("new", g, "--scenario", "dguts-constitution-guerriere").code == 0
    run = lambda *a: umpire("--game", g, *a)  # noqa: E731
    assert run("speed", "constitution", "--opt", "point=running").code == 2          # no wind, no force yet
    res = run("--json", "wind", "roll", "--rolls", "2,4,3,3,4")
    assert res.code == 0 and (res.json["wind_from"], res.json["force"]) == ("N", 5)
    assert run("--json", "wind").json == {**run("--json", "wind").json, "wind_from": "N", "force": 5}
    speed = run("--json", "speed", "constitution", "--opt", "heading=S").json
    assert speed["allowance"] == 13.5 and speed["base"] == 9           # Class IV at Force 5, running x3/2
    stopped = run("--json", "speed", "constitution", "--opt", "heading=N").json
    assert stopped["allowance"] == 0 and stopped["tacking"] is True
    assert run("wind", "set", "--force", "13").code == 2 and run("wind", "set", "--from", "NNE").code == 2
    assert run("--json", "wind", "change", "--rolls", "5,1").json["force"] == 6
    assert run("--json", "verify").json["differences"] == []
    assert run("undo").code == 0 and run("--json", "wind").json["force"] == 5
