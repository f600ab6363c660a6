"""Every bad input of the contract: exit code, a one- or two-line message, game unchanged."""

from __future__ import annotations

import pytest

from tests.conftest import HERCULE, status

FIRE = ["fire", "mars", "--at", "hercule", "--side", "left", "--facing", "right"]


def refused(umpire, game, args, code, needle):
    before = game.read_bytes()
    res = umpire(*args)
    assert res.code == code, (args, res.out, res.err)
    lines = [ln for ln in res.err.splitlines() if ln.strip()]
    assert 1 <= len(lines) <= 2, res.err
    assert "Traceback" not in res.err
    assert needle.lower() in res.err.lower(), res.err
    assert game.read_bytes() == before
    return res


@pytest.mark.parametrize("args, code, needle", [
    (["fire", "nobody", "--at", "hercule", "--range", "3", "--side", "left", "--facing", "right"], 2, "no ship"),
    (FIRE + ["--range", "3", "--roll", "7"], 2, "1 to 6"),
    (FIRE + ["--range", "3", "--roll", "0"], 2, "1 to 6"),
    (FIRE + ["--range", "3", "--rolls", "3,4"], 2, "expected one d6"),
    (FIRE + ["--range", "3", "--roll", "x"], 2, "whole numbers"),
    (FIRE + ["--range", "11", "--roll", "3"], 1, "out of range"),
    (FIRE + ["--range", "0", "--roll", "3"], 2, "range 0"),
    (FIRE + ["--range", "2.5", "--roll", "3"], 2, "whole hexes"),
    (FIRE + ["--range", "6", "--aim", "hull", "--roll", "3"], 1, "rigging"),
    (["fire", "mars", "--at", "hercule", "--range", "3", "--side", "left", "--roll", "3"], 2, "--facing"),
    (["fire", "mars", "--at", "hercule", "--range", "3", "--side", "aft", "--facing", "right"], 2, "side 'aft'"),
    (["fire", "mars", "--at", "mars", "--range", "3", "--side", "left", "--facing", "right"], 2, "itself"),
    (["fire", "mars", "--at", "hercule", "--side", "left"], 2, "range"),
    (["ship", "add", "MARS", "--side", "british", "--spec", HERCULE], 2, "already taken"),
    (["ship", "add", "X", "--side", "british", "--spec", "14H-(5-4-4)M-10(1)G-7R(3)-5-22-23(AV)"], 2, "draught"),
    (["ship", "add", "X", "--side", "british", "--spec", "14H-(5-4-4)M-10(1)G-7R(3)-5-22'-23(XX)"], 2, "points"),
    (["ship", "add", "X", "--side", "british"], 2, "--spec"),
    (["ship", "add", "X", "--side", "british", "--spec", HERCULE, "--class", "BATTLESHIP"], 2, "class"),
    (["status", "zzz"], 2, "no ship"),
    (["speed", "mars", "--attitude", "E"], 2, "attitude"),
    (["load", "mars", "--side", "left"], 1, "already loaded"),
    (["melee", "mars", "--at", "hercule"], 1, "neither fouled nor grappled"),
    (["board", "mars", "--party", "obp", "--sections", "1", "--at", "hercule"], 1, "neither fouled nor grappled"),
    (["surrender", "hercule", "--by", "firepower"], 1, "not liable"),
    (["frobnicate"], 2, "no such command"),
])
def test_refused_and_unchanged(umpire, duel, args, code, needle):
    refused(umpire, duel, args, code, needle)


def test_ambiguous_prefix_lists_candidates(umpire, duel):
    umpire("ship", "add", "HERCULES", "--side", "british", "--spec", HERCULE)
    res = refused(umpire, duel, ["status", "her"], 2, "ambiguous")
    assert "hercule " in res.err and "hercules" in res.err


def test_unloaded_broadside_refused(umpire, duel):
    assert umpire(*FIRE, "--range", "3", "--roll", "3").code == 0
    refused(umpire, duel, FIRE + ["--range", "3", "--roll", "3"], 1, "not loaded")


def test_struck_target_refused(umpire, duel):
    # table 8 rakes at 1 hex strike HERCULE's 14 hull squares within a few broadsides
    for _ in range(6):
        if status(umpire, "hercule")["state"] == "struck":
            break
        for side in ("left", "right"):
            umpire("fire", "mars", "--at", "hercule", "--range", "1", "--side", side, "--rake", "stern", "--roll", "5")
        umpire("load", "mars", "--side", "left")
        umpire("turn")
        umpire("load", "mars", "--side", "right")
    assert status(umpire, "hercule")["state"] == "struck"
    refused(umpire, duel, ["fire", "mars", "--at", "hercule", "--range", "1", "--side", "left", "--rake", "bow",
                           "--roll", "3"], 1, "struck")


def test_missing_game_file(umpire, tmp_path):
    res = umpire("--game", str(tmp_path / "none.toml"), "status")
    assert res.code == 2 and "not found" in res.err


@pytest.mark.parametrize("content", [b"", b"[game\nruleset = ", b"\x00\xff\xfe binary", b"title = 'x'\n"])
def test_corrupt_or_truncated_file(umpire, tmp_path, content):
    path = tmp_path / "bad.toml"
    path.write_bytes(content)
    res = umpire("--game", str(path), "status")
    assert res.code == 2
    assert "bad.toml" in res.err and "Traceback" not in res.err
    assert path.read_bytes() == content


def test_truncated_real_game(umpire, duel):
    umpire(*FIRE, "--range", "3", "--roll", "3")
    data = duel.read_bytes()
    duel.write_bytes(data[: len(data) // 2])
    res = umpire("status")
    assert res.code == 2 and ("damaged" in res.err or "truncated" in res.err)


def test_new_refuses_existing_file_and_unknown_ruleset(umpire, duel, tmp_path):
    refused(umpire, duel, ["new", str(duel), "--ruleset", "wsim-1981"], 2, "already exists")
    res = umpire("new", str(tmp_path / "x.toml"), "--ruleset", "chess")
    assert res.code == 2 and "not known" in res.err
    assert not (tmp_path / "x.toml").exists()


def test_lock_refuses_second_writer(umpire, duel):
    from umpire.core import game as gamefile

    before = duel.read_bytes()
    with gamefile.locked(duel):
        res = umpire(*FIRE, "--range", "3", "--roll", "3")
    assert res.code == 2 and "another" in res.err
    assert duel.read_bytes() == before


@pytest.mark.parametrize("args, code, needle", [
    (["morale", "mars"], 2, "not a wsim-1981 command"),
    (["odds", "turn"], 2, "odds"),
    (["odds", "ship", "add", "X", "--side", "a", "--spec", HERCULE], 2, "odds"),
    (["speed", "mars", "--attitude", "A", "--sail", "full"], 2, "advanced"),
    (["speed", "mars", "--opt", "heading=x", "--opt", "wind=1"], 2, "hex directions"),
    (["grapple", "mars", "hercule", "--opt", "motionless=x"], 2, "motionless"),
    (["ship", "add", "X", "--side", "a", "--spec", "14H-(5-4-4)M-10(1)G-7R(9)-5-22'-23(AV)"], 2, "battle sail"),
    (["ship", "add", "X", "--side", "a", "--spec", "999H-(5-4-4)M-10(1)G-7R(3)-5-22'-23(AV)"], 2, "99"),
    (["ship", "add", "X", "--side", "a", "--spec", HERCULE, "--turning", "0"], 2, "turning"),
    (["board", "mars", "--party", "nbp", "--sections", "9"], 2, "nbp"),
    (["transfer", "mars", "--to", "mars", "--sections", "1"], 2, "herself"),
    (["capture", "hercule", "--by", "mars", "--sections", ""], 2, "at least one"),
    (["recover", "hercule"], 1, "not surrendered"),
    (["log", "--last", "-1"], 2, "-1"),
])
def test_more_refusals(umpire, duel, args, code, needle):
    refused(umpire, duel, args, code, needle)


@pytest.mark.parametrize("ruling", [
    '"hdt.range" = [1, 2, 3, 4, 5]', '"hdt.modifiers.rake" = [1, 2, 3.5, 4, 5]',
    '"hit-tables.tables.5.hull" = [1, 2, 3, 4, 5, 6]', 'rulings = "x"', '"grappling.motionless_modifier.one" = 0.5',
])
def test_bad_house_rulings_refused(umpire, duel, tmp_path, ruling):
    f = tmp_path / "r.toml"
    f.write_text(ruling if ruling.startswith("rulings") else "[rulings]\n" + ruling + "\n")
    refused(umpire, duel, ["--rulings", f, "fire", "mars", "--at", "hercule", "--range", "3", "--side", "left",
                           "--facing", "right", "--roll", "3"], 2, "ruling")


def test_per_command_rulings_are_journalled_for_verify(umpire, duel, tmp_path):
    f = tmp_path / "r.toml"
    f.write_text("[rulings.hdt.modifiers]\ninitial_broadside = [0, 0, 0, 0, 0]\n")
    assert umpire("--rulings", f, "fire", "mars", "--at", "hercule", "--range", "3", "--side", "left",
                  "--facing", "right", "--roll", "3").code == 0
    res = umpire("--json", "verify")
    assert res.code == 0 and res.json["differences"] == []


@pytest.mark.parametrize("edit", [('seed = ', 'seed = "abc"\n#'), ('ruleset = ', 'ruleset = 5\n#'),
                                  ('format = ', 'format = "x"\n#')])
def test_hand_edited_game_meta(umpire, duel, edit):
    text = duel.read_text().replace(edit[0], edit[1], 1)
    duel.write_text(text)
    res = umpire("status")
    assert res.code == 2 and "[game]" in res.err


def test_new_on_a_folder(umpire, tmp_path):
    (tmp_path / "d").mkdir()
    res = umpire("new", tmp_path / "d", "--ruleset", "wsim-1981", "--force")
    assert res.code == 2 and "folder" in res.err


def test_ship_add_bounds_the_name_id_and_side(umpire, duel):
    from tests.conftest import MARS

    before = duel.read_bytes()
    for args in (["X" * 201, "--side", "british"], ["SHIP", "--side", "b" * 201],
                 ["SHIP", "--side", "british", "--id", "s" * 201], ["  ", "--side", "british"]):
        res = umpire("ship", "add", *args, "--spec", MARS)
        assert res.code == 2 and "ship" in res.err, args
    assert duel.read_bytes() == before
