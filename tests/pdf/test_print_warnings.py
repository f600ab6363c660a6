"""A ship whose name the fonts cannot print is named in a warning by the printing commands."""

from __future__ import annotations

import json

from tests.conftest import MARS

NAME = "BLACK \U00013000 PEARL"     # an Egyptian hieroglyph: in neither font


def test_sheet_and_cards_name_a_ship_whose_name_cannot_print(umpire, duel, tmp_path):
    assert umpire("ship", "add", "--id", "pearl", "--side", "british", "--spec", MARS, "--", NAME).code == 0
    for command in ("sheet", "cards"):
        res = umpire("--json", command, "-o", str(tmp_path / f"{command}.pdf"))
        assert res.code == 0
        warnings = json.loads(res.out)["warnings"]
        assert len(warnings) == 1 and "pearl" in warnings[0] and "\U00013000" in warnings[0]


def test_no_warnings_key_when_every_name_prints(umpire, duel, tmp_path):
    res = umpire("--json", "sheet", "-o", str(tmp_path / "s.pdf"))
    assert res.code == 0 and "warnings" not in json.loads(res.out)
