"""A long game file may be parsed by rtoml (when installed) for speed; what it reads must be what
tomli reads, and every refusal is still tomli's, naming the line."""

from __future__ import annotations

import sys

import pytest

from umpire.core import files
from umpire.core.errors import BadInput

tomli = pytest.importorskip("tomli")


def _long_journal(n: int = 4000) -> str:
    head = '[game]\nformat = 2\nruleset = "wsim-1981"\nseed = 5\n\n'
    block = ('[[events]]\nn = {n}\nkind = "fire"\nsummary = "MARS fires at HERCULE: 2H \\u00e9"\nrolls = [3, 4]\n'
             'effects = [{{op = "set", path = ["ships", "mars", "hull_left"], value = {v}}}]\n'
             '[events.action]\ncommand = "fire"\nrange = 3.5\n\n')
    return head + "".join(block.format(n=i, v=i % 17) for i in range(1, n + 1))


def test_a_long_file_reads_the_same_through_either_parser(monkeypatch):
    text = _long_journal()
    assert len(text) >= files.FAST_PARSE_FROM
    fast = files.toml_loads(text, "game file g.toml")
    monkeypatch.setitem(sys.modules, "rtoml", None)         # as on a platform without the wheel
    assert files._fast_loads(text) is None
    assert files.toml_loads(text, "game file g.toml") == fast == tomli.loads(text)


def test_a_long_file_with_a_fault_is_refused_with_tomlis_message():
    text = _long_journal() + "[[events]]\nn = = 3\n"
    with pytest.raises(BadInput) as exc:
        files.toml_loads(text, "game file g.toml")
    assert str(exc.value).startswith("game file g.toml: ") and "line" in str(exc.value)
    with pytest.raises(tomli.TOMLDecodeError) as direct:
        tomli.loads(text)
    assert str(direct.value) in str(exc.value)


def test_a_long_file_nested_past_either_limit_is_refused_as_a_short_one_is():
    deep = "deep = " + "[" * 100 + "]" * 100 + "\n"
    for text in (_long_journal() + deep, deep):
        with pytest.raises(BadInput, match="nested more than"):
            files.toml_loads(text, "game file g.toml")
