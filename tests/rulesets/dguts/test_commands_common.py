"""Numbers typed as options (`--opt key=value`, `ship add --tons`): refused with a message, never a crash."""

from __future__ import annotations

import pytest

from umpire.core.errors import BadInput
from umpire.rules.dguts.commands_common import number


@pytest.mark.parametrize("text", ["inf", "-inf", "nan", "Infinity"])
@pytest.mark.parametrize("low", [None, 0.0, 1])
def test_non_finite_numbers_are_refused_naming_the_option(text, low):
    with pytest.raises(BadInput, match=rf"tons '{text}': give a finite number"):
        number({"tons": text}, "tons", low=low)


def test_the_lower_bound_is_named_only_when_there_is_one():
    with pytest.raises(BadInput, match=r"at least 1$"):
        number({"attempt": "0"}, "attempt", low=1)
    assert number({"tons": "-5"}, "tons", low=None) == -5.0
    with pytest.raises(BadInput, match=r"give a finite number$"):
        number({"tons": "inf"}, "tons", low=None)


def test_words_and_blanks():
    with pytest.raises(BadInput, match="give a number"):
        number({"men": "many"}, "men")
    assert number({"men": ""}, "men", 7) == 7 and number({}, "men") is None


def test_a_ship_definition_with_infinite_tons_is_bad_input():
    from umpire.rules.dguts.ruleset import Dguts

    opts = {"nation": "british", "tons": "inf", "men": "300", "guns": "20x18"}
    with pytest.raises(BadInput, match="tons 'inf': give a finite number"):
        Dguts().ship_definition("Big", "a", "big", opts)
