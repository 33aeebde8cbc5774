"""Signals to `sessiondesk run`: claude ends with it, and the row is finished."""

from __future__ import annotations

import signal
from pathlib import Path

import pytest

from tests.clirun import sessiondesk
from tests.test_run_faults import TurnInFlight, alive, in_flight, project, status_of

__all__ = ["in_flight", "project"]  # fixtures, shared with test_run_faults

pytestmark = [pytest.mark.claude, pytest.mark.keyring]


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
def test_a_signal_ends_claude_and_finishes_the_row_interrupted(
    home: Path, in_flight: TurnInFlight, signum: signal.Signals
) -> None:
    in_flight.proc.send_signal(signum)
    out, err = in_flight.proc.communicate(timeout=60)
    assert in_flight.proc.returncode == 128 + signum, err
    assert "Traceback" not in err
    assert not alive(in_flight.pid)
    assert status_of(home, in_flight.execution_id) == ("interrupted", "stopped by the user")
    assert '"status": "interrupted"' in out.splitlines()[-1]


def test_stop_says_stopped_by_the_user(home: Path, in_flight: TurnInFlight) -> None:
    stopped = sessiondesk(home, "--json", "stop", in_flight.execution_id, env=in_flight.env)
    assert stopped.code == 0, stopped.stderr
    in_flight.proc.communicate(timeout=30)
    assert status_of(home, in_flight.execution_id) == ("interrupted", "stopped by the user")
