"""The first-edition national ship listing (scenario four) is well formed."""

from __future__ import annotations

from collections import Counter

from tests.rulesets.wsim_1974.conftest import LISTING_SPEC, SPEC

QUALITIES = ["EL", "CR", "AV", "GR", "PR"]


def test_top_level(listing):
    assert listing["format"] == 1 and listing["ruleset"] == "wsim-1974"
    assert listing["source"].startswith("wsim-1974-first-edition.txt, SCENARIO FOUR")
    assert listing["qualities"] == QUALITIES


def test_lines_per_nation(listing):
    assert Counter(s["nation"] for s in listing["ships"]) == {"british": 20, "french": 9, "spanish": 8, "american": 4}
    british = [s["rated_guns"] for s in listing["ships"] if s["nation"] == "british"]
    assert british == [120, 110, 100, 98, 90, 80, 74, 74, 64, 50, 50, 50, 44, 44, 40, 38, 36, 36, 32, 32]


def test_every_line_matches_the_grammar(listing):
    for s in listing["ships"]:
        assert set(s) <= {"nation", "rated_guns", "spec", "points", "class"}
        m = LISTING_SPEC.match(s["spec"])
        assert m and (m["guns"] or m["carronades"]), s
        assert list(s["points"]) == QUALITIES
        values = [s["points"][q] for q in QUALITIES]
        assert values == sorted(values, reverse=True), s
        # A full scenario spec is the listing spec plus points and quality.
        for q in QUALITIES:
            assert SPEC.match(f"{s['spec']}-{s['points'][q]}({q})")


def test_known_values(listing):
    by = {(s["nation"], s["rated_guns"], s.get("class")): s for s in listing["ships"]}
    assert by[("french", 80, None)]["points"]["AV"] == 27
    assert by[("french", 74, None)]["spec"] == "14H-(5-5-4)M-10(1)G-7R(3)-5-21'"
    assert by[("spanish", 130, None)]["spec"] == "20H-(8-7-7)M-13G-10R(3)-5-25'"
    assert by[("british", 44, "Razee")]["spec"] == "11H-(3-2-2)M-5(1)G-6R(4)-6-18'"
    assert by[("british", 44, "Two Decker")]["points"] == {"EL": 14, "CR": 12, "AV": 10, "GR": 9, "PR": 8}
    assert by[("american", 32, "Essex")]["spec"] == "7H-(3-2-2)M-(6)G-5R(4)-6-15'"
    assert by[("spanish", 40, None)]["points"]["PR"] == 12
