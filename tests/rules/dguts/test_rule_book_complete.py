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
