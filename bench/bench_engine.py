"""Engine costs at Trafalgar scale, each as a ratio to `python -c "import click"`.

Builds the bundled first-edition Trafalgar (57 ships) through `umpire shell`,
one piped shell a turn: a few dozen broadsides with dice rolled by umpire,
the loads they need and `turn`, until the journal holds 3,000 events (a copy
is kept at about 300). Each turn is planned from `--json status` with the
worst the dice could do, so no line fires on a ship that may have struck.

Then times each command as a fresh process, median of 7 runs alternating
with the baseline (every command is warmed once first):

* `--json status` at 3,000 events, and 3,000 against 300 events
* `fire` with a typed die (an untimed `undo` follows) and `undo` of an
  untimed `fire`; `log`; `verify`
* one piped `umpire shell` fed 200 mixed lines, per line
* `odds melee` of two three-deckers' full crews; `odds fire` of an 18-die
  DGUTS broadside; `--json status` of a two-ship game

A failing command prints its stderr and the run goes on. Always exits 0.
`--quick` is a smoke run: 600 events, 3 runs, 40 shell lines.

Run: python bench/bench_engine.py [--quick]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

SEED = 1
# Installed packages run from compiled bytecode (pip compiles at install);
# let the source tree cache it too, so both sides are measured alike.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
BASELINE = [sys.executable, "-c", "import click"]
SIDES = ("left", "right")
FIRES_PER_TURN = (24, 36)
# Hexes 1-10: most broadsides at long range (aimed at the rigging from six hexes),
# so the fleets last long enough for a long journal.
RANGE_WEIGHTS = (1, 2, 3, 4, 5, 10, 13, 14, 14, 13)
RIGGING_FROM = 6
FIRE_RANGE = 3               # the timed broadsides: close enough that nearly every one rolls a die
# The most one broadside can do (1981 hit tables 0-8): hull squares, counting gun
# hits that fall on the hull once the guns are gone, and crew squares.
WORST_HULL = {"hull": 9, "rigging": 4}
WORST_CREW = {"hull": 2, "rigging": 1}
STAY_ENGAGED = 0.8           # chance a ship fires on the same opponent as last turn
EXPLICIT_LOAD = 0.85         # chance a ship with one empty broadside loads it rather than wait for `turn`
STALLED_TURNS = 3            # turns in a row with no broadside fired: the battle is over
SPEC = "14H-(5-4-4)M-9(1)G-7R(3)-5-21'-26(CR)"
THREE_DECKERS = (("VICTORY", "british", "17H-(5-5-4)M-11(1)G-8R(3)-5-22'-33(EL)"),
                 ("SANTISSIMA TRINIDAD", "spanish", "20H-(8-7-7)M-13G-10R(3)-5-25'-30(GR)"))


@dataclass(frozen=True, slots=True)
class Scale:
    """How big a run is: events in the two saved games, repeats, shell lines."""

    events: int
    early: int
    runs: int
    shell_lines: int


FULL = Scale(events=3000, early=300, runs=7, shell_lines=200)
QUICK = Scale(events=600, early=60, runs=3, shell_lines=40)


# -- processes ---------------------------------------------------------------

def umpire(*args: str) -> list[str]:
    """The command as the installed console script runs it."""
    return [sys.executable, "-c", "from umpire.cli import main; main()", *args]


def run(cmd: list[str], stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, input=stdin, env=ENV, capture_output=True, text=True)


def report_failure(what: str, proc: subprocess.CompletedProcess) -> None:
    print(f"  ! {what}: exit {proc.returncode}")
    for line in (proc.stderr or proc.stdout).strip().splitlines()[-8:]:
        print(f"    {line}")


def checked(what: str, cmd: list[str], stdin: str | None = None) -> subprocess.CompletedProcess | None:
    proc = run(cmd, stdin)
    if proc.returncode:
        report_failure(what, proc)
        return None
    return proc


def as_json(what: str, cmd: list[str]) -> dict | None:
    proc = checked(what, cmd)
    if proc is None:
        return None
    try:
        return json.loads(proc.stdout)
    except ValueError:
        print(f"  ! {what}: output is not JSON: {proc.stdout[:200]!r}")
        return None


def copy_game(src: Path, dst: Path) -> bool:
    """Copy a game with its state snapshot (the snapshot names the file's bytes, not its path)."""
    if not src.exists():
        return False
    shutil.copyfile(src, dst)
    snap = src.parent / f".{src.name}.state.json"
    if snap.exists():
        shutil.copyfile(snap, dst.parent / f".{dst.name}.state.json")
    return True


def kib(path: Path) -> int:
    return path.stat().st_size // 1024 if path.exists() else 0


# -- the battle ----------------------------------------------------------------

def reach(ship: dict, side: str) -> int:
    """Longest range in hexes the broadside can fire at the start of the turn (0: it cannot fire)."""
    if ship["state"] != "active" or not ship["loaded"][side] or sum(ship["crew_left"]) == 0:
        return 0
    if ship["guns_left"][side]:
        return len(RANGE_WEIGHTS)
    return 2 if ship["carronades_left"][side] else 0


@dataclass
class TurnPlan:
    """One turn of command lines, with the worst the turn's fire could leave each ship."""

    ships: list[dict]
    rng: random.Random
    engaged: dict[str, str]      # each ship's opponent, kept from turn to turn
    hull: dict[str, int] = field(init=False)
    crew: dict[str, int] = field(init=False)
    loaded: dict[str, dict[str, bool]] = field(init=False)
    lines: list[str] = field(default_factory=list)
    fires: int = 0

    def __post_init__(self) -> None:
        self.hull = {s["id"]: s["hull_left"] for s in self.ships}
        self.crew = {s["id"]: sum(s["crew_left"]) for s in self.ships}
        self.loaded = {s["id"]: dict(s["loaded"]) for s in self.ships}

    def targets(self, firer: dict) -> list[dict]:
        """Enemies that cannot have struck yet this turn, whatever the dice did."""
        return [t for t in self.ships if t["controller"] != firer["controller"] and t["state"] == "active"
                and self.hull[t["id"]] > 0]

    def opponent(self, firer: dict, targets: list[dict]) -> dict:
        """Mostly the ship she fought last turn, so damage gathers on some ships as in a melee of lines."""
        held = next((t for t in targets if t["id"] == self.engaged.get(firer["id"])), None)
        if held is not None and self.rng.random() < STAY_ENGAGED:
            return held
        target = self.rng.choice(targets)
        self.engaged[firer["id"]] = target["id"]
        return target

    def fire(self, firer: dict, side: str) -> None:
        targets = self.targets(firer)
        if not targets:
            return
        target = self.opponent(firer, targets)
        far = reach(firer, side)
        hexes = self.rng.choices(range(1, far + 1), weights=RANGE_WEIGHTS[:far])[0]
        aim = "rigging" if hexes >= RIGGING_FROM else "hull"
        self.hull[target["id"]] -= WORST_HULL[aim]
        self.crew[target["id"]] -= WORST_CREW[aim]
        self.loaded[firer["id"]][side] = False
        self.fires += 1
        self.lines.append(f"fire {firer['id']} --at {target['id']} --range {hexes} --side {side} "
                          f"--facing {self.rng.choice(SIDES)}")

    def load(self, ship: dict) -> None:
        """Load one empty broadside; with only one empty, now and then leave it for `turn` to reload."""
        sid = ship["id"]
        empty = [s for s in SIDES if not self.loaded[sid][s]]
        if not empty or ship["state"] != "active" or self.hull[sid] <= 0 or self.crew[sid] <= 0:
            return
        if len(empty) == 2 or self.rng.random() < EXPLICIT_LOAD:
            self.lines.append(f"load {sid} --side {empty[0]}")


def plan_turn(ships: list[dict], rng: random.Random, engaged: dict[str, str]) -> TurnPlan:
    """A few dozen broadsides from ships able to fire, the loads they need, then `turn`."""
    plan = TurnPlan(ships, rng, engaged)
    by_id = {s["id"]: s for s in ships}
    shots = [(s["id"], side) for s in ships for side in SIDES if reach(s, side)]
    rng.shuffle(shots)
    for sid, side in shots[:rng.randint(*FIRES_PER_TURN)]:
        plan.fire(by_id[sid], side)
    for ship in ships:
        plan.load(ship)
    plan.lines.append("turn")
    return plan


@dataclass
class Build:
    """What building the game through the shell saw."""

    turns: int = 0
    lines: int = 0
    fires: int = 0
    refused: list[str] = field(default_factory=list)
    seconds: float = 0.0
    engaged: dict[str, str] = field(default_factory=dict)


def event_count(game: Path) -> int | None:
    log = as_json("log --last 1", umpire("--game", str(game), "--json", "log", "--last", "1"))
    if log is None:
        return None
    events = log.get("events") or []
    return events[-1]["n"] if events else 0


def play_until(game: Path, events: int, rng: random.Random, build: Build) -> int:
    """Play turns through `umpire shell` until the journal holds `events`; returns the count reached."""
    count, idle = event_count(game) or 0, 0
    while count < events and idle < STALLED_TURNS:
        status = as_json("status", umpire("--game", str(game), "--json", "status"))
        if status is None:
            break
        plan = plan_turn(status["ships"], rng, build.engaged)
        t = time.perf_counter()
        proc = run(umpire("--game", str(game), "shell", "--keep-going"), "\n".join(plan.lines) + "\n")
        build.seconds += time.perf_counter() - t
        build.refused += [ln for ln in proc.stderr.splitlines() if ln.startswith("umpire:")]
        build.turns += 1
        build.lines += len(plan.lines)
        build.fires += plan.fires
        new = event_count(game)
        if new is None:
            break
        idle = idle + 1 if plan.fires == 0 or new <= count else 0
        count = new
    if count < events:
        print(f"  ! the battle stopped at {count} events (wanted {events})")
    return count


@dataclass(frozen=True, slots=True)
class Trafalgar:
    """The built game, its early copy and how the build went."""

    path: Path
    early: Path
    events: int
    early_events: int
    build: Build

    @property
    def turns_played(self) -> int:
        return self.build.turns


def build_trafalgar(folder: Path, scale: Scale) -> Trafalgar:
    """The Trafalgar game at `scale.events` events, and a copy kept at about `scale.early`."""
    game, early = folder / "trafalgar.toml", folder / "trafalgar-early.toml"
    checked("new --scenario trafalgar", umpire("new", str(game), "--scenario", "trafalgar", "--seed", str(SEED)))
    rng, build = random.Random(SEED), Build()
    n_early = play_until(game, scale.early, rng, build)
    copy_game(game, early)
    n_big = play_until(game, scale.events, rng, build)
    return Trafalgar(game, early, n_big, n_early, build)


# -- the small games -------------------------------------------------------------

def two_ship_game(folder: Path) -> Path:
    game = folder / "duel.toml"
    checked("new duel", umpire("new", str(game), "--ruleset", "wsim-1981"))
    for name in ("MARS", "HERCULE"):
        checked(f"ship add {name}", umpire("--game", str(game), "ship", "add", name, "--side", name.lower(),
                                           "--spec", SPEC))
    return game


def melee_game(folder: Path) -> tuple[Path, list[str]]:
    """Two three-deckers grappled, every crew section of one boarding the other and every one
    of the other defending; returns the game and the `odds melee` words."""
    game = folder / "melee.toml"
    g = ["--game", str(game)]
    checked("new melee", umpire("new", str(game), "--ruleset", "wsim-1981", "--seed", str(SEED)))
    for name, side, spec in THREE_DECKERS:
        checked(f"ship add {name}", umpire(*g, "ship", "add", name, "--side", side, "--spec", spec,
                                           "--class", "SOL", "--turning", "1"))
    a, b = "victory", "santissima-trinidad"
    for die in range(1, 7):
        out = as_json("grapple", umpire(*g, "--json", "grapple", a, b, "--roll", str(die)))
        if out is None or out.get("success"):
            break
    checked("board obp", umpire(*g, "board", a, "--party", "obp", "--sections", "1,2,3", "--at", b))
    checked("board dbp", umpire(*g, "board", b, "--party", "dbp", "--sections", "1,2,3"))
    return game, ["odds", "melee", a, "--at", b]


def dguts_dice(game: Path, odds: list[str]) -> int | None:
    out = as_json("odds fire", umpire("--game", str(game), "--json", *odds))
    try:
        return int(str(out["dice"]).split()[0]) if out else None
    except (KeyError, ValueError):
        print(f"  ! odds fire: cannot read the dice count from {out!r:.200}")
        return None


def dguts_game(folder: Path, dice: int = 18) -> tuple[Path, list[str], int | None]:
    """A DGUTS game whose first ship's port broadside rolls `dice` dice (one per fire factor):
    guns of one calibre, scaled until the working asks for that many."""
    odds = ["odds", "fire", "alpha", "--at", "bravo", "--range", "3", "--side", "port"]
    guns, got = 36, None
    for attempt in range(3):
        game = folder / f"dguts-{attempt}.toml"
        checked("new dguts", umpire("new", str(game), "--ruleset", "dguts", "--seed", str(SEED)))
        for name, side in (("ALPHA", "british"), ("BRAVO", "french")):
            checked(f"ship add {name}", umpire("--game", str(game), "ship", "add", name, "--side", side,
                                               "--nation", side, "--tons", "2500", "--men", "900",
                                               "--guns", f"{guns}x18"))
        got = dguts_dice(game, odds)
        if not got or got == dice:
            return game, odds, got
        guns = round(guns * dice / got / 2) * 2
    return game, odds, got


# -- timing ------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Timed:
    """One command to time, with untimed steps around each run (set-up, restore); a step
    returns False when it failed, and then the command is not run (or not restored after)."""

    name: str
    cmd: list[str]
    stdin: str | None = None
    before: Callable[[], bool] | None = None
    after: Callable[[], bool] | None = None

    def once(self) -> tuple[float, subprocess.CompletedProcess | None]:
        if self.before and not self.before():
            return 0.0, None
        t = time.perf_counter()
        proc = run(self.cmd, self.stdin)
        elapsed = time.perf_counter() - t
        if self.after and proc.returncode == 0 and not self.after():
            return elapsed, None
        return elapsed, proc


def alternate(steps: list[Timed], runs: int) -> dict[str, float | None]:
    """Medians of the baseline and each step, run in turn so drift in machine load hits all alike.
    A step that fails is reported with its stderr and left out (None)."""
    base = Timed("baseline", BASELINE)
    live = [base]
    for step in steps:          # warm the caches, and find what fails
        _, proc = step.once()
        if proc is not None and proc.returncode:
            report_failure(step.name, proc)
        if proc is not None and not proc.returncode:
            live.append(step)
    base.once()
    samples: dict[str, list[float]] = {s.name: [] for s in live}
    for _ in range(runs):
        for step in list(live):
            elapsed, proc = step.once()
            if proc is None or proc.returncode:
                if proc is not None:
                    report_failure(step.name, proc)
                live.remove(step)
                samples.pop(step.name)
                continue
            samples[step.name].append(elapsed)
    out: dict[str, float | None] = {s.name: None for s in steps}
    out.update({name: statistics.median(v) for name, v in samples.items()})
    return out


@dataclass(frozen=True, slots=True)
class Row:
    name: str
    seconds: float | None       # median, or None when the command failed
    ratio: float | None
    target: float | None

    def verdict(self) -> str:
        if self.ratio is None:
            return "ERROR"
        if self.target is None:
            return ""
        return "PASS" if self.ratio <= self.target else "MISS"


def ratio_row(name: str, medians: dict, key: str, target: float | None, per: int = 1) -> Row:
    t, base = medians.get(key), medians.get("baseline")
    if t is None or not base:
        return Row(name, None, None, target)
    return Row(name, t / per, t / per / base, target)


def print_table(rows: list[Row]) -> None:
    width = max(len(r.name) for r in rows)
    print(f"\n{'measure':<{width}}  {'median ms':>10}  {'ratio':>7}  {'target':>7}  result")
    print("-" * (width + 38))
    for r in rows:
        ms = f"{r.seconds * 1000:10.1f}" if r.seconds is not None else f"{'-':>10}"
        ratio = f"{r.ratio:6.2f}x" if r.ratio is not None else f"{'-':>7}"
        target = f"<={r.target:g}x" if r.target is not None else ""
        print(f"{r.name:<{width}}  {ms}  {ratio}  {target:>7}  {r.verdict()}")


# -- what is timed -------------------------------------------------------------------

def fire_pairs(status: dict | None) -> list[tuple[str, str, str]]:
    """Ships whose broadside can fire at FIRE_RANGE, each with an enemy she may fire on."""
    ships = (status or {}).get("ships", [])
    pairs = []
    for firer in ships:
        side = next((s for s in SIDES if reach(firer, s) >= FIRE_RANGE), None)
        target = next((t for t in ships if t["controller"] != firer["controller"] and t["state"] == "active"), None)
        if side and target:
            pairs.append((firer["id"], target["id"], side))
    return pairs


def fire_words(pair: tuple[str, str, str], die: int | None = None) -> list[str]:
    firer, target, side = pair
    words = ["fire", firer, "--at", target, "--range", str(FIRE_RANGE), "--side", side, "--facing", "left"]
    return words + ["--roll", str(die)] if die else words


def rolling_pair(game: Path, pairs: list[tuple[str, str, str]]) -> tuple[str, str, str] | None:
    """The first pair whose broadside rolls a die (a hit table of 0 or more, not an automatic miss)."""
    for pair in pairs:
        if run(umpire("--game", str(game), "--json", "odds", *fire_words(pair))).returncode == 0:
            return pair
    return None


def shell_script(pairs: list[tuple[str, str, str]], n: int) -> str:
    """`n` lines that leave the game as they found it: fires (umpire rolls), status, turns,
    each fire and turn taken back by `undo` (blocks of ten: 3 fire, 2 status, 1 turn, 4 undo)."""
    lines: list[str] = []
    k = 0
    while len(lines) < n:
        shots = [" ".join(fire_words(pairs[(k + i) % len(pairs)])) for i in range(3)]
        lines += [shots[0], "status", "undo", shots[1], "undo", shots[2], "status", "undo", "turn", "undo"]
        k += 3
    return "\n".join(lines[:n]) + "\n"


def single(name: str, cmd: list[str], target: float, runs: int) -> Row:
    return ratio_row(name, alternate([Timed(name, cmd)], runs), name, target)


def status_rows(game: Trafalgar, runs: int) -> list[Row]:
    """`--json status` at the full size, and how much it grows from the early copy."""
    m = alternate([Timed("big", umpire("--game", str(game.path), "--json", "status")),
                   Timed("early", umpire("--game", str(game.early), "--json", "status"))], runs)
    growth = m["big"] / m["early"] if m["big"] and m["early"] else None
    return [ratio_row(f"--json status ({game.events} events)", m, "big", 1.5),
            ratio_row(f"--json status ({game.early_events} events)", m, "early", None),
            Row(f"status {game.events} / status {game.early_events} events", None, growth, 1.2)]


def fire_undo_rows(game: Trafalgar, pairs: list[tuple[str, str, str]], runs: int) -> list[Row]:
    """`fire` with a typed die, each followed by an untimed `undo`; `undo`, each after an untimed `fire`."""
    names = ("fire --roll (then undo, untimed)", "undo (of an untimed fire)")
    g = ["--game", str(game.path)]
    pair = rolling_pair(game.path, pairs)
    fire, undo = (umpire(*g, *fire_words(pair, 3)), umpire(*g, "undo")) if pair else ([], [])
    if pair is None or checked("fire", fire) is None or checked("undo", undo) is None:
        print("  ! no broadside that rolls a die could be fired and taken back: fire and undo are not timed")
        return [Row(name, None, None, 2) for name in names]
    m = alternate([Timed("fire", fire, after=lambda: checked("undo", undo) is not None),
                   Timed("undo", undo, before=lambda: checked("fire", fire) is not None)], runs)
    return [ratio_row(names[0], m, "fire", 2), ratio_row(names[1], m, "undo", 2)]


def small_game_rows(folder: Path, runs: int) -> list[Row]:
    game, words = melee_game(folder)
    rows = [single("odds melee (three-deckers, full crews)", umpire("--game", str(game), "--json", *words), 2, runs)]
    game, odds, dice = dguts_game(folder)
    if dice != 18:
        print(f"  ! the DGUTS broadside rolls {dice} dice, not 18")
    rows.append(single(f"odds fire (DGUTS, {dice} dice)", umpire("--game", str(game), "--json", *odds), 2, runs))
    duel = two_ship_game(folder)
    rows.append(single("--json status (2 ships)", umpire("--game", str(duel), "--json", "status"), 1.5, runs))
    return rows


def measure(folder: Path, game: Trafalgar, scale: Scale) -> list[Row]:
    g = ["--game", str(game.path)]
    pairs = fire_pairs(as_json("status", umpire(*g, "--json", "status")))
    rows = status_rows(game, scale.runs) + fire_undo_rows(game, pairs, scale.runs)
    rows.append(single("log", umpire(*g, "log"), 2, scale.runs))
    rows.append(single("verify", umpire(*g, "verify"), 15, scale.runs))
    rows.append(shell_row(folder, game.path, pairs, scale))
    return rows + small_game_rows(folder, scale.runs)


def shell_row(folder: Path, big: Path, pairs: list[tuple[str, str, str]], scale: Scale) -> Row:
    """Mean time per line of one piped shell on a copy of the big game, restored before each run."""
    name = f"shell, per line ({scale.shell_lines} lines)"
    if not pairs:
        return Row(name, None, None, 0.5)
    work = folder / "shell.toml"
    m = alternate([Timed("shell", umpire("--game", str(work), "shell", "--keep-going"),
                         stdin=shell_script(pairs[:8], scale.shell_lines),
                         before=lambda: copy_game(big, work))], scale.runs)
    return ratio_row(name, m, "shell", 0.5, per=scale.shell_lines)


def describe(folder: Path, game: Trafalgar) -> None:
    b = game.build
    print(f"  {b.turns} turns, {b.lines} lines ({b.fires} fire) in {b.seconds:.1f} s of shell, "
          f"{len(b.refused)} refused")
    for line in b.refused[:10]:
        print(f"    {line}")
    ships = (as_json("status", umpire("--game", str(game.path), "--json", "status")) or {}).get("ships", [])
    down = {side: sum(1 for s in ships if s["side"] == side and s["state"] != "active")
            for side in sorted({s["side"] for s in ships})}
    snap = folder / f".{game.path.name}.state.json"
    print(f"  game: {game.events} events, {kib(game.path)} KiB (state snapshot beside it {kib(snap)} KiB), "
          f"{game.turns_played} turns; ships out of action by side: {down}")
    print(f"  early copy: {game.early_events} events, {kib(game.early)} KiB")


def install_kind() -> str:
    """How the measured umpire is installed. An editable install (`pip install -e`) puts a finder in
    every interpreter's start-up, the baseline's too, which narrows the ratios; the README's set-up
    is a regular install, and the README's table is measured from one."""
    probe = ("import json, importlib.metadata as m; d = m.distribution('umpire'); "
             "u = json.loads(d.read_text('direct_url.json') or '{}'); "
             "print('editable' if u.get('dir_info', {}).get('editable') else 'regular', d.version)")
    proc = subprocess.run([sys.executable, "-c", probe], env=ENV, capture_output=True, text=True,
                          cwd=tempfile.gettempdir())     # (not the source tree's own metadata)
    if proc.returncode:
        return "not installed in this interpreter (the source tree on sys.path)"
    kind, version = proc.stdout.split()
    return f"{version}, {'an' if kind == 'editable' else 'a'} {kind} install"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run: fewer events and repeats")
    parser.add_argument("--keep", metavar="DIR", help="keep the built games in DIR (for profiling a command)")
    args = parser.parse_args()
    scale = QUICK if args.quick else FULL
    started = time.perf_counter()
    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} (other work widens the spread)")
    print(f"umpire: {install_kind()}")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        print(f"building Trafalgar through `umpire shell` to {scale.events} events ...")
        game = build_trafalgar(folder, scale)
        describe(folder, game)
        rows = measure(folder, game, scale)
        if args.keep:
            shutil.copytree(folder, args.keep, dirs_exist_ok=True)
    print_table(rows)
    print(f"\n{time.perf_counter() - started:.0f} s in all")


if __name__ == "__main__":
    main()
