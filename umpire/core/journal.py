"""The journal's end: one event appended to the game file, or the last one taken off, without
reading or writing again the events before it. The file's bytes so far are copied into the new file
by the kernel (`files.copy_bytes`) and the new file renamed over the old, as every write of a game
file is (`files.write_atomic`): a kill at any moment leaves the old file or the new one."""

from __future__ import annotations

import contextlib
import os
import re
import stat
from typing import Iterator

from umpire.core import files
from umpire.core.errors import BadInput
from umpire.core.files import toml_loads
from umpire.core.game import Game, _clean, _parse, _reread, _stamp, _unchanged, _write, changed, save, sweep

TAIL = 1 << 16      # the end of the journal read to append to it or take its last event off


@contextlib.contextmanager
def _same_file(game: Game) -> Iterator[tuple[int, int]]:
    """The game file open for reading, and its size, if it is still the file this command read
    (its stamp); otherwise refused, as `_unchanged` refuses."""
    try:
        fd = os.open(game.path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        raise changed(game) from None
    try:
        st = os.fstat(fd)
        if _stamp(st) != game.stamp or not stat.S_ISREG(st.st_mode):
            raise changed(game)
        yield fd, st.st_size
    finally:
        os.close(fd)


def _tail(game: Game, fd: int, size: int) -> tuple[bytes, int]:
    """The file's last bytes (up to TAIL) and where they start: from memory when it was read."""
    if game._raw is not None and not game._lazy:
        return game._raw, 0
    start = max(0, size - TAIL)
    return os.pread(fd, size - start, start), start


def _keep(game: Game, fd: int, size: int, extra: bytes) -> None:
    """Replace the file atomically with its first `size` bytes (copied, never read in) and `extra`;
    the game's bytes are read again only if a later step asks for them."""
    sweep(game.path)
    st = files.write_atomic(game.path, extra, "game file", head=(fd, size))
    game._raw, game._lazy, game.stamp = None, True, _stamp(st)


def append_event(game: Game, event: dict) -> None:
    """Add one event to the end of the file as it was read (call under `locked`).

    Events are the file's last tables, so the new `[[events]]` block is simply
    appended: the file's bytes so far are copied into the new file by the kernel
    (a long journal is never read in or rewritten by the program), with the same
    atomic rename.
    """
    import tomli_w

    _unchanged(game)
    block = tomli_w.dumps({"events": [_clean(event)]}).encode("utf-8")
    with _same_file(game) as (fd, size):
        tail, start = _tail(game, fd, size)
        if b"[[events]]" in tail or (start == 0 and not re.search(rb"(?m)^\s*events\s*=", tail)):
            _keep(game, fd, size, (b"" if not tail or tail.endswith(b"\n") else b"\n") + block)
        else:
            # a journal written as one inline array (or its last event longer than TAIL): parse it whole
            fresh = _parse(game.path, game.raw or b"")
            fresh.events.append(event)
            _reread(game, save(fresh))
    if game._events is not None:
        game._events.append(event)
    game.n_events += 1


def _last_block(game: Game, tail: bytes) -> tuple[dict, int] | None:
    """The journal's last event, parsed alone from the end of the file, and where the bytes kept
    without it end (trailing blank lines before it dropped); None if it cannot be cut cleanly."""
    cut = tail.rfind(b"\n[[events]]\n")
    if cut < 0:
        return None
    try:
        block = toml_loads(tail[cut + 1:].decode("utf-8"), "").get("events", [])
    except (BadInput, UnicodeDecodeError):
        return None
    if len(block) == 1 and isinstance(block[0], dict) and block[0].get("n") == game.n_events \
            and isinstance(block[0].get("effects"), list) and isinstance(block[0].get("kind"), str) \
            and isinstance(block[0].get("summary"), str) and isinstance(block[0].get("action"), dict):
        end = len(tail[: cut + 1].rstrip(b"\n"))
        return (block[0], end) if end > 0 else None
    return None


def last_event(game: Game) -> tuple[dict, bytes]:
    """The journal's last event, parsed alone, and the file's bytes without it.

    Only the last `[[events]]` block is read: undo costs the same however long
    the journal is. A file whose last event cannot be cut cleanly is parsed whole.
    """
    raw = game.raw or b""
    found = _last_block(game, raw)
    if found:
        return found[0], raw[: found[1]] + b"\n"
    fresh = _parse(game.path, raw)
    last = fresh.events.pop()
    return last, fresh.to_toml().encode("utf-8")


def drop_last_event(game: Game) -> dict:
    """Remove the journal's last event from the file (call under `locked`): the bytes before it are
    copied into the new file by the kernel when the last event is cut from the file's end."""
    _unchanged(game)
    with _same_file(game) as (fd, size):
        tail, start = _tail(game, fd, size)
        found = _last_block(game, tail)
        if found:
            last = found[0]
            _keep(game, fd, start + found[1], b"\n")
        else:
            last, text = last_event(game)
            _reread(game, _write(game.path, text))
    if game._events is not None:
        game._events.pop()
    game.n_events -= 1
    return last
