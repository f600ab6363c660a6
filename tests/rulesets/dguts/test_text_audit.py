"""A section-by-section check of the rule book: the excerpts are the text's own words, each table
not checked elsewhere is held cell by cell against its passage, and the worked examples that had
no test are played with the text's numbers."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

from umpire.rules.dguts import default_tables, derive_ship, initial_state
from umpire.rules.dguts.burning import damage_per_turn, resolve_fire_phase
from umpire.rules.dguts.gunnery import advanced_chasers
from umpire.rules.dguts.melee import MeleeSide, odds_for, resolve_melee_round
from umpire.rules.dguts.ship import _rate_bands, decks_for_rate
from umpire.rules.dguts.special_vessels import galley_row_speed

from .helpers import FIXTURES, excerpt, ship

T = default_tables()
SEED = Path("/work/shared/seeds/dguts-1975-second-edition-ocr.txt")


# ---------------------------------------------------------------- the excerpts are the text's
@pytest.mark.skipif(not SEED.exists(), reason="the rule text is not on this machine")
def test_every_excerpt_line_is_copied_verbatim_from_the_rule_text():
    text = SEED.read_text(encoding="utf-8")
    for line in (FIXTURES / "dguts-excerpts.txt").read_text(encoding="utf-8").splitlines():
        if line.startswith(("#", "== ")) or not line.strip():
            continue
        assert line in text, line[:80]


# ---------------------------------------------------------------- sighting
def test_sighting_ranges_and_night_visibility_are_the_texts():
    day = excerpt("sighting-day")
    found = [int(n) for n in re.findall(r"\(\s*(\d+)\"\)", day.replace("(HJO\")", "(100\")"))]
    assert found == [200, 100, 50, 10]
    assert [s["inches"] for s in T.get("sighting", "day", "steps")] == [float(n) for n in found]
    assert "Large ships would be classed as those larger than 1500 tons" in day and "600 tons or less" in day
    night = excerpt("night")
    assert "(4\") or less" in night
    assert T.get("sighting", "night", "identify_inches") == 4.0
    assert "1 or 2 meaning that visibility is good" in night and "(a roll of 3 or 4)" in night
    assert "(a roll of 5 or 6)" in night
    assert T.get("sighting", "night", "visibility") == ["good", "good", "fair", "fair", "poor", "poor"]
    assert T.get("sighting", "night", "max_inches") == {"good": 10.0, "fair": 8.0, "poor": 6.0}


# ---------------------------------------------------------------- burning ships
def test_burning_table_cells_are_the_texts():
    text = excerpt("burning")
    assert "up to two groups of 1 CF (21 men) each may set fires" in text
    assert (T.get("burning", "setting", "groups"), T.get("burning", "setting", "crew_per_group")) == (2, 1)
    assert "a roll of 1-4 meaning they are successful" in text and "must roll a 1 or 2" in text
    assert T.get("burning", "setting", "disorder_on") == [1, 2, 3, 4]
    assert T.get("burning", "setting", "routed_on") == [1, 2]
    assert "A roll of 1 means the fire spreads (roll over on S's and 6's)" in text
    sp = T.get("burning", "spreading")
    assert (sp["spreads_on"], sp["roll_again_on"], sp["dies_on_first"]) == ([1], [5, 6], [6])
    assert "A fire may burn for up to 4 turns in an area" in excerpt("burning-2") and sp["burns_turns"] == 4
    fight = T.get("burning", "fighting")
    assert (fight["crew_per_group"], fight["out_on"], fight["roll_again_on"]) == (2, [1], [5, 6])
    assert "If 2 CF remain for one turn in the magazine section" in excerpt("flooding") and fight["flood_crew"] == 2


def test_the_900_ton_burning_example_scores_210_for_seven_area_turns():
    text = excerpt("burning-2")
    assert "a 900 ton ship had 3 areas which had burned for a combined total of 7 turns" in text
    assert "an additional 210 pts" in text
    assert damage_per_turn(900, T) * 7 == 210
    v = derive_ship("british", 900, 315, "30x18,6x8", {"rate": "36"})
    three = {**initial_state(v), "fires": {"upper-bow": 1, "upper-midships": 1, "upper-stern": 1}}
    turn = resolve_fire_phase(v, three, [3] * 3, T)                    # no spread, none dies
    assert turn.data["damage_low"] == 90                                # three areas a turn: 3 x 30


# ---------------------------------------------------------------- explosion of a ship
def test_magazine_explosion_rings_follow_the_worked_example():
    text = excerpt("explosion")
    assert "2,590# or armamant inflicts 1,295 pts. damage on ships within an inch, 647 pts." in text
    assert "323 pts. on those within four inches" in text
    row = T.get("explosion", "magazine")
    low = 2590 * Fraction(str(row["armament_share"]))
    shares = [Fraction(str(r["share"])) for r in row["rings"]]
    assert [int(low * s) for s in shares] == [1295, 647, 323]
    assert [r["up_to_inches"] for r in row["rings"]] == [1, 2, 4]
    assert Fraction(str(row["high_share"])) == Fraction(1, 2)


# ---------------------------------------------------------------- special vessels and guns
def test_galley_and_steam_cells_are_the_texts():
    speed = excerpt("galley-speed")
    assert 'about 8"' in speed and 'maximum of 12"' in speed and "2 hours" in speed and "20 minutes" in speed
    g = T.get("special", "galley")
    assert (g["row_normal"], g["row_battle"]) == (8.0, 12.0)
    stamina = T.get("special", "galley_stamina")
    assert (stamina["normal_minutes"], stamina["battle_minutes"], stamina["rest_turns_per_turn"]) == (120, 20, 2)
    assert "reduced by 20%" in excerpt("galley-low-hits") and Fraction(g["loss_per_tenth_low"]) == Fraction(1, 5)
    galley = {"tons": 400, "kind": "galley"}
    assert galley_row_speed(galley, {"damage_low": 80}, battle=True, tables=T)[0] == pytest.approx(12 * 0.6)
    ram = excerpt("galley-ram")
    assert "1 or 2 the galley passes ahea" in ram and "3 or 4 the ram is successful" in ram
    assert g["ram_square"] == ["ahead", "ahead", "ram", "ram", "astern", "astern"]
    assert "a roll of 3 (on the previous table) means a successful ram, but a 4 means a normal side" in ram
    assert g["ram_angled"][2:4] == ["ram", "collision"]
    steam = excerpt("steam")
    assert "Force 2 or less, or at half ;peed" in steam and "rolls of 1 or 2" in steam
    s = T.get("special", "steam")
    assert (s["into_wind_full_to_force"], s["into_wind_share"], s["paddle_on"], s["paddle_share"]) == (2, "1/2", [1, 2], "1/2")


def test_mortar_howitzer_and_boat_cells_are_the_texts():
    m = excerpt("mortars")
    assert 'A 10" mortar has a range of 42", maximum, and does 1000 points low and 500 points high' in m
    assert 'An 8" mortar has a range of 12" and does 400 points of low damage and 100 high' in m
    assert '13" 220, 10" 88, 8" 34, 5.5\'\' 17 points' in m and "only a 1/ 3 chance" in m
    assert "maximum range of 48''" in m and "2000 points low and 1000 points high" in excerpt("mortar-13")
    mt = T.get("special", "mortars")
    assert mt["13"] == {"range": 48.0, "low": 2000, "high": 1000, "dud": 220}
    assert mt["10"] == {"range": 42.0, "low": 1000, "high": 500, "dud": 88}
    assert mt["8"] == {"range": 12.0, "low": 400, "high": 100, "dud": 34}
    assert mt["5.5"] == {"range": 12.0, "low": 200, "high": 100, "dud": 17}
    assert len(mt["vessel_on"]) == 3 and len(mt["explode_on"]) == 2            # 50% and 1/3
    assert "Force 5" in excerpt("mortar-setup") and "once every three turns" in excerpt("mortar-setup")
    assert (mt["max_wind_force"], mt["ship_every_turns"]) == (5, 3)
    h = excerpt("howitzers")
    assert "A Range 66% 16%" in h and "BRange 27% 7%" in h and "CRange 16% 4%" in h
    ht = T.get("special", "howitzers")
    assert (ht["stationary"], ht["moving"]) == ({"A": 66, "B": 27, "C": 16}, {"A": 16, "B": 7, "C": 4})
    assert ht["damage_multiplier"] * 24 == 96                                   # "a 24# howitzer hit scores 96"
    b = excerpt("longboats")
    assert "Calm S'', 1or2 4\", 3 3\", 4 2-1/2\", S 2\", 6 l\", 7 112\"" in b and "force 8 or greater" in b
    assert T.get("special", "boats", "speed") == {"0": 5.0, "1": 4.0, "2": 4.0, "3": 3.0, "4": 2.5,
                                                   "5": 2.0, "6": 1.0, "7": 0.5}
    assert T.get("special", "boats", "hull") == {"longboat": 12, "jollyboat": 5}


# ---------------------------------------------------------------- crew tasks
def test_lightening_moving_without_sail_and_springs_are_the_texts():
    dump = excerpt("dumping-guns")
    assert "Speed gain is +5% total" in dump and "speed gain maximum is+ 10%" in dump
    assert "one man can dump 1# of gun weight" in dump
    li = T.get("tasks", "lightening")
    assert (Fraction(li["boats"]), Fraction(li["guns"]), li["men_per_pound"]) == (Fraction(1, 20), Fraction(1, 10), 1)
    stores = excerpt("stores-and-rowing")
    assert "+5-15%" in stores and "a maximum of 5-10%" in stores
    assert (Fraction(li["stores_max"]), Fraction(li["water_max"])) == (Fraction(3, 20), Fraction(1, 10))
    assert 'Oass I vessels at a speed of 2" per turn. With wind, this may be done at l" per turn' in stores
    mv = T.get("tasks", "moving_without_sail")
    assert (mv["row_calm"], mv["row_wind"], mv["row_classes"]) == (2.0, 1.0, [1])
    tow = excerpt("towing-kedging")
    assert "113 of their combined speed" in tow and "at least half the size" in tow
    assert (Fraction(mv["tow_share"]), Fraction(mv["tower_least_size"])) == (Fraction(1, 3), Fraction(1, 2))
    kedge = excerpt("kedging-springs")
    assert 'moving the vessel ahead at 2" per turn' in kedge and mv["kedge"] == 2.0
    assert "half the crew must work for 6 turns" in kedge and "two turns instead of one" in kedge
    assert T.get("tasks", "springs") == {**T.get("tasks", "springs"), "crew_share": "1/2", "turns": 6, "weigh_turns": 2}
    assert "Maximum tqwing speed is l\" per turn" in excerpt("boats-tow") and mv["boats_tow"] == 1.0
    st = excerpt("studding-sails")
    assert "+50% for movement" in st and "312 value" in st
    assert (Fraction(T.get("tasks", "studding_sails", "speed")), Fraction(T.get("tasks", "studding_sails", "high_damage"))) \
        == (Fraction(1, 2), Fraction(3, 2))


def test_forty_two_men_dump_one_42_pounder_or_seven_6_pounders_a_turn(umpire, tmp_path):
    text = excerpt("dumping-guns")
    assert "42 men (2 CF) could remove one 42# gun in a turn" in text
    assert "the same number o.f men could remove seven 6# guns in one turn" in text
    assert "It is only possible to remove those guns on a ship's main deck" in text
    g = tmp_path / "g.toml"
    assert umpire("new", g, "--ruleset", "dguts").code == 0
    run = lambda *a: umpire("--game", g, *a)  # noqa: E731
    for name, guns in (("Gunboat", "1x42"), ("Cutter", "7x6"), ("Ketch", "8x6")):
        assert run("ship", "add", name, "--side", "british", "--nation", "british", "--tons", "120",
                   "--men", "60", "--guns", guns).code == 0
    assert run("--json", "task", "gunboat", "guns", "--crew", "2").json["turns"] == 1
    seven = run("--json", "task", "cutter", "guns", "--crew", "2").json
    assert seven["turns"] == 1 and seven["dumped"] == {"6": 7}
    assert seven["lightened"] == {"guns": 0.1}                                   # "speed gain maximum is+ 10%"
    assert run("--json", "task", "ketch", "guns", "--crew", "2").json["turns"] == 2   # 48# for 42 men
    before = g.read_bytes()
    assert run("task", "ketch", "guns", "--crew", "9").code == 1 and g.read_bytes() == before   # 2 6/7 CF aboard
    assert run("task", "ketch", "guns", "--crew", "0").code == 2 and g.read_bytes() == before
    # a frigate (two decks) heaves over the guns of her main deck only, half of each calibre
    assert run("ship", "add", "Guerriere", "--side", "british", "--nation", "british", "--tons", "1338",
               "--men", "272", "--guns", "30x18,16x32C,2x12,2x9", "--rate", "38").code == 0
    half = run("--json", "task", "guerriere", "guns", "--crew", "2").json
    assert half["dumped"] == {"32C": 8, "18": 15, "12": 1, "9": 1}
    assert half["turns"] == 14                                                    # 547# for 42 men
    assert run("--json", "verify").json["differences"] == []


# ---------------------------------------------------------------- marines and musketry
def test_musketry_and_marines_cells_are_the_texts():
    text = excerpt("musketry")
    rows = {"british_marines": "1 CF British Marines 21 enemy casualties or 5 enemy killed",
            "american_marines": "1 CF American Marines 14 enemy casualties 10.enemy killed",
            "soldiers_french_us": "1 CF Soldiers (Fr., US) 12 enemy casualties 5 enemy killed",
            "soldiers_other": "1 CF Soldiers (Other) 10 enemy casualties 1 enemy killed"}
    for key, phrase in rows.items():
        assert phrase in text
        casualties, killed = (int(n) for n in re.findall(r"(\d+) ?\.?enemy", phrase))
        assert T.get("advanced", "musketry", key) == {"casualties": casualties, "killed": killed}
    assert "Seamen with muskets 7 enemy casualties enemy killed" in text          # the killed figure is lost
    assert T.get("advanced", "musketry", "seamen") == {"casualties": 7}
    assert "Marines are worth two points per CF" in text and T.get("advanced", "marines", "melee_points") == 2
    grenades = excerpt("grenades")
    assert "200 points damage low" in grenades and "two chances of starting a fire" in grenades
    assert (T.get("advanced", "marines", "grenade_low"), T.get("advanced", "marines", "grenade_fire_chances")) == (200, 2)


# ---------------------------------------------------------------- Advanced Optional 1, 8
def test_speed_class_bonus_dice_are_the_texts():
    text = excerpt("speed-classes")
    assert "SHIP OF THE LINE - 1 = +5%; 2 or 3 = Normal; 4 or 5 = -5%; 6 = -10%" in text
    assert "FRIGATES 1 = + 10%; 2 = +5%; 3 or 4 = Normal; 5 = -5%; 6 = -10%" in text
    pct = {c: T.num("speed", "sailing_class", c) for c in "abcde"}
    assert [pct[c] for c in T.get("advanced", "speed_classes", "line_bonus")] == \
        [Fraction(1, 20), 0, 0, Fraction(-1, 20), Fraction(-1, 20), Fraction(-1, 10)]
    assert [pct[c] for c in T.get("advanced", "speed_classes", "frigate_bonus")] == \
        [Fraction(1, 10), Fraction(1, 20), 0, 0, Fraction(-1, 20), Fraction(-1, 10)]


def test_a_74s_stern_chasers_are_seven_guns_in_four_factors():
    text = excerpt("chasers")
    assert "It can thus have seven stern guns" in text and "all four factors can be light pieces" in text
    assert "rounding all fractions off to the nearest whole" in text
    seventy_four, _ = ship("british", 1700, 600, "28x32,28x18,16x8,4x36C", rate="74")
    assert advanced_chasers(seventy_four, "stern", T) == ("32", 4)                 # 7 guns, one factor for two: 3.5 -> 4
    fifty, _ = ship("british", 1100, 350, "22x24,22x12,6x6", rate="50")
    assert advanced_chasers(fifty, "stern", T) == ("24", 3)                       # 5 guns: 2.5 rounds up to 3
    forty_five, _ = ship("british", 1000, 300, "30x18,15x9", rate="45")
    assert advanced_chasers(forty_five, "stern", T) == ("18", 3)                  # 4.5 guns round to 5: 2.5 -> 3


# ---------------------------------------------------------------- fleet rules
def test_fleet_rule_cells_are_the_texts():
    text = excerpt("fleet-rules-1-6")
    assert "lose one fire factor" in text and T.get("fleet", "flagships", "fire_factors_lost") == 1
    assert "available as additional factors for.fire at A and B range" in text
    assert T.get("fleet", "fire", "carronade_bands") == ["A", "B"]
    assert "apart all hits are 25 crew, S mast when aiming low" in text
    assert T.get("fleet", "fire", "point_blank_low") == {"crew": 25, "mast": 5}
    assert "double the effect of high hits at A range and the hits that are low will have no effect" in text
    assert "Grape and cannister will double crew casualties while having only Y. effect" in text
    assert T.get("fleet", "fire", "shot") == {"chain": {"mast": 2, "crew": 0}, "grape": {"mast": "1/2", "crew": 2}}
    flag = excerpt("fleet-flagship")
    assert "1/3 chance" in flag and "within 8''" in flag
    assert (len(T.get("fleet", "flagships", "unmarked_loss_on")), T.get("fleet", "flagships", "engaged_inches")) == (2, 8.0)
    values = excerpt("fleet-values")
    assert "one fire point for every 100# of shot weight" in values and "one crew point for every 100 crewmen" in values
    assert "one gun point for every 10 guns" in values
    v = T.get("fleet", "values")
    assert (v["shot_weight_per_fire_point"], v["men_per_crew_point"], v["guns_per_gun_point"]) == (100, 100, 10)
    assert "(3 into 2200 X 1/2 = 365)" in values and Fraction(v["mast_share"]) == Fraction(1, 2)


# ---------------------------------------------------------------- rates, decks and areas
def test_rates_and_decks_are_the_texts():
    cut = excerpt("cutaways")
    assert "120 (ist RATE, 2,100-3,600 tons)" in cut and "80 (2nd RATE, 1,400-2,000 tons)" in cut
    assert "44 (5th RA TE, 400-1,200 tons)" in cut
    rates = {r["guns"]: (r["rate"], r["tons"]) for r in _rate_bands()}
    assert rates == {120: ("1st rate", [2100, 3600]), 80: ("2nd rate", [1400, 2000]), 44: ("5th rate", [400, 1200])}
    areas = excerpt("ship-areas")
    assert "A Brig or Corvette has only one deck, Frigates and Razees two decks" in areas
    assert "90 to 120 Ships of the Line four decks" in areas and "has five decks" in areas
    for rate, decks in ((18, 1), (44, 2), (74, 3), (80, 3), (98, 4), (120, 4), (136, 5)):
        assert decks_for_rate(rate, T) == decks, rate


# ---------------------------------------------------------------- worked examples
def test_anchored_ships_reach_half_again_the_12_pounder_to_18_inches():
    text = excerpt("anchored")
    assert "the maximum range of a 12# from an anchored vessel would be 18\"" in text
    assert "A range is up to 6\". B range is 6-12\",C range is 12-18\"" in text
    # the example's 18" is 3/2 of the Training Game's 12", not of the table's 18" for a 12# (docs/rulings.md)
    assert T.get("guns", "long_guns", "max_range_inches", "12") == 18.0
    assert {k: v * 3 / 2 for k, v in T.get("fire", "bands", "max_inches").items() if k != "D"} == \
        {"A": 6.0, "B": 12.0, "C": 18.0}


def test_firing_speed_scores_18_on_a_12_pounder_hit():
    from umpire.rules.dguts import fire_order, resolve_fire

    assert "18 points on a 12# hit" in excerpt("firing-speed")
    a, a_state = ship(guns="6x12", opening_broadside=False)
    b, b_state = ship()
    res = resolve_fire(a, a_state, b, b_state, fire_order(3, "left", firing_speed="3:2"), [1])
    assert res.data["damage"]["low"] == 18.0


def test_the_three_to_one_player_keeps_his_last_roll_whatever_it_is():
    text = excerpt("keep-roll")
    assert "on his first roll a 3 comes up" in text and "he must take his last roll no matter what" not in text
    assert "he has done as poorly as possible but must stick with the result whatever it is" in text
    a, a_state = ship("british", 900, 630, "30x18")              # 30 CF x 3 = 90
    d, d_state = ship("french", 900, 630, "30x18")               # 30 CF x 1 = 30: 3:1 for the British
    odds = odds_for(Fraction(90), Fraction(30), T)
    assert odds["odds"] == "3:1" and odds["superior_dice"] == 3
    best = resolve_melee_round(MeleeSide(a, a_state), MeleeSide(d, d_state), odds, [3, 3, 6], [1], tables=T)
    worst = resolve_melee_round(MeleeSide(a, a_state), MeleeSide(d, d_state), odds, [3, 3, 1], [1], tables=T)
    assert best.data["difference"] == 5 and worst.data["difference"] == 0


def test_the_bonus_pips_step_at_every_fifth_multiple_of_the_odds():
    text = excerpt("melee-bonus")
    assert "on 5:1to9:1 he automatically adds one more spot" in text and "at 10:1 to 14:1" in text
    assert "adding one more spot for each extra 6: I edge" in text     # read as 5:1 (docs/rulings.md)
    assert [odds_for(Fraction(n), Fraction(1), T)["bonus_pips"] for n in (4, 5, 9, 10, 14, 15, 20)] == \
        [0, 1, 1, 2, 2, 3, 4]


# ---------------------------------------------------------------- the Training Game's sinking
def test_a_training_game_ship_sinks_only_two_turns_after_low_damage_reaches_her_tonnage(umpire, tmp_path):
    from umpire.rules.dguts.training import training_damage
    from umpire.rules.dguts.turn import end_of_turn

    text = excerpt("training-sinking")
    assert "As soon as low damage equals or exceeds the tonnage of the ship it is in sinking condition" in text
    assert "Two turns after this condition has been reached the ship sinks" in text
    b = derive_ship("danish", 580, 254, "15x12", {"crew_factors": 12, "morale_value": 2})   # the text's Ship B
    hit, _, steps = training_damage(b, initial_state(b), 0, 450)                            # 77.6%: no pumps
    assert hit["status"] == "active" and hit["sinking_band"] == 0 and hit["pumps_needed"] == 0
    assert any("afloat until it reaches her tonnage" in s.text() for s in steps)
    assert end_of_turn(hit)["status"] == "active"
    sunk_at, _, _ = training_damage(b, hit, 0, 130)                                          # 580 low
    assert sunk_at["status"] == "sinking" and sunk_at["sinking_turns_left"] == 2
    one = end_of_turn(sunk_at)
    assert one["status"] == "sinking" and end_of_turn(one)["status"] == "sunk"


# ---------------------------------------------------------------- prizes sail
def test_a_prize_crew_sails_her_but_never_fights_her_guns(umpire, tmp_path):
    text = excerpt("surrendered-crew")
    assert "the prize crew will only attempt to sail the ship to safety" in text
    assert "in no way may it use the enemy's guns" in text
    g = tmp_path / "g.toml"
    assert umpire("new", g, "--ruleset", "dguts", "--scenario", "dguts-constitution-guerriere").code == 0
    run = lambda *a: umpire("--game", g, *a)  # noqa: E731
    for _ in range(6):
        run("morale", "guerriere", "--roll", "6,6")
    assert run("speed", "guerriere", "--opt", "point=running", "--opt", "force=6").code == 1   # struck, not occupied
    run("grapple", "constitution", "guerriere", "--opt", "distance=0", "--opt", "touching=1")
    assert run("board", "constitution", "--party", "obp", "--at", "guerriere").code == 0
    sail = run("--json", "speed", "guerriere", "--opt", "point=running", "--opt", "force=6")
    assert sail.code == 0 and sail.json["allowance"] > 0
    assert any(line.startswith("prize: her prize crew may only sail her to safety") for line in sail.json["explain"])
    before = g.read_bytes()
    assert run("fire", "guerriere", "--at", "constitution", "--range", "5", "--side", "left").code == 1
    assert g.read_bytes() == before


# ---------------------------------------------------------------- the listed fixes, with the text's numbers
def test_a_prize_in_danger_of_sinking_is_kept_afloat_by_her_pumps():
    from umpire.rules.dguts import apply_damage
    from umpire.rules.dguts.turn import assign_pumps, end_of_turn

    assert "If an enemy crew occupies the ship, it is considered a prize and reverts to enemy command" in \
        excerpt("surrendered-crew")
    assert "Class Ill receives 74% low damage. It has up to seven turns to assign Y. CF" in excerpt("sinking-example")
    v, s = ship("british", 1338, 272, "30x18,16x32C,2x12,2x9", rate="38")              # Guerriere, Class IV
    assert v["class"] == 4
    hit = apply_damage(v, s, 0, 0.74 * 1338, tables=T).state
    prize = {**hit, "status": "captured", "morale": "surrendered", "crew_factors": 4.0}
    assert prize["pumps_needed"] == 1.0 and prize["sinking_turns_left"] == 16           # 1/4 CF a class, 16 turns
    assert end_of_turn(prize)["sinking_turns_left"] == 15                                 # no one at the pumps
    pumped = end_of_turn(assign_pumps(prize, 1))
    assert pumped["sinking_turns_left"] == 16 and pumped["status"] == "captured"


def test_a_long_gun_is_refused_beyond_its_own_range(umpire, tmp_path):
    assert "3# 13.. / )CIOycl 5 CWT" in excerpt("gun-ranges")
    g = tmp_path / "g.toml"
    assert umpire("new", g, "--ruleset", "dguts").code == 0
    run = lambda *a: umpire("--game", g, *a)  # noqa: E731
    run("ship", "add", "Cutter", "--side", "a", "--nation", "british", "--tons", "150", "--men", "63", "--guns", "6x3")
    run("ship", "add", "Lugger", "--side", "b", "--nation", "french", "--tons", "150", "--men", "63", "--guns", "6x3")
    before = g.read_bytes()
    far = run("fire", "cutter", "--at", "lugger", "--range", "14", "--side", "left")
    assert far.code == 1 and "beyond" in far.err and g.read_bytes() == before
    near = run("--json", "fire", "cutter", "--at", "lugger", "--range", "13", "--side", "left", "--roll", "1")
    assert near.code == 0 and near.json["band"] == "D"


def test_the_weatherliness_example_north_wind_for_each_class(umpire, tmp_path):
    text = excerpt("weatherliness")
    assert "a Class 1. ship could make a course NNW or NNE (two points off of due north)" in text
    assert "a Oass 2. ship could sail NWbyN or NEbyN (three points off the wind)" in text
    assert "a Oass 3. vessel could only come NW or NE (four points off the wind" in text
    g = tmp_path / "w.toml"
    assert umpire("new", g, "--scenario", "dguts-constitution-guerriere").code == 0
    run = lambda *a: umpire("--game", g, *a)  # noqa: E731

    def allowance(points):
        return run("--json", "speed", "constitution", "--opt", f"off_wind={points}", "--opt", "force=6").json["allowance"]

    for weatherliness, closest in ((1, 2), (2, 3), (3, 4)):
        assert run("ship", "edit", "constitution", "--weatherliness", str(weatherliness)).code == 0
        assert allowance(closest) > 0, weatherliness
        assert allowance(closest - 1) == 0, weatherliness


# ---------------------------------------------------------------- Changing Ranges: what a house ruling reaches
@pytest.mark.parametrize("key,value", [("classes.crew.men_per_crew_factor", "7"), ("nations.morale.british.points", "4"),
                                       ("guns.fire_factors.guns_per_factor", "1"), ("classes.by_tonnage.upper_tons.3", "900")])
def test_a_ruling_of_a_set_up_table_is_refused_naming_the_ships_own_values(umpire, tmp_path, key, value):
    text = excerpt("changing-ranges")
    assert "You might want to adjust to CF of 7 men and a fire factor of 1 gun" in text
    assert "SF and CF values, of course, would have to be adjusted" in text
    g = tmp_path / "g.toml"
    assert umpire("new", g, "--ruleset", "dguts").code == 0
    before = g.read_bytes()
    res = umpire("--game", g, "rulings", "set", key, value)
    assert res.code == 2 and "crew_factors, cf_value" in res.err and g.read_bytes() == before
    assert umpire("--game", g, "rulings", "set", "guns.carronades.max_range_inches.32", "11").code == 0   # ranges: yes


# ---------------------------------------------------------------- victory
def test_sinking_or_taking_every_enemy_ship_is_a_decisive_victory(umpire, tmp_path):
    assert "Victory is achieved by sinking, capturing, or causing the enemy to flee" in excerpt("victory")
    assert "The sinking of the opponent's ship, or its capture, results in decisive victory" in \
        excerpt("training-victory")
    g = tmp_path / "g.toml"
    assert umpire("new", g, "--ruleset", "dguts", "--scenario", "dguts-constitution-guerriere").code == 0
    run = lambda *a: umpire("--game", g, *a)  # noqa: E731
    assert run("--json", "score").json["verdict"].startswith("no decision yet")
    for _ in range(6):
        run("morale", "guerriere", "--roll", "6,6")
    assert run("--json", "score").json["verdict"].startswith("decisive victory for american")


# ---------------------------------------------------------------- the remaining cells
def test_rig_turning_and_fouled_mast_cells_are_the_texts():
    rig = excerpt("rig")
    assert "Class I vessels have two masts and set 6 sails" in rig and "three masts and set 10 sails" in rig
    assert "by 12 instead of 20" in excerpt("sf-class-one")
    assert T.get("classes", "rig", "1") == {"sails": 6, "masts": 2, "sf_divisor": 12}
    assert all(T.get("classes", "rig", str(c)) == {"sails": 10, "masts": 3, "sf_divisor": 20} for c in (2, 3, 4, 5))
    assert "lose an additional 10% of its speed" in excerpt("turns-movement")
    assert Fraction(T.get("speed", "turning", "penalty")) == Fraction(1, 10)
    pos = excerpt("point-of-sail")
    assert "1 'h times their base speed" in pos and "half of their base speed" in pos
    assert {k: Fraction(str(v)) for k, v in T.get("speed", "point_of_sail").items() if k != "source"} == \
        {"close-hauled": Fraction(1, 2), "broad-reach": 1, "quartering": Fraction(3, 2), "running": Fraction(3, 2)}
    fouled = excerpt("fouled-turn")
    assert "a 1 J>Oint (11 1/3 degree) turn" in fouled and "Speed loss is 20%" in fouled
    assert Fraction(T.get("speed", "fouled_mast", "penalty")) == Fraction(1, 5)
    assert T.get("single-ship", "mast_loss", "turn_points") == 1
    assert "one-third of the guns on the side" in excerpt("blocked-guns")
    assert Fraction(T.get("single-ship", "mast_loss", "blocked_guns_share")) == Fraction(1, 3)


def test_boarding_morale_and_gun_repair_cells_are_the_texts():
    assert "a multiplier of 2 for the first turn they enter for shock effect" in excerpt("shock-and-upper-deck")
    assert "a 2:1 multiplier in their favor on the first turn of attack only" in excerpt("upper-deck")
    assert T.get("boarding", "multipliers") == {**T.get("boarding", "multipliers"), "shock": 2, "upper_deck_defence": 2}
    rolls = excerpt("morale-rolls")
    assert "a roll every time a mast falls and every time Crew Factor losses rise past another 10% mark" in rolls
    checks = T.get("morale", "checks")
    assert (checks["dice"], checks["per_mast_lost"], checks["per_tenth_of_crew"]) == (2, 1, 1)
    assert "by a factor of four" in excerpt("dismount-rake") and T.get("repairs", "dismounting", "rake_factor") == 4
    assert "One gun will automatically be repaired every battle turn" in excerpt("auto-gun-repair")
    assert T.get("repairs", "dismounting", "auto_repair_per_battle_turn") == 1
    high = excerpt("high-repair")
    assert "10 points per turn" in high and "2 CF are required" in high and "3 CF must work for 6 ad ditional turns" in high
    hr = T.get("repairs", "high")
    assert (hr["points_per_turn"], hr["sail_crew_needed"], hr["jury_mast_crew"], hr["jury_mast_turns"]) == (10, 2, 3, 6)
    assert "50% of the speed of the mast it replaces" in high and Fraction(T.get("speed", "jury_mast", "share")) == Fraction(1, 2)


def test_grappling_optionals_and_collision_cells_are_the_texts():
    assert "you must roll a l, 2, 3 before attempting a grapple" in excerpt("first-roll-10")
    assert T.get("advanced", "grappling", "first_on") == [1, 2, 3]
    twelve = excerpt("grappled-fire-12")
    assert "A- equals one chance in six" in twelve and "B - equals a 50/50 chance" in twelve
    assert "C - equals no fire allowed" in twelve
    assert (len(T.get("advanced", "grappled_fire", "A")), len(T.get("advanced", "grappled_fire", "B"))) == (1, 3)
    col = excerpt("collisions")
    assert "1 First ship veers" in col and "3 Entangling collision" in col and "4 Glancing collision" in col
    assert T.get("speed", "collision", "results") == ["first-veers", "first-veers", "entangled", "glancing",
                                                      "other-veers", "other-veers"]


def test_special_damage_effects_are_the_texts():
    text = excerpt("special-damage")
    assert "speed slowed by 5%" in text and "straight course with 15% max. variation" in text
    assert "speed slowed by put out, if on fire already fire 10% next turn only damage adds 10 pts." in text
    assert "turning cut to 30% at same penalty as 45% turn" in text and "reduce speed by 10%" in text
    hull, spar = T.get("special-damage", "hull"), T.get("special-damage", "spar")
    assert Fraction(hull["2"]["speed_penalty"]) == Fraction(1, 20)
    assert hull["7"]["if_on_fire_extra_low"] == 10
    assert (Fraction(spar["7"]["speed_penalty"]), spar["7"]["turns"]) == (Fraction(1, 10), 1)
    assert Fraction(spar["12"]["speed_penalty"]) == Fraction(1, 10) and spar["12"]["broadside_only"]
    assert hull["3"]["broadside_only"] and hull["11"]["broadside_only"]
    assert "if gun over 9#" in text and spar["2"]["mast_gun_over"] == 9
    assert "For every SO pts. of damage roll two dice" in text and T.get("special-damage", "check", "dice") == 2


def test_with_studding_sails_set_only_chase_guns_below_the_upper_deck_fire(umpire, tmp_path):
    text = excerpt("studding-sails")
    assert "it is therefore not possible to fire either broadside or upper deck chase guns when studding sails are set" \
        in text
    g = tmp_path / "g.toml"
    assert umpire("new", g, "--ruleset", "dguts", "--scenario", "dguts-constitution-guerriere").code == 0
    run = lambda *a: umpire("--game", g, *a)  # noqa: E731
    assert run("task", "constitution", "studding").code == 0
    before = g.read_bytes()
    for side in ("left", "bow"):
        res = run("fire", "constitution", "--at", "guerriere", "--range", "3", "--side", side)
        assert res.code == 1 and "upper deck chase guns" in res.err and g.read_bytes() == before
    assert run("fire", "constitution", "--at", "guerriere", "--range", "3", "--side", "left",
               "--opt", "chasers_below=1").code == 2
    below = run("--json", "fire", "constitution", "--at", "guerriere", "--range", "3", "--side", "stern",
                "--opt", "chasers_below=1", "--roll", "1")
    assert below.code == 0 and below.json["damage"]["low"] == 24.0                  # one 24# factor, A range low
    assert run("--json", "verify").json["differences"] == []


# ---------------------------------------------------------------- galleys fast in a rammed ship
def test_a_galley_still_entangled_when_the_rammed_ship_sinks_goes_down_with_her(umpire, tmp_path):
    text = excerpt("galley-withdraw")
    assert "a 1or2 meaning that the two ships are entangled" in text
    assert "The galley can attempt to disentangle every tum, but if the ship sinks beforehand. the galley goes down" \
        in text
    g = tmp_path / "g.toml"
    assert umpire("new", g, "--ruleset", "dguts").code == 0
    run = lambda *a: umpire("--game", g, *a)  # noqa: E731
    for name, side, nation in (("Galley", "a", "other"), ("Galliot", "a", "other"), ("Brig", "b", "british"),
                               ("Snow", "b", "british")):
        run("ship", "add", name, "--side", side, "--nation", nation, "--tons", "300", "--men", "200", "--guns", "2x24")
    for galley in ("galley", "galliot"):
        assert run("ship", "edit", galley, "--kind", "galley").code == 0
    assert run("--json", "ram", "galley", "--at", "brig", "--rolls", "3,2,1").json["entangled"] is True
    assert run("--json", "ram", "galliot", "--at", "snow", "--rolls", "4,2,2").json["entangled"] is True
    before = g.read_bytes()
    assert run("ungrapple", "galley", "brig").code == 2 and g.read_bytes() == before    # no chance given: say it
    assert run("--json", "ungrapple", "galliot", "snow", "--opt", "freed=yes").json["success"] is True
    assert run("--json", "ungrapple", "galley", "brig", "--opt", "freed=no").json["success"] is False
    run("turn")
    run("turn")                                                                         # both rammed ships sink
    status = {s["id"]: s["state"] for s in run("--json", "status").json["ships"]}
    assert status == {"galley": "sunk", "galliot": "active", "brig": "sunk", "snow": "sunk"}
    assert run("--json", "verify").json["differences"] == []


# ---------------------------------------------------------------- damage the ships bring to the action
@pytest.mark.parametrize("scenario,ship_id,phrase,high,sails,masts", [
    ("dguts-wasp-frolic", "frolic", "(-3 SF Storm Damage)", 3 * 23.4, 7, 2),
    ("dguts-essex-phoebe", "essex", "(Mas 8 SF aloft)", 2 * 42.5, 8, 3),
])
def test_storm_damage_printed_with_a_ship_is_aloft_when_the_action_opens(umpire, tmp_path, scenario, ship_id,
                                                                          phrase, high, sails, masts):
    assert phrase in excerpt("storm-damage")
    g = tmp_path / "g.toml"
    assert umpire("new", g, "--ruleset", "dguts", "--scenario", scenario).code == 0
    s = umpire("--game", g, "--json", "status", ship_id).json["ships"][0]
    assert s["damage_high"] == pytest.approx(high)
    assert (s["sails"] - s["sails_lost"], s["masts"] - s["masts_lost"]) == (sails, masts)
    assert s["morale_checks_owed"] == 0


# ---------------------------------------------------------------- soldiers embarked for boarding only
def test_embarked_soldiers_of_one_point_morale_join_a_boarding_and_nothing_else(umpire, tmp_path):
    text = excerpt("immortalite-soldiers")
    assert "plus 250 extra soldiers (12 CF)" in text
    assert "are of one point morale, and may be used only in a boarding action" in text
    g = tmp_path / "g.toml"
    assert umpire("new", g, "--ruleset", "dguts", "--scenario", "dguts-fisgard-immortalite").code == 0
    run = lambda *a: umpire("--game", g, *a)  # noqa: E731
    assert run("ship", "edit", "immortalite", "--guns", "24x24,14x12,4x36C").code == 0     # the lost entry supplied
    assert run("--json", "status", "immortalite").json["ships"][0]["crew_factors"] == 16.0    # soldiers not crew
    run("grapple", "immortalite", "fisgard", "--opt", "distance=0", "--opt", "touching=1")
    before = g.read_bytes()
    assert run("board", "immortalite", "--party", "obp", "--at", "fisgard", "--opt", "soldiers=13").code == 2
    assert run("board", "fisgard", "--party", "obp", "--at", "immortalite", "--opt", "soldiers=1").code == 2
    assert g.read_bytes() == before
    res = run("--json", "board", "immortalite", "--party", "obp", "--at", "fisgard", "--opt", "soldiers=12",
              "--roll", "4").json
    assert res["attacker_value"] == 16 * 2 + 12 * 1                 # French seamen 2 points, soldiers 1
    assert run("--json", "verify").json["differences"] == []


# ---------------------------------------------------------------- Advanced Optional 2
def test_studding_sails_by_nation_is_an_advanced_optional(umpire, tmp_path):
    adv = excerpt("studding-nations")
    assert "2. Studding Sails were used in combat situations only by the U.S. and Great Britain" in adv
    assert "(Nations with crews under 20% sailors were generally unable to use studding sails in any situation.)" in adv
    assert "ships with trained crews (this excludes mer-\\ chantmen, privateers" in excerpt("studding-sails")
    plain = tmp_path / "plain.toml"
    assert umpire("new", plain, "--ruleset", "dguts").code == 0
    opt = tmp_path / "opt.toml"
    assert umpire("new", opt, "--ruleset", "dguts", "--optional", "studding-nations").code == 0
    for g in (plain, opt):
        for name, nation in (("Bellona", "british"), ("Furie", "dutch"), ("Trinidad", "spanish")):
            umpire("--game", g, "ship", "add", name, "--side", nation, "--nation", nation, "--tons", "1000",
                   "--men", "300", "--guns", "28x18")
    assert all(umpire("--game", plain, "task", s, "studding").code == 0 for s in ("bellona", "furie", "trinidad"))
    run = lambda *a: umpire("--game", opt, *a)  # noqa: E731
    assert run("task", "bellona", "studding").code == 0
    before = opt.read_bytes()
    dutch = run("task", "furie", "studding")                                        # 35% sailors (default reading)
    assert dutch.code == 1 and "only by American and British crews" in dutch.err and opt.read_bytes() == before
    assert run("task", "furie", "studding", "--trained").code == 0                  # the umpire's allowance
    spanish = run("task", "trinidad", "studding", "--trained")                      # 15% sailors (default reading)
    assert spanish.code == 1 and "under 20% sailors" in spanish.err


# ---------------------------------------------------------------- the Training Game's boarding
def test_training_ships_within_less_than_an_inch_board_without_a_grapple_roll(umpire, tmp_path):
    text = excerpt("training-boarding")
    assert "within a distance of less than l\" of each other, boarding takes place if either (or both) players" in text
    g = tmp_path / "t.toml"
    assert umpire("new", g, "--ruleset", "dguts", "--level", "training").code == 0
    run = lambda *a: umpire("--game", g, *a)  # noqa: E731
    run("ship", "add", "A", "--side", "a", "--nation", "british", "--tons", "520", "--men", "230", "--guns", "18x24C,12x12")
    run("ship", "add", "B", "--side", "b", "--nation", "danish", "--tons", "580", "--men", "254", "--guns", "15x12")
    before = g.read_bytes()
    assert run("grapple", "a", "b", "--opt", "distance=1").code == 1 and g.read_bytes() == before   # not less than 1"
    assert run("grapple", "a", "b", "--opt", "distance=0.5", "--roll", "6").code == 2                # no die to roll
    res = run("--json", "grapple", "a", "b", "--opt", "distance=0.5")
    assert res.code == 0 and res.json["success"] is True and res.json["rolls"] == []
    odds = run("--json", "board", "a", "--party", "obp", "--at", "b", "--opt", "crew=5", "--opt", "defender_crew=8").json
    assert (odds["attacker_value"], odds["defender_value"], odds["odds"]) == (15.0, 16.0, "1:1")   # the text's example
    assert run("--json", "verify").json["differences"] == []


def test_a_friendly_ship_occupies_a_surrendered_ship_without_taking_her(umpire, tmp_path):
    text = excerpt("surrendered-crew")
    assert "another friendly vessel may occupy the ship, but the crew which surrendered is unable to resume fighting" \
        in text
    g = tmp_path / "g.toml"
    assert umpire("new", g, "--ruleset", "dguts", "--scenario", "dguts-constitution-guerriere").code == 0
    run = lambda *a: umpire("--game", g, *a)  # noqa: E731
    run("ship", "add", "Java", "--side", "british", "--nation", "british", "--tons", "1340", "--men", "426",
        "--guns", "28x18,18x32C,2x12,1x24C")
    for _ in range(6):
        run("morale", "guerriere", "--roll", "6,6")
    assert run("--json", "score").json["verdict"].startswith("no decision yet")          # Java still fights
    run("grapple", "java", "guerriere", "--opt", "distance=0", "--opt", "touching=1")
    res = run("--json", "board", "java", "--party", "obp", "--at", "guerriere").json
    assert res["captured"] is False and res["controller"] == "british"
    assert run("--json", "status", "guerriere").json["ships"][0]["controller"] == "british"
    assert run("fire", "guerriere", "--at", "constitution", "--range", "5", "--side", "left").code == 1
    assert run("--json", "score").json["verdict"].startswith("no decision yet")
    assert run("--json", "verify").json["differences"] == []


def test_the_training_fire_example_leaves_ship_b_short_of_a_sail_and_of_a_tenth_of_her_crew():
    text = excerpt("training-damage-example")
    assert "Player B records 24 points of damage high and 12 points of damage low" in text
    assert "Ship 8 is very close to losing a Sail Factor, and another 11 points low damage will cause 10% losses" in text
    assert "Ship 8: 58 points (48.3 X 1.2)" in excerpt("training-sheet")
    b = derive_ship("danish", 580, 254, "15x12", {"crew_factors": 12, "morale_value": 2})
    from umpire.rules.dguts.training import training_damage

    hit, _, _ = training_damage(b, initial_state(b), 24, 12)
    assert hit["sails_lost"] == 0 and b["sf_value"] - 24 == 5                   # "very close to losing a Sail Factor"
    assert round(b["ten_percent_loss"], 1) == 58.0 and hit["crew_marks"] == 0
    # the text's "another 11 points" does not fit its own 58 (docs/rulings.md): 46 more are needed
    assert training_damage(b, hit, 0, 45)[0]["crew_marks"] == 0
    assert training_damage(b, hit, 0, 46.1)[0]["crew_marks"] == 1


# ---------------------------------------------------------------- fleet squadrons
def test_the_loss_of_a_squadron_flagship_costs_only_that_squadron_a_fire_factor(umpire, tmp_path):
    text = excerpt("fleet-rules-1-6")
    assert "The loss of a squadron flagship will cause the effect to occur only to that squadron" in text
    assert "A squadron may have no fewer than three Ships of the Line in it" in text
    assert "(Smaller ships [under 50 guns) move outside squadj:on formations" in text
    g = tmp_path / "f.toml"
    assert umpire("new", g, "--ruleset", "dguts", "--level", "fleet").code == 0
    run = lambda *a: umpire("--game", g, *a)  # noqa: E731
    for name in ("Royal", "Belleisle", "Mars", "Victory", "Temeraire"):
        run("ship", "add", name, "--side", "british", "--nation", "british", "--tons", "2000", "--men", "800",
            "--guns", "30x32,30x24", "--rate", "74")
    run("ship", "add", "Redoutable", "--side", "french", "--nation", "french", "--tons", "2000", "--men", "800",
        "--guns", "30x36,30x24", "--rate", "74")
    run("ship", "add", "Euryalus", "--side", "british", "--nation", "british", "--tons", "900", "--men", "300",
        "--guns", "28x18", "--rate", "36")
    assert run("task", "royal", "flagship", "--squadron", "lee").code == 0
    assert run("task", "belleisle", "squadron", "--squadron", "lee").code == 0
    assert run("task", "mars", "squadron", "--squadron", "lee").code == 0
    before = g.read_bytes()
    assert run("task", "euryalus", "squadron", "--squadron", "lee").code == 1 and g.read_bytes() == before
    assert run("task", "temeraire", "squadron").code == 2

    def points(ship):
        return run("--json", "fire", ship, "--at", "redoutable", "--range", "10", "--side", "left", "--aim", "high",
                   "--rolls", "6,6").json["points"]

    full = {s: points(s) for s in ("mars", "temeraire")}
    run("turn")
    assert run("explode", "royal").code == 0                             # the lee squadron's flagship is lost
    assert points("mars") == full["mars"] - 1 and points("temeraire") == full["temeraire"]
    assert run("--json", "verify").json["differences"] == []


# ---------------------------------------------------------------- special damage falls due in play
def test_fire_says_when_a_special_damage_roll_falls_due_for_each_100_points(umpire, tmp_path):
    assert "for every 100 points of damage (high or low) scored upon a ship a dice roll must be made" in \
        excerpt("special-damage-check")
    g = tmp_path / "g.toml"
    assert umpire("new", g, "--ruleset", "dguts", "--scenario", "dguts-constitution-guerriere").code == 0
    run = lambda *a: umpire("--game", g, *a)  # noqa: E731
    low = run("--json", "fire", "constitution", "--at", "guerriere", "--range", "3", "--side", "left",
              "--rolls", "1,1,1,1,1,1,1,1,1").json                       # 356 low: three hundreds passed
    assert low["damage"]["low"] == 356 and low["special_damage_rolls"] == {"hull": 3}
    high = run("--json", "fire", "constitution", "--at", "guerriere", "--range", "3", "--side", "right",
               "--aim", "high", "--rolls", "1,6,6,6,6,6,6,6,6").json          # one 32#C hit high: 48
    assert high["damage"]["high"] == 48 and "special_damage_rolls" not in high
    assert run("--json", "verify").json["differences"] == []
