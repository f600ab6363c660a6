"""Every kind of page renders: each is drawn to PNG by poppler's pdftoppm (where it is installed)
without complaint, and is not blank."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from tests.pdf.conftest import run

pytestmark = pytest.mark.skipif(not shutil.which("pdftoppm"), reason="pdftoppm (poppler-utils) not installed")

KINDS = {
    "wsim-1974-log": ("sheet", "--scenario", "wsim-1b"),
    "wsim-cards": ("cards", "--scenario", "wsim-1b"),
    "wsim-tables": ("sheet", "mars", "--scenario", "wsim-1b", "--tables"),
    "dguts-sheet-and-tables": ("sheet", "--scenario", "dguts-constitution-guerriere", "--tables"),
    "dguts-cards": ("cards", "--scenario", "dguts-constitution-guerriere", "--paper", "letter"),
    "grid-panels-and-tables": ("sheet", "--scenario", "grid-swallow-royal-fortune", "--tables"),
    "grid-deck": ("cards", "--deck", "swallow", "--scenario", "grid-swallow-royal-fortune"),
    "cover": ("sheet", "--scenario", "dguts-essex-phoebe"),
}


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_kind_of_page_renders(tmp_path, kind):
    out = tmp_path / f"{kind}.pdf"
    assert run(*KINDS[kind], "-o", out).exit_code == 0
    done = subprocess.run(["pdftoppm", "-png", "-r", "20", str(out), str(tmp_path / "page")],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and not done.stderr.strip(), done.stderr
    pictures = sorted(tmp_path.glob("page*.png"))
    assert pictures and all(p.stat().st_size > 500 for p in pictures)
