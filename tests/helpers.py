"""Shared test code: the set-up commands of a rules case (tests/cases/<ruleset-id>/*.toml), as typed at
the table. The format is described in cases/README.md."""

from __future__ import annotations

from pathlib import Path

import tomli_w


def setup_commands(case: dict, case_id: str, path: Path, tmp_path: Path) -> list[list[str]]:
    """`umpire new PATH ...` then one `umpire ship add ...` per ship of the case."""
    setup = case["setup"]
    new = ["new", str(path), "--ruleset", setup["ruleset"], "--seed", str(setup.get("seed", 1))]
    if "level" in setup:
        new += ["--level", setup["level"]]
    for name in setup.get("optional", []):
        new += ["--optional", name]
    scenario = setup.get("scenario")
    if isinstance(scenario, dict):
        doc = {"format": 1, "id": case_id, "ruleset": setup["ruleset"], "title": case["title"],
               "source": case["source"], **scenario}
        scenario = tmp_path / "scenario.toml"
        scenario.write_text(tomli_w.dumps(doc), encoding="utf-8")
    if scenario:
        new += ["--scenario", str(scenario)]
    if "tables" in setup:
        pack = tmp_path / "tables.toml"
        pack.write_text(tomli_w.dumps({"ruleset": setup["ruleset"], "tables": setup["tables"]}), encoding="utf-8")
        new += ["--tables", str(pack)]
    if "rulings" in setup:
        rulings = tmp_path / "rulings.toml"
        rulings.write_text(tomli_w.dumps({"rulings": setup["rulings"]}), encoding="utf-8")
        new = ["--rulings", str(rulings)] + new
    commands = [new]
    for ship in setup.get("ships", []):
        cmd = ["ship", "add", ship["name"]]
        for key, value in ship.items():
            if key == "name" or value is False:
                continue
            cmd += [f"--{key.replace('_', '-')}"] + ([] if value is True else [str(value)])
        commands.append(cmd)
    return commands
