"""How worker processes start: forked where that is safe, else spawned.

A forked worker starts reading at once with everything already imported; a
spawned one first takes a new interpreter and its imports (about a tenth of a
second of a core each, more under load), while its parent waits for its first
result. A fork copies only the thread that forks, and a lock another thread
held stays held in the child, so it is used only by a process with no other
thread (a command's index, the window's reading process), and only on Linux
(macOS cannot fork safely once system frameworks are loaded). The window's
own process has threads: its workers are spawned."""

from __future__ import annotations

import sys
import threading


def start_method() -> str:
    if sys.platform == "linux" and threading.active_count() == 1:
        return "fork"
    return "spawn"
