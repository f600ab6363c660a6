"""What the careless-input tests share: hostile values, a game file changed at any path, and the
check that a command ended in exit 0, 1 or 2 without a traceback and, if refused, left the file alone."""

from __future__ import annotations

import math
from pathlib import Path

import tomli_w
from hypothesis import strategies as st

VALUES = ["mars", "hercule", "constitution", "guerriere", "g", "", " ", "left", "right", "port", "bow", "hull",
          "high", "3", "0", "-1", "7", "2.5", "1,2", "6,6,6", "inf", "-inf", "nan", "1e400", "1e-400",
          "99999999999999999999999999", "-99999999999999999999", "distance=", "=", "range=nan", "x=1", "calibres=",
          "shot=", "A", "E", "wsim-1981", "dguts", "trafalgar", "hdt.modifiers.rake", "[1,2]", "{a=1}",
          "=HYPERLINK(\"x\")", "+1", "@SUM(A1)", "\x1b[31mred\x1b[0m", "\x00", "名前", "a" * 300,
          "30x24,22x32C", "100000x24", "0x24", "5x0", "14H-(5-4-4)M-9(1)G-7R(3)-5-21'-26(CR)", "game.toml",
          "/dev/zero", "out.csv", "out.pdf", "-"]

leaf = st.one_of(st.integers(min_value=-2**70, max_value=2**70), st.floats(allow_nan=True, allow_infinity=True),
                 st.text(max_size=20), st.booleans(), st.just([]), st.just({}),
                 st.lists(st.integers(-3, 30), max_size=4), st.just({"path": ["ships"], "op": "set"}),
                 st.just("\x1b]0;owned\x07"), st.just("=1+1"))


def fresh_game(tmp_path: Path, raw: bytes) -> Path:
    """`tmp_path/game.toml` holding `raw`, and no other file beside it (no snapshot, no lock)."""
    for p in tmp_path.iterdir():
        if p.is_file() or p.is_symlink():
            p.unlink()
    path = tmp_path / "game.toml"
    path.write_bytes(raw)
    return path


def check_harmless(res, path: Path, before: bytes, what) -> None:
    """Exit 0, 1 or 2 with no traceback; a refused command left the game file byte for byte as it was."""
    assert res.code in (0, 1, 2), (what, res.code, res.err)
    assert "Traceback" not in res.err and "internal error" not in res.err, (what, res.err)
    if res.code != 0:
        assert path.read_bytes() == before, (what, "refused, yet the game file changed")


def every_path(doc, prefix=()):
    """Every path into a parsed TOML document."""
    yield prefix
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield from every_path(v, prefix + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from every_path(v, prefix + (i,))


def mutate(doc, path, value, how):
    """Change `doc` in place at `path`: `set` it to `value`, `delete` it, or `dup` a list item."""
    node = doc
    for part in path[:-1]:
        node = node[part]
    key = path[-1]
    if how == "delete":
        del node[key]
    elif how == "set":
        node[key] = value
    elif how == "dup" and isinstance(node, list):
        node.append(node[key])


def toml_bytes(doc) -> bytes | None:
    """`doc` written as TOML, or None if TOML cannot hold it."""
    def clean(v):
        if isinstance(v, dict):
            return {str(k): clean(x) for k, x in v.items()}
        if isinstance(v, list):
            return [clean(x) for x in v]
        if isinstance(v, float) and math.isnan(v):
            return float("nan")
        return v
    try:
        return tomli_w.dumps(clean(doc)).encode("utf-8")
    except (TypeError, ValueError, OverflowError):
        return None
