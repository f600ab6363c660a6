"""Cannon fire: bands, the fire table, damage, multipliers and refusals."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings, strategies as st

from umpire.rules.dguts import (BadInput, MissingTable, RulingNeeded, RangeBand, Refused, fire_dice_needed,
                                fire_order, load_tables, max_range, range_band, resolve_fire)

from .helpers import constitution, excerpt, guerriere, ship


@pytest.mark.parametrize("inches, band", [(0, "A"), (4, "A"), (4.1, "B"), (8, "B"), (12, "C"),
                                           (12.5, "D"), (16, "D")])
def test_range_bands(inches, band):
    assert range_band(inches) is RangeBand(band)


@pytest.mark.parametrize("inches, band", [(6, "A"), (6.5, "B"), (12, "B"), (18, "C"), (18.5, "D"), (24, "D")])
def test_anchored_range_bands_are_three_halves(inches, band):
    assert range_band(inches, anchored=True) is RangeBand(band)


def test_beyond_d_range_is_bad_input():
    """Beyond every gun's reach is a mistyped range (exit 2), not a refusal of the rules."""
    with pytest.raises(BadInput, match=r'range 16.5": beyond D range \(16"\)'):
        range_band(16.5)
    with pytest.raises(BadInput, match=r'beyond D range \(24"\)'):
        range_band(25, anchored=True)


def test_maximum_ranges():
    assert max_range("24") == 19.5
    assert max_range("24C") == 10.5
    assert max_range("12", anchored=True) == 27
    assert max_range("32C") == 11       # lost in the OCR: the default reading (docs/rulings.md)


def test_dice_are_ordered_heaviest_shot_first_with_fractions_last():
    c, cs = constitution()
    g, gs = guerriere()
    need = fire_dice_needed(c, cs, g, gs, fire_order(7, "port"))
    assert need.count == 9 and need.faces == 6
    assert need.labels == ("32#C-1", "32#C-2", "32#C-3", "32#C-4 (2/3)",
                           "24#-1", "24#-2", "24#-3", "24#-4", "24#-5")


def test_an_18_pounder_hit_scores_18_and_27_in_the_opening_broadside():
    a, a_state = ship(guns="6x18")
    b, b_state = ship()
    order = fire_order(3, "right", "low")
    first = resolve_fire(a, a_state, b, b_state, order, [1])
    assert first.data["damage"] == {"high": 0.0, "low": 27.0, "crew_only": 0.0}
    assert first.data["opening_broadside"] is True
    a_state = {**a_state, **first.changes["firer"], "turn": 1, "fired_this_turn": {"left": 0, "right": 0, "bow": 0, "stern": 0}}
    second = resolve_fire(a, a_state, b, b_state, fire_order(3, "left", "low"), [1])
    assert second.data["damage"]["low"] == 18.0


def test_both_broadsides_in_the_opening_turn_get_the_bonus():
    a, a_state = ship(guns="6x18")
    b, b_state = ship()
    first = resolve_fire(a, a_state, b, b_state, fire_order(3, "right"), [1])
    a_state = {**a_state, **first.changes["firer"]}
    other = resolve_fire(a, a_state, b, b_state, fire_order(3, "left"), [1])
    assert other.data["damage"]["low"] == 27.0


def test_chasers_do_not_spend_the_opening_broadside():
    a, a_state = ship(guns="6x18")
    b, b_state = ship()
    chase = resolve_fire(a, a_state, b, b_state, fire_order(3, "bow"), [1])
    assert chase.data["damage"]["low"] == 18.0
    assert "firer" in chase.changes and "opening_broadside" not in chase.changes["firer"]


def test_fractional_factors_score_their_fraction():
    assert "single 18# fired and scored a hit it would cause only 6 points" in excerpt("fractional-example")
    b, b_state = ship()
    one, one_state = ship(guns="2x18", opening_broadside=False)    # a third of a factor per side
    two, two_state = ship(guns="4x18", opening_broadside=False)    # two thirds per side
    assert resolve_fire(one, one_state, b, b_state, fire_order(3, "left"), [1]).data["damage"]["low"] == 6.0
    assert resolve_fire(two, two_state, b, b_state, fire_order(3, "left"), [1]).data["damage"]["low"] == 12.0


def test_fire_table_half_values_at_c_range_and_d_always_high():
    a, a_state = ship(guns="6x18", opening_broadside=False)
    b, b_state = ship()
    c = resolve_fire(a, a_state, b, b_state, fire_order(10, "left", "low"), [2])
    assert c.data["damage"]["high"] == 9.0
    d = resolve_fire(a, a_state, b, b_state, fire_order(14, "left", "low"), [1])
    assert d.data["aim"] == "high" and d.data["damage"]["high"] == 9.0
    assert any("always aimed high" in line for line in d.data["explain"])


def test_rake_doubles_damage_at_a_range_only():
    a, a_state = ship(guns="6x18", opening_broadside=False)
    b, b_state = ship()
    rake = resolve_fire(a, a_state, b, b_state, fire_order(3, "left", "low", rake="stern"), [1])
    assert rake.data["damage"]["low"] == 36.0
    with pytest.raises(Refused, match="only at A range"):
        resolve_fire(a, a_state, b, b_state, fire_order(5, "left", rake="bow"), [1])


def test_the_constitution_broadside_worked_by_hand():
    c, cs = constitution()
    g, gs = guerriere()
    # carronades 1,2,3 and the 2/3 factor 4; long guns 1,2,3,4,6; B range, aimed low, opening x3/2
    res = resolve_fire(c, cs, g, gs, fire_order(7, "port", "low"), [1, 2, 3, 4, 1, 2, 3, 4, 6])
    # low: 32+32 (carr) + 24+24 (long) = 112 x3/2 = 168; high: 32 + 24 = 56 x3/2 = 84
    assert res.data["damage"] == {"high": 84.0, "low": 168.0, "crew_only": 0.0}
    assert res.changes["target"]["damage_low"] == 168.0
    assert res.changes["target"]["sails_lost"] == 1          # SF value 66.9
    assert res.changes["target"]["crew_factors"] == pytest.approx(272 / 21 - 168 / (1338 / (272 / 21)), abs=1e-3)
    assert res.data["morale_checks"] == 1                     # 133.8 low is a tenth of the crew
    assert res.changes["firer"]["fired_this_turn"]["left"] == pytest.approx(8.6667)


def test_fire_is_limited_by_crew_at_the_guns():
    a, a_state = ship(guns="30x18", opening_broadside=False)
    b, b_state = ship()
    need = fire_dice_needed(a, a_state, b, b_state, fire_order(3, "left", crew=2.5))
    assert need.labels == ("18#-1", "18#-2", "18#-3 (1/2)")
    res = resolve_fire(a, a_state, b, b_state, fire_order(3, "left", crew=2.5), [1, 6, 1])
    assert res.data["damage"]["low"] == 27.0
    with pytest.raises(Refused, match="only 15 CF are free"):
        fire_dice_needed(a, a_state, b, b_state, fire_order(3, "left", crew=16))


def test_a_broadside_fires_once_a_turn_and_chasers_not_after_both():
    a, a_state = ship(guns="30x18", opening_broadside=False)
    b, b_state = ship()
    left = resolve_fire(a, a_state, b, b_state, fire_order(3, "left"), [6] * 5)
    a_state = {**a_state, **left.changes["firer"]}
    with pytest.raises(Refused, match="left broadside has already fired"):
        fire_dice_needed(a, a_state, b, b_state, fire_order(3, "port"))
    right = resolve_fire(a, a_state, b, b_state, fire_order(3, "right"), [6] * 5)
    a_state = {**a_state, **right.changes["firer"]}
    with pytest.raises(Refused, match="both broadsides have fired"):
        fire_dice_needed(a, a_state, b, b_state, fire_order(3, "bow"))


def test_flushed_crews_fire_at_three_halves_and_shaken_takes_the_default_reading():
    a, a_state = ship(guns="6x18", opening_broadside=False)
    b, b_state = ship()
    flushed = resolve_fire(a, {**a_state, "morale": "flushed"}, b, b_state, fire_order(3, "left"), [1])
    assert flushed.data["damage"]["low"] == 27.0
    shaken = {**a_state, "morale": "shaken"}
    default = load_tables()
    read = resolve_fire(a, shaken, b, b_state, fire_order(3, "left"), [1], default)
    assert read.data["damage"]["low"] == 13.5          # 18 x 3/4, the default reading
    assert default.used == {"morale.states.shaken.fire": "3/4"}
    with pytest.raises(RulingNeeded, match=r"ruling morale.states.shaken.fire needed"):
        fire_dice_needed(a, shaken, b, b_state, fire_order(3, "left"), load_tables(strict=True))
    tables = load_tables({"morale": {"states": {"shaken": {"fire": "1/2"}}}})
    ruled = resolve_fire(a, shaken, b, b_state, fire_order(3, "left"), [1], tables)
    assert ruled.data["damage"]["low"] == 9.0
    assert any("house ruling" in line for line in ruled.data["explain"])


def test_privateers_never_get_the_opening_broadside():
    a, a_state = ship(nation="privateer", guns="6x18")
    b, b_state = ship()
    assert resolve_fire(a, a_state, b, b_state, fire_order(3, "left"), [1]).data["damage"]["low"] == 18.0


def test_opening_broadside_by_nation_option():
    a, a_state = ship(nation="french", guns="6x18")
    b, b_state = ship()
    order = fire_order(3, "left", options=["opening-nations"])
    assert resolve_fire(a, a_state, b, b_state, order, [1]).data["damage"]["low"] == 18.0


def test_out_of_range_guns_drop_out_and_beyond_every_gun_is_refused():
    a, a_state = ship(guns="12x24C,6x18", opening_broadside=False)
    b, b_state = ship()
    need = fire_dice_needed(a, a_state, b, b_state, fire_order(11, "left"))
    assert need.labels == ("18#-1",)
    only_carronades, oc_state = ship(guns="12x24C")
    with pytest.raises(Refused, match=r'beyond every gun that bears \(longest reach 10.5"\)'):
        fire_dice_needed(only_carronades, oc_state, b, b_state, fire_order(11, "left"))


def test_wrong_dice_count_says_how_many_and_in_what_order():
    c, cs = constitution()
    g, gs = guerriere()
    with pytest.raises(BadInput, match=re.escape("expected 9 d6 in this order: 32#C-1, 32#C-2")):
        resolve_fire(c, cs, g, gs, fire_order(7, "port"), [1, 2, 3])
    with pytest.raises(BadInput, match="a d6 shows 1 to 6"):
        resolve_fire(c, cs, g, gs, fire_order(7, "port"), [7] * 9)


def test_struck_or_sunk_targets_are_refused():
    a, a_state = ship(guns="6x18")
    b, b_state = ship()
    with pytest.raises(Refused, match="struck"):
        fire_dice_needed(a, a_state, b, {**b_state, "status": "surrendered"}, fire_order(3, "left"))
    with pytest.raises(Refused, match="sunk"):
        fire_dice_needed(a, a_state, b, {**b_state, "status": "sunk"}, fire_order(3, "left"))


@pytest.mark.parametrize("kwargs, message", [
    (dict(range_inches=-1, side="left"), "range -1"),
    (dict(range_inches="far", side="left"), "range 'far'"),
    (dict(range_inches=3, side="aloft"), "bearing 'aloft'"),
    (dict(range_inches=3, side="left", aim="middle"), "aim 'middle'"),
    (dict(range_inches=3, side="left", options=["laser"]), "option 'laser'"),
])
def test_bad_fire_orders(kwargs, message):
    with pytest.raises(BadInput, match=re.escape(message)):
        fire_order(**kwargs)


def test_grape_and_chain_shot():
    a, a_state = ship(guns="6x18", opening_broadside=False)
    b, b_state = ship()
    grape = resolve_fire(a, a_state, b, b_state, fire_order(3, "left", "low", shot="grape"), [1])
    assert grape.data["damage"] == {"high": 0.0, "low": 18.0, "crew_only": 18.0}
    assert grape.changes["target"]["crew_lost_points"] == 36.0
    assert grape.changes["target"]["damage_low"] == 18.0
    grape_high = resolve_fire(a, a_state, b, b_state, fire_order(3, "left", "high", shot="grape"), [1])
    assert grape_high.data["damage"]["high"] == 4.5
    chain = resolve_fire(a, a_state, b, b_state, fire_order(6, "left", "high", shot="chain"), [1])
    assert chain.data["damage"]["high"] == 36.0
    chain_low = resolve_fire(a, a_state, b, b_state, fire_order(6, "left", "high", shot="chain"), [3])
    assert chain_low.data["damage"]["low"] == 0.0
    with pytest.raises(Refused, match="grape shot reaches only A range"):
        fire_dice_needed(a, a_state, b, b_state, fire_order(6, "left", shot="grape"))


def test_point_blank_and_carronade_options():
    a, a_state = ship(guns="6x24C", opening_broadside=False)
    b, b_state = ship()
    pb = resolve_fire(a, a_state, b, b_state, fire_order(0.5, "left", "high", options=["point-blank"]), [4])
    assert pb.data["damage"]["low"] == 24.0
    plain = resolve_fire(a, a_state, b, b_state, fire_order(6, "left", "high"), [3])
    assert plain.data["damage"]["low"] == 24.0
    inaccurate = resolve_fire(a, a_state, b, b_state, fire_order(6, "left", "high", options=["carronade-accuracy"]), [3])
    assert inaccurate.data["damage"] == {"high": 0.0, "low": 0.0, "crew_only": 0.0}


def test_firing_speed_and_shot_weight():
    a, a_state = ship(guns="6x6", opening_broadside=False)
    b, b_state = ship()
    fast = resolve_fire(a, a_state, b, b_state, fire_order(3, "left", firing_speed="3:2"), [1])
    assert fast.data["damage"]["low"] == 9.0        # "9 points of damage on a 6# hit"
    us, us_state = ship(nation="american", guns="60x24", opening_broadside=False)
    light = resolve_fire(us, us_state, b, b_state, fire_order(6, "left", options=["shot-weight"]), [1] * 10)
    assert light.data["damage"]["low"] == pytest.approx(240 * 0.93)


def test_land_battery_fires_a_die_per_gun_at_long_range():
    bat, bat_state = ship(guns="6x24", kind="land_battery", protection="dug-in")
    b, b_state = ship()
    need = fire_dice_needed(bat, bat_state, b, b_state, fire_order(20, "left"))
    assert need.count == 6
    half = {**bat_state, "damage_low": 90.0}
    res = resolve_fire(bat, half, b, b_state, fire_order(20, "left"), [1] * 6)
    assert res.data["damage"]["high"] == 36.0       # 6 x 24 at D range half value, then half fire
    with pytest.raises(Refused, match="silenced"):
        fire_dice_needed(bat, {**bat_state, "damage_low": 180.0}, b, b_state, fire_order(5, "left"))


def test_high_hits_on_a_land_battery_are_disregarded():
    a, a_state = ship(guns="6x18", opening_broadside=False)
    bat, bat_state = ship(guns="6x24", kind="land_battery")
    res = resolve_fire(a, a_state, bat, bat_state, fire_order(3, "left", "high"), [1])
    assert res.data["damage"]["high"] == 0.0


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 6), min_size=9, max_size=9), st.floats(0, 16), st.sampled_from(["high", "low"]))
def test_any_rolls_resolve_within_bounds(rolls, inches, aim):
    c, cs = constitution()
    g, gs = guerriere()
    try:
        need = fire_dice_needed(c, cs, g, gs, fire_order(inches, "left", aim))
    except Refused:
        return
    res = resolve_fire(c, cs, g, gs, fire_order(inches, "left", aim), rolls[:need.count] + [1] * (need.count - len(rolls)))
    total = res.data["damage"]["high"] + res.data["damage"]["low"]
    assert 0 <= total <= (5 * 24 + 22 / 6 * 32) * 1.5 + 1e-6


def test_advanced_chasers_fire_a_table_better_and_to_20_inches():
    from umpire.rules.dguts.gunnery import advanced_chasers

    text = excerpt("chasers")
    assert "allow them fire beyond 16\" to 20\" using the D Range table" in text
    assert "stern guns will receive on,e factor for every two guns (two points for every three guns with the U.S.)" in text
    a, a_state = ship(guns="28x18,8x12,2x6", rate="36")
    b, b_state = ship()
    assert advanced_chasers(a, "bow") == ("12", 2)                 # two bow guns, 12# long at most
    assert advanced_chasers(a, "stern") == ("18", 2)               # a tenth of 36 rounds to 4 guns: one factor for two
    far = resolve_fire(a, a_state, b, b_state, fire_order(19, "bow", options=("chasers",)), [1, 1])
    assert far.data["band"] == "D" and far.data["damage"]["high"] == 24          # D table, a table better: C high
    close = resolve_fire(a, a_state, b, b_state, fire_order(3, "bow", options=("chasers",)), [1, 5])
    assert close.data["damage"] == {**close.data["damage"], "low": 12, "high": 12}  # point blank: 1-4 low, 5-6 high
    us, us_state = ship("american", 1576, 456, "30x24,22x32C", rate="44")
    assert advanced_chasers(us, "stern") == ("24", 3)              # 4 guns, two factors for every three
