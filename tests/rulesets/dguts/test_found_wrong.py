"""Rules that once came out wrong against the text, each shown right from a quoted passage."""

from __future__ import annotations

import pytest

from umpire.rules.dguts import fire_order, resolve_fire
from umpire.rules.dguts.fireorder import range_band
from umpire.rules.dguts.singleship import resolve_clear_mast, resolve_mast_loss

from .helpers import excerpt, ship

GUNS = ["--nation", "american", "--tons", "1576", "--men", "456", "--guns", "30x24,22x32C", "--rate", "44"]
FOE = ["--nation", "british", "--tons", "1338", "--men", "272", "--guns", "30x18,16x32C,2x12,2x9"]


@pytest.fixture
def game(umpire, tmp_path):
    path = tmp_path / "game.toml"
    assert umpire("new", path, "--ruleset", "dguts", "--seed", "3").code == 0
    assert umpire("ship", "add", "Constitution", "--side", "american", *GUNS).code == 0, "rate"
    assert umpire("ship", "add", "Guerriere", "--side", "british", *FOE).code == 0
    return path


def _status(umpire, ship_id):
    return umpire("--json", "status", ship_id).json["ships"][0]


# ---------------------------------------------------------------- melee start
def test_an_automatic_melee_is_a_pitched_battle_and_the_dice_wait_a_turn(umpire, game):
    text = excerpt("melee-start")
    assert "pitched battle for the first turn and further rolls are not taken until the next turn" in text
    assert "does not occur automatically" in text and "a chance for an immediate decision" in text
    umpire("grapple", "constitution", "guerriere", "--opt", "distance=0", "--opt", "touching=1")
    board = umpire("--json", "board", "constitution", "--party", "obp", "--at", "guerriere", "--roll", "2")
    assert board.code == 0 and board.json["melee"] is True               # 2:1: a melee on 1 or 2
    assert umpire("melee", "constitution", "--at", "guerriere", "--opt", "attacker=4",
                  "--opt", "defender=2").code == 1
    umpire("turn")
    res = umpire("--json", "melee", "constitution", "--at", "guerriere", "--opt", "attacker=4", "--opt", "defender=2")
    assert res.code == 0 and res.json["difference"] == 2


def test_no_automatic_melee_means_the_decision_dice_are_rolled_at_once(umpire, game):
    umpire("grapple", "constitution", "guerriere", "--opt", "distance=0", "--opt", "touching=1")
    board = umpire("--json", "board", "constitution", "--party", "obp", "--at", "guerriere", "--roll", "5")
    assert board.code == 0 and board.json["melee"] is False
    res = umpire("--json", "melee", "constitution", "--at", "guerriere", "--opt", "attacker=6", "--opt", "defender=1")
    assert res.code == 0 and res.json["captured"] == "defender"        # 5 spots: "Loser surrenders"
    assert _status(umpire, "guerriere")["controller"] == "american"


# ---------------------------------------------------------------- gun ranges
def test_every_gun_has_a_bounded_range_and_a_14_inch_carronade_shot_is_refused(umpire, game):
    assert '24# 10 1 /2" 13 CWT' in excerpt("carronade-ranges") and "32# CWT" in excerpt("carronade-ranges")
    before = game.read_bytes()
    res = umpire("fire", "constitution", "--at", "guerriere", "--range", "14", "--side", "left",
                 "--opt", "calibres=32C")
    assert res.code == 1 and "beyond" in res.err and game.read_bytes() == before
    res = umpire("--json", "fire", "constitution", "--at", "guerriere", "--range", "14", "--side", "left",
                 "--roll", "6,6,6,6,6")
    assert res.code == 0 and len(res.json["rolls"]) == 5          # only the long 24s reach 14"
    assert any("32#C reaches 11\"" in line for line in res.json["explain"])


# ---------------------------------------------------------------- fouled masts
def test_the_third_attempt_to_clear_a_fouled_mast_is_automatic(umpire, game):
    assert "third Sac:c:essfuJ automatic" in excerpt("mast-clearing")
    assert umpire("mast", "guerriere", "--roll", "1,3").code == 0             # fore mast, foul left
    res = umpire("--json", "mast", "guerriere", "--opt", "attempt=3")
    assert res.code == 0, res.err
    assert res.json["cleared"] is True and res.json["rolls"] == []
    for bad in ("0", "4", "1.5", "x"):
        before = game.read_bytes()
        assert umpire("mast", "guerriere", "--opt", f"attempt={bad}").code == 2
        assert game.read_bytes() == before


def test_each_fouled_mast_is_tracked_and_each_slows_and_blocks_guns():
    assert "Speed loss is 20% until the mast is cleared" in excerpt("fouled-mast")
    values, state = ship(guns="30x18", opening_broadside=False)
    fore = {**state, **resolve_mast_loss(values, state, [1, 3]).changes["ship"]}           # fore, foul left
    both = {**fore, **resolve_mast_loss(values, fore, [5, 4]).changes["ship"]}             # mizzen, foul left
    assert both["fouled_masts"] == [{"mast": "fore", "side": "left"}, {"mast": "mizzen", "side": "left"}]
    b, b_state = ship()
    one = resolve_fire(values, fore, b, b_state, fire_order(3, "left"), [6] * 4)
    two = resolve_fire(values, both, b, b_state, fire_order(3, "left"), [6] * 2)
    assert len(one.data["rolls"]) == 4 and len(two.data["rolls"]) == 2                    # 5 x 2/3, 5 x 1/3
    cleared = resolve_clear_mast(both, 3, [], mast="mizzen").changes["ship"]
    assert cleared["fouled_masts"] == [{"mast": "fore", "side": "left"}]


# ---------------------------------------------------------------- the Turks
def test_the_turks_have_no_opening_broadside_and_short_ranges(umpire, tmp_path):
    assert excerpt("turks") == 'For the Turks, forego the opening broadside, and change ranges to A 3", B 6", and C 9".'
    g = tmp_path / "turks.toml"
    assert umpire("new", g, "--ruleset", "dguts", "--scenario", "dguts-seahorse-badere-zaffer").code == 0
    res = umpire("--game", g, "--json", "fire", "alis-fezan", "--at", "seahorse", "--range", "5", "--side", "left",
                 "--aim", "high", "--roll", "1,1,1,1")
    assert res.code == 0, res.err
    assert res.json["band"] == "B" and res.json["opening_broadside"] is False
    assert res.json["damage"]["high"] == 48                   # 4 dice x 12, no x3/2
    values, _ = ship("turkish", 730, 230, "24x12", range_bands={"A": 3, "B": 6, "C": 9})
    assert [range_band(r, own=values["range_bands"]).value for r in (3, 3.5, 6.5, 9.5, 16)] == ["A", "B", "C", "D", "D"]


# ---------------------------------------------------------------- class IV frigates
@pytest.mark.parametrize("scenario,ship_id", [("dguts-constitution-guerriere", "constitution"),
                                              ("dguts-united-states-macedonian", "united-states"),
                                              ("dguts-president-endymion", "president")])
def test_the_big_american_frigates_are_class_four(umpire, tmp_path, scenario, ship_id):
    text = excerpt("class-list")
    assert "Large Frigates, Razees (cut down Ships of the Line), and small Ships of the Line up to approximately 1500 tons" in text
    assert "Ships of the Line greater than 1500 tons" in text
    g = tmp_path / "g.toml"
    assert umpire("new", g, "--ruleset", "dguts", "--scenario", scenario).code == 0
    assert umpire("--game", g, "--json", "status", ship_id).json["ships"][0]["class"] == 4


def test_a_ship_of_the_line_over_1500_tons_stays_class_five():
    assert ship("british", 1724, 506, "28x32,30x18", rate="74")[0]["class"] == 5
    assert ship("american", 1576, 456, "30x24,22x32C", rate="44")[0]["class"] == 4
    assert ship("american", 1576, 456, "30x24,22x32C")[0]["class"] == 5        # no rate given: by tonnage


# ---------------------------------------------------------------- surrendered crews
def _surrender(umpire, ship_id):
    for _ in range(6):
        umpire("morale", ship_id, "--roll", "6,6")
    assert _status(umpire, ship_id)["state"] == "surrendered"


def test_a_crew_surrendered_on_morale_can_be_grappled_boarded_and_taken(umpire, game):
    text = excerpt("surrendered-crew")
    assert "If an enemy crew occupies the ship, it is considered a prize and reverts to enemy command" in text
    _surrender(umpire, "guerriere")
    assert umpire("grapple", "constitution", "guerriere", "--opt", "distance=0.5", "--opt", "target_stopped=1").code == 0
    s = _status(umpire, "constitution")
    res = umpire("--json", "board", "constitution", "--party", "obp", "--at", "guerriere")
    assert res.code == 0, res.err
    taken = _status(umpire, "guerriere")
    assert taken["state"] == "captured" and taken["controller"] == "american" and s["controller"] == "american"
    assert umpire("melee", "constitution", "--at", "guerriere").code == 0          # allowed, not required
    assert umpire("--json", "verify").json["differences"] == []


def test_a_prize_can_pump(umpire, game):
    _surrender(umpire, "guerriere")
    umpire("grapple", "constitution", "guerriere", "--opt", "distance=0", "--opt", "touching=1")
    assert umpire("board", "constitution", "--party", "obp", "--at", "guerriere").code == 0
    res = umpire("--json", "pumps", "guerriere", "--crew", "2")
    assert res.code == 0 and res.json["pumping_cf"] == 2


# ---------------------------------------------------------------- cutting grapples
def test_grapples_are_cut_with_consent_or_after_a_repulse_never_in_a_melee(umpire, game):
    text = excerpt("cutting-grapple")
    assert "cannot be cut without the consent of the crew on the other vessel" in text
    assert "not possible to cut a grapple while the crew is involved in a melee" in text
    assert "needing a 1 or 2" in excerpt("tie-repulse")
    umpire("grapple", "constitution", "guerriere", "--opt", "distance=0", "--opt", "touching=1")
    before = game.read_bytes()
    assert umpire("ungrapple", "guerriere", "constitution").code == 1 and game.read_bytes() == before
    res = umpire("--json", "ungrapple", "guerriere", "constitution", "--opt", "consent=1")
    assert res.code == 0 and res.json["success"] is True
    assert umpire("board", "constitution", "--party", "obp", "--at", "guerriere").code == 1   # no longer grappled
    umpire("grapple", "constitution", "guerriere", "--opt", "distance=0", "--opt", "touching=1")
    assert umpire("board", "constitution", "--party", "obp", "--at", "guerriere", "--roll", "1").code == 0
    assert umpire("ungrapple", "guerriere", "constitution", "--opt", "consent=1").code == 1    # locked in melee
    umpire("undo")
    assert umpire("board", "constitution", "--party", "obp", "--at", "guerriere", "--roll", "4").code == 0
    res = umpire("--json", "melee", "constitution", "--at", "guerriere", "--opt", "attacker=3", "--opt", "defender=3")
    assert res.json["result"] == "repulsed"
    miss = umpire("--json", "ungrapple", "guerriere", "constitution", "--roll", "3")
    assert miss.code == 0 and miss.json["success"] is False
    cut = umpire("--json", "ungrapple", "guerriere", "constitution", "--roll", "2")
    assert cut.code == 0 and cut.json["success"] is True
    assert umpire("--json", "verify").json["differences"] == []
