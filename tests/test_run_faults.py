"""Stopping a turn, and what is left when claude or Sessiondesk dies mid-turn."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import threading
import time
from collections.abc import Iterator
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

import psutil
import pytest

from tests.clirun import sessiondesk
from tests.rig.fakeapi import FakeAPI, Reply
from tests.rig.fixtures import AccountFactory
from tests.sdrig import register, spawn

pytestmark = [pytest.mark.claude, pytest.mark.keyring]


def running_execution(home: Path, timeout: float = 30) -> tuple[str, int]:
    """Wait until a turn is in flight; its execution id and claude's pid."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with closing(sqlite3.connect(home / "sessiondesk.db")) as db, db:
            row = db.execute(
                "SELECT id, pid FROM executions WHERE status = 'running' AND pid IS NOT NULL"
            ).fetchone()
        db.close()
        if row:
            return row[0], row[1]
        time.sleep(0.1)
    raise AssertionError("no execution started running")


def status_of(home: Path, execution_id: str) -> tuple[str, str | None]:
    with closing(sqlite3.connect(home / "sessiondesk.db")) as db, db:
        row = db.execute(
            "SELECT status, error FROM executions WHERE id = ?", (execution_id,)
        ).fetchone()
    db.close()
    return row


def alive(pid: int) -> bool:
    try:
        return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


@pytest.fixture
def project(tmp_path: Path) -> Path:
    folder = tmp_path / "proj"
    folder.mkdir()
    return folder


@dataclass
class TurnInFlight:
    env: dict[str, str]
    proc: subprocess.Popen[str]
    execution_id: str
    pid: int
    """claude's pid."""


@pytest.fixture
def in_flight(
    home: Path, claude_account: AccountFactory, claude_bin: Path, fake_api: FakeAPI,
    project: Path,
) -> Iterator[TurnInFlight]:  # fmt: skip
    """`sessiondesk run` in the background, its reply held until the test ends."""
    env = register(home, claude_account("alpha"), claude_bin)
    hold = threading.Event()
    fake_api.enqueue(Reply.text("never finished", hold=hold))
    proc = spawn(home, env, "--json", "run", "--account", "alpha", "--cwd", str(project), "go")
    try:
        execution_id, pid = running_execution(home)
        fake_api.wait_for_request(lambda r: True)
        yield TurnInFlight(env, proc, execution_id, pid)
    finally:
        hold.set()
        if proc.poll() is None:
            proc.kill()


def test_stop_from_another_process_interrupts_the_turn(home: Path, in_flight: TurnInFlight) -> None:
    stopped = sessiondesk(home, "--json", "stop", in_flight.execution_id, env=in_flight.env)
    assert stopped.code == 0, stopped.stderr
    assert stopped.json()["status"] == "interrupted"
    out, _err = in_flight.proc.communicate(timeout=30)
    assert in_flight.proc.returncode == 1
    assert '"status": "interrupted"' in out.splitlines()[-1]
    assert not alive(in_flight.pid)


def test_claude_killed_mid_turn_fails_the_execution(home: Path, in_flight: TurnInFlight) -> None:
    os.kill(in_flight.pid, signal.SIGKILL)
    in_flight.proc.communicate(timeout=30)
    assert in_flight.proc.returncode == 1
    status, error = status_of(home, in_flight.execution_id)
    assert status == "failed"
    assert error and "signal 9" in error


def test_the_next_start_marks_a_crashed_run_interrupted_and_ends_its_claude(
    home: Path, in_flight: TurnInFlight
) -> None:
    in_flight.proc.kill()  # Sessiondesk dies; claude, in its own process group, lives on
    in_flight.proc.communicate(timeout=10)
    assert alive(in_flight.pid)
    assert status_of(home, in_flight.execution_id)[0] == "running"

    listed = sessiondesk(home, "--json", "accounts", "list", env=in_flight.env)
    assert listed.code == 0, listed.stderr
    status, error = status_of(home, in_flight.execution_id)
    assert status == "interrupted" and error
    assert not alive(in_flight.pid)
