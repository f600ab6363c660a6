"""WS&IM 1981 Advanced Game: sail (V.A, XI), sink and explode (VIII.C; Optional X), repair (X.B)
and anchor (V.C), each a journalled command that `undo` takes back and `verify` re-checks.

Ships: MARS 14H-(5-4-4)M-9(1)G-7R(3): Advanced log hull 21, crew [10, 8, 8], 18 guns and 2
carronades a broadside (bow 9+1, stern 9+1), rigging [7, 7, 7]. HERCULE 14H-(5-5-4)M-10(1)G-7R(3):
hull 21, crew [10, 10, 8], 20 guns and 2 carronades a broadside. SLOOP 3H-(1-1-1)M-(3)G-4R(4):
hull 5 (4.5 rounded up), crew [2, 2, 2], no guns and 6 carronades a broadside, rigging [4, 4, 4, 4].
"""

from __future__ import annotations

import pytest

from tests.conftest import HERCULE, MARS, status
from umpire.core.tables import Tables
from umpire.rules.wsim import advanced_cmds
from umpire.rules.wsim.advanced import Wsim1981Advanced

SLOOP = "3H-(1-1-1)M-(3)G-4R(4)-6-11'-9(AV)"
TABLES = Tables("wsim-1981-advanced")


@pytest.fixture
def game(umpire, tmp_path):
    path = tmp_path / "game.toml"
    assert umpire("new", path, "--ruleset", "wsim-1981", "--level", "advanced", "--seed", "3").code == 0
    for name, side, spec, cls in (("MARS", "british", MARS, "2"), ("SLOOP", "french", SLOOP, "5"),
                                  ("HERCULE", "french", HERCULE, "2")):
        assert umpire("ship", "add", name, "--side", side, "--spec", spec, "--class", cls).code == 0
    return path


def ok(umpire, *args):
    res = umpire("--json", *args)
    assert res.code == 0, res.err
    return res.json


def refused(umpire, path, code, text, *args):
    before = path.read_bytes()
    res = umpire(*args)
    assert res.code == code, (res.out, res.err)
    assert text.lower() in res.err.lower(), res.err
    assert path.read_bytes() == before


def doom(umpire, die: int):
    """MARS fires both broadsides into SLOOP at one hex: Advanced HDT, 20 squares (19-21), range 1:
    table 4, CR +2, initial broadside +2 = table 8. Hull die 4 "4H-2C-G" twice: 5 hull squares
    gone on the second, then the Destroyed Hull die (5 may sink, 6 may explode)."""
    ok(umpire, "fire", "mars", "--at", "sloop", "--range", "1", "--side", "left", "--facing", "right",
       "--aim", "hull", "--rolls", "4")
    res = ok(umpire, "fire", "mars", "--at", "sloop", "--range", "1", "--side", "right", "--facing", "right",
             "--aim", "hull", "--rolls", f"4,{die}")
    assert res["hit_tables"] == [8]
    return res["destroyed_hull"]


# --- the Basic level ----------------------------------------------------------------------

@pytest.mark.parametrize("args", [("sail", "mars", "full"), ("sink", "mars", "--roll", "6"),
                                  ("explode", "mars", "--roll", "6"), ("repair", "mars", "--what", "hull"),
                                  ("anchor", "mars")])
def test_basic_level_refuses_the_advanced_commands(umpire, duel, args):
    refused(umpire, duel, 1, "--level advanced", *args)


# --- sails ------------------------------------------------------------------------------

def test_full_sails_at_once_and_back(umpire, game):
    res = ok(umpire, "sail", "mars", "full")
    assert res["sails"] == "full" and res["changed"] is True
    assert status(umpire, "mars")["sails"] == "full"
    # speed defaults to the sails she has set: full sail 5 chart (MARS ...-5-21'), attitude B
    assert ok(umpire, "speed", "mars", "--attitude", "B")["sail"] == "full"
    ok(umpire, "sail", "mars", "battle")
    assert status(umpire, "mars")["sails"] == "battle"
    assert umpire("undo").code == 0
    assert status(umpire, "mars")["sails"] == "full"


def test_full_sails_double_rigging_hits(umpire, game):
    # HERCULE under full sail; MARS fires at rigging, 6 hexes: 20 squares, 19-21 row, 5-6 column
    # 0, CR +2, initial +2: table 4. Rigging die 5 "3R-C": 3 rigging hits doubled to 6 (V.A.3).
    ok(umpire, "sail", "hercule", "full")
    res = ok(umpire, "fire", "mars", "--at", "hercule", "--range", "6", "--side", "left", "--aim", "rigging",
             "--roll", "5")
    assert res["hit_table"] == 4 and res["hits"]["rigging"] == 3 and res["marked"]["rigging"] == 6
    assert status(umpire, "hercule")["rigging_left"] == [1, 7, 7]


def test_no_full_sails_without_the_first_rigging_section():
    rs = Wsim1981Advanced()
    ship = rs.new_ship({"id": "mars", "name": "MARS", "side": "british", "spec": MARS})
    ship["rigging_left"] = [0, 7, 7]
    state = {"turn": 2, "ships": {"mars": ship}, "wind": {"direction": 1, "velocity": 3, "change": 4}}
    from umpire.core.errors import Refused
    from umpire.rules.wsim.actions import Sail

    with pytest.raises(Refused, match="first rigging section"):
        advanced_cmds.plan(state, TABLES, Sail("mars", "full"))
    assert advanced_cmds.plan(state, TABLES, Sail("mars", "battle")).effects == []
    ship.update({"rigging_left": [7, 7, 7], "state": "surrendered"})   # IX.D.4: she may not move
    with pytest.raises(Refused, match="surrendered"):
        advanced_cmds.plan(state, TABLES, Sail("mars", "full"))
    ship["prize"] = {"squares": 2, "quality": "AV", "from": "hercule"}   # IX.D.5: a prize crew sails her
    ship["state"] = "captured"
    assert advanced_cmds.plan(state, TABLES, Sail("mars", "full")).data["sails"] == "full"


def test_storm_and_gale_notes(umpire, game):
    ok(umpire, "wind", "--velocity", "6")   # storm: no full sails
    refused(umpire, game, 1, "storm", "sail", "mars", "full")
    ok(umpire, "wind", "--velocity", "5")   # gale: classes 5 and 6 may not
    refused(umpire, game, 1, "gale", "sail", "sloop", "full")
    assert ok(umpire, "sail", "mars", "full")["sails"] == "full"   # class 2 may


# --- sinking and exploding ----------------------------------------------------------------

def test_a_sinking_ship_goes_down_on_a_later_six(umpire, game):
    assert doom(umpire, 5) == "may sink"
    assert status(umpire, "sloop")["state"] == "sinking"
    refused(umpire, game, 1, "this turn", "sink", "sloop", "--roll", "6")      # not in the turn she was marked
    refused(umpire, game, 1, "not marked as exploding", "explode", "sloop", "--roll", "6")
    refused(umpire, game, 1, "not marked as sinking", "sink", "mars", "--roll", "6")
    ok(umpire, "turn")
    res = ok(umpire, "sink", "sloop", "--roll", "4")
    assert res["sunk"] is False and res["state"] == "sinking"
    refused(umpire, game, 1, "already", "sink", "sloop", "--roll", "6")        # one die a turn
    ok(umpire, "turn")
    assert ok(umpire, "sink", "sloop", "--roll", "6")["sunk"] is True
    assert status(umpire, "sloop")["state"] == "sunk"
    assert umpire("undo").code == 0 and status(umpire, "sloop")["state"] == "sinking"
    assert ok(umpire, "verify")["differences"] == []


def test_a_ship_blowing_up_damages_the_ships_next_to_her(umpire, game):
    assert doom(umpire, 6) == "may explode"
    ok(umpire, "turn")
    res = ok(umpire, "explode", "sloop", "--near", "hercule", "--roll", "3")   # not a 6: no more dice
    assert res["exploded"] is False and res["rolls"] == [3]
    assert umpire("undo").code == 0
    refused(umpire, game, 2, "needs 1 dice", "explode", "sloop", "--near", "hercule", "--rolls", "3,2")
    # a 6: she explodes; Hit Table 10, rigging, one die each in the order named (VIII.C.4):
    # HERCULE die 5 "5R-2H-2C": rigging [2, 7, 7], hull 19, crew [8, 10, 8].
    # MARS die 1 "5R-H-C": rigging [2, 7, 7], hull 20, crew [9, 8, 8].
    res = ok(umpire, "explode", "sloop", "--near", "hercule", "--near", "mars", "--rolls", "6,5,1")
    assert res["exploded"] is True and res["hit_table"] == 10
    assert [(n["ship"], n["result"]) for n in res["near"]] == [("hercule", "5R-2H-2C"), ("mars", "5R-H-C")]
    h, m = status(umpire, "hercule"), status(umpire, "mars")
    assert (h["rigging_left"], h["hull_left"], h["crew_left"]) == ([2, 7, 7], 19, [8, 10, 8])
    assert (m["rigging_left"], m["hull_left"], m["crew_left"]) == ([2, 7, 7], 20, [9, 8, 8])
    assert status(umpire, "sloop")["state"] == "exploded"
    refused(umpire, game, 1, "exploded", "explode", "sloop", "--roll", "6")
    assert ok(umpire, "verify")["differences"] == []


def test_optional_exploding_ships_table_by_size_and_fire(umpire, tmp_path):
    path = tmp_path / "game.toml"
    assert umpire("new", path, "--ruleset", "wsim-1981", "--level", "advanced", "--optional",
                  "exploding-ships").code == 0
    for name, side, spec in (("MARS", "british", MARS), ("SLOOP", "french", SLOOP), ("HERCULE", "french", HERCULE)):
        assert umpire("ship", "add", name, "--side", side, "--spec", spec).code == 0
    doom(umpire, 6)
    ok(umpire, "turn")
    # SLOOP's broadside as logged: 6 carronade squares, the 4-6 row; its rake number at one hex
    # is (2), doubled: rigging section of Hit Table 4 (Optional X). Then critical 14 (fire):
    # HERCULE die 4 "2R-G" (guns on her left, the default), fire die 2: burns 2 turns, -2 to her
    # hit table;
    # MARS die 5 "3R-C", fire die 6: she will explode.
    res = ok(umpire, "explode", "sloop", "--near", "hercule", "--near", "mars", "--rolls", "6,4,2,5,6")
    assert res["hit_table"] == 4
    assert [(n["result"], n["fire"]["roll"], n["fire"]["explodes"]) for n in res["near"]] == \
        [("2R-G", 2, False), ("3R-C", 6, True)]
    h, m = status(umpire, "hercule"), status(umpire, "mars")
    assert h["rigging_left"] == [5, 7, 7] and h["guns_left"]["left"] + h["carronades_left"]["left"] == 21
    # the fire starts in turn 2's Unfouling Phase and burns two turns: 2 and 3
    assert h["critical_effects"][0]["until_turn"] == 3 and h["critical_effects"][0]["from_turn"] == 2
    assert m["state"] == "exploding" and m["rigging_left"] == [4, 7, 7] and m["crew_left"] == [9, 8, 8]
    assert ok(umpire, "verify")["differences"] == []


def test_explosion_table_by_size():
    rs = Wsim1981Advanced()
    mars = rs.new_ship({"id": "mars", "name": "MARS", "side": "british", "spec": MARS})
    # 20 squares: 19-21 row, rake (7) at one hex, doubled 14, no more than table 10
    assert advanced_cmds.explosion_table(mars, ["exploding-ships"], TABLES)[0] == 10
    assert advanced_cmds.explosion_table(mars, [], TABLES)[0] == 10


# --- repairs --------------------------------------------------------------------------------

def test_three_turns_of_hull_repair_give_back_two_squares(umpire, game):
    doom(umpire, 6)
    ok(umpire, "turn")
    ok(umpire, "explode", "sloop", "--near", "hercule", "--rolls", "6,5")   # HERCULE hull 19, rigging [2, 7, 7]
    res = ok(umpire, "repair", "hercule", "--what", "hull")
    assert (res["what"], res["turns_done"], res["restored"]) == ("hull", 1, 0)
    refused(umpire, game, 1, "already repaired", "repair", "hercule", "--what", "rigging")
    ok(umpire, "turn")
    ok(umpire, "repair", "hercule", "--what", "rigging")   # not in sequence: one type a turn
    ok(umpire, "turn")
    assert ok(umpire, "repair", "hercule", "--what", "hull")["turns_done"] == 2
    assert status(umpire, "hercule")["repairs"] == {"hull": 2, "rigging": 1, "guns": 0}
    ok(umpire, "turn")
    res = ok(umpire, "repair", "hercule", "--what", "hull")
    assert (res["turns_done"], res["restored"]) == (3, 2)
    h = status(umpire, "hercule")
    assert h["hull_left"] == 21 and h["repairs"] == {"hull": 0, "rigging": 1, "guns": 0}
    assert umpire("undo").code == 0 and status(umpire, "hercule")["hull_left"] == 19
    assert ok(umpire, "verify")["differences"] == []


def test_rigging_repair_erases_the_last_marked_first():
    rs = Wsim1981Advanced()
    ship = rs.new_ship({"id": "mars", "name": "MARS", "side": "british", "spec": MARS})
    ship.update({"rigging_left": [0, 6, 7], "repairs": {"hull": 0, "rigging": 2, "guns": 0}})
    state = {"turn": 5, "ships": {"mars": ship}}
    from umpire.rules.wsim.actions import RepairTurn as Repair

    res = advanced_cmds.plan(state, TABLES, Repair("mars", "rigging"))
    rig = [e["value"] for e in res.effects if e["path"][-1] == "rigging_left"][0]
    assert rig == [1, 7, 7] and res.data["restored"] == 2


def test_gun_repair_gives_back_the_squares_marked_last(umpire, game):
    doom(umpire, 6)
    ok(umpire, "turn")
    # MARS next to the explosion, die 2 "6R-2G": her left bow carronade, then a left bow gun
    ok(umpire, "explode", "sloop", "--near", "mars", "--rolls", "6,2")
    m = status(umpire, "mars")
    assert m["guns_left"]["left"] == 17 and m["carronades_left"]["left"] == 1
    for _ in range(3):
        ok(umpire, "turn")
        res = ok(umpire, "repair", "mars", "--what", "guns")
    assert res["restored"] == 2
    m = status(umpire, "mars")
    assert m["gun_sections_left"]["left"] == {"bow": 9, "stern": 9}
    assert m["carronade_sections_left"]["left"] == {"bow": 1, "stern": 1}
    assert ok(umpire, "verify")["differences"] == []


def test_repairs_that_give_back_a_first_section_square_allow_full_sails_again():
    # V.A.4: no full sails "unless it repairs its rigging so as to regain at least one rigging
    # square in the first section"; rigging 0-6-7: the third RR gives back section 2's square
    # first, then one in section 1
    from umpire.core.state import apply
    from umpire.rules.wsim.actions import RepairTurn as Repair, Sail

    state = _two_ships(turn=5)
    state["wind"] = {"direction": 1, "velocity": 3, "change": 4, "initial": 1, "rolled_turn": 0}
    state["ships"]["mars"].update({"rigging_left": [0, 6, 7], "repairs": {"hull": 0, "rigging": 2, "guns": 0}})
    from umpire.core.errors import Refused

    with pytest.raises(Refused):
        advanced_cmds.plan(state, TABLES, Sail("mars", "full"))
    res = advanced_cmds.plan(state, TABLES, Repair("mars", "rigging"))
    after = apply(state, res.effects)
    assert after["ships"]["mars"]["rigging_left"] == [1, 7, 7]
    after["turn"] = 6
    assert advanced_cmds.plan(after, TABLES, Sail("mars", "full")).data["sails"] == "full"


def test_repair_refusals_and_no_reload(umpire, game):
    ok(umpire, "fire", "mars", "--at", "hercule", "--range", "6", "--side", "left", "--aim", "rigging",
       "--roll", "5")
    refused(umpire, game, 1, "fired", "repair", "mars", "--what", "rigging")
    refused(umpire, game, 2, "--what", "repair", "hercule", "--what", "jury")
    refused(umpire, game, 2, "--crew", "repair", "hercule", "--what", "hull", "--crew", "2")
    ok(umpire, "turn")
    # turn 2: HERCULE fires both broadsides; `turn` reloads one of them (Basic X.A)
    for side in ("left", "right"):
        ok(umpire, "fire", "hercule", "--at", "mars", "--range", "6", "--side", side, "--aim", "rigging",
           "--roll", "1")
    ok(umpire, "turn")
    assert status(umpire, "hercule")["loaded"] == {"left": True, "right": False}
    # turn 3: she repairs, so `turn` does not reload her right broadside (contract, Loading)
    ok(umpire, "repair", "hercule", "--what", "rigging")
    refused(umpire, game, 1, "made repairs", "load", "hercule", "--side", "right")
    refused(umpire, game, 1, "made repairs", "fire", "hercule", "--at", "mars", "--range", "6", "--side", "left",
            "--aim", "rigging", "--roll", "1")
    ok(umpire, "turn")
    assert status(umpire, "hercule")["loaded"] == {"left": True, "right": False}
    ok(umpire, "load", "hercule", "--side", "right")      # turn 4: she loads, so no repairs
    refused(umpire, game, 1, "loaded", "repair", "hercule", "--what", "rigging")


def test_repair_needs_two_crew_sections_and_a_ship_not_surrendered():
    rs = Wsim1981Advanced()
    ship = rs.new_ship({"id": "mars", "name": "MARS", "side": "british", "spec": MARS})
    from umpire.core.errors import Refused
    from umpire.rules.wsim.actions import RepairTurn as Repair

    ship["crew_left"] = [0, 0, 3]
    state = {"turn": 2, "ships": {"mars": ship}}
    with pytest.raises(Refused, match="1 crew section"):
        advanced_cmds.plan(state, TABLES, Repair("mars", "hull"))
    ship["crew_left"] = [0, 1, 3]   # the second section need not be complete
    assert advanced_cmds.plan(state, TABLES, Repair("mars", "hull")).data["turns_done"] == 1
    ship["state"] = "surrendered"
    with pytest.raises(Refused, match="surrendered"):
        advanced_cmds.plan(state, TABLES, Repair("mars", "hull"))


# --- anchors --------------------------------------------------------------------------------

def test_anchoring_takes_effect_next_turn_and_steadies_her_fire(umpire, game):
    res = ok(umpire, "anchor", "mars", "--spring", "bow")
    assert res["from_turn"] == 2 and status(umpire, "mars")["anchor"] is None
    refused(umpire, game, 1, "more than one type", "anchor", "mars")
    ok(umpire, "turn")
    assert status(umpire, "mars")["anchor"] == "bow"
    # 18 guns at 6 hexes (her carronades reach 3): 16-18 row, table 0, CR +2, initial +2,
    # anchored +1 (HDT "All types of anchor", 16-18 row) = table 5
    res = ok(umpire, "fire", "mars", "--at", "hercule", "--range", "6", "--side", "left", "--aim", "rigging",
             "--roll", "1")
    assert res["hit_table"] == 5 and any(line.startswith("anchored (bow): +1") for line in res["explain"])


def test_weighing_anchor_takes_two_turns(umpire, game):
    ok(umpire, "anchor", "mars")
    ok(umpire, "turn")                                       # turn 2: at anchor, fires both broadsides
    for side in ("left", "right"):
        ok(umpire, "fire", "mars", "--at", "hercule", "--range", "6", "--side", side, "--aim", "rigging",
           "--roll", "1")
    ok(umpire, "turn")                                       # turn 3: her left broadside reloaded
    res = ok(umpire, "anchor", "mars", "--up")
    assert res["free_from_turn"] == 5 and status(umpire, "mars")["anchor"] is None
    refused(umpire, game, 1, "weighing anchor", "fire", "mars", "--at", "hercule", "--range", "6", "--side",
            "right", "--aim", "rigging", "--roll", "1")
    refused(umpire, game, 1, "weighing anchor", "load", "mars", "--side", "left")
    refused(umpire, game, 1, "weighing anchor", "repair", "mars", "--what", "hull")
    ok(umpire, "turn")                                       # turn 4: no reload while weighing
    assert status(umpire, "mars")["loaded"] == {"left": True, "right": False}
    refused(umpire, game, 1, "weighing anchor", "load", "mars", "--side", "right")
    ok(umpire, "turn")                                       # turn 5: free
    assert status(umpire, "mars")["loaded"] == {"left": True, "right": False}
    ok(umpire, "load", "mars", "--side", "right")
    ok(umpire, "anchor", "mars")                             # she may anchor again
    assert ok(umpire, "verify")["differences"] == []


def test_a_cut_ship_never_anchors_again(umpire, game):
    refused(umpire, game, 1, "not at anchor", "anchor", "mars", "--cut")
    ok(umpire, "anchor", "mars", "--spring", "stern")
    ok(umpire, "turn")
    res = ok(umpire, "anchor", "mars", "--cut")
    assert res["free_from_turn"] == 3
    # cut: no longer shown at anchor (held in place for the rest of the turn, V.C.7)
    assert status(umpire, "mars")["anchor"] is None and status(umpire, "mars")["anchors_cut"] is True
    ok(umpire, "turn")
    assert status(umpire, "mars")["anchor"] is None
    refused(umpire, game, 1, "cannot be anchored again", "anchor", "mars")
    refused(umpire, game, 2, "one of", "anchor", "mars", "--up", "--cut")


def _two_ships(turn: int = 3) -> dict:
    rs = Wsim1981Advanced()
    return {"turn": turn, "ships": {
        "mars": rs.new_ship({"id": "mars", "name": "MARS", "side": "british", "spec": MARS}),
        "hercule": rs.new_ship({"id": "hercule", "name": "HERCULE", "side": "french", "spec": HERCULE})}}


def test_a_magazine_explosion_in_this_turns_fire_rolls_only_for_the_ships_next_to_her():
    # critical 11H blew HERCULE up in this turn's fire: no explosion die, one die for MARS on
    # Hit Table 10, rigging: 5 "5R-2H-2C" -> rigging 2-7-7, hull 19, crew 8-8-8
    from umpire.core.errors import BadInput, Refused
    from umpire.core.state import apply
    from umpire.rules.wsim.actions import ExplodeAdjacent as Explode

    state = _two_ships()
    state["ships"]["hercule"].update({"state": "exploded", "struck": True})
    with pytest.raises(BadInput, match="--near"):
        advanced_cmds.plan(state, TABLES, Explode("hercule", [], []))
    plan = advanced_cmds.plan(state, TABLES, Explode("hercule", ["mars"], []))
    assert plan.need.count == 1
    res = plan.resolve((5,), True)
    assert res.data["roll"] is None and res.data["near"][0]["result"] == "5R-2H-2C"
    after = apply(state, res.effects)
    mars = after["ships"]["mars"]
    assert (mars["rigging_left"], mars["hull_left"], mars["crew_left"]) == ([2, 7, 7], 19, [8, 8, 8])
    with pytest.raises(Refused, match="exploded already"):   # once only
        advanced_cmds.plan(after, TABLES, Explode("hercule", ["mars"], []))


def test_a_severed_cable_cuts_the_anchor_at_the_end_of_the_turn():
    # 5H "Anchor cable severed. Anchored ships must note cut anchor in log. Ships may not anchor again."
    from umpire.core.errors import Refused
    from umpire.rules.wsim.actions import Anchor

    state = _two_ships()
    mars = state["ships"]["mars"]
    mars.update({"anchor": "ordinary", "critical_effects": [{"effect": "anchor cable severed: may not anchor again"}]})
    effects, _, _ = advanced_cmds.end_turn_hold(state, "mars", mars)
    got = {e["path"][-1]: e["value"] for e in effects}
    assert got["anchor"] == "" and got["anchor_cut"] is True
    with pytest.raises(Refused, match="severed"):
        advanced_cmds.plan(state, TABLES, Anchor("mars", "ordinary"))


def test_a_sinking_ship_is_not_boarded_captured_or_emptied(umpire, game):
    # VIII.C.5: "The crew cannot be taken off, repairs cannot be made, and the crew cannot melee
    # or fire the guns. ... It may not be captured."
    doom(umpire, 5)
    refused(umpire, game, 1, "no further part", "capture", "sloop", "--by", "mars", "--sections", "3")
    refused(umpire, game, 1, "no further part", "transfer", "sloop", "--to", "hercule", "--sections", "1")
    refused(umpire, game, 1, "no further part", "board", "mars", "--party", "obp", "--sections", "1", "--at", "sloop")
    refused(umpire, game, 1, "no further part", "melee", "mars", "--at", "sloop", "--roll", "3")
    refused(umpire, game, 1, "no further part", "anchor", "sloop")
    refused(umpire, game, 1, "no further part", "sail", "sloop", "full")


def test_a_ship_that_turned_in_her_move_makes_no_repairs(umpire, game):
    # X.B: ships which "expend any factors of its movement allowance to turn" may not repair
    ok(umpire, "move", "hercule", "1R", "--attitude", "B", "--turning", "2")
    refused(umpire, game, 1, "turned", "repair", "hercule", "--what", "hull")
    ok(umpire, "move", "mars", "1", "--attitude", "C")
    assert ok(umpire, "repair", "mars", "--what", "hull")["turns_done"] == 1


def test_full_sails_are_taken_in_when_the_wind_forbids_them(umpire, game):
    # Storm: "Full sails not allowed"; the Full Sail Phase closes the turn
    ok(umpire, "sail", "mars", "full")
    ok(umpire, "wind", "--velocity", "6")
    res = ok(umpire, "turn")
    assert any("full sails taken in" in line for line in res["explain"])
    assert status(umpire, "mars")["sails"] == "battle"


def test_an_explosion_doubles_the_rigging_hits_on_a_ship_under_full_sail():
    # V.A.3 "All rigging hits scored on full sail ships are doubled": die 5 "5R-2H-2C", 10 rigging
    # hits: 7-7-7 -> 0-4-7, and with her first section gone she is back on battle sails (V.A.4)
    from umpire.core.state import apply
    from umpire.rules.wsim.actions import ExplodeAdjacent as Explode

    state = _two_ships()
    state["ships"]["hercule"].update({"state": "exploded", "struck": True})
    state["ships"]["mars"]["sails"] = "full"
    res = advanced_cmds.plan(state, TABLES, Explode("hercule", ["mars"], [])).resolve((5,), True)
    mars = apply(state, res.effects)["ships"]["mars"]
    assert res.data["near"][0]["marked"]["rigging"] == 10
    assert mars["rigging_left"] == [0, 4, 7] and mars["sails"] == "battle"
