"""Cold start of the installed app: seconds from launch to its window on an X server.

    python bench/cold_start.py                       # the installed /usr/bin/sessiondesk
    python bench/cold_start.py --command "python -m desktop" --runs 3

Each launch gets a fresh home (a first start: the database is created and
migrated) on a fresh Xvfb with Qt's xcb platform, and the clock stops when
xdotool sees the app's window mapped and visible (polled every 20 ms).
The first launch after installing is reported apart: its files are the
least likely to be in the page cache.
"""

from __future__ import annotations

import argparse
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.xserver import wait_for_window, xvfb


def one_launch(command: list[str], display: str) -> float:
    with tempfile.TemporaryDirectory(prefix="sessiondesk-cold-") as home:
        env = {
            **os.environ,
            "DISPLAY": display,
            "QT_QPA_PLATFORM": "xcb",
            "SESSIONDESK_HOME": home,
            "CLAUDE_CONFIG_DIR": str(Path(home) / "no-claude"),
        }
        started = time.perf_counter()
        app = subprocess.Popen(
            command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        try:
            wait_for_window(display, app.pid, app, timeout=120)
            return time.perf_counter() - started
        finally:
            app.terminate()
            try:
                app.wait(timeout=20)
            except subprocess.TimeoutExpired:
                app.kill()
                app.wait()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--command", default="/usr/bin/sessiondesk", help="what to launch")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    command = shlex.split(args.command)
    seconds = []
    for _ in range(args.runs):
        with xvfb() as display:
            seconds.append(one_launch(command, display))
    print(f"command: {args.command}")
    print(f"first launch to a mapped window: {seconds[0]:.2f} s")
    if len(seconds) > 1:
        rest = seconds[1:]
        print(
            f"later launches: median {statistics.median(rest):.2f} s, "
            f"min {min(rest):.2f} s, max {max(rest):.2f} s ({len(rest)} runs)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
