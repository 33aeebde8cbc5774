"""Signals to a command that drives a turn (`run`, `continue`, `fork`).

SIGINT, SIGTERM and SIGHUP stop the turn as the window's Stop does: the CLI's
interrupt, then `claude` is closed (stdin, then SIGINT, SIGTERM, SIGKILL to its
group), and the execution is finished `interrupted` before the command exits
with 128 + the signal's number. A second signal ends `claude`'s process group
at once, as `sessiondesk stop` does from another process. Without this, SIGTERM
or SIGHUP would end Sessiondesk alone, leaving `claude` running and the row
`running` until some later start recovered it.
"""

from __future__ import annotations

import asyncio
import signal
from collections.abc import AsyncIterator, Coroutine
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the services are imported when a command runs, not to parse one
    from desktop.services.hub import ServiceHub
    from desktop.services.run import Run

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


class SignalStop:
    """What the signals asked for, and the stopping they started."""

    def __init__(self, services: ServiceHub) -> None:
        self._services = services
        self._run: Run | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self.received: int | None = None

    @property
    def exit_code(self) -> int | None:
        """128 + the first signal's number, or None when none came."""
        return None if self.received is None else 128 + self.received

    async def drive(self, run: Run, driving: Coroutine[Any, Any, None]) -> None:
        """Drive the turn, unless a signal came before it started."""
        self._run = run
        if self.received is not None:
            driving.close()  # never started: nothing to stop
            return
        await driving
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)

    def _on_signal(self, signum: int) -> None:
        first = self.received is None
        if first:
            self.received = signum
        if self._run is None:
            return
        stopping = self._stop(self._run) if first else self._end_claude(self._run)
        task = asyncio.ensure_future(stopping)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _stop(self, run: Run) -> None:
        started = self._claude_pid(run) is not None
        await run.stop()
        if started:
            return
        # the signal came while claude was starting: stop it once it runs
        while run.execution is None or str(run.execution.status) in ("pending", "running"):
            if self._claude_pid(run) is not None:
                await run.stop()
                return
            await asyncio.sleep(0.05)

    def _claude_pid(self, run: Run) -> int | None:
        if run.execution is None:
            return None
        current = self._services.conversations.execution(run.execution.id)
        return current.pid if str(current.status) == "running" else None

    async def _end_claude(self, run: Run) -> None:
        if run.execution is None:
            return
        current = self._services.conversations.execution(run.execution.id)
        if current.pid and current.pid_started:
            await self._services.runs.runtime.end_group(current.pid, current.pid_started)


@asynccontextmanager
async def stop_on_signals(services: ServiceHub) -> AsyncIterator[SignalStop]:
    """Catch the stopping signals while the block runs (in the running loop)."""
    loop = asyncio.get_running_loop()
    guard = SignalStop(services)
    for signum in STOP_SIGNALS:
        loop.add_signal_handler(signum, guard._on_signal, signum)
    try:
        yield guard
    finally:
        for signum in STOP_SIGNALS:
            loop.remove_signal_handler(signum)
