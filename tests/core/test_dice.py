import pytest

from umpire.core.dice import DiceNeed, event_rng, parse_rolls
from umpire.core.errors import BadInput


def test_check_count_and_faces():
    need = DiceNeed(2, 6, ("attacker", "defender"))
    assert need.check((2, 6)) == (2, 6)
    with pytest.raises(BadInput, match="expected 2 d6 in this order: attacker, defender"):
        need.check((2,))
    with pytest.raises(BadInput, match="1 to 6"):
        need.check((2, 7))


def test_parse_rolls_forms():
    assert parse_rolls("4") == (4,)
    assert parse_rolls("3,5,1") == (3, 5, 1)
    assert parse_rolls("3 5 1") == (3, 5, 1)
    with pytest.raises(BadInput):
        parse_rolls("four")


def test_seeded_rolls_repeat_per_event():
    need = DiceNeed(3)
    assert need.roll(event_rng(7, 4, "fire")) == need.roll(event_rng(7, 4, "fire"))
    rolls = {need.roll(event_rng(7, n, "fire")) for n in range(20)}
    assert len(rolls) > 10
