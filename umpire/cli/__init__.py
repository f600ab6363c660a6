"""The `umpire` command line: a thin layer that parses, calls the library and renders."""

from __future__ import annotations

import sys

import click

from umpire.cli.context import Ctx

# Each command's module is imported only when that command runs, so a quick
# `umpire status` does not pay for the rest.
COMMANDS = {
    "new": "setup", "ship": "setup", "scenarios": "setup",
    "status": "game_cmds", "turn": "game_cmds", "undo": "game_cmds", "log": "game_cmds",
    "verify": "game_cmds", "score": "game_cmds",
    "fire": "actions", "speed": "actions", "load": "actions", "foul": "actions", "unfoul": "actions",
    "grapple": "actions", "ungrapple": "actions", "board": "actions", "melee": "actions",
    "capture": "actions", "transfer": "actions", "surrender": "actions", "recover": "actions",
    "morale": "actions", "repair": "actions", "pumps": "actions", "explode": "actions", "special": "actions", "mast": "actions", "odds": "odds",
    "demo": "demo", "sheet": "printing", "cards": "printing", "oob": "oob",
}


class LazyGroup(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        _register()
        return super().list_commands(ctx)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in self.commands and name in COMMANDS:
            _load(COMMANDS[name])
        return super().get_command(ctx, name)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--game", "game_path", metavar="PATH", help="Game file (default ./game.toml or $UMPIRE_GAME).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of tables.")
@click.option("--rulings", "rulings_file", metavar="FILE", help="House rulings TOML applied to this command.")
@click.version_option(package_name="umpire")
@click.pass_context
def cli(ctx: click.Context, game_path: str | None, as_json: bool, rulings_file: str | None) -> None:
    """Umpire's assistant for age-of-sail naval wargames.

    Measure on the table, type what it shows, and umpire does the tables,
    modifiers, dice and damage, journalling every event.

    \b
    Example:
      umpire new duel.toml --ruleset wsim-1981
      umpire --game duel.toml ship add CONSTITUTION --side american --spec "..."
    """
    ctx.obj = Ctx(game_path, as_json, rulings_file)


def _load(module: str) -> None:
    """Import one command module; its commands register themselves on the group."""
    import importlib

    importlib.import_module(f"umpire.cli.{module}")


def _register() -> None:
    """Import every command module (for help listings and tests)."""
    for module in sorted(set(COMMANDS.values())):
        _load(module)


def main(argv: list[str] | None = None) -> None:
    """Entry point: map errors to the contract's exit codes with one-line messages."""
    from umpire.core.errors import UmpireError

    try:
        cli.main(args=argv, prog_name="umpire", standalone_mode=False)
    except UmpireError as exc:
        click.echo(f"umpire: error: {exc}", err=True)
        sys.exit(exc.exit_code)
    except click.exceptions.Abort:
        click.echo("umpire: aborted", err=True)
        sys.exit(2)
    except click.ClickException as exc:
        hint = f" (see `umpire {exc.ctx.info_name} --help`)" if getattr(exc, "ctx", None) else ""
        click.echo(f"umpire: error: {exc.format_message()}{hint}", err=True)
        sys.exit(exc.exit_code)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except BrokenPipeError:
        sys.exit(0)
    except Exception as exc:  # a defect in umpire, not the user's doing
        import os

        if os.environ.get("UMPIRE_DEBUG"):
            raise
        click.echo(f"umpire: internal error: {type(exc).__name__}: {exc} (set UMPIRE_DEBUG=1 for details; "
                   "the game file is unchanged)", err=True)
        sys.exit(3)
