"""A real X server for tests and benchmarks: Xvfb on a free display, and xdotool.

Offscreen Qt proves nothing about a desktop: Qt's xcb platform loads a dozen
system libraries that the offscreen one never touches. `scripts/setup.sh`
installs Xvfb and xdotool for the suite.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager

SCREEN = "1600x1000x24"


@contextmanager
def xvfb() -> Iterator[str]:
    """Start Xvfb on a display it picks itself; yields the DISPLAY value."""
    binary = shutil.which("Xvfb")
    if binary is None:
        raise RuntimeError("Xvfb is not installed (scripts/setup.sh installs the xvfb package)")
    read_end, write_end = os.pipe()
    # -noreset: by default the server resets whenever its last client leaves, and a client
    # connecting during that reset is refused; wait_for_window's xdotool calls come and go
    # while the app connects, so without it the app failed to reach the display in 1 of 3 runs.
    server = subprocess.Popen(
        [binary, "-displayfd", str(write_end), "-screen", "0", SCREEN,
         "-nolisten", "tcp", "-noreset"],
        pass_fds=(write_end,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    os.close(write_end)
    try:
        with os.fdopen(read_end) as announced:
            number = announced.readline().strip()  # written once the server accepts clients
        if not number:
            raise RuntimeError(f"Xvfb did not start (exit code {server.poll()})")
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=10)


def xdotool(display: str, *args: str, timeout: float = 10) -> str:
    done = subprocess.run(
        ["xdotool", *args], env={**os.environ, "DISPLAY": display},
        capture_output=True, text=True, timeout=timeout,
    )  # fmt: skip
    return done.stdout.strip() if done.returncode == 0 else ""


def wait_for_window(display: str, pid: int, process: subprocess.Popen, timeout: float) -> str:
    """The id of the first visible window of process `pid`; raises if it ends or never maps."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the app ended with exit code {process.returncode} before a window")
        found = xdotool(display, "search", "--onlyvisible", "--pid", str(pid))
        if found:
            return found.splitlines()[0]
        time.sleep(0.02)  # fine enough for bench/cold_start.py's timing
    raise RuntimeError(f"no window of process {pid} was mapped within {timeout:.0f} s")
