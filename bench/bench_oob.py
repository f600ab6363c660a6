"""The GM's path from an order of battle to the table, each step as a ratio to `python -c "import click"`.

A Lake Erie CSV (nine American vessels from the 20-gun brig Lawrence to the one-gun Trippe, six
British; tons, men and guns; Hunter's two 2-pounders left out, a calibre the DGUTS gun table lacks) is converted for WS&IM, a game started from it, its briefing shown,
and its sheets and cards printed from the scenario and straight from the list. Each command runs
as a fresh process, median of `--runs` runs alternating with the baseline (each warmed once).
A failing command prints its stderr and the run goes on. Always exits 0.

Run: python bench/bench_oob.py [--runs N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
BASELINE = [sys.executable, "-c", "import click"]
UMPIRE = [sys.executable, "-m", "umpire"]
ERIE = """name,side,nation,tons,men,guns,rig
Lawrence,american,american,480,136,"2x12,18x32C",brig
Niagara,american,american,480,155,"2x12,18x32C",brig
Caledonia,american,american,86,53,"2x24,1x32C",brig
Ariel,american,american,112,36,4x12,schooner
Scorpion,american,american,86,35,"1x32,1x32C",schooner
Somers,american,american,65,30,"1x24,1x32C",schooner
Porcupine,american,american,83,25,1x32,schooner
Tigress,american,american,96,27,1x32,schooner
Trippe,american,american,60,35,1x32,sloop
Detroit,british,british,490,150,"2x24,1x18,6x12,8x9,1x24C,1x18C",ship
Queen Charlotte,british,british,400,126,"1x12,2x9,14x24C",ship
Lady Prevost,british,british,230,86,"3x9,10x12C",schooner
Hunter,british,british,180,45,"4x6,2x4,2x12C",brig
Little Belt,british,british,90,18,"1x12,2x6",sloop
Chippeway,british,british,70,15,1x9,schooner
"""


def run(cmd: list[str], cwd: Path) -> float:
    start = time.perf_counter()
    res = subprocess.run(cmd, cwd=cwd, env=ENV, capture_output=True, text=True)
    took = time.perf_counter() - start
    if res.returncode != 0:
        print(f"  failed ({res.returncode}): {' '.join(cmd[2:])}\n  {res.stderr.strip()}", file=sys.stderr)
    return took


def steps(tmp: Path) -> list[tuple[str, list[str]]]:
    return [
        ("oob convert", UMPIRE + ["oob", "convert", "erie.csv", "--ruleset", "wsim-1981", "-o", "erie.toml", "--force"]),
        ("new --scenario", UMPIRE + ["--game", "g.toml", "new", "g.toml", "--scenario", "erie.toml"]),
        ("scenarios show", UMPIRE + ["scenarios", "show", "erie.toml"]),
        ("sheet --scenario", UMPIRE + ["sheet", "--scenario", "erie.toml", "-o", "s.pdf"]),
        ("cards --scenario", UMPIRE + ["cards", "--scenario", "erie.toml", "-o", "c.pdf"]),
        ("sheet --oob", UMPIRE + ["sheet", "--oob", "erie.csv", "--ruleset", "wsim-1981", "-o", "o.pdf"]),
        ("cards --oob", UMPIRE + ["cards", "--oob", "erie.csv", "--ruleset", "wsim-1981", "-o", "oc.pdf"]),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        (tmp / "erie.csv").write_text(ERIE)
        run(BASELINE, tmp)
        total = 0.0
        for label, cmd in steps(tmp):
            (tmp / "g.toml").unlink(missing_ok=True)   # `new` refuses an existing game
            run(cmd, tmp)
            base, took = [], []
            for _ in range(args.runs):
                (tmp / "g.toml").unlink(missing_ok=True)
                base.append(run(BASELINE, tmp))
                (tmp / "g.toml").unlink(missing_ok=True)
                took.append(run(cmd, tmp))
            ratio = statistics.median(took) / statistics.median(base)
            total += statistics.median(took)
            print(f"{label:18} {statistics.median(took) * 1000:7.0f} ms   {ratio:5.1f} x import click")
        print(f"{'whole path':18} {total * 1000:7.0f} ms")


if __name__ == "__main__":
    main()
