"""A Tournament Edition game cites the Tournament Edition: the commands it runs on the 1981 code
(move, wind, foul, grapple, fire, board, melee and capture, load, surrender, turn, anchors, sails) show no 1981
section in their working or their refusals (data/wsim-te26/citations.toml)."""

from __future__ import annotations

import re

import pytest

from tests.rulesets.wsim_te26.helpers import ADV, HERC_AV, MARS_AV, MELEE_PACK, WIND_PACK, fire_pack

#: a 1981 section as the 1981 code names it ("Basic VI.A.2"), or one of a list after it ("IX.D.4")
SECTION_1981 = re.compile(r"\b(Basic|Advanced|Optional Rules|Optional|Introduction) [IVX]+\b|\b[IVX]+\.[A-E]\b")

BASIC = [
    ("move", "mars", "1G", "--attitude", "B"),
    ("move", "herc", "0", "--attitude", "D"),
    ("speed", "mars", "--attitude", "B"),
    ("grapple", "mars", "herc", "--rolls", "6,6"),
    ("grapple", "mars", "herc", "--rolls", "6,6"),                       # refused: once a turn
    ("fire", "mars", "--at", "herc", "--range", "1", "--side", "left", "--rolls", "3,1", "--facing", "left"),
    ("surrender", "herc", "--by", "immobility"),                         # refused: rigging left
    ("board", "mars", "--party", "obp", "--sections", "1,2", "--at", "herc"),
    ("board", "herc", "--party", "dbp", "--sections", "1", "--at", "mars"),
    ("melee", "mars", "--at", "herc", "--rolls", "6,1,6,1,3,3"),           # the capture is the 1981 code's
    ("turn",),
    ("move", "mars", "1", "--attitude", "B"),                             # refused: grappled
    ("load", "mars", "--side", "left"),                                   # refused: loaded
    ("status",),
    ("score",),
    ("log",),
    ("report",),
]
ADVANCED = [
    ("wind", "--change", "7"),
    ("wind", "--rolls", "3,4,2"),
    ("wind", "--rolls", "3,4,2"),                                         # refused: one Wind Phase a turn
    ("move", "mars", "1", "--attitude", "B"),
    ("anchor", "herc"),
    ("sail", "mars", "full"),
    ("repair", "mars", "--what", "hull"),                                 # refused: no damage
    ("fire", "mars", "--at", "herc", "--range", "1", "--side", "left", "--rolls", "3,1", "--facing", "left"),
    ("turn",),
    ("move", "herc", "1", "--attitude", "B"),                             # refused: at anchor
    ("anchor", "herc", "--up"),
    ("foul", "mars", "herc", "--rolls", "6,6"),
    ("sink", "herc"),                                                     # refused: not sinking
    ("status",),
]


@pytest.mark.parametrize("level, commands, sections", [
    ("basic", BASIC, ("TE 2.6 9.1.9", "TE 2.6 8.3.6", "TE 2.6 12.4.2", "TE 2.6 11.4.1")),
    ("advanced", ADVANCED, ("TE 2.6 30.1.2", "TE 2.6 19.3.1", "TE 2.6 27.0", "TE 2.6 19.3.6", "TE 2.6 8.3.5")),
])
def test_a_te26_game_never_cites_a_1981_section(umpire, tmp_path, level, commands, sections):
    pack = fire_pack() + MELEE_PACK.split("\n", 1)[1] + (ADV + WIND_PACK.split("\n", 1)[1] if level == "advanced" else "")
    (tmp_path / "p.toml").write_text(pack)
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-te26", "--level", level,
                  "--tables", tmp_path / "p.toml").code == 0
    for name, side, spec in (("MARS", "british", MARS_AV), ("HERC", "french", HERC_AV)):
        assert umpire("ship", "add", name, "--side", side, "--spec", spec, "--turning", "2").code == 0
    shown = []
    for cmd in commands:
        res = umpire("--json", *cmd)
        assert res.code in (0, 1), (cmd, res.err)
        shown += [res.out, res.err]       # the working, the result's data, the refusal
    text = "\n".join(shown)
    assert not SECTION_1981.search(text), [line for line in shown if SECTION_1981.search(line)]
    for section in sections:
        assert section in text, text
