"""A `run` killed with SIGKILL: the open window notices within seconds, marks its
turn interrupted and ends its `claude` (without waiting for the next start)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from desktop.compose import open_services
from desktop.ui.common.changes import Changes
from desktop.ui.runs.orphan_watch import OrphanWatch
from tests.test_run_db_lost import HeldTurn, held
from tests.test_run_faults import alive, project, status_of

__all__ = ["held", "project"]  # fixtures, shared with test_run_db_lost

pytestmark = [pytest.mark.claude, pytest.mark.keyring]


def test_the_window_marks_a_killed_runs_turn_and_ends_its_claude(
    home: Path, held: HeldTurn, qtbot: QtBot
) -> None:
    hub = open_services(home)  # the window, open while the turn streams
    changes = Changes()
    watch = OrphanWatch(hub, changes, interval_ms=200)
    try:
        with qtbot.waitSignal(changes.changed, timeout=1500, raising=False) as early:
            pass
        assert not early.signal_triggered, "a live run's turn was taken for an orphan"
        assert status_of(home, held.execution_id)[0] == "running"
        killed = time.monotonic()
        held.proc.kill()  # SIGKILL: no handler runs, the row stays `running`
        held.proc.communicate(timeout=10)
        with qtbot.waitSignal(changes.changed, timeout=10_000) as noticed:
            pass
        assert noticed.args[0].executions == {held.execution_id}
        assert time.monotonic() - killed < 10
        status, error = status_of(home, held.execution_id)
        assert status == "interrupted" and error
        deadline = time.monotonic() + 10
        while alive(held.pid) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not alive(held.pid), "its claude still runs"
    finally:
        watch.stop()
        hub.close()
