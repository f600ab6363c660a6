"""Printing commands: `sheet` (log sheets, ship data sheets, control panels) and `cards` (player cards,
the grid game's damage-card decks)."""

from __future__ import annotations

import contextlib
from pathlib import Path

import click

from umpire.cli import cli
from umpire.cli.printing import LEVEL, OUTPUT, PAPER, SCENARIO, SHIPS, pdf, progress, ships_to_print, write_pdf
from umpire.core.errors import BadInput

OOB = click.option("--oob", "oob_file", metavar="FILE", help="Print the ships of an order of battle (CSV, rule-book "
                   "lines or a published list) converted for --ruleset, without writing a scenario or a game.")
RULESET = click.option("--ruleset", metavar="ID", help="With --oob: the rules to convert the order of battle for.")


def fleet(obj, ships, scenario, blank, level, oob_file, ruleset):
    """The ships to print: an order of battle's (--oob, converted in memory), else as ships_to_print."""
    if not oob_file:
        if ruleset:
            raise BadInput("--ruleset goes with --oob: a game or scenario prints with its own rules")
        return ships_to_print(obj, ships, scenario, blank, level)
    if scenario or not ruleset:
        raise BadInput("--oob FILE takes --ruleset ID (e.g. --ruleset wsim-1981), and no --scenario")
    from umpire.oob.convert import scenario_document   # every rule system's converter: only to print a list

    return pdf().fleet_from_scenario(scenario_document(Path(oob_file), ruleset), ships, level or "")


@cli.command()
@SHIPS
@SCENARIO
@OOB
@RULESET
@LEVEL
@OUTPUT
@PAPER
@click.option("--blank", is_flag=True, help="Print the game's ships as set up, without damage or turn notes.")
@click.option("--tables", is_flag=True, help="Append the ruleset's quick-reference tables (house rulings marked).")
@click.option("--per-page", "per_page", type=int, default=1, show_default=True, metavar="1|2|4",
              help="Sheets to a page (WS&IM, DGUTS): 2 or 4 small ships' sheets laid out for half or a quarter "
                   "of the page, the rest of each turn log on continuation pages; a ship too big prints alone.")
@click.pass_obj
def sheet(obj, ships, scenario, oob_file, ruleset, level, output, paper, blank, tables, per_page):
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
      umpire sheet --oob lake-erie.csv --ruleset wsim-1981 -o erie.pdf
      umpire sheet --scenario wsim-2d --per-page 4 -o frigates.pdf
    """
    ships_ = fleet(obj, ships, scenario, blank, level, oob_file, ruleset)
    bar, step = progress(obj, len(ships_.ships))
    with bar or contextlib.nullcontext():
        printed = pdf().sheets_pdf(ships_, paper, tables, step, per_page)
    write_pdf(obj, printed, output, paper, "sheets", {"per_page": per_page})


@cli.command()
@SHIPS
@SCENARIO
@OOB
@RULESET
@LEVEL
@OUTPUT
@PAPER
@click.option("--deck", is_flag=True, help="The grid game: print each ship's complete damage-card deck.")
@click.pass_obj
def cards(obj, ships, scenario, oob_file, ruleset, level, output, paper, deck):
    """Print compact player cards, several to a page with cut lines.

    In the grid game, `--deck` prints each ship's complete set of damage
    cards (SHIPs pick some ships, else all), 24 to a page.

    \b
    Examples:
      umpire cards -o cards.pdf
      umpire cards --scenario nile -o nile-cards.pdf --paper letter
      umpire cards --deck swallow -o swallow-deck.pdf
      umpire cards --oob trafalgar.txt --ruleset dguts -o trafalgar-cards.pdf
    """
    ships_ = fleet(obj, ships, scenario, deck, level, oob_file, ruleset)
    printed = pdf().decks_pdf(ships_, paper) if deck else pdf().cards_pdf(ships_, paper)
    write_pdf(obj, printed, output, paper, "deck" if deck else "cards")
