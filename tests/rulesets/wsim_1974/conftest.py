"""Shared loading for the WS&IM first-edition scenario tests."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
SCENARIO_DIR = ROOT / "scenarios" / "wsim-1974"
LISTING_FILE = ROOT / "data" / "wsim-1974" / "national-ships.toml"
FIXTURE = Path(__file__).parent / "fixtures" / "wsim-1974-setup-lines.txt"

# First-edition spec: hull H - (crew per section) M - guns (carronades) G -
# rigging R (sections) - full sail - draught' - points (quality).
SPEC_BODY = (r"(?P<hull>[1-9]\d*)H-\((?P<crew>[1-9]\d*-[1-9]\d*-[1-9]\d*)\)M-"
             r"(?P<guns>[1-9]\d*)?(?:\((?P<carronades>[1-9]\d*)\))?G-"
             r"(?P<rigging>[1-9]\d*)R\((?P<sections>[34])\)-(?P<full_sail>[5-7])-(?P<draught>[1-9]\d*)'")
SPEC = re.compile(rf"^{SPEC_BODY}-(?P<points>[1-9]\d*)\((?P<quality>EL|CR|AV|GR|PR)\)$")
LISTING_SPEC = re.compile(rf"^{SPEC_BODY}$")


def normalise(text: str) -> str:
    """Fold the OCR's typographic variants so printed and normalised specs compare."""
    text = text.replace("\u2013", "-").replace('"', "'").replace("Dir. ", "Dir.")
    return re.sub(r"\s*-\s*", "-", text)


def load_scenarios() -> dict[str, dict]:
    return {p.stem: tomllib.loads(p.read_text(encoding="utf-8")) for p in sorted(SCENARIO_DIR.glob("*.toml"))}


@pytest.fixture(scope="session")
def scenarios() -> dict[str, dict]:
    return load_scenarios()


@pytest.fixture(scope="session")
def listing() -> dict:
    return tomllib.loads(LISTING_FILE.read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def printed() -> str:
    """The verbatim OCR lines, normalised."""
    return normalise(FIXTURE.read_text(encoding="utf-8"))
