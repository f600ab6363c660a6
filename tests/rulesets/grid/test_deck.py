"""`new --deck FILE`: the umpire's damage-card deck replaces the built-in one for a game (contracts/grid.md)."""

from __future__ import annotations

import pytest

DECK = '''
source = "club deck"
[[cards]]
id = "gun-dismounted"
count = 3
title = "GUN"
text = "Dismounted (Repairable)"
kind = "temporary"

[[cards]]
id = "big-leak"
count = 2
title = "3 HULL DAMAGE"
text = "-1 damage per turn unless pump or repaired"
kind = "hull"
effect = "hull"
amount = 3
'''

GALLEY_FIRE = '''
[[cards]]
id = "galley-fire"
count = 1
title = "GALLEY"
text = "Fire, No Fire Next Move Until Repaired"
kind = "temporary"
effect = "steering"
'''


def _new(umpire, tmp_path, deck_text, *extra):
    deck = tmp_path / "deck.toml"
    deck.write_text(deck_text)
    game = tmp_path / "g.toml"
    return game, umpire("new", game, "--ruleset", "grid", "--seed", "3", "--deck", deck, *extra)


def test_each_ship_gets_the_umpires_deck(umpire, tmp_path):
    game, res = _new(umpire, tmp_path, DECK)
    assert res.code == 0, res.err
    assert umpire("--game", game, "ship", "add", "Swallow", "--side", "british", "--type", "frigate").code == 0
    assert umpire("--game", game, "ship", "add", "Fortune", "--side", "pirate", "--type", "frigate").code == 0
    assert umpire("--game", game, "crew", "swallow", "--gunner", "1", "--port", "4").code == 0
    ships = umpire("--game", game, "--json", "status").json["ships"]
    assert [s["deck_left"] for s in ships] == [5, 5]
    res = umpire("--game", game, "--json", "fire", "swallow", "--at", "fortune", "--range", "1", "--side", "port",
                 "--rolls", "1,1,X,X", "--cards", "big-leak,gun-dismounted")
    assert res.code == 0, res.err
    fortune = umpire("--game", game, "--json", "status", "fortune").json
    fortune = fortune["ships"][0] if "ships" in fortune else fortune
    assert fortune["hull_damage"] == 3 and fortune["deck_left"] == 4     # the leak back to the pile, gun held
    assert umpire("--game", game, "turn").code == 0                      # the battery fires again next move
    res = umpire("--game", game, "fire", "swallow", "--at", "fortune", "--range", "1", "--side", "port",
                 "--rolls", "1,X,X,X", "--cards", "sail-shot-away")
    assert res.code == 2 and "sail-shot-away" in res.err


def test_a_scenario_game_uses_the_deck(umpire, tmp_path):
    from pathlib import Path

    scen = Path(__file__).parents[3] / "scenarios" / "grid" / "grid-swallow-royal-fortune.toml"
    game, res = _new(umpire, tmp_path, DECK, "--scenario", scen)
    assert res.code == 0, res.err
    assert [s["deck_left"] for s in umpire("--game", game, "--json", "status").json["ships"]] == [5, 5]


@pytest.mark.parametrize("text, says", [
    ("", "[[cards]]"),
    ("[[cards]]\nid = \"x\"\ncount = 1\ntitle = \"X\"\ntext = \"y\"\n", "missing 'kind'"),
    ("[[cards]]\nid = \"x\"\ncount = 1\ntitle = \"X\"\ntext = \"y\"\nkind = \"temporary\"\n", "needs an effect"),
    ("[[cards]]\nid = \"gun-dismounted\"\ncount = 99\ntitle = \"X\"\ntext = \"y\"\nkind = \"temporary\"\n", "0 to 80"),
    ("[[cards]]\nid = \"x\"\ncount = 1\ntitle = \"X\"\ntext = \"y\"\nkind = \"odd\"\n", "kind 'odd'"),
    ("[[cards]]\nid = \"x\"\ncount = 1\ntitle = \"X\"\ntext = \"y\"\nkind = \"temporary\"\neffect = \"gun\"\n",
     "battery"),
    ("[[cards]]\nid = \"x\"\ncount = 1\ntitle = \"X\"\ntext = \"y\"\nkind = \"none\"\ncolour = 1\n", "colour"),
    ("not toml = = =", "not a TOML file"),
])
def test_a_bad_deck_is_refused_and_no_game_written(umpire, tmp_path, text, says):
    game, res = _new(umpire, tmp_path, text)
    assert res.code == 2 and says in res.err and "Traceback" not in res.err, res.err
    assert not game.exists()


def test_deck_only_for_the_grid_rules(umpire, tmp_path):
    game, res = _new(umpire, tmp_path, DECK)
    deck = tmp_path / "deck.toml"
    res = umpire("new", tmp_path / "w.toml", "--ruleset", "wsim-1981", "--deck", deck)
    assert res.code == 2 and "grid" in res.err and not (tmp_path / "w.toml").exists()


def _galley_fire_struck(umpire, tmp_path, *crew):
    """A game of the umpire's deck with the galley-fire card; Swallow's broadside gives it to Fortune."""
    game, res = _new(umpire, tmp_path, DECK + GALLEY_FIRE)
    assert res.code == 0, res.err
    for name, side in (("Swallow", "british"), ("Fortune", "pirate")):
        assert umpire("--game", game, "ship", "add", name, "--side", side, "--type", "frigate").code == 0
    assert umpire("--game", game, "crew", "swallow", "--gunner", "1", "--port", "4").code == 0
    if crew:
        assert umpire("--game", game, "crew", "fortune", *crew).code == 0
    res = umpire("--game", game, "fire", "swallow", "--at", "fortune", "--range", "1", "--side", "port",
                 "--rolls", "1,X,X,X", "--cards", "galley-fire")
    assert res.code == 0, res.err
    return game


def test_a_held_card_of_the_games_own_deck_is_repaired(umpire, tmp_path):
    game = _galley_fire_struck(umpire, tmp_path, "--repair", "1")
    res = umpire("--game", game, "--json", "repair", "fortune", "--card", "galley-fire", "--result", "fixed")
    assert res.code == 0 and res.json["repaired"] is True, res.err


def test_a_ship_holding_a_card_of_the_games_own_deck_prints(umpire, tmp_path):
    game = _galley_fire_struck(umpire, tmp_path)
    res = umpire("--game", game, "sheet", "fortune", "-o", tmp_path / "fortune.pdf")
    assert res.code == 0, res.err


def test_cards_deck_prints_the_games_own_deck(umpire, tmp_path):
    from tests.pdf.conftest import pages, text

    game, res = _new(umpire, tmp_path, DECK)
    assert res.code == 0, res.err
    assert umpire("--game", game, "ship", "add", "Swallow", "--side", "british", "--type", "frigate").code == 0
    res = umpire("--game", game, "--json", "cards", "--deck", "-o", tmp_path / "d.pdf")
    assert res.code == 0, res.err
    assert res.json["pages"] == 1                                  # 5 cards, not the text's 80
    page = text(pages(tmp_path / "d.pdf")[0])
    assert "3 HULL DAMAGE" in page and "cards 1-5 of 5" in page and "BOW GUN" not in page
