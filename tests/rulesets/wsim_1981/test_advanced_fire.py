"""Advanced Game fire (1981 Advanced I.A, V.A.3, VIII.A-C): hit dice above table 10, critical
hit effects, full sails. The hit table number is given directly where a test is about what
follows it; the cases in tests/cases/wsim-1981/advanced-*.toml work whole broadsides."""

from __future__ import annotations

import pytest

from umpire.core.errors import BadInput
from umpire.core.state import apply
from umpire.core.tables import Tables
from umpire.rules.wsim import advanced_fire as af
from umpire.rules.wsim.advanced import Wsim1981Advanced

TABLES = Tables("wsim-1981-advanced")
MARS = "14H-(5-4-4)M-9(1)G-7R(3)-5-21'-26(CR)"
HERCULE = "14H-(5-5-4)M-10(1)G-7R(3)-5-22'-23(AV)"


def state(**extra) -> dict:
    rs = Wsim1981Advanced()
    ships = {"mars": rs.new_ship({"id": "mars", "name": "MARS", "side": "british", "spec": MARS}),
             "hercule": rs.new_ship({"id": "hercule", "name": "HERCULE", "side": "french", "spec": HERCULE,
                                     "turning": 3})}
    ships["hercule"].update(extra)
    return {"turn": 1, "ships": ships}


def fire(s: dict, table: int, rolls: tuple[int, ...], **kw):
    """Resolve MARS's left broadside at HERCULE as if the HDT gave `table`."""
    act = af.AdvancedFire("mars", "hercule", kw.pop("range", 2), "left", kw.pop("aim", "hull"), kw.pop("rake", ""),
                          "right", **kw)
    res = af.resolve(s, act, rolls, True, TABLES, ([table], []))
    return res, apply(s, res.effects)["ships"]["hercule"]


@pytest.mark.parametrize("number, fired", [(20, [10, 10]), (13, [10, 3]), (11, [10, 1]), (10, [10]),
                                           (0, [0]), (-1, []), (30, [10, 10, 10])])
def test_above_ten_each_die_on_the_highest_table(number, fired):
    # Advanced I.A.2.a: "The greatest modification for a firing ship is 20. This would allow the
    # ship to fire twice on Hit Table 10 only and not in any other combination."
    assert af.split(number, 10) == fired


def test_critical_7h_crew_demoralized():
    # Table 1 hull, die 6 "H-R-C*"; critical die 6 + 1 = 7H; one die + AV strength 3 - 0 sections
    # lost: 3 + 3 = 6, six or less: AV drops to GR. A 4 (7) leaves her AV.
    res, ship = fire(state(), 1, (6, 6, 3))
    assert res.data["criticals"][0]["number"] == 7 and ship["quality"] == "GR"
    _, ship = fire(state(), 1, (6, 6, 4))
    assert ship["quality"] == "AV"


def test_critical_8h_steering():
    # Table 2 hull die 6 "2H-G*", critical 6 + 2 = 8H: a 1, 3 or 5 takes one from turning for good.
    _, ship = fire(state(), 2, (6, 6, 5))
    assert ship["turning"] == 2
    _, ship = fire(state(), 2, (6, 6, 2))
    assert ship["turning"] == 3


def test_critical_11h_magazine_adds_the_range():
    # Table 5, critical 6 + 5 = 11H: die 2 + range 2 = 4, four or less: she explodes.
    _, ship = fire(state(), 5, (6, 6, 2))
    assert ship["state"] == "exploded"
    _, ship = fire(state(), 5, (6, 6, 3))
    assert ship["state"] == "active"


def test_critical_14h_fire_lowers_her_hit_table_while_it_burns():
    # Table 8, critical 6 + 8 = 14H; die 3: three turns to put out, her hit table -3 meanwhile.
    s = state()
    res, ship = fire(s, 8, (6, 6, 3))
    assert ship["critical_effects"] == [{"effect": "fire for 3 turn(s)", "hit_table": -3, "from_turn": 2,
                                         "until_turn": 4}]
    s["ships"]["hercule"] = ship
    back = af.AdvancedFire("hercule", "mars", 2, "left", "", "", "right")
    this_turn, _ = af.hit_number(s, back, TABLES)
    s["turn"] = 2
    burning, _ = af.hit_number(s, back, TABLES)
    s["turn"] = 5
    out, _ = af.hit_number(s, back, TABLES)
    assert burning == this_turn - 3 and out == this_turn
    _, ship = fire(state(), 8, (6, 6, 6))
    assert ship["state"] == "exploding"


def test_critical_4r_obscures_the_left_broadside_and_marks_two_rigging():
    # Table 1 rigging die 6 "R-C-G*", critical 3 + 1 = 4R: one rigging hit, then two more.
    res, ship = fire(state(), 1, (6, 3), aim="rigging")
    assert ship["rigging_left"] == [4, 7, 7]
    assert ship["critical_effects"][0]["broadside"] == "left" and ship["critical_effects"][0]["hit_table"] == -1


def test_critical_rake_results_need_a_rake_and_their_range():
    # 1R: "At range of 3 hexes or less, rake causes one rigging section to be lost."
    _, ship = fire(state(), 0, (6, 1), aim="rigging", rake="bow", range=3)   # table 0 rigging 6 "C*"
    assert ship["rigging_left"] == [0, 7, 7]
    _, ship = fire(state(), 0, (6, 1), aim="rigging", rake="bow", range=4)
    assert ship["rigging_left"] == [7, 7, 7]
    _, ship = fire(state(), 0, (6, 1), aim="rigging", range=3)
    assert ship["rigging_left"] == [7, 7, 7]


def test_full_sails_double_rigging_hits_and_drop_when_the_first_section_goes():
    # Table 10 rigging die 2 "6R-2G": 12 rigging hits on a ship under full sail (V.A.3); her
    # first section (7) is gone, so she is back on battle sails (V.A.4).
    res, ship = fire(state(sails="full"), 10, (2,), aim="rigging")
    assert res.data["hits"]["rigging"] == 6 and res.data["marked"]["rigging"] == 12
    assert ship["rigging_left"] == [0, 2, 7] and ship["sails"] == "battle"


def test_typed_dice_must_be_exactly_those_needed():
    with pytest.raises(BadInput, match="critical hit"):
        fire(state(), 1, (6,))
    with pytest.raises(BadInput, match="needs 1 dice"):
        fire(state(), 1, (2, 2))


def test_storm_and_gale_notes_lower_the_hit_table_by_class():
    # Storm: "Ship classes Number 1 and Number 4 subtract 2 from Hit Table"; Gale: "Ship classes
    # Number 1, Number 5, and Number 6 subtract 1 from Hit Table". Class 1 MARS at 2 hexes.
    s = state()
    s["ships"]["mars"]["class_number"] = 1
    act = af.AdvancedFire("mars", "hercule", 2, "left", "", "", "right")
    s["wind"] = {"velocity": 3}
    calm, _ = af.hit_number(s, act, TABLES)
    s["wind"] = {"velocity": 6}
    storm, _ = af.hit_number(s, act, TABLES)
    s["wind"] = {"velocity": 5}
    gale, _ = af.hit_number(s, act, TABLES)
    s["ships"]["mars"]["class_number"] = 2
    gale_class_2, _ = af.hit_number(s, act, TABLES)
    assert (storm, gale, gale_class_2) == (calm - 2, calm - 1, calm)


def test_an_advanced_ship_holds_no_null_the_journal_would_drop():
    # The game file is TOML (no null): a None in a new ship would be lost from the `ship add`
    # event, and the replayed ship would no longer fit its own set-up.
    def nulls(value, at="ship"):
        if value is None:
            yield at
        elif isinstance(value, dict):
            for k, v in value.items():
                yield from nulls(v, f"{at}.{k}")
        elif isinstance(value, list):
            for i, v in enumerate(value):
                yield from nulls(v, f"{at}[{i}]")

    for ship in state()["ships"].values():
        assert list(nulls(ship)) == []
    assert Wsim1981Advanced().status(state()["ships"]["mars"])["anchor"] is None


def grape_state() -> dict:
    s = state()
    s["ships"]["mars"]["shot"]["left"] = "grape"
    return s


def test_grapeshot_a_boarding_party_loses_one_more_crew_square():
    # VIII.B.7 "If the target ship has a boarding party, it receives an additional crew square
    # loss over and above the normal crew loss." Grapeshot on table 2: 2 + 1 crew squares.
    s = grape_state()
    s["ships"]["hercule"]["parties"] = [0]
    act = af.AdvancedFire("mars", "hercule", 1, "left", "", "", "right")
    res = af.resolve(s, act, (), False, TABLES, ([2], []))
    assert res.data["hits"] == {"hull": 0, "guns": 0, "crew": 3, "rigging": 0} and res.data["rolls"] == []


def test_no_grapeshot_into_a_crew_in_a_later_turn_of_melee():
    # VIII.B.4.d: not "against an opposing ship whose crew is in the second or later turn of melee
    # with the firing ship". They met in melee in turn 1; in turn 2 the grape is refused.
    from umpire.core.errors import Refused

    s = grape_state()
    for a, b in (("mars", "hercule"), ("hercule", "mars")):
        s["ships"][a].update({"melee_with": b, "meleed_turn": 1, "grappled": [b]})
    act = af.AdvancedFire("mars", "hercule", 1, "left", "", "", "right")
    s["turn"] = 2
    with pytest.raises(Refused, match="melee"):
        af.check(s, act, TABLES)
    s["ships"]["mars"]["shot"]["left"] = "round"
    af.check(s, act, TABLES)   # roundshot may still be fired


def test_grapeshot_once_the_melee_is_over():
    # Basic IX.C.4: "Melee once initiated must continue until one ship surrenders, ships become
    # ungrappled or unfouled": ungrappled (and not fouled), the melee is over and grape may fire.
    s = grape_state()
    for a, b in (("mars", "hercule"), ("hercule", "mars")):
        s["ships"][a].update({"melee_with": b, "meleed_turn": 1})
    s["turn"] = 2
    af.check(s, af.AdvancedFire("mars", "hercule", 1, "left", "", "", "right"), TABLES)
