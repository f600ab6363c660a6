"""Printing from the command line: the options `sheet` and `cards` share, which ships print, a
progress bar for a long run, and the file written atomically and never over the game file."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from umpire.core import files, scenarios
from umpire.core.errors import BadInput
from umpire.core.ships import find_ship

SHIPS = click.argument("ships", nargs=-1, metavar="[SHIP]...")
SCENARIO = click.option("--scenario", metavar="ID|FILE", help="Print blank sheets of a scenario's ships instead "
                        "of the game's.")
LEVEL = click.option("--level", metavar="LEVEL", help="With --scenario: print the blank sheets at this rules level "
                     "(e.g. advanced); a game prints at its own level.")
OUTPUT = click.option("-o", "--output", "output", required=True, metavar="FILE.pdf",
                      help="PDF file to write ('-' for standard output, piped).")
PROGRESS_FROM = 10   # ships: a shorter run needs no progress bar
PAPER = click.option("--paper", default="a4", show_default=True, metavar="a4|letter", help="Paper size.")


def pdf():
    """The printing package, imported the first time a PDF is drawn: it loads reportlab, which
    `umpire --help`, shell completion (they import every command module) and the commands that
    only read a game never need. The command line's one seam for printing."""
    from umpire import pdf as package   # reportlab: see above

    return package


def ships_to_print(obj, ships: tuple[str, ...], scenario: str | None, blank: bool, level: str | None = None):
    """The ships to print: a scenario's (blank, at `level`), or the game's (with damage unless blank)."""
    if level is not None and not scenario:
        raise BadInput("--level goes with --scenario: a game's sheets print at the game's own level")
    if scenario:
        _scenario_ships(scenario, ships)
        return pdf().fleet_from_scenario(scenario, ships, level or "")
    ids = [obj.ship(s) for s in ships]
    return pdf().fleet_from_game(obj.game, obj.state, ids, blank)


def _scenario_ships(scenario: str, refs: tuple[str, ...]) -> None:
    """Each ship asked for is one of the scenario's: one it lacks is refused naming the scenario and the
    nearest of its ships."""
    if not refs:
        return
    scen = scenarios.load(scenario)
    by_id = {s["id"]: s for s in scen.get("ships", [])}
    for ref in refs:
        find_ship(by_id, ref, f"in scenario {scen['id']}", f"umpire scenarios show {scen['id']}")


def write_pdf(obj, printed, output: str, paper: str, what: str, more: dict | None = None) -> None:
    """The PDF through a temporary file renamed over `output` (a failed write leaves no truncated
    PDF, and an older one where it was); never over the game file. `more`: further keys of the
    summary (after `pages`)."""
    warnings = list(printed.warnings)
    if output == "-":
        to_stdout(obj, printed.pdf, binary=True)
        for line in warnings:   # the PDF has stdout: the warnings go to stderr
            click.echo(f"warning: {line}", err=True)
        return
    path = Path(output)
    refuse_game_file(obj, path)
    files.write_atomic(path, printed.pdf, "output")
    obj.emit({"pdf": str(path), "paper": paper.strip().lower(), "pages": printed.pages, **(more or {}),
              "ships": len(printed.ships), "bytes": len(printed.pdf), **({"warnings": warnings} if warnings else {})},
             what)


def progress(obj, total: int):
    """A progress bar on stderr for a long print run on a terminal, else nothing."""
    if total < PROGRESS_FROM or not sys.stderr.isatty() or obj.as_json:
        return None, None
    from rich.progress import Progress   # a progress bar only for a long run on a terminal

    bar = Progress(transient=True, console=None)
    task = bar.add_task("printing", total=total)
    return bar, (lambda n: bar.advance(task, n))


def refuse_game_file(obj, path: Path) -> None:
    """Never write a PDF, CSV or scenario over the game file itself (nor through a link to it)."""
    if files.same_file(path, obj.path):
        raise BadInput(f"output {path} is the game file; choose another name")


def to_stdout(obj, data: bytes, binary: bool = False) -> None:
    """`-o -`: the output on standard output, which then holds nothing else (no summary, no JSON);
    a PDF is not sent to a terminal."""
    if obj.as_json:
        raise BadInput("-o - puts the output on standard output, where --json would print too; "
                       "give a file name, or leave out --json")
    if binary and sys.stdout.isatty():
        raise BadInput("-o - would send a PDF to the terminal; pipe it (`-o - | lpr`) or give a file name")
    sys.stdout.flush()
    sys.stdout.buffer.write(data)
    sys.stdout.buffer.flush()
