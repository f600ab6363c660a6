"""The scenario data and the national listing agree with the printed text.

The fixture holds the OCR lines verbatim. Every ship line in the data must
appear there as "Hex NNNN; Dir.D NAME: SPEC" once the typographic variants are
folded; the lines that needed a correction are listed here with the printed
text, and each must be found as printed (the rulings quote them).
"""

from __future__ import annotations

import pytest

from tests.rulesets.wsim_1974.conftest import load_scenarios, normalise

# (scenario, ship id) -> the printed text the corrected line stands for.
CORRECTED = {
    ("wsim-1d", "insurgente"): r"INSURGENTE: $7H-(3-3-2)M\cdot 2(1)G-5R(4)-7-15'-11(AV)$",
    ("wsim-2d", "amphion"): "Hex 3907; Dir.3 AMPHION: 7H-(2-2-1)M-2(1)G)5R(4)-6-15'-13(EL)",
    ("wsim-2d", "favorite"): "Hex 2813; Dir.2 FAVORITE: 9H-(3-3-2)M-3(2)G-5R(4)-6-9'-15(AV)",
    ("wsim-3a", "aquilon"): "Hex 3513; Dir.2 SQUULON: 14H-(5-4-4)M-10(1)G-7R(3)-5-22'-23(AV)",
    ("wsim-3a", "tonnant"): "Hex 2913; Dir.3 TONANTE:2 16H-(6-5-5)M-11(1)G-8R(3)-5-22'-26(AV)",
    ("wsim-3a", "audacious"): "Hex 5639; Dir.1 ORION: 14H-(4-4-3)M-8(1)G-7R(3)-5-20'-26(CR)",
    ("wsim-3a", "bellerophon"): "*Hex 5835; Dir.6 MAJESTIC: 14H-(4-4-3)M-8(1)G-7R(3)-5-20'-26(CR)",
    ("wsim-3a", "alexander"): "*Hex 6035; Dir.6 SWIFTSURE: 14H-(4-4-3)M-8(1)G-7R(3)-5-10'-26(CR)",
    ("wsim-3b", "revenge"): "*Hex 3401; Dir.5 DEFIANCE: 14H-(4-4-3)M-8(2)G-7R(3)-5-20'-27(CR)",
    ("wsim-3b", "dreadnaught"): "*Hex 401; Dir.5 DREADNAUGHT: 16H-(5-5-4)M-10(1)G-8R(3)-5-22'-32(EL)",
    ("wsim-3b", "polyphemus"): "*Hex 4001; Dir.5 POLYTHEMUS: 11H-(3-3-3)M-8(2)G-7R(3)-5-18'-20(CR)",
    ("wsim-3b", "formidable"): "Hex 4931; Dir.3 FORMIDABLE: 16H-(6-6-5)M-11(1)G-7R(3)-5-22'-22(AV)",
}
# Printed lines left out of the data as OCR repeats (see the rulings).
DROPPED = [
    "Hex 2915; Dir.3 TONANTE:2",
    "Hex 1911; Dir.3 GUILLAUME TELL",
    "Hex 3601; Dir.4 IONNAN1: 16H-(3-4-4)M-10(1)G-8R(2)J-3-22-30(EL)",
    "*Hex 401; Dir.5 DEFANNE",
    "Hex 5532; Dir.3 INTREPIDE: 16H-(6-6-5)M-11(1)G-7R(3)-5-22'-27(AV)",
    "Hex 4634; Dir.3 BUCENTAURE",
]
# ships filled in from history where the text prints no set-up line (1H, 2C) are not the text's lines
SHIPS = [(stem, sh) for stem, s in load_scenarios().items() for sh in s.get("ships", []) if "estimated" not in sh]


def line(sh: dict) -> str:
    return f"Hex {sh['hex']}; Dir.{sh['direction']} {sh['name']}: {sh['spec']}"


@pytest.mark.parametrize("stem, ship", SHIPS, ids=[f"{st}:{sh['id']}" for st, sh in SHIPS])
def test_ship_line_is_printed(printed, stem, ship):
    key = (stem, ship["id"])
    if key in CORRECTED:
        assert normalise(CORRECTED[key]) in printed
        assert "hex" not in ship or line(ship) not in printed
    else:
        assert line(ship) in printed


@pytest.mark.parametrize("text", DROPPED)
def test_dropped_lines_are_printed(printed, text):
    assert normalise(text) in printed


def test_winds_are_printed(printed, scenarios):
    for stem, s in scenarios.items():
        if "wind" in s:
            w = s["wind"]
            assert f"Wind: Dir.{w['direction']}; {w['force']}; {w['change']}" in printed, stem


def test_land_hexes_are_printed(printed, scenarios):
    land_text = printed.replace("4619 4719", "4619, 4719").replace(", 4013,", ", 5013,")
    for hex_ in scenarios["wsim-3a"]["map"]["land"]:
        assert f"{hex_}," in land_text or f"{hex_}." in land_text, hex_


# National listing: printed form of the specs that needed a correction.
LISTING_PRINTED = {
    ("british", 98): "16H - (5-5-5)M - 10(1)G - 8R(3) - 5 - 22\t",
    ("british", 38): "9H-(3-2-2)M-3(3)G-5R(4)-6-17\t",
    ("french", 120): "18H - (8-7-7)M - 14(1)G - 9R(3) - 5 - 24\t",
    ("french", 110): "18H-(7-7-7)M-13(1-G-9R(3)-5-24'",
    ("french", 74): "14H - (5-5-4)M - 10(1)G - 7K(3) - 5 - 21\t",
    ("spanish", 80): "15H_(5-5-4)M-10G-7R(3)-5-21'",
}


def test_listing_specs_and_points_are_printed(printed, listing):
    for entry in listing["ships"]:
        key = (entry["nation"], entry["rated_guns"])
        spec = normalise(LISTING_PRINTED[key]) if key in LISTING_PRINTED else entry["spec"]
        assert spec in printed, key
        points = "-".join(str(entry["points"][q]) for q in listing["qualities"])
        assert points in printed, key
