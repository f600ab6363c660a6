"""Game file: journal, undo, atomic writes, verify, seeded dice."""

from __future__ import annotations

import os
import sys
import subprocess

from umpire.core import game as gamefile
from tests.conftest import status

FIRE = ["fire", "mars", "--at", "hercule", "--range", "3", "--side", "left", "--facing", "right"]


def test_undo_restores_previous_bytes_and_state(umpire, duel):
    before = duel.read_bytes()
    assert umpire(*FIRE, "--roll", "6").code == 0
    assert status(umpire, "hercule")["hull_left"] < 14
    res = umpire("--json", "undo")
    assert res.code == 0 and res.json["kind"] == "fire"
    assert status(umpire, "hercule")["hull_left"] == 14
    assert gamefile.load(duel).events == gamefile.load(duel.__class__(duel)).events
    assert duel.read_bytes() == before


def test_undo_on_empty_journal(umpire, tmp_path):
    umpire("new", tmp_path / "g.toml", "--ruleset", "wsim-1981")
    res = umpire("--game", tmp_path / "g.toml", "undo")
    assert res.code == 2 and "no events" in res.err


def test_tool_rolls_are_journalled_and_repeat_after_undo(umpire, duel):
    first = umpire("--json", *FIRE).json
    assert first["rolled_by"] == "umpire" and len(first["rolls"]) == 1
    event = gamefile.load(duel).events[-1]
    assert event["rolls"] == first["rolls"] and event["rolled"] == "umpire"
    umpire("undo")
    assert umpire("--json", *FIRE).json["rolls"] == first["rolls"]


def test_events_store_effects_and_state_is_derived(umpire, duel):
    umpire(*FIRE, "--roll", "4")
    g = gamefile.load(duel)
    kinds = [e["kind"] for e in g.events]
    assert kinds == ["ship", "ship", "fire"]
    assert all(e["effects"] for e in g.events)
    assert g.state()["ships"]["hercule"]["hull_left"] == status(umpire, "hercule")["hull_left"]


def test_verify_same_and_differences(umpire, duel):
    umpire(*FIRE, "--roll", "4")
    umpire("turn")
    res = umpire("--json", "verify")
    assert res.code == 0 and res.json["differences"] == [] and res.json["same"] == 4   # two ship adds, fire, turn
    text = duel.read_text().replace('"hull_left"', '"hull_left"', 1)
    g = gamefile.load(duel)
    g.events[2]["effects"] = [e for e in g.events[2]["effects"] if "hull_left" not in e["path"]]
    gamefile.save(g)
    res = umpire("--json", "verify")
    assert res.code == 1 and res.json["differences"][0]["n"] == 3
    assert text


def test_verify_sees_a_tampered_ship_add(umpire, duel):
    g = gamefile.load(duel)
    g.events[1]["effects"][0]["value"]["hull_left"] = 40
    gamefile.save(g)
    res = umpire("--json", "verify")
    assert res.code == 1 and res.json["differences"][0]["n"] == 2


def test_atomic_save_leaves_no_temp_files(umpire, duel):
    umpire(*FIRE, "--roll", "4")
    leftovers = [p for p in os.listdir(duel.parent) if p.endswith(".tmp")]
    assert leftovers == []


def test_kill_during_writes_leaves_a_readable_game(tmp_path):
    """Kill a process that saves in a loop; the file is always old or new, never torn."""
    path = tmp_path / "g.toml"
    script = f"""
import sys
sys.path.insert(0, {os.getcwd()!r})
from pathlib import Path
from umpire.core import game as g
from umpire.core.state import Resolution, set_
game = g.new_game(Path({str(path)!r}), "wsim-1981", "basic", [], 1)
g.save(game)
i = 0
while True:
    i += 1
    game.record(Resolution("note", "x" * 2000, [set_(["turn"], i)]), {{"command": "note"}})
    g.save(game)
"""
    proc = subprocess.Popen([sys.executable, "-c", script])
    import time

    end = time.monotonic() + 30
    while not (path.exists() and path.stat().st_size > 100_000):   # kill mid-save once each save writes 100 kB
        assert proc.poll() is None and time.monotonic() < end, "the writer never got going"
        time.sleep(0.01)
    proc.kill()
    proc.wait()
    game = gamefile.load(path)
    assert game.meta["ruleset"] == "wsim-1981"
    assert all(e["summary"] == "x" * 2000 for e in game.events)


def test_json_status_contract_keys(umpire, duel):
    data = umpire("--json", "status").json
    assert data["turn"] == 1
    ship = data["ships"][0]
    for key in ("id", "name", "side", "state", "hull_left", "crew_left", "guns_left", "carronades_left",
                "rigging_left"):
        assert key in ship
    assert ship["guns_left"] == {"left": 9, "right": 9} and ship["crew_left"] == [5, 4, 4]


def test_rulings_file_applies_and_is_shown(umpire, duel, tmp_path):
    rulings = tmp_path / "house.toml"
    rulings.write_text("[rulings.hdt.modifiers]\ninitial_broadside = [0, 0, 0, 0, 0]\n")
    data = umpire("--json", "--rulings", rulings, *FIRE, "--roll", "4").json
    # 9 guns at 3 hexes: table 1; CR +2 -> 3; no initial bonus under the house ruling
    assert data["hit_table"] == 3


def test_rulings_kept_by_new_and_nested_in_game_file(umpire, tmp_path):
    house = tmp_path / "house.toml"
    house.write_text("[rulings.hdt.modifiers]\ninitial_broadside = [0, 0, 0, 0, 0]\n")
    g = tmp_path / "g.toml"
    assert umpire("--rulings", house, "new", g, "--ruleset", "wsim-1981").code == 0
    assert gamefile.load(g).rulings == {"hdt.modifiers.initial_broadside": [0, 0, 0, 0, 0]}
    bad = tmp_path / "bad.toml"
    bad.write_text("[rulings.hdt.modifiers]\nnonsense = 1\n")
    res = umpire("--rulings", bad, "new", tmp_path / "h.toml", "--ruleset", "wsim-1981")
    assert res.code == 2 and "nonsense" in res.err and not (tmp_path / "h.toml").exists()


def test_appended_events_and_inline_journal_both_read_back(umpire, duel):
    umpire(*FIRE, "--roll", "4")
    umpire("turn")
    g = gamefile.load(duel)
    assert [e["n"] for e in g.events] == [1, 2, 3, 4]
    # a journal written by hand as one inline array still takes new events
    text = duel.read_text()
    head, _, _ = text.partition("[[events]]")
    duel.write_text("events = []\n" + head.split("\n", 1)[1])
    assert gamefile.load(duel).events == []
    assert umpire("status", "mars").code == 2          # the ships came with the events now gone
    assert umpire("turn").code == 0
    assert len(gamefile.load(duel).events) == 1
    assert umpire("undo").code == 0
    assert gamefile.load(duel).events == []
