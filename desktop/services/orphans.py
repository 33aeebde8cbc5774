"""Turns whose Sessiondesk process died (kill -9): noticed while the window is open.

A `run` killed outright cannot finish its row nor end its `claude`; the next
start recovers both (`RunService.recover`). The window is often that next
start long before: it asks every few seconds, cheaply (one indexed query finds
no unfinished row nearly always), and the turn is marked `interrupted` and
its `claude` ended within seconds of its owner's death.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from desktop.domain.conversations import Execution
    from desktop.services.runs import RunService

CHECK_EVERY_S = 2.0
"""How often the window asks: a dead owner's turn is marked within this."""


async def reap_orphans(runs: RunService) -> list[Execution]:
    """Mark the turns whose owning process is gone, and end their `claude`; the
    blocking steps (SQLite, the process table) go through the runs' `offload`.
    A turn whose owner lives (this window, a `run` elsewhere) is left alone."""
    if not await runs.offload(runs.needs_recovery):
        return []
    return await runs.recover()
