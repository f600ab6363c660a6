"""Names and notes from files or the command line never reach the terminal raw: control characters
are shown escaped, and brackets in them are shown as typed."""

from __future__ import annotations

import pytest

from tests.conftest import MARS

EVIL = "\x1b]0;owned\x07[bold]EVIL\x1b[2J\x9b"


@pytest.mark.parametrize("command", [["status"], ["status", "evil"], ["log"], ["verify"], ["rulings"]])
def test_control_characters_in_names_are_escaped(umpire, duel, command):
    res = umpire("ship", "add", "--id", "evil", "--side", "british", "--spec", MARS, "--", EVIL)
    assert res.code == 0
    assert "\x1b" not in res.out and "\x07" not in res.out and "\x9b" not in res.out
    res = umpire(*command)
    assert res.code == 0
    assert "\x1b" not in res.out + res.err and "\x07" not in res.out and "\x9b" not in res.out


def test_markup_in_a_name_is_shown_as_typed(umpire, duel):
    assert umpire("ship", "add", "--id", "evil", "--side", "british", "--spec", MARS, "--", "[bold]EVIL").code == 0
    assert "[bold]EVIL" in umpire("status", "evil").out


def test_error_messages_escape_control_characters(umpire, duel):
    res = umpire("status", "\x1b[2Jnobody")
    assert res.code == 2 and "\x1b" not in res.err


def test_shown_helper():
    from umpire.cli.render import shown

    assert shown("a\x1bb") == "a\\x1bb" and shown("[x]") == "[x]"
    assert shown("Ça va, 名前") == "Ça va, 名前"


def test_a_long_listing_prints_every_cell_as_typed_aligned_and_escaped(capsys):
    from umpire.cli import render

    body = [[n, "fire", "a {brace} and {0}" if n == 1 else "x" * (n % 7), 1.23456 if n == 2 else "",
             "bell\x07" if n == 3 else "end"] for n in range(1, render.PLAIN_ROWS + 2)]
    render.rows("journal", ["#", "kind", "what", "number", "last"], body)
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "journal" and len(lines) == len(body) + 2
    assert "fire  a {brace} and {0}  " in lines[2]                # braces are text, not a format
    assert " 1.2 " in lines[3] and "\x07" not in "".join(lines) and "bell\\x07" in lines[4]
    starts = {line.index("fire") for line in lines[2:]}
    assert len(starts) == 1                                      # one column, aligned
