"""A small write the window asks for often, done off its thread; the newest one stays.

Remembering the list's selection is a settings write (SQLAlchemy, a commit
that waits for the disk): on the window's thread that was 8 ms of its CPU
and a 30 ms stall while runs streamed. `LatestWrite` hands each write to a
worker (`Background`, whose `wait()` at close lets them finish). Writes run
in threads of their own, so they may finish in any order: each one takes a
lock and writes only if no newer one was asked meanwhile, so what is stored
at the end is always the last value asked for.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from itertools import count
from typing import Generic, TypeVar

from desktop.ui.common.background import Background

T = TypeVar("T")


class LatestWrite(Generic[T]):
    def __init__(
        self,
        background: Background,
        write: Callable[[T], None],
        failed: Callable[[BaseException], None] | None = None,
    ) -> None:
        """`write` runs in a worker; `failed` gets its error on the window's thread
        (without it, an error is raised there)."""
        self._background = background
        self._write = write
        self._failed = failed
        self._lock = threading.Lock()
        self._asks = count(1)
        self._newest = 0

    def write(self, value: T) -> None:
        ask = next(self._asks)
        self._newest = ask  # not under the lock: the window's thread never waits for a write
        self._background.submit(lambda: self._run(ask, value), _ignore, self._failed)

    def _run(self, ask: int, value: T) -> None:
        with self._lock:  # held while writing: an older write never lands after a newer one
            if ask == self._newest:
                self._write(value)


def _ignore(_result: object) -> None:
    return None
