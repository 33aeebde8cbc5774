"""Worker processes are forked only where a fork is safe: on Linux, from a
process with no other thread."""

from __future__ import annotations

import sys
import threading

from desktop.worker_start import start_method


def test_workers_are_spawned_from_a_process_with_other_threads() -> None:
    release = threading.Event()
    other = threading.Thread(target=release.wait)
    other.start()
    try:
        assert start_method() == "spawn"
    finally:
        release.set()
        other.join()
    if sys.platform == "linux" and threading.active_count() == 1:
        assert start_method() == "fork"
