"""1974 Optional Rules, Command Lag: moves written three Moves ahead for ships beyond the flagship's
eye (2), which stand when their Move comes, and are erased when she ends within ten hexes of the
flagship (3(a)). The first edition's rule is the 1981 Optional Rules IV, and the same commands
carry it: `move --for-turn`, `move --erase-orders`."""

from __future__ import annotations

from tests.conftest import HERCULE, MARS


def _game(umpire, tmp_path, *optional):
    opts = [x for o in optional for x in ("--optional", o)]
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-1974", "--seed", "3", *opts).code == 0
    for name, side, spec in (("MARS", "british", MARS), ("HERCULE", "french", HERCULE)):
        assert umpire("ship", "add", name, "--side", side, "--spec", spec, "--turning", "2").code == 0


def test_moves_written_ahead_stand_when_their_move_comes(umpire, tmp_path):
    _game(umpire, tmp_path, "command-lag")
    for turn, notation in ((1, "1"), (2, "1"), (3, "L1")):
        res = umpire("--json", "move", "mars", notation, "--for-turn", str(turn))
        assert res.code == 0, res.err
    assert res.json["orders"] == {"1": "1", "2": "1", "3": "L1"}
    assert "1974 Optional Rules: Command Lag" in umpire("move", "mars", "--for-turn", "4").err + \
        umpire("move", "mars", "1", "--for-turn", "3").err                       # written orders stand
    res = umpire("--json", "move", "mars", "--attitude", "B")                      # her order for Move 1
    assert res.code == 0, res.err
    assert res.json["notation"] == "1"
    assert umpire("turn").code == 0
    refused = umpire("move", "mars", "2", "--attitude", "B")
    assert refused.code == 1 and "was written in turn 1: 1, not 2" in refused.err
    assert "Command Lag 2" in refused.err
    status = umpire("--json", "status", "mars").json["ships"][0]
    assert status["orders"] == {"2": "1", "3": "L1"}
    erased = umpire("--json", "move", "mars", "--erase-orders")                   # back under the flagship's eye
    assert erased.code == 0 and erased.json["erased"] == [3]
    assert umpire("--json", "verify").json["differences"] == []


def test_without_the_rule_moves_ahead_are_refused_naming_it(umpire, tmp_path):
    _game(umpire, tmp_path)
    res = umpire("move", "mars", "1", "--for-turn", "2")
    assert res.code == 1 and "command-lag" in res.err
    assert umpire("move", "mars", "1", "--attitude", "B").code == 0               # a plain move as before


def test_status_names_the_optional_rules_in_force(umpire, tmp_path):
    _game(umpire, tmp_path, "command-lag", "multi-player-games")
    assert umpire("--json", "status").json["optional"] == ["command-lag", "multi-player-games"]
    assert "optional rules: command-lag, multi-player-games" in umpire("status").out
