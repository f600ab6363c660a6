"""Citations as data: every rule the shared WS&IM code cites is in each edition's own
`citations` table, each edition's entry names a section of its own text (or says it has none),
and no table falls back on the 1981 section (rules/wsim/citations.py)."""

from __future__ import annotations

import ast
import re
import tomllib
from functools import cache
from pathlib import Path

import pytest

from umpire.core.errors import BadInput, Refused
from umpire.core.resources import resource_dir
from umpire.core.ruleset import find_ruleset
from umpire.core.state import Resolution, Step
from umpire.core.tables import Tables
from umpire.rules.wsim import citations
from umpire.rules.wsim.ruleset import Wsim1981

ROOT = Path(__file__).resolve().parents[3]
CODE = ROOT / "umpire" / "rules" / "wsim"
SEEDS = Path("/work/shared/seeds")
EDITIONS = ("wsim-1974", "wsim-te26")


def _own(data_id: str) -> dict:
    return tomllib.loads((Path(resource_dir("data")) / data_id / "citations.toml").read_text(encoding="utf-8"))


def _strings(tree: ast.AST):
    """The string constants of a module, docstrings left out (they cite for the reader)."""
    docs = {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
            and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            yield node.value


@cache
def _shown_strings() -> tuple[tuple[str, str], ...]:
    """(file, string) for each string the WS&IM code may show, patterns left out (read once, when
    a test first asks, not when the tests are collected)."""
    return tuple((path.relative_to(ROOT).as_posix(), text) for path in sorted(CODE.rglob("*.py"))
                 for text in _strings(ast.parse(path.read_text(encoding="utf-8"))) if "\\" not in text)


@cache
def _code_keys() -> dict[str, str]:
    """Every citation key the WS&IM code names in a string it shows, with a file that names it."""
    keys: dict[str, str] = {}
    for path, text in _shown_strings():
        for key in citations.keys_in(text):
            keys.setdefault(key, path)
    return keys


#: a 1981 section left without its part ("(VIII.B.3.c)"): no key, so no table could cite it
BARE = re.compile(r"\b[IVX]+\.(?:[A-E]\b|\d)")
#: the 1981 Optional Rules' own list (`Wsim1981.optional_rules`), shown only in a 1981 game
ONLY_1981 = {"Advanced Game III.B.2"}


def test_every_section_the_code_shows_names_its_part():
    bare = [f"{path}: {text!r}" for path, text in _shown_strings()
            if text not in ONLY_1981 and BARE.search(re.compile(citations.REFERENCE).sub("", text))]
    assert not bare, bare


def test_the_code_names_its_rules_by_key():
    keys = _code_keys()
    assert len(keys) > 100 and "Basic VI.A.2" in keys and "Advanced X.B" in keys


@pytest.mark.parametrize("data_id", ("wsim-1981",) + EDITIONS)
def test_every_key_the_code_cites_is_in_every_table(data_id):
    own = _own(data_id)
    listed = set(own.get("sections", {})) | set(own.get("absent", {}))
    missing = {k: f for k, f in _code_keys().items() if k not in listed}
    assert not missing, f"data/{data_id}/citations.toml lacks: {missing}"


def test_the_1981_table_cites_the_1981_sections():
    own = _own("wsim-1981")
    assert own["source"].startswith("wsim-1981-second-edition.md")
    assert all(key == shown for key, shown in own["sections"].items())


@pytest.mark.parametrize("data_id", EDITIONS)
def test_an_edition_table_stands_alone(data_id):
    """Nothing comes from the 1981 layer: a key the edition does not list is an error."""
    own = _own(data_id)
    assert own["replace"] is True and own["source"]
    assert not set(own["sections"]) & set(own.get("absent", {}))
    assert Tables(data_id)["citations"]["sections"] == own["sections"]


@pytest.mark.parametrize("data_id", EDITIONS)
def test_no_edition_entry_shows_a_1981_section(data_id):
    own = _own(data_id)
    for key, shown in list(own["sections"].items()) + list(own.get("absent", {}).items()):
        assert not re.compile(citations.REFERENCE).search(shown), f"{key} -> {shown}"


def test_an_absent_section_says_so_and_names_the_rulings():
    for data_id in EDITIONS:
        for shown in _own(data_id).get("absent", {}).values():
            assert shown.startswith("not in the ") and "docs/rulings.md" in shown
    rulings = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")
    assert "citations.toml" in rulings


def test_a_key_missing_from_a_table_is_an_error_naming_the_file():
    with pytest.raises(BadInput, match=r"data/wsim-1974/citations.toml: no entry for 'Basic XIX.Z'"):
        citations.cite(Tables("wsim-1974"), "Basic XIX.Z")
    # words that only look like a reference (a name typed by the umpire) are shown as typed
    assert citations.translate(Tables("wsim-1974"), "no ship 'Basic XIX'") == "no ship 'Basic XIX'"


def test_several_sections_of_one_reference():
    te, y = Tables("wsim-te26"), Tables("wsim-1974")
    assert citations.translate(Tables("wsim-1981"), "Advanced V.A, XI") == "Advanced V.A, XI"
    assert citations.translate(te, "Basic VIII.D.1.b, IX.D.4") == "TE 2.6 11.4.1.2, 12.4.4"
    assert citations.translate(y, "(once per turn: Basic VI.A.2)") == "(once per turn: 1974 Grappling 6)"
    assert citations.translate(y, "Advanced V.C.3-4, V.C.6") == "1974 Optional Rules: Anchors 6, 2"
    assert citations.translate(y, "Critical Hit Table; Advanced VIII.C.4") == \
        "Critical Hit Table; 1974 Optional Rules: Sinking and Exploding Ships 4"


def test_working_and_refusals_are_cited_through_the_table():
    te = Tables("wsim-te26")
    res = citations.cited(te, Resolution("fire", "", working=[Step("hull hits", "4", "Basic VIII.D.1"),
                                                             Step("note", "x", "")]))
    assert [s.source for s in res.working] == ["TE 2.6 11.4.1", ""]
    err = citations.error(te, Refused("no crew left to work her (Basic VIII.D.2.b)"))
    assert isinstance(err, Refused) and str(err) == "no crew left to work her (TE 2.6 11.4.2.3)"


@pytest.mark.parametrize("rid, level", [("wsim-1981", "basic"), ("wsim-1981", "advanced"), ("wsim-1974", "basic"),
                                        ("wsim-te26", "basic"), ("wsim-te26", "advanced")])
def test_every_edition_cites_through_the_one_seam(rid, level):
    """An edition overrides plan_action, after_action and score_rules, never the citing methods."""
    cls = type(find_ruleset(rid, level))
    for name in ("plan", "query", "after", "score"):
        assert getattr(cls, name) is getattr(Wsim1981, name), f"{cls.__name__}.{name}"


# --- each entry against its text ---------------------------------------------------------------

def _seed(name: str) -> str:
    try:
        return (SEEDS / name).read_text(encoding="utf-8")
    except OSError:
        pytest.skip(f"{name} is not on this machine")


def test_te26_sections_are_numbered_in_its_text():
    text = _seed("wsim-tournament-edition-2.6.md")
    numbered = set(re.findall(r"\*\*[#●+]*(\d+(?:\.\d+)+)", text)) | set(re.findall(r"(?m)^#+\s*(?:[●+]*\s*)?(\d+(?:\.\d+)+)", text)) \
        | set(re.findall(r"\*\*(\d+\.\d+)[ *A-Z]", text))
    numbered |= {n + ".0" for n in re.findall(r"(?m)^(?:#+\s*|\*\*|[●+]+\*\*)[●+]*\s*(\d+)\.0", text)}
    for key, shown in _own("wsim-te26")["sections"].items():
        assert shown.startswith("TE 2.6 "), key
        for number in re.findall(r"\d+(?:\.\d+)+", shown[len("TE 2.6 "):]):
            assert number in numbered, f"{key} -> {shown}: {number} is not a section of the text"


#: the first edition's headings as the citations name them -> as the OCR prints them
HEADINGS = {"Introduction: Unit Counters": "UNIT COUNTERS:", "Introduction: Turning Ability": "TURNING ABILITY:",
            "Introduction: Preparation for Play": "PREPARATION FOR PLAY:", "How to Move": "HOW TO MOVE:", "Collisions": "COLLISIONS:", "Fouled Rigging": "FOULED RIGGING:",
            "Grappling": "GRAPPLING:", "How to Fire": "HOW TO FIRE:", "Marking Hits": "MARKING HITS & THE EFFECTS OF DAMAGE:",
            "Boarding & Melee": "BOARDING & MELEE", "Melee Procedure": "12. MELEE PROCEDURE",
            "Prize Crews and Prisoners": "PRIZE CREWS AND PRISONERS", "Loading": "LOADING:",
            "Scenario One": "SCENARIO ONE", "Scenario 3A": "3A", "Optional Rules: Wind": "\nWIND\n",
            "Optional Rules: Full Sails": "FULL SAILS:", "Optional Rules: Backing Sails": "BACKING SAILS:",
            "Optional Rules: Anchors": "ANCHORS:", "Optional Rules: Types of Ammunition": "TYPES OF AMMUNITION",
            "Optional Rules: Sinking and Exploding Ships": "SINKING AND EXPLODING SHIPS:",
            "Optional Rules: Repairs": "\nREPAIRS\n", "Optional Rules: Timed Moves": "TIMED MOVES",
            "Optional Rules: Multi-Player Games": "MULTI-PLAYER GAMES", "Optional Rules: Command Lag": "COMMAND LAG",
            "Optional Rules: Towing": "TOWING:", "Optional Rules: Running Aground": "RUNNING AGROUND:",
            "Optional Rules: Casting the Lead": "CASTING THE LEAD:"}


def test_1974_sections_are_headings_of_its_text():
    text = _seed("wsim-1974-first-edition.txt")
    for key, shown in _own("wsim-1974")["sections"].items():
        assert shown.startswith("1974 "), key
        for part in shown[5:].split("; "):
            heading = re.sub(r"( \d+(\([a-g]\))?([-,] ?\d*(\([a-g]\))?)*| \d+\([a-g]\))+$", "", part).strip()
            assert heading in HEADINGS, f"{key} -> {shown}: {heading!r}"
            assert HEADINGS[heading] in text, heading
