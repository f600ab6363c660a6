"""The TrueType fonts every page is set in, shipped in templates/fonts/ with their licence.

DejaVu Sans Condensed covers Latin, Greek and Cyrillic (and much more), so a
Russian, Greek or Polish ship name prints as written and can be copied out
of the PDF; reportlab embeds the subset of glyphs a document uses. A
template names its fonts by file name without ``.ttf``.

Characters the template's fonts lack (Chinese, Japanese, Korean) are set in the
fallback font, Droid Sans Fallback (Apache License 2.0, from Debian's
fonts-droid-fallback): `font_runs` splits a text into runs of one font each. A
character neither has is named by `missing_glyphs`.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from umpire.core.errors import BadInput
from umpire.core.resources import resource_dir


def font_dir() -> Path:
    return Path(resource_dir("templates")) / "fonts"


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


#: the font for the characters a template's fonts lack (CJK among them)
FALLBACK = "DroidSansFallback"


@lru_cache(maxsize=None)
def glyphs(name: str) -> frozenset[int]:
    """The code points the font `name` has a glyph for."""
    return frozenset(pdfmetrics.getFont(register(name)).face.charToGlyph)


@lru_cache(maxsize=None)
def fallback() -> str:
    """The fallback font's name, registered; "" where its file is not shipped."""
    return register(FALLBACK) if (font_dir() / f"{FALLBACK}.ttf").is_file() else ""


def _ok(c: str, have: frozenset[int]) -> bool:
    return ord(c) in have or ord(c) < 33


def font_runs(text: str, name: str) -> list[tuple[str, str]]:
    """`text` as runs of (text, font): the font `name` where it has the glyph, else the fallback
    where it has, else `name` (which prints an empty box)."""
    have = glyphs(name)
    if all(_ok(c, have) for c in text):
        return [(text, name)]
    other = fallback()
    spare = glyphs(other) if other else frozenset()
    runs: list[tuple[str, str]] = []
    for c in text:
        font = name if _ok(c, have) or ord(c) not in spare else other
        if runs and runs[-1][1] == font:
            runs[-1] = (runs[-1][0] + c, font)
        else:
            runs.append((c, font))
    return runs


def missing_glyphs(text: str, name: str) -> set[str]:
    """The characters of `text` neither the font `name` nor the fallback has a glyph for (spaces
    and controls aside): they print as empty boxes."""
    have = glyphs(name)
    lacking = {c for c in text if not c.isspace() and not _ok(c, have)}
    if not lacking:
        return set()              # (the fallback font is read only when a page needs it)
    other = fallback()
    spare = glyphs(other) if other else frozenset()
    return {c for c in lacking if ord(c) not in spare}
