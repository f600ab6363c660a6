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
from typing import Any, Callable

from umpire.core import files
from umpire.core.errors import BadInput
from umpire.core.files import PathText
from umpire.core.userkey import digest, sign

FORMAT = 5               # 2: states of game files read at an older format are migrated (core.game.migrate);
#                          3: the log lines show dice as the ruleset shows them (Ruleset.dice_shown): rebuilt;
#                          4: signed with the user's key (`_key`), so a forged snapshot is rebuilt;
#                          5: the signature covers the game file's digest and stamp too; a game file
#                             not written since (the same stamp) is not hashed again
UNDO_DEPTH = 64          # events that `undo` can take back without replaying the journal


def path_for(game_path: PathText) -> str:
    """Beside the real game file (a game reached through a link has one snapshot)."""
    return files.beside(game_path, "state.json")


def _check(body: str) -> str:
    return sign(body.encode("utf-8"))


def _shaped(snap: Any) -> bool:
    """Whether a snapshot has the shape a command relies on (bounded work: the undo list is short)."""
    if not isinstance(snap, dict):
        return False
    parts, state, undo, log = snap.get("parts"), snap.get("state"), snap.get("undo"), snap.get("logindex")
    return (isinstance(parts, dict) and isinstance(parts.get("meta"), dict)
            and isinstance(parts["meta"].get("ruleset"), str) and isinstance(parts.get("rulings", {}), dict)
            and isinstance(parts.get("scenario", {}), dict) and isinstance(parts.get("ships", []), list)
            and type(snap.get("n")) is int and snap["n"] >= 0
            and isinstance(state, dict) and isinstance(state.get("ships"), dict)
            and all(isinstance(ship, dict) for ship in state["ships"].values())
            and isinstance(undo, list) and len(undo) <= UNDO_DEPTH
            and all(isinstance(u, list) and all(isinstance(e, dict) and isinstance(e.get("path"), list)
                                                and e["path"] and e.get("op") in ("set", "del") for e in u)
                    for u in undo)
            and (log is None or isinstance(log, dict)))


def _file_stamp(game_path: PathText, st: os.stat_result | None = None) -> list | None:
    """The game file's stamp (`files.stamp`), from `st` if given; None if it cannot be taken."""
    if st is None:
        try:
            st = os.stat(game_path)
        except OSError:
            return None
    return files.stamp(st)


def read(game_path: PathText, raw: bytes | None, st: os.stat_result | None = None) -> dict | None:
    """The snapshot derived from exactly these game-file bytes, or None.

    The bytes are the ones the snapshot was made from when the game file has not been written
    since (its stamp, from `st` if given, is the one the snapshot recorded); otherwise their digest
    must match (with `raw` None, the stamp alone decides). Only a regular file is read, never
    through a link and never more than the bound.
    """
    try:
        data, _ = files.read_regular(path_for(game_path), "snapshot", files.MAX_SNAPSHOT_BYTES, follow=False)
        head, body = data.decode("utf-8").split("\n", 1)
        meta = json.loads(head)
        stamp = meta.get("stamp")
        if meta.get("format") != FORMAT or meta.get("check") != _check(json.dumps([meta.get("file"), stamp]) + body):
            return None
        same = bool(stamp) and stamp == _file_stamp(game_path, st) and (raw is None or stamp[0] == len(raw))
        if not same and (raw is None or not meta.get("file") or meta["file"] != digest(raw)):
            return None     # keyed by a stamp no longer the file's, and by no digest: hashing would not help
        snap = json.loads(body)
    except (BadInput, ValueError, UnicodeDecodeError, AttributeError, RecursionError):
        return None
    return snap if _shaped(snap) else None


def write(game_path: PathText, size: int, raw: Callable[[], bytes | None], snap: dict[str, Any]) -> None:
    """Write the snapshot atomically; a failure only means the next command rebuilds it.

    It is keyed to the game file's stamp as it stands after the command's write (the file's digest
    only where no stamp can be taken): a game file written since, even with the same bytes, is
    replayed from its journal once.

    It replaces whatever has its name (a link there is replaced, never followed), through a
    unique temporary file, and is no more readable than the game file itself. `size` is the
    game file's length as the command left it; `raw` gives its bytes, asked for only when the
    file has no stamp of that size to key the snapshot by.
    """
    try:
        body = json.dumps(snap, separators=(",", ":"), ensure_ascii=False)
        stamp = _file_stamp(game_path)
        stamp = stamp if stamp and stamp[0] == size else None
        file = None if stamp else digest(raw() or b"")   # keyed by the stamp where there is one: no 2 MB hash
        head = json.dumps({"format": FORMAT, "file": file, "stamp": stamp,
                           "check": _check(json.dumps([file, stamp]) + body)})
        mode = stat.S_IMODE(os.stat(game_path).st_mode) & 0o666 | 0o200
        files.write_atomic(path_for(game_path), (head + "\n" + body).encode("utf-8"), "snapshot",
                           follow=False, mode=mode, durable=False)
    except (BadInput, OSError, ValueError, TypeError, RecursionError):
        pass


def remove(game_path: PathText) -> None:
    with contextlib.suppress(OSError):
        os.unlink(path_for(game_path))
