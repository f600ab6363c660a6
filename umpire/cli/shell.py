"""`umpire shell`: many commands in one process, the game held in memory between them.

Each line is a command as typed after `umpire`, run through exactly the same
code as on its own (so it is journalled the same way); only the reading of
the game file is saved between lines. The shell holds the game's lock for its
whole run, so another process cannot write the game meanwhile.
"""

from __future__ import annotations

import contextlib
import json
import os
import shlex
import sys

import click

from umpire.cli import cli, context, run
from umpire.cli.completion import Completer, setup_readline
from umpire.core.errors import BadInput, UmpireError

GLOBAL_ONLY = ("--game",)
QUIT = ("exit", "quit")


def _globals(obj) -> list[str]:
    """The shell's own global options, passed to every line."""
    out = ["--game", str(obj.path)]
    if obj.as_json:
        out.append("--json")
    if obj.rulings_file:
        out += ["--rulings", obj.rulings_file]
    return out


def _split(line: str) -> list[str]:
    try:
        words = shlex.split(line, comments=True)
    except ValueError as exc:
        raise BadInput(f"cannot read the line ({exc}); check its quotes") from None
    if words and words[0] == "umpire":
        words = words[1:]
    for w in words:
        if w in GLOBAL_ONLY or w.startswith("--game="):
            raise BadInput("a shell line may not give --game; the shell's game is used for every line")
    return words


def run_line(obj, line: str, number: int | None = None) -> int | None:
    """Run one line; its exit code, or None for a blank or comment line.

    `number` is the line's number in piped input: a failing line is then named by it."""
    fields = {"line": line.strip()[:200], **({"line_number": number} if number is not None else {})}
    if len(line) > MAX_LINE:
        return _refuse(obj, f"the line is longer than {MAX_LINE:,} characters", 2, fields)
    try:
        words = _split(line)
    except UmpireError as exc:
        return _refuse(obj, str(exc), exc.exit_code, fields)
    if not words:
        return None
    if getattr(obj, "echo", False):
        click.echo(f"> {line.strip()}", err=obj.as_json)   # stdout stays one JSON object per line
    if words[0] == "help":
        words = [*words[1:], "--help"]
    if words[0] == "shell":
        return _refuse(obj, "a shell cannot start another shell", 2, fields)
    if words[0] == "serve":   # it serves until interrupted: the shell would wait for it for ever
        return _refuse(obj, "the players' board runs in a terminal of its own: start `umpire serve` there; "
                       "it follows what this shell journals", 2, fields)
    code = run(_globals(obj) + words, error_fields=fields)
    if code and number is not None:
        click.echo(f"umpire: line {number} failed (exit {code}): {line.strip()}", err=True)
    return code


def _refuse(obj, message: str, code: int, fields: dict) -> int:
    click.echo(f"umpire: error: {message}", err=True)
    if obj.as_json:
        click.echo(json.dumps({"error": f"error: {message}", "exit_code": code, **fields}))
    if "line_number" in fields:
        click.echo(f"umpire: line {fields['line_number']} failed (exit {code}): {fields['line']}", err=True)
    return code


@cli.command()
@click.option("--keep-going", is_flag=True, help="Piped input: run every line, exit with the highest code seen.")
@click.option("--echo", is_flag=True, help="Print each line (after `> `) before its output; on stderr under --json.")
@click.pass_obj
def shell(obj, keep_going, echo):
    """Run commands one per line with the game held in memory (for a club night).

    Write each command as on the command line, without `umpire`; blank lines
    and # comments are skipped. On a terminal: a prompt with the game and turn,
    history, tab completion, `help [COMMAND]`, and an error does not stop the
    shell. Piped: it stops at the first failing line with its exit code,
    unless --keep-going; a failing line is named by its number. --echo
    prints each line before its output.

    \b
    Example:
      umpire --game duel.toml shell
      printf 'fire mars --at hercule --range 3 --side left --roll 4\\nstatus\\n' | umpire --game duel.toml shell
      umpire --game duel.toml shell --echo < orders.txt
    """
    obj.echo = echo
    key = (os.path.realpath(obj.path), obj.rulings_file)
    context.SHARED[key] = obj.session
    try:
        with context.SHARED[key].hold():
            worst = _interactive(obj) if sys.stdin.isatty() else _piped(obj, keep_going)
    finally:
        context.SHARED.pop(key, None)
    if worst:
        raise SystemExit(worst)


#: the longest shell line read (a command line is far shorter); a longer one is refused unread
MAX_LINE = 4096


def _lines(stream):
    """The stream's lines, each at most MAX_LINE characters read; a longer line is skipped in pieces
    and given as None (so its cost does not grow with its length)."""
    with contextlib.suppress(AttributeError, ValueError):
        stream.reconfigure(errors="replace")    # a byte that is not UTF-8 is text to refuse, not a crash
    while True:
        line = stream.readline(MAX_LINE + 1)
        if not line:
            return
        if len(line) > MAX_LINE and not line.endswith("\n"):
            while True:
                rest = stream.readline(MAX_LINE)
                if not rest or rest.endswith("\n"):
                    break
            yield None
        else:
            yield line


def _piped(obj, keep_going: bool) -> int:
    worst = 0
    for number, line in enumerate(_lines(sys.stdin), 1):
        if line is None:
            code = _refuse(obj, f"line {number} is longer than {MAX_LINE:,} characters; refused unread", 2,
                           {"line": "", "line_number": number})
        else:
            code = run_line(obj, line, number)
        if code:
            if not keep_going:
                return code
            worst = max(worst, code)
    return worst


def _interactive(obj) -> int:
    history = setup_readline(Completer(obj))
    click.echo("umpire shell: one command per line, `help` for the list, `exit` or Ctrl-D to leave.")
    while True:
        try:
            line = input(_prompt(obj))
        except EOFError:
            click.echo()
            break
        except KeyboardInterrupt:
            click.echo()
            continue
        if line.strip() in QUIT:
            break
        run_line(obj, line)
    history()
    return 0


def _prompt(obj) -> str:
    session = context.SHARED.get((os.path.realpath(obj.path), obj.rulings_file))
    try:
        turn = f" turn {session.state['turn']}" if session is not None else ""
    except Exception:   # no game yet (a `new` line will make one), or a damaged file: the prompt still shows
        turn = ""
    return f"umpire {os.path.basename(obj.path)}{turn}> "
