"""The TrueType fonts every page is set in, shipped in templates/fonts/ with their licence.

DejaVu Sans Condensed covers Latin, Greek and Cyrillic (and much more), so a
Russian, Greek or Polish ship name prints as written and can be copied out
of the PDF; reportlab embeds the subset of glyphs a document uses. A
template names its fonts by file name without ``.ttf``.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from umpire.core.errors import BadInput
from umpire.core.resources import resource_dir


def font_dir() -> Path:
    return resource_dir("templates") / "fonts"


def font_names() -> list[str]:
    """The fonts a template may name: the .ttf files shipped in templates/fonts/."""
    return sorted(p.stem for p in font_dir().glob("*.ttf"))


def check_font(name: str, where: str) -> None:
    """Refuse a template font that is not shipped."""
    if not (font_dir() / f"{name}.ttf").is_file():
        raise BadInput(f"template {where}: font {name!r} is not in {font_dir()}; use one of "
                       f"{', '.join(font_names()) or 'none (the fonts folder is missing)'}")


@lru_cache(maxsize=None)
def register(name: str) -> str:
    """Register the TrueType font `name` with reportlab once; returns the name."""
    pdfmetrics.registerFont(TTFont(name, str(font_dir() / f"{name}.ttf")))
    return name


def missing_glyphs(text: str, name: str) -> set[str]:
    """The characters of `text` the font `name` has no glyph for (spaces and controls aside)."""
    face = pdfmetrics.getFont(register(name)).face
    return {c for c in text if not c.isspace() and ord(c) >= 32 and ord(c) not in face.charToGlyph}
