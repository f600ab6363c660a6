"""The move column's notation (Basic IV.B, V.B.4; Advanced V.B): numbers of hexes straight
ahead, `L`/`R` for 60 degree turns, `B` for a movement factor spent backing sails, `0` alone for
no move and `D` for a drifting turn, read into orders and written back."""

from __future__ import annotations

import re

from umpire.core.errors import BadInput

_TOKEN = r"(\d+)|([LRBD])"
_SEPARATORS = r"[\s,.;/-]+"


def parse(notation: str) -> list[tuple[str, object]]:
    """The written move as orders: ("turn", "L"|"R"), ("hex", n), ("back", 1), ("drift", "D").
    `0` alone is no move (an empty list). Anything else is bad input naming what is wrong."""
    chunks = [c for c in re.compile(_SEPARATORS).split(str(notation or "").upper()) if c]
    if not chunks:
        raise BadInput("move: the notation is empty; write 0 for a ship that does not move (Basic IV.B.6)")
    if chunks == ["0"]:
        return []
    orders: list[tuple[str, object]] = []
    for text in chunks:
        pos = 0
        while pos < len(text):
            m = re.compile(_TOKEN).match(text, pos)
            if not m:
                raise BadInput(f"move notation {notation!r}: {text[pos]!r} is not a move mark "
                               "(numbers of hexes, L or R turns, B backing sails, D drift, or 0 alone)")
            if m.group(1):
                n = int(m.group(1))
                if n == 0:
                    raise BadInput(f"move notation {notation!r}: 0 is written alone, for a ship that does not move")
                orders.append(("hex", n))
            else:
                mark = m.group(2)
                orders.append({"L": ("turn", "L"), "R": ("turn", "R"), "B": ("back", 1),
                               "D": ("drift", "D")}[mark])
            pos = m.end()
    if sum(1 for k, _ in orders if k == "drift") > 1:
        raise BadInput(f"move notation {notation!r}: D is written once for a drifting turn (Basic V.B.4)")
    if any(k == "drift" for k, _ in orders) and any(k in ("hex", "back") for k, _ in orders):
        raise BadInput(f"move notation {notation!r}: D (drift) is written for a ship that does not move from "
                       "her hex; she may only turn in place as well (Basic V.B.1)")
    return orders


def written(orders) -> str:
    """Orders as the move column shows them (L1R1, BBB1; 0 for none)."""
    return "".join(str(v) if k == "hex" else "B" if k == "back" else str(v) for k, v in orders) or "0"


def order_units(orders) -> list[str]:
    """The orders factor by factor (a hex, a turn, a backing), to compare a move with its first part."""
    out: list[str] = []
    for kind, value in orders:
        out += ["1"] * value if kind == "hex" else ["B"] if kind == "back" else [str(value)] if kind == "turn" else []
    return out
