"""Every input is bounded before it is read or looped over (docs/limits.md): numbers by the range
the rules or the file format can hold, files by kind before anything is read."""

from __future__ import annotations

import re

import pytest


@pytest.mark.parametrize("seed", [2**63, -2**63 - 1, 2**64, 10**40])
def test_a_seed_beyond_tomls_integers_is_refused(umpire, tmp_path, seed):
    game = tmp_path / "s.toml"
    res = umpire("new", game, "--ruleset", "wsim-1981", "--seed", str(seed))
    assert res.code == 2 and "--seed" in res.err and "Traceback" not in res.err
    assert not game.exists()


@pytest.mark.parametrize("seed", [2**63 - 1, -2**63, 0])
def test_a_seed_within_tomls_integers_plays(umpire, tmp_path, seed):
    game = tmp_path / "s.toml"
    assert umpire("new", game, "--ruleset", "wsim-1981", "--seed", str(seed)).code == 0
    assert umpire("--game", game, "turn").code == 0
    assert umpire("--game", game, "--json", "verify").json["differences"] == []


@pytest.mark.parametrize("turns", ["99999999999999999999999", "1001", "0", "-3"])
def test_repair_turns_are_bounded(umpire, tmp_path, turns):
    from tests.conftest import CONSTITUTION
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "dguts", "--seed", "3").code == 0
    assert umpire("ship", "add", "Constitution", "--side", "american", *CONSTITUTION).code == 0
    res = umpire("repair", "constitution", "--what", "low", "--crew", "1", "--turns", turns)
    assert res.code == 2 and "turns" in res.err and ("1 to 1000" in res.err or int(turns) < 1), res.err


@pytest.mark.parametrize("crew", ["inf", "nan", "-inf"])
def test_repair_crew_is_finite(umpire, tmp_path, crew):
    from tests.conftest import CONSTITUTION
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "dguts", "--seed", "3").code == 0
    assert umpire("ship", "add", "Constitution", "--side", "american", *CONSTITUTION).code == 0
    res = umpire("repair", "constitution", "--what", "low", "--crew", crew, "--turns", "2")
    assert res.code == 2 and "crew" in res.err, res.err


def _under_a_memory_limit(fn):
    """Run `fn` in a child process limited to 1 GiB of memory and 20 s; its exit code and stderr."""
    import multiprocessing
    import resource

    def child(queue):
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
        queue.put(fn())

    ctx = multiprocessing.get_context("fork")
    queue = ctx.Queue()
    proc = ctx.Process(target=child, args=(queue,))
    proc.start()
    proc.join(20)
    if proc.is_alive():
        proc.kill()
        proc.join()
        pytest.fail("the command did not finish within 20 s")
    return queue.get(timeout=5)


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom", "fifo"])
def test_oob_convert_refuses_devices_and_pipes_before_reading(tmp_path, device):
    import io
    import contextlib
    import os

    from umpire.cli import run

    source = device
    if device == "fifo":
        source = str(tmp_path / "ships.csv")
        os.mkfifo(source)

    def convert():
        err = io.StringIO()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            code = run(["oob", "convert", source, "--ruleset", "wsim-1981", "-o", str(tmp_path / "out.toml")])
        return code, err.getvalue()

    code, err = _under_a_memory_limit(convert)
    assert code == 2 and "not a regular file" in err, err
    assert not (tmp_path / "out.toml").exists()


@pytest.mark.parametrize("line", [b"status " + b"x" * 1_000_000 + b"\n", b"# " + b"x" * 3_000_000 + b"\n", b"status \xe9\xff\n"])
def test_a_long_or_undecodable_shell_line_is_refused_at_once(duel, line):
    import subprocess
    import sys
    import time

    start = time.monotonic()
    res = subprocess.run([sys.executable, "-m", "umpire", "--game", str(duel), "shell", "--keep-going"],
                         input=line + b"turn\n", capture_output=True, timeout=60)
    assert time.monotonic() - start < 10
    assert res.returncode == 2 and b"Traceback" not in res.stderr and b"internal error" not in res.stderr
    assert b"turn 2 begins" in res.stdout          # the next line still runs


@pytest.mark.parametrize("words", [["ship", "add", "Bad\udce9", "--side", "british", "--spec", "x"],
                                   ["rulings", "set", "hdt.x", "1", "--reason", "\udce9"]])
def test_a_word_that_is_not_utf8_is_refused(umpire, duel, words):
    before = duel.read_bytes()
    res = umpire(*words)
    assert res.code == 2 and "not UTF-8" in res.err and "internal error" not in res.err
    assert duel.read_bytes() == before


def test_a_number_too_long_in_an_oob_rate_or_a_table_pack_is_bad_input(umpire, tmp_path):
    huge = "9" * 5000
    csv = tmp_path / "ships.csv"
    csv.write_text(f"name,side,tons,men,guns,nation,rate\nVictory,british,1000,200,20x18,british,{huge}\n")
    res = umpire("oob", "convert", csv, "--ruleset", "dguts", "-o", tmp_path / "out.toml")
    assert res.code == 2 and "rate" in res.err and huge not in res.err, res.err
    pack = tmp_path / "pack.toml"
    assert umpire("tables", "template", "--ruleset", "wsim-te26", "-o", pack).code == 0
    import re
    pack.write_text(re.sub(r"= \d+\n", f"= {huge}\n", pack.read_text(), count=1))
    res = umpire("new", tmp_path / "g.toml", "--ruleset", "wsim-te26", "--tables", pack)
    assert res.code == 2 and "too long" in res.err, res.err


# --- counts from a hand-edited game file ---------------------------------------------------------

def _edited(duel, **values) -> None:
    """The duel's game file with MARS's record changed by hand (the first `key = ...` lines of each)."""
    import re

    raw = duel.read_text(encoding="utf-8")
    for key, value in values.items():
        raw = re.sub(rf"(?m)^{key} = .*$", f"{key} = {value}", raw, count=1)
    duel.write_text(raw, encoding="utf-8")


def test_a_row_of_millions_of_squares_is_shown_by_number_not_drawn(umpire, duel):
    """status draws a row's squares only up to the 99 a spec allows; the numbers are shown always, and
    the command ends at once (it used to spend minutes drawing and folding 3,000,000 squares)."""
    import time

    _edited(duel, hull_max=3_000_000)
    start = time.monotonic()
    res = umpire("status", "mars")
    assert res.code == 0 and time.monotonic() - start < 5
    hull = next(line for line in res.out.splitlines() if line.startswith("hull"))
    assert "14/3000000" in hull and "■" not in hull


@pytest.mark.parametrize("command", ["sheet", "cards"])
def test_printing_refuses_a_row_no_page_holds(umpire, duel, tmp_path, command):
    _edited(duel, hull_max=3_000_000)
    res = umpire(command, "-o", tmp_path / "out.pdf")
    assert res.code == 2 and "ship mars" in res.err and "3000000 squares" in res.err and "verify" in res.err
    assert not (tmp_path / "out.pdf").exists()


def test_a_long_word_folds_in_linear_time():
    import time

    from umpire.cli.table import wrap

    start = time.monotonic()
    lines = wrap("x" * 5_000_000, 110)
    assert time.monotonic() - start < 2
    assert len(lines) == -(-5_000_000 // 110) and all(len(line) <= 110 for line in lines)
    assert wrap("abcdefghij", 3) == ["abc", "def", "ghi", "j"] and wrap("ab cdefg", 0) == list("abcdefg")


def test_printing_refuses_a_turn_no_game_reaches(umpire, duel, tmp_path):
    """A turn number of ten million (a hand-edited file) would print a log of ten million rows."""
    import re

    assert umpire("turn").code == 0
    raw = duel.read_text(encoding="utf-8")
    duel.write_text(re.sub(r'(?ms)(path = \[\n\s+"turn",\n\]\nvalue = )2', r"\g<1>10000000", raw), encoding="utf-8")
    assert umpire("--json", "status").json["turn"] == 10_000_000
    res = umpire("sheet", "-o", tmp_path / "out.pdf")
    assert res.code == 2 and "10000000 turns" in res.err and "999" in res.err
    assert not (tmp_path / "out.pdf").exists()


@pytest.mark.parametrize("command", ["sheet", "cards"])
def test_a_dguts_ship_with_millions_of_sails_is_not_drawn(umpire, tmp_path, command):
    from tests.conftest import CONSTITUTION

    assert umpire("new", tmp_path / "game.toml", "--ruleset", "dguts").code == 0
    assert umpire("ship", "add", "Constitution", "--side", "american", *CONSTITUTION).code == 0
    game = tmp_path / "game.toml"
    game.write_text(game.read_text(encoding="utf-8").replace("sails = 10\n", "sails = 10000000\n", 1),
                     encoding="utf-8")
    res = umpire(command, "-o", tmp_path / "out.pdf")
    assert res.code == 2 and "Constitution: sails" in res.err and "10000000 squares" in res.err


def test_a_1974_wind_force_off_the_table_shows_its_number(umpire, tmp_path):
    """A hand-edited wind velocity the Wind Table has no name for: status shows the number, no crash."""
    game = tmp_path / "game.toml"
    assert umpire("new", game, "--scenario", "wsim-1b").code == 0
    assert umpire("wind", "--direction", "1", "--velocity", "3", "--change", "5").code == 0
    raw = game.read_text(encoding="utf-8")
    assert "velocity = 3" in raw
    game.write_text(raw.replace("velocity = 3", "velocity = 10000000", 1), encoding="utf-8")
    res = umpire("--json", "status")
    assert res.code == 0, res.err
    assert res.json["wind"]["velocity"] == 10_000_000 and res.json["wind"]["force"] is None
    assert umpire("status").code == 0


@pytest.mark.parametrize("value", ["10000000.0", "-10000000.0", "0.0"])
def test_fleet_points_from_absurd_fire_factors_end_no_turn_in_a_crash(umpire, tmp_path, value):
    from tests.conftest import CONSTITUTION, GUERRIERE

    game = tmp_path / "game.toml"
    assert umpire("new", game, "--ruleset", "dguts", "--level", "fleet").code == 0
    assert umpire("ship", "add", "Constitution", "--side", "american", *CONSTITUTION).code == 0
    assert umpire("ship", "add", "Guerriere", "--side", "british", *GUERRIERE).code == 0
    raw = game.read_text(encoding="utf-8")
    assert "per_side = 5.0" in raw
    game.write_text(raw.replace("per_side = 5.0", f"per_side = {value}"), encoding="utf-8")
    for command in (["turn"], ["status"], ["fire", "guerriere", "--at", "constitution", "--range", "3",
                                           "--side", "port"]):
        res = umpire(*command)
        assert res.code in (0, 1, 2) and "internal error" not in res.err, (command, res.err)


def test_a_grid_panel_with_millions_of_figures_is_refused_not_drawn(umpire, tmp_path):
    """Figures on a position and the casualty box come from the game file: a panel draws one circle a
    figure, so a hand-edited count beyond a row is refused naming the ship and the position."""
    game = tmp_path / "game.toml"
    assert umpire("new", game, "--scenario", "grid-swallow-royal-fortune", "--seed", "5").code == 0
    assert umpire("crew", "swallow", "--helm", "1", "--stays", "1", "--rigging", "4", "--gunner", "1",
                  "--port", "5").code == 0
    raw = game.read_text(encoding="utf-8")
    assert "\nhelm = 1\n" in raw
    game.write_text(raw.replace("\nhelm = 1\n", "\nhelm = 10000000\n"), encoding="utf-8")
    res = umpire("sheet", "-o", tmp_path / "p.pdf")      # refused when the game is read, or by the panel
    assert res.code == 2 and "swallow" in res.err and "helm" in res.err and "10000000" in res.err, res.err
    assert not (tmp_path / "p.pdf").exists()


def test_a_grid_ship_with_a_billion_hull_boxes_is_refused_before_her_rows_are_laid_out(umpire, tmp_path):
    """The panel's hull rows are laid out from the box count: a hand-edited billion is refused first."""
    import time

    from umpire.core import game as gamefile
    from umpire.core.errors import BadInput
    from umpire.pdf.grid.panels import panel_view

    game = tmp_path / "game.toml"
    assert umpire("new", game, "--scenario", "grid-swallow-royal-fortune", "--seed", "5").code == 0
    loaded = gamefile.load(game)
    ship = {**loaded.state()["ships"]["swallow"], "hull_boxes": 1_000_000_000}
    start = time.monotonic()
    with pytest.raises(BadInput) as exc:
        panel_view(ship, loaded.tables())
    assert "swallow hull boxes: 1000000000 squares" in str(exc.value) and time.monotonic() - start < 5


def test_a_wind_velocity_off_the_table_is_refused_by_the_rules_that_read_it_and_set_right_by_wind(umpire, tmp_path):
    from tests.conftest import HERCULE, MARS

    game = tmp_path / "game.toml"
    assert umpire("new", game, "--ruleset", "wsim-1981", "--level", "advanced", "--seed", "5").code == 0
    for name, side, spec in (("MARS", "british", MARS), ("HERCULE", "french", HERCULE)):
        assert umpire("ship", "add", name, "--side", side, "--spec", spec, "--turning", "2").code == 0
    assert umpire("wind", "--direction", "1", "--velocity", "3", "--change", "5").code == 0
    raw = game.read_text(encoding="utf-8")
    game.write_text(raw.replace("velocity = 3", "velocity = 100000000"), encoding="utf-8")
    res = umpire("fire", "mars", "--at", "hercule", "--range", "3", "--side", "left", "--facing", "right")
    assert res.code == 2 and "not on the Wind Table" in res.err
    assert umpire("wind", "--direction", "1", "--velocity", "3", "--change", "5").code == 0
    assert umpire("fire", "mars", "--at", "hercule", "--range", "3", "--side", "left", "--facing", "right").code == 0


def test_a_dguts_broadside_of_a_hundred_million_factors_is_refused_not_rolled(umpire, tmp_path):
    import time

    from tests.conftest import CONSTITUTION, GUERRIERE

    game = tmp_path / "game.toml"
    assert umpire("new", game, "--ruleset", "dguts").code == 0
    assert umpire("ship", "add", "Constitution", "--side", "american", *CONSTITUTION).code == 0
    assert umpire("ship", "add", "Guerriere", "--side", "british", *GUERRIERE).code == 0
    raw = game.read_text(encoding="utf-8")
    game.write_text(raw.replace("per_side = 5.0", "per_side = 100000000.0", 1).replace(
        "crew_factors = 21.714285714285715", "crew_factors = 100000000.0"), encoding="utf-8")
    start = time.monotonic()
    res = umpire("fire", "constitution", "--at", "guerriere", "--range", "3", "--side", "port")
    assert res.code == 2 and "fire factors bear" in res.err and time.monotonic() - start < 5


def test_a_grid_ship_with_a_hundred_million_figures_at_a_position_is_refused_on_reading(umpire, tmp_path):
    """The grid rules walk figures one by one (boarding, its odds): a count no ship has is refused when
    the game is read, naming the ship and the position, before any rule runs (it took 4 GB and 12 s)."""
    game = tmp_path / "game.toml"
    assert umpire("new", game, "--scenario", "grid-swallow-royal-fortune", "--seed", "5").code == 0
    assert umpire("crew", "swallow", "--helm", "1", "--stays", "1", "--rigging", "4", "--gunner", "1",
                  "--port", "5").code == 0
    raw = game.read_text(encoding="utf-8")
    game.write_text(raw.replace("\nhelm = 1\n", "\nhelm = 100000000\n"), encoding="utf-8")
    for command in (["board", "swallow", "--at", "royal-fortune"], ["status"]):
        res = umpire(*command)
        assert res.code == 2 and "figures at helm 100000000" in res.err and "swallow" in res.err, res.err


@pytest.mark.parametrize("edit, command", [
    ("deck", ["ram", "swallow", "--at", "royal-fortune"]),
    ("fire_start", ["fire", "swallow", "--at", "royal-fortune", "--range", "2", "--side", "starboard"]),
])
def test_grid_counts_no_ship_has_are_refused(umpire, tmp_path, edit, command):
    """Cards left in a deck and the manning recorded at the start of the fire phase: a hand-edited count
    of a hundred million is refused at once, not walked card by card or gun by gun."""
    import time
    import tomllib

    import tomli_w

    from umpire.core import game as gamefile

    game = tmp_path / "game.toml"
    assert umpire("new", game, "--scenario", "grid-swallow-royal-fortune", "--seed", "5").code == 0
    assert umpire("crew", "swallow", "--helm", "1", "--stays", "1", "--rigging", "4", "--gunner", "1",
                  "--port", "5").code == 0
    assert umpire("fire", "swallow", "--at", "royal-fortune", "--range", "2", "--side", "port").code in (0, 1)
    doc = tomllib.loads(game.read_text(encoding="utf-8"))
    if edit == "deck":
        card = next(iter(gamefile.load(game).state()["ships"]["royal-fortune"]["deck"]))
        path = ["ships", "royal-fortune", "deck", card]
    else:
        path = ["fire_start", "swallow", "guns", "starboard"]
    doc["events"].append({"n": len(doc["events"]) + 1, "kind": "note", "summary": "edited by hand",
                          "action": {"command": "note"}, "effects": [{"op": "set", "path": path,
                                                                      "value": 100_000_000}]})
    game.write_bytes(tomli_w.dumps(doc).encode("utf-8"))
    start = time.monotonic()
    res = umpire(*command)
    assert res.code == 2 and ("100000000" in res.err or "than any ship has" in res.err), res.err
    assert time.monotonic() - start < 5


def test_a_hull_row_ruling_of_no_boxes_is_refused_not_laid_out_for_ever(umpire, tmp_path):
    game = tmp_path / "game.toml"
    assert umpire("new", game, "--scenario", "grid-swallow-royal-fortune", "--seed", "5").code == 0
    before = game.read_bytes()
    for rows in ("[-1, -1, -1, -1]", "[0, 10, 10, 4]"):
        res = umpire("rulings", "set", "panel.hull_rows", rows, "--reason", "x")
        assert res.code == 2 and "each row of hull boxes holds 1 to 999" in res.err, res.err
    assert game.read_bytes() == before
    rulings = tmp_path / "r.toml"
    rulings.write_text('[rulings]\n"panel.hull_rows" = [-1, -1, -1, -1]\n', encoding="utf-8")
    res = umpire("--rulings", rulings, "sheet", "-o", tmp_path / "p.pdf")
    assert res.code == 2 and "hull boxes" in res.err


def test_exact_boarding_odds_are_bounded_in_work():
    """Grid `odds board` keeps partial outcomes that grow with the fourth power of the figures: about ten
    a side is exact in a few seconds; more is refused at once rather than run for minutes."""
    import time

    from umpire.core.errors import BadInput
    from umpire.rules.grid.odds import BoardOdds

    small = BoardOdds(((5, 0), (2, 1)), ((5, 0), (2, 1)), ("a", "b"), 7).counts()
    assert sum(small.values()) == 6 ** 14
    start = time.monotonic()
    with pytest.raises(BadInput) as exc:
        BoardOdds(((16, 0), (2, 1)), ((16, 0), (2, 1)), ("a", "b"), 18).counts()
    assert "18 against 18 figures" in str(exc.value) and time.monotonic() - start < 10
