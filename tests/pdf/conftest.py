"""Helpers for the printing tests: run the commands and read the PDFs back with pypdf."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pypdf
import pytest
from click.testing import CliRunner

from umpire.cli import _register, cli

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
