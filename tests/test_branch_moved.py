"""One rule for continue, fork and rerun of a node from before a switch: refused,
as a run under the account the conversation left would take it back unasked.
The conversation stays where the switch put it, and nothing reaches the API."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from tests.clirun import sessiondesk
from tests.rig.fakeapi import FakeAPI
from tests.rig.fixtures import AccountFactory
from tests.sdrig import register
from tests.test_resume_guarded import _start

pytestmark = [pytest.mark.claude, pytest.mark.keyring]


def test_continue_fork_and_rerun_of_a_node_from_before_a_switch_are_refused_alike(
    home: Path, claude_account: AccountFactory, claude_bin: Path, fake_api: FakeAPI,
    project: Path,
) -> None:  # fmt: skip
    env = register(home, claude_account("alpha"), claude_bin)
    register(home, claude_account("beta"), claude_bin)
    first = _start(home, env, fake_api, project)
    conv = first["conversation_id"]
    moved = sessiondesk(home, "switch", conv, "--to", "beta", env=env)
    assert moved.code == 0, moved.stderr
    sent = len(fake_api.main_turns())
    for argv in (
        ["continue", first["execution_id"], "more"],
        ["fork", first["execution_id"], "more"],
        ["rerun", first["execution_id"], "more"],
        ["continue", conv, "more"],  # its head is still alpha's turn: the same node
    ):
        refused = sessiondesk(home, *argv, env=env)
        assert refused.code == 2, (argv, refused.stderr)
        assert "moved to beta" in refused.stderr and "run --conversation" in refused.stderr
        assert len(refused.stderr.strip().splitlines()) == 1, refused.stderr
    assert len(fake_api.main_turns()) == sent, "a refused branch reached the API"
    with closing(sqlite3.connect(home / "sessiondesk.db")) as db, db:
        owners = db.execute(
            "SELECT a.name FROM conversations c JOIN accounts a ON a.id = c.account_id"
        ).fetchall()
    assert owners == [("beta",)], "the conversation went back to the old account"
