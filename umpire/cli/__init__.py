"""The `umpire` command line: a thin layer that parses, calls the library and renders."""

from __future__ import annotations

import importlib
import json
import os
import sys

import click

from umpire.cli.context import Ctx, shared_session
from umpire.core.errors import UmpireError
from umpire.core.suggest import did_you_mean

# The one lazy seam of the command line: each command's module is imported only when that command
# runs, so a quick `umpire status` does not pay for the rest. Module (under umpire.cli) -> its commands.
MODULES = {
    "commands.setup": ("new", "ship", "scenarios", "designate"),
    "commands.game": ("status", "turn", "undo", "log", "verify", "score"),
    "commands.rulings": ("rulings",),
    "commands.tables": ("tables",),
    "commands.gunnery": ("fire", "load", "mortar", "howitzer", "bomb", "musketry", "marines"),
    "commands.boarding": ("foul", "unfoul", "grapple", "ungrapple", "ram", "board", "melee", "capture", "transfer",
                          "surrender", "recover", "morale"),
    "commands.damage": ("special", "mast", "burn", "pumps", "paddles", "sink", "explode", "repair"),
    "commands.movement": ("speed", "move", "sail", "anchor", "tack", "tow", "aground", "lead", "row", "meet",
                          "run-down", "boats", "timer", "signal"),
    "commands.crew": ("crew", "surgeon", "station", "task"),
    "commands.weather": ("wind", "night", "sight"),
    "commands.odds": ("odds",),
    "commands.sheets": ("sheet", "cards"),
    "commands.oob": ("oob",),
    "commands.report": ("report",),
    "commands.demo": ("demo",),
    "commands.serve": ("serve",),
    "commands.help": ("help", "completion"),
    "shell": ("shell",),
}
#: command -> the module that defines it
COMMANDS = {name: module for module, names in MODULES.items() for name in names}


class LazyGroup(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        _register()
        return super().list_commands(ctx)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in self.commands and name in COMMANDS:
            _load(COMMANDS[name])
        return super().get_command(ctx, name)

    def resolve_command(self, ctx: click.Context, args: list[str]):
        """As click's, but a mistyped command is refused with the nearest names (without loading any module)."""
        name = args[0]
        if self.get_command(ctx, name) is None and not name.startswith("-"):
            names = [*COMMANDS, *self.commands]
            hint = did_you_mean(name, names)
            ctx.fail(f"no such command {name!r}{hint}")
        return super().resolve_command(ctx, args)


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
    ctx.obj = Ctx(game_path, as_json, rulings_file, session=shared_session(game_path, rulings_file))


def _load(module: str) -> None:
    """Import one command module; its commands register themselves on the group."""
    importlib.import_module(f"umpire.cli.{module}")


def _register() -> None:
    """Import every command module (for help listings and tests)."""
    for module in MODULES:
        _load(module)


def main(argv: list[str] | None = None) -> None:
    """Entry point: run one command and exit with the contract's exit code."""
    sys.exit(run(argv))


def _printable(text: str) -> str:
    """A message with control characters shown escaped (never sent raw to a terminal); line breaks kept."""
    return "".join(c if c.isprintable() or c == "\n" else repr(c)[1:-1] for c in text.strip())


def wants_json(argv: list[str]) -> bool:
    """Whether `--json` was given among the global options (before the command)."""
    words = iter(map(str, argv))
    for word in words:
        if word == "--json":
            return True
        if word in ("--game", "--rulings"):
            next(words, None)
        elif not word.startswith("-") or word == "--":
            return False
    return False


def _usage_hint(exc: click.ClickException) -> str:
    """What to read after a usage error: the help of the command it was typed to, by its full name."""
    ctx = getattr(exc, "ctx", None)
    if ctx is None:
        return ""
    if isinstance(exc, click.NoSuchOption) and exc.option_name == "--json" and ctx.parent is not None:
        words = ctx.command_path.split(" ", 1)
        return f" (--json goes before the command: `{words[0]} --json {words[1]} ...`)"
    return f" (see `{ctx.command_path} --help`)"


def run(argv: list[str] | None = None, on_error=None, error_fields: dict | None = None) -> int:
    """Run one command line; map errors to the contract's exit codes with one-line messages.

    Returns the exit code instead of exiting, so `umpire shell` can run line after line.
    `on_error(message, code)` is called with each error's message as well. Under `--json` a refusal
    also prints one object on stdout: `{"error", "exit_code"}` and any `error_fields`.
    """
    argv = sys.argv[1:] if argv is None else list(argv)
    as_json = wants_json(argv)

    def fail(message: str, code: int) -> int:
        message = _printable(message)
        click.echo(f"umpire: {message}", err=True)
        if as_json:
            click.echo(json.dumps({"error": message, "exit_code": code, **(error_fields or {})}))
        if on_error:
            on_error(message, code)
        return code

    if os.environ.get("_UMPIRE_COMPLETE"):   # the system shell asks for completions (`umpire completion`)
        from umpire.cli.completion import attach_values   # imports this module: only when completing

        attach_values()
    for i, word in enumerate(argv, 1):      # a byte that is not UTF-8 (e.g. Latin-1) reaches Python as a surrogate
        try:
            word.encode("utf-8")
        except UnicodeEncodeError:
            return fail(f"error: word {i} of the command line ({word!r}) is not UTF-8 text; type it again", 2)
    try:
        cli.main(args=argv, prog_name="umpire", standalone_mode=False)
    except UmpireError as exc:
        return fail(f"error: {exc}", exc.exit_code)
    except click.exceptions.Abort:
        return fail("aborted", 2)
    except click.exceptions.NoArgsIsHelpError as exc:   # a bare `umpire` (or `umpire oob`): its help, no error
        if as_json:
            return fail(f"error: no command given (see `{exc.ctx.command_path} --help`)", 2)
        click.echo(exc.ctx.get_help())
        return 0
    except click.ClickException as exc:
        if isinstance(exc, click.NoSuchOption) and exc.option_name == "--json":
            as_json = True   # asked for, only in the wrong place
        return fail(f"error: {exc.format_message()}{_usage_hint(exc)}", exc.exit_code)
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    except BrokenPipeError:
        return 0
    except OSError as exc:      # the file system refused: one line naming the file, never a traceback
        where = f"{exc.filename}: " if exc.filename else ""
        return fail(f"error: {where}{exc.strerror or exc}", 2)
    except RecursionError:
        return fail("error: the input is nested too deeply to read", 2)
    except MemoryError:
        return fail("error: the input is too large to read", 2)
    except Exception as exc:  # a defect in umpire, not the user's doing
        if os.environ.get("UMPIRE_DEBUG"):
            raise
        return fail(f"internal error: {type(exc).__name__}: {exc} (set UMPIRE_DEBUG=1 for details; "
                    "the game file is unchanged)", 3)
    return 0
