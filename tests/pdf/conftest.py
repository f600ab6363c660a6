"""Helpers for the printing tests: run the commands and read the PDFs back with pypdf."""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from pathlib import Path

import pypdf
import pytest
from click.testing import CliRunner

from umpire.cli import _register, cli
from umpire.core import game as gamefile
from umpire.core.state import Resolution, set_

FIXTURES = Path(__file__).parent / "fixtures"
MARS = "14H-(5-4-4)M-9(1)G-7R(3)-5-21'-26(CR)"
HERCULE = "14H-(5-5-4)M-10(1)G-7R(3)-5-22'-23(AV)"
# An X across a square is drawn as one path of two strokes: m l m l.
X_MARK = re.compile(rb"[-\d.]+ [-\d.]+ m [-\d.]+ [-\d.]+ l [-\d.]+ [-\d.]+ m [-\d.]+ [-\d.]+ l")


def run(*args: str):
    """`umpire ARGS...` through click's test runner; returns the result."""
    _register()
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


def pages(pdf: bytes | Path) -> list[pypdf.PageObject]:
    data = pdf.read_bytes() if isinstance(pdf, Path) else pdf
    return list(pypdf.PdfReader(io.BytesIO(data)).pages)


def text(page: pypdf.PageObject) -> str:
    return page.extract_text()


def stream(page: pypdf.PageObject) -> bytes:
    return page.get_contents().get_data()


def x_marks(page: pypdf.PageObject) -> int:
    """X marks drawn on a page."""
    return len(X_MARK.findall(stream(page)))


@dataclass(frozen=True)
class Printed:
    """A PDF printed once for the tests that read it: what the command printed, the pages and their text."""
    output: str
    pages: list[pypdf.PageObject]
    texts: list[str]


def _print_once(tmp_path_factory, *args) -> Printed:
    out = tmp_path_factory.mktemp("printed") / "out.pdf"
    res = run("--json", *args, "-o", out)
    assert res.exit_code == 0, res.output
    got = pages(out)
    return Printed(res.output, got, [text(p) for p in got])


@pytest.fixture(scope="session")
def trafalgar_sheets(tmp_path_factory) -> Printed:
    """`umpire --json sheet --scenario wsim-3b -o FILE`: Trafalgar's 57 sheets and their cover, printed and
    read once a test run (each page's text is extracted once; it takes a second for the whole fleet)."""
    return _print_once(tmp_path_factory, "sheet", "--scenario", "wsim-3b")


@pytest.fixture(scope="session")
def trafalgar_cards(tmp_path_factory) -> Printed:
    """`umpire --json cards --scenario wsim-3b -o FILE`: Trafalgar's 57 cards, printed and read once a run."""
    return _print_once(tmp_path_factory, "cards", "--scenario", "wsim-3b")


@pytest.fixture
def battle(umpire, tmp_path) -> Path:
    """MARS and HERCULE after three turns of the worked example duel (fixed dice)."""
    game = tmp_path / "game.toml"
    for cmd in (("new", game, "--ruleset", "wsim-1981", "--seed", "1798"),
                ("ship", "add", "MARS", "--side", "british", "--spec", MARS, "--class", "SOL", "--turning", "1"),
                ("ship", "add", "HERCULE", "--side", "french", "--spec", HERCULE, "--class", "SOL", "--turning", "1"),
                ("fire", "mars", "--at", "hercule", "--range", "4", "--side", "left", "--facing", "right", "--roll", "3"),
                ("fire", "hercule", "--at", "mars", "--range", "4", "--side", "right", "--facing", "left", "--roll", "6"),
                ("turn",),
                ("fire", "mars", "--at", "hercule", "--range", "2", "--side", "left", "--aim", "rigging",
                 "--facing", "right", "--roll", "5"),
                ("fire", "hercule", "--at", "mars", "--range", "2", "--side", "right", "--facing", "left",
                 "--roll", "1"),
                ("turn",)):
        res = umpire(*cmd)
        assert res.code == 0, (cmd, res.err)
    return game


# --- fonts ----------------------------------------------------------------------------------

def fonts_of(pdf) -> list[dict]:
    """The font dictionaries of every page."""
    out = []
    for page in pages(pdf):
        for font in page["/Resources"]["/Font"].values():
            out.append(font.get_object())
    return out


def font_sizes(page) -> list[float]:
    """The size of every text run set on a page, in points."""
    return [float(m) for m in re.findall(rb"/F\d+\+?\d* ([\d.]+) Tf", stream(page))]


# --- DGUTS ----------------------------------------------------------------------------------

# the Training Game's Ship B as a one-ship scenario
SHIP_B = """
format = 1
id = "training"
ruleset = "dguts"
title = "Training Game"

[[ships]]
id = "ship-b"
name = "Ship B"
side = "blue"
nation = "british"
tons = 580
men = 254
crew_factors = 12
guns = "12x24C,15x12"
"""


def training_numbers() -> dict[str, list[str]]:
    """Ship B's figures as the Training Game's data sheet gives them (OCR reads B as 8)."""
    excerpt = (FIXTURES / "dguts-training-ship-data-sheet.txt").read_text()
    masts = re.search(r"Ship 8: (\d+) points, (\d+) points, (\d+) points \(3, 6, and 9 X 29\)", excerpt)
    cf_value = re.search(r"Ship B: (\d+)\. (\d)\(580", excerpt)
    tenth = re.search(r"Ship 8: (\d+) points \(48\.3", excerpt)
    assert masts and cf_value and tenth
    return {"masts": list(masts.groups()), "cf_value": [f"{cf_value[1]}.{cf_value[2]}"], "tenth": [tenth[1]]}


def damaged_game(umpire, tmp_path):
    """Constitution v Guerriere with Guerriere's tracks set as after a hard fight."""
    path = tmp_path / "game.toml"
    assert umpire("new", path, "--scenario", "dguts-constitution-guerriere", "--seed", "1").code == 0
    g = gamefile.load(path)
    track = ["ships", "guerriere", "track"]
    g.record(Resolution("fire", "Constitution fires", [
        set_(track + ["damage_high"], 300.0), set_(track + ["damage_low"], 290.0), set_(track + ["sails_lost"], 4),
        set_(track + ["masts_lost"], 1), set_(track + ["crew_marks"], 2), set_(track + ["crew_factors"], 10.2),
    ]), {"command": "fire", "ship": "constitution", "at": "guerriere", "opts": {"side": "left"}})
    g.record(Resolution("turn", "turn 2 begins", [set_(["turn"], 2)]), {"command": "turn"})
    g.record(Resolution("morale", "Guerriere falls", [set_(track + ["morale"], "shaken")]),
             {"command": "morale", "ship": "guerriere"})
    gamefile.save(g)
    return path
