"""`umpire odds`: the chances asked about most in one line, then a bar per outcome."""

import re
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


def test_a_dguts_melee_headline_counts_the_ship_carried_as_the_boarders_win(umpire, tmp_path):
    """DGUTS names its melee results advance, melee, repulsed, surrender: the headline reads the chance
    that the boarded ship is carried, not a result called 'attacker wins' (there is none)."""
    from tests.conftest import CONSTITUTION, GUERRIERE

    assert umpire("new", tmp_path / "game.toml", "--ruleset", "dguts", "--seed", "2").code == 0
    assert umpire("ship", "add", "Constitution", "--side", "american", *CONSTITUTION).code == 0
    assert umpire("ship", "add", "Guerriere", "--side", "british", *GUERRIERE).code == 0
    assert umpire("grapple", "constitution", "guerriere", "--opt", "distance=0", "--opt", "touching=1").code == 0
    assert umpire("board", "constitution", "--party", "obp", "--at", "guerriere").code == 0
    data = umpire("--json", "odds", "melee", "constitution", "--at", "guerriere").json
    carried = data["events"]["guerriere captured"]["percent"]
    line = umpire("odds", "melee", "constitution", "--at", "guerriere").out.splitlines()[1]
    assert carried > 0 and line.startswith(f"chance: the boarders win {carried:g}%")


def test_dguts_fleet_fire_expects_mast_and_crew_points(umpire, tmp_path):
    """Fleet Action Rules: the fleet table gives mast and crew points; the odds expect each, exactly
    (every cell of the 36 weighted), and any hit is a roll that scores either."""

    from tests.conftest import CONSTITUTION, GUERRIERE

    assert umpire("new", tmp_path / "game.toml", "--ruleset", "dguts", "--level", "fleet", "--seed", "2").code == 0
    assert umpire("ship", "add", "Constitution", "--side", "american", *CONSTITUTION).code == 0
    assert umpire("ship", "add", "Guerriere", "--side", "british", *GUERRIERE).code == 0
    data = umpire("--json", "odds", "fire", "constitution", "--at", "guerriere", "--range", "3",
                  "--side", "port").json
    rows = [(r["result"], Fraction(r["chance"])) for r in data["results"]]
    points = [re.search(r"(\d+) mast, (\d+) crew", name).groups() for name, _ in rows]
    mast = sum(int(m) * p for (m, _), (_, p) in zip(points, rows))
    crew = sum(int(c) * p for (_, c), (_, p) in zip(points, rows))
    assert Fraction(data["expected"]["mast points"]) == mast and Fraction(data["expected"]["crew points"]) == crew
    miss = sum(p for (m, c), (_, p) in zip(points, rows) if m == c == "0")
    assert Fraction(data["events"]["any hit"]["chance"]) == 1 - miss
