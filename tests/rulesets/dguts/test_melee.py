"""Grappling, boarding odds, melee rounds, melee losses and the training game's melee."""

from __future__ import annotations

import re

import pytest

from umpire.rules.dguts import BadInput, Refused, RulingNeeded, load_tables
from umpire.rules.dguts.grapple import (GrappleOrder, grapple_dice_needed, resolve_cut_grapple,
                                        resolve_grapple)
from umpire.rules.dguts.melee import (MeleeSide, Party, boarding_odds, lose_men, melee_dice_allowed,
                                      melee_losses, odds_for, party, resolve_melee_round,
                                      resolve_melee_start)
from umpire.rules.dguts.training import training_melee_result, training_odds

from .helpers import excerpt, ship


def test_grapple_automatic_normal_and_opposite():
    assert grapple_dice_needed(GrappleOrder(0.5, touching=True)).count == 0
    assert resolve_grapple(GrappleOrder(0.8, target_stopped=True), []).data["grappled"] is True
    assert resolve_grapple(GrappleOrder(0.8), [3]).data["grappled"] is True
    assert resolve_grapple(GrappleOrder(0.8), [4]).data["grappled"] is False
    assert resolve_grapple(GrappleOrder(0.8, opposite_headings=True), [2]).data["grappled"] is False
    assert resolve_grapple(GrappleOrder(0.8, opposite_headings=True), [1]).data["grappled"] is True


def test_grapple_out_of_reach_and_the_optional_first_roll():
    with pytest.raises(Refused, match='grappling needs them within 1"'):
        grapple_dice_needed(GrappleOrder(1.5))
    need = grapple_dice_needed(GrappleOrder(0.5, first_roll=True))
    assert need.labels == ("first roll", "grapple")
    assert resolve_grapple(GrappleOrder(0.5, first_roll=True), [4, 1]).data["grappled"] is False
    assert resolve_grapple(GrappleOrder(0.5, first_roll=True), [2, 1]).data["grappled"] is True


def test_cutting_a_grapple():
    assert resolve_cut_grapple([2]).data["cut"] is True
    assert resolve_cut_grapple([3]).data["cut"] is False


def test_the_spanish_against_disordered_british_example():
    text = excerpt("boarding-example")
    assert "24 to 12, or 2:1 in favor of the Spanish" in text
    spain, spain_state = ship("spanish", 1200, 504, "30x24")      # 24 CF
    britain, britain_state = ship("british", 900, 420, "30x18")   # 20 CF
    res = boarding_odds(party(spain, spain_state), party(britain, {**britain_state, "morale": "disorder"}))
    assert (res.data["attacker_value"], res.data["defender_value"]) == (24.0, 12.0)
    assert res.data["odds"] == "2:1" and res.data["favoured"] == "attacker"
    assert (res.data["superior_dice"], res.data["inferior_dice"]) == (2, 1)
    assert res.data["melee_on"] == [1, 2]


def test_training_game_odds_example():
    odds = training_odds(5, 3, 8, 2)
    assert (odds["attacker_value"], odds["defender_value"], odds["odds"]) == (15.0, 16.0, "1:1")


@pytest.mark.parametrize("a, d, label, bonus", [(10, 10, "1:1", 0), (14, 10, "1:1", 0), (15, 10, "3:2", 0),
                                                 (29, 10, "2:1", 0), (30, 10, "3:1", 0), (49, 10, "4:1", 0),
                                                 (50, 10, "5:1", 1), (99, 10, "5:1", 1), (100, 10, "5:1", 2),
                                                 (150, 10, "5:1", 3)])
def test_odds_steps_and_bonus_pips(a, d, label, bonus):
    odds = odds_for(a, d)
    assert (odds["odds"], odds["bonus_pips"]) == (label, bonus)


def test_defender_favoured_odds_give_the_defender_the_dice():
    odds = odds_for(10, 35)
    assert odds["favoured"] == "defender"
    assert melee_dice_allowed(odds) == {"attacker": 1, "defender": 3}


def test_shaken_melee_value_is_read_from_the_melee_losses_example_and_shock_doubles():
    # "enters the battle with 10 CF and gets a 1-1 on the defender who meets him with 20 CF shaken"
    assert "with 10 CF and gets a 1-1 on the defender who meets him with 20 CF" in excerpt("melee-losses")
    read = boarding_odds(Party(10, 3), Party(20, 3, "shaken"))
    assert read.data["defender_value"] == 30.0 and read.data["odds"] == "1:1"
    with pytest.raises(RulingNeeded, match=r"morale.states.shaken.melee"):
        boarding_odds(Party(10, 3), Party(20, 3, "shaken"), load_tables(strict=True))
    fresh = boarding_odds(Party(10, 3, shock=True), Party(20, 3))
    assert fresh.data["attacker_value"] == 60.0 and fresh.data["odds"] == "1:1"
    ruled = boarding_odds(Party(10, 3), Party(20, 3, "shaken"),
                          load_tables({"morale": {"states": {"shaken": {"melee": "1/2"}}}}))
    assert ruled.data["odds"] == "1:1"


def test_melee_start_die():
    odds = odds_for(15, 10)                      # 3:2
    start = resolve_melee_start(odds, [2]).data
    assert (start["melee"], start["reroll"]) == (True, False)
    assert resolve_melee_start(odds, [6]).data["reroll"] is True
    assert resolve_melee_start(odds, [4]).data["melee"] is False


def _sides(defender_morale="normal"):
    a, a_state = ship("british", 900, 420, "30x18")
    d, d_state = ship("french", 900, 420, "30x18")   # Class III: two decks, three areas
    return MeleeSide(a, a_state), MeleeSide(d, {**d_state, "morale": defender_morale})


def test_a_first_turn_tie_repulses_the_boarders():
    att, dfd = _sides()
    odds = odds_for(60, 40)                       # 3:2 for the attacker
    res = resolve_melee_round(att, dfd, odds, [2, 4], [4], melee_turn=1)
    assert res.data["result"] == "repulsed" and res.data["winner"] == ""
    assert resolve_melee_round(att, dfd, odds, [4], [4], melee_turn=3).data["result"] == "roll again"


def test_differences_move_morale_and_areas():
    att, dfd = _sides()
    odds = odds_for(30, 30)
    one = resolve_melee_round(att, dfd, odds, [5], [4])
    assert one.data["result"] == "melee" and one.changes["defender"] == {}
    third = resolve_melee_round(att, dfd, odds, [5], [4], melee_turn=3)
    assert third.data["areas_taken"] == 1
    three = resolve_melee_round(att, dfd, odds, [6], [3])
    assert three.changes["defender"]["morale"] == "disorder"
    assert three.data["areas_taken"] == 2 and three.data["areas_total"] == 3
    four = resolve_melee_round(att, dfd, odds, [6], [2], areas_taken=1)
    assert four.data["captured"] == "defender"
    assert four.changes["defender"]["status"] == "captured"
    assert four.changes["attacker"]["morale"] == "flushed"


def test_five_pips_take_the_vessel_and_bonus_pips_count():
    att, dfd = _sides()
    res = resolve_melee_round(att, dfd, odds_for(30, 30), [6], [1])
    assert res.data["result"] == "surrender" and res.data["captured"] == "defender"
    big = odds_for(100, 10)                       # 5 dice and 2 pips
    res = resolve_melee_round(att, dfd, big, [1, 1, 1, 1, 4], [1])
    assert res.data["kept"] == {"attacker": 6, "defender": 1} and res.data["captured"] == "defender"


def test_the_defender_can_throw_boarders_back():
    att, dfd = _sides()
    res = resolve_melee_round(att, dfd, odds_for(30, 30), [3], [5], areas_taken=2)
    assert res.data["winner"] == "defender" and res.data["areas_taken"] == 1
    assert res.changes["attacker"]["morale"] == "shaken"


def test_too_many_melee_dice_are_refused():
    att, dfd = _sides()
    with pytest.raises(BadInput, match=re.escape("the attacker may roll 1 to 2 d6, one at a time, keeping the last")):
        resolve_melee_round(att, dfd, odds_for(20, 10), [1, 2, 3], [1])
    with pytest.raises(BadInput, match="defender may roll 1 to 1"):
        resolve_melee_round(att, dfd, odds_for(20, 10), [1], [])


def test_the_melee_losses_example():
    text = excerpt("melee-losses")
    assert "Now the losses are 12 for the boarders and 10 for the defenders" in text
    assert "again 12 for the boarders (same table, same result) and 16 for the defenders" in text
    first = melee_losses(5, 4, winner_offensive=True, loser_offensive=False, winner_enemy_cf=20, loser_enemy_cf=10)
    assert (first.data["winner_men"], first.data["loser_men"]) == (12, 10)
    second = melee_losses(5, 2, True, False, 20, 10)
    assert (second.data["winner_men"], second.data["loser_men"]) == (12, 16)
    # cells the OCR lost take the default reading (1 1/2 men a pip, the slope of the example's cells)
    assert melee_losses(5, 6, True, False, 20, 10).data["loser_men"] == 4       # 2 men x 10/5
    with pytest.raises(RulingNeeded, match="boarding.melee_losses.losing_defensive.6"):
        melee_losses(5, 6, True, False, 20, 10, tables=load_tables(strict=True))


def test_men_lost_in_melee_come_off_the_crew_factors():
    values, state = ship()
    assert lose_men(values, state, 21)["crew_factors"] == 14.0


def test_training_melee_table():
    assert training_melee_result(4, 3)["text"] == "melee continues next turn"
    assert training_melee_result(2, 5)["winner"] == "defender"
    four = training_melee_result(6, 2)
    assert four["top_deck"] is True and four["morale_points"] == 1
    assert training_melee_result(6, 1)["capture"] is True


def test_melee_losses_in_play_follow_the_texts_example(umpire, tmp_path):
    # "enters the battle with 10 CF and gets a 1-1 on the defender who meets him with 20 CF shaken ...
    # the boarder rolling a 5, and the defender a 4 ... the losses are 12 for the boarders and 10 for the defenders"
    g = tmp_path / "ml.toml"
    assert umpire("new", g, "--ruleset", "dguts", "--optional", "melee-losses").code == 0
    run = lambda *a: umpire("--game", g, *a)  # noqa: E731
    assert run("ship", "add", "Boarder", "--side", "a", "--nation", "british", "--tons", "600", "--men", "210",
               "--guns", "20x12").code == 0
    assert run("ship", "add", "Defender", "--side", "b", "--nation", "british", "--tons", "900", "--men", "420",
               "--guns", "30x18").code == 0
    assert run("--json", "morale", "defender", "--roll", "6,6").json["morale"] == "shaken"
    run("grapple", "boarder", "defender", "--opt", "distance=0", "--opt", "touching=1")
    board = run("--json", "board", "boarder", "--party", "obp", "--at", "defender", "--roll", "4")
    assert board.json["odds"] == "1:1"
    res = run("--json", "melee", "boarder", "--at", "defender", "--opt", "attacker=5", "--opt", "defender=4")
    assert res.code == 0, res.err
    assert res.json["men_lost"] == {"attacker": 12, "defender": 10}
    ships = {s["id"]: s for s in run("--json", "status").json["ships"]}
    assert ships["boarder"]["crew_factors"] == pytest.approx(10 - 12 / 21, abs=1e-3)
    assert ships["defender"]["crew_factors"] == pytest.approx(20 - 10 / 21, abs=1e-3)
    assert run("--json", "verify").json["differences"] == []


@pytest.mark.parametrize("roll,result,grappled", [(1, "first-veers", False), (3, "entangled", True),
                                                  (4, "glancing", False), (6, "other-veers", False)])
def test_collisions(umpire, tmp_path, roll, result, grappled):
    # "1 First ship veers ... 3 Entangling collision (ships entangled ...) 4 Glancing collision ... 5 Other ship veers"
    text = excerpt("collisions")
    assert "3 Entangling collision (ships entangled; each may fire broadside once before boarding may be attempted)" in text
    g = tmp_path / "c.toml"
    assert umpire("new", g, "--scenario", "dguts-constitution-guerriere").code == 0
    res = umpire("--game", g, "--json", "foul", "constitution", "guerriere", "--roll", str(roll))
    assert res.code == 0 and res.json["result"] == result
    board = umpire("--game", g, "board", "constitution", "--party", "obp", "--at", "guerriere", "--roll", "4")
    assert (board.code == 0) is grappled
