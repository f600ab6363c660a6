"""Turn grids read back from journal events."""

from __future__ import annotations

from umpire.pdf.dguts.journal import DgutsEntry, dguts_log
from umpire.pdf.wsim.journal import TurnEntry, turn_log

NAMES = {"mars": "MARS", "hercule": "HERCULE", "aigle": "AIGLE"}


def ev(kind: str, action: dict, *effects: tuple[list, object]) -> dict:
    return {"kind": kind, "action": action, "effects": [{"op": "set", "path": p, "value": v} for p, v in effects]}


def turn(n: int, *effects: tuple[list, object]) -> dict:
    return ev("turn", {"command": "turn"}, *effects, (["turn"], n))


def test_fire_and_reload_marks_in_the_load_column():
    events = [
        ev("fire", {"command": "fire", "ship": "mars"}, (["ships", "mars", "loaded", "left"], False)),
        ev("fire", {"command": "fire", "ship": "hercule"}, (["ships", "hercule", "loaded", "right"], False)),
        ev("load", {"command": "load", "ship": "hercule"}, (["ships", "hercule", "loaded", "right"], True)),
        turn(2, (["ships", "mars", "loaded", "left"], True)),
        ev("fire", {"command": "fire", "ship": "mars"}, (["ships", "mars", "loaded", "right"], False)),
        turn(3),
    ]
    log = turn_log(events, NAMES)
    assert log["mars"] == (TurnEntry(1, left="/R"), TurnEntry(2, right="/"))
    assert log["hercule"] == (TurnEntry(1, right="/R"),)


def test_contact_notes_use_the_rule_books_letters():
    events = [
        turn(2),
        ev("foul", {"command": "foul", "ship": "mars", "with": "hercule"},
           (["ships", "mars", "fouled"], ["hercule"]), (["ships", "hercule", "fouled"], ["mars"])),
        ev("grapple", {"command": "grapple", "ship": "mars", "with": "hercule"}),   # failed: no effects
        ev("grapple", {"command": "grapple", "ship": "mars", "with": "hercule"},
           (["ships", "mars", "grappled"], ["hercule"]), (["ships", "hercule", "grappled"], ["mars"])),
        turn(3),
        ev("unfoul", {"command": "unfoul", "ship": "hercule", "with": "mars"},
           (["ships", "hercule", "fouled"], []), (["ships", "mars", "fouled"], [])),
        ev("ungrapple", {"command": "ungrapple", "ship": "hercule", "with": "mars"},
           (["ships", "hercule", "grappled"], []), (["ships", "mars", "grappled"], [])),
    ]
    log = turn_log(events, NAMES)
    assert log["mars"] == (TurnEntry(2, notes=("F HERCULE", "G HERCULE")),
                           TurnEntry(3, notes=("(F) HERCULE", "(G) HERCULE")))
    assert log["hercule"][0].notes == ("F MARS", "G MARS")


def test_boarding_melee_capture_and_surrender_notes():
    events = [
        ev("board", {"command": "board", "ship": "mars", "party": "obp", "sections": "1,2", "at": "hercule"}),
        ev("capture", {"command": "melee", "attackers": ["mars"], "defender": "hercule"},
           (["ships", "hercule", "prize"], {"squares": 8}), (["ships", "hercule", "state"], "captured")),
        ev("surrender", {"command": "surrender", "ship": "aigle", "by": "firepower"},
           (["ships", "aigle", "state"], "surrendered")),
        ev("capture", {"command": "capture", "ship": "aigle", "by": "mars", "sections": "3"},
           (["ships", "aigle", "prize"], {"squares": 4}), (["ships", "aigle", "state"], "captured")),
        ev("fire", {"command": "fire", "ship": "aigle"}, (["ships", "hercule", "state"], "struck")),
    ]
    log = turn_log(events, NAMES)
    assert log["mars"][0].notes == ("OBP 1,2 at HERCULE", "took HERCULE", "prize crew to AIGLE")
    assert log["hercule"][0].notes == ("melee v MARS", "captured", "struck her colours")
    assert log["aigle"][0].notes == ("surrendered (firepower)", "captured")


def test_events_without_marks_leave_no_rows():
    events = [ev("ship", {"command": "ship add"}, (["ships", "mars"], {"name": "MARS"})), turn(2), turn(3)]
    assert turn_log(events, NAMES) == {}


def test_dguts_log_keeps_fire_damage_totals_and_morale():
    events = [
        ev("fire", {"command": "fire", "ship": "mars", "at": "hercule", "opts": {"side": "left"}},
           (["ships", "hercule", "track", "damage_high"], 24.0), (["ships", "hercule", "track", "damage_low"], 12.0)),
        ev("fire", {"command": "fire", "ship": "aigle", "at": "hercule", "opts": {"side": "bow"}},
           (["ships", "hercule", "track", "damage_high"], 40.5)),
        ev("morale", {"command": "morale", "ship": "hercule"}, (["ships", "hercule", "track", "morale"], "shaken")),
        turn(2),
    ]
    log = dguts_log(events, NAMES)
    assert log["mars"] == (DgutsEntry(1, fire="left at HERCULE"),)
    assert log["hercule"] == (DgutsEntry(1, high="40.5", low="12", notes=("morale shaken",)),)
