"""`verify` trusts only the journal and the seed: every way of rewriting a journal that keeps it
readable is a finding naming the event (exit 1), never an internal error; an honest game is clean."""

from __future__ import annotations

import pytest
import tomli_w

from umpire.core import game as gamefile
from umpire.core.files import toml_loads

FIRE = ["fire", "mars", "--at", "hercule", "--range", "3", "--side", "left", "--facing", "right"]


def _doc(path):
    return toml_loads(path.read_text(), "test")


def _save(path, doc):
    path.write_text(tomli_w.dumps(doc))


@pytest.fixture
def fired(umpire, duel):
    """The duel with one broadside the tool rolled (event 3) and a turn (event 4)."""
    assert umpire(*FIRE).code == 0
    assert umpire("turn").code == 0
    assert umpire("--json", "verify").json["differences"] == []
    return duel


def _findings(umpire) -> dict:
    res = umpire("--json", "verify")
    assert res.code == 1, (res.code, res.err)
    return {d["n"]: d["why"] for d in res.json["differences"]}


def _fire_event(doc) -> dict:
    event = doc["events"][2]
    assert event["kind"] == "fire" and event["rolled"] == "umpire"
    return event


def test_a_die_changed_with_its_effects_is_not_the_seeds_roll(umpire, fired, tmp_path):
    doc = _doc(fired)
    die = _fire_event(doc)["rolls"][0]
    other = 1 if die != 1 else 6
    # the same broadside with the other die typed: its effects are consistent with the other die
    honest = fired.read_bytes()
    assert umpire("undo").code == 0 and umpire("undo").code == 0
    assert umpire(*FIRE, "--roll", str(other)).code == 0
    typed = _fire_event_typed(_doc(fired))
    fired.write_bytes(honest)
    doc = _doc(fired)
    event = _fire_event(doc)
    event["rolls"], event["effects"], event["summary"] = typed["rolls"], typed["effects"], typed["summary"]
    _save(fired, doc)
    assert "seed" in _findings(umpire)[3]


def _fire_event_typed(doc) -> dict:
    event = doc["events"][2]
    assert event["rolled"] == "typed"
    return event


def test_a_changed_seed_is_found(umpire, fired):
    doc = _doc(fired)
    rolled = _fire_event(doc)["rolls"]
    for seed in range(1000, 1100):      # a seed whose roll for the broadside differs
        doc["game"]["seed"] = seed
        _save(fired, doc)
        if gamefile.load(fired).seed == seed and 3 in _findings_or_none(umpire):
            break
    else:
        pytest.fail(f"no other seed changed the roll {rolled}")


def _findings_or_none(umpire) -> dict:
    res = umpire("--json", "verify")
    assert res.code in (0, 1), res.err
    return {d["n"]: d["why"] for d in res.json["differences"]}


def test_an_extra_unused_die_is_found(umpire, fired):
    doc = _doc(fired)
    _fire_event(doc)["rolls"].append(6)
    _save(fired, doc)
    assert 3 in _findings(umpire)


@pytest.mark.parametrize("rolls", [[0], [], [7], ["4"], "4", [4.0], [True], [[4]], [2**40]])
def test_garbled_dice_are_findings(umpire, fired, rolls):
    doc = _doc(fired)
    _fire_event(doc)["rolls"] = rolls
    _save(fired, doc)
    assert 3 in _findings(umpire)


@pytest.mark.parametrize("rolled", ["typed", "someone", 3, None])
def test_who_rolled_is_checked(umpire, fired, rolled):
    """Typed dice are checked for count and faces; a die the tool rolled is rolled again from the seed."""
    doc = _doc(fired)
    event = _fire_event(doc)
    if rolled is None:
        del event["rolled"]
    else:
        event["rolled"] = rolled
    event["rolls"] = [event["rolls"][0], 2]       # one die more than a broadside takes
    _save(fired, doc)
    assert 3 in _findings(umpire)


def test_removed_dice_are_a_finding(umpire, fired):
    doc = _doc(fired)
    event = _fire_event(doc)
    del event["rolls"], event["rolled"]
    _save(fired, doc)
    assert "no dice" in _findings(umpire)[3]


def test_dice_on_an_action_that_needs_none(umpire, fired):
    doc = _doc(fired)
    doc["events"][3]["rolls"], doc["events"][3]["rolled"] = [3], "umpire"
    _save(fired, doc)
    assert 4 in _findings(umpire)


@pytest.mark.parametrize("key", ["summary", "kind"])
def test_a_rewritten_summary_or_kind_is_found(umpire, fired, key):
    for i in range(4):
        doc = _doc(fired)
        doc["events"][i][key] = "nothing happened"
        _save(fired, doc)
        assert i + 1 in _findings(umpire), (key, i)


@pytest.mark.parametrize("numbers", [[1, 2, 4, 3], [1, 2, 3, 3], [0, 1, 2, 3], [1, 2, "3", 4], [1, 2, 3, 4.0]])
def test_event_numbers_out_of_sequence(umpire, fired, numbers):
    doc = _doc(fired)
    for event, n in zip(doc["events"], numbers):
        event["n"] = n
    _save(fired, doc)
    found = _findings(umpire)
    assert {i for i, n in enumerate(numbers, start=1) if n != i or type(n) is not int} <= set(found)


def test_swapped_events_are_found(umpire, fired):
    doc = _doc(fired)
    doc["events"][2], doc["events"][3] = doc["events"][3], doc["events"][2]
    _save(fired, doc)
    assert {3, 4} <= set(_findings(umpire))


@pytest.mark.parametrize("value", [[3], {"a": 1}, True, "three", 1.5e300, 2**62, ""])
def test_an_option_of_the_wrong_kind_is_a_finding(umpire, fired, value):
    doc = _doc(fired)
    action = _fire_event(doc)["action"]
    for key in list(action.get("opts", {})) + [k for k in action if k != "command"]:
        d = _doc(fired)
        a = _fire_event(d)["action"]
        if key in a.get("opts", {}):
            a["opts"][key] = value
        else:
            a[key] = value
        _save(fired, d)
        res = umpire("--json", "verify")
        assert res.code in (0, 1), (key, value, res.err)


@pytest.mark.parametrize("event", [{"kind": "fire"}, {"effects": "none"}, {"effects": [{"op": "eat"}]},
                                   {"effects": [{"op": "set", "path": []}]},
                                   {"effects": [{"op": "set", "path": ["ships", "mars", "hull_left"]}]},
                                   {"effects": [], "kind": 3}, {"effects": [], "action": "fire"}])
def test_a_malformed_event_is_a_finding(umpire, fired, event):
    doc = _doc(fired)
    doc["events"][2] = {"n": 3, "summary": "x", **event}
    _save(fired, doc)
    found = _findings(umpire)
    assert 3 in found and "malformed" in found[3]


def test_effects_that_do_not_apply_are_a_finding(umpire, fired):
    doc = _doc(fired)
    _fire_event(doc)["effects"].append({"op": "add", "path": ["ships", "nobody", "hull_left"], "value": 1})
    _save(fired, doc)
    assert 3 in _findings(umpire)


def test_a_rulings_event_tampered_is_found(umpire, duel):
    assert umpire("rulings", "set", "hdt.modifiers.initial_broadside", "[0, 0, 0, 0, 0]").code == 0
    doc = _doc(duel)
    doc["events"][2]["summary"] = "house ruling withdrawn"
    _save(duel, doc)
    assert 3 in _findings(umpire)
