"""WS&IM 1974 Optional Rules: Wind (the Wind Direction Changes table, the force, the Gale and
Storm notes, the umpire's Wind Table pack) and Types of Ammunition, checked against the text."""

from __future__ import annotations

import pytest

from umpire.core.tables import Tables

SEED = "/work/shared/seeds/wsim-1974-first-edition.txt"
BIG = "16H-(6-6-5)M-10G-8R(3)-5-22'-28(EL)"        # a 100 of the national listing, as elite
SLOOP = "4H-(2-1-1)M-(3)G-4R(4)-7-12'-12(EL)"       # WASP's line (scenario 1J)
MARS = "14H-(5-4-4)M-9(1)G-7R(3)-5-21'-26(CR)"
HERCULE = "14H-(5-5-4)M-10(1)G-7R(3)-5-22'-23(AV)"


def _text() -> str:
    try:
        return open(SEED, encoding="utf-8").read()
    except OSError:
        pytest.skip("the 1974 seed text is not on this machine")


# --- the tables, cell by cell --------------------------------------------------------
#: Wind Direction Changes as printed, row by row (die 1-6), and what each row means
PRINTED_DIRECTION = [("Wind shifts to initial direction.", "initial"), ("No change,", 0),
                     ("Wind shifts 60° clockwise.", 1), ("Wind shifts 60° counter-clockwise.", -1),
                     ("Wind shifts 120° clockwise.", 2), ("Wind shifts 120° counter-clockwise.", -2)]


def test_wind_direction_changes_every_row():
    text = _text()
    start = text.index("WIND DIRECTION CHANGES")
    block = text[start:text.index("FOULED RIGGING:", start)]
    rows = [line.split("\t", 1)[1].strip() for line in block.splitlines()[2:] if "\t" in line and line.strip()]
    assert rows == [printed for printed, _ in PRINTED_DIRECTION]
    assert Tables("wsim-1974")["wind"]["direction_change"] == [meaning for _, meaning in PRINTED_DIRECTION]


def test_wind_force_die_and_names_from_the_prose():
    text = _text()
    assert 'If a "1" or a "2" is rolled, the wind force drops by one degree' in text
    assert 'If a "3" or a "4" is rolled, the wind force does not change' in text
    assert 'If a "5" or a "6" is rolled, the wind force increases by one degree' in text
    w = Tables("wsim-1974")["wind"]
    assert w["velocity_change"] == [-1, -1, 0, 0, 1, 1] and w["change_turns"] == 3 and w["new_wind_number"]
    for name in ("Light Breeze", "Moderate Breeze", "Normal Breeze", "Heavy Breeze", "Gale", "Storm"):
        assert name in text
    assert w["velocities"][1:7] == ["light breeze", "moderate breeze", "normal breeze", "heavy breeze", "gale",
                                    "storm"]


def test_gale_and_storm_notes():
    text = _text()
    assert "GALE: Small ships cannot carry full sails. Small ships and ships of 98 guns lose one from their BHT" in text
    assert ("STORM: No ships can use full sails. Small ships and ships of 98 guns lose two from their BHT when "
            "firing. Ships carrying 32 guns and ships carrying 50 guns lose one") in text
    w = Tables("wsim-1974")["wind"]
    assert w["gale"] == {"hit_table": {"small": -1, "98": -1}, "no_full_sails": ["small"]}
    assert w["storm"]["hit_table"] == {"small": -2, "98": -2, "32": -1, "50": -1}
    assert sorted(w["storm"]["no_full_sails"]) == ["32", "50", "98", "small"]


def test_max_effective_range_and_loading_times():
    text = _text()
    for said in ("Ballshot has a maximum range of ten hexes", "Chainshot has a maximum range of three hexes",
                 "Doubleshot has a range of one hex only, and requires two Moves to load",
                 "Grapeshot has a range of one hex only, and a loading time of one Move"):
        assert said in text
    hexes = next(line for line in text.splitlines() if line.startswith("RANGE TABLE\tMAXIMUM")).split("\t")[3:]
    shots = next(line for line in text.splitlines() if line.startswith("MAX. EFFECTIVE RANGE")).split("\t")[3:]
    assert shots == ["Carronade", "Ballshot", "Chainshot", "Grapeshot", "Doubleshot"]
    assert hexes == ["2", "10", "3", "1", "\u2022"]          # doubleshot's cell is garbled: read from 3
    a = Tables("wsim-1974")["ammunition"]
    assert [a["max_range"][k] for k in ("carronade", "round", "chain", "grape")] == [2, 10, 3, 1]
    assert a["max_range"] == {"carronade": 2, "round": 10, "chain": 3, "grape": 1, "double": 1}
    assert a["load_turns"] == {"round": 1, "chain": 1, "grape": 1, "double": 2}
    assert a["chain_misses"] == ["hull", "guns"] and a["british_chainshot"] is True


# --- play ------------------------------------------------------------------------------
def _game(umpire, tmp_path, *optional, pack=None):
    args = ["new", tmp_path / "game.toml", "--ruleset", "wsim-1974"]
    for o in optional:
        args += ["--optional", o]
    if pack:
        args += ["--tables", pack]
    res = umpire(*args)
    assert res.code == 0, res.err
    for name, side, spec, rate in (("BIG", "british", BIG, 100), ("MARS", "british", MARS, 74),
                                   ("SLOOP", "french", SLOOP, 18), ("HERCULE", "french", HERCULE, 74)):
        res = umpire("ship", "add", name, "--side", side, "--spec", spec, "--rate", str(rate))
        assert res.code == 0, res.err


def _pack(tmp_path, value: int):
    """A Wind Table pack: every cell `value`, but 98+ guns B in a gale is 2."""
    cells = [[value] * 12 for _ in range(6)]
    cells[4][1] = 2
    path = tmp_path / "wind.toml"
    path.write_text('ruleset = "wsim-1974"\n[tables.wind-force]\ncells = ' + repr(cells) + "\n")
    return path


def test_fire_in_a_gale_and_a_storm(umpire, tmp_path):
    _game(umpire, tmp_path, "wind")
    assert umpire("wind", "--direction", "1", "--velocity", "5", "--change", "4").code == 0
    # BIG: 10 squares at range 4 = Table 1; EL +2, initial +2 (10-12 column); gale -1 = Table 4
    fire = umpire("--json", "fire", "big", "--at", "hercule", "--range", "4", "--side", "left", "--facing", "right",
                  "--roll", "1")
    assert fire.code == 0, fire.err
    assert fire.json["hit_table"] == 4 and fire.json["result"] == "H-G-C"
    assert any("gale, 98+ guns: -1" in line for line in fire.json["explain"])
    # MARS (a 74: 50+ guns) loses nothing in a gale
    fire = umpire("--json", "fire", "mars", "--at", "hercule", "--range", "4", "--side", "left", "--facing", "right",
                  "--roll", "1")
    assert fire.json["hit_table"] == 4 and not any("gale" in line for line in fire.json["explain"])
    assert umpire("wind", "--velocity", "6").code == 0
    # in a storm: BIG -2 (right broadside, initial): 1 + 2 + 2 - 2 = 3; MARS -1: 0 + 2 + 2 - 1 = 3
    fire = umpire("--json", "fire", "big", "--at", "hercule", "--range", "4", "--side", "right", "--facing", "right",
                  "--roll", "1")
    assert fire.json["hit_table"] == 3 and any("storm, 98+ guns: -2" in line for line in fire.json["explain"])
    fire = umpire("--json", "fire", "mars", "--at", "hercule", "--range", "4", "--side", "right", "--facing", "right",
                  "--roll", "1")
    assert fire.json["hit_table"] == 3 and any("storm, 50+ guns: -1" in line for line in fire.json["explain"])


def test_wind_force_needs_the_rating(umpire, tmp_path):
    _game(umpire, tmp_path, "wind")
    assert umpire("ship", "add", "ANON", "--side", "french", "--spec", HERCULE).code == 0
    assert umpire("wind", "--velocity", "5").code == 0
    before = (tmp_path / "game.toml").read_bytes()
    res = umpire("fire", "anon", "--at", "mars", "--range", "4", "--side", "left", "--roll", "1")
    assert res.code == 2 and "--rate" in res.err
    assert (tmp_path / "game.toml").read_bytes() == before


def test_full_sails_in_a_gale_and_a_storm(umpire, tmp_path):
    _game(umpire, tmp_path, "wind", "full-sails")
    assert umpire("wind", "--velocity", "5").code == 0
    res = umpire("speed", "sloop", "--attitude", "D", "--sail", "full")
    assert res.code == 1 and "gale" in res.err
    assert umpire("--json", "speed", "mars", "--attitude", "D", "--sail", "full").json["allowance"] == 5
    assert umpire("wind", "--velocity", "6").code == 0
    res = umpire("speed", "mars", "--attitude", "D", "--sail", "full")
    assert res.code == 1 and "storm" in res.err


def test_wind_table_from_the_pack(umpire, tmp_path):
    _game(umpire, tmp_path, "wind", pack=_pack(tmp_path, 1))
    # normal breeze: the pack's 1 off MARS's 50+ guns C (battle sail 3 chart: C = 2) -> 1
    res = umpire("--json", "speed", "mars", "--attitude", "C")
    assert res.code == 0, res.err
    assert res.json["allowance"] == 1 and res.json["wind_effect"] == -1
    assert any("Wind Table, normal breeze, 50+ guns C" in line for line in res.json["explain"])
    # attitude D has no column in the Wind Table: nothing is subtracted
    assert umpire("--json", "speed", "mars", "--attitude", "D").json["allowance"] == 3
    assert umpire("wind", "--velocity", "5").code == 0
    # gale, 98+ guns B: the pack's 2 off BIG's chart B (1) -> never below 0
    assert umpire("--json", "speed", "big", "--attitude", "B").json["allowance"] == 0


def test_wind_table_without_a_pack(umpire, tmp_path):
    _game(umpire, tmp_path, "wind")
    res = umpire("speed", "mars", "--attitude", "C")
    assert res.code == 2 and "Wind Table" in res.err and "tables template" in res.err


def test_wind_phase_undo_and_verify(umpire, tmp_path):
    assert umpire("new", tmp_path / "game.toml", "--scenario", "wsim-1b", "--optional", "wind").code == 0
    assert umpire("turn").code == 0 and umpire("turn").code == 0
    rolled = umpire("--json", "wind")          # the umpire rolls
    assert rolled.code == 0, rolled.err
    assert len(rolled.json["rolls"]) in (1, 4)
    assert umpire("verify").code == 0
    assert umpire("undo").code == 0
    assert umpire("--json", "status").json["wind"] == {"direction": 1, "velocity": 3, "change": 5,
                                                      "force": "normal breeze"}


def test_shot_status_undo_verify_and_a_house_ruling(umpire, tmp_path):
    assert umpire("new", tmp_path / "game.toml", "--scenario", "wsim-1b", "--optional", "types-of-ammunition").code == 0
    assert umpire("load", "mars", "--side", "left", "--shot", "chain").code == 0
    assert umpire("--json", "fire", "mars", "--at", "hercule", "--range", "3", "--side", "left",
                  "--roll", "4").code == 0
    st = {s["id"]: s for s in umpire("--json", "status").json["ships"]}
    assert st["mars"]["shot"] == {"left": None, "right": "round"}
    assert umpire("verify").code == 0
    assert umpire("undo").code == 0 and umpire("undo").code == 0
    st = {s["id"]: s for s in umpire("--json", "status").json["ships"]}
    assert st["mars"]["shot"] == {"left": "round", "right": "round"}
    rulings = tmp_path / "r.toml"
    rulings.write_text('[rulings]\n"ammunition.british_chainshot" = false\n')
    res = umpire("--rulings", rulings, "load", "mars", "--side", "left", "--shot", "chain")
    assert res.code == 1 and "british_chainshot" in res.err


@pytest.mark.parametrize("scen", sorted(p.stem for p in __import__("pathlib").Path(
    __file__).resolve().parents[3].joinpath("scenarios", "wsim-1974").glob("*.toml")))
def test_every_bundled_scenario_plays(umpire, tmp_path, scen):
    """Each first-edition scenario starts with its wind, and a broadside, a move and a Move's end
    play and verify under wsim-1974 with every optional rule in play."""
    args = ["new", tmp_path / "game.toml", "--scenario", scen]
    for o in ("wind", "types-of-ammunition", "sinking-and-exploding-ships", "anchors", "full-sails", "repairs"):
        args += ["--optional", o]
    assert umpire(*args).code == 0
    st = umpire("--json", "status").json
    assert st["ruleset"] == "wsim-1974" and st["wind"]["force"]
    ships = [s for s in st["ships"] if s["state"] == "active"]
    enemy = [(a, b) for a in ships for b in ships if a["side"] != b["side"]]
    if enemy:
        a, b = enemy[0]
        fire = umpire("--json", "fire", a["id"], "--at", b["id"], "--range", "2", "--side", "left",
                     "--facing", "right")          # the umpire rolls: one die, or two if her hull goes
        assert fire.code == 0, fire.err
        assert umpire("move", a["id"], "0").code == 0
    assert umpire("turn").code == 0
    assert umpire("verify").code == 0
