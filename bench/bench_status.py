"""Start-up cost of `umpire --json status` on a two-ship game, as a ratio to
`python -c "import click"` (the floor any click tool pays). Aim: at most 1.5x.

Also reports a 60-ship game with a few thousand events. Run: python bench/bench_status.py
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RUNS = 15
# Installed packages run from compiled bytecode (pip compiles at install);
# let the source tree cache it too, so both sides are measured alike.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
SPEC = "14H-(5-4-4)M-9(1)G-7R(3)-5-21'-26(CR)"


def timed(cmd: list[str]) -> float:
    samples = []
    subprocess.run(cmd, env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)   # warm the caches
    for _ in range(RUNS):
        t = time.perf_counter()
        subprocess.run(cmd, check=True, env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        samples.append(time.perf_counter() - t)
    return statistics.median(samples)


def timed_pair(a: list[str], b: list[str]) -> tuple[float, float]:
    """Medians of two commands run in alternation, so drift in machine load hits both alike."""
    ta, tb = [], []
    for cmd in (a, b):
        subprocess.run(cmd, env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(RUNS * 2):
        for cmd, out in ((a, ta), (b, tb)):
            t = time.perf_counter()
            subprocess.run(cmd, check=True, env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            out.append(time.perf_counter() - t)
    return statistics.median(ta), statistics.median(tb)


def umpire(*args: str) -> list[str]:
    """The command as the installed console script runs it."""
    return [sys.executable, "-c", "from umpire.cli import main; main()", *args]


def big_game(path: Path, ships: int = 60, events: int = 3000) -> None:
    from umpire.core import game as gamefile
    from umpire.core.state import Resolution, set_

    defs = [{"id": f"s{i}", "name": f"SHIP {i}", "side": "a" if i % 2 else "b", "spec": SPEC} for i in range(ships)]
    game = gamefile.new_game(path, "wsim-1981", "basic", [], 1, defs)
    for n in range(events):
        sid = f"s{n % ships}"
        game.record(Resolution("fire", f"event {n}", [set_(["ships", sid, "hull_left"], 14 - (n // ships) % 14),
                                                      set_(["ships", sid, "loaded", "left"], n % 2 == 0)]),
                    {"command": "fire"}, (3,), "typed")
    gamefile.save(game)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        game = str(Path(tmp) / "g.toml")
        subprocess.run(umpire("new", game, "--ruleset", "wsim-1981"), check=True, capture_output=True)
        for name in ("MARS", "HERCULE"):
            subprocess.run(umpire("--game", game, "ship", "add", name, "--side", name.lower(), "--spec", SPEC),
                           check=True, capture_output=True)
        base, status = timed_pair([sys.executable, "-c", "import click"], umpire("--game", game, "--json", "status"))
        big = Path(tmp) / "big.toml"
        big_game(big)
        status_big = timed(umpire("--game", str(big), "--json", "status"))
        fire_cmd = umpire("--game", game, "--json", "fire", "mars", "--at", "hercule", "--range", "3",
                          "--side", "left", "--facing", "right", "--roll", "3")
        fire_t = []
        for _ in range(RUNS):
            t = time.perf_counter()
            subprocess.run(fire_cmd, check=True, capture_output=True, env=ENV)
            fire_t.append(time.perf_counter() - t)
            subprocess.run(umpire("--game", game, "undo"), check=True, capture_output=True)
        fire_med = statistics.median(fire_t)
        big_kib = big.stat().st_size // 1024
    print(f"python -c 'import click'          {base * 1000:7.1f} ms   1.00x")
    print(f"umpire --json status (2 ships)     {status * 1000:7.1f} ms   {status / base:.2f}x   (aim <= 1.5x)")
    print(f"umpire --json fire (2 ships)       {fire_med * 1000:7.1f} ms   {fire_med / base:.2f}x")
    print(f"umpire --json status (60 ships, 3000 events, {big_kib} KiB)"
          f" {status_big * 1000:7.1f} ms   {status_big / base:.2f}x")


if __name__ == "__main__":
    main()
