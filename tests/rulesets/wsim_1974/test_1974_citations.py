"""A first-edition game cites the first edition: the commands it shares with 1981 (move, fire,
foul, grapple, board, melee, load, surrender, turn, wind, anchors, sails) show no 1981
section in their working or their refusals (data/wsim-1974/citations.toml)."""

from __future__ import annotations

import re

#: a 1981 section as the 1981 code names it ("Basic VI.A.2"), or one of a list after it ("IX.D.4")
SECTION_1981 = re.compile(r"\b(Basic|Advanced|Optional Rules|Optional|Introduction) [IVX]+\b|\b[IVX]+\.[A-E]\b")

COMMANDS = [
    ("move", "hercule", "0", "--attitude", "D"),
    ("move", "mars", "1", "--attitude", "B", "--turning", "2"),
    ("speed", "mars", "--attitude", "B"),
    ("foul", "mars", "hercule", "--roll", "1"),
    ("grapple", "mars", "hercule", "--roll", "1"),
    ("grapple", "mars", "hercule", "--roll", "1"),                    # refused: once a Move
    ("fire", "mars", "--at", "hercule", "--range", "1", "--side", "left", "--roll", "3", "--facing", "left"),
    ("fire", "hercule", "--at", "mars", "--range", "1", "--side", "left", "--roll", "6", "--facing", "left"),
    ("board", "mars", "--party", "obp", "--sections", "1,2", "--at", "hercule"),
    ("board", "hercule", "--party", "dbp", "--sections", "1", "--at", "mars"),
    ("melee", "mars", "--at", "hercule", "--rolls", "1,1"),
    ("surrender", "hercule", "--by", "immobility"),                      # refused: Marking Hits 5
    ("surrender", "hercule", "--by", "firepower"),                       # refused: guns left
    ("load", "mars", "--side", "left"),
    ("load", "mars", "--side", "right"),                                 # refused: one a Move
    ("turn",),
    ("move", "mars", "1", "--attitude", "B", "--turning", "2"),           # refused: fouled, grappled
    ("ungrapple", "hercule", "mars"),
    ("unfoul", "hercule", "mars"),
    ("anchor", "hercule"),
    ("sail", "mars", "full"),
    ("fire", "mars", "--at", "hercule", "--range", "3", "--side", "right", "--roll", "2", "--facing", "right"),
    ("turn",),
    ("recover", "hercule"),
    ("status",),
    ("score",),
    ("log",),
    ("report",),
]
#: the optional rules the first edition's own code plays, beside the shared code
OPTIONAL = ["types-of-ammunition", "repairs", "sinking-and-exploding-ships", "running-aground", "casting-the-lead",
            "towing", "backing-sails"]
OPTIONAL_COMMANDS = [
    ("fire", "mars", "--at", "hercule", "--range", "1", "--side", "left", "--roll", "6", "--facing", "left"),
    ("load", "mars", "--side", "left", "--shot", "chain"),
    ("repair", "mars", "--what", "hull"),                                # refused: she fired
    ("aground", "hercule", "--roll", "3"),
    ("tow", "mars", "hercule"),                                           # refused: an enemy
    ("move", "mars", "B1", "--attitude", "B", "--turning", "2"),          # refused: speed spent
    ("sink", "hercule", "--roll", "6"),                                   # refused: not marked
    ("turn",),
    ("aground", "hercule", "--refloat", "--roll", "5"),
    ("lead", "mars", "--hexes", "1"),
]
#: the Wind rule: the change dice every third Move
WIND = [("turn",), ("turn",), ("wind", "--rolls", "6,1,6,3"), ("wind", "--rolls", "6,1,6,3"), ("status",)]


def _play(umpire, commands) -> list[str]:
    shown = []
    for cmd in commands:
        res = umpire("--json", *cmd)
        assert res.code in (0, 1), (cmd, res.err)
        shown += [res.out, res.err]       # the working, the result's data, the refusal
    return shown


def test_a_1974_game_never_cites_a_1981_section(umpire, tmp_path):
    assert umpire("new", tmp_path / "game.toml", "--scenario", "wsim-1b", "--optional", "anchors",
                  "--optional", "full-sails").code == 0
    shown = _play(umpire, COMMANDS)
    assert umpire("new", tmp_path / "wind.toml", "--scenario", "wsim-1b", "--optional", "wind").code == 0
    shown += _play(umpire, [("--game", tmp_path / "wind.toml", *cmd) for cmd in WIND])
    assert umpire("new", tmp_path / "optional.toml", "--scenario", "wsim-1b",
                  *[w for rule in OPTIONAL for w in ("--optional", rule)]).code == 0
    shown += _play(umpire, [("--game", tmp_path / "optional.toml", *cmd) for cmd in OPTIONAL_COMMANDS])
    text = "\n".join(shown)
    assert not SECTION_1981.search(text), [line for line in shown if SECTION_1981.search(line)]
    cited = set(re.findall(r"1974 [A-Z][A-Za-z &:]+ \d+", text))
    # the shared code's steps and refusals, cited by the first edition's sections
    for section in ("1974 Grappling 6", "1974 Marking Hits 2", "1974 Marking Hits 5", "1974 Melee Procedure 12",
                    "1974 How to Move 8", "1974 Optional Rules: Wind 3", "1974 Optional Rules: Running Aground 2"):
        assert section in cited, sorted(cited)
