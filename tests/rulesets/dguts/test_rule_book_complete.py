"""The last sections of the DGUTS rule book: each test quotes the passage of
dguts-1975-second-edition-ocr.txt it checks."""

from __future__ import annotations

import pytest

from umpire.rules.dguts.melee import Party, boarding_odds, deck_multipliers
from umpire.rules.dguts.model import RulingNeeded
from umpire.rules.dguts.tables import default_tables, load_tables


# ------------------------------------------------------------------ Advanced Optional 13.E
def test_a_smaller_vessel_boarding_a_larger_suffers_two_three_or_four_to_one():
    # 13.E: "If a smaller vessel attempts to board a larger one it will suffer a two-, three- or
    # four-to-one multiplier for ascending the side of the enemy vessel" ... "multiply the attackers'
    # number by the number on the right and the defenders' number by the numbers on the left"
    t = default_tables()
    assert deck_multipliers(1, 2, t)[:2] == (2, 1)
    assert deck_multipliers(1, 3, t)[:2] == (3, 1)
    assert deck_multipliers(1, 4, t)[:2] == (4, 1)
    assert deck_multipliers(1, 5, t)[:2] == (4, 1)      # 'OneOec:k H 1' read as 4-1 against five decks
    assert deck_multipliers(3, 5, t)[:2] == (3, 1)      # 'Three Decks 3 1' against five decks
    assert deck_multipliers(3, 1, t)[:2] == (1, 1)      # a larger boarder: the text gives no multiplier
    assert deck_multipliers(2, 2, t)[:2] == (1, 1)
    assert "advanced.deck_multipliers.1.3" in t.used    # the cells are lost: default readings


def test_deck_multipliers_change_the_odds_and_a_strict_game_asks_for_the_cell():
    # "Simply compute melee odds normally and multiply ... This will give you your new odds."
    brig, seventy_four = Party(10, 3), Party(10, 3)
    plain = boarding_odds(brig, seventy_four, default_tables())
    ruled = boarding_odds(brig, seventy_four, default_tables(), decks=(1, 3))
    assert plain.data["odds"] == "1:1"
    assert ruled.data["odds"] == "3:1" and ruled.data["favoured"] == "defender"
    assert any("1 deck(s) boarding 3: 3-1" in line for line in ruled.data["explain"])
    with pytest.raises(RulingNeeded, match=r"advanced\.deck_multipliers\.1\.3"):
        boarding_odds(brig, seventy_four, default_tables(strict=True), decks=(1, 3))
    house = load_tables({"advanced.deck_multipliers.1.3": "2-1"}, strict=True)
    assert boarding_odds(brig, seventy_four, house, decks=(1, 3)).data["odds"] == "2:1"


def test_deck_multipliers_in_play_and_a_bad_cell_is_refused(umpire, tmp_path):
    g = tmp_path / "g.toml"
    assert umpire("new", g, "--ruleset", "dguts", "--optional", "deck-multipliers").code == 0
    run = lambda *a: umpire("--game", g, *a)  # noqa: E731
    run("ship", "add", "Brig", "--side", "a", "--nation", "british", "--tons", "380", "--men", "126",
        "--guns", "16x32C,2x6")
    run("ship", "add", "Vengeur", "--side", "b", "--nation", "british", "--tons", "1800", "--men", "126",
        "--guns", "28x36,30x18", "--rate", "74")
    assert run("grapple", "brig", "vengeur", "--opt", "distance=0", "--opt", "touching=1").code == 0
    res = run("--json", "board", "brig", "--at", "vengeur", "--roll", "4")
    assert res.code == 0 and res.json["odds"] == "3:1" and res.json["favoured"] == "defender"
    before = g.read_bytes()
    bad = run("rulings", "set", "advanced.deck_multipliers.1.3", "three")
    assert bad.code == 2 and "3-1" in bad.err and g.read_bytes() == before


# ------------------------------------------------------------------ Fleet Action Rules 12-13
def _grappled_and_boarded(umpire, tmp_path, level):
    g = tmp_path / f"{level}.toml"
    assert umpire("new", g, "--ruleset", "dguts", "--level", level).code == 0
    run = lambda *a: umpire("--game", g, *a)  # noqa: E731
    for name, side in (("Orion", "british"), ("Swiftsure", "french")):
        run("ship", "add", name, "--side", side, "--nation", "spanish", "--tons", "1700", "--men", "630",
            "--guns", "28x32,28x18", "--rate", "74")
    assert run("grapple", "orion", "swiftsure", "--opt", "distance=0", "--opt", "touching=1").code == 0
    assert run("board", "orion", "--party", "obp", "--at", "swiftsure", "--roll", "4").code == 0   # no pitched battle
    return g, run


def test_fleet_melees_are_fought_at_the_start_and_the_end_of_the_turn(umpire, tmp_path):
    # Fleet Action Rules 12: "All melees outstanding at the beginning of the turn will be fought at the
    # start of the turn as well as the end of the turn. Melees may only last for three turns maximum."
    g, run = _grappled_and_boarded(umpire, tmp_path, "fleet")
    close = ("--opt", "attacker=4", "--opt", "defender=3")            # a difference of 1: the melee goes on
    rounds = [run("--json", "melee", "orion", "--at", "swiftsure", *close) for _ in range(2)]
    assert [r.code for r in rounds] == [0, 0]                          # the start and the end of turn 1
    before = g.read_bytes()
    third = run("melee", "orion", "--at", "swiftsure", *close)
    assert third.code == 1 and "start and at the end of each turn" in third.err and g.read_bytes() == before
    assert run("turn").code == 0
    turn2 = [run("--json", "melee", "orion", "--at", "swiftsure", *close).json for _ in range(2)]
    assert [r["areas_taken"] for r in turn2] == [0, 0]                 # a difference of 1 wins no area ...
    assert run("turn").code == 0
    turn3 = run("--json", "melee", "orion", "--at", "swiftsure", *close).json
    assert turn3["areas_taken"] == 1                                   # ... until the third turn of the melee
    assert run("--json", "verify").json["differences"] == []


def test_a_standard_melee_is_one_round_a_turn(umpire, tmp_path):
    # Basic Rules IX: "melees must always end on the third turn": a round of the melee is a turn of it
    g, run = _grappled_and_boarded(umpire, tmp_path, "standard")
    assert run("melee", "orion", "--at", "swiftsure", "--opt", "attacker=4", "--opt", "defender=3").code == 0
    again = run("melee", "orion", "--at", "swiftsure", "--opt", "attacker=4", "--opt", "defender=3")
    assert again.code == 1 and "once each turn" in again.err
    assert run("turn").code == 0
    assert run("melee", "orion", "--at", "swiftsure", "--opt", "attacker=4", "--opt", "defender=3").code == 0


def test_a_dismasted_fleet_ship_strikes_when_her_jury_rig_is_shot_away():
    # Fleet Action Rules 13: "When all masts are shot away a ship will try and leave combat with jury
    # rig. If again rendered immobile the ship will surrender."
    from umpire.rules.dguts import derive_ship, initial_state
    from umpire.rules.dguts.fleet import fleet_damage, fleet_values

    values = derive_ship("french", 2200, 800, "30x36,30x24", {})
    state = initial_state(values)
    mast = fleet_values(values)["mast_worth"]                  # 2200 / 3 x 1/2 = 366.67
    assert mast == pytest.approx(366.67, abs=0.01)
    down, steps = fleet_damage(values, state, 3 * mast, 0.0)
    assert down["masts_lost"] == 3 and "status" not in down
    assert any("jury rig" in s.value for s in steps)
    state = {**state, **down}
    still, _ = fleet_damage(values, state, mast / 2, 0.0)
    assert "status" not in still
    struck, steps = fleet_damage(values, {**state, **still}, mast / 2, 0.0)
    assert struck["status"] == "surrendered" and any(s.step == "surrender" for s in steps)
    with pytest.raises(RulingNeeded, match=r"fleet\.jury_rig\.masts_to_stop"):
        fleet_damage(values, state, mast, 0.0, default_tables(strict=True))


# ------------------------------------------------------------------ Special Vessels, Galleys
def test_a_galleys_oarsmen_keep_battle_speed_twenty_minutes_and_rest_two_turns_for_each(umpire, tmp_path):
    # Galleys: "Battle and ramming speed is a maximum of 12\", but this backbreaking pace can be
    # maintained for no more than 20 minutes" (four 5-minute turns); "it takes 2 turns rest for each
    # turn spent rowing the galley"; normal rowing "for about 2 hours" (24 turns).
    from umpire.rules.dguts.special_vessels import galley_stamina

    assert galley_stamina() == {"normal": 24, "battle": 4, "rest": 2}
    g = tmp_path / "gal.toml"
    assert umpire("new", g, "--ruleset", "dguts").code == 0
    run = lambda *a: umpire("--game", g, *a)  # noqa: E731
    run("ship", "add", "Galley", "--side", "a", "--nation", "other", "--tons", "300", "--men", "300", "--guns", "2x12")
    assert run("ship", "edit", "galley", "--kind", "galley").code == 0
    for n in range(1, 5):
        res = run("--json", "task", "galley", "row", "--pace", "battle")
        assert res.code == 0 and res.json["speed"] == 12 and res.json["rowing"]["rest_owed"] == 2 * n
        assert run("task", "galley", "row").code == 1            # once a turn
        assert run("turn").code == 0
    before = g.read_bytes()
    spent = run("task", "galley", "row", "--pace", "battle")
    assert spent.code == 1 and "battle speed 4 turns" in spent.err and g.read_bytes() == before
    assert run("speed", "galley", "--opt", "row=battle").code == 1
    assert run("--json", "task", "galley", "row", "--pace", "normal").json["speed"] == 8
    for _ in range(10):        # the turn she rowed ends, then 9 of the 10 turns of rest owed
        assert run("turn").code == 0
    assert run("task", "galley", "row", "--pace", "battle").code == 1
    assert run("turn").code == 0                                  # the last turn of rest: a new spell
    assert run("--json", "task", "galley", "row", "--pace", "battle").json["rowing"]["battle_turns"] == 1
    assert run("--json", "verify").json["differences"] == []
    assert run("undo").code == 0


# ------------------------------------------------------------------ Special Guns, Howitzers
def test_each_howitzer_shell_that_hits_may_start_a_fire_fore_or_aft(umpire, tmp_path):
    # Howitzers: "For every shell that hits the target vessel, a die is rolled (roll over on 6's) on this
    # table: 1, 2 or 3 Fire starts on either bow or stern deck area, 4 or 5 No fire starts"
    g = tmp_path / "h.toml"
    assert umpire("new", g, "--ruleset", "dguts").code == 0
    run = lambda *a: umpire("--game", g, *a)  # noqa: E731
    run("ship", "add", "Target", "--side", "b", "--nation", "french", "--tons", "900", "--men", "300", "--guns", "30x12")
    res = run("--json", "burn", "target", "shell", "upper-bow", "upper-stern", "--rolls", "6,2,5")
    assert res.code == 0 and res.json["started"] == ["upper-bow"] and res.json["rolls"] == [6, 2, 5]
    assert run("--json", "burn", "target", "shell", "upper-stern", "--rolls", "4").json["started"] == []
    before = g.read_bytes()
    assert run("burn", "target", "shell", "hold-bow", "--rolls", "1").code == 2       # not a deck area
    assert run("burn", "target", "shell", "upper-midships", "--rolls", "1").code == 2  # neither bow nor stern
    assert g.read_bytes() == before
    assert run("--json", "verify").json["differences"] == []


# ------------------------------------------------------------------ Special Vessels, Explosive ships
def _explosive(umpire, tmp_path):
    g = tmp_path / "ex.toml"
    assert umpire("new", g, "--ruleset", "dguts").code == 0
    run = lambda *a: umpire("--game", g, *a)  # noqa: E731
    run("ship", "add", "Infernal", "--side", "a", "--nation", "british", "--tons", "300", "--men", "60", "--guns", "4x6")
    run("ship", "add", "Target", "--side", "b", "--nation", "french", "--tons", "900", "--men", "300", "--guns", "30x12")
    assert run("ship", "edit", "infernal", "--kind", "explosive").code == 0
    return g, run


def test_an_explosive_ship_hit_before_her_fuse_may_go_up(umpire, tmp_path):
    # "For every 100 points damage low or for any hit by hot shot there is a 1 in 6 chance that the
    # vessel will detonate."
    from umpire.rules.dguts import derive_ship, initial_state
    from umpire.rules.dguts.burning import premature_chances, resolve_premature

    values = derive_ship("british", 300, 60, "4x6", {"kind": "explosive"})
    hit = {**initial_state(values), "damage_low": 250.0}
    assert premature_chances(hit, 1) == (3, 2)                 # two hundreds and a hot shot
    rolled = resolve_premature(hit, 3, 2, [4, 6, 2])
    assert rolled.data["detonates"] is False and rolled.changes["ship"]["premature_checked"] == 2
    assert premature_chances({**hit, "premature_checked": 2}) == (0, 2)   # each hundred is rolled for once
    assert resolve_premature(hit, 1, 2, [1]).data["detonates"] is True
    g, run = _explosive(umpire, tmp_path)
    assert run("burn", "infernal", "premature").code == 1       # undamaged: no chance to roll
    res = run("--json", "burn", "infernal", "premature", "--hot-shot", "1", "--rolls", "1")
    assert res.code == 0 and res.json["detonates"] is True and "explode" in " ".join(res.json["explain"])


def test_the_fuse_takes_one_cf_and_boarders_a_full_turn_aboard_put_it_out(umpire, tmp_path):
    # "Lighting the fuse requires 1 CF"; "If enemy CF's board the ship and are on board for a full turn
    # the fuse is considered disrupted and the ship will not explode."
    from umpire.rules.dguts import derive_ship, initial_state
    from umpire.core.errors import Refused
    from umpire.rules.dguts.burning import light_fuse

    values = derive_ship("british", 300, 60, "4x6", {"kind": "explosive"})
    with pytest.raises(Refused, match="takes 1 CF"):
        light_fuse({**initial_state(values), "crew_factors": 0.5}, [1, 6])
    g, run = _explosive(umpire, tmp_path)
    assert run("--json", "burn", "infernal", "fuse", "--rolls", "1,4").json["lit"] is True
    assert run("burn", "infernal", "premature", "--hot-shot", "1").code == 1     # the fuse is lit already
    assert run("grapple", "target", "infernal", "--opt", "distance=0", "--opt", "touching=1").code == 0
    assert run("board", "target", "--at", "infernal").code == 0                # her crew has left: unopposed
    first = run("--json", "turn").json
    assert not any("disrupted" in line for line in first["explain"])          # aboard, but not a full turn yet
    second = run("--json", "turn").json
    assert any("fuse is disrupted" in line for line in second["explain"])
    for _ in range(3):
        assert not any("fuse runs out" in line for line in run("--json", "turn").json["explain"])
    assert run("--json", "status", "infernal").json["ships"][0]["state"] == "active"
    assert run("--json", "verify").json["differences"] == []


# ------------------------------------------------------------------ Wasp v Avon
def test_wasp_and_avon_fire_at_a_range_only(umpire, tmp_path):
    # Single-ship actions, 1 September 1814: "Brig Avon ... NIGHT ACTION! Firing at A Range only."
    g = tmp_path / "wa.toml"
    assert umpire("new", g, "--scenario", "dguts-wasp-avon").code == 0
    run = lambda *a: umpire("--game", g, *a)  # noqa: E731
    before = g.read_bytes()
    for ship, at in (("wasp", "avon"), ("avon", "wasp"), ("castilian", "wasp")):
        res = run("fire", ship, "--at", at, "--range", "5", "--side", "left")
        assert res.code == 1 and "A range only" in res.err
    assert g.read_bytes() == before
    res = run("--json", "fire", "wasp", "--at", "avon", "--range", "4", "--side", "left")
    assert res.code == 0 and res.json["band"] == "A"
    assert umpire("new", tmp_path / "bad.toml", "--ruleset", "dguts").code == 0
    bad = umpire("--game", tmp_path / "bad.toml", "ship", "add", "X", "--side", "a", "--nation", "british",
                 "--tons", "400", "--men", "120", "--guns", "16x32C")
    assert bad.code == 0
    from umpire.core.errors import BadInput
    from umpire.rules.dguts import derive_ship

    with pytest.raises(BadInput, match="fire_bands"):
        derive_ship("british", 400, 120, "16x32C", {"fire_bands": ["E"]})


# ------------------------------------------------------------------ Fleet Action Rules 1.b
def test_a_fleet_with_no_marked_flagship_rolls_each_turn_engaged(umpire, tmp_path):
    # Fleet Action Rules 1.b: "If not clearly marked there is a 1/3 chance that the fleet will roll for
    # LOSS OF FLAGSHIP each turn they are engaged with the enemy ... Losses and lack of maneuverability
    # are cumulative."; the loss costs "the entire fleet ... one fire factor"
    g = tmp_path / "fl.toml"
    assert umpire("new", g, "--ruleset", "dguts", "--level", "fleet").code == 0
    run = lambda *a: umpire("--game", g, *a)  # noqa: E731
    for name, side in (("Bucentaure", "french"), ("Redoutable", "french"), ("Victory", "british")):
        run("ship", "add", name, "--side", side, "--nation", side, "--tons", "2000", "--men", "800",
            "--guns", "30x36,30x24")
    shot = ("--at", "victory", "--range", "10", "--side", "left", "--aim", "high", "--rolls", "6,6")
    before = run("--json", "fire", "redoutable", *shot).json["points"]
    run("turn")
    assert run("--json", "task", "redoutable", "flagship-roll", "--roll", "5").json["lost"] is False
    assert run("task", "redoutable", "flagship-roll", "--roll", "1").code == 1      # once a turn
    run("turn")
    assert run("--json", "task", "bucentaure", "flagship-roll", "--roll", "2").json["lost"] is True
    run("turn")
    assert run("--json", "task", "bucentaure", "flagship-roll", "--roll", "1").json["lost"] is True
    after = run("--json", "fire", "redoutable", *shot).json
    assert after["points"] == before - 2                                            # cumulative
    assert any("2 loss(es) of an unmarked flagship" in line for line in after["explain"])
    assert run("task", "victory", "flagship").code == 0
    assert run("task", "victory", "flagship-roll").code == 1                        # marked: no roll
    assert run("--json", "verify").json["differences"] == []
    g2 = tmp_path / "std.toml"
    assert umpire("new", g2, "--ruleset", "dguts").code == 0
    umpire("--game", g2, "ship", "add", "A", "--side", "a", "--nation", "british", "--tons", "900", "--men", "300",
           "--guns", "30x18")
    assert umpire("--game", g2, "task", "a", "flagship-roll", "--roll", "1").code == 1


# ------------------------------------------------------------------ Advanced Optional 11
def test_grappled_ships_fire_their_lower_decks_and_losses_fall_on_the_right_men(umpire, tmp_path):
    # Advanced Optional 11: "When grappled together ships may fire into each other with their lower deck
    # guns (generally these are the heaviest guns on board the ship). If there is a melee, those CF's
    # involved will be the last to take losses ... If, on the other hand, there has been no boarding then
    # Cf's assigned to boarding parties are THE FIRST to suffer casualties!"
    g = tmp_path / "ld.toml"
    assert umpire("new", g, "--ruleset", "dguts", "--optional", "grappled-lower-decks").code == 0
    run = lambda *a: umpire("--game", g, *a)  # noqa: E731
    run("ship", "add", "Constitution", "--side", "us", "--nation", "american", "--tons", "1576", "--men", "456",
        "--guns", "30x24,22x32C", "--class", "4")
    run("ship", "add", "Guerriere", "--side", "br", "--nation", "british", "--tons", "1338", "--men", "272",
        "--guns", "30x18,16x32C,2x12,2x9")
    assert run("grapple", "constitution", "guerriere", "--opt", "distance=0", "--opt", "touching=1").code == 0
    shot = ("--range", "0.5", "--side", "left", "--aim", "low", "--rolls", "1,1,1,1,1")
    res = run("--json", "fire", "constitution", "--at", "guerriere", *shot, "--opt", "boarders=4")
    assert res.code == 0, res.err
    assert any("lower deck guns (24)" in line for line in res.json["explain"])      # the 32C carronades do not fire
    assert 0 < res.json["boarders_left"] < 4
    # a melee: Constitution's 10 CF boarders are on Guerriere's top deck, away from her guns
    run("turn")
    # Guerriere defends with 7 CF and keeps the rest at her guns: a crew factor serves one duty (VIII.A)
    assert run("board", "constitution", "--at", "guerriere", "--opt", "crew=10", "--opt", "defender_crew=7",
               "--roll", "1").code == 0
    run("turn")
    fire = run("--json", "fire", "guerriere", "--at", "constitution", *shot)
    assert fire.code == 0
    assert any("not in the melee take them first" in line and "untouched" in line for line in fire.json["explain"])
    crews = run("--json", "status", "constitution").json["ships"][0]
    assert crews["crew_factors"] < 21.7143
    assert run("--json", "verify").json["differences"] == []
    plain = tmp_path / "plain.toml"
    assert umpire("new", plain, "--ruleset", "dguts").code == 0
    for name, side in (("A", "a"), ("B", "b")):
        umpire("--game", plain, "ship", "add", name, "--side", side, "--nation", "british", "--tons", "900",
               "--men", "300", "--guns", "30x18")
    bad = umpire("--game", plain, "fire", "a", "--at", "b", "--range", "3", "--side", "left", "--opt", "boarders=2")
    assert bad.code == 2 and "grappled-lower-decks" in bad.err


def test_the_boarding_party_takes_losses_only_when_the_rest_are_gone():
    from umpire.rules.dguts.commands_fire import _boarders_first
    from umpire.core.state import Resolution

    hit = {"id": "b", "name": "B", "track": {"crew_factors": 6.0}}
    attacker = {"id": "a", "name": "A", "boarding": {"at": "b", "melee": True, "crews": {"attacker": 8.0, "defender": 5.0}}}
    state = {"ships": {"a": attacker, "b": hit}}
    out = Resolution("fire", "", [], [], {})
    _boarders_first(out, state, hit, "b", {"crew_factors": 4.0}, {}, default_tables())
    # B has 6 CF, 5 in the melee: the 1 CF at the guns goes first, then 1 CF of the melee party
    assert out.effects[-1]["value"]["crews"]["defender"] == 4.0
    assert "1 CF fall from the 5 in the melee" in out.working[-1].value


# ------------------------------------------------------------------ Advanced Optional 13.B-C
def test_marines_rate_a_morale_level_above_the_seamen_and_soldiers_one_below():
    # 13: "A. Marines are worth two points per CF ... B. Marines will rate one Morale level higher than the
    # seamen on board do. C. Soldiers acting as marines will rate one Morale level lower then the seamen on
    # board. They will retain the two point melee velue."
    from umpire.rules.dguts.commands_boarding import _with_marines
    from umpire.rules.dguts.melee import party_value

    t = default_tables()
    marines = _with_marines(Party(10, 3, "normal"), 4, None, "british", t)
    assert marines.marines_morale == "flushed" and marines.marine_points == 2
    assert party_value(marines, t)[0] == 6 * 3 + 4 * 2 * 3 * 2           # flushed melee x2
    soldiers = _with_marines(Party(10, 2, "normal"), 4, None, "french", t)
    assert soldiers.marines_morale == "shaken"
    assert party_value(soldiers, t)[0] == 6 * 2 + 4 * 2 * 2 * t.num("morale", "states", "shaken", "melee")
    shaken = _with_marines(Party(10, 3, "disorder"), 2, "marines", "british", t)
    assert shaken.marines_morale == "shaken"                               # a level above disorder
    top = _with_marines(Party(10, 3, "flushed"), 2, "marines", "british", t)
    assert top.marines_morale == "flushed"                                 # nothing above flushed


# ------------------------------------------------------------------ Additional Crew Tasks: sailors
def test_only_sailors_work_the_sails_by_the_share_of_their_nation(umpire, tmp_path):
    # Additional Crew Tasks: "only sailors may be considered as making up Cf's for sailing tasks";
    # "NATION United States ... % OF SAILORS 65%"; anchoring: "for such simple tasks as anchoring and
    # upping anchor this was no shortcoming"
    from umpire.rules.dguts import derive_ship
    from umpire.rules.dguts.tasks import sailors

    us = derive_ship("american", 1576, 456, "30x24,22x32C", {"class": 4})
    assert sailors(us, 20.0, default_tables())[0] == 13.0                   # 65% of 20 CF, the text's figure
    t = default_tables()
    assert sailors(derive_ship("british", 1338, 272, "30x18"), 10.0, t)[0] == 5.0
    assert "tasks.sailors.british" in t.used                                # a default reading
    with pytest.raises(RulingNeeded, match=r"tasks\.sailors\.french"):
        sailors(derive_ship("french", 900, 300, "30x18"), 10.0, default_tables(strict=True))
    g = tmp_path / "s.toml"
    assert umpire("new", g, "--scenario", "dguts-constitution-guerriere").code == 0
    run = lambda *a: umpire("--game", g, *a)  # noqa: E731
    res = run("--json", "task", "constitution", "studding")
    assert res.code == 0 and any("65% of" in line for line in res.json["explain"])
    assert run("task", "constitution", "studding", "--set", "off", "--crew", "20").code == 1   # 14.1 CF of sailors
    assert run("task", "constitution", "anchor", "--crew", "20").code == 0                      # anyone anchors


# ------------------------------------------------------------------ Basic Rules IX: no resistance
def test_boarders_who_meet_no_resistance_take_the_ship_without_dice(umpire, tmp_path):
    # Basic Rules IX: "When all the decks have been taken, the ship has surrendered"; Advanced Optional 13:
    # boarders "will, unless wiped out or reduced to 'routed', automatically take the upper deck". A crew
    # whose melee value is nothing (routed: default reading morale.states.routed.melee = 0) cannot resist.
    g = tmp_path / "u.toml"
    assert umpire("new", g, "--ruleset", "dguts").code == 0
    run = lambda *a: umpire("--game", g, *a)  # noqa: E731
    for name, side in (("A", "a"), ("B", "b")):
        run("ship", "add", name, "--side", side, "--nation", "british", "--tons", "900", "--men", "300",
            "--guns", "30x18")
    assert run("grapple", "a", "b", "--opt", "distance=0", "--opt", "touching=1").code == 0
    board = run("--json", "board", "a", "--at", "b", "--opt", "defender_crew=0")
    assert board.code == 0 and board.json["odds"] == "unopposed"
    assert run("melee", "a", "--at", "b", "--opt", "attacker=6", "--opt", "defender=1").code == 2   # no dice
    res = run("--json", "melee", "a", "--at", "b")
    assert res.code == 0 and res.json["captured"] == "defender" and res.json["rolls"] == []
    ship = run("--json", "status", "b").json["ships"][0]
    assert ship["state"] == "captured" and ship["controller"] == "a"
    assert run("--json", "verify").json["differences"] == []


# ------------------------------------------------------------------ Galleys: the rammed ship's crew
def test_a_rammed_ships_crew_rolls_each_turn_to_stay_and_leaves_before_she_sinks(umpire, tmp_path):
    # Galleys: "Crews may stay on board if the vessel is sinking only slowly, but if this is done a die
    # must be rolled to see if they will abandon each turn. One point crews will stay on with rolls of 1
    # or 2, two point crews with rolls of 1, 2 or 3, etc. All crews must abandon a sinking ship one turn
    # before it sinks."
    g = tmp_path / "r.toml"
    assert umpire("new", g, "--ruleset", "dguts").code == 0
    run = lambda *a: umpire("--game", g, *a)  # noqa: E731
    run("ship", "add", "Galley", "--side", "a", "--nation", "other", "--tons", "300", "--men", "300", "--guns", "2x12")
    run("ship", "add", "Brig", "--side", "b", "--nation", "french", "--tons", "350", "--men", "100", "--guns", "16x24C")
    run("ship", "edit", "galley", "--kind", "galley")
    assert run("task", "brig", "stay", "--roll", "1").code == 1                  # not sinking
    assert run("--json", "ram", "galley", "--at", "brig", "--rolls", "3,4,5").json["result"] == "ram"
    stay = run("--json", "task", "brig", "stay", "--roll", "3")                  # a 2-point crew stays on 1-3
    assert stay.code == 0 and stay.json["stayed"] is True
    assert run("task", "brig", "stay", "--roll", "1").code == 1                  # once a turn
    run("turn")
    run("turn")                                                                  # 4 turns to sink: 2 left
    assert run("--json", "task", "brig", "stay", "--roll", "2").json["stayed"] is True
    run("turn")                                                                  # she sinks next turn
    res = run("--json", "task", "brig", "stay")
    assert res.code == 0 and res.json["abandoned"] is True and res.json["rolls"] == []
    assert run("--json", "status", "brig").json["ships"][0]["crew_factors"] == 0
    assert run("--json", "verify").json["differences"] == []
    run("ship", "add", "Sloop", "--side", "b", "--nation", "french", "--tons", "350", "--men", "100", "--guns", "16x24C")
    assert run("--json", "ram", "galley", "--at", "sloop", "--rolls", "3,6,5").json["result"] == "ram"
    assert run("--json", "task", "sloop", "stay", "--roll", "4").json["abandoned"] is True     # 4 > 2 + 1


def test_grappled_fleet_ships_fire_with_the_crew_not_in_the_melee(umpire, tmp_path):
    # Fleet Action Rules 10: "Ships when grappled together may fire into each other using CF not
    # involved in melees."
    g = tmp_path / "f10.toml"
    assert umpire("new", g, "--ruleset", "dguts", "--level", "fleet").code == 0
    run = lambda *a: umpire("--game", g, *a)  # noqa: E731
    for name, side in (("Orion", "british"), ("Swiftsure", "french")):
        run("ship", "add", name, "--side", side, "--nation", "spanish", "--tons", "1700", "--men", "630",
            "--guns", "28x32,28x18", "--rate", "74")
    assert run("grapple", "orion", "swiftsure", "--opt", "distance=0", "--opt", "touching=1").code == 0
    shot = ("--range", "0.5", "--side", "left", "--aim", "high", "--rolls", "6,6")
    before = run("--json", "fire", "orion", "--at", "swiftsure", *shot).json["points"]        # 7 fire points
    run("turn")
    assert run("board", "orion", "--party", "obp", "--at", "swiftsure", "--opt", "crew=10", "--roll", "4").code == 0
    fire = run("--json", "fire", "orion", "--at", "swiftsure", *shot).json
    assert fire["points"] == int(before * 20 / 30)                  # 20 of her 30 CF are free of the melee
    assert any("10 of her 30 CF in the melee" in line for line in fire["explain"])
    all_in = run("fire", "swiftsure", "--at", "orion", *shot)          # all her crew defends: no gun is manned
    assert all_in.code == 1 and "30 of her 30 CF in the melee" in all_in.err
    assert run("--json", "verify").json["differences"] == []


def test_a_galley_under_oars_turns_up_to_180_degrees_losing_a_tenth_for_each_45():
    # Galleys: "Galleys may turn up to 180% in a single tum, losing 10% for every 45% turn."
    from umpire.core.errors import BadInput
    from umpire.rules.dguts import derive_ship, initial_state
    from umpire.rules.dguts.special_vessels import galley_row_speed

    values = derive_ship("other", 300, 300, "2x12", {"kind": "galley"})
    state = initial_state(values)
    assert galley_row_speed(values, state, False)[0] == 8
    assert galley_row_speed(values, state, False, turns=2)[0] == pytest.approx(6.4)    # 8 x (1 - 2 x 10%)
    assert galley_row_speed(values, state, True, turns=4)[0] == pytest.approx(7.2)     # 12 x 60%, 180 degrees
    with pytest.raises(BadInput, match="0 to 4"):
        galley_row_speed(values, state, False, turns=5)
