"""One holder at a time across this user's processes: an exclusive `flock` on a file.

The window and scripts run at once on one home, so whatever must not interleave
(audit lines and their rotation, archive writes, keyring calls) holds this lock.
Closing the descriptor drops it, so a process that dies never leaves it held.
Without `fcntl` (Windows) the block runs unlocked; each caller says what that
costs it.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]

_FLAGS = os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOFOLLOW", 0)


@contextlib.contextmanager
def exclusive(path: Path) -> Iterator[None]:
    """Hold `path`'s lock (made, private, if missing) for the block; waits its turn."""
    if fcntl is None:
        yield
        return
    fd = os.open(path, _FLAGS, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)
