"""Printing commands: `sheet` (log sheets, ship data sheets, control panels) and `cards` (player cards,
the grid game's damage-card decks)."""

from __future__ import annotations

from pathlib import Path

import click

from umpire.cli import cli
from umpire.core.errors import BadInput

_ships = click.argument("ships", nargs=-1, metavar="[SHIP]...")
_scenario = click.option("--scenario", metavar="ID|FILE", help="Print blank sheets of a scenario's ships instead "
                         "of the game's.")
_level = click.option("--level", metavar="LEVEL", help="With --scenario: print the blank sheets at this rules level "
                      "(e.g. advanced); a game prints at its own level.")
_out = click.option("-o", "--output", "output", required=True, metavar="FILE.pdf", help="PDF file to write.")
PROGRESS_FROM = 10   # ships: a shorter run needs no progress bar
_paper = click.option("--paper", default="a4", show_default=True, metavar="a4|letter", help="Paper size.")


def _fleet(obj, ships: tuple[str, ...], scenario: str | None, blank: bool, level: str | None = None):
    """The ships to print: a scenario's (blank, at `level`), or the game's (with damage unless blank)."""
    from umpire import pdf

    if level is not None and not scenario:
        raise BadInput("--level goes with --scenario: a game's sheets print at the game's own level")
    if scenario:
        return pdf.fleet_from_scenario(scenario, ships, level or "")
    ids = [obj.ship(s) for s in ships]
    return pdf.fleet_from_game(obj.game, obj.state, ids, blank)


def _write(obj, printed, output: str, paper: str, what: str) -> None:
    """The PDF through a temporary file renamed over `output` (a failed write leaves no truncated
    PDF, and an older one where it was); never over the game file."""
    from umpire.core import files

    path = Path(output)
    refuse_game_file(obj, path)
    files.write_atomic(path, printed.pdf, "output")
    obj.emit({"pdf": str(path), "paper": paper.strip().lower(), "pages": printed.pages,
              "ships": len(printed.ships), "bytes": len(printed.pdf)}, what)


def _progress(obj, total: int):
    """A progress bar on stderr for a long print run on a terminal, else nothing."""
    import sys

    if total < PROGRESS_FROM or not sys.stderr.isatty() or getattr(obj, "as_json", False):
        return None, None
    from rich.progress import Progress

    bar = Progress(transient=True, console=None)
    task = bar.add_task("printing", total=total)
    return bar, (lambda n: bar.advance(task, n))


def refuse_game_file(obj, path: Path) -> None:
    """Never write a PDF, CSV or scenario over the game file itself (nor through a link to it)."""
    from umpire.core.files import same_file

    if same_file(path, obj.path):
        raise BadInput(f"output {path} is the game file; choose another name")


@cli.command()
@_ships
@_scenario
@_level
@_out
@_paper
@click.option("--blank", is_flag=True, help="Print the game's ships as set up, without damage or turn notes.")
@click.option("--tables", is_flag=True, help="Append the ruleset's quick-reference tables (house rulings marked).")
@click.pass_obj
def sheet(obj, ships, scenario, level, output, paper, blank, tables):
    """Print log sheets (WS&IM), ship data sheets (DGUTS) or Ship Control Panels (grid) as PDF.

    With a game, the sheets show the squares already lost crossed out and the
    turns played; SHIPs (ids or name prefixes) pick some ships, else all.
    Several ships get a cover page listing them by side. Each WS&IM edition
    and level prints its own log: the Advanced Game's splits every broadside
    into bow and stern sections, the 1974 game's is its Hit Record & Log Sheet.

    \b
    Examples:
      umpire sheet -o fleet.pdf
      umpire sheet mars -o mars.pdf --paper letter
      umpire sheet --scenario wsim-1b -o blank.pdf
      umpire sheet --scenario my-1981.toml --level advanced -o advanced.pdf
      umpire sheet --tables -o fleet-and-tables.pdf
    """
    from umpire import pdf

    fleet = _fleet(obj, ships, scenario, blank, level)
    bar, step = _progress(obj, len(fleet.ships))
    if bar:
        with bar:
            printed = pdf.sheets_pdf(fleet, paper, tables, step)
    else:
        printed = pdf.sheets_pdf(fleet, paper, tables)
    _write(obj, printed, output, paper, "sheets")


@cli.command()
@_ships
@_scenario
@_level
@_out
@_paper
@click.option("--deck", is_flag=True, help="The grid game: print each ship's complete damage-card deck.")
@click.pass_obj
def cards(obj, ships, scenario, level, output, paper, deck):
    """Print compact player cards, several to a page with cut lines.

    In the grid game, `--deck` prints each ship's complete set of damage
    cards (SHIPs pick some ships, else all), 24 to a page.

    \b
    Examples:
      umpire cards -o cards.pdf
      umpire cards --scenario nile -o nile-cards.pdf --paper letter
      umpire cards --deck swallow -o swallow-deck.pdf
    """
    from umpire import pdf

    fleet = _fleet(obj, ships, scenario, blank=deck, level=level)
    printed = pdf.decks_pdf(fleet, paper) if deck else pdf.cards_pdf(fleet, paper)
    _write(obj, printed, output, paper, "deck" if deck else "cards")
