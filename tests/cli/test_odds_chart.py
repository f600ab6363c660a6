"""`umpire odds`: the chances asked about most in one line, then a bar per outcome."""

from fractions import Fraction

from tests.conftest import status


def _fire(umpire, *extra):
    return umpire(*extra, "odds", "fire", "mars", "--at", "hercule", "--range", "1", "--side", "left",
                  "--facing", "right")


def test_chart_has_the_headline_and_a_bar_per_outcome(umpire, duel):
    res = _fire(umpire)
    assert res.code == 0, res.err
    lines = res.out.splitlines()
    assert lines[0].startswith("odds: one d6")
    assert lines[1] == "chance: any hit 100% · hercule strikes 0%"
    data = _fire(umpire, "--json").json
    bars = [line for line in lines if "█" in line]
    assert len(bars) == len(data["results"])
    top = max(data["results"], key=lambda r: r["percent"])
    assert any(line.split()[0] == top["result"] and line.endswith("█" * 40) for line in bars)
    assert lines[-1].startswith("expected: hull ")


def test_the_chance_the_target_strikes(umpire, duel):
    while status(umpire, "hercule")["hull_left"] > 3:
        assert umpire("fire", "mars", "--at", "hercule", "--range", "1", "--side", "left", "--facing",
                      "right", "--roll", "6").code == 0
        assert umpire("turn").code == 0     # reloads the left broadside
    data = _fire(umpire, "--json").json
    strikes = Fraction(data["events"]["hercule strikes"]["chance"])
    assert 0 < strikes <= 1
    assert data["events"]["hercule struck"] == data["events"]["hercule strikes"]
    line = _fire(umpire).out.splitlines()[1]
    assert f"hercule strikes {data['events']['hercule strikes']['percent']:g}%" in line


def test_melee_headline_names_the_boarders(umpire, duel):
    assert umpire("grapple", "mars", "hercule", "--roll", "1").code == 0
    assert umpire("board", "mars", "--party", "obp", "--sections", "1,2", "--at", "hercule").code == 0
    assert umpire("board", "hercule", "--party", "dbp", "--sections", "1,2,3").code == 0
    res = umpire("odds", "melee", "mars", "--at", "hercule")
    assert res.code == 0, res.err
    assert res.out.splitlines()[1].startswith("chance: the boarders win ")


def test_dguts_fire_any_hit(umpire, tmp_path):
    assert umpire("new", tmp_path / "game.toml", "--scenario", "dguts-constitution-guerriere").code == 0
    args = ("odds", "fire", "constitution", "--at", "guerriere", "--range", "7", "--side", "starboard",
            "--aim", "high")
    data = umpire("--json", *args).json
    # at 7 inches aiming high a die scores on 1-3 (high on 1-2, low on 3): nine dice all miss 1 time in 512
    assert Fraction(data["events"]["any hit"]["chance"]) == 1 - Fraction(1, 512)
    assert umpire(*args).out.splitlines()[1] == "chance: any hit 99.8%"
