"""`umpire help [COMMAND]` and `umpire completion SHELL`: finding one's way about the command line."""

from __future__ import annotations

import click
from click.shell_completion import get_completion_class

from umpire.cli import cli
from umpire.core.errors import BadInput
from umpire.core.suggest import did_you_mean

SHELLS = ("bash", "zsh", "fish")


@cli.command("help")
@click.argument("words", nargs=-1, metavar="[COMMAND [SUBCOMMAND]]")
@click.pass_context
def help_(ctx: click.Context, words: tuple[str, ...]) -> None:
    """Help on umpire, or on one COMMAND (the same as `umpire COMMAND --help`).

    \b
    Example:
      umpire help
      umpire help fire
      umpire help oob convert
    """
    here = ctx.find_root()
    for word in words:
        group = here.command
        sub = group.get_command(here, word) if isinstance(group, click.Group) else None
        if sub is None:
            names = group.list_commands(here) if isinstance(group, click.Group) else []
            raise BadInput(f"no such command {' '.join([here.command_path, word])!r}{did_you_mean(word, names)} "
                           f"(see `{here.command_path} --help`)")
        here = click.Context(sub, info_name=word, parent=here)
    click.echo(here.get_help())


@cli.command()
@click.argument("shell", type=click.Choice(SHELLS))
def completion(shell: str) -> None:
    """Print the tab-completion script for bash, zsh or fish.

    Load it in the shell's start-up file; it completes commands, options,
    and the values of options that take a choice.

    \b
    Example:
      eval "$(umpire completion bash)"          # in ~/.bashrc
      eval "$(umpire completion zsh)"           # in ~/.zshrc
      umpire completion fish > ~/.config/fish/completions/umpire.fish
    """
    script = get_completion_class(shell)(cli, {}, "umpire", "_UMPIRE_COMPLETE")
    click.echo(script.source())
