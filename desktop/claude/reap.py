"""Ending `claude` process groups: ours, and ones a crashed app left behind.

Every `claude` starts in a process group of its own (id = its pid), which
holds it and whatever it started (shells of the Bash tool, MCP servers).
Signals go to the whole group. Polite first: SIGINT keeps the partial reply
in the transcript, SIGTERM loses it, SIGKILL leaves stale files — so each
step gets a grace period before the next.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import psutil

POLL = 0.05
# psutil derives create_time from boot time, which moves when the wall clock
# is stepped; a reused pid starting within this window of the original is
# not a realistic worry (pids are handed out in sequence, not reused soon).
START_TIME_TOLERANCE = 0.5


@dataclass(frozen=True)
class StopGrace:
    """Seconds to wait after each step of a stop before the next one."""

    stdin: float = 5.0  # after closing stdin: queued turns finish, exit 0
    sigint: float = 3.0
    sigterm: float = 3.0
    sigkill: float = 3.0


def process_start_time(pid: int) -> float | None:
    """When `pid` started (seconds since the epoch), or None if it is gone."""
    try:
        return psutil.Process(pid).create_time()
    except (psutil.NoSuchProcess, psutil.AccessDenied):
        return None


def group_members(pgid: int) -> list[int]:
    """Live (not zombie) processes in process group `pgid`."""
    members = []
    for proc in psutil.process_iter(["status"]):
        try:
            if proc.info["status"] != psutil.STATUS_ZOMBIE and os.getpgid(proc.pid) == pgid:
                members.append(proc.pid)
        except (ProcessLookupError, PermissionError, psutil.Error):
            continue
    return members


def send_group(pgid: int, sig: signal.Signals | int) -> bool:
    """Signal a whole group (0: only ask whether it exists); False when it no longer exists."""
    try:
        os.killpg(pgid, sig)
    except ProcessLookupError:
        return False
    return True


async def wait_until(gone: Callable[[], bool], timeout: float) -> bool:
    """Poll `gone` until it says yes or `timeout` passes."""
    deadline = time.monotonic() + timeout
    while True:
        if gone():
            return True
        if time.monotonic() >= deadline:
            return False
        await asyncio.sleep(POLL)


def _steps(grace: StopGrace) -> tuple[tuple[signal.Signals, float], ...]:
    return (
        (signal.SIGINT, grace.sigint),
        (signal.SIGTERM, grace.sigterm),
        (signal.SIGKILL, grace.sigkill),
    )


async def escalate(
    pgid: int, leader_gone: Callable[[float], Awaitable[bool]], grace: StopGrace
) -> None:
    """SIGINT, SIGTERM, SIGKILL to the group until its leader is gone, then
    end whatever of the group outlived it."""
    for sig, wait in _steps(grace):
        if await leader_gone(0):
            break
        send_group(pgid, sig)
        if await leader_gone(wait):
            break
    await sweep_group(pgid, grace.sigterm)


async def sweep_group(pgid: int, grace: float) -> None:
    """End the group's remaining members (children that outlived claude).

    While one member lives the kernel keeps `pgid` from being reused as a
    pid, so signalling it cannot reach a stranger.
    """
    if not send_group(pgid, 0) or not group_members(pgid):
        # signal 0 first: an empty group is the common end and costs no scan of every process
        return
    send_group(pgid, signal.SIGTERM)
    if not await wait_until(lambda: not group_members(pgid), grace):
        send_group(pgid, signal.SIGKILL)
        await wait_until(lambda: not group_members(pgid), grace)


async def kill_leftover(
    pid: int,
    start_time: float,
    *,
    grace: StopGrace | None = None,
    tolerance: float = START_TIME_TOLERANCE,
) -> bool:
    """End the process group of a `claude` a previous app run left behind.

    Only when `pid` still is that process (same start time): a pid the system
    has since given to another program is never touched. True when the
    leftover was found and is now gone; False when there was nothing of ours
    to end.
    """
    grace = grace or StopGrace()
    try:
        proc = psutil.Process(pid)
        if abs(proc.create_time() - start_time) > tolerance:
            return False
        pgid = os.getpgid(pid)
    except (psutil.NoSuchProcess, psutil.AccessDenied, ProcessLookupError):
        return False

    def gone() -> bool:
        try:
            return proc.status() == psutil.STATUS_ZOMBIE or not proc.is_running()
        except psutil.NoSuchProcess:
            return True

    async def leader_gone(timeout: float) -> bool:
        return await wait_until(gone, timeout)

    if pgid == pid:
        await escalate(pgid, leader_gone, grace)
    else:
        # not a group leader (not started by us as one): end just the process
        for sig, wait in _steps(grace):
            with contextlib.suppress(psutil.NoSuchProcess):
                proc.send_signal(sig)
            if await leader_gone(wait):
                break
    return gone()
