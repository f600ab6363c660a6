"""docs/cli.md lists every command the CLI has, so a new command cannot go undocumented."""

from __future__ import annotations

from pathlib import Path

import click

from umpire.cli import cli

CLI_MD = Path(__file__).resolve().parents[1] / "docs" / "cli.md"


def test_every_command_has_a_row_in_the_index():
    text = CLI_MD.read_text()
    index = text[text.index("## Every command"):text.index("## JSON")]
    ctx = click.Context(cli)
    missing = [n for n in cli.list_commands(ctx) if f"| `{n}` |" not in index]
    assert not missing, f"docs/cli.md 'Every command' lacks: {missing}"
