"""The order-of-battle reader does bounded work: no regular expression backtracks on a crafted line,
lines and files have a bounded size, and the same lines still read as before."""

from __future__ import annotations

import time

import pytest

from umpire.core.errors import BadInput
from umpire.oob.reader import read


@pytest.mark.parametrize("line", [
    "a: 1 tons, 1 men, x" + " " * 900 + "y",
    "a: 1 tons, 1 men, " + "(" * 900 + "x",
    "a" + " " * 950 + "b",
    "VICTORY: 17H" + " (EL)" * 180 + " x",
    "Hex 4319; Dir.4 " + "1" * 900,
])
def test_crafted_lines_are_read_or_refused_at_once(tmp_path, line):
    path = tmp_path / "oob.txt"
    path.write_text("side: british\n" + line + "\n")
    start = time.perf_counter()
    try:
        read(path)
    except BadInput:
        pass
    assert time.perf_counter() - start < 0.5


def test_a_very_long_line_is_refused_naming_it(tmp_path):
    path = tmp_path / "oob.txt"
    path.write_text("side: british\nConstitution: 1576 tons, 456 men, " + "30-24#, " * 400 + "\n")
    with pytest.raises(BadInput, match="line 2.*longer than"):
        read(path)


@pytest.mark.parametrize("path", ["/dev/zero", "fifo"])
def test_only_regular_files_are_read(tmp_path, path):
    import os

    if path == "fifo":
        path = tmp_path / "fifo.csv"
        os.mkfifo(path)
    with pytest.raises(BadInput, match="regular file"):
        read(__import__("pathlib").Path(path))


def test_book_lines_still_read(tmp_path):
    path = tmp_path / "oob.txt"
    path.write_text("side: british\n"
                    "Hex 4319; Dir.4 VICTORY: 17H-(5-5-4)M-11(1)G-8R(3)-5-22'-33(EL) (British)\n"
                    "SWIFTSURE: 14H-(5-4-4)M-10(1)G-7R(3)-5-22'-23(AV)\n"
                    "Constitution: 1,576 tons, 456 men, 30-24#, 22-32#C (American)\n"
                    "Guerriere: 1092 tons, 272 men, 30-18#, 16-32#C\n")
    rows = read(path)
    assert [r.fields["name"] for r in rows] == ["VICTORY", "SWIFTSURE", "Constitution", "Guerriere"]
    assert rows[0].fields == {"name": "VICTORY", "spec": "17H-(5-5-4)M-11(1)G-8R(3)-5-22'-33(EL)",
                              "side": "british", "hex": "4319", "direction": "4"}
    assert rows[1].fields["spec"] == "14H-(5-4-4)M-10(1)G-7R(3)-5-22'-23(AV)" and rows[1].fields["side"] == "british"
    assert rows[2].fields == {"name": "Constitution", "tons": "1576", "men": "456", "guns": "30-24#, 22-32#C",
                              "side": "american"}
    assert rows[3].fields["guns"] == "30-18#, 16-32#C" and rows[3].fields["side"] == "british"
