"""The database vanishes or breaks while `run` streams: the turn is not reported kept.

A real `sessiondesk run` drives the real `claude` against the fake API, whose
reply is held; the test then deletes, replaces or overwrites the database and
lets the reply go. The command must say so, exit non-zero, name the turn and
its transcript, and never make a new, empty database in the old one's place.
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.rig.fakeapi import FakeAPI, Reply
from tests.rig.fixtures import AccountFactory
from tests.sdrig import register, spawn
from tests.test_run_faults import alive, running_execution

pytestmark = [pytest.mark.claude, pytest.mark.keyring]

DB = "sessiondesk.db"


@dataclass
class HeldTurn:
    proc: subprocess.Popen[str]
    execution_id: str
    pid: int
    hold: threading.Event


@pytest.fixture
def held(
    home: Path, claude_account: AccountFactory, claude_bin: Path, fake_api: FakeAPI,
    project: Path,
) -> Iterator[HeldTurn]:  # fmt: skip
    env = register(home, claude_account("alpha"), claude_bin)
    hold = threading.Event()
    fake_api.enqueue(Reply.text("the reply that was never kept", hold=hold))
    proc = spawn(home, env, "--json", "run", "--account", "alpha", "--cwd", str(project), "go")
    try:
        try:
            execution_id, pid = running_execution(home, timeout=90)
        except AssertionError:
            proc.kill()
            raise AssertionError(proc.communicate()) from None
        fake_api.wait_for_request(lambda r: True, timeout=90)  # a loaded machine is slow
        yield HeldTurn(proc, execution_id, pid, hold)
    finally:
        hold.set()
        if proc.poll() is None:
            proc.kill()


def delete(db: Path) -> None:
    db.unlink()


def replace_with_copy(db: Path) -> None:
    """An older copy put back in its place (a restore, a sync tool)."""
    spare = db.with_name("spare.db")
    shutil.copy(db, spare)
    os.replace(spare, db)


def overwrite_with_garbage(db: Path) -> None:
    with open(db, "r+b") as file:
        file.write(random.Random(3).randbytes(os.path.getsize(db)))


@pytest.mark.parametrize("damage", [delete, replace_with_copy, overwrite_with_garbage],
                         ids=lambda d: d.__name__)  # fmt: skip
def test_a_turn_whose_database_went_away_is_not_reported_kept(
    home: Path, held: HeldTurn, damage: Callable[[Path], None]
) -> None:
    damage(home / DB)
    held.hold.set()
    out, err = held.proc.communicate(timeout=90)
    assert held.proc.returncode not in (0, None), (out, err)
    assert '"status": "succeeded"' not in out
    assert "Traceback" not in err and "internal error" not in err, err
    assert str(home / DB) in err, err
    assert f"execution {held.execution_id}" in err and "NOT kept" in err, err
    assert ".jsonl" in err, err  # the transcript, where the whole exchange is
    assert not alive(held.pid)
    if damage is delete:
        assert not (home / DB).exists(), "a new, empty database was made in its place"
