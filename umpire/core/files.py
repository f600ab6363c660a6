"""Files a user names, read and written safely.

Reading: only regular files are read (a pipe, device or folder is refused
before anything blocks), never more than a stated size, and TOML nested no
deeper than `MAX_DEPTH`. Writing: a unique temporary file in the real file's
folder (created exclusively, never through a link), flushed and synced, then
renamed over the file; a symbolic link keeps pointing at the file, the file
keeps its permission bits, a read-only file is refused, and the temporary
file is removed whatever happens. Every OS error is a one-line BadInput
naming the file. The bounds are listed in docs/limits.md.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from typing import Any, Union

from umpire.core.errors import BadInput

#: a path as the core takes it: text or any path object (the core works in text with `os.path`:
#: pathlib costs milliseconds at every start)
PathText = Union[str, "os.PathLike[str]"]

MIB = 1 << 20
MAX_GAME_BYTES = 64 * MIB       # a game file (a 60-ship game with 5,000 events is about 5 MiB)
MAX_SNAPSHOT_BYTES = 256 * MIB  # the state snapshot beside it (state, log and undo of the same game)
MAX_FILE_BYTES = 4 * MIB        # scenario, rulings and order-of-battle files
MAX_DEPTH = 24                  # nesting of tables and arrays in any TOML file read

_TEMP_SUFFIX = ".tmp"


def read_regular(path: PathText, what: str, limit: int, missing: str = "", follow: bool = True) -> tuple[bytes, os.stat_result]:
    """The bytes of the regular file `path` (at most `limit` of them) and its status.

    A missing file, a folder, a pipe or device, a file too large or an unreadable one is a
    one-line BadInput naming `what` and the path; `missing` is added to the not-found message.
    """
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0) | (0 if follow else os.O_NOFOLLOW)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise BadInput(f"{what} {path} not found{missing}") from None
    except OSError as exc:
        raise BadInput(f"{what} {path}: cannot read ({exc.strerror})") from None
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise BadInput(f"{what} {path} is a folder; give a file")
        if not stat.S_ISREG(st.st_mode):
            raise BadInput(f"{what} {path} is not a regular file (a pipe, device or socket); give a file")
        if st.st_size > limit:
            raise BadInput(f"{what} {path} is too large ({st.st_size:,} bytes; at most {limit:,})")
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(limit + 1 - size, MIB))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise BadInput(f"{what} {path} is too large (more than {limit:,} bytes)")
    except OSError as exc:
        raise BadInput(f"{what} {path}: cannot read ({exc.strerror})") from None
    finally:
        os.close(fd)
    return b"".join(chunks), st


#: a text this long (a long journal) is parsed first by rtoml, a TOML 1.0 parser written in Rust, about
#: three times as fast as tomli; it has no wheel on every platform and is not required
FAST_PARSE_FROM = 1 << 18


def _fast_loads(text: str) -> dict | None:
    """The document, if rtoml is installed and reads the text; None sends the text to tomli, which
    then gives every refusal (its messages name the line), so the fast parser never decides one."""
    try:
        import rtoml
    except ImportError:
        return None
    try:
        doc = rtoml.loads(text)
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException:      # (a parser error, its recursion limit, or a Rust panic)
        return None
    return doc if isinstance(doc, dict) else None


def toml_loads(text: str, label: str) -> dict:
    """Parse TOML; a syntax error or nesting deeper than MAX_DEPTH is a BadInput starting with `label`."""
    return toml_loads_checked(text, label)[0]


def toml_loads_checked(text: str, label: str) -> tuple[dict, bool]:
    """As `toml_loads`, with whether every value is of a kind a file umpire writes holds (text, a truth
    value, a whole number within TOML's 64 bits, a finite number): one walk answers both."""
    try:   # the standard library's parser, compiled (tomli 2.3, TOML 1.0): a long journal reads twice as fast
        import tomli as tomllib
    except ImportError:   # pragma: no cover - the same parser, as the standard library ships it
        import tomllib

    doc = _fast_loads(text) if len(text) >= FAST_PARSE_FROM else None
    try:
        if doc is None:
            doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise BadInput(f"{label}: {exc}") from None
    except RecursionError:
        doc = None
    except ValueError:      # a whole number too long for Python to read from text (over 4,300 digits)
        raise BadInput(f"{label}: a number too long to read") from None
    deepest, plain = (MAX_DEPTH + 1, False) if doc is None else scan(doc)
    if deepest > MAX_DEPTH:
        raise BadInput(f"{label}: tables or arrays nested more than {MAX_DEPTH} deep")
    return doc, plain


#: whole numbers in a file umpire writes fit TOML's 64-bit integers (what any TOML reader can hold)
MAX_INTEGER = 2**63 - 1
_INFINITIES = (float("inf"), float("-inf"))


def scan(value: Any) -> tuple[int, bool]:
    """How deeply tables and arrays nest in `value` (counting stops past MAX_DEPTH), and whether every
    value in it is plain (see `toml_loads_checked`): level by level, without recursion, so any
    depth is safe."""
    deepest, plain = 0, True
    level = [value] if isinstance(value, (dict, list)) else []
    while level:
        deepest += 1
        if deepest > MAX_DEPTH:
            return deepest, plain
        below: list = []
        for node in level:
            for v in (node.values() if isinstance(node, dict) else node):
                kind = type(v)
                if kind is str or kind is bool:
                    continue
                if kind is dict or kind is list:
                    below.append(v)
                elif kind is int:
                    plain = plain and -MAX_INTEGER - 1 <= v <= MAX_INTEGER
                elif kind is float:
                    plain = plain and v == v and v not in _INFINITIES
                elif isinstance(v, (dict, list)):
                    below.append(v)
                else:
                    plain = False
        level = below
    return deepest, plain


def depth(value: Any) -> int:
    """How deeply tables and arrays nest in `value` (it stops counting past MAX_DEPTH)."""
    return scan(value)[0]


def real_path(path: PathText) -> str:
    """The file a path names once symbolic links are followed (the path itself if it does not exist)."""
    return os.path.realpath(path)


def beside(path: PathText, suffix: str) -> str:
    """A file umpire keeps beside the real file `path` names (one for a game reached through links
    too): `.<name>.<suffix>` in its folder (its snapshot, journal index, lock)."""
    real = os.path.realpath(path)
    return os.path.join(os.path.dirname(real), f".{os.path.basename(real)}.{suffix}")


def stamp(st: os.stat_result) -> list:
    """What a file's status says of it: size, inode, modification and change times (the change time
    moves with any write, and no program can set it back): a file with the stamp umpire recorded
    after its own write has not been written since."""
    return [st.st_size, st.st_ino, st.st_mtime_ns, st.st_ctime_ns]


def same_file(a: PathText, b: PathText) -> bool:
    """Whether two paths name one file, also through symbolic or hard links."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def write_atomic(path: PathText, data: bytes, what: str, *, exclusive: bool = False, follow: bool = True,
                 mode: int | None = None, durable: bool = True,
                 head: tuple[int, int] | None = None) -> os.stat_result:
    """Replace the file `path` names with `data` atomically; return the new file's status.

    With `follow` (files the user named) a symbolic link is followed and stays a link, the
    file keeps its permission bits, and a read-only or non-regular file is refused; without
    it (files umpire keeps beside a game) a link there is itself replaced, never written
    through. `exclusive` refuses if the file exists at the moment of creation. `head` (an open
    file and a byte count) puts that file's first bytes before `data`, copied by the kernel:
    appending to a long journal never brings its megabytes into the program.
    """
    text = os.fspath(path)
    target = real_path(text) if follow else os.path.join(real_path(os.path.dirname(text) or "."),
                                                         os.path.basename(text))
    try:
        old = os.stat(target) if follow else None
    except FileNotFoundError:
        old = None
    except OSError as exc:
        raise BadInput(f"{what} {path}: cannot write ({exc.strerror})") from None
    if old is not None:
        if exclusive:
            raise BadInput(f"{what} {path} already exists (use --force to overwrite)")
        if not stat.S_ISREG(old.st_mode):
            raise BadInput(f"{what} {path} is not a regular file; refusing to replace it")
        if not old.st_mode & 0o222:
            raise BadInput(f"{what} {path} is read-only; make it writable (chmod u+w) to change it")
        mode = stat.S_IMODE(old.st_mode) if mode is None else mode
    if mode is None:
        mode = 0o666 & ~_umask()
    fd, tmp = _temp(target, what, path)
    try:
        try:
            os.fchmod(fd, mode)
            if old is not None and (old.st_uid, old.st_gid) != (os.geteuid(), os.getegid()):
                with contextlib.suppress(OSError):
                    os.fchown(fd, old.st_uid, old.st_gid)
            if head is not None:
                copy_bytes(head[0], fd, head[1])
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            if durable:
                os.fsync(fd)
        finally:
            os.close(fd)
        if exclusive:
            _link_new(tmp, target, what, path)
            os.unlink(tmp)
        else:
            os.replace(tmp, target)
        st = os.stat(target)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(exc, OSError):
            raise BadInput(f"{what} {path}: cannot write ({exc.strerror or exc})") from None
        raise
    if durable:
        _sync_folder(os.path.dirname(target))
    return st


def copy_bytes(src: int, dst: int, count: int) -> None:
    """Copy the first `count` bytes of the open file `src` to the end of `dst` (the kernel's copy
    where it has one, else through a buffer); a file shorter than `count` is an OSError."""
    done = 0
    try:
        while done < count:
            n = os.copy_file_range(src, dst, count - done, done)
            if n == 0:
                raise OSError(errno.EIO, "the file grew shorter while it was copied")
            done += n
        return
    except OSError as exc:
        if exc.errno not in (errno.EXDEV, errno.ENOSYS, errno.EINVAL, errno.EOPNOTSUPP, errno.ENOTSUP) or done:
            raise
    except AttributeError:      # a platform without copy_file_range
        pass
    while done < count:
        chunk = os.pread(src, min(MIB, count - done), done)
        if not chunk:
            raise OSError(errno.EIO, "the file grew shorter while it was copied")
        view = memoryview(chunk)
        while view:
            view = view[os.write(dst, view):]
        done += len(chunk)


def _link_new(tmp: str, target: PathText, what: str, path: PathText) -> None:
    """Give the finished temporary file its name only if nothing has that name yet."""
    try:
        os.link(tmp, target)
    except FileExistsError:
        raise BadInput(f"{what} {path} already exists (use --force to overwrite)") from None
    except OSError:     # a file system without hard links: create the name exclusively, then fill it
        fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
        os.close(fd)
        os.replace(tmp, target)


def _temp(target: PathText, what: str, path: PathText) -> tuple[int, str]:
    """A new temporary file beside `target`: a unique name, created exclusively, never through a link."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
    for _ in range(20):
        name = f".{os.path.basename(target)[:80]}.{os.getpid()}.{os.urandom(4).hex()}{_TEMP_SUFFIX}"
        temp = os.path.join(os.path.dirname(target), name)
        try:
            return os.open(temp, flags, 0o600), temp
        except FileExistsError:
            continue
        except OSError as exc:
            raise BadInput(f"{what} {path}: cannot write ({exc.strerror})") from None
    raise BadInput(f"{what} {path}: cannot create a temporary file beside it")


def sweep(target: PathText, *beside: str) -> None:
    """Remove temporary files left by writers that were killed mid-write: those of `target` and of
    the files named `beside` in its folder (a game's snapshot and log index), in one listing."""
    folder = os.path.dirname(os.fspath(target)) or "."
    prefixes = [f".{name[:80]}." for name in (os.path.basename(target), *beside)]
    try:
        names = [(n, p) for n in os.listdir(folder) if n.endswith(_TEMP_SUFFIX)
                 for p in prefixes if n.startswith(p)]
    except OSError:
        return
    for name, prefix in names:
        parts = name[len(prefix):-len(_TEMP_SUFFIX)].split(".")
        if len(parts) != 2 or not parts[0].isdigit() or len(parts[1]) != 8 or _alive(int(parts[0])):
            continue
        with contextlib.suppress(OSError):
            if stat.S_ISREG(os.lstat(os.path.join(folder, name)).st_mode):
                os.unlink(os.path.join(folder, name))


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True
    return True


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _sync_folder(folder: PathText) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
