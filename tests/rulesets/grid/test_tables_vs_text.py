"""Every cell of the grid tables against a verbatim excerpt of the rule text (fixtures/)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from umpire.core.tables import Tables

TEXT = (Path(__file__).parent / "fixtures" / "grid-excerpts.txt").read_text(encoding="utf-8")
T = Tables("grid")


def excerpt(name: str) -> str:
    start = TEXT.index(f"=== {name} ")
    end = TEXT.find("\n=== ", start + 1)
    return TEXT[start:end if end > 0 else None]


def test_every_table_names_the_text():
    for name in ("movement", "deck", "fire", "crew", "chances", "panel", "sample-ships"):
        assert "square-grid-crew-counter-rules.txt" in T[name]["source"], name


# The OCR prints each class row with the card's cell rules read as ] | / [ or as a
# "1" ("010]2]14]6]|8" is 0 0 2 4 6 8). The row must read as our cells with one or
# more rule characters between each two.
OCR_ROW = re.compile(r"^(?P<row>[0-9\]\[|/]+)$", re.M)
RULE = r"[\]\[|/1]+"


@pytest.mark.parametrize("cls", ["A", "B", "C", "D", "E"])
def test_movement_rows_match_the_ocr(cls):
    text = excerpt("movement")
    block = text[text.index(f"{cls} Class Movement"):]
    row = OCR_ROW.search(block).group("row")
    cells = T["movement"]["classes"][cls]
    assert re.fullmatch(RULE.join(str(c) for c in cells), row), (row, cells)


def test_movement_b_matches_the_worked_example():
    # "B Class Movement with all sails set, it can go 7 squares ... and can go 3 squares when Reaching"
    b = T["movement"]["classes"]["B"]
    settings = T["movement"]["settings"]
    assert b[settings.index("all")] == 7
    assert b[settings.index("all") - T["movement"]["reach_lower"]] == 3


def test_movement_m_keeps_only_anchor_and_no_sail():
    text = excerpt("movement")
    assert text.rstrip().splitlines()[-1] == "010" or "\n010\n" in text[text.index("M Class"):]
    assert T["movement"]["classes"]["M"][:2] == [0, 0]
    assert all(v == -1 for v in T["movement"]["classes"]["M"][2:])


def test_setting_names_in_the_printed_order():
    text = excerpt("movement")
    assert "Anchor No Sail Reefed Mainsail Topsail All Sails" in text
    assert T["movement"]["setting_names"] == ["Anchor", "No Sail", "Reefed", "Mainsail", "Topsail", "All Sails"]


def test_boat_speeds():
    assert "3 squares per move" in excerpt("boats") and "maximum of 5 moves" in excerpt("boats")
    assert "1 square per move" in excerpt("boats")
    assert T["movement"]["boats"] == {"fast_squares": 3, "fast_moves": 5, "slow_squares": 1}


def test_sails():
    assert "7 sails" in excerpt("sails") and "2 sails per sail setting" in excerpt("sails")
    assert T["movement"]["sails"] == 7 and T["movement"]["sails_per_setting"] == 2


def test_reach_lower():
    assert "2 sail settings less" in excerpt("reach")
    assert T["movement"]["reach_lower"] == 2


def test_fire_die_faces():
    assert "numbered 1,2,3,4,8" in excerpt("fire-dice") and "cross out the 5" in excerpt("fire-dice")
    assert T["fire"]["faces"] == [1, 2, 3, 4, "X", 8]


def test_tacking_failure_chances():
    text = excerpt("tacking")
    found = dict((q.lower(), int(n)) for n, q in re.findall(r"(\d)/6 = (\w+) Crews", text))
    assert found == T["crew"]["tack_fail"]


def test_fighting_modifiers():
    text = excerpt("boarding")
    assert "Trained Crew +1" in text and "Dreadful Crews -1" in text and "3 being added" in text
    assert T["crew"]["fight_modifier"] == {"trained": 1, "average": 0, "dreadful": -1}
    assert T["crew"]["fight_bonus"]["marine"] == 3


def test_marines_and_surgeon_chances():
    assert "range of 1 square" in excerpt("marines") and "1/6 chances of" in excerpt("marines")
    assert "1/6 chances of getting" in excerpt("surgeon")
    c = T["chances"]
    assert (c["marines_range"], c["marines_kill"], c["surgeon"]) == (1, 1, 1)


# --- the damage-card deck ------------------------------------------------------------

def words(text: str) -> str:
    return re.sub(r"\s+", " ", text)


@pytest.mark.parametrize("title,count", [("BOW GUN", 2), ("STERN GUN", 2), ("CUTTER", 1), ("PINNACE", 1),
                                         ("LAUNCH", 1), ("JOLLY BOAT", 1), ("MARINE", 1), ("GUNNER", 1),
                                         ("MAINSAIL", 2), ("FOREMAST", 1), ("MAINMAST", 1), ("MIZZEN MAST", 1),
                                         ("CAPTAIN'S CABIN", 1), ("PANTRY", 1), ("ROPE LOCKER", 1),
                                         ("CAPSTAN", 1), ("1 HULL DAMAGE", 11), ("2 HULL DAMAGE", 1),
                                         ("SURGEON", 1)])
def test_card_counts_as_printed(title, count):
    text = excerpt("deck")
    printed = len(re.findall(r"(?<![\w'])" + re.escape(title) + r"(?![\w'])", text))
    ours = sum(c["count"] for c in T["deck"]["cards"] if c["title"] == title or
               (title == "SURGEON" and c["id"] == "surgeon-killed"))
    assert printed == ours == count


def test_gun_cards():
    text = excerpt("deck")
    # sheet one: GUN Dismounted rows of four (12) and a row of four "Destroyed (No Fix)"
    assert words(text).count("Dismounted") == 16      # 2 bow, 2 stern, 12 broadside
    assert len(re.findall(r"Destroyed", text.split("CUTTER")[0], re.I)) == 4
    cards = {c["id"]: c for c in T["deck"]["cards"]}
    assert cards["gun-dismounted"]["count"] == 12 and cards["gun-destroyed"]["count"] == 4


def test_crew_and_sail_cards():
    text = excerpt("deck")
    assert words(text).count("Below Deck") == 8
    assert words(text).count("Above Deck") == 4
    assert len(re.findall(r"^SAIL SAIL SAIL SAIL$", text, re.M)) == 3
    assert words(text).count("Lose 1 sail") == 3
    cards = {c["id"]: c for c in T["deck"]["cards"]}
    assert (cards["crew-killed-below"]["count"], cards["crew-killed-above"]["count"]) == (8, 4)
    assert (cards["sail-shot-away"]["count"], cards["spar-shot-away"]["count"]) == (12, 3)


def test_deck_is_two_sheets_of_forty():
    assert sum(c["count"] for c in T["deck"]["cards"]) == 80


def test_kinds_follow_the_printed_fix():
    for c in T["deck"]["cards"]:
        if "(Repairable)" in c["text"] or "Until Repaired" in c["text"]:
            assert c["kind"] == "temporary", c["id"]
        if "(No Fix)" in c["text"]:
            assert c["kind"] == "permanent", c["id"]


# --- sample ships ----------------------------------------------------------------------

SHIP_LINES = re.compile(r"(?P<guns>\d+) Guns(?P<extra>[^\n]*?)(?P<rig>\d) Rigging Positions\s*\n\s*\nCrew: (?P<crew>\d+)"
                        r"(?: Marines: (?P<marines>\d+))? Damage: (?P<damage>\d+) Movement: (?P<movement>[A-E,M or]+)")


def test_sample_ships_match_the_text():
    text = excerpt("ships")
    found = list(SHIP_LINES.finditer(text))
    ships = T["sample-ships"]["ships"]
    assert len(found) == len(ships) == 8
    for m, s in zip(found, ships):
        assert int(m["guns"]) == s["guns"], s["id"]
        assert ("Bow Gun" in m["extra"]) == bool(s["bow_guns"]), s["id"]
        assert ("Stern Gun" in m["extra"]) == bool(s["stern_guns"]), s["id"]
        assert int(m["rig"]) == s["rigging_positions"], s["id"]
        assert int(m["crew"]) == s["crew"] and int(m["marines"] or 0) == s["marines"], s["id"]
        assert int(m["damage"]) == s["damage"], s["id"]
        assert re.findall(r"[A-EM]", m["movement"]) == s["movement"], s["id"]
