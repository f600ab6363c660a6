"""The careless-input guarantees of test_hostile_input, for the rule systems and commands added
since: the WS&IM Advanced Game with optional rules, the 1974 and Tournament editions and the grid
game, and their commands (move, sail, sink, anchor, tow, station, crew, tack ...). Every random
command line and every randomly changed game file ends in exit 0, 1 or 2, never a traceback, and
a refused command leaves the game file as it was."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from tests.cli.helpers import VALUES, check_harmless, every_path, fresh_game, leaf, mutate, toml_bytes
from tests.conftest import HERCULE, MARS

SHIPS = [["ship", "add", "MARS", "--side", "british", "--spec", MARS, "--class", "2", "--turning", "1"],
         ["ship", "add", "HERCULE", "--side", "french", "--spec", HERCULE, "--class", "2", "--turning", "1"]]
SETUPS = {
    "advanced": [["new", "game.toml", "--ruleset", "wsim-1981", "--level", "advanced", "--seed", "5",
                  "--optional", "loss-of-rigging", "--optional", "towing", "--optional", "running-aground",
                  "--optional", "command-lag", "--optional", "timed-moves"], *SHIPS,
                 ["wind", "--direction", "1", "--velocity", "3", "--change", "5"], ["move", "mars", "1", "--heading", "2"],
                 ["sail", "hercule", "full"], ["anchor", "hercule"]],
    "1974": [["new", "game.toml", "--ruleset", "wsim-1974", "--seed", "5", "--optional", "wind"], *SHIPS],
    "te26": [["new", "game.toml", "--ruleset", "wsim-te26", "--level", "advanced", "--seed", "5"], *SHIPS],
    "grid": [["new", "game.toml", "--scenario", "grid-swallow-royal-fortune", "--seed", "5"],
             ["crew", "swallow", "--helm", "1", "--stays", "1", "--rigging", "4", "--gunner", "1", "--port", "5"]],
}
COMMANDS = ["move", "sail", "sink", "explode", "repair", "anchor", "tow", "aground", "lead", "designate", "signal",
            "timer", "mast", "wind", "station", "row", "bomb", "crew", "tack", "marines", "surgeon", "boats", "meet",
            "run-down", "load", "fire", "speed", "board", "melee", "turn", "undo", "status", "verify", "odds",
            "capture", "surrender", "pumps", "burn", "musketry"]
OPTIONS = ["--attitude", "--heading", "--wind", "--as-written", "--collision", "--for-turn", "--erase-orders",
           "--unwritten", "--turning", "--spring", "--up", "--cut", "--what", "--near", "--roll", "--rolls", "--at",
           "--range", "--side", "--facing", "--section", "--hit-section", "--rake", "--shot", "--set", "--marines",
           "--to", "--cast-off", "--refloat", "--land", "--hexes", "--text", "--start", "--direction", "--velocity",
           "--change", "--variable", "--battle", "--helm", "--stays", "--rigging", "--port", "--sail", "--point",
           "--launch", "--recover", "--cards", "--opt", "--json", "--fore-and-aft", "--soldiers", "--load"]
WORDS = ["mars", "hercule", "swallow", "royal-fortune", "full", "battle", "L1R1", "1R1", "B B B 1", "LLL", "0", "D",
         "R", "9", "double", "chain", "grape", "round", "bow", "stern", "rigging", "deck", "oars", "sails", "topsail",
         "anchor", "X", "x", "5", "4,X,2", "hull", "guns", "cutter", "launch", "1,2,3,4,5,6,7"]

settings_ = settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))


@pytest.fixture
def games(umpire, tmp_path):
    out = {}
    for name, lines in SETUPS.items():
        path = tmp_path / "game.toml"
        path.unlink(missing_ok=True)
        for line in lines:
            res = umpire(*line)
            assert res.code == 0, (name, line, res.err)
        out[name] = path.read_bytes()
    return out


@settings_
@given(st.sampled_from(sorted(SETUPS)), st.sampled_from(COMMANDS),
       st.lists(st.one_of(st.sampled_from(OPTIONS), st.sampled_from(WORDS), st.sampled_from(VALUES)), max_size=10))
def test_random_command_lines_in_the_newer_games(umpire, tmp_path, games, game, command, args):
    path = fresh_game(tmp_path, games[game])
    before = path.read_bytes()
    check_harmless(umpire(command, *args), path, before, [game, command, *args])


READS = [["status"], ["--json", "status"], ["verify"], ["undo"], ["turn"], ["status", "mars"],
         ["move", "mars", "1", "--attitude", "B"], ["sail", "mars", "full"], ["load", "mars", "--side", "left"],
         ["fire", "mars", "--at", "hercule", "--range", "3", "--side", "left", "--facing", "right"],
         ["status", "swallow"], ["speed", "swallow", "--point", "reach"], ["tack", "swallow", "--sail", "topsail"],
         ["fire", "swallow", "--at", "royal-fortune", "--range", "3", "--side", "port"]]


@settings_
@given(st.sampled_from(sorted(SETUPS)), st.randoms(use_true_random=False), leaf,
       st.sampled_from(["set", "delete", "dup"]), st.sampled_from(READS))
def test_random_changes_to_the_newer_game_files(umpire, tmp_path, games, game, rnd, value, how, command):
    import tomllib

    doc = tomllib.loads(games[game].decode("utf-8"))
    path_ = rnd.choice([p for p in every_path(doc) if p])
    mutate(doc, path_, value, how)
    raw = toml_bytes(doc)
    if raw is None:
        return
    path = fresh_game(tmp_path, raw)
    check_harmless(umpire(*command), path, raw, (game, path_, how, value, command))
