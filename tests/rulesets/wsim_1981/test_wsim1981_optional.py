"""Each number of data/wsim-1981/optional.toml against the Optional Rules' own words.

The reference is fixtures/wsim-1981-optional.txt, a verbatim copy of Optional Rules II-XV of
the 1981 text (its line breaks joined here)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

HERE = Path(__file__).parent
TEXT = " ".join((HERE / "fixtures" / "wsim-1981-optional.txt").read_text().split())
DATA = tomllib.loads((HERE.parents[2] / "data" / "wsim-1981" / "optional.toml").read_text())
WORDS = {"one": 1, "two": 2, "three": 3, "six": 6, "ten": 10}


def said(pattern: str) -> tuple:
    m = re.search(pattern, TEXT)
    assert m, pattern
    return tuple(WORDS.get(g, g) for g in m.groups())


def test_source_names_the_seed_and_section():
    assert DATA["source"].startswith("wsim-1981-second-edition.md, Optional Rules")


def test_timed_moves_minutes():
    t = DATA["timed_moves"]
    one, two, three, more = said(r"Allow (\w+) minute to write for single-ship actions, (\w+) minutes for up to three "
                                 r"ships per side, (\w+) minutes for up to six ships per side, and an additional "
                                 r"(\w+) minutes for each additional six ships per side")
    assert (t["single_ship_minutes"], t["up_to_three_minutes"], t["up_to_six_minutes"],
            t["per_further_six_minutes"]) == (one, two, three, more)


def test_towing_losses():
    t = DATA["towing"]
    assert said(r"equal or inferior gun rating lose (\w+) hex of speed") == (t["equal_or_inferior_loss"],)
    assert said(r"superior gun rating lose (\w+) hexes of speed") == (t["superior_loss"],)


def test_loss_of_rigging():
    t = DATA["loss_of_rigging"]
    small, up_to, large, seven = said(r"all rigging sections destroyed is (-\d) HT when firing for ships having up to "
                                      r"(\d) gun squares, and (-\d) HT when firing for ships with (\d) or more gun")
    assert (t["no_rigging_up_to_six"], t["no_rigging_seven_or_more"]) == (int(small), int(large))
    assert t["seven_or_more_from"] == int(seven) == int(up_to) + 1
    # the garbled table keeps "2-6" for the mast failing free: the one number left, 1, hangs it over the side
    assert said(r"Mast hangs over the side\\\* Mast fails free (\d)-(\d)") == ("2", "6")
    assert t["hangs_over_rolls"] == [1]
    left, right = said(r"(\d, \d, \d) - left broadside (\d, \d, \d) - right broadside")
    assert t["left_broadside_rolls"] == [int(x) for x in left.split(", ")]
    assert sorted(t["left_broadside_rolls"] + [int(x) for x in right.split(", ")]) == [1, 2, 3, 4, 5, 6]
    assert said(r"The ship's speed is reduced by (\w+) and may not turn until it is cut loose") == (t["speed_loss"],)


def test_blocked_wind():
    t = DATA["blocked_wind"]
    assert said(r"under full sails, the movement allowance of the ship blocked is cut by (\w+) hexes") == \
        (t["full_sail_loss"],)
    assert said(r"has at least (half) its rigging squares left, the movement allowance of the ship blocked is cut "
                r"by (\w+) hex") == ("half", t["battle_sail_loss"])
    assert t["battle_sail_rigging_fraction"] == 0.5
    assert said(r"mounting (\d+) plus guns less than the blocking ship, the loss of speed, as described in A\., is "
                r"increased by (\w+)") == (str(t["guns_difference_one"]), 1)
    assert said(r"difference in ratings between the two ships is (\d+) or more guns, the loss of speed in A above "
                r"is varied by (\w+)") == (str(t["guns_difference_two"]), 2)


def test_running_aground():
    assert said(r'If a "(\d)" had been rolled initially, this would indicate that the ship cannot be refloated') == \
        (str(DATA["running_aground"]["not_refloatable_roll"]),)


def test_fore_and_aft():
    t = DATA["fore_and_aft"]
    hexes, every = said(r"to move (\w+) hex every (\w+) turn in D attitude")
    assert t["d_attitude_hexes"] == hexes
    assert every == "second" and t["every_turns"] == 2


def test_copper_bottom():
    assert said(r"will lose (\w+) movement factor of its allowance in all attitudes under Full Sails") == \
        (DATA["copper_bottom"]["full_sail_loss"],)


def test_scurvy():
    sol_a, sol_b, frigate = said(r"will have (\w+) or (\w+) extra crew squares per section for the S\.O\.L\. class "
                                 r"ships and (\w+) extra crew square per section for frigate class ships")
    assert DATA["scurvy"]["SOL"] == [sol_a, sol_b]
    assert DATA["scurvy"]["F"] == [frigate]


@pytest.mark.parametrize("section", ["timed_moves", "towing", "loss_of_rigging", "blocked_wind", "running_aground",
                                     "fore_and_aft", "copper_bottom", "scurvy"])
def test_no_value_is_unchecked(section):
    """Every key of a section is one the tests above read (a new number needs its own check)."""
    checked = {
        "timed_moves": 4, "towing": 2, "loss_of_rigging": 6, "blocked_wind": 5, "running_aground": 1,
        "fore_and_aft": 2, "copper_bottom": 1, "scurvy": 2,
    }
    assert len(DATA[section]) == checked[section]
