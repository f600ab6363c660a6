from fractions import Fraction


def test_fire_odds_are_exact_and_change_nothing(umpire, duel):
    before = duel.read_bytes()
    res = umpire("--json", "odds", "fire", "mars", "--at", "hercule", "--range", "4", "--side", "left",
                 "--facing", "right")
    assert res.code == 0, res.err
    data = res.json
    assert data["outcomes"] == 6
    # table 4 (see the example duel): six different hull entries, one sixth each
    assert {r["result"] for r in data["results"]} == {"2H-R", "H-G-C", "2H-R-G", "3H-G", "4H-C", "2H-2G-C"}
    assert sum(Fraction(r["chance"]) for r in data["results"]) == 1
    # hull hits on table 4: 2+1+2+3+4+2 = 14 over six
    assert Fraction(data["expected"]["hull"]) == Fraction(14, 6)
    assert duel.read_bytes() == before


def test_grapple_odds_with_motionless(umpire, duel):
    data = umpire("--json", "odds", "grapple", "mars", "hercule", "--motionless", "2").json
    chances = {r["result"]: Fraction(r["chance"]) for r in data["results"]}
    assert chances["grappled"] == Fraction(4, 6)


def test_odds_of_a_diceless_command_refused(umpire, duel):
    res = umpire("odds", "status")
    assert res.code == 2
