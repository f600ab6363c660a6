"""The state snapshot kept beside a game: always the state the journal gives, never trusted when stale."""

from __future__ import annotations

from pathlib import Path

import json

import pytest

from umpire.core import game as gamefile
from umpire.core import snapshot
from umpire.core.engine import Session
from tests.conftest import status

FIRE = ["fire", "mars", "--at", "hercule", "--range", "3", "--side", "left", "--facing", "right"]
BACK = ["fire", "hercule", "--at", "mars", "--range", "3", "--side", "right", "--facing", "left"]


def _replayed(path) -> dict:
    """The state by replaying the whole journal, ignoring any snapshot."""
    return json.loads(json.dumps(gamefile.load(path).state()))


def _snapshot_state(path) -> dict:
    snap = snapshot.read(path, path.read_bytes())
    assert snap is not None, "no valid snapshot after a command"
    return snap["state"]


def _play(umpire, turns: int = 3) -> None:
    for t in range(turns):
        assert umpire(*FIRE, "--roll", str(1 + t % 6)).code == 0
        assert umpire(*BACK, "--roll", str(6 - t % 6)).code == 0
        assert umpire("turn").code == 0


def test_snapshot_matches_the_replayed_journal_after_every_kind_of_command(umpire, duel):
    _play(umpire)
    assert umpire("load", "mars", "--side", "left").code in (0, 1)
    assert _snapshot_state(duel) == _replayed(duel)
    assert umpire("undo").code == 0
    assert _snapshot_state(duel) == _replayed(duel)


def test_dguts_snapshot_matches_the_replayed_journal(umpire, tmp_path):
    game = tmp_path / "d.toml"
    assert umpire("new", game, "--ruleset", "dguts", "--seed", "3").code == 0
    assert umpire("--game", game, "ship", "add", "Constitution", "--side", "american", "--nation", "american",
                  "--tons", "1576", "--men", "456", "--guns", "30x24,22x32C").code == 0
    assert umpire("--game", game, "ship", "add", "Guerriere", "--side", "british", "--nation", "british",
                  "--tons", "1092", "--men", "272", "--guns", "30x18,16x32C,2x12").code == 0
    assert umpire("--game", game, "fire", "constitution", "--at", "guerriere", "--range", "7", "--side",
                  "starboard", "--aim", "low").code == 0
    assert umpire("--game", game, "turn").code == 0
    assert _snapshot_state(game) == _replayed(game)


def test_a_stale_snapshot_is_ignored_and_rebuilt(umpire, duel):
    _play(umpire, 1)
    stale = Path(snapshot.path_for(duel)).read_bytes()
    assert umpire(*FIRE, "--roll", "6").code == 0
    truth = status(umpire, "hercule")
    Path(snapshot.path_for(duel)).write_bytes(stale)          # a snapshot of an earlier journal
    assert status(umpire, "hercule") == truth
    assert _snapshot_state(duel) == _replayed(duel)    # and it was rebuilt


def test_a_tampered_snapshot_is_ignored(umpire, duel):
    _play(umpire, 1)
    truth = status(umpire, "hercule")
    path = Path(snapshot.path_for(duel))
    text = path.read_text()
    path.write_text(text.replace('"hull_left":', '"hull_left":1', 1))   # hand-edited state, old checksum
    assert status(umpire, "hercule") == truth


@pytest.mark.parametrize("damage", [b"", b"{not json", b'{"format": 1}\n{}'])
def test_a_missing_or_damaged_snapshot_loses_nothing(umpire, duel, damage):
    _play(umpire, 1)
    truth = status(umpire, "hercule")
    Path(snapshot.path_for(duel)).write_bytes(damage)
    assert status(umpire, "hercule") == truth
    snapshot.remove(duel)
    assert status(umpire, "hercule") == truth


def test_hand_edited_game_file_wins_over_its_snapshot(umpire, duel):
    _play(umpire, 1)
    text = duel.read_text()
    duel.write_text(text.replace('seed = 5', 'seed = 6'))
    assert Session(duel).game.seed == 6


def test_undo_further_back_than_the_snapshot_keeps_replays_the_journal(umpire, duel, monkeypatch):
    monkeypatch.setattr(snapshot, "UNDO_DEPTH", 2)
    _play(umpire, 2)                       # six events after the two ships
    states = []
    for _ in range(4):
        assert umpire("undo").code == 0
        states.append(_snapshot_state(duel))
        assert states[-1] == _replayed(duel)


def test_a_read_answered_from_the_snapshot_never_parses_the_journal(umpire, duel, monkeypatch):
    _play(umpire, 2)
    calls = []
    real = gamefile._parse
    monkeypatch.setattr(gamefile, "_parse", lambda *a: calls.append(a) or real(*a))
    assert umpire("--json", "status").code == 0
    assert umpire("--json", "log", "--last", "2").code == 0
    assert umpire(*FIRE, "--roll", "4").code == 0
    assert umpire("undo").code == 0
    assert calls == []


def test_log_from_the_snapshot_equals_the_journal(umpire, duel):
    _play(umpire, 2)
    got = umpire("--json", "log").json["events"]
    events = gamefile.load(duel).events
    assert [(e["n"], e["kind"], e["summary"], e.get("rolls", [])) for e in events] == \
        [(e["n"], e["kind"], e["summary"], e["rolls"]) for e in got]


def test_turn_events_carry_only_the_ships_that_changed(umpire, duel):
    assert umpire("turn").code == 0                      # nothing happened: no ship needs a new basis
    assert not any("at_turn_start" in e["path"] for e in gamefile.load(duel).events[-1]["effects"])
    assert umpire(*FIRE, "--roll", "6").code == 0
    assert umpire("turn").code == 0
    touched = {e["path"][1] for e in gamefile.load(duel).events[-1]["effects"] if "at_turn_start" in e["path"]}
    assert touched == {"hercule"}
    assert umpire("--json", "verify").json["differences"] == []


def _assert_rules_leave_state_alone(path) -> None:
    """Resolve every journalled action again, as `verify` does, and check the state it read is untouched."""
    from umpire.core.state import Resolution

    session = Session(path)
    game, rs = session.game, session.ruleset
    state = json.loads(json.dumps(game.state(upto=0)))
    for event in game.events:
        action = event.get("action", {})
        if action.get("command") not in (None, "ship add", "rulings set", "rulings unset"):
            before = json.dumps(state, sort_keys=True)
            tables = session.tables(state, action.get("rulings") or {})
            got = rs.plan(state, tables, action)
            if not isinstance(got, Resolution):
                got = got.resolve(tuple(event.get("rolls", [])), False)
            rs.after(state, got, tables)
            assert json.dumps(state, sort_keys=True) == before, f"event {event['n']} changed the state it read"
        from umpire.core.effects import apply

        apply(state, event["effects"])


def test_rules_never_change_the_state_they_resolve_against(umpire, duel):
    _play(umpire, 3)
    assert umpire("board", "mars", "--party", "obp", "--sections", "1", "--at", "hercule").code in (0, 1)
    _assert_rules_leave_state_alone(duel)


def test_dguts_rules_never_change_the_state_they_resolve_against(umpire, tmp_path):
    game = tmp_path / "d.toml"
    assert umpire("new", game, "--scenario", "dguts-constitution-guerriere", "--seed", "4").code == 0
    for line in (["fire", "constitution", "--at", "guerriere", "--range", "7", "--side", "starboard", "--aim", "low"],
                 ["fire", "guerriere", "--at", "constitution", "--range", "7", "--side", "port", "--aim", "high"],
                 ["morale", "guerriere"], ["turn"]):
        umpire("--game", game, *line)
    _assert_rules_leave_state_alone(game)


def _log_pairs(umpire) -> list:
    return [(e["n"], e["kind"], e["summary"], e["rolls"]) for e in umpire("--json", "log").json["events"]]


def _journal_pairs(path) -> list:
    return [(e["n"], e["kind"], e["summary"], e.get("rolls", [])) for e in gamefile.load(path).events]


def test_the_log_index_follows_commands_and_undo(umpire, duel):
    from umpire.core import logindex

    _play(umpire, 2)
    assert umpire("undo").code == 0
    assert umpire("load", "mars", "--side", "right").code in (0, 1)
    assert umpire("turn").code == 0
    assert _log_pairs(umpire) == _journal_pairs(duel)
    assert len(Path(logindex.path_for(duel)).read_bytes().splitlines()) == len(_journal_pairs(duel))


@pytest.mark.parametrize("damage", ["truncate", "edit", "remove", "append"])
def test_a_damaged_log_index_is_rebuilt_from_the_journal(umpire, duel, damage):
    from umpire.core import logindex

    _play(umpire, 2)
    index = Path(logindex.path_for(duel))
    data = index.read_bytes()
    if damage == "truncate":
        index.write_bytes(data[: len(data) // 2])
    elif damage == "edit":
        index.write_bytes(data.replace(b"turn 2 begins", b"turn 9 begins"))
    elif damage == "remove":
        index.unlink()
    else:
        index.write_bytes(data + b'{"n": 99}\n')
    assert _log_pairs(umpire) == _journal_pairs(duel)
    assert umpire("turn").code == 0
    assert _log_pairs(umpire) == _journal_pairs(duel)


@pytest.mark.parametrize("command", [["--json", "status"], ["undo"], ["--json", "verify"], ["--json", "log"]])
def test_an_effect_path_that_fits_no_table_is_bad_input(umpire, duel, command):
    assert umpire("turn").code == 0
    g = gamefile.load(duel)
    g.events[-1]["effects"][-1]["path"] = [0]           # a number where the state has only names
    gamefile.save(g)
    before = duel.read_bytes()
    res = umpire(*command)
    assert res.code in (1, 2) and "Traceback" not in res.err, res.err
    if res.code:
        assert duel.read_bytes() == before


def test_a_snapshot_head_rewritten_for_an_edited_game_is_not_believed(umpire, duel):
    """The signature covers the game file's digest and stamp: pointing an old snapshot at an edited
    game file by rewriting its head gives the journal's truth, not the snapshot's."""
    _play(umpire, 1)
    path = Path(snapshot.path_for(duel))
    head, body = path.read_text(encoding="utf-8").split("\n", 1)
    duel.write_text(duel.read_text(encoding="utf-8").replace("seed = 5", "seed = 6"), encoding="utf-8")
    meta = json.loads(head)
    meta["file"] = snapshot.digest(duel.read_bytes())
    meta["stamp"] = snapshot._file_stamp(duel)
    path.write_text(json.dumps(meta) + "\n" + body, encoding="utf-8")
    assert snapshot.read(duel, duel.read_bytes()) is None


def test_a_same_size_edit_changes_the_stamp_and_is_seen(umpire, duel):
    """A game file written again, even to the same size within the same clock tick, has a new change
    time: its snapshot is checked by digest and rebuilt."""
    _play(umpire, 1)
    text = duel.read_text(encoding="utf-8")
    assert "seed = 5" in text
    duel.write_text(text.replace("seed = 5", "seed = 6"), encoding="utf-8")
    assert snapshot.read(duel, duel.read_bytes()) is None
    assert Session(duel).game.seed == 6


def test_a_game_not_written_since_its_snapshot_is_read_only_when_a_command_writes(umpire, duel, monkeypatch):
    """status reads the snapshot alone; the game file's bytes are read when a command needs them, and
    must then be the bytes of the stamp the game was opened at."""
    _play(umpire, 1)
    reads = []
    real = gamefile.read_bytes
    monkeypatch.setattr(gamefile, "read_bytes", lambda path: reads.append(path) or real(path))
    session = Session(duel)
    assert session.state["ships"]["mars"]["id"] == "mars" and reads == []
    assert session.game.raw == duel.read_bytes() and len(reads) == 1


def test_a_game_changed_after_it_was_opened_is_not_written_over(umpire, duel):
    _play(umpire, 1)
    session = Session(duel)
    session.state
    duel.write_text(duel.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    with pytest.raises(gamefile.BadInput, match="changed by another program"):
        session.game.raw


def test_a_log_index_not_written_since_is_not_hashed_again_and_one_edited_is(umpire, duel, monkeypatch):
    import os

    from umpire.core import logindex

    _play(umpire, 2)
    assert umpire("undo").code == 0           # (undo takes a line off without walking the chain)
    links = []
    real = logindex._link
    monkeypatch.setattr(logindex, "_link", lambda prev, line: links.append(1) or real(prev, line))
    assert _log_pairs(umpire) == _journal_pairs(duel)
    assert links == []
    index = Path(logindex.path_for(duel))
    st = os.stat(index)
    index.write_bytes(index.read_bytes().replace(b"turn 2 begins", b"turn 9 begins"))
    os.utime(index, ns=(st.st_atime_ns, st.st_mtime_ns))     # the same size and modification time
    assert _log_pairs(umpire) == _journal_pairs(duel)
    assert links, "an index changed since its last write must be checked against its chain"
