"""Tables drawn as text, without a layout library: the working of a command, a ship's tracks,
a few keys and values, a short listing.

The look is the usual one of a terminal table with no outer border: a heavy rule under the
header, light bars between columns, cells wrapped at word boundaries to fit the terminal's
width (`COLUMNS`, else the terminal's, else 80 columns) by narrowing the widest columns first.
Bold and dim are sent only to a terminal (and never with `NO_COLOR`). Every command prints
through here, so a command pays for no import it does not use.
"""

from __future__ import annotations

import os
import sys

BOLD, DIM, ITALIC, RESET = "\x1b[1m", "\x1b[2m", "\x1b[3m", "\x1b[0m"


def width() -> int:
    """The columns to fit: `COLUMNS` if set, else the terminal's, else 80."""
    cols = os.environ.get("COLUMNS", "")
    if cols.isdigit() and int(cols) > 0:
        return int(cols)
    if sys.stdout.isatty():
        try:
            return os.get_terminal_size(sys.stdout.fileno()).columns or 80
        except (OSError, ValueError):
            return 80
    return 80


def styled() -> bool:
    return sys.stdout.isatty() and not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb"


class Table:
    """Columns of text. `pad_edge=False` drops the space before the first and after the last
    column; `title_left` puts the title at the left rather than over the middle."""

    def __init__(self, title: str = "", header: list[str] | None = None, styles: list[str] | None = None,
                 pad_edge: bool = True, title_left: bool = False) -> None:
        self.title, self.header, self.styles = title, header, list(styles or [])
        self.pad_edge, self.title_left = pad_edge, title_left
        self.rows: list[list[str]] = []

    def add_row(self, *cells: str) -> None:
        self.rows.append([str(c) for c in cells])

    def lines(self, max_width: int | None = None, style: bool = False) -> list[str]:
        return _lines(self, width() if max_width is None else max_width, style)


def print_table(table: Table) -> None:
    sys.stdout.write("\n".join(table.lines(style=styled())) + "\n")


def _pads(n: int, pad_edge: bool) -> list[tuple[int, int]]:
    return [(1 if (pad_edge or i > 0) else 0, 1 if (pad_edge or i < n - 1) else 0) for i in range(n)]


def _reduce(total: int, ratios: list[int], most: list[int], values: list[int]) -> list[int]:
    """Take `total` columns from `values` in proportion to `ratios`, no more than `most` from each."""
    ratios = [r if m else 0 for r, m in zip(ratios, most)]
    left, weight, out = total, sum(ratios), []
    for r, m, v in zip(ratios, most, values):
        if r and weight > 0:
            cut = min(m, round(r * left / weight))
            out.append(v - cut)
            left -= cut
            weight -= r
        else:
            out.append(v)
    return out


def _fit(widths: list[int], max_width: int) -> list[int]:
    """Narrow the widest columns toward the next widest until the total fits; if every column is
    as narrow as that allows, narrow them all evenly."""
    excess = sum(widths) - max_width
    while excess > 0:
        top = max(widths)
        second = max((w for w in widths if w != top), default=0)
        if top == second or second == 0 and all(w == top for w in widths):
            break
        widths = _reduce(excess, [1 if w == top else 0 for w in widths], [min(excess, top - second)] * len(widths),
                         widths)
        excess = sum(widths) - max_width
    if excess > 0:
        widths = _reduce(excess, [1] * len(widths), widths, widths)
    return [max(w, 1) for w in widths]


def _whole_words(widths: list[int], least: list[int], max_width: int) -> list[int]:
    """Widen any column narrower than its longest word, taking the columns from those with the most to
    spare. When the longest words cannot all fit, the first columns (a key, an id: what is typed) keep
    theirs and the last give way, down to a few columns each."""
    least = list(least)
    for i in reversed(range(len(least))):
        over = sum(least) - max_width
        if over > 0:
            least[i] = max(min(least[i], 6), least[i] - over)
    if sum(least) > max_width or all(w >= m for w, m in zip(widths, least)):
        return widths
    widths = [max(w, m) for w, m in zip(widths, least)]
    for _ in range(sum(widths) - max_width):
        spare = max(range(len(widths)), key=lambda i: widths[i] - least[i])
        widths[spare] -= 1
    return widths


def wrap(text: str, w: int) -> list[str]:
    """`text` in lines of at most `w` columns, broken at spaces; a longer word is folded."""
    w = max(1, w)
    out: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            if not word:
                if line and len(line) < w:
                    line += " "
                continue
            cand = f"{line} {word}" if line and not line.endswith(" ") else line + word
            if len(cand) <= w:
                line = cand
                continue
            if line.strip():
                out.append(line.rstrip())
            folds = range(0, len(word) - w, w) if len(word) > w else ()   # linear in the word's length
            out += [word[i:i + w] for i in folds]
            line = word[len(folds) * w:] if folds else word
        out.append(line.rstrip())
    return out or [""]


def _lines(t: Table, max_width: int, style: bool) -> list[str]:
    rows = t.rows
    n = len(t.header) if t.header else max((len(r) for r in rows), default=0)
    if n == 0:
        return [t.title] if t.title else []
    cells = ([t.header] if t.header else []) + [r + [""] * (n - len(r)) for r in rows]
    pads = _pads(n, t.pad_edge)
    natural = [max(max((len(x) for x in c[i].splitlines()), default=0) for c in cells) + sum(pads[i]) for i in range(n)]
    inner = max_width - (n - 1)
    if sum(natural) <= inner:
        widths = natural
    else:   # a word (a ruling key, a ship id) is folded only when the columns' longest words cannot all fit
        least = [max((len(w) for c in cells for w in c[i].split()), default=0) + sum(pads[i]) for i in range(n)]
        widths = _whole_words(_fit(natural, inner), least, inner)
    table_width = sum(widths) + n - 1
    out: list[str] = []
    if t.title:
        for line in wrap(t.title, table_width):
            if not t.title_left and len(line) < table_width:
                line = " " * ((table_width - len(line)) // 2) + line
            out.append((ITALIC + line + RESET) if style else line)
    styles = (t.styles + [""] * n)[:n]

    def draw(row: list[str], bar: str, head: bool) -> list[str]:
        parts = [wrap(c, max(1, widths[i] - sum(pads[i]))) for i, c in enumerate(row)]
        height = max(len(p) for p in parts)
        lines = []
        for k in range(height):
            segs = []
            for i, p in enumerate(parts):
                text = p[k] if k < len(p) else ""
                body = text.ljust(widths[i] - sum(pads[i]))
                code = BOLD if head else {"bold": BOLD, "dim": DIM}.get(styles[i], "")
                if style and code and text:
                    body = code + body + RESET
                segs.append(" " * pads[i][0] + body + " " * pads[i][1])
            lines.append(bar.join(segs).rstrip())
        return lines

    if t.header:
        out += draw(t.header, "┃", True)
        out.append("╇".join("━" * w for w in widths))
    for r in cells[1 if t.header else 0:]:
        out += draw(r, "│", False)
    return out
