"""The state snapshot kept beside a game file, so a command costs the same at
event 3,000 as at event 30.

The snapshot (`.<game>.state.json`, in the game's folder) holds what a
command needs without parsing the journal: the game's set-up tables, the
current state, one line per event for `log`, and the changes that take the
last few events back for `undo`. It names the SHA-256 of the exact game-file
bytes it was derived from and carries a checksum of itself: a snapshot that
does not match the file (stale, from another game, hand-edited or torn) is
ignored, and the state is rebuilt from the journal. The game file stays the
only record; deleting the snapshot loses nothing.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
from pathlib import Path
from typing import Any
from umpire.core import files
from umpire.core.errors import BadInput

FORMAT = 3               # 2: states of game files read at an older format are migrated (core.game.migrate);
#                          3: the log lines show dice as the ruleset shows them (Ruleset.dice_shown): rebuilt
UNDO_DEPTH = 64          # events that `undo` can take back without replaying the journal


def path_for(game_path: Path) -> Path:
    """Beside the real game file (a game reached through a link has one snapshot)."""
    real = Path(os.path.realpath(game_path))
    return real.parent / f".{real.name}.state.json"


try:   # the built-in BLAKE2 loads in a fraction of the time hashlib's OpenSSL binding takes
    from _blake2 import blake2b
except ImportError:   # pragma: no cover - every CPython build has it, but keep a way round
    from hashlib import blake2b


def digest(raw: bytes) -> str:
    return blake2b(raw, digest_size=32).hexdigest()


def _check(body: str) -> str:
    return blake2b(body.encode("utf-8"), digest_size=32).hexdigest()


def read(game_path: Path, raw: bytes) -> dict | None:
    """The snapshot derived from exactly these game-file bytes, or None.

    Only a regular file is read, never through a link and never more than the bound.
    """
    try:
        data, _ = files.read_regular(path_for(game_path), "snapshot", files.MAX_SNAPSHOT_BYTES, follow=False)
        head, body = data.decode("utf-8").split("\n", 1)
        meta = json.loads(head)
        if (meta.get("format") != FORMAT or meta.get("file") != digest(raw) or meta.get("check") != _check(body)):
            return None
        snap = json.loads(body)
    except (BadInput, ValueError, UnicodeDecodeError, AttributeError, RecursionError):
        return None
    return snap if isinstance(snap, dict) else None


def write(game_path: Path, raw: bytes, snap: dict[str, Any]) -> None:
    """Write the snapshot atomically; a failure only means the next command rebuilds it.

    It replaces whatever has its name (a link there is replaced, never followed), through a
    unique temporary file, and is no more readable than the game file itself.
    """
    try:
        body = json.dumps(snap, separators=(",", ":"), ensure_ascii=False)
        head = json.dumps({"format": FORMAT, "file": digest(raw), "check": _check(body)})
        mode = stat.S_IMODE(os.stat(game_path).st_mode) & 0o666 | 0o200
        files.write_atomic(path_for(game_path), (head + "\n" + body).encode("utf-8"), "snapshot",
                           follow=False, mode=mode, durable=False)
    except (BadInput, OSError, ValueError, TypeError, RecursionError):
        pass


def remove(game_path: Path) -> None:
    with contextlib.suppress(OSError):
        os.unlink(path_for(game_path))
