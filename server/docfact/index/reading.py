"""Reading one file's bytes safely: only regular files, under a size cap, never blocking on a
pipe or device. The scanner (:mod:`docfact.index.workspace`), the languages' module readers and
the configuration loader all read files through :func:`read_bytes`; it imports nothing of
docfact, so any of them may use it."""

from __future__ import annotations

import errno
import os
import stat


def _kind(mode: int) -> str:
    """What a non-regular file is, in a few words."""
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def _why_unreadable(path: str | os.PathLike[str], exc: OSError) -> str:
    """A one-line reason for an ``OSError`` of stat/open, naming broken symlinks as such."""
    if exc.errno == errno.ELOOP:
        return "symlink loop"
    if exc.errno == errno.ENOENT and os.path.islink(path):
        return "dangling symlink"
    return f"unreadable: {exc.strerror or exc}"


def read_bytes(path: str | os.PathLike[str], max_size: int) -> tuple[bytes | None, str | None]:
    """The bytes of a regular file: ``(data, None)`` or ``(None, one-line reason)``.

    Only regular files are opened (symlinks followed): named pipes, sockets, devices and
    directories are refused before any ``open``, so nothing can block or have side effects;
    the file is opened non-blocking and checked again on the open descriptor (it may have been
    replaced meanwhile). Files over ``max_size`` bytes are refused unread, and at most
    ``max_size`` bytes are read from a file that grows while it is read.
    """
    try:
        st = os.stat(path)
    except OSError as exc:
        return None, _why_unreadable(path, exc)
    if not stat.S_ISREG(st.st_mode):
        return None, f"not a regular file: {_kind(st.st_mode)}"
    if st.st_size > max_size:
        return None, f"oversized ({st.st_size} bytes > {max_size})"
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    flags |= getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        return None, _why_unreadable(path, exc)
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            return None, f"not a regular file: {_kind(st.st_mode)}"
        if st.st_size > max_size:
            return None, f"oversized ({st.st_size} bytes > {max_size})"
        chunks: list[bytes] = []
        left = max_size + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as exc:
        return None, f"unreadable: {exc.strerror or exc}"
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > max_size:
        return None, f"oversized (more than {max_size} bytes)"
    return data, None
