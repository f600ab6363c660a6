"""Careless or hostile input never crashes and never harms: random command lines and random files end
in exit 0, 1 or 2, with no traceback, and a refused command leaves the game file byte for byte as it was."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from tests.cli.helpers import VALUES, check_harmless, every_path, fresh_game, leaf, mutate, toml_bytes
from tests.conftest import CONSTITUTION, GUERRIERE, HERCULE, MARS

COMMANDS = ["fire", "speed", "load", "foul", "unfoul", "grapple", "ungrapple", "board", "melee", "capture",
            "transfer", "surrender", "recover", "morale", "repair", "pumps", "explode", "special", "mast", "status",
            "turn", "undo", "log", "verify", "score", "rulings", "ship", "new", "odds", "scenarios", "oob"]
SUBWORDS = ["add", "set", "unset", "convert", "export", "fire", "melee", "show", "edit"]
OPTIONS = ["--at", "--range", "--side", "--facing", "--aim", "--rake", "--roll", "--rolls", "--party", "--sections",
           "--attitude", "--by", "--to", "--lose", "--opt", "--crew", "--near", "--column", "--tons", "--men",
           "--guns", "--spec", "--nation", "--id", "--seed", "--ruleset", "--scenario", "--level", "--optional",
           "--json", "--force", "--reason", "--heading", "--wind", "--with", "-o", "--rulings", "--class"]

SETUPS = {
    "wsim": [["new", "game.toml", "--ruleset", "wsim-1981", "--seed", "5"],
             ["ship", "add", "MARS", "--side", "british", "--spec", MARS],
             ["ship", "add", "HERCULE", "--side", "french", "--spec", HERCULE]],
    "dguts": [["new", "game.toml", "--ruleset", "dguts", "--seed", "9"],
              ["ship", "add", "Constitution", "--side", "american", *CONSTITUTION],
              ["ship", "add", "Guerriere", "--side", "british", *GUERRIERE]],
}


@pytest.fixture
def games(umpire, tmp_path):
    """The bytes of a WS&IM and a DGUTS game (with a few events), to start each example from."""
    out = {}
    for name, lines in SETUPS.items():
        path = tmp_path / "game.toml"
        path.unlink(missing_ok=True)
        for line in lines:
            assert umpire(*line).code == 0
        assert umpire("turn").code == 0
        out[name] = path.read_bytes()
    return out


settings_ = settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))


@settings_
@given(st.sampled_from(sorted(SETUPS)), st.sampled_from(COMMANDS),
       st.lists(st.one_of(st.sampled_from(SUBWORDS), st.sampled_from(OPTIONS), st.sampled_from(VALUES)),
                max_size=12))
def test_random_command_lines(umpire, tmp_path, games, ruleset, command, args):
    path = fresh_game(tmp_path, games[ruleset])
    before = path.read_bytes()
    res = umpire(command, *args)
    check_harmless(res, path, before, [command, *args])


# --- random files -------------------------------------------------------------------------

READS = [["status"], ["--json", "status"], ["log"], ["verify"], ["undo"], ["turn"], ["score"], ["rulings"],
         ["fire", "mars", "--at", "hercule", "--range", "3", "--side", "left", "--facing", "right"],
         ["fire", "constitution", "--at", "guerriere", "--range", "7", "--side", "port"],
         ["odds", "fire", "constitution", "--at", "guerriere", "--range", "7", "--side", "port"],
         ["morale", "guerriere"], ["ship", "add", "X", "--side", "british", "--spec", MARS],
         ["oob", "export", "-o", "-"], ["status", "mars"], ["status", "guerriere"]]


@settings_
@given(st.sampled_from(sorted(SETUPS)), st.randoms(use_true_random=False), leaf,
       st.sampled_from(["set", "delete", "dup"]), st.sampled_from(READS))
def test_random_changes_to_a_game_file(umpire, tmp_path, games, ruleset, rnd, value, how, command):
    import tomllib

    doc = tomllib.loads(games[ruleset].decode("utf-8"))
    paths = [p for p in every_path(doc) if p]
    path_ = rnd.choice(paths)
    mutate(doc, path_, value, how)
    raw = toml_bytes(doc)
    if raw is None:
        return
    path = fresh_game(tmp_path, raw)
    res = umpire(*command)
    check_harmless(res, path, raw, (path_, how, value, command))


@settings_
@given(st.sampled_from(sorted(SETUPS)), st.binary(max_size=400) | st.text(max_size=400).map(str.encode),
       st.sampled_from(["game", "scenario", "rulings", "oob"]))
def test_random_bytes_as_any_file(umpire, tmp_path, games, ruleset, data, role):
    path = fresh_game(tmp_path, games[ruleset])
    before = path.read_bytes()
    other = tmp_path / "other.toml"
    other.write_bytes(data)
    command = {"game": ["--game", other, "status"],
               "scenario": ["new", tmp_path / "n.toml", "--scenario", other],
               "rulings": ["--rulings", other, "status"],
               "oob": ["oob", "convert", other, "--ruleset", "dguts", "-o", tmp_path / "s.toml"]}[role]
    res = umpire(*command)
    check_harmless(res, path, before, (role, data))


def test_a_full_scenario_mangled_value_by_value(umpire, tmp_path):
    """Each field of a bundled scenario replaced by hostile values: never a crash."""
    import tomllib

    rnd = random.Random(4)
    from umpire.core import scenarios

    src = scenarios.bundled()
    for name in sorted(src)[:6]:
        doc = tomllib.loads(src[name].read_text(encoding="utf-8"))
        for path_ in [p for p in every_path(doc) if p][:80]:
            mutated = json.loads(json.dumps(doc))
            value = rnd.choice([float("inf"), -1, 0, 2**80, "", "\x1b[2J", [], {}, True, "=1", 1e300])
            mutate(mutated, path_, value, "set")
            raw = toml_bytes(mutated)
            if raw is None:
                continue
            scen = tmp_path / "scen.toml"
            scen.write_bytes(raw)
            target = tmp_path / "n.toml"
            target.unlink(missing_ok=True)
            res = umpire("new", target, "--scenario", scen)
            assert res.code in (0, 1, 2) and "internal error" not in res.err, (name, path_, value, res.err)


@pytest.mark.parametrize("value", ["inf", "-inf", "nan", "1e400", "NaN"])
def test_tons_that_are_not_finite_are_refused(umpire, tmp_path, value):
    game = tmp_path / "d.toml"
    assert umpire("new", game, "--ruleset", "dguts").code == 0
    before = game.read_bytes()
    res = umpire("--game", game, "ship", "add", "Big", "--side", "british", "--nation", "british", "--tons", value,
                 "--men", "100", "--guns", "10x24")
    assert res.code == 2 and "finite" in res.err and game.read_bytes() == before


@pytest.mark.parametrize("args", [["--opt", "distance="], ["--opt", "range=nan"], ["--range", "nan"],
                                  ["--range", "inf"], ["--opt", "="]])
def test_empty_and_non_finite_options_are_refused(umpire, tmp_path, args):
    game = tmp_path / "d.toml"
    for line in SETUPS["dguts"]:
        assert umpire("--game", game, *[game if a == "game.toml" else a for a in line]).code == 0
    before = game.read_bytes()
    base = ["fire", "constitution", "--at", "guerriere", "--side", "port"]
    res = umpire("--game", game, *base, *(args if "--range" in args else ["--range", "7", *args]))
    assert res.code == 2 and "Traceback" not in res.err and game.read_bytes() == before


def test_a_seed_beyond_64_bits(umpire, tmp_path):
    game = tmp_path / "s.toml"
    res = umpire("new", game, "--ruleset", "wsim-1981", "--seed", str(2**70))
    if res.code == 0:
        assert umpire("--game", game, "ship", "add", "MARS", "--side", "british", "--spec", MARS).code == 0
        assert umpire("--game", game, "ship", "add", "HERCULE", "--side", "french", "--spec", HERCULE).code == 0
        res = umpire("--game", game, "fire", "mars", "--at", "hercule", "--range", "3", "--side", "left",
                     "--facing", "right")
        assert res.code in (0, 1) and "Traceback" not in res.err
    else:
        assert res.code == 2 and "seed" in res.err


def test_a_scenario_ship_name_is_bounded(umpire, tmp_path):
    scen = tmp_path / "long.toml"
    scen.write_text('id = "long"\nruleset = "wsim-1981"\ntitle = "t"\n[[ships]]\nid = "a"\nside = "british"\n'
                    f'name = "{"A" * 5000}"\nspec = "{MARS}"\n')
    res = umpire("new", tmp_path / "n.toml", "--scenario", scen)
    assert res.code == 2 and "longer than 200" in res.err


def test_a_long_name_prints_in_linear_time(umpire, duel, tmp_path):
    """A 10,000-character name once took a minute to lay out: such a name is now refused (names are
    bounded, docs/limits.md), and the longest allowed prints at once (tests/pdf/test_fonts.py measures
    the fitting itself on far longer text)."""
    import time

    res = umpire("ship", "add", "--id", "long", "--side", "british", "--spec", MARS, "--", "AB " * 3300)
    assert res.code == 2 and "at most 200" in res.err
    assert umpire("ship", "add", "--id", "long", "--side", "british", "--spec", MARS, "--", "AB " * 66).code == 0
    for command in ("sheet", "cards"):
        start = time.perf_counter()
        assert umpire(command, "long", "-o", tmp_path / f"{command}.pdf").code == 0
        assert time.perf_counter() - start < 15
