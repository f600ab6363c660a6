"""Published orders of battle: side lines and `Victory (100)` ship lines, converted in one step."""

import tomllib

import pytest

from umpire.oob.published import ship_line, side_line

TRAFALGAR = """\
# Trafalgar, 21 October 1805, as commonly published
British
HMS Victory 100 — Vice-Admiral Nelson
Royal Sovereign (100)
Temeraire, 98 guns
Neptune 98
Leviathan (74)
Britannia 100 - Rear-Admiral Northesk
Conqueror 74
Africa, 64 guns, Captain Digby
Agamemnon 64
Prince of Wales 98

Franco-Spanish fleet:
Bucentaure, 80 guns — Villeneuve
Santísima Trinidad 136
Redoutable (74)
Santa Ana 112
Principe de Asturias 112
Neptune (80)
Rayo 100
San Juan Nepomuceno 74
Fougueux 74
Argonaute 74
"""


@pytest.mark.parametrize("line, want", [
    ("Victory (100)", ("Victory", 100, "")),
    ("Victory, 100 guns", ("Victory", 100, "")),
    ("HMS Victory 100 — Vice-Admiral Nelson", ("Victory", 100, "Vice-Admiral Nelson")),
    ("Santísima Trinidad 136", ("Santísima Trinidad", 136, "")),
    ("Africa, 64 guns, Captain Digby", ("Africa", 64, "Captain Digby")),
    ("3. Badere-Zaffer (52)", ("Badere-Zaffer", 52, "")),
    ("Victory", ("Victory", 0, "")),
])
def test_ship_line_shapes(line, want):
    assert ship_line("f.txt", 1, line) == want


@pytest.mark.parametrize("line, side", [
    ("British", "British"), ("[French]", "French"), ("Franco-Spanish fleet:", "Franco-Spanish fleet"),
    ("Victory (100)", ""), ("Hornet 20", ""),
])
def test_side_lines(line, side):
    assert side_line(line) == side


def test_twenty_ships_convert_to_a_scenario_that_new_takes_and_sheet_prints(umpire, tmp_path):
    src = tmp_path / "trafalgar.txt"
    src.write_text(TRAFALGAR, encoding="utf-8")
    res = umpire("--json", "oob", "convert", src, "--ruleset", "wsim-1981", "-o", tmp_path / "t.toml")
    assert res.code == 0, res.err
    doc = tomllib.loads((tmp_path / "t.toml").read_text(encoding="utf-8"))
    assert len(doc["ships"]) == 20
    ships = {s["id"]: s for s in doc["ships"]}
    # a name in a bundled scenario takes that ship's values, even spelled a little differently
    assert ships["victory"]["spec"] == "17H-(5-5-4)M-11(1)G-8R(3)-5-22'-33(EL)"
    assert "wsim-3b" in ships["victory"]["values_from"] and ships["victory"]["notes"] == "Vice-Admiral Nelson"
    assert "SANTISSIMA TRINIDAD" in ships["santisima-trinidad"]["values_from"]
    assert ships["neptune-franco-spanish"]["spec"].startswith("16H-(6-6-5)M-11(1)G")   # the French NEPTUNE
    # a name the scenarios lack is estimated from the listing's ship of the same rating
    pow_ = ships["prince-of-wales"]
    assert pow_["estimated"].startswith("from rating: the british 98-gun ship of the national listing")
    assert pow_["rated_guns"] == 98 and "values_from" not in pow_
    assert {s["id"]: s["name"] for s in doc["sides"]} == {"british": "British",
                                                          "franco-spanish": "Franco-Spanish fleet"}
    assert umpire("new", tmp_path / "game.toml", "--scenario", tmp_path / "t.toml").code == 0
    assert len(umpire("--json", "status").json["ships"]) == 20
    pdf = umpire("sheet", "--scenario", tmp_path / "t.toml", "-o", tmp_path / "t.pdf")
    assert pdf.code == 0, pdf.err
    assert (tmp_path / "t.pdf").read_bytes().startswith(b"%PDF")


def test_dguts_values_come_from_the_texts_ships(umpire, tmp_path):
    src = tmp_path / "frigates.txt"
    src.write_text("[American]\nUSS Constitution (44) — Captain Hull\nIndependence 74\n"
                   "[British]\nGuerriere 38\nHMS Royal George 100\n", encoding="utf-8")
    res = umpire("oob", "convert", src, "--ruleset", "dguts", "-o", tmp_path / "f.toml")
    assert res.code == 0, res.err
    ships = {s["id"]: s for s in tomllib.loads((tmp_path / "f.toml").read_text(encoding="utf-8"))["ships"]}
    assert (ships["guerriere"]["tons"], ships["guerriere"]["men"]) == (1338, 272)
    george = ships["royal-george"]
    assert "no 100-gun ship" in george["estimated"] and "ratio 100/74" in george["estimated"]
    assert george["rate"] == "100" and george["nation"] == "british"
    independence = ships["independence"]     # the text's own 74 (Victorious), as printed
    assert (independence["tons"], independence["men"]) == (1724, 506)
    assert george["tons"] > independence["tons"] and george["men"] > independence["men"]
    assert george["guns"] != independence["guns"]
    assert "Mars" not in george["estimated"]      # her armament is partly illegible: never a source
    assert umpire("new", tmp_path / "game.toml", "--scenario", tmp_path / "f.toml").code == 0


@pytest.mark.parametrize("text, where", [
    ("British\nVictory (100)\nVictory 100 guns 1805 tons\n", "line 3"),
    ("British\nUnknownship\n", "line 2, column rate"),
    ("[British]\nVictory (0)\n", "line 2, column rate"),
])
def test_an_unreadable_line_names_its_number_and_nothing_is_written(umpire, tmp_path, text, where):
    src = tmp_path / "bad.txt"
    src.write_text(text, encoding="utf-8")
    res = umpire("oob", "convert", src, "--ruleset", "wsim-1981", "-o", tmp_path / "out.toml")
    assert res.code == 2 and where in res.err
    assert not (tmp_path / "out.toml").exists()


def test_dguts_ratings_give_distinct_monotone_values(umpire, tmp_path):
    """From a schooner of 8 guns to a 136-gun first rate, a published list's ships get values that
    grow with the rating: a 100-gun ship never gets a 74's."""
    src = tmp_path / "trafalgar.txt"
    src.write_text("British\nPickle (8)\nAfrica, 64 guns\nBellerophon (74)\nTonnant 80\nVictory (100)\n"
                   "Franco-Spanish fleet:\nSantísima Trinidad 136\n", encoding="utf-8")
    out = tmp_path / "t.toml"
    assert umpire("oob", "convert", src, "--ruleset", "dguts", "-o", out).code == 0
    ships = tomllib.loads(out.read_text(encoding="utf-8"))["ships"]
    tons, men = [s["tons"] for s in ships], [s["men"] for s in ships]
    assert tons == sorted(tons) and len(set(tons)) == len(tons) and men == sorted(men)
    assert all(s["estimated"] for s in ships)
    assert "outside the text's ratings" in ships[0]["estimated"] and "outside" in ships[-1]["estimated"]
    assert umpire("new", tmp_path / "g.toml", "--scenario", out).code == 0


def test_wsim_a_rating_the_listing_lacks_is_derived_not_copied(umpire, tmp_path):
    """An 8-gun schooner and a 20-gun sloop take no 32-gun frigate's spec: tons, men and guns by
    rating from the DGUTS text's rated ships, then the WS&IM derivation (docs/oob.md)."""
    src = tmp_path / "small.txt"
    src.write_text("British\nPickle (8)\nBramble (20)\nNonesuch 32\n", encoding="utf-8")
    out = tmp_path / "s.toml"
    res = umpire("--json", "oob", "convert", src, "--ruleset", "wsim-1981", "-o", out)
    assert res.code == 0, res.err
    ships = {s["id"]: s for s in tomllib.loads(out.read_text(encoding="utf-8"))["ships"]}
    pickle, bramble, nonesuch = ships["pickle"], ships["bramble"], ships["nonesuch"]
    assert len({pickle["spec"], bramble["spec"], nonesuch["spec"]}) == 3
    assert "no 8-gun" in pickle["estimated"] and "derived from tons, men and guns" in pickle["estimated"]
    assert pickle["class_number"] == 5 and "outside the text" in pickle["estimated"]
    assert nonesuch["estimated"].startswith("from rating: the british 32-gun ship of the national listing")
    assert umpire("new", tmp_path / "g.toml", "--scenario", out).code == 0


def test_a_ship_filled_in_from_history_lends_no_values(umpire, tmp_path):
    """LAWRENCE of scenario 2C is estimated, not the text's: a published Lawrence is derived by rating."""
    src = tmp_path / "erie.txt"
    src.write_text("American\nLawrence (20)\n", encoding="utf-8")
    out = tmp_path / "e.toml"
    assert umpire("oob", "convert", src, "--ruleset", "wsim-1981", "-o", out).code == 0
    ship = tomllib.loads(out.read_text(encoding="utf-8"))["ships"][0]
    assert "values_from" not in ship and "no 20-gun" in ship["estimated"]
