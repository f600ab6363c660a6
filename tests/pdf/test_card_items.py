"""What cards and log sheets print from a game and from a ship's set-up: a WS&IM card's turn,
loads and set-up, the rating on line 1 of the WS&IM log."""

from __future__ import annotations

import re

from tests.pdf.conftest import HERCULE, MARS, SHIP_B, pages, text, training_numbers


def _pages(umpire, tmp_path, *args) -> list[str]:
    out = tmp_path / "out.pdf"
    res = umpire(*args, "-o", out)
    assert res.code == 0, res.err
    return [re.sub(r"[ \t]+", " ", text(p)) for p in pages(out)]   # spacing as drawn is not read


def test_wsim_card_from_a_game_shows_turn_loads_and_set_up(umpire, tmp_path):
    assert umpire("new", tmp_path / "game.toml", "--scenario", "wsim-1b", "--seed", "3").code == 0
    assert umpire("fire", "mars", "--at", "hercule", "--range", "4", "--side", "left", "--facing", "right",
                  "--roll", "3").code == 0
    card = _pages(umpire, tmp_path, "cards")[0]
    assert "Set-up hex 2723, heading 2" in card and "Set-up hex 4116, heading 2" in card   # scenario 1B
    assert "Move 1 Loaded: left empty, right B" in card          # MARS fired her left broadside (1974 words)
    assert "Move 1 Loaded: left B, right B" in card              # HERCULE as she began (Basic X)


def test_blank_wsim_cards_give_set_up_but_no_turn_or_load(umpire, tmp_path):
    card = _pages(umpire, tmp_path, "cards", "--scenario", "wsim-1b")[0]
    assert "Set-up hex 2723, heading 2" in card
    assert "Turn " not in card and "Loaded:" not in card


def test_load_text_in_the_advanced_notation():
    from umpire.pdf.wsim.views import load_text

    ship = {"loaded": {"left": True, "right": False}, "shot": {"left": "grape", "right": ""},
            "loading": {"right": 4}}
    assert load_text(ship) == "Loaded: left GS, right loading DS"
    assert load_text({"loaded": {"left": True, "right": True}, "shot": {"left": "double", "right": "chain"}}) == \
        "Loaded: left DS, right CS"


def test_dguts_cards_carry_the_morale_and_mast_thresholds(umpire, tmp_path):
    """The Training Game's Ship B: masts lost at 87, 174, 261 points high, ten percent of the crew lost
    at every 58 points low; a morale roll falls due at each (Basic Rules IX, Morale)."""
    scen = tmp_path / "training.toml"
    scen.write_text(SHIP_B)
    want = training_numbers()
    card = _pages(umpire, tmp_path, "cards", "--scenario", scen)[0]
    flat = " ".join(card.split())
    tenth = int(want["tenth"][0])
    assert re.search(r"Morale \d+ points, saving throw \d+: a roll at each", flat)
    assert f"mast lost at {', '.join(want['masts'])} high" in flat
    assert "10% of crew lost at " + ", ".join(str(tenth * k) for k in range(1, 11)) + " low" in flat


def test_wsim_log_line_one_gives_the_rating_where_the_set_up_does(umpire, tmp_path):
    """Line 1 of the log is the name and guns ("III. Prepare For Play / B. Log Sheet"): the rating
    printed beside the name in the scenario (1C: AMBUSCADE 32, BAIONNAISE 24), none where the
    text prints none (Trafalgar's VICTORY)."""
    sheets = _pages(umpire, tmp_path, "sheet", "--scenario", "wsim-1c")
    assert "AMBUSCADE \u2013 32 guns \u2013 Frigate (F)" in sheets[0]
    assert "BAIONNAISE \u2013 24 guns \u2013 class ____" in sheets[1]
    victory = _pages(umpire, tmp_path, "sheet", "victory", "--scenario", "trafalgar")[0]
    assert "VICTORY \u2013 S.O.L." in victory and " guns \u2013" not in victory
    assert umpire("new", tmp_path / "game.toml", "--scenario", "wsim-1c").code == 0   # kept in the game's ships
    game = _pages(umpire, tmp_path, "sheet", "baionnaise")[0]
    assert "BAIONNAISE \u2013 24 guns" in game


def test_a_1981_scenario_entry_s_rating_prints_on_line_one(umpire, tmp_path):
    scen = tmp_path / "duel.toml"
    scen.write_text('format = 1\nid = "duel"\nruleset = "wsim-1981"\ntitle = "Duel"\n\n'
                    f'[[ships]]\nid = "hercule"\nname = "HERCULE"\nside = "french"\nspec = "{HERCULE}"\n'
                    'class = "SOL"\nrated_guns = 74\n')
    sheet = _pages(umpire, tmp_path, "sheet", "--scenario", scen)[0]
    assert "HERCULE \u2013 74 guns \u2013 S.O.L. \u2013 turning ____" in sheet


def test_advanced_wsim_card_shows_the_shot_loaded(umpire, tmp_path):
    """Grapeshot loaded after firing (Advanced X.A), doubleshot over two load phases (VIII.B.3.c)."""
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-1981", "--level", "advanced").code == 0
    assert umpire("ship", "add", "MARS", "--side", "british", "--spec", MARS, "--class", "SOL").code == 0
    assert umpire("ship", "add", "HERCULE", "--side", "french", "--spec", HERCULE, "--class", "SOL").code == 0
    for cmd in (("fire", "hercule", "--at", "mars", "--range", "4", "--side", "left", "--facing", "right",
                 "--roll", "3"),
                ("load", "hercule", "--side", "left", "--shot", "grape"), ("turn",),
                ("fire", "hercule", "--at", "mars", "--range", "4", "--side", "right", "--facing", "right",
                 "--roll", "3"),
                ("load", "hercule", "--side", "right", "--shot", "double")):
        assert umpire(*cmd).code == 0, cmd
    card = _pages(umpire, tmp_path, "cards")[0]
    assert "Turn 2 Loaded: left GS, right loading DS" in card
    assert "Turn 2 Loaded: left R, right R" in card
