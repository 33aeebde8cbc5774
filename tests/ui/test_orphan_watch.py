"""A `run` killed with SIGKILL: the open window notices within seconds, marks its
turn interrupted and ends its `claude` (without waiting for the next start)."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest
import qasync
from PySide6.QtWidgets import QApplication

from desktop.compose import open_services
from desktop.domain.changes import OpChanges
from desktop.ui.common.changes import Changes
from desktop.ui.runs.orphan_watch import OrphanWatch
from tests.test_run_db_lost import HeldTurn, held
from tests.test_run_faults import alive, project, status_of

__all__ = ["held", "project"]  # fixtures, shared with test_run_db_lost

pytestmark = [pytest.mark.claude, pytest.mark.keyring]


def test_the_window_marks_a_killed_runs_turn_and_ends_its_claude(
    home: Path, held: HeldTurn, qapp: QApplication
) -> None:
    hub = open_services(home)  # the window, open while the turn streams
    hub.use_executor()  # as the window's composition does
    changes = Changes()
    told: list[OpChanges] = []
    changes.changed.connect(told.append)
    loop = qasync.QEventLoop(qapp)  # the watch's checks are tasks of the window's loop
    asyncio.set_event_loop(loop)
    watch = OrphanWatch(hub, changes, interval_ms=200)

    async def scenario() -> None:
        await asyncio.sleep(1.5)
        assert not told, "a live run's turn was taken for an orphan"
        assert status_of(home, held.execution_id)[0] == "running"
        killed = time.monotonic()
        held.proc.kill()  # SIGKILL: no handler runs, the row stays `running`
        held.proc.communicate(timeout=10)
        while not told and time.monotonic() - killed < 10:
            await asyncio.sleep(0.05)
        assert told, "the killed run's turn was not noticed"
        assert told[0].executions == {held.execution_id}
        assert time.monotonic() - killed < 10

    try:
        loop.run_until_complete(scenario())
        status, error = status_of(home, held.execution_id)
        assert status == "interrupted" and error
        deadline = time.monotonic() + 10
        while alive(held.pid) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not alive(held.pid), "its claude still runs"
    finally:
        watch.stop()
        asyncio.set_event_loop(None)
        loop.close()
        hub.close()
