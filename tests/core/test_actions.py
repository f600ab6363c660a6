"""Actions: typed values that round-trip through the journal and refuse malformed fields by name."""

from __future__ import annotations

import pytest

from umpire.core import actions as A
from umpire.core import game as gamefile
from umpire.core.errors import BadInput

EXAMPLES = [
    A.Fire("mars", "hercule", {"range": "3", "side": "left"}),
    A.Load("mars", "left"),
    A.Contact("grapple", "mars", "hercule", {"motionless": 1}),
    A.Board("mars", "obp", "1,2", "hercule", {}),
    A.Melee(["mars", "thunderer"], "hercule", {}),
    A.Capture("hercule", "mars", "3"),
    A.Transfer("mars", "thunderer", "2"),
    A.Surrender("hercule", "firepower"),
    A.Recover("hercule"),
    A.EndTurn(),
    A.Morale("guerriere", {"saving_throw": "7"}),
    A.Repair("guerriere", "low", {"crew": 3.0, "turns": 1, "battle": False}),
    A.Pumps("guerriere", 2.5),
    A.Explode("java", {"constitution": 2.0}, {"explosive_ship": False}),
    A.Special("guerriere", "spar", {"band": "A"}),
    A.Mast("guerriere", {}),
]


@pytest.mark.parametrize("act", EXAMPLES, ids=lambda a: type(a).__name__)
def test_actions_round_trip_through_their_journal_form(act):
    data = act.journal()
    assert data["command"] == (act.kind if isinstance(act, A.Contact) else act.command)
    assert type(act).from_journal(data) == act


def test_the_journal_form_is_the_one_games_already_hold():
    assert A.Contact("foul", "a", "b", {}).journal() == {"command": "foul", "ship": "a", "with": "b", "opts": {}}
    assert A.Fire("a", "b", {}).journal() == {"command": "fire", "ship": "a", "at": "b", "opts": {}}


@pytest.mark.parametrize("data,field", [
    ({"command": "fire", "ship": "mars", "at": 3, "opts": {}}, "at"),
    ({"command": "fire", "ship": "mars", "opts": {}}, "at"),
    ({"command": "melee", "attackers": "mars", "defender": "hercule"}, "attackers"),
    ({"command": "pumps", "ship": "x", "crew": "lots"}, "crew"),
    ({"command": "pumps", "ship": "x", "crew": True}, "crew"),
    ({"command": "explode", "ship": "x", "near": {"y": "close"}}, "near"),
])
def test_a_malformed_action_is_refused_naming_the_field(data, field):
    kind = {"fire": A.Fire, "melee": A.Melee, "pumps": A.Pumps, "explode": A.Explode}[data["command"]]
    with pytest.raises(BadInput, match=repr(field)):
        kind.from_journal(data)


def test_verify_names_a_hand_broken_action(umpire, duel):
    assert umpire("fire", "mars", "--at", "hercule", "--range", "3", "--side", "left", "--facing", "right",
                  "--roll", "4").code == 0
    g = gamefile.load(duel)
    g.events[-1]["action"]["at"] = 7
    gamefile.save(g)
    res = umpire("--json", "verify")
    assert res.code == 1 and "'at'" in res.json["differences"][0]["why"]
