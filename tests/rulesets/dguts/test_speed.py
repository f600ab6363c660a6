"""Speed: point of sail, turns, losses aloft, sailing class, gun weight, headway."""

from __future__ import annotations

import pytest

from umpire.rules.dguts import (BadInput, RulingNeeded, load_tables, apply_damage, base_speed, gun_weight_bonus,
                                headway, jury_rig_share, ship_speed)

from .helpers import excerpt, ship


def _speed(values, state, pos, **kw):
    return ship_speed(values, state, pos, **kw).data["speed"]


def test_points_of_sail():
    text = excerpt("point-of-sail")
    assert "base speed" in text and "1 'h times their base speed" in text and "half of their base speed" in text
    values, state = ship()
    assert _speed(values, state, "broad-reach", base=8) == 8.0
    assert _speed(values, state, "running", base=8) == 12.0
    assert _speed(values, state, "quartering", base=8) == 12.0
    assert _speed(values, state, "close-hauled", base=8) == 4.0


def test_only_class_three_at_force_six_is_known():
    assert base_speed(3, 6) == 12
    values, state = ship()
    assert _speed(values, state, "broad-reach", wind_force=6) == 12.0
    assert base_speed(4, 5) == 9          # default reading (docs/rulings.md)
    with pytest.raises(RulingNeeded, match=r"speed.base_speed.4.5"):
        base_speed(4, 5, load_tables(strict=True))
    with pytest.raises(BadInput, match="give the base speed"):
        ship_speed(values, state, "running")


def test_a_turn_costs_ten_percent_and_losses_add_up():
    values, state = ship()
    assert _speed(values, state, "broad-reach", base=10, turned=True) == 9.0
    damaged = apply_damage(values, state, 180, 0).state      # a mast and a sail
    assert _speed(values, damaged, "broad-reach", base=12) == pytest.approx(12 * (1 - 1 / 3 - 1 / 10))
    assert _speed(values, damaged, "broad-reach", base=12, turned=True) == pytest.approx(12 * (1 - 1 / 3 - 2 / 10))


def test_dismasted_ships_jury_rig_up_to_forty_percent():
    values, state = ship()
    bare = apply_damage(values, state, 405, 0).state
    assert _speed(values, bare, "broad-reach", base=10) == 0.0
    assert [float(jury_rig_share(n)) for n in (2, 3, 6, 12, 30)] == [0.0, 0.1, 0.2, 0.4, 0.4]
    assert _speed(values, bare, "broad-reach", base=10, jury_rig_turns=7) == 2.0


def test_the_sailing_class_example():
    moves = []
    for cls in "abcde":
        values, state = ship(sailing_class=cls)
        moves.append(_speed(values, state, "broad-reach", base=12))
    assert moves == pytest.approx([13.2, 12.6, 12.0, 11.4, 10.8])


def test_gun_weight_example():
    assert "700#, it is 70% gunned" in excerpt("gun-weight-example") and "+ 15%" in excerpt("gun-weight-example")
    light, _ = ship(tons=1000, guns="20x32,4x12,4x3")     # 640 + 48 + 12 = 700 lb
    assert light["gun_weight"] == 700.0
    assert float(gun_weight_bonus(light)) == pytest.approx(0.15)
    full, full_state = ship(tons=960, guns="12x32,24x24")
    assert float(gun_weight_bonus(full)) == 0.0
    carr, _ = ship(tons=1000, guns="20x32C")              # carronades weigh half
    assert carr["gun_weight"] == 320.0
    assert _speed(light, full_state, "broad-reach", base=10, options=("gun-weight",)) == pytest.approx(11.5)


def test_seamanship_turning():
    us, state = ship("american")
    assert _speed(us, state, "broad-reach", base=10, turned=True, options=("seamanship",)) == 9.5
    fr, state = ship("french")
    assert _speed(fr, state, "broad-reach", base=10, turned=True, options=("seamanship",),
                  extra_turn_penalty=0.1) == 8.0
    with pytest.raises(BadInput, match="extra turning penalty"):
        ship_speed(fr, state, "broad-reach", base=10, turned=True, options=("seamanship",))


def test_seamanship_crew_for_tasks():
    from umpire.rules.dguts import task_crew_factors
    us, _ = ship("american", men=315)            # 15 CF at 21 men, 21 at 15 men
    assert task_crew_factors(us) == pytest.approx(21.0)
    fr, _ = ship("french", men=390)              # 390 / 26 = 15
    assert task_crew_factors(fr) == pytest.approx(15.0)
    gb, _ = ship("british", men=315)
    assert task_crew_factors(gb) == pytest.approx(15.0)


def test_fouled_masts_and_special_damage_slow_the_ship():
    values, state = ship()
    state = {**state, "fouled_mast": "left", "speed_penalties": [{"share": 0.05, "turns": -1, "why": "hulled"}]}
    assert _speed(values, state, "broad-reach", base=10) == pytest.approx(7.5)


def test_headway_is_limited_to_half_full_speed():
    assert headway(0, 8, 8) == 4.0          # the text's example: 4" on the first turn
    assert headway(4, 8, 8) == 8.0
    assert headway(8, 8, 0) == 4.0
    assert headway(8, 8, 2, into_wind=True) == 0.0


def test_speed_classes_rolled_by_type(umpire, tmp_path):
    text = excerpt("speed-classes")
    assert "1 or 2 = dass III; 3, 4, 5 = Oass IV; 6 = Qass V (9Q's and over add one pip to die" in text
    assert "FRIGATES 1 = + 10%; 2 = +5%; 3 or 4 = Normal; 5 = -5%; 6 = -10%" in text
    g = tmp_path / "sc.toml"
    assert umpire("new", g, "--scenario", "dguts-mars-hercule").code == 0
    res = umpire("--game", g, "--json", "ship", "speedclass", "mars", "--rolls", "2,6")
    assert res.code == 0 and (res.json["ship"]["class"], res.json["ship"]["sailing_class"]) == (3, "e")
    frigate = umpire("--game", g, "--json", "ship", "edit", "mars", "--rate", "36").json["ship"]
    assert frigate["rate"] == 36
    res = umpire("--game", g, "--json", "ship", "speedclass", "mars", "--rolls", "1,1")
    assert (res.json["ship"]["class"], res.json["ship"]["sailing_class"]) == (1, "a")
    assert umpire("--game", g, "--json", "verify").json["differences"] == []


def test_weatherliness_lets_a_weatherly_ship_point_higher(umpire, tmp_path):
    text = excerpt("weatherliness")
    assert "3. vessel could only come NW or NE (four points off the wind" in text
    g = tmp_path / "w.toml"
    assert umpire("new", g, "--scenario", "dguts-constitution-guerriere").code == 0
    run = lambda *a: umpire("--game", g, *a)  # noqa: E731
    assert run("--json", "speed", "constitution", "--opt", "off_wind=3", "--opt", "force=6").json["allowance"] == 0
    assert run("ship", "edit", "constitution", "--weatherliness", "1").code == 0
    close = run("--json", "speed", "constitution", "--opt", "off_wind=3", "--opt", "force=6").json
    assert close["allowance"] == 5.5                                   # Class IV at Force 6: 11" x 1/2
    assert run("--json", "speed", "constitution", "--opt", "off_wind=8", "--opt", "force=6").json["allowance"] == 11
    assert run("ship", "edit", "constitution", "--weatherliness", "4").code == 2
