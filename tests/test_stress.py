"""Five turns and three index/list/search commands at once on one home, five
rounds: every turn that started is recorded, nothing collides, and the
database stays sound."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest

from tests.rig.fakeapi import FakeAPI
from tests.rig.fixtures import AccountFactory
from tests.sdrig import register
from tests.test_concurrent_homes import corpus

pytestmark = [pytest.mark.claude, pytest.mark.keyring, pytest.mark.timeout(900)]

ROUNDS = 5
TURNS = 5


def test_concurrent_turns_and_index_commands_on_one_home(
    home: Path, claude_account: AccountFactory, claude_bin: Path, fake_api: FakeAPI,
    tmp_path: Path,
) -> None:  # fmt: skip
    account = claude_account("alpha")
    env = register(home, account, claude_bin)
    corpus(account.config_dir, 15)  # sessions on disk to index beside the turns
    folder = tmp_path / "work"
    folder.mkdir()
    base = [sys.executable, "-m", "desktop", "--home", str(home), "--json"]
    env = {**os.environ, **env}
    side = [["index", "--rebuild"], ["sessions", "list"], ["search", "walrus"]]
    started: list[str] = []
    for round_ in range(ROUNDS):
        procs = [
            subprocess.Popen(
                [*base, "run", "--account", "alpha", "--cwd", str(folder), f"turn {round_}.{n}"],
                env=env,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for n in range(TURNS)
        ] + [
            subprocess.Popen(
                [*base, *command],
                env=env,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for command in side
        ]
        for proc in procs:
            out, err = proc.communicate(timeout=240)
            assert "IntegrityError" not in err and "internal error" not in err, err
            assert proc.returncode == 0, (proc.args, err)
            if "run" in proc.args:
                last = out.splitlines()[-1]
                assert '"type": "execution"' in last and '"succeeded"' in last, last
                started.append(last)

    with closing(sqlite3.connect(home / "sessiondesk.db")) as db, db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        statuses = db.execute("SELECT status, count(*) FROM executions GROUP BY status").fetchall()
        numbers = [n for (n,) in db.execute("SELECT number FROM conversations ORDER BY number")]
    db.close()
    assert len(started) == ROUNDS * TURNS
    assert statuses == [("succeeded", ROUNDS * TURNS)]
    assert numbers == list(range(1, ROUNDS * TURNS + 1))
