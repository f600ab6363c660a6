"""WS&IM 1981 Optional Rules (rules/wsim/optional.py), each test quoting the text it checks.
Whole games through the command line are in tests/cases/wsim-1981/optional-*.toml."""

from __future__ import annotations

import pytest

from umpire.core.errors import BadInput, Refused
from umpire.core.state import Resolution, apply
from umpire.core.tables import Tables
from umpire.rules.wsim import optional
from umpire.rules.wsim.advanced import Wsim1981Advanced
from umpire.rules.wsim.movement import allowance
from umpire.rules.wsim.ruleset import Wsim1981
from tests.rulesets.wsim_1981.helpers import TABLES, make_state

SOL = "14H-(5-4-4)M-9(1)G-7R(3)-5-21'-26(CR)"
FRIGATE = "7H-(2-2-1)M-2(1)G-5R(4)-6-15'-11(CR)"
RS = Wsim1981()


def game(*rules: str, **ships) -> dict:
    state = make_state(**(ships or {"mars": ("british", SOL), "hercule": ("french", SOL)}))
    if rules:
        state["optional"] = list(rules)
    return state


def act(state: dict, action: dict, rolls=(), rs=RS, tables=TABLES) -> Resolution:
    got = rs.plan(state, tables, action)
    res = got if isinstance(got, Resolution) else got.resolve(tuple(rolls), bool(rolls))
    rs.after(state, res, tables)
    apply(state, res.effects)
    return res


# --- VIII Loss of rigging --------------------------------------------------------------

def test_no_rigging_hit_table_by_gun_squares_firing():
    """VIII.A "-1 HT when firing for ships having up to 6 gun squares, and -2 HT ... 7 or more"."""
    state = game("loss-of-rigging")
    ship = state["ships"]["mars"]
    assert optional.hit_table_modifiers(state, ship, 6, TABLES) == []      # rigging left: no change
    ship["rigging_left"] = [0, 0, 0]
    assert [m[1] for m in optional.hit_table_modifiers(state, ship, 6, TABLES)] == [-1]
    assert [m[1] for m in optional.hit_table_modifiers(state, ship, 7, TABLES)] == [-2]
    assert optional.hit_table_modifiers(game(), ship, 7, TABLES) == []   # not chosen: no effect


def test_fire_with_all_rigging_gone_reads_one_table_lower():
    """MARS, CR, 9 guns at range 1: the Basic HDT gives her table; with no rigging -2 more."""
    def table(rules):
        state = game(*rules)
        state["ships"]["mars"]["rigging_left"] = [0, 0, 0]
        plan = RS.plan(state, TABLES, {"command": "fire", "ship": "mars", "at": "hercule",
                                       "opts": {"range": "3", "side": "left", "aim": "hull", "facing": "left"}})
        return plan.resolve((1,), True).data["hit_table"]
    assert table(["loss-of-rigging"]) == table([]) - 2


def test_each_whole_section_lost_owes_a_mast_die():
    """VIII.B "a die is immediately rolled for each section lost"."""
    state = game("loss-of-rigging")
    res = Resolution("x", "", [{"op": "set", "path": ["ships", "hercule", "rigging_left"], "value": [0, 0, 3]}])
    optional.after(state, res, TABLES)
    assert res.data["masts_due"] == {"hercule": 2}
    plain = game()
    res = Resolution("x", "", [{"op": "set", "path": ["ships", "hercule", "rigging_left"], "value": [0, 0, 3]}])
    RS.after(plain, res, TABLES)
    assert "masts_due" not in res.data


def test_mast_dice_one_hangs_over_then_side():
    """VIII.B: 1 the mast hangs over the side (another die: 1, 3, 5 left; 2, 4, 6 right); 2-6 it fails free."""
    state = game("loss-of-rigging")
    state["ships"]["hercule"]["masts_due"] = 2
    res = act(state, {"command": "mast", "ship": "hercule", "opts": {}}, (1, 3, 5))
    assert [m["result"] for m in res.data["masts"]] == ["hangs over the side", "fails free"]
    assert res.data["mast_over"] == ["left"]
    assert state["ships"]["hercule"]["masts_due"] == 0
    with pytest.raises(BadInput, match="needs 2 dice"):
        s2 = game("loss-of-rigging")
        s2["ships"]["mars"]["masts_due"] = 1
        act(s2, {"command": "mast", "ship": "mars", "opts": {}}, (1, 2, 3))


def test_mast_over_the_side_stops_fire_speed_and_turning():
    """VIII.B "the ship cannot fire until it has been cut loose"; "speed is reduced by one and may not turn"."""
    state = game("loss-of-rigging")
    state["ships"]["mars"]["mast_over"] = [{"side": "right", "turn": 1}]
    with pytest.raises(Refused, match="cannot fire"):
        RS.plan(state, TABLES, {"command": "fire", "ship": "mars", "at": "hercule",
                                "opts": {"range": "2", "side": "left"}})
    res = allowance(state["ships"]["mars"], "A", TABLES, "battle", 1)
    assert res.data["allowance"] == 3 - 1 and res.data["may_turn"] is False


def test_cutting_the_mast_loose_on_the_unfouling_table():
    """VIII.B "The Unfouling Table is used, and one die roll per unfouling phase is allowed"."""
    state = game("loss-of-rigging")
    state["ships"]["mars"]["mast_over"] = [{"side": "right", "turn": 1}]
    cut = {"command": "mast", "ship": "mars", "opts": {"cut": "any"}}
    with pytest.raises(Refused, match="this turn"):
        RS.plan(state, TABLES, cut)
    state["turn"] = 2
    assert act(state, cut, (3,)).data["success"] is False
    with pytest.raises(Refused, match="already tried"):
        RS.plan(state, TABLES, cut)
    state["ships"]["mars"]["tries"] = []
    assert act(state, cut, (2,)).data["success"] is True
    assert state["ships"]["mars"]["mast_over"] == []


def test_turn_waits_for_the_mast_dice():
    state = game("loss-of-rigging")
    state["ships"]["mars"]["masts_due"] = 1
    with pytest.raises(Refused, match="mast die"):
        RS.plan(state, TABLES, {"command": "turn"})


def test_mast_without_the_rule_is_refused():
    with pytest.raises(Refused, match="loss-of-rigging"):
        RS.plan(game(), TABLES, {"command": "mast", "ship": "mars", "opts": {}})


# --- VII Towing ------------------------------------------------------------------------------

def towing_game(tower_guns: int, towed_guns: int) -> dict:
    state = game("towing", mars=("british", SOL), swan=("british", FRIGATE), hercule=("french", SOL))
    state["ships"]["mars"]["rated_guns"], state["ships"]["swan"]["rated_guns"] = tower_guns, towed_guns
    return state


@pytest.mark.parametrize("tower, towed, loss", [(74, 16, 1), (74, 74, 1), (16, 74, 2)])
def test_towing_loses_by_gun_rating(tower, towed, loss):
    """VII.B "equal or inferior gun rating lose one hex ... superior gun rating lose two hexes"."""
    state = towing_game(tower, towed)
    act(state, {"command": "tow", "ship": "mars", "towed": "swan", "opts": {}})
    ship = state["ships"]["mars"]
    assert allowance(ship, "A", TABLES, "battle", 1).data["allowance"] == 3        # rigged this turn
    assert allowance(ship, "A", TABLES, "battle", 2).data["allowance"] == 3 - loss
    assert allowance(ship, "D", TABLES, "battle", 2).data["allowance"] == 0


def test_tow_only_a_friendly_ship_and_cast_off():
    """VII.A "A ship may tow another friendly ship"; VII.D.3 ungrappling ends the tow."""
    state = towing_game(74, 16)
    state["ships"]["hercule"]["rated_guns"] = 74
    with pytest.raises(Refused, match="friendly"):
        RS.plan(state, TABLES, {"command": "tow", "ship": "mars", "towed": "hercule", "opts": {}})
    act(state, {"command": "tow", "ship": "mars", "towed": "swan", "opts": {}})
    act(state, {"command": "tow", "ship": "mars", "towed": "", "opts": {"cast_off": True}})
    assert not state["ships"]["mars"]["towing"] and not state["ships"]["swan"]["towed_by"]


# --- XI Running aground ----------------------------------------------------------------------

def test_aground_refloat_must_exceed_the_first_die():
    """XI.B "The die number rolled must exceed the number initially rolled"."""
    state = game("running-aground")
    act(state, {"command": "aground", "ship": "mars", "opts": {}}, (4,))
    assert allowance(state["ships"]["mars"], "A", TABLES, "battle", 1).data["allowance"] == 0
    refloat = {"command": "aground", "ship": "mars", "opts": {"refloat": True}}
    with pytest.raises(Refused, match="next turn"):
        RS.plan(state, TABLES, refloat)
    state["turn"] = 2
    with pytest.raises(Refused, match="refloat"):
        RS.plan(state, TABLES, {"command": "turn"})
    assert act(state, refloat, (4,)).data["refloated"] is False
    state["turn"], state["ships"]["mars"]["tries"] = 3, []
    assert act(state, refloat, (5,)).data["refloated"] is True


def test_a_six_cannot_be_refloated():
    """XI.B "If a "6" had been rolled initially ... cannot be refloated by ordinary means"."""
    state = game("running-aground")
    act(state, {"command": "aground", "ship": "mars", "opts": {}}, (6,))
    state["turn"] = 2
    with pytest.raises(Refused, match="ordinary means"):
        RS.plan(state, TABLES, {"command": "aground", "ship": "mars", "opts": {"refloat": True}})
    RS.plan(state, TABLES, {"command": "turn"})      # no refloat die is owed


# --- IX Blocked wind ------------------------------------------------------------------------

@pytest.mark.parametrize("blocker_guns, blocked_guns, sails, rigging, loss", [
    (74, 74, "battle", [7, 7, 7], 1),      # IX.A battle sails, rigging whole
    (74, 74, "battle", [0, 3, 7], 0),      # 10 of 21 left: under half, she blocks no wind
    (74, 74, "full", [7, 7, 7], 2),        # IX.A full sails
    (74, 44, "battle", [7, 7, 7], 2),      # IX.B.1 30 more guns: +1
    (44, 74, "full", [7, 7, 7], 1),        # the reverse: -1
    (100, 38, "battle", [7, 7, 7], 3),     # IX.B.2 60 or more: +2
    (38, 100, "battle", [7, 7, 7], 0),
])
def test_blocked_wind_losses(blocker_guns, blocked_guns, sails, rigging, loss):
    state = game("blocked-wind")
    b, s = state["ships"]["hercule"], state["ships"]["mars"]
    b["rated_guns"], s["rated_guns"], b["sails"], b["rigging_left"] = blocker_guns, blocked_guns, sails, rigging
    res = RS.query(state, TABLES, "speed", "mars", {"attitude": "A", "blocked_by": "hercule"})
    assert res.data["blocked_wind_loss"] == loss
    assert res.data["allowance"] == max(0, 3 - loss)


def test_blocked_wind_needs_the_rule():
    with pytest.raises(Refused, match="blocked-wind"):
        RS.query(game(), TABLES, "speed", "mars", {"attitude": "A", "blocked_by": "hercule"})


# --- XIV Fore and aft, XV Copper bottom and scurvy --------------------------------------------

def test_fore_and_aft_moves_one_hex_every_second_turn_in_d():
    """XIV "move one hex every second turn in D attitude to the wind"."""
    state = game("fore-and-aft-rigging", swan=("british", FRIGATE))
    act(state, {"command": "designate", "ship": "swan", "opts": {"fore_and_aft": True}})
    ship = state["ships"]["swan"]
    assert [allowance(ship, "D", TABLES, "battle", t).data["allowance"] for t in (1, 2, 3, 4)] == [0, 1, 0, 1]
    assert allowance(ship, "A", TABLES, "battle", 2).data["allowance"] == 4
    with pytest.raises(Refused, match="fore-and-aft-rigging"):
        RS.plan(game(swan=("british", FRIGATE)), TABLES,
                {"command": "designate", "ship": "swan", "opts": {"fore_and_aft": True}})


def test_fore_and_aft_rigging_hits_not_doubled_at_full_sail():
    """XIV "Rigging hits are not doubled if a fore and aft rigged ship is at full sail"."""
    from umpire.rules.wsim import advanced_fire

    gun = {"full_sail_rigging": 2}
    hits = {"hull": 0, "guns": 0, "crew": 0, "rigging": 3}
    assert advanced_fire.effective_hits(hits, "round", {"sails": "full"}, gun, [])["rigging"] == 6
    assert advanced_fire.effective_hits(hits, "round", {"sails": "full", "fore_and_aft": True}, gun,
                                        [])["rigging"] == 3


def test_copper_bottom_only_under_full_sails():
    """XV.A "lose one movement factor of its allowance in all attitudes under Full Sails"."""
    tables = Tables("wsim-1981-advanced")
    rs = Wsim1981Advanced()
    state = game("copper-bottom")
    state["wind"] = {"direction": 1, "velocity": 3, "change": 4, "initial_direction": 1}
    act(state, {"command": "designate", "ship": "mars", "opts": {"uncoppered": True}}, rs=rs, tables=tables)
    ship = state["ships"]["mars"]
    assert allowance(ship, "A", tables, "full", 1).data["allowance"] == 5 - 1
    assert allowance(ship, "A", tables, "battle", 1).data["allowance"] == 3


@pytest.mark.parametrize("cls, extra, ok", [("SOL", 1, True), ("SOL", 2, True), ("F", 1, True), ("F", 2, False),
                                            ("B", 1, False)])
def test_scurvy_extra_crew(cls, extra, ok):
    """XV.B "one or two extra crew squares per section for the S.O.L. class ships and one extra crew
    square per section for frigate class ships"."""
    state = game("scurvy")
    state["ships"]["mars"]["class"] = cls
    do = {"command": "designate", "ship": "mars", "opts": {"newly_arrived": extra}}
    if not ok:
        with pytest.raises((BadInput, Refused)):
            RS.plan(state, TABLES, do)
        return
    act(state, do)
    assert state["ships"]["mars"]["crew_left"] == [5 + extra, 4 + extra, 4 + extra]
    assert state["ships"]["mars"]["at_turn_start"]["crew_left"] == [5 + extra, 4 + extra, 4 + extra]


# --- II Timed moves, III Multi-player communication --------------------------------------------

@pytest.mark.parametrize("per_side, minutes", [(1, 1), (2, 2), (3, 2), (4, 3), (6, 3), (7, 6), (12, 6), (13, 9)])
def test_timer_minutes(per_side, minutes):
    """II "one minute ... single-ship actions, two minutes for up to three ships per side, three minutes for
    up to six ships per side, and an additional three minutes for each additional six ships per side"."""
    ships = {f"b{i}": ("british", SOL) for i in range(per_side)}
    ships.update({f"f{i}": ("french", SOL) for i in range(per_side)})
    assert optional.timer_minutes(game("timed-moves", **ships), TABLES)[0] == minutes


def test_one_message_per_ship_a_turn():
    """III.B "Only one message per ship may be sent to the other ships of the fleet in that phase"."""
    state = game("multi-player-communication")
    res = act(state, {"command": "signal", "ship": "mars", "text": "Engage"})
    assert res.data["text"] == "Engage"
    with pytest.raises(Refused, match="one message per ship"):
        RS.plan(state, TABLES, {"command": "signal", "ship": "mars", "text": "Again"})
    with pytest.raises(Refused, match="multi-player-communication"):
        RS.plan(game(), TABLES, {"command": "signal", "ship": "mars", "text": "Engage"})


# --- VI Variable wind direction and velocity ----------------------------------------------------

def test_variable_wind_three_dice_at_the_start():
    """VI "roll a die 3 times for a new wind direction, wind velocity and wind change number"."""
    tables = Tables("wsim-1981-advanced")
    rs = Wsim1981Advanced()
    state = game("variable-wind-direction-and-velocity")
    state["wind"] = {"direction": 1, "velocity": 3, "change": 5, "initial": 1, "rolled_turn": 0}
    res = act(state, {"command": "wind", "opts": {"variable": True}}, (4, 6, 2), rs=rs, tables=tables)
    assert res.data["wind"] == {"direction": 4, "velocity": 6, "change": 2}
    assert state["wind"]["initial"] == 4
    with pytest.raises(Refused, match="start of the scenario"):
        rs.plan(state, tables, {"command": "wind", "opts": {"variable": True}})
    other = game()
    other["wind"] = {"direction": 1, "velocity": 3, "change": 5, "initial": 1, "rolled_turn": 0}
    with pytest.raises(Refused, match="variable-wind-direction-and-velocity"):
        rs.plan(other, tables, {"command": "wind", "opts": {"variable": True}})


def test_scenario_statements_only_for_rules_in_play():
    """XIV "Ships which carry this special type of rigging will be stated as such in the scenario"."""
    state = game("fore-and-aft-rigging")
    defs = [{"id": "mars", "uncoppered": True, "newly_arrived": 1}, {"id": "hercule", "fore_and_aft": True}]
    optional.scenario_marks(state, defs, TABLES)
    assert state["ships"]["hercule"]["fore_and_aft"] is True
    assert "uncoppered" not in state["ships"]["mars"] and state["ships"]["mars"]["crew_left"] == [5, 4, 4]


def test_only_a_game_of_the_1981_rules_plays_them():
    """The Tournament Edition has optional rules of the same names (its 36.0 Loss of Rigging,
    ...): they are its own, and these 1981 rules stay out of its games."""
    from pathlib import Path

    from umpire.core.game import Game
    from umpire.core.ruleset import find_ruleset

    from umpire.rules.wsim import after

    meta = {"ruleset": "wsim-1981", "level": "basic", "optional": ["loss-of-rigging"], "seed": 1}
    assert find_ruleset("wsim-1981").initial_state(Game(Path("g.toml"), meta))["optional"] == ["loss-of-rigging"]
    te_rs = find_ruleset("wsim-te26")
    te = te_rs.initial_state(Game(Path("g.toml"), {**meta, "ruleset": "wsim-te26"}))
    assert te["optional"] == ["loss-of-rigging"] and not te_rs.optional_hooks
    te["ships"] = game()["ships"]
    res = Resolution("x", "", [{"op": "set", "path": ["ships", "hercule", "rigging_left"], "value": [0, 0, 3]}])
    after.after(te_rs, te, res, TABLES)   # what the 1981 rules do after any change, in a TE game
    assert "masts_due" not in res.data
