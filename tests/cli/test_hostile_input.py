"""Careless or hostile input never crashes and never harms: random command lines and random files end
in exit 0, 1 or 2, with no traceback, and a refused command leaves the game file byte for byte as it was."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings, strategies as st

from tests.conftest import HERCULE, MARS

CONSTITUTION = ["--nation", "american", "--tons", "1576", "--men", "456", "--guns", "30x24,22x32C"]
GUERRIERE = ["--nation", "british", "--tons", "1092", "--men", "272", "--guns", "30x18,16x32C,2x12"]

COMMANDS = ["fire", "speed", "load", "foul", "unfoul", "grapple", "ungrapple", "board", "melee", "capture",
            "transfer", "surrender", "recover", "morale", "repair", "pumps", "explode", "special", "mast", "status",
            "turn", "undo", "log", "verify", "score", "rulings", "ship", "new", "odds", "scenarios", "oob"]
SUBWORDS = ["add", "set", "unset", "convert", "export", "fire", "melee", "show", "edit"]
OPTIONS = ["--at", "--range", "--side", "--facing", "--aim", "--rake", "--roll", "--rolls", "--party", "--sections",
           "--attitude", "--by", "--to", "--lose", "--opt", "--crew", "--near", "--column", "--tons", "--men",
           "--guns", "--spec", "--nation", "--id", "--seed", "--ruleset", "--scenario", "--level", "--optional",
           "--json", "--force", "--reason", "--heading", "--wind", "--with", "-o", "--rulings", "--class"]
VALUES = ["mars", "hercule", "constitution", "guerriere", "g", "", " ", "left", "right", "port", "bow", "hull",
          "high", "3", "0", "-1", "7", "2.5", "1,2", "6,6,6", "inf", "-inf", "nan", "1e400", "1e-400",
          "99999999999999999999999999", "-99999999999999999999", "distance=", "=", "range=nan", "x=1", "calibres=",
          "shot=", "A", "E", "wsim-1981", "dguts", "trafalgar", "hdt.modifiers.rake", "[1,2]", "{a=1}",
          "=HYPERLINK(\"x\")", "+1", "@SUM(A1)", "\x1b[31mred\x1b[0m", "\x00", "名前", "a" * 300,
          "30x24,22x32C", "100000x24", "0x24", "5x0", "14H-(5-4-4)M-9(1)G-7R(3)-5-21'-26(CR)", "game.toml",
          "/dev/zero", "out.csv", "out.pdf", "-"]

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


def _fresh(tmp_path: Path, raw: bytes) -> Path:
    for p in tmp_path.iterdir():
        if p.is_file() or p.is_symlink():
            p.unlink()
    path = tmp_path / "game.toml"
    path.write_bytes(raw)
    return path


def _check(res, path: Path, before: bytes, what) -> None:
    assert res.code in (0, 1, 2), (what, res.code, res.err)
    assert "Traceback" not in res.err and "internal error" not in res.err, (what, res.err)
    if res.code != 0:
        assert path.read_bytes() == before, (what, "refused, yet the game file changed")


settings_ = settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))


@settings_
@given(st.sampled_from(sorted(SETUPS)), st.sampled_from(COMMANDS),
       st.lists(st.one_of(st.sampled_from(SUBWORDS), st.sampled_from(OPTIONS), st.sampled_from(VALUES)),
                max_size=12))
def test_random_command_lines(umpire, tmp_path, games, ruleset, command, args):
    path = _fresh(tmp_path, games[ruleset])
    before = path.read_bytes()
    res = umpire(command, *args)
    _check(res, path, before, [command, *args])


# --- random files -------------------------------------------------------------------------

leaf = st.one_of(st.integers(min_value=-2**70, max_value=2**70), st.floats(allow_nan=True, allow_infinity=True),
                 st.text(max_size=20), st.booleans(), st.just([]), st.just({}),
                 st.lists(st.integers(-3, 30), max_size=4), st.just({"path": ["ships"], "op": "set"}),
                 st.just("\x1b]0;owned\x07"), st.just("=1+1"))


def _paths(doc, prefix=()):
    """Every path into a parsed TOML document."""
    yield prefix
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from _paths(v, prefix + (i,))


def _mutate(doc, path, value, how):
    node = doc
    for part in path[:-1]:
        node = node[part]
    key = path[-1]
    if how == "delete":
        del node[key]
    elif how == "set":
        node[key] = value
    elif how == "dup" and isinstance(node, list):
        node.append(node[key])


def _dumps(doc) -> bytes | None:
    def clean(v):
        if isinstance(v, dict):
            return {str(k): clean(x) for k, x in v.items()}
        if isinstance(v, list):
            return [clean(x) for x in v]
        if isinstance(v, float) and math.isnan(v):
            return float("nan")
        return v
    try:
        return tomli_w.dumps(clean(doc)).encode("utf-8")
    except (TypeError, ValueError, OverflowError):
        return None


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
    paths = [p for p in _paths(doc) if p]
    path_ = rnd.choice(paths)
    _mutate(doc, path_, value, how)
    raw = _dumps(doc)
    if raw is None:
        return
    path = _fresh(tmp_path, raw)
    res = umpire(*command)
    _check(res, path, raw, (path_, how, value, command))


@settings_
@given(st.sampled_from(sorted(SETUPS)), st.binary(max_size=400) | st.text(max_size=400).map(str.encode),
       st.sampled_from(["game", "scenario", "rulings", "oob"]))
def test_random_bytes_as_any_file(umpire, tmp_path, games, ruleset, data, role):
    path = _fresh(tmp_path, games[ruleset])
    before = path.read_bytes()
    other = tmp_path / "other.toml"
    other.write_bytes(data)
    command = {"game": ["--game", other, "status"],
               "scenario": ["new", tmp_path / "n.toml", "--scenario", other],
               "rulings": ["--rulings", other, "status"],
               "oob": ["oob", "convert", other, "--ruleset", "dguts", "-o", tmp_path / "s.toml"]}[role]
    res = umpire(*command)
    _check(res, path, before, (role, data))


def test_a_full_scenario_mangled_value_by_value(umpire, tmp_path):
    """Each field of a bundled scenario replaced by hostile values: never a crash."""
    import tomllib

    rnd = random.Random(4)
    from umpire.core import scenarios

    src = scenarios.bundled()
    for name in sorted(src)[:6]:
        doc = tomllib.loads(src[name].read_text(encoding="utf-8"))
        for path_ in [p for p in _paths(doc) if p][:80]:
            mutated = json.loads(json.dumps(doc))
            value = rnd.choice([float("inf"), -1, 0, 2**80, "", "\x1b[2J", [], {}, True, "=1", 1e300])
            _mutate(mutated, path_, value, "set")
            raw = _dumps(mutated)
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
