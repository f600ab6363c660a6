"""Printing commands: `sheet` (log sheets, ship data sheets, control panels) and `cards` (player cards,
the grid game's damage-card decks)."""

from __future__ import annotations

import click

from umpire.cli import cli
from umpire.cli.printing import LEVEL, OUTPUT, PAPER, SCENARIO, SHIPS, progress, ships_to_print, write_pdf


@cli.command()
@SHIPS
@SCENARIO
@LEVEL
@OUTPUT
@PAPER
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
    from umpire import pdf   # reportlab: `umpire --help` and shell completion import every command module

    fleet = ships_to_print(obj, ships, scenario, blank, level)
    bar, step = progress(obj, len(fleet.ships))
    if bar:
        with bar:
            printed = pdf.sheets_pdf(fleet, paper, tables, step)
    else:
        printed = pdf.sheets_pdf(fleet, paper, tables)
    write_pdf(obj, printed, output, paper, "sheets")


@cli.command()
@SHIPS
@SCENARIO
@LEVEL
@OUTPUT
@PAPER
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
    from umpire import pdf   # reportlab: `umpire --help` and shell completion import every command module

    fleet = ships_to_print(obj, ships, scenario, blank=deck, level=level)
    printed = pdf.decks_pdf(fleet, paper) if deck else pdf.cards_pdf(fleet, paper)
    write_pdf(obj, printed, output, paper, "deck" if deck else "cards")
