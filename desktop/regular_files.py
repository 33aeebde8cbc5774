"""Open a regular file for reading, safely: shared by the adapters that read
transcripts (`desktop.claude`) and copy them (`desktop.store`)."""

from __future__ import annotations

import contextlib
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
