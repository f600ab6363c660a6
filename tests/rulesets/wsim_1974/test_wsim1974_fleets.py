"""The Nile (3A) and Trafalgar (3B), ship by ship against the printed set-up.

The tables below are transcribed from the scenario text, with the OCR
corrections recorded in docs/rulings.md: each row is
(name, side, spec, bow hex, direction, arrival move). A hex of None means the
printed hex is lost or clashes and the umpire places the ship.
"""

from __future__ import annotations

from collections import Counter

import pytest

# The Nile ----------------------------------------------------------------
F74 = "14H-(5-4-4)M-10(1)G-7R(3)-5-22'-23(AV)"
F80 = "16H-(6-5-5)M-11(1)G-8R(3)-5-22'-26(AV)"
EL = "14H-(4-4-3)M-8(1)G-7R(3)-5-20'-28(EL)"
CR = "14H-(4-4-3)M-8(1)G-7R(3)-5-20'-26(CR)"

NILE = [
    ("CULLODEN", "british", EL, "5324", 6, None),
    ("GOLIATH", "british", CR, "5525", 6, None),
    ("ZEALOUS", "british", EL, "5627", 1, None),
    ("ORION", "british", EL, "5629", 1, None),
    ("AUDACIOUS", "british", CR, "5631", 1, None),            # printed "Hex 5639 ... ORION"
    ("THESEUS", "british", CR, "5633", 1, None),
    ("VANGUARD", "british", CR, "5734", 6, None),
    ("MINOTAUR", "british", CR, "5635", 6, 2),
    ("DEFENCE", "british", CR, "6035", 6, 2),
    ("BELLEROPHON", "british", CR, "5835", 6, 3),             # printed as a MAJESTIC line
    ("MAJESTIC", "british", CR, "5835", 6, 3),
    ("LEANDER", "british", "14H-(4-4-3)M-8(1)G-7R(3)-5-10'-26(CR)", "5835", 6, 4),
    ("ALEXANDER", "british", CR, "6035", 6, 6),               # printed as a SWIFTSURE line, 10'
    ("SWIFTSURE", "british", EL, "6035", 6, 6),
    ("GUERRIER", "french", F74, "3911", 2, None),
    ("CONQUERANT", "french", F74, "3712", 2, None),
    ("SPARTIATE", "french", F74, "3513", 2, None),
    ("AQUILON", "french", F74, None, 2, None),                # printed "SQUULON" at SPARTIATE's hex
    ("SOUVERAIN PEUPLE", "french", F74, "3314", 3, None),
    ("FRANKLIN", "french", F80, "2915", 3, None),
    ("TONNANT", "french", F80, "2913", 3, None),               # printed "TONANTE:2"
    ("HEUREUSE", "french", F74, "2313", 3, None),
    ("MERCURE", "french", F74, "1911", 3, None),
    ("GUILLAUME TELL", "french", "16H-(6-5-5)M-11(1)G-8R(3)-5-22'-23(AV)", "1710", 3, None),
]

# Trafalgar -----------------------------------------------------------------
B98 = "16H-(5-5-4)M-10(1)G-8R(3)-5-22'-30(CR)"
B74 = "14H-(4-4-3)M-8(2)G-7R(3)-5-20'-27(CR)"
FR80 = "16H-(6-6-5)M-11(1)G-7R(3)-5-22'-27(AV)"
FR74 = "14H-(5-5-4)M-10(1)G-7R(3)-5-22'-24(AV)"
SPL = "14H-(5-4-4)M-8(2)G-7R(3)-5-20'-20(GR)"
SPS = "13H-(4-4-4)M-8G-7R(3)-5-19'-18(GR)"
SP112 = "18H-(6-6-6)M-12G-9R(3)-5-23'-27(GR)"
CB = "franco-spanish"

TRAFALGAR = [
    ("VICTORY", "british", "17H-(5-5-4)M-11(1)G-8R(3)-5-22'-33(EL)", "4319", 4, None),
    ("TEMERAIRE", "british", B98, "4317", 4, None),
    ("NEPTUNE", "british", B98, "4417", 4, None),
    ("LEVIATHAN", "british", B74, "4415", 4, None),
    ("CONQUEROR", "british", B74, "4413", 4, None),
    ("BRITANNIA", "british", "17H-(5-5-5)M-11(1)G-8R(3)-5-23'-31(CR)", "4411", 5, None),
    ("AJAX", "british", "14H-(4-4-3)M-8(2)G-7R(3)-5-20'-27(EL)", "4509", 4, None),
    ("AGAMEMNON", "british", "11H-(3-3-3)M-6(1)G-7R(3)-5-18'-20(CR)", "4607", 5, None),
    ("ORION", "british", B74, "4606", 5, None),
    ("MINOTAUR", "british", B74, "5106", 5, None),
    ("SPARTIATE", "british", "14H-(4-4-4)M-9(2)G-7R(3)-5-22'-29(CR)", "5304", 5, None),
    ("PRINCE", "british", B98, "5302", 5, None),
    ("ROYAL SOVEREIGN", "british", "18H-(5-5-5)M-12(1)G-9R(3)-5-23'-36(EL)", "3613", 4, None),
    ("BELLEISLE", "british", B74, "3611", 4, None),
    ("MARS", "british", "14H-(4-4-4)M-9(2)G-7R(3)-5-21'-29(CR)", "3609", 4, None),
    ("TONNANT", "british", "16H-(5-4-4)M-10(1)G-8R(3)-5-22'-30(EL)", "3607", 4, None),
    ("BELLEROPHON", "british", "14H-(4-4-4)M-9(2)G-7R(3)-5-21'-30(EL)", "3405", 5, None),
    ("COLOSSUS", "british", "14H-(4-4-3)M-8(2)G-7R(3)-5-22'-29(CR)", "3604", 5, None),
    ("ACHILLE", "british", "14H-(4-4-4)M-9(2)G-7R(3)-5-22'-29(CR)", "3803", 4, None),
    ("AFRICA", "british", "11H-(3-3-3)M-6(1)G-7R(3)-5-22'-29(EL)", "5826", 6, None),
    ("REVENGE", "british", B74, "3401", 5, 3),                # printed as a DEFIANCE line
    ("DEFIANCE", "british", B74, "3601", 5, 3),
    ("SWIFTSURE", "british", B74, "4201", 5, 3),
    ("DREADNAUGHT", "british", "16H-(5-5-4)M-10(1)G-8R(3)-5-22'-32(EL)", None, 5, 3),   # "Hex 401"
    ("POLYPHEMUS", "british", "11H-(3-3-3)M-8(2)G-7R(3)-5-18'-20(CR)", "4001", 5, 4),   # "POLYTHEMUS"
    ("THUNDERER", "british", B74, "4001", 5, 4),
    ("DEFENCE", "british", B74, "4401", 5, 5),
    ("NEPTUNO", CB, "15H-(5-5-4)M-10G-7R(3)-5-21'-23(GR)", "5932", 3, None),
    ("RAYO", CB, "16H-(6-6-5)M-10G-8R(3)-5-23'-22(GR)", "4034", 3, None),
    ("SAN FRANCISCO DE ASIS", CB, SPS, "4230", 3, None),
    ("SAN AUGUSTINE", CB, SPL, "3929", 3, None),
    ("SANTISSIMA TRINIDAD", CB, "20H-(8-7-7)M-13G-10R(3)-5-25'-30(GR)", "3924", 3, None),
    ("SAN JUSTO", CB, SPS, "3520", 3, None),
    ("SAN LEANDRO", CB, "11H-(4-3-3)M-6G-7R(3)-5-18'-15(GR)", "2919", 3, None),   # 18" in the OCR
    ("SANTA ANA", CB, SP112, "3216", 3, None),
    ("MONARCA", CB, SPL, "2814", 3, None),                                        # 20" in the OCR
    ("BAHAMA", CB, SPL, "2610", 3, None),
    ("MONTANEZ", CB, SPS, "2307", 3, None),
    ("ARGONAUTA", CB, "15H-(5-5-5)M-10G-7R(3)-5-21'-23(GR)", "1606", 3, None),
    ("SAN ILDEFONSO", CB, SPS, "2006", 3, None),
    ("PRINCIPE DE ASTURIAS", CB, SP112, "1903", 3, None),
    ("SAN JUAN DE NEPOMUCENO", CB, SPL, "1501", 3, None),
    ("SCIPION", CB, FR74, "5732", 3, None),
    ("INTREPIDE", CB, "14H-(4-4-4)M-8(1)G-7R(3)-5-22'-21(AV)", "5532", 3, None),
    ("FORMIDABLE", CB, FR80, "4931", 3, None),                # points printed 22
    ("DUGUAY TROUIN", CB, FR74, "4634", 3, None),
    ("BUCENTAURE", CB, FR80, "3722", 3, None),
    ("REDOUBTABLE", CB, "14H-(5-5-4)M-10(1)G-7R(3)-5-22'-27(AV)", "3521", 2, None),
    ("NEPTUNE", CB, FR80, "3220", 3, None),
    ("INDOMPTABLE", CB, FR80, "3117", 3, None),
    ("FOUGUEUX", CB, FR74, "3015", 3, None),
    ("PLUTON", CB, FR74, "2012", 3, None),
    ("ALGECIRAS", CB, FR74, "2410", 3, None),
    ("SWIFTSURE", CB, FR74, "2209", 3, None),
    ("ARGONAUTE", CB, FR74, "1907", 3, None),
    ("ACHILLE", CB, FR74, "1904", 3, None),
    ("BERWICK", CB, FR74, "1702", 3, None),
]

SPANISH = {"NEPTUNO", "RAYO", "SAN FRANCISCO DE ASIS", "SAN AUGUSTINE", "SANTISSIMA TRINIDAD", "SAN JUSTO",
           "SAN LEANDRO", "SANTA ANA", "MONARCA", "BAHAMA", "MONTANEZ", "ARGONAUTA", "SAN ILDEFONSO",
           "PRINCIPE DE ASTURIAS", "SAN JUAN DE NEPOMUCENO"}


def rows(scenario: dict) -> list[tuple]:
    return [(sh["name"], sh["side"], sh["spec"], sh.get("hex"), sh["direction"], sh.get("arrives"))
            for sh in scenario["ships"]]


@pytest.mark.parametrize("stem, table", [("wsim-3a", NILE), ("wsim-3b", TRAFALGAR)])
def test_ship_by_ship(scenarios, stem, table):
    got = rows(scenarios[stem])
    assert len(got) == len(table)
    for mine, printed in zip(got, table):
        assert mine == printed


def test_nile_counts_and_arrivals(scenarios):
    s = scenarios["wsim-3a"]
    assert Counter(sh["side"] for sh in s["ships"]) == {"british": 14, "french": 10}
    arrivals = {sh["name"]: sh["arrives"] for sh in s["ships"] if "arrives" in sh}
    assert arrivals == {"MINOTAUR": 2, "DEFENCE": 2, "BELLEROPHON": 3, "MAJESTIC": 3,
                        "LEANDER": 4, "ALEXANDER": 6, "SWIFTSURE": 6}
    assert s["wind"] == {"direction": 6, "force": "Normal Breeze", "change": 6}
    assert s["turns"] == 20
    assert len(s["map"]["land"]) == 64 and len(set(s["map"]["land"])) == 64
    assert "5013" in s["map"]["land"] and "4013" not in s["map"]["land"]


def test_trafalgar_counts_and_arrivals(scenarios):
    s = scenarios["wsim-3b"]
    assert Counter(sh["side"] for sh in s["ships"]) == {"british": 27, "franco-spanish": 30}
    nations = Counter(sh["nation"] for sh in s["ships"] if sh["side"] == "franco-spanish")
    assert nations == {"spanish": 15, "french": 15}
    assert {sh["name"] for sh in s["ships"] if sh.get("nation") == "spanish"} == SPANISH
    arrivals = {sh["name"]: sh["arrives"] for sh in s["ships"] if "arrives" in sh}
    assert arrivals == {"REVENGE": 3, "DEFIANCE": 3, "SWIFTSURE": 3, "DREADNAUGHT": 3,
                        "POLYPHEMUS": 4, "THUNDERER": 4, "DEFENCE": 5}
    assert s["wind"] == {"direction": 5, "force": "Light Breeze", "change": 6}
    assert s["turns"] == 20


def test_trafalgar_namesakes_have_side_suffixes(scenarios):
    ids = {sh["id"] for sh in scenarios["wsim-3b"]["ships"]}
    for name in ("swiftsure", "achille", "neptune"):
        assert {f"{name}-br", f"{name}-fr"} <= ids and name not in ids


def test_fleet_points(scenarios):
    """Total point values, as used by the move-twenty point count."""
    def total(stem, side):
        return sum(int(sh["spec"].rsplit("-", 1)[1].split("(")[0])
                   for sh in scenarios[stem]["ships"] if sh["side"] == side)
    assert total("wsim-3a", "british") == 28 * 4 + 26 * 10
    assert total("wsim-3a", "french") == 23 * 7 + 26 * 2 + 23
    assert total("wsim-3b", "british") == 764
    assert total("wsim-3b", "franco-spanish") == 691
