"""Printing: WS&IM log sheets, DGUTS ship data sheets, grid Ship Control Panels, player cards
and grid damage-card decks, as PDF.

A page is a layout specification (templates/*.toml), a flat view model built
from the ships, and one drawer per kind of page; paging is separate. Each rule
family prints through its own package (`pdf/wsim/`, `pdf/dguts/`, `pdf/grid/`),
found by the ruleset's `family` in `pdf/families.py`. Only the printing
commands import this package (and with it reportlab).

    fleet = fleet_from_game(game, game.state())      # or fleet_from_scenario("wsim-1b")
    printed = sheets_pdf(fleet, paper="a4")          # or cards_pdf(...)
    Path("fleet.pdf").write_bytes(printed.pdf)
"""

from umpire.pdf.document import Printed, cards_pdf, decks_pdf, sheet_views, sheets_pdf
from umpire.pdf.sources import Fleet, fleet_from_game, fleet_from_scenario

__all__ = ["Fleet", "Printed", "cards_pdf", "decks_pdf", "fleet_from_game", "fleet_from_scenario", "sheet_views",
           "sheets_pdf"]
