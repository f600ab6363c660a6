"""The square-grid game's quick-reference tables as its rule summary gives them: the movement table
(squares by sailing class and sail setting); the others print as labelled rows."""

from __future__ import annotations

from typing import Mapping, Sequence

from umpire.pdf.tables import Block, Ctx, Head, Row, generic, title_case


def movement(doc: Mapping, ctx: Ctx) -> Sequence[Block]:
    """Squares moved by sailing class (rows) and sail setting (columns); the rest as labelled rows."""
    names = doc.get("setting_names") or [title_case(s) for s in doc.get("settings", [])]
    classes = doc.get("classes", {})
    rows = tuple(Row(f"Class {c}", tuple(ctx.cell(v, "classes", c, i) for i, v in enumerate(values)))
                 for c, values in classes.items())
    table = Block("Movement", str(doc.get("source", "")), rows, corner="Sailing class",
                  heads=((Head("Sail setting", len(names)),), tuple(Head(n) for n in names)))
    rest = {k: v for k, v in doc.items() if k not in ("classes", "settings", "setting_names", "source")}
    return (table, *generic(rest, ctx))


SHAPERS = {"movement": movement}
