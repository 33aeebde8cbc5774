"""How a coroutine runs a blocking step (SQLite, the keyring, files) off its loop.

A service that awaits blocking work takes an `Offload`. The window gives its
services `in_executor(hub.executor)`: the step runs on the process's one
executor for blocking work while the window's loop (qasync) goes on painting.
A command keeps `inline`: nothing else shares its loop, so the step runs
right there.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from concurrent.futures import Executor
from typing import Protocol, TypeVar

T = TypeVar("T")


class Offload(Protocol):
    """Runs blocking work (SQLite, the keyring, the index) for a coroutine that must not block."""

    def __call__(self, work: Callable[[], T]) -> Awaitable[T]: ...


async def inline(work: Callable[[], T]) -> T:
    """A command's offload: nothing else shares its loop, so the work runs right there."""
    return work()


def in_executor(executor: Executor) -> Offload:
    """The window's offload: the work runs on `executor`, awaited from the running loop."""

    async def offload(work: Callable[[], T]) -> T:
        # asyncio is loaded by whoever awaits this; a command that never does (`sessions
        # list`, `search`) is spared its import, ~35 ms of each start here
        import asyncio

        return await asyncio.get_running_loop().run_in_executor(executor, work)

    return offload
