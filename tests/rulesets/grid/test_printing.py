"""Printing grid control panels and damage-card decks (umpire/pdf/grid/panels.py)."""

from __future__ import annotations

import pytest

from umpire.core.tables import Tables
from umpire.pdf.fonts import register
from umpire.pdf.grid import panels as P
from umpire.rules.grid.ruleset import Grid


@pytest.fixture(autouse=True)
def _fonts():
    """The panel's fonts, as `panels_pdf` registers them: the drawing helpers tested alone measure text
    in them, whatever ran before in this process."""
    register(P.FONT)
    register(P.BOLD)

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


def test_panels_print_a_panel_then_its_counter_pages_a_ship():
    pdf, pages = P.panels_pdf([P.panel_view(ship(), T, blank=True), P.panel_view(ship("transport"), T, True)])
    assert pdf.startswith(b"%PDF") and pages == 6       # each: her panel, two pages of counter circles


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
    assert pages == len(got) == 6      # the 1st Rate's panel, its continuation, 2 counter pages; the frigate's 2
    assert "(continued)" in text(got[1]) and "2/6" in text(got[1]) and "3/6" in text(got[2])
    assert "Crew positions: Victory" in text(got[2]) and "Ship Control Panel: Victory" in text(got[4])
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


class _Recorder:
    """A canvas that keeps the circles and boxes drawn (pages of the given paper)."""

    def __init__(self, paper):
        self._pagesize = P.paper_size(paper)
        self.circles, self.rects, self.pages = [], [], 1

    def circle(self, x, y, r, fill=0):
        self.circles.append((x, y, r))

    def rect(self, x, y, w, h, fill=0):
        self.rects.append((x, y, w, h))

    def showPage(self):
        self.pages += 1

    def __getattr__(self, name):             # fonts, lines, text: not counted
        return lambda *a, **k: None


def test_the_counter_circles_hold_a_penny_and_every_figure_has_one():
    """"round bases that are slightly smaller than the circles ... I use pennies" (L18-22): every crew
    position a circle 19-21 mm counters fit, on A4 and Letter, each inside the page; one circle a gun,
    a rigging place, each crew figure at the Fighting Crew and each marine at each marine position."""
    for kind in ("frigate", "1st-rate-ship-of-the-line"):
        v = P.panel_view(ship(kind), T, blank=True)
        for paper in ("a4", "letter"):
            pen = _Recorder(paper)
            pages = P._counter_pages(pen, v, lambda: None)
            width, height = pen._pagesize
            assert {round(2 * r / P.MM, 3) for _, _, r in pen.circles} == {P.COUNTER_MM}
            assert 21 < P.COUNTER_MM <= 23                      # a 19-21 mm counter fits inside
            assert all(r <= x <= width - r and r <= y <= height - r for x, y, r in pen.circles)
            rows = dict((label, n) for _, label, n, _ in P.counter_rows(v, 7))
            assert rows["Rigging"] == v.rigging_positions and rows["Port Battery"] == v.guns["port"]
            assert rows["Fighting Crew"] == v.crew and rows["Marines (deck)"] == v.marines
            assert len(pen.circles) == sum(n for _, _, n, _ in P.counter_rows(v, 7 if paper == "a4" else 8))
            assert pages == (1 if kind == "frigate" else 2)


def test_the_casualty_box_has_a_box_for_each_figure_and_the_permanent_damage_its_boxes():
    """One casualty box a figure of the ship (a 1st Rate's 26, a frigate's 16), the dead crossed; boxes to
    mark masts, spars, capstan, surgeon and the sails lost (L270-273, L284-286)."""
    for kind, figures in (("frigate", 16), ("1st-rate-ship-of-the-line", 26)):
        s = ship(kind)
        s["crew"] -= 2
        s["casualty_box"]["crew"] = 2
        v = P.panel_view(s, T)
        pen = _Recorder("a4")
        P._figures_line(pen, v, 0, 500, 186 * P.MM)
        assert len(pen.rects) == figures
        pen = _Recorder("letter")
        P._permanent(pen, v, 0, 500, 190 * P.MM)
        assert len(pen.rects) == 1 + 1 + 1 + 1 + 6 + 1 + 1 + 7     # mainmast ... surgeon, 6 spars, 7 sails


def test_a_damage_card_carries_its_id_and_the_panel_the_setting_she_sails_at():
    pen = type("Pen", (_Recorder,), {"drawString": lambda self, x, y, t: self.rects.append(t)})("a4")
    P._card(pen, P.CardView("sail-shot-away", "SAIL", "Shot Away (Repairable)", "temporary"), 0, 0, 130, 128, "Swallow")
    assert "sail-shot-away" in pen.rects
    s = ship("frigate")
    s["sail"] = "all"
    s["held"] = [{"card": "sail-shot-away"}, {"card": "sail-shot-away"}]
    assert P.panel_view(s, T).sails_at == "Topsail"              # two sails lost: a setting lower (L284-286)
