"""A table pack from anyone: any text is read or refused with BadInput, never a crash."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from umpire.core.errors import BadInput
from umpire.core.tables import pack_spec
from umpire.rules.wsim.editions.packs import read_pack

SPEC = pack_spec("wsim-te26")
cell = st.one_of(st.integers(-5, 20), st.sampled_from(["success", "failure", "?", "2H-R", "x", ""]), st.booleans(),
                 st.floats(allow_nan=True), st.lists(st.integers(), max_size=2))
heads = st.lists(st.sampled_from(["1", "2-6", "7+", "?", "", "1-10", "x"]), max_size=4)


def _toml(value) -> str:
    import json
    import math

    if isinstance(value, float) and not math.isfinite(value):
        return "nan"
    return json.dumps(value)


@settings(max_examples=200, deadline=None)
@given(key=st.sampled_from(list(SPEC) + ["nonsense"]), rows=st.one_of(st.none(), heads),
       columns=st.one_of(st.none(), heads), cells=st.lists(st.lists(cell, max_size=5), max_size=12))
def test_any_pack_is_read_or_refused(key, rows, columns, cells):
    lines = ['ruleset = "wsim-te26"', f'[tables.{key}]']
    if rows is not None:
        lines.append(f"rows = {_toml(rows)}")
    if columns is not None:
        lines.append(f"columns = {_toml(columns)}")
    lines.append("cells = [" + ", ".join("[" + ", ".join(_toml(c) for c in row) + "]" for row in cells) + "]")
    try:
        tables = read_pack("\n".join(lines), "fuzz.toml", "wsim-te26", SPEC)
    except BadInput as exc:
        assert "fuzz.toml" in str(exc)
        return
    assert set(tables) == {key}


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=200))
def test_any_text_is_read_or_refused(text):
    try:
        read_pack(text, "fuzz.toml", "wsim-te26", SPEC)
    except BadInput as exc:
        assert "fuzz.toml" in str(exc)
