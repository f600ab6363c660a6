"""The command line as a newcomer meets it: refusals under --json, hints that point somewhere, suggestions,
a bare `umpire`, `umpire help`, `umpire completion` and a piped shell that names its failing line."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from umpire.core.suggest import did_you_mean, nearest

ENV = {**os.environ, "COLUMNS": "80"}


def umpire_process(folder, *args, stdin: str | None = None):
    """`umpire ARGS...` in a process of its own, at 80 columns, as typed at a terminal."""
    return subprocess.run([sys.executable, "-m", "umpire", *args], input=stdin, capture_output=True, text=True,
                          cwd=folder, env=ENV)


def only_object(out: str) -> dict:
    """stdout holds exactly one JSON object."""
    lines = [line for line in out.splitlines() if line.strip()]
    assert len(lines) == 1, out
    return json.loads(lines[0])


@pytest.mark.parametrize("args, needle", [
    (["--json", "lg"], "did you mean `log`"),
    (["--json", "status", "nobody"], "nobody"),
    (["--json", "fire", "mars", "--at", "hercule", "--range", "x", "--side", "left"], "range"),
    (["--json", "fire", "mars", "--bogus"], "--bogus"),
    (["--json", "oob", "convert"], "INPUT"),
    (["--json", "scenarios", "show", "nowhere"], "nowhere"),
    (["status", "--json"], "--json goes before the command"),
])
def test_every_refusal_under_json_prints_one_error_object(umpire, duel, args, needle):
    res = umpire(*args)
    assert res.code == 2
    obj = only_object(res.out)
    assert obj["exit_code"] == res.code and needle in obj["error"]


def test_a_refusal_by_the_rules_under_json_carries_exit_code_1(umpire, duel):
    assert umpire("load", "mars", "--side", "left").code == 1   # loaded at the start
    res = umpire("--json", "load", "mars", "--side", "left")
    assert res.code == 1 and only_object(res.out)["exit_code"] == 1


def test_json_refusal_outside_a_game_and_with_no_game_file(umpire):
    res = umpire("--json", "status")
    assert res.code == 2 and "not found" in only_object(res.out)["error"]


def test_usage_hints_name_the_command_as_typed(umpire, duel):
    res = umpire("lg")
    assert res.code == 2 and "did you mean `log`?" in res.err and "`umpire --help`" in res.err
    assert "umpire umpire" not in res.err
    res = umpire("oob", "convert")
    assert res.code == 2 and "see `umpire oob convert --help`" in res.err
    res = umpire("status", "--json")
    assert "`umpire --json status ...`" in res.err


def test_a_bare_umpire_prints_its_usage_without_calling_it_an_error(tmp_path):
    res = umpire_process(tmp_path)
    assert res.returncode == 0 and res.stdout.startswith("Usage: umpire") and "error" not in res.stderr


def test_help_outside_the_shell_is_the_commands_own_help(umpire, duel):
    assert umpire("help", "fire").out == umpire("fire", "--help").out
    assert umpire("help", "oob", "convert").out == umpire("oob", "convert", "--help").out
    assert umpire("help").out == umpire("--help").out
    res = umpire("help", "fier")
    assert res.code == 2 and "did you mean `fire`?" in res.err


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_completion_prints_the_script_for_each_shell(umpire, shell):
    res = umpire("completion", shell)
    assert res.code == 0 and "_UMPIRE_COMPLETE" in res.out and f"{shell}_complete" in res.out


def test_nearest_names_by_prefix_and_edit_distance_at_most_five():
    assert nearest("trafalger", ["trafalgar", "nile", "trafalgar-1805"]) == ["trafalgar", "trafalgar-1805"]
    assert nearest("s", [f"s{i}" for i in range(9)]) == ["s0", "s1", "s2", "s3", "s4"]
    assert nearest("zzz", ["fire", "load"]) == [] and did_you_mean("zzz", ["fire"]) == ""
    assert did_you_mean("hercle", ["mars", "hercule"]) == "; did you mean `hercule`?"


ORDERS = ["new g.toml --ruleset wsim-1981", "# orders", "status", "fire nobody --at mars --range 3 --side left",
          "turn"]


def test_a_piped_shell_names_the_failing_line_by_number_and_echoes_each_line(tmp_path):
    res = umpire_process(tmp_path, "--game", "g.toml", "shell", "--echo", stdin="\n".join(ORDERS) + "\n")
    assert res.returncode == 2
    assert "umpire: line 4 failed (exit 2): fire nobody --at mars --range 3 --side left" in res.stderr
    echoed = [line for line in res.stdout.splitlines() if line.startswith("> ")]
    assert echoed == ["> new g.toml --ruleset wsim-1981", "> status", "> fire nobody --at mars --range 3 --side left"]


def test_a_json_shell_keeps_stdout_to_objects_and_numbers_the_failing_line(tmp_path):
    res = umpire_process(tmp_path, "--json", "--game", "g.toml", "shell", "--echo", "--keep-going",
                         stdin="\n".join(ORDERS) + "\n")
    objects = [json.loads(line) for line in res.stdout.splitlines()]
    assert len(objects) == 4 and res.returncode == 2
    assert objects[2] == {**objects[2], "exit_code": 2, "line_number": 4, "line": ORDERS[3]}
    assert "> turn" in res.stderr


@pytest.fixture
def lissa(umpire, tmp_path):
    """The Battle of Lissa (WS&IM 1974): sides `british` and `franco-venetian`, ships french and venetian."""
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-1974", "--scenario", "lissa").code == 0
    return tmp_path / "game.toml"


def test_a_side_is_found_by_the_nation_of_its_ships_and_a_slip_is_met_with_the_nearest(umpire, lissa):
    res = umpire("--json", "status", "--side", "french")
    assert res.code == 0 and {s["side"] for s in res.json["ships"]} == {"franco-venetian"}
    res = umpire("status", "--side", "frnch")
    assert res.code == 2 and "did you mean `french`?" in res.err


def test_an_unknown_ship_gets_the_nearest_not_every_id(umpire, lissa):
    res = umpire("status", "flora")
    assert res.code == 2 and "did you mean `flore`?" in res.err and "amphion" not in res.err
    res = umpire("--json", "status", "zzzz")
    assert "`umpire status` lists them" in only_object(res.out)["error"]


def test_scenarios_by_the_books_spelling_an_alias_prefix_or_the_nearest(umpire):
    assert "Trafalgar" in umpire("scenarios", "show", "trafalger").out
    assert "Nile" in umpire("scenarios", "show", "aboukir").out        # prefix of the alias aboukir-bay
    res = umpire("scenarios", "show", "trafalgr")
    assert res.code == 2 and "did you mean `trafalgar`" in res.err


def test_a_ruling_key_with_a_slip_gets_the_nearest_keys(umpire, duel):
    res = umpire("rulings", "set", "hdt.modifers.rake", "[1, 1, 1, 1, 1]")
    assert res.code == 2 and "did you mean `hdt.modifiers.rake`?" in res.err


def test_score_reads_as_words_within_80_columns(tmp_path):
    assert umpire_process(tmp_path, "new", "game.toml", "--ruleset", "wsim-1974", "--scenario", "lissa").returncode == 0
    res = umpire_process(tmp_path, "--game", "game.toml", "score")
    assert res.returncode == 0 and "over: no" in res.stdout and "winner: none" in res.stdout
    for word in ("False", "None", "{", "over False"):
        assert word not in res.stdout
    assert max(map(len, res.stdout.splitlines())) <= 80


def test_output_dash_is_standard_output_not_a_file_named_dash(tmp_path):
    pdf = subprocess.run([sys.executable, "-m", "umpire", "sheet", "--scenario", "wsim-1b", "-o", "-"],
                         capture_output=True, cwd=tmp_path, env=ENV)
    assert pdf.returncode == 0 and pdf.stdout.startswith(b"%PDF")
    csv = umpire_process(tmp_path, "oob", "export", "--scenario", "wsim-1b", "-o", "-")
    (tmp_path / "duel.csv").write_text(csv.stdout)
    toml = umpire_process(tmp_path, "oob", "convert", "duel.csv", "--ruleset", "wsim-1981", "-o", "-")
    assert toml.returncode == 0 and 'ruleset = "wsim-1981"' in toml.stdout
    pack = umpire_process(tmp_path, "tables", "template", "--ruleset", "wsim-te26", "-o", "-")
    assert pack.returncode == 0 and pack.stdout.startswith("# Table pack")
    refused = umpire_process(tmp_path, "--json", "tables", "template", "--ruleset", "wsim-te26", "-o", "-")
    assert refused.returncode == 2 and "standard output" in only_object(refused.stdout)["error"]
    assert not (tmp_path / "-").exists()


def test_shell_completion_offers_commands_after_help_and_an_options_values(umpire, duel):
    from umpire.cli.completion import Completer
    from umpire.cli.context import Ctx

    words = Completer(Ctx(str(duel), False, None)).words_for
    assert "fire" in words(["help"]) and "mars" not in words(["help"])
    assert words(["help", "oob"]) == ["convert", "export"]
    assert words(["fire", "mars", "--at"]) == ["hercule", "mars"]
    assert words(["fire", "mars", "--side"])[:4] == ["left", "right", "port", "starboard"]
    assert words(["status", "--side"]) == ["british", "french"]
    assert words(["speed", "mars", "--attitude"]) == ["A", "B", "C", "D"]


def test_the_system_shells_completion_offers_ship_ids_and_attitudes(umpire, duel):
    def complete(*words):
        line = ["umpire", "--game", str(duel), *words]
        env = {**ENV, "COMP_WORDS": " ".join(line), "COMP_CWORD": str(len(line) - 1), "_UMPIRE_COMPLETE": "bash_complete"}
        res = subprocess.run([sys.executable, "-m", "umpire"], capture_output=True, text=True, env=env)
        return [w.split(",", 1)[1] for w in res.stdout.split()]

    assert complete("fire", "mars", "--at", "h") == ["hercule"]
    assert complete("speed", "mars", "--attitude", "") == ["A", "B", "C", "D"]


def test_an_ambiguous_name_lists_five_and_counts_the_rest(umpire):
    res = umpire("scenarios", "show", "dguts")
    assert res.code == 2 and res.err.count("dguts-") == 5 and "and 20 more" in res.err
