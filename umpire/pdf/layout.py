"""Page layouts as validated specification objects, read from templates/*.toml.

Every length, font and column width a drawer uses comes from a template
file; the code only adds and compares them. Lengths in the templates are
millimetres and are turned into PDF points here; font sizes and line widths
are already points. A template that lacks a key, gives the wrong type, or
does not fit its paper is refused with a message naming the file and key.
"""

from __future__ import annotations

import tomllib
import typing
from dataclasses import dataclass, fields
from functools import lru_cache
from pathlib import Path
from typing import Any, ClassVar, TypeVar

from umpire.core.errors import BadInput
from umpire.core.resources import resource_dir
from umpire.pdf.fonts import check_font
from umpire.pdf.paging import Cell, page_cells

MM = 72.0 / 25.4   # PDF points per millimetre
T = TypeVar("T")

SMALLEST_TEXT = 6.0   # points: no text is printed smaller (contracts/printing.md)
#: what a layout's fixed part needs of the page: (what, the length it needs, the room there is)
Need = tuple[str, float, float]


# --- sections shared by every layout ------------------------------------------

@dataclass(frozen=True, slots=True)
class Paper:
    """A sheet of paper, in points."""

    name: str
    width: float
    height: float


@dataclass(frozen=True, slots=True)
class Fonts:
    """Font names (TrueType files in templates/fonts/, without .ttf) and sizes in points."""

    regular: str
    bold: str
    title: float
    heading: float
    text: float
    small: float
    note: float
    min_size: float
    leading: float


@dataclass(frozen=True, slots=True)
class Ink:
    """Line widths in points and grey levels (0 black, 1 white)."""

    rule: float
    box: float
    mark: float
    mark_inset: float
    unused_grey: float
    band_grey: float
    cut_dash: float


@dataclass(frozen=True, slots=True)
class Page:
    margin: float
    footer: float


@dataclass(frozen=True, slots=True)
class Title:
    height: float
    gap: float


@dataclass(frozen=True, slots=True)
class Header:
    line: float
    label: float
    column_gap: float
    attitude: float
    speed: float
    gap: float


@dataclass(frozen=True, slots=True)
class Boxes:
    size: float
    gap: float
    per_row: int
    heading: float
    label: float
    row_gap: float
    group_gap: float


@dataclass(frozen=True, slots=True)
class Panel:
    """The legend and briefing beside the squares: the least width it takes there, and its gap."""

    min_width: float
    gap: float


@dataclass(frozen=True, slots=True)
class Turns:
    header: float
    row: float
    across: int
    grid_gap: float
    turn: float
    load: float
    move: float
    min_rows: int
    game_rows: int       # turn rows a ship's sheet holds at least, continuation pages included


@dataclass(frozen=True, slots=True)
class Card:
    width: float
    height: float
    padding: float
    line: float
    gap: float
    footer_edge: float     # the footer's baseline above the paper's foot (printers clip what is nearer)


@dataclass(frozen=True, slots=True)
class Cover:
    line: float
    widths_wsim: tuple[float, ...]
    widths_dguts: tuple[float, ...]


@dataclass(frozen=True, slots=True)
class Fields:
    line: float
    label: float
    column_gap: float
    gap: float


@dataclass(frozen=True, slots=True)
class Armament:
    line: float
    widths: tuple[float, ...]
    gap: float


@dataclass(frozen=True, slots=True)
class Ladder:
    """DGUTS damage ladders: a title line, then one box per step with its value under it."""

    title: float
    box: float
    step: float
    per_row: int
    label: float
    row_gap: float
    caption: float
    gap: float


@dataclass(frozen=True, slots=True)
class Log:
    """DGUTS turn log: turn, orders and move, fire, high and low damage totals, notes (the rest)."""

    header: float
    row: float
    turn: float
    move: float
    fire: float
    high: float
    low: float
    min_rows: int
    game_rows: int       # turn rows a ship's sheet holds at least, continuation pages included


# --- the cover's layout (each rule family's own are in pdf/<family>/layout.py) ----------

@dataclass(frozen=True, slots=True)
class CoverLayout:
    """A fleet's cover page: title band, briefing and the ships by side (templates/cover.toml)."""

    template: ClassVar[str] = "cover"

    paper: Paper
    page: Page
    fonts: Fonts
    ink: Ink
    title: Title
    cover: Cover

    def needs(self, width: float, height: float) -> list[Need]:
        """What its fixed parts need of the page's `width` and `height`: (what, needed, room)."""
        return [(f"[cover] {key}", sum(getattr(self.cover, key)), width) for key in ("widths_wsim", "widths_dguts")]


# Sections whose numbers are already points or plain ratios; all others are mm.
_UNSCALED = (Fonts, Ink)


def load_layout(kind: type[T], paper: str, name: str = "") -> T:
    """The layout `kind` on `paper` ("a4", "letter", ...), checked against its template file:
    the kind's own (its `template`), or `name` (a template of the same kind, e.g.
    "wsim-sheet-advanced"). A kind is a dataclass of sections (the classes above) with a
    `needs(width, height)` method listing what its fixed parts need of the page; each rule family
    declares its own kinds (`pdf/<family>/layout.py`)."""
    name = name or kind.template
    return _build(kind, _layered(name), load_paper(paper), template_path(name))


@dataclass(frozen=True, slots=True)
class Cells:
    """A page shared by several sheets: what is kept clear at the paper's edges (the cells tile the rest)."""

    edge: float


def load_cells(kind: type[T], paper: str, name: str, per_page: int) -> tuple[T, tuple[float, float], tuple[Cell, ...]]:
    """The layout of one cell of a page shared by `per_page` sheets (`sheet --per-page`): the template
    `name` (or the kind's own) with `<the kind's template>-<per_page>up` laid over it, section by
    section, on a paper the cell's size; with the page's size and its cells (`paging.page_cells`)."""
    over = f"{kind.template}-{per_page}up"
    path = template_path(over)
    cover = _layered(over)
    if not isinstance(cover.get("cells"), dict):
        raise BadInput(f"template {path}: section [cells] is missing")
    edge = _section(Cells, cover["cells"], f"{path}: [cells]").edge
    full = load_paper(paper)
    size, cells = page_cells(full.width, full.height, per_page, edge)
    cell = Paper(f"{full.name}, {per_page} to a page", cells[0].width, cells[0].height)
    return _build(kind, _merge(_layered(name or kind.template), cover), cell, path), size, cells


def _build(kind: type[T], doc: dict, paper: Paper, path: Path) -> T:
    """The layout `kind` from a template's sections on `paper`, checked (fonts, fit)."""
    values: dict[str, Any] = {"paper": paper}
    hints = typing.get_type_hints(kind)
    for f in fields(kind):
        if f.name == "paper":
            continue
        section = doc.get(f.name)
        if not isinstance(section, dict):
            raise BadInput(f"template {path}: section [{f.name}] is missing")
        values[f.name] = _section(hints[f.name], section, f"{path}: [{f.name}]")
    layout = kind(**values)
    _check_fonts(layout, path)
    _check_fit(layout, path)
    return layout


def load_paper(name: str) -> Paper:
    """A paper size from templates/paper.toml, by name (case-insensitive)."""
    path = template_path("paper")
    doc = read_template(path)
    sizes = {k: v for k, v in doc.items() if isinstance(v, dict)}
    key = name.strip().lower()
    if key not in sizes:
        raise BadInput(f"paper {name!r}: use one of {', '.join(sorted(sizes))}")
    size = _section(Paper, {"name": key, **sizes[key]}, f"{path}: [{key}]")
    return size


def _layered(name: str, seen: tuple[str, ...] = ()) -> dict:
    """A template's sections, over those of the template its `base` names (section by section,
    key by key), so a variant lists only what differs."""
    path = template_path(name)
    doc = read_template(path)
    base = doc.get("base")
    if base is None:
        return doc
    if not isinstance(base, str) or not base or base in seen + (name,):
        raise BadInput(f"template {path}: base {base!r} must name another template (no loops)")
    return _merge(_layered(base, seen + (name,)), doc)


def _merge(under: dict, over: dict) -> dict:
    """A template's sections with those of `over` laid on them, section by section, key by key."""
    out = {k: (dict(v) if isinstance(v, dict) else v) for k, v in under.items()}
    for key, value in over.items():
        if key == "base":
            continue
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = {**out[key], **value}
        else:
            out[key] = value
    return out


def paper_names() -> list[str]:
    doc = read_template(template_path("paper"))
    return sorted(k for k, v in doc.items() if isinstance(v, dict))


def template_path(name: str) -> Path:
    return Path(resource_dir("templates")) / f"{name}.toml"


@lru_cache(maxsize=None)
def read_template(path: Path) -> dict:
    """A template file's tables (read once); a missing or broken file is refused naming it."""
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise BadInput(f"template {path} is missing") from None
    except tomllib.TOMLDecodeError as exc:
        raise BadInput(f"template {path}: {exc}") from None


def _section(cls: type[T], table: dict, where: str) -> T:
    """Build one section dataclass from its TOML table, converting mm to points."""
    scale = 1.0 if cls in _UNSCALED else MM
    hints = typing.get_type_hints(cls)
    values: dict[str, Any] = {}
    for f in fields(cls):
        if f.name not in table:
            raise BadInput(f"template {where} lacks {f.name!r}")
        values[f.name] = _value(hints[f.name], table[f.name], f"{where} {f.name}", scale)
    return cls(**values)


def _value(hint: Any, raw: Any, where: str, scale: float) -> Any:
    if hint is str:
        if not isinstance(raw, str) or not raw:
            raise BadInput(f"template {where}: expected text, got {raw!r}")
        return raw
    if hint is int:
        if isinstance(raw, bool) or not isinstance(raw, int) or raw < 1:
            raise BadInput(f"template {where}: expected a whole number of at least 1, got {raw!r}")
        return raw
    if hint is float:
        return _length(raw, where) * scale
    if typing.get_origin(hint) is tuple:
        if not isinstance(raw, list) or not raw:
            raise BadInput(f"template {where}: expected a list of numbers, got {raw!r}")
        return tuple(_length(r, where) * scale for r in raw)
    raise TypeError(f"layout field type {hint!r} is not supported")


def _length(raw: Any, where: str) -> float:
    if isinstance(raw, bool) or not isinstance(raw, (int, float)) or raw < 0:
        raise BadInput(f"template {where}: expected a number of 0 or more, got {raw!r}")
    return float(raw)


def _check_fonts(layout: Any, path: Path) -> None:
    """Fonts must be shipped TrueType files, and no size may be under the smallest printed text."""
    fonts: Fonts = layout.fonts
    for key in ("regular", "bold"):
        check_font(getattr(fonts, key), f"{path}: [fonts] {key}")
    for key in ("title", "heading", "text", "small", "note", "min_size"):
        if getattr(fonts, key) < SMALLEST_TEXT:
            raise BadInput(f"template {path}: [fonts] {key} {getattr(fonts, key):g} pt is under the smallest "
                           f"printed text, {SMALLEST_TEXT:g} pt")


def _check_fit(layout: Any, path: Path) -> None:
    """Refuse a layout whose fixed parts are wider or taller than its paper."""
    width = layout.paper.width - 2 * layout.page.margin
    height = layout.paper.height - 2 * layout.page.margin - layout.page.footer
    if width <= 0 or height <= 0:
        raise BadInput(f"template {path}: [page] margin leaves no room on {layout.paper.name} paper")
    needs = layout.needs(width, height)
    for what, need, room in needs:
        if need > room + 1e-6:
            raise BadInput(f"template {path}: {what} need {need / MM:.1f} mm but {layout.paper.name} paper "
                           f"leaves {room / MM:.1f} mm")
