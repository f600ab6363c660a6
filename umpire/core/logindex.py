"""One line per journal event for `umpire log`, kept beside the game (`.<game>.log.jsonl`).

A command appends its event's line, so the cost does not grow with the journal.
The state snapshot records the file's size and a hash chain over its lines
(each link the BLAKE2 of the previous link and the line): a file that does not
match, whether stale, torn by a kill or hand-edited, is ignored and rebuilt from
the journal. Like the snapshot, it is a cache: deleting it loses nothing. The
snapshot also records the file's stamp as the last write left it (size, inode,
modification and change times: the change time moves with any write and no
program can set it back); a file with that stamp is not hashed again.
"""

from __future__ import annotations

import json
import os
import stat
from umpire.core import files
from umpire.core.errors import BadInput
from umpire.core.files import PathText, stamp as _stamp

try:   # the built-in BLAKE2 loads in a fraction of the time hashlib's OpenSSL binding takes
    from _blake2 import blake2b
except ImportError:   # pragma: no cover
    from hashlib import blake2b

EMPTY = {"size": 0, "chain": ""}


def path_for(game_path: PathText) -> str:
    return files.beside(game_path, "log.jsonl")


def _link(prev: str, line: bytes) -> str:
    return blake2b(prev.encode("ascii") + line, digest_size=16).hexdigest()


def _line(entry: dict) -> bytes:
    return (json.dumps(entry, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


def _valid(meta) -> bool:
    return isinstance(meta, dict) and isinstance(meta.get("size"), int) and isinstance(meta.get("chain"), str)


def _lines(game_path: PathText, meta: dict) -> list[bytes] | None:
    """The file's lines if it is exactly the one `meta` describes."""
    if not _valid(meta):
        return None
    try:
        data, st = files.read_regular(path_for(game_path), "journal index", files.MAX_SNAPSHOT_BYTES, follow=False)
    except BadInput:
        return None
    if len(data) != meta["size"]:
        return None
    lines = data.splitlines(keepends=True)
    if meta.get("stamp") == _stamp(st):
        return lines        # not written since the write the snapshot recorded
    chain = ""
    for line in lines:
        chain = _link(chain, line)
    return lines if chain == meta["chain"] else None


def read(game_path: PathText, meta: dict) -> list[dict] | None:
    """The entries, or None when the file is not the one the snapshot names."""
    lines = _lines(game_path, meta)
    if lines is None:
        return None
    try:   # one parse of the whole file, not one a line
        entries = json.loads(b"[" + b",".join(lines) + b"]") if lines else []
    except ValueError:
        return None
    return entries if all(isinstance(e, dict) for e in entries) else None


def write(game_path: PathText, entries: list[dict]) -> dict | None:
    """Write the whole index (after a replay); its description, or None if it could not be written."""
    lines = [_line(e) for e in entries]
    chain = ""
    for line in lines:
        chain = _link(chain, line)
    try:
        mode = stat.S_IMODE(os.stat(game_path).st_mode) & 0o666 | 0o200
        st = files.write_atomic(path_for(game_path), b"".join(lines), "journal index", follow=False, mode=mode,
                                durable=False)
    except (BadInput, OSError):
        return None
    return {"size": sum(len(line) for line in lines), "chain": chain, "stamp": _stamp(st)}


def append(game_path: PathText, meta: dict | None, entry: dict) -> dict | None:
    """Append one event's line to an index that matches `meta`; the new description, or None."""
    if not _valid(meta):
        return None
    line = _line(entry)
    try:
        fd = os.open(path_for(game_path), os.O_WRONLY | os.O_APPEND | os.O_NOFOLLOW | (
            os.O_CREAT if meta["size"] == 0 else 0), 0o600)
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_size != meta["size"]:
            return None
        if os.write(fd, line) != len(line):
            return None
        after = os.fstat(fd)
    except OSError:
        return None
    finally:
        os.close(fd)
    # (the link before this line is kept, so that taking it off again needs no walk of the chain)
    return {"size": meta["size"] + len(line), "chain": _link(meta["chain"], line), "before": meta["chain"],
            "stamp": _stamp(after)}


def drop_last(game_path: PathText, meta: dict | None) -> dict | None:
    """Take the last line off an index that matches `meta`; the new description, or None."""
    lines = _lines(game_path, meta) if meta else None
    if not lines:
        return None
    size = meta["size"] - len(lines[-1])
    try:
        fd = os.open(path_for(game_path), os.O_WRONLY | os.O_NOFOLLOW)
    except OSError:
        return None
    try:
        os.ftruncate(fd, size)
        after = os.fstat(fd)
    except OSError:
        return None
    finally:
        os.close(fd)
    chain = meta.get("before")
    if not isinstance(chain, str):
        chain = ""
        for line in lines[:-1]:
            chain = _link(chain, line)
    return {"size": size, "chain": chain, "stamp": _stamp(after)}
