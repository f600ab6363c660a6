"""One way to write a number everywhere umpire writes one: `status` and its panels, sheets, cards,
cover, tables, turn logs and the report.

A measure (points of damage, inches, tons) is written whole when it is whole, else to one decimal
place, rounded half away from nought, and never as "396.0". A factor the DGUTS rules write as a
fraction (fire factors, crew factors) is written as they write it, a whole and a fraction over 2, 3,
4, 6, 8 or 12 ("7 1/3", "1/2"); one no such fraction matches is written as a measure. A count says
its noun in the right number ("1 turn", "2 turns").
"""

from __future__ import annotations

import re
from typing import Any

#: the most squares a row of a ship's log holds, drawn by `status` or printed: a WS&IM spec allows 99
#: (rules/wsim/spec.MAX_SQUARES); a longer row comes only from a hand-edited game file
MOST_SQUARES = 99

MINUS = "-"
DENOMINATORS = (1, 2, 3, 4, 6, 8, 12)
CLOSE = 0.004                 # a factor this near a fraction of the rules is that fraction (7.33 -> 7 1/3)


def measure(value: Any, places: int = 1) -> str:
    """A measure: whole numbers plain, others to `places` decimals, trailing zeros dropped."""
    from decimal import ROUND_HALF_UP, Decimal   # stdlib, loaded when a number is written: `status --json` needs none

    exact = Decimal(str(float(value))).quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
    text = f"{exact:f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def factor(value: Any) -> str:
    """A factor as the rules write it: whole, or a whole and a fraction ("7 1/3", "1/2"); a value no
    such fraction matches is written as a measure."""
    from fractions import Fraction   # stdlib, loaded when a factor is written (as `measure` loads decimal)

    x = float(value)
    f = Fraction(x).limit_denominator(max(DENOMINATORS))
    if abs(float(f) - x) > CLOSE or f.denominator not in DENOMINATORS:
        return measure(x)
    sign, f = ("-" if f < 0 else ""), abs(f)
    whole, part = divmod(f, 1)
    if part == 0:
        return f"{sign}{int(whole)}"
    text = f"{part.numerator}/{part.denominator}"
    return f"{sign}{int(whole)} {text}" if whole else f"{sign}{text}"


def count(n: Any, noun: str, plural: str = "") -> str:
    """A whole count with its noun: "1 turn", "2 turns" (or the `plural` given)."""
    k = int(n)
    return f"{k} {noun if k == 1 else (plural or noun + 's')}"


_LONG_DECIMAL = r"(?<![\d.])(\d+\.\d{2,})(?![\d.])"


def in_text(text: str) -> str:
    """A journalled line with each number of two or more decimals written as a measure ("213.333 low"
    reads "213.3 low"). The journal keeps the line as the rules wrote it (`verify` compares it); the
    report and the players' board show it this way."""
    return re.compile(_LONG_DECIMAL).sub(lambda m: measure(m.group(1)), text)
