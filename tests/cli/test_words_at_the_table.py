"""Refusals and listings in the umpire's words: the ship a refusal is about, where a ship was looked
for, one line per derived ship, and an example in every command's help."""

from __future__ import annotations

import click

from tests.conftest import HERCULE, MARS


def test_a_dguts_broadside_fired_twice_is_refused_naming_the_ship(umpire, tmp_path):
    assert umpire("new", tmp_path / "game.toml", "--scenario", "dguts-constitution-guerriere").code == 0
    fire = ("fire", "constitution", "--at", "guerriere", "--range", "10", "--side", "left")
    assert umpire(*fire).code == 0
    res = umpire(*fire)
    assert res.code == 1 and "Constitution: the left broadside has already fired this turn" in res.err


def test_firing_on_a_friend_says_so_rather_than_a_blocked_field_of_fire(umpire, tmp_path):
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-1981").code == 0
    assert umpire("ship", "add", "MARS", "--side", "british", "--spec", MARS).code == 0
    assert umpire("ship", "add", "BELLONA", "--side", "british", "--spec", HERCULE).code == 0
    res = umpire("fire", "mars", "--at", "bellona", "--range", "2", "--side", "left", "--roll", "3")
    assert res.code == 1 and "does not fire on her own side" in res.err and "blocks" not in res.err


def test_a_ship_a_scenario_lacks_is_looked_for_in_the_scenario(umpire, tmp_path):
    res = umpire("sheet", "victry", "--scenario", "trafalgar", "-o", tmp_path / "v.pdf")
    assert res.code == 2 and "in scenario wsim-3b" in res.err and "did you mean `victory`?" in res.err
    assert "in this game" not in res.err


def test_oob_convert_lists_each_derived_ship_on_its_own_lines(umpire, tmp_path, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    (tmp_path / "a.csv").write_text('name,side,nation,tons,men,guns\nAlpha,british,british,1576,456,"30x24,22x32C"\n'
                                    'Beta,french,french,1338,272,"28x18,16x32C"\n')
    res = umpire("oob", "convert", tmp_path / "a.csv", "--ruleset", "wsim-1981", "-o", tmp_path / "a.toml")
    lines = res.out.splitlines()
    assert res.code == 0 and "derived:" in lines
    assert [line for line in lines if line.startswith("  - ")][:2] == [
        next(line for line in lines if line.startswith("  - line 2: Alpha")),
        next(line for line in lines if line.startswith("  - line 3: Beta"))]
    assert max(map(len, lines)) <= 80


def test_every_command_and_subcommand_has_an_example_in_its_help():
    from umpire.cli import _register, cli

    _register()

    def walk(command, ctx):
        yield ctx.command_path, command.get_help(ctx)
        for name, sub in getattr(command, "commands", {}).items():
            yield from walk(sub, click.Context(sub, info_name=name, parent=ctx))

    lacking = [path for path, text in walk(cli, click.Context(cli, info_name="umpire")) if "Example" not in text]
    assert not lacking
