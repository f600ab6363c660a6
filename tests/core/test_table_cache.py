"""Data tables are kept parsed in the user's cache, signed with the user's key: the next command reads
them without a TOML parser, and a copy that is forged or made from other bytes is never believed."""

from __future__ import annotations

import json
import subprocess
import sys

from umpire.core import tables, userkey


def _fresh(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    userkey._KEY.clear()
    data = tmp_path / "t.toml"
    data.write_text('source = "a text"\nrange = [1, 2, 3]\n[modifiers]\nrake = 1.5\n', encoding="utf-8")
    return data


def test_a_table_is_kept_parsed_and_read_back_the_same(tmp_path, monkeypatch):
    data = _fresh(tmp_path, monkeypatch)
    first = tables._read(data)
    kept = list((tmp_path / "cache" / "umpire" / "parsed").glob("*.json"))
    assert len(kept) == 1
    assert tables._read(data) == first == {"source": "a text", "range": [1, 2, 3], "modifiers": {"rake": 1.5}}


def test_a_forged_copy_is_parsed_again(tmp_path, monkeypatch):
    data = _fresh(tmp_path, monkeypatch)
    tables._read(data)
    kept = next((tmp_path / "cache" / "umpire" / "parsed").glob("*.json"))
    sig, _, _ = kept.read_bytes().partition(b"\n")
    kept.write_bytes(sig + b"\n" + json.dumps({"source": "forged", "range": [9]}).encode())
    assert tables._read(data)["range"] == [1, 2, 3]


def test_a_changed_file_is_never_read_from_an_old_copy(tmp_path, monkeypatch):
    data = _fresh(tmp_path, monkeypatch)
    tables._read(data)
    data.write_text('source = "a text"\nrange = [4]\n', encoding="utf-8")
    assert tables._read(data)["range"] == [4]


def test_a_second_command_loads_no_toml_parser(tmp_path):
    env = {"XDG_CACHE_HOME": str(tmp_path / "cache"), "PATH": "/usr/bin:/bin"}
    code = ("import sys; from umpire.core.tables import Tables; Tables('wsim-1981')['hdt']; "
            "print('tomllib' in sys.modules)")
    runs = [subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True).stdout
            for _ in range(2)]
    assert [r.strip() for r in runs] == ["True", "False"]
