"""The Advanced wind state (Advanced III.A): how a game starts and what status would show."""

from __future__ import annotations

from umpire.core.tables import Tables
from umpire.rules.wsim import wind
from umpire.rules.wsim.advanced import Wsim1981Advanced

TABLES = Tables("wsim-1981-advanced")


def test_no_scenario_wind_is_a_normal_breeze_with_nothing_else_set():
    start = wind.initial(None, TABLES)
    assert wind.public(start) == {"direction": None, "velocity": 3, "change": None}


def test_a_scenario_wind_by_velocity_name_as_the_bundled_scenarios_give_it():
    # scenarios/wsim-1974/wsim-1a.toml: direction = 1, force = "Normal Breeze", change = 4
    start = wind.initial({"direction": 1, "force": "Normal Breeze", "change": 4}, TABLES)
    assert wind.public(start) == {"direction": 1, "velocity": 3, "change": 4} and start["initial"] == 1
    assert wind.initial({"force": "gale"}, TABLES)["velocity"] == 5


def test_game_status_shows_the_wind():
    state = {"wind": wind.initial({"direction": 2, "velocity": 4, "change": 5}, TABLES)}
    assert Wsim1981Advanced().game_status(state) == {"wind": {"direction": 2, "velocity": 4, "change": 5}}
