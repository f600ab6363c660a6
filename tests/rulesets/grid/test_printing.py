"""Printing grid control panels and damage-card decks (umpire/pdf/grid/panels.py)."""

from __future__ import annotations

from umpire.core.tables import Tables
from umpire.pdf.grid import panels as P
from umpire.rules.grid.ruleset import Grid

T = Tables("grid")
RS = Grid()


def ship(kind="1st-rate-ship-of-the-line"):
    return RS.new_ship(RS.ship_definition("Victory", "british", "victory", {"type": kind}))


def test_a_blank_panel_shows_the_ship_as_set_up():
    v = P.panel_view(ship(), T, blank=True)
    assert v.placed is None and v.guns == {"port": 10, "starboard": 10, "bow": 1, "stern": 1}
    assert v.speeds == (0, 0, 1, 3, 5, 6) and v.hull_boxes == 28 and v.rigging_positions == 5
    assert [b for b, _, _ in v.boats] == ["cutter", "pinnace", "launch", "gig", "jolly-boat"]


def test_a_panel_from_a_game_shows_losses():
    s = ship("frigate")
    s["positions"] = {"gunner": 1, "port": 3}
    s["held"] = [{"card": "gun-dismounted", "battery": "port"}]
    s["guns_destroyed"]["port"] = 1
    s["hull_damage"], s["hull_plugged"] = 3, 1
    v = P.panel_view(s, T)
    assert v.placed["port"] == 3 and v.dismounted["port"] == 1 and v.destroyed["port"] == 1
    assert v.held == ("GUN Dismounted (Repairable)",)


def test_panels_print_one_page_a_ship():
    pdf, pages = P.panels_pdf([P.panel_view(ship(), T, blank=True), P.panel_view(ship("transport"), T, True)])
    assert pdf.startswith(b"%PDF") and pages == 2


def test_the_deck_prints_every_card_24_a_page():
    cards = P.deck_view(T)
    assert len(cards) == 80 and cards[0].title == "BOW GUN" and cards[-1].title == "CREW"
    pdf, pages = P.deck_pdf("Victory", cards)
    assert pdf.startswith(b"%PDF") and pages == 4
    again, _ = P.deck_pdf("Victory", cards)
    assert again == pdf                      # invariant output


def test_letter_paper():
    pdf, pages = P.deck_pdf("Victory", P.deck_view(T), paper="letter")
    assert b"/MediaBox [ 0 0 612 792 ]" in pdf and pages == 4


def test_a_panel_shows_the_sail_marker_and_a_boat_gun():
    s = RS.new_ship(RS.ship_definition("Victory", "british", "victory",
                                       {"type": "1st-rate-ship-of-the-line", "boat_guns": "launch"}))
    s["sail"] = "topsail"
    v = P.panel_view(s, T)
    assert v.sail == "Topsail" and v.boat_guns == ("launch",)
    assert P.panel_view(s, T, blank=True).sail == ""       # a blank panel: the players set the marker
    pdf, _ = P.panels_pdf([v])
    assert pdf.startswith(b"%PDF")


def test_copies_of_a_card_share_a_line_and_a_long_list_is_cut_with_a_count():
    assert P._tally(["A", "B", "A", "A"]) == [("A", 3), ("B", 1)]

    class Pen:
        def __init__(self):
            self.lines = []

        def setFont(self, *a):
            pass

        def drawString(self, x, y, text):
            self.lines.append((x, text))

    s = ship()
    s["positions"] = {"helm": 1}
    s["held"] = [{"card": "sail-shot-away"}] * 3 + [{"card": "gun-dismounted", "battery": "port"}]
    s["marked"] = ["spar-shot-away", "foremast-shot-away", "cutter-destroyed", "pinnace-destroyed",
                   "launch-destroyed", "gig-destroyed"]
    pen = Pen()
    rest = P._damage_lists(pen, P.panel_view(s, T), 0, 100, 500, 100 - 4.5 * 3.6 * P.MM)   # room for 4 lines
    held = [t for x, t in pen.lines if x == 0][1:]
    marked = [t for x, t in pen.lines if x == 250][1:]
    assert held == ["SAIL Shot Away (Repairable) x 3", "GUN Dismounted (Repairable)"]
    assert len(marked) == 4 and marked[-1] == "... continued on the next page"
    assert rest == ([], ["PINNACE Destroyed (No Fix)", "LAUNCH Destroyed (No Fix)", "GIG Destroyed (No Fix)"])


def test_a_panel_whose_damage_runs_on_gets_a_page_more():
    from tests.pdf.conftest import pages as read, text

    s = ship()
    s["positions"] = {"helm": 1}
    s["marked"] = [c["id"] for c in T["deck"]["cards"] if c["kind"] == "permanent"][:14]
    pdf, pages = P.panels_pdf([P.panel_view(s, T), P.panel_view(ship("frigate"), T)], paper="letter")
    got = read(pdf)
    assert pages == len(got) == 3
    assert "(continued)" in text(got[1]) and "2/3" in text(got[1]) and "3/3" in text(got[2])
    assert "continued on the next page" in text(got[0])


def test_a_long_card_text_gets_smaller_then_cut_never_past_the_card():
    class Pen:
        def __init__(self):
            self.at = []

        def setFont(self, font, size):
            self.size = size

        def drawCentredString(self, x, y, text):
            self.at.append((y, text, self.size))

        def drawString(self, *a):
            pass

        drawRightString = drawString

        def setFillGray(self, *a):
            pass

    pen = Pen()
    card = P.CardView("leak", "LEAK", "word " * 200, "hull")
    P._card(pen, card, 0, 0, 130, 128, "Swallow")
    body = [(y, t, s) for y, t, s in pen.at if t != "LEAK"]
    assert body[0][2] == 7 and body[-1][1].endswith("…")
    assert min(y for y, _, _ in body) > 2 * P.MM + 8            # above the card's foot line
