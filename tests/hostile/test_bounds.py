"""Every input is bounded before it is read or looped over (docs/limits.md): numbers by the range
the rules or the file format can hold, files by kind before anything is read."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("seed", [2**63, -2**63 - 1, 2**64, 10**40])
def test_a_seed_beyond_tomls_integers_is_refused(umpire, tmp_path, seed):
    game = tmp_path / "s.toml"
    res = umpire("new", game, "--ruleset", "wsim-1981", "--seed", str(seed))
    assert res.code == 2 and "--seed" in res.err and "Traceback" not in res.err
    assert not game.exists()


@pytest.mark.parametrize("seed", [2**63 - 1, -2**63, 0])
def test_a_seed_within_tomls_integers_plays(umpire, tmp_path, seed):
    game = tmp_path / "s.toml"
    assert umpire("new", game, "--ruleset", "wsim-1981", "--seed", str(seed)).code == 0
    assert umpire("--game", game, "turn").code == 0
    assert umpire("--game", game, "--json", "verify").json["differences"] == []
