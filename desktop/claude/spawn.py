"""Start a process off the event loop, then read and write its pipes on it.

`asyncio.create_subprocess_exec` forks and execs on the loop's own thread:
under load that is 10–25 ms per `claude` (measured on two cores), a frame
or more of the window's for every turn started. Here the fork and exec run
in an executor thread; the pipes then join the calling loop as asyncio
streams, and the exit is watched with a pidfd (or, without one, a thread
blocked in `waitpid`), so nothing afterwards blocks.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import subprocess
import threading
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from functools import partial

_FORKS = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sessiondesk-fork")
"""Our own: an event loop's default executor may be Qt's (qasync), whose thread
must not outlive the application object."""


class SpawnedProcess:
    """The part of `asyncio.subprocess.Process` a `ClaudeProcess` uses."""

    def __init__(
        self,
        popen: subprocess.Popen[bytes],
        stdin: asyncio.StreamWriter,
        stdout: asyncio.StreamReader,
        stderr: asyncio.StreamReader,
    ) -> None:
        self._popen = popen
        self.pid = popen.pid
        self.stdin = stdin
        self.stdout = stdout
        self.stderr = stderr
        self.returncode: int | None = None

    def _exited(self, status: int) -> None:
        self.returncode = os.waitstatus_to_exitcode(status)
        self._popen.returncode = self.returncode  # reaped here: Popen must not wait for it


async def spawn(
    argv: Sequence[str], *, cwd: str, env: Mapping[str, str], new_session: bool = True
) -> SpawnedProcess:
    """Start `argv` with three pipes; OSError when it cannot start."""
    loop = asyncio.get_running_loop()
    popen = await loop.run_in_executor(_FORKS, partial(
        subprocess.Popen, list(argv), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, cwd=cwd, env=dict(env), start_new_session=new_session,
    ))  # fmt: skip
    assert popen.stdin is not None and popen.stdout is not None and popen.stderr is not None
    try:
        stdout = await _reader(loop, popen.stdout)
        stderr = await _reader(loop, popen.stderr)
        transport, protocol = await loop.connect_write_pipe(
            asyncio.streams.FlowControlMixin, popen.stdin
        )
        stdin = asyncio.StreamWriter(transport, protocol, None, loop)
    except BaseException:
        popen.kill()
        raise
    process = SpawnedProcess(popen, stdin, stdout, stderr)
    _watch_exit(loop, process)
    return process


async def _reader(loop: asyncio.AbstractEventLoop, pipe: object) -> asyncio.StreamReader:
    reader = asyncio.StreamReader(loop=loop)
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader, loop=loop), pipe)
    return reader


def _watch_exit(loop: asyncio.AbstractEventLoop, process: SpawnedProcess) -> None:
    pid = process.pid
    try:
        pidfd = os.pidfd_open(pid)
    except (AttributeError, OSError):
        pidfd = None
    if pidfd is None:

        def wait() -> None:
            status = _reap(pid, 0)
            assert status is not None
            with contextlib.suppress(RuntimeError):  # the loop closed first
                loop.call_soon_threadsafe(process._exited, status)

        threading.Thread(target=wait, name=f"waitpid-{pid}", daemon=True).start()
        return

    def readable() -> None:
        status = _reap(pid, os.WNOHANG)
        if status is None:
            return
        loop.remove_reader(pidfd)
        os.close(pidfd)
        process._exited(status)

    loop.add_reader(pidfd, readable)


def _reap(pid: int, flags: int) -> int | None:
    """Its wait status; None while it runs (WNOHANG)."""
    try:
        reaped, status = os.waitpid(pid, flags)
    except ChildProcessError:  # reaped elsewhere: its code is lost
        return 255 << 8
    return status if reaped else None
