"""Open a regular file for reading, safely, and fingerprint its start: shared by
the adapters that read transcripts (`desktop.claude`) and copy them
(`desktop.store`), whose fingerprints of one file must agree."""

from __future__ import annotations

import contextlib
import hashlib
import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO


@contextlib.contextmanager
def open_regular(path: Path) -> Iterator[BinaryIO]:
    """Open a regular file for binary reading; anything else (a FIFO, a device,
    a folder) raises OSError instead of blocking or misbehaving."""
    # O_NONBLOCK so that a FIFO planted under a transcript's name cannot hang us
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(f"not a regular file: {path}")
        stream = os.fdopen(fd, "rb", buffering=0)
    except BaseException:
        os.close(fd)
        raise
    with stream:
        yield stream


HEAD = 4096
"""How much of a file's start its fingerprint covers."""


def fingerprint(head: bytes) -> str:
    """The fingerprint of a file's first bytes (at most `HEAD` of them): an
    append-only file keeps it, a replaced one (same name, other content)
    almost surely does not."""
    return hashlib.blake2b(head, digest_size=12).hexdigest()


def head_digest(path: str | os.PathLike[str], upto: int) -> str:
    """`fingerprint` of the file's first `upto` bytes (at most `HEAD`), read from it."""
    with open_regular(Path(path)) as stream:
        return fingerprint(stream.read(min(upto, HEAD)))
