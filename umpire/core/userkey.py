"""The user's own key and cache folder: what umpire keeps between commands for this user (the
snapshot beside a game, the parsed data tables) is signed with the key, so a copy forged by anyone
else is never believed."""

from __future__ import annotations

import contextlib
import os

from umpire.core import files
from umpire.core.errors import BadInput

try:   # the built-in BLAKE2 loads in a fraction of the time hashlib's OpenSSL binding takes
    from _blake2 import blake2b
except ImportError:   # pragma: no cover - every CPython build has it, but keep a way round
    from hashlib import blake2b


def digest(raw: bytes) -> str:
    return blake2b(raw, digest_size=32).hexdigest()


_KEY: list[bytes] = []


def cache_dir() -> str:
    """The user's own cache folder for umpire (its key, the parsed data tables)."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "umpire")


def key_path() -> str:
    """The key that signs what umpire keeps for this user: private to the user, outside any game's
    folder."""
    return os.path.join(cache_dir(), "snapshot.key")


def sign(data: bytes) -> str:
    """A signature of `data` with the user's key (snapshots, the parsed data tables)."""
    return blake2b(data, digest_size=32, key=_key()).hexdigest()


def _key() -> bytes:
    """32 secret bytes (made once, readable by the user alone). A snapshot forged beside a game or a
    parsed table forged in the cache, even with its checksum worked out again, does not carry this
    key's signature and is made again. Where no key can be kept, one for this process alone: what
    was kept is then made again, never trusted."""
    if not _KEY:
        path = key_path()
        try:
            os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
            with contextlib.suppress(FileExistsError):
                fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
                try:
                    os.write(fd, os.urandom(32))
                finally:
                    os.close(fd)
            key, st = files.read_regular(path, "snapshot key", 64, follow=False)
            if len(key) != 32 or st.st_uid != os.geteuid() or st.st_mode & 0o077:
                raise BadInput("snapshot key unfit")
        except (OSError, BadInput):
            key = os.urandom(32)
        _KEY.append(key)
    return _KEY[0]
