from hypothesis import given, strategies as st
import pytest

from umpire.core.errors import BadInput
from umpire.rules.wsim.spec import Quality, Spec


def test_parts_of_the_brief_example():
    s = Spec.parse("14H-(5-4-4)M-10(1)G-7R(3)-5-22'-23(AV)")
    assert (s.hull, s.crew, s.guns, s.carronades, s.rigging, s.sections) == (14, (5, 4, 4), 10, 1, 7, 3)
    assert (s.battle_sail, s.full_sail, s.draught, s.points, s.quality) == (3, 5, 22, 23, Quality.AVERAGE)


@pytest.mark.parametrize("text", [
    "14H\u2013(5-4-4)M-10(1)G-7R(3)-5-22\u2019-23(AV)",     # en dash, curly quote
    "14H-(5-4-4)M-10(1)G-7R(3)-5-22''-23(AV)",              # doubled quote
    "14H-(5-4-4)M-10(1)G-7R(3)-5-22\"-23(AV)",
    "14h-(5-4-4)m-10(1)g-7r(3)-5-22'-23(av)",
    " 14H - (5-4-4)M - 10(1)G - 7R(3) - 5 - 22' - 23(AV) ",
])
def test_typographic_variants(text):
    assert str(Spec.parse(text)) == "14H-(5-4-4)M-10(1)G-7R(3)-5-22'-23(AV)"


def test_carronades_only():
    s = Spec.parse("6H-(2-2-1)M-(6)G-5R(4)-6-15'-11(AV)")
    assert (s.guns, s.carronades) == (0, 6) and str(s) == "6H-(2-2-1)M-(6)G-5R(4)-6-15'-11(AV)"


def test_guns_without_carronades_and_four_sections():
    s = Spec.parse("9H-(2-2-2)M-3G-5R(4)-7-17'-17(EL)")
    assert (s.guns, s.carronades, s.sections, s.quality) == (3, 0, 4, Quality.ELITE)
    assert str(s) == "9H-(2-2-2)M-3G-5R(4)-7-17'-17(EL)"


@pytest.mark.parametrize("text, part", [
    ("14-(5-4-4)M-10(1)G-7R(3)-5-22'-23(AV)", "hull"),
    ("14H-(5-4-4)-10(1)G-7R(3)-5-22'-23(AV)", "crew"),
    ("14H-(5-4-4)M-10(1)-7R(3)-5-22'-23(AV)", "guns"),
    ("14H-(5-4-4)M-10(1)G-7R-5-22'-23(AV)", "rigging"),
    ("14H-(5-4-4)M-10(1)G-7R(3)-X-22'-23(AV)", "full sail"),
    ("14H-(5-4-4)M-10(1)G-7R(3)-5-22-23(AV)", "draught"),
    ("14H-(5-4-4)M-10(1)G-7R(3)-5-22'-23", "points"),
    ("14H-(5-4-4)M-10(1)G-7R(3)-5-22'", "7 parts"),
    ("0H-(5-4-4)M-10(1)G-7R(3)-5-22'-23(AV)", "zero"),
])
def test_malformed_names_the_part(text, part):
    with pytest.raises(BadInput, match=part):
        Spec.parse(text)


@given(st.text(max_size=60))
def test_bad_input_never_crashes(text):
    try:
        Spec.parse(text)
    except BadInput:
        pass


@given(st.integers(1, 30), st.lists(st.integers(0, 9), min_size=1, max_size=4), st.integers(0, 20),
       st.integers(0, 9), st.integers(1, 12), st.integers(1, 4), st.integers(0, 9), st.integers(5, 30),
       st.integers(0, 99), st.sampled_from(list(Quality)))
def test_round_trip(hull, crew, guns, carr, rig, sections, full, draught, points, q):
    if sum(crew) == 0:
        crew = [1]
    if guns == 0 and carr == 0:
        guns = 1
    s = Spec(hull, tuple(crew), guns, carr, rig, sections, full, draught, points, q)
    assert Spec.parse(str(s)) == s
