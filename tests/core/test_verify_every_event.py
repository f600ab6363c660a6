"""`verify` sees a change to any event of any kind: every journalled event is resolved again (or, for the
engine's own events, made again) and a tampered one is named by its number."""

from __future__ import annotations

import pytest

from umpire.core import game as gamefile
from tests.conftest import CONSTITUTION, GUERRIERE, HERCULE, MARS

WSIM = [["fire", "mars", "--at", "hercule", "--range", "3", "--side", "left", "--facing", "right", "--roll", "4"],
        ["turn"], ["load", "mars", "--side", "left"],
        ["rulings", "set", "hdt.modifiers.initial_broadside", "[0, 0, 0, 0, 0]", "--reason", "club"],
        ["grapple", "mars", "hercule", "--roll", "1"], ["morale", "hercule", "--roll", "3,4"],
        ["rulings", "unset", "hdt.modifiers.initial_broadside"], ["turn"]]
DGUTS = [["fire", "constitution", "--at", "guerriere", "--range", "7", "--side", "port", "--aim", "low"],
         ["morale", "guerriere"], ["turn"], ["fire", "guerriere", "--at", "constitution", "--range", "5",
                                             "--side", "starboard"], ["turn"]]


def _play(umpire, tmp_path, ruleset):
    game = tmp_path / "game.toml"
    if ruleset == "wsim":
        lines = [["new", game, "--ruleset", "wsim-1981", "--seed", "5"],
                 ["ship", "add", "MARS", "--side", "british", "--spec", MARS],
                 ["ship", "add", "HERCULE", "--side", "french", "--spec", HERCULE]] + WSIM
    else:
        lines = [["new", game, "--ruleset", "dguts", "--seed", "9"],
                 ["ship", "add", "Constitution", "--side", "american", *CONSTITUTION],
                 ["ship", "add", "Guerriere", "--side", "british", *GUERRIERE]] + DGUTS
    for line in lines:
        umpire(*line)
    return game


def _tamper(effects: list) -> bool:
    """Change the first number or text an event's effects set; False if there is none."""
    for eff in effects:
        if eff.get("op") == "add":
            eff["value"] = eff["value"] + 1
            return True
        value = eff.get("value")
        if isinstance(value, bool):
            eff["value"] = not value
            return True
        if isinstance(value, (int, float)):
            eff["value"] = value + 1
            return True
        if isinstance(value, str):
            eff["value"] = value + "x"
            return True
        if isinstance(value, dict) and _bump(value):
            return True
    return False


def _bump(table: dict) -> bool:
    for k, v in table.items():
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            table[k] = v + 1
            return True
        if isinstance(v, dict) and _bump(v):
            return True
    return False


@pytest.mark.parametrize("ruleset", ["wsim", "dguts"])
def test_verify_names_every_tampered_event(umpire, tmp_path, ruleset):
    game = _play(umpire, tmp_path, ruleset)
    clean = game.read_bytes()
    assert umpire("--json", "verify").json["differences"] == []
    kinds = set()
    for i, event in enumerate(gamefile.load(game).events):
        game.write_bytes(clean)
        g = gamefile.load(game)
        if not _tamper(g.events[i]["effects"]):
            continue
        kinds.add(event["kind"])
        gamefile.save(g)
        res = umpire("--json", "verify")
        if res.code == 2:       # the tampered value no longer fits the game at all: refused on reading
            assert "does not fit" in res.err or "damaged" in res.err, res.err
            continue
        assert res.code == 1, (event["kind"], res.err)
        assert res.json["differences"][0]["n"] == event["n"], event["kind"]    # (later events may follow it)
    assert {"ship", "fire", "turn"} <= kinds


def test_an_event_without_an_action_is_a_difference(umpire, duel):
    assert umpire("turn").code == 0
    g = gamefile.load(duel)
    g.events[2]["action"] = {}
    gamefile.save(g)
    res = umpire("--json", "verify")
    assert res.code == 1 and res.json["differences"][0]["n"] == 3
