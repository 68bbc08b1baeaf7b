"""Reading a data file a user names (card sets, maps, plots, bot tables): the one safe reader every game's
loader uses.

A file option (``load_game("pax", cards=path)``) is untrusted input: the path may name a device that never
ends (``/dev/zero``), a named pipe that never answers, a folder, a symlink loop, a file far too large, bytes
that are not UTF-8, or JSON nested deeper than Python's recursion allows.  :func:`read_json` refuses each
with a :class:`~illumi_widgets.engine.errors.DataError` naming the file and what is wrong, before reading
anything it should not:

- the path must be a ``str`` or a path object (never a number or a list), without a NUL character;
- ``os.stat`` decides before the file is opened: only a regular file (a symlink is followed to one) of at
  most :data:`MAX_DATA_BYTES` bytes is read;
- the file is opened with ``O_NONBLOCK`` and checked again on the open descriptor (``fstat``), so a file
  swapped for a pipe between the two checks still never blocks, and at most the cap (plus one byte, to
  notice a file that grew) is ever read;
- the text is decoded as UTF-8 (a byte-order mark is allowed) and parsed as JSON; a decoding or syntax
  error says where; containers nested deeper than :data:`MAX_DEPTH` are refused (:func:`check_depth`, also
  for data given as Python objects), so no validator ever meets a ``RecursionError``.
"""

from __future__ import annotations

import errno
import json
import os
import stat
from pathlib import PurePath

from .errors import DataError

__all__ = ["MAX_DATA_BYTES", "MAX_DEPTH", "check_depth", "check_folder", "is_path", "read_json", "read_text"]

MAX_DATA_BYTES = 8_000_000
"""The largest data file read (bytes).  The shipped files are all under 50 kB."""

MAX_DEPTH = 64
"""The deepest nesting of lists and objects a data file may have (the shipped files nest at most 6 deep)."""

_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe"), (stat.S_ISCHR, "a character device"),
          (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"))


def is_path(source) -> bool:
    """Whether ``source`` names a file (a ``str`` or a path object), as opposed to data given in memory."""
    return isinstance(source, (str, PurePath)) or (
        hasattr(type(source), "__fspath__") and not isinstance(source, (bytes, bytearray)))


def _kind(mode: int) -> str:
    for test, name in _KINDS:
        if test(mode):
            return name
    return "not a regular file"  # pragma: no cover - every kind a stat reports is named above


_WHY = {errno.ENOENT: "there is no such file", errno.ELOOP: "its symbolic links go round in a loop",
        errno.EACCES: "permission denied", errno.ENAMETOOLONG: "the name is too long",
        errno.ENOTDIR: "a part of the path is not a folder"}


def _why(e: OSError) -> str:
    return _WHY.get(e.errno) or e.strerror or type(e).__name__


def _shown(path) -> str:
    return repr(str(path)) if len(str(path)) <= 120 else repr(str(path)[:117] + "...")


def _name(path, what: str) -> str:
    """``path`` as a file name (a ``str``), or a :class:`DataError` saying why it names no file."""
    if not is_path(path):
        raise DataError(f"{what}: expected a file path, got {type(path).__name__}")
    try:
        name = os.fspath(path)
    except Exception as e:  # noqa: BLE001 - a path object whose __fspath__ fails names no file
        raise DataError(f"{what}: not a file path ({type(e).__name__})") from None
    if not isinstance(name, str):
        raise DataError(f"{what}: expected a file path, got {type(name).__name__}")
    if "\0" in name:
        raise DataError(f"{what}: the file name {_shown(name)} contains a NUL character")
    return name


def check_folder(path, what: str = "data folder") -> str:
    """The name of the folder ``path`` (a ``str``), or a :class:`DataError` naming it and saying why it is
    none (missing, a file, a symlink loop, a NUL in the name …)."""
    name = _name(path, what)
    try:
        info = os.stat(name)
    except (OSError, ValueError) as e:
        why = _why(e) if isinstance(e, OSError) else str(e)
        raise DataError(f"{what}: {_shown(name)} is not a folder: {why}") from None
    if not stat.S_ISDIR(info.st_mode):
        raise DataError(f"{what}: {_shown(name)} is {_kind(info.st_mode)}, not a folder")
    return name


def read_text(path, what: str = "data file", *, limit: int = MAX_DATA_BYTES) -> str:
    """The UTF-8 text of the regular file ``path`` (``what``: how a message names it, e.g. "cards").
    Anything else is a :class:`DataError` naming the file; see the module's text."""
    name = _name(path, what)
    shown = _shown(name)
    try:
        info = os.stat(name)
    except OSError as e:
        raise DataError(f"{what}: cannot read file {shown}: {_why(e)}") from None
    except ValueError as e:  # (a name the system cannot take at all)
        raise DataError(f"{what}: cannot read file {shown}: {e}") from None
    if not stat.S_ISREG(info.st_mode):
        raise DataError(f"{what}: {shown} is {_kind(info.st_mode)}, not a file of data")
    if info.st_size > limit:
        raise DataError(f"{what}: file {shown} is {info.st_size:,} bytes; data files are at most {limit:,}")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(name, flags)
    except OSError as e:
        raise DataError(f"{what}: cannot read file {shown}: {_why(e)}") from None
    try:
        info = os.fstat(fd)  # (what was opened: the name may have been swapped since os.stat)
        if not stat.S_ISREG(info.st_mode):
            raise DataError(f"{what}: {shown} is {_kind(info.st_mode)}, not a file of data")
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as e:
        raise DataError(f"{what}: cannot read file {shown}: {_why(e)}") from None
    finally:
        os.close(fd)
    if size > limit:
        raise DataError(f"{what}: file {shown} is more than {limit:,} bytes, the most a data file may be")
    raw = b"".join(chunks)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = raw.count(b"\n", 0, e.start) + 1
        raise DataError(f"{what}: file {shown} is not UTF-8 text (byte {raw[e.start]:#04x} on line {line} "
                        "cannot be read)") from None


def check_depth(obj, what: str = "data", *, limit: int = MAX_DEPTH) -> None:
    """Refuse (:class:`DataError`) lists and objects nested more than ``limit`` deep; iterative, so any
    depth is measured without recursion."""
    stack = [(obj, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            children = value.values()
        elif isinstance(value, (list, tuple)):
            children = value
        else:
            continue
        if depth > limit:
            raise DataError(f"{what}: lists and objects are nested more than {limit} deep")
        stack.extend((c, depth + 1) for c in children if isinstance(c, (dict, list, tuple)))


def read_json(path, what: str = "data file", *, limit: int = MAX_DATA_BYTES) -> object:
    """The JSON value in the regular file ``path``: :func:`read_text`, then parsed, with a
    :class:`DataError` naming the file and the line and column of a syntax error, for nesting deeper than
    :data:`MAX_DEPTH`, and for numbers Python will not read."""
    text = read_text(path, what, limit=limit)
    shown = _shown(os.fspath(path))
    try:
        value = json.loads(text)
    except json.JSONDecodeError as e:
        raise DataError(f"{what}: file {shown} is not valid JSON: line {e.lineno} column {e.colno}: "
                        f"{e.msg}") from None
    except RecursionError:
        raise DataError(f"{what}: file {shown}: lists and objects are nested more than {MAX_DEPTH} deep"
                        ) from None
    except ValueError as e:  # (an integer of more digits than Python converts)
        raise DataError(f"{what}: file {shown} is not valid JSON: {e}") from None
    check_depth(value, f"{what}: file {shown}")
    return value
