"""Printing a 60-ship WS&IM fleet: log sheets for every ship of a game in progress.

Builds a temporary game with 60 ships of varied specs and a journal of real
fire and turn events (rules resolved with fixed dice), then times
`umpire sheet` and `umpire cards` for the whole fleet, in-process and as the
command a user types. Aim: under 3 s for the sheets.

Run: python bench/bench_print.py
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SHIPS = 60
TURNS = 30
RUNS = 5
SPECS = (   # first-edition spec strings of different rates and sizes
    "14H-(5-4-4)M-9(1)G-7R(3)-5-21'-26(CR)",
    "14H-(5-5-4)M-10(1)G-7R(3)-5-22'-23(AV)",
    "17H-(5-5-5)M-11(2)G-8R(3)-5-23'-31(CR)",
    "20H-(6-6-6)M-13(4)G-9R(3)-5-24'-36(EL)",
    "11H-(3-3-3)M-6(1)G-6R(3)-5-20'-20(GR)",
    "8H-(3-3-2)M-5(2)G-6R(4)-6-16'-12(CR)",
    "6H-(2-2-2)M-3(3)G-5R(4)-7-14'-9(AV)",
    "9H-(4-3-3)M-7(1)G-6R(4)-6-18'-15(PR)",
)


def build_game(path: Path) -> int:
    """A game file with SHIPS ships and TURNS turns of broadsides; returns the number of events."""
    from umpire.core import game as gamefile
    from umpire.core.errors import UmpireError
    from umpire.core.state import apply

    defs = [{"id": f"ship-{i:02d}", "name": f"SHIP {i:02d}", "side": "british" if i % 2 else "french",
             "spec": SPECS[i % len(SPECS)], "class": "SOL" if i % 3 else "F"} for i in range(SHIPS)]
    game = gamefile.new_game(path, "wsim-1981", "basic", [], 1805, defs)
    rs, tables = game.ruleset(), game.tables()
    state = game.state()
    for turn in range(TURNS):
        side = "left" if turn % 2 == 0 else "right"
        for i, d in enumerate(defs):
            target = defs[(i + 1) % SHIPS]["id"]
            opts = {"range": str(1 + (i + turn) % 6), "side": side, "facing": side}
            try:
                plan = rs.fire(state, tables, d["id"], target, opts)
                res = plan.resolve((1 + (i * 7 + turn) % 6,), True)
            except UmpireError:
                continue   # struck target, unloaded broadside, out of range: the rules refuse
            apply(state, res.effects)
            game.record(res, {"command": "fire", "ship": d["id"], "at": target, "opts": opts}, (1,), "typed")
        res = rs.end_turn(state, tables)
        apply(state, res.effects)
        game.record(res, {"command": "turn"})
    gamefile.save(game)
    return len(game.events)


def in_process(path: Path, what: str) -> tuple[float, int, int]:
    """Seconds to load the game and make the PDF, its size and its pages."""
    from umpire import pdf
    from umpire.core import game as gamefile

    start = time.perf_counter()
    game = gamefile.load(path)
    fleet = pdf.fleet_from_game(game, game.state())
    printed = pdf.sheets_pdf(fleet) if what == "sheet" else pdf.cards_pdf(fleet)
    return time.perf_counter() - start, len(printed.pdf), printed.pages


def command(path: Path, what: str, out: Path) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "umpire", "--game", str(path), what, "-o", str(out)], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    return time.perf_counter() - start


def main() -> None:
    root = Path(__file__).resolve().parent.parent
    sys.path.insert(0, str(root))
    with tempfile.TemporaryDirectory() as tmp:
        game = Path(tmp) / "fleet.toml"
        events = build_game(game)
        print(f"game: {SHIPS} ships, {events} events ({TURNS} turns of broadsides)")
        for what in ("sheet", "cards"):
            runs = [in_process(game, what) for _ in range(RUNS)]
            seconds = statistics.median(r[0] for r in runs)
            size, count = runs[0][1], runs[0][2]
            out = Path(tmp) / f"{what}.pdf"
            cli = statistics.median(command(game, what, out) for _ in range(RUNS))
            verdict = "ok" if what != "sheet" or cli < 3.0 else "SLOW (aim: under 3 s)"
            print(f"umpire {what:5}: {count} pages, {size / 1024:.0f} KiB; in-process {seconds:.2f} s, "
                  f"command {cli:.2f} s  {verdict}")


if __name__ == "__main__":
    main()
