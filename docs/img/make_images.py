"""Regenerate the README pictures: a blank WS&IM log, a damaged one, a card page, a DGUTS sheet, a
fleet's cover page, a grid Ship Control Panel and a page of its damage-card deck, each a page of a
PDF made by the umpire command, rendered at 60 dpi.

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


def picture(pdf: Path, name: str, page: int = 1) -> None:
    stem = pdf.parent / name
    subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", str(page), "-l", str(page), "-singlefile", str(pdf),
                    str(stem)], check=True)
    shutil.copyfile(stem.with_suffix(".png"), HERE / f"{name}.png")
    print(HERE / f"{name}.png")


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
        umpire("sheet", "--scenario", "dguts-constitution-guerriere", "-o", str(t / "dguts.pdf"))
        picture(t / "dguts.pdf", "dguts-sheet")
        umpire("cards", "--scenario", "dguts-constitution-guerriere", "-o", str(t / "dguts-cards.pdf"))
        picture(t / "dguts-cards.pdf", "dguts-cards")
        umpire("sheet", "--scenario", "trafalgar", "-o", str(t / "fleet.pdf"))
        picture(t / "fleet.pdf", "cover")
        umpire("sheet", "--scenario", "grid-swallow-royal-fortune", "-o", str(t / "grid.pdf"))
        picture(t / "grid.pdf", "grid-panel", page=2)
        umpire("cards", "--deck", "swallow", "--scenario", "grid-swallow-royal-fortune", "-o", str(t / "deck.pdf"))
        picture(t / "deck.pdf", "grid-deck")


if __name__ == "__main__":
    main()
