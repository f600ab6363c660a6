"""Nearest matches for a mistyped name, as `git` suggests a command: by prefix and by edit distance.

Pure and small, so a refusal anywhere (command line, ship lookup, scenario lookup) can say what was
probably meant without listing every valid value."""

from __future__ import annotations

from collections.abc import Iterable

#: at most this many suggestions
LIMIT = 5


def distance(a: str, b: str) -> int:
    """Edit distance (insert, delete, substitute, swap two neighbours), each costing one."""
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        row = [i]
        for j, cb in enumerate(b, 1):
            cost = min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                cost = min(cost, prev2[j - 2] + 1)
            row.append(cost)
        prev2, prev = prev, row
    return prev[-1]


def nearest(word: str, choices: Iterable[str], limit: int = LIMIT) -> list[str]:
    """The choices that start with `word`, then those within a few edits of it, nearest first."""
    key = word.strip().lower()
    if not key:
        return []
    allowed = max(1, min(3, len(key) // 3))
    scored = []
    for choice in dict.fromkeys(choices):
        low = choice.lower()
        if low.startswith(key):
            scored.append((0, len(low), choice))
            continue
        d = distance(key, low)
        if len(key) >= 4 and distance(key, low[:len(key)]) <= 1:   # one slip in a prefix (`trafalger` for
            d = min(d, 1)                                            # `trafalgar-1805`); short words match too much
        if d <= allowed:
            scored.append((d, len(low), choice))
    return [c for _, _, c in sorted(scored)[:limit]]


def some(names: list[str], limit: int = LIMIT) -> str:
    """The first few names, comma-separated, and how many more there are."""
    more = f" and {len(names) - limit} more" if len(names) > limit else ""
    return ", ".join(names[:limit]) + more


def did_you_mean(word: str, choices: Iterable[str], limit: int = LIMIT) -> str:
    """`; did you mean `a` or `b`?` for the nearest choices, or "" when none is near."""
    hits = nearest(word, choices, limit)
    if not hits:
        return ""
    quoted = [f"`{h}`" for h in hits]
    listed = quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]
    return f"; did you mean {listed}?"
