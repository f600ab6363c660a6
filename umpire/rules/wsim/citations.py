"""Rule citations as data: each WS&IM edition's working cites its own text's sections.

The shared WS&IM code names a rule by its 1981 section ("Basic VI.A.2", "Advanced V.C.4",
"Optional Rules VII.B"): that name is the *key*. The game's `citations` table (in its data
folder: `data/wsim-1981/citations.toml`, `data/wsim-1974/citations.toml`,
`data/wsim-te26/citations.toml`) says how its own text cites that rule. An edition's table
stands alone (``replace = true``): nothing comes from the 1981 layer, `cite` refuses a key the
table does not list, and tests/rulesets/wsim_1981/test_citations.py fails on any key the code
cites that a table lacks. A table lists a key either under `sections` (its own section) or
under `absent` (its text has no such section; what the working shows instead, with the reading
in docs/rulings.md).

`cited` runs every source and refusal of a resolution through the table, so the 1981 rule
modules, reused by the editions, never show a 1981 section in a 1974 or Tournament game.
"""

from __future__ import annotations

import re
from typing import Any

from umpire.core.errors import BadInput, UmpireError
from umpire.core.ruleset import Plan
from umpire.core.state import Resolution, Step

TABLE = "citations"
_PREFIX = r"Basic|Advanced|Optional Rules|Optional|Introduction"
_REF = r"[IVX]+(?:\.[A-Za-z0-9]+)*(?:-[A-Za-z0-9]+(?:\.[A-Za-z0-9]+)*)?"
#: a 1981 reference: its part of the text, then sections of the same part ("Basic IX.C.3, IX.C.6");
#: the patterns are compiled on first use (re keeps them), not when a command starts
REFERENCE = rf"\b(?P<part>{_PREFIX}) (?P<refs>{_REF}(?:(?:, | and ){_REF}\b)*)\b"
_SEP = r"(, | and )"


_memo: dict[tuple[str, str], str] = {}
MEMO_SIZE = 4096


def keys_in(text: str) -> list[str]:
    """The citation keys a text names, in order: "Basic IX.C.3, IX.C.6" -> both sections."""
    return [f"{m['part']} {ref}" for m in re.compile(REFERENCE).finditer(text)
            for ref in re.compile(_SEP).split(m["refs"])[::2]]


def _listed(tables, key: str) -> bool:
    """Whether the game's table gives `key` (as a section of its text or as absent from it)."""
    table = tables[TABLE]
    return key in table.get("sections", {}) or key in table.get("absent", {})


def cite(tables, key: str) -> str:
    """How the game's text cites the rule the 1981 text numbers `key`."""
    table = tables[TABLE]
    for group in ("sections", "absent"):
        shown = table.get(group, {}).get(key)
        if shown is not None:
            return shown
    raise BadInput(f"data/{tables.ruleset}/{TABLE}.toml: no entry for {key!r} (add it under [sections], "
                   "or under [absent] if the text has no such section)")


def translate(tables, text: str) -> str:
    """`text` with every 1981 reference in it cited as the game's text cites it."""
    if not text:
        return text
    memo = not tables.rulings or not any(k.split(".", 1)[0] == TABLE for k in tables.rulings)
    if memo:
        out = _memo.get((tables.ruleset, text))
        if out is not None:
            return out
    out = re.compile(REFERENCE).sub(lambda m: _cited(tables, m), text) if re.compile(REFERENCE).search(text) else text
    if memo:
        if len(_memo) > MEMO_SIZE:
            _memo.clear()
        _memo[tables.ruleset, text] = out
    return out


def _cited(tables, match: re.Match) -> str:
    """One reference of several sections: each cited, the words they share said once
    ("Advanced V.A, XI"; "1974 Optional Rules: Anchors 4, 6"). Words that only look like a
    reference (a ship's name quoted in a message) are left as they are: every key the code cites
    is in every table (tests/rulesets/wsim_1981/test_citations.py)."""
    parts = re.compile(_SEP).split(match["refs"])
    keys = [f"{match['part']} {parts[i]}" for i in range(0, len(parts), 2)]
    if not all(_listed(tables, key) for key in keys):
        return match.group(0)
    seen: list[str] = []
    out = ""
    for i, key in zip(range(0, len(parts), 2), keys):
        one = cite(tables, key)
        if one in seen:
            continue
        if seen:
            out += parts[i - 1] + one[_shared(seen[0], one):]
        else:
            out = one
        seen.append(one)
    return out


def _shared(first: str, other: str) -> int:
    """The length of the words `other` begins with as `first` does (up to a space)."""
    n = 0
    while n < min(len(first), len(other)) and first[n] == other[n]:
        n += 1
    if n == len(other):
        return 0
    if n == len(first):
        return 0     # a section, then one of its items: both in full
    return first.rfind(" ", 0, n) + 1


def steps(tables, working: list[Step]) -> list[Step]:
    """The working with each step's source cited by the game's text."""
    return [s if not s.source or (new := translate(tables, s.source)) == s.source else Step(s.step, s.value, new)
            for s in working]


def resolution(tables, res: Resolution) -> Resolution:
    """The resolution with its working, and the sources its result shows, cited by the game's text.
    The effects are left as they are: a game journalled before keeps verifying."""
    res.working = steps(tables, res.working)
    res.data = shown(tables, res.data)
    return res


def shown(tables, value: Any) -> Any:
    """`value` with each "source" in it cited by the game's text: a copy where one changes (the
    result's data may share its tables with the effects)."""
    if isinstance(value, dict):
        new = {k: translate(tables, v) if k == "source" and isinstance(v, str) else shown(tables, v)
               for k, v in value.items()}
        return value if all(new[k] is value[k] for k in value) else new
    if isinstance(value, list):
        new = [shown(tables, v) for v in value]
        return value if all(a is b for a, b in zip(new, value)) else new
    return value


def error(tables, exc: UmpireError) -> UmpireError:
    """A refusal or bad input whose message cites the game's text."""
    text = str(exc)
    new = translate(tables, text)
    if new == text:
        return exc
    out = type(exc)(new)
    out.__dict__.update(exc.__dict__)
    return out


def cited(tables, planned: Any) -> Any:
    """A Plan or Resolution whose working and refusals cite the game's text."""
    if isinstance(planned, Resolution):
        return resolution(tables, planned)
    if isinstance(planned, Plan):
        resolve = planned.resolve

        def resolve_cited(rolls, strict=False):
            try:
                return cited(tables, resolve(rolls, strict))
            except UmpireError as exc:
                raise error(tables, exc) from None
        return planned.replace(resolve=resolve_cited)
    return planned
