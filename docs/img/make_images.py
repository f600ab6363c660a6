"""Regenerate the README pictures: a blank WS&IM log (the 1974 Hit Record & Log Sheet), a damaged
one, an Advanced Game log from a game, a card page, a DGUTS sheet, a fleet's cover page, a grid
Ship Control Panel and a page of its damage-card deck, four frigates' logs to a page
(`--per-page 4`), and the first page of the quick-reference tables of the Advanced Game and of DGUTS,
each a page of a PDF made by the umpire command, rendered at 60 dpi (the Advanced log at 50).

Needs pdftoppm (Debian package poppler-utils). Run: python docs/img/make_images.py
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
UMPIRE = [sys.executable, "-c", "from umpire.cli import main; main()"]


def umpire(*args: str) -> None:
    subprocess.run([*UMPIRE, *args], check=True, stdout=subprocess.DEVNULL)


MARS = "14H-(5-4-4)M-9(1)G-7R(3)-5-21'-26(CR)"
HERCULE = "14H-(5-5-4)M-10(1)G-7R(3)-5-22'-23(AV)"


def picture(pdf: Path, name: str, page: int = 1, dpi: int = 60) -> None:
    stem = pdf.parent / name
    subprocess.run(["pdftoppm", "-png", "-r", str(dpi), "-f", str(page), "-l", str(page), "-singlefile", str(pdf),
                    str(stem)], check=True)
    shutil.copyfile(stem.with_suffix(".png"), HERE / f"{name}.png")
    print(HERE / f"{name}.png")


def page_count(pdf: Path) -> int:
    """Pages of a PDF (the quick-reference tables start after the sheets)."""
    import pypdf

    return len(pypdf.PdfReader(str(pdf)).pages)


def main() -> None:
    if not shutil.which("pdftoppm"):
        sys.exit("pdftoppm is needed: apt-get install poppler-utils")
    with tempfile.TemporaryDirectory() as tmp:
        t = Path(tmp)
        game = t / "demo.toml"
        umpire("demo", "--keep", str(game))
        umpire("--game", str(game), "sheet", "hercule", "-o", str(t / "damaged.pdf"))
        picture(t / "damaged.pdf", "wsim-sheet")
        umpire("sheet", "mars", "--scenario", "wsim-1b", "-o", str(t / "blank.pdf"))
        picture(t / "blank.pdf", "wsim-sheet-blank")
        umpire("--game", str(game), "cards", "-o", str(t / "cards.pdf"))
        picture(t / "cards.pdf", "wsim-cards")
        advanced(t)
        umpire("sheet", "--scenario", "dguts-constitution-guerriere", "-o", str(t / "dguts.pdf"))
        picture(t / "dguts.pdf", "dguts-sheet")
        umpire("cards", "--scenario", "dguts-constitution-guerriere", "-o", str(t / "dguts-cards.pdf"))
        picture(t / "dguts-cards.pdf", "dguts-cards")
        umpire("sheet", "--scenario", "wsim-2d", "--per-page", "4", "-o", str(t / "quarters.pdf"))
        picture(t / "quarters.pdf", "wsim-sheets-per-page", page=2)
        umpire("sheet", "--scenario", "trafalgar", "-o", str(t / "fleet.pdf"))
        picture(t / "fleet.pdf", "cover")
        umpire("sheet", "--scenario", "grid-swallow-royal-fortune", "-o", str(t / "grid.pdf"))
        picture(t / "grid.pdf", "grid-panel", page=2)
        umpire("cards", "--deck", "swallow", "--scenario", "grid-swallow-royal-fortune", "-o", str(t / "deck.pdf"))
        picture(t / "deck.pdf", "grid-deck")
        umpire("sheet", "--scenario", "dguts-constitution-guerriere", "--tables", "-o", str(t / "dguts-tables.pdf"))
        picture(t / "dguts-tables.pdf", "tables-dguts", page=page_count(t / "dguts.pdf") + 1)


def advanced(t: Path) -> None:
    """An Advanced Game duel: MARS's two broadsides into HERCULE with critical hits (the dice of
    tests/cases/wsim-1981/advanced-critical-hits.toml), then grapeshot loaded."""
    game = ["--game", str(t / "advanced.toml")]
    umpire("new", str(t / "advanced.toml"), "--ruleset", "wsim-1981", "--level", "advanced", "--seed", "5")
    umpire(*game, "ship", "add", "MARS", "--side", "british", "--spec", MARS, "--class", "SOL", "--turning", "1")
    umpire(*game, "ship", "add", "HERCULE", "--side", "french", "--spec", HERCULE, "--class", "SOL", "--turning", "2")
    umpire(*game, "fire", "mars", "--at", "hercule", "--range", "2", "--side", "left", "--facing", "right",
           "--hit-section", "bow", "--rolls", "6,1,3")
    umpire(*game, "fire", "mars", "--at", "hercule", "--range", "2", "--side", "right", "--aim", "rigging",
           "--facing", "right", "--hit-section", "bow", "--rolls", "6,1")
    umpire(*game, "load", "mars", "--side", "left", "--shot", "grape")
    umpire(*game, "sheet", "hercule", "-o", str(t / "advanced.pdf"))
    picture(t / "advanced.pdf", "wsim-sheet-advanced", dpi=50)
    umpire(*game, "sheet", "hercule", "--tables", "-o", str(t / "advanced-tables.pdf"))
    picture(t / "advanced-tables.pdf", "tables-wsim-advanced", page=page_count(t / "advanced.pdf") + 1)


if __name__ == "__main__":
    main()
