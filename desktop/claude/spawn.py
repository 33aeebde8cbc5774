"""Start a process off the event loop, then read and write its pipes on it.

`asyncio.create_subprocess_exec` forks and execs on the loop's own thread:
under load that is 10–25 ms per `claude` (measured on two cores), a frame
or more of the window's for every turn started. Here the fork and exec run
in an executor thread; the pipes then join the calling loop as asyncio
streams, and the exit is watched with a pidfd (or, without one, a thread
blocked in `waitpid`), so nothing afterwards blocks.

A lower scheduling priority is given at birth: the fork runs in a thread that
lowered its own, and a child inherits the priority of the thread that forked
it. Lowering the child's after the fork missed the threads it had started
meanwhile (on Linux a priority is a thread's, and `claude` starts its
helper threads within milliseconds).

The child gets a process group of its own, to be signalled as one, but stays in
our session unless we have a controlling terminal. Where the kernel shares the
cores by autogroup (one per session, `kernel.sched_autogroup_enabled`, when
no cgroup's cpu controller does it), a session of its own made each `claude`
a scheduling group as heavy as the whole window's, and its threads' lower
priority then weighed them only against each other. In our session they take
turns with the window's thread by their priority, and the application with
its `claude`s weighs as one against the rest of the machine. With a
controlling terminal a session of its own still keeps `claude` and what it
starts (a shell's `sudo`, `ssh`) from reading our terminal, where a
background group would be stopped.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import subprocess
import threading
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from functools import cache, partial

from desktop.claude.reap import process_start_time

IDLE = 20
"""A `nice` this high or higher: the idle scheduling class (SCHED_IDLE), below
nice 19: the child runs only on a core nothing else wants."""
_FORKS: dict[int, ThreadPoolExecutor] = {}
"""One fork thread per priority, our own: an event loop's default executor may be
Qt's (qasync), whose thread must not outlive the application object."""
_FORKS_LOCK = threading.Lock()


def _lower_this_thread(nice: int) -> None:
    """Lower the calling thread's priority by `nice` (IDLE: to the idle class); a
    priority that cannot be set is left as it is (a start never fails for it)."""
    tid = threading.get_native_id()
    with contextlib.suppress(OSError, AttributeError):  # AttributeError: not on Linux
        if nice >= IDLE:
            os.sched_setscheduler(tid, os.SCHED_IDLE, os.sched_param(0))
        elif nice > 0:
            os.setpriority(os.PRIO_PROCESS, tid, os.getpriority(os.PRIO_PROCESS, tid) + nice)


@cache
def has_terminal() -> bool:
    """Whether this process has a controlling terminal (it cannot gain one later:
    only a session's leader can, and we stay in our session)."""
    try:
        os.close(os.open("/dev/tty", os.O_RDONLY | os.O_NOCTTY))
    except OSError:
        return False
    return True


def _forker(nice: int) -> ThreadPoolExecutor:
    with _FORKS_LOCK:
        if nice not in _FORKS:
            _FORKS[nice] = ThreadPoolExecutor(
                max_workers=1, thread_name_prefix=f"sessiondesk-fork{nice or ''}",
                initializer=_lower_this_thread if nice > 0 else None,
                initargs=(nice,) if nice > 0 else (),
            )  # fmt: skip
        return _FORKS[nice]


class SpawnedProcess:
    """The part of `asyncio.subprocess.Process` a `ClaudeProcess` uses."""

    def __init__(
        self,
        popen: subprocess.Popen[bytes],
        stdin: asyncio.StreamWriter,
        stdout: asyncio.StreamReader,
        stderr: asyncio.StreamReader,
        start_time: float | None = None,
        readers: Sequence[asyncio.BaseTransport] = (),
    ) -> None:
        self._popen = popen
        self._readers = tuple(readers)
        self.pid = popen.pid
        self.stdin = stdin
        self.stdout = stdout
        self.stderr = stderr
        self.returncode: int | None = None
        self.start_time = start_time
        """When it started (seconds since the epoch), read in the thread that forked it."""
        self._ended = asyncio.Event()

    def _exited(self, status: int) -> None:
        self.returncode = os.waitstatus_to_exitcode(status)
        self._popen.returncode = self.returncode  # reaped here: Popen must not wait for it
        self._ended.set()

    async def wait(self) -> int:
        """Its exit code, once it has ended (its pipes may still hold output)."""
        await self._ended.wait()
        assert self.returncode is not None
        return self.returncode

    async def close_pipes(self) -> None:
        """Our ends of its pipes closed, what is still in them dropped: for one given
        up on, whose pipes a leftover child of its could hold open for ever."""
        self.stdin.close()
        for transport in self._readers:
            transport.close()
        await asyncio.sleep(0)  # a transport lets its pipe go on the loop's next turn


async def spawn(
    argv: Sequence[str],
    *,
    cwd: str,
    env: Mapping[str, str],
    nice: int = 0,
) -> SpawnedProcess:
    """Start `argv` with three pipes, `nice` below our priority (IDLE: in the idle
    class), in a process group of its own (its pid is the group's id); OSError
    when it cannot start."""
    loop = asyncio.get_running_loop()
    session = has_terminal()
    start = partial(
        subprocess.Popen, list(argv), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, cwd=cwd, env=dict(env), start_new_session=session,
        process_group=None if session else 0,  # a session's leader leads its group too
    )  # fmt: skip

    def started() -> tuple[subprocess.Popen[bytes], float | None]:
        popen = start()
        return popen, process_start_time(popen.pid)  # a read of /proc: here, not on the loop

    popen, start_time = await loop.run_in_executor(_forker(max(0, nice)), started)
    assert popen.stdin is not None and popen.stdout is not None and popen.stderr is not None
    try:
        stdout, out_pipe = await _reader(loop, popen.stdout)
        stderr, err_pipe = await _reader(loop, popen.stderr)
        transport, protocol = await loop.connect_write_pipe(
            asyncio.streams.FlowControlMixin, popen.stdin
        )
        stdin = asyncio.StreamWriter(transport, protocol, None, loop)
    except BaseException:
        popen.kill()
        raise
    process = SpawnedProcess(popen, stdin, stdout, stderr, start_time, (out_pipe, err_pipe))
    _watch_exit(loop, process)
    return process


async def _reader(
    loop: asyncio.AbstractEventLoop, pipe: object
) -> tuple[asyncio.StreamReader, asyncio.BaseTransport]:
    reader = asyncio.StreamReader(loop=loop)
    transport, _ = await loop.connect_read_pipe(
        lambda: asyncio.StreamReaderProtocol(reader, loop=loop), pipe
    )
    return reader, transport


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
