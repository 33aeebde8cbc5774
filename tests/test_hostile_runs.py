"""Turns given odd input, and a `claude` that fails before it says anything."""

from __future__ import annotations

import os
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from tests.clirun import sessiondesk
from tests.rig.fakeapi import FakeAPI, Reply, last_user_text
from tests.rig.fixtures import AccountFactory
from tests.sdrig import register, run_turn

pytestmark = [pytest.mark.claude, pytest.mark.keyring]


def test_a_prompt_and_a_folder_whose_bytes_are_not_utf8(
    home: Path, claude_account: AccountFactory, claude_bin: Path, fake_api: FakeAPI,
    tmp_path: Path,
) -> None:  # fmt: skip
    env = register(home, claude_account("alpha"), claude_bin)
    fake_api.enqueue(Reply.text("fine"))
    result = run_turn(home, env, "--account", "alpha", "--cwd", str(tmp_path), "say caf\udce9")
    assert result.code == 0, result.stdout[-1500:] + result.stderr
    assert last_user_text(fake_api.main_turns()[-1]) == "say caf\ufffd"
    with closing(sqlite3.connect(home / "sessiondesk.db")) as db, db:
        (prompt,) = db.execute("SELECT prompt FROM executions").fetchone()
    assert prompt == "say caf\ufffd"

    # claude itself cannot work in such a folder: a failed turn that says so, no crash
    folder = os.path.join(os.fsencode(tmp_path), b"caf\xe9")
    os.mkdir(folder)
    there = run_turn(home, env, "--account", "alpha", "--cwd", os.fsdecode(folder), "hi")
    assert there.code == 1 and "Traceback" not in there.stderr
    done = there.json_lines()[-1]
    assert done["status"] == "failed" and "caf\ufffd" in done["error"]
    shown = sessiondesk(home, "--json", "conversations", "show", done["conversation_id"], env=env)
    assert shown.code == 0, shown.stderr
    assert shown.json()["cwd"].endswith("caf\ufffd")


def test_a_claude_that_fails_before_speaking_is_one_line_and_a_log(
    home: Path, claude_account: AccountFactory, claude_bin: Path, tmp_path: Path
) -> None:
    env = register(home, claude_account("alpha"), claude_bin)
    broken = tmp_path / "claude"
    broken.write_text(
        "#!/bin/sh\n"
        f'case "$1" in --version|--help) exec "{claude_bin}" "$1";; esac\n'
        "echo 'Error: cannot start' >&2\necho '  at frame one' >&2\n"
        "echo '  at frame two' >&2\necho 'fatal: giving up' >&2\nexit 3\n"
    )
    broken.chmod(0o755)
    result = sessiondesk(
        home, "--claude", str(broken), "run", "--account", "alpha", "--cwd", str(tmp_path),
        "hi", env=env,
    )  # fmt: skip
    assert result.code == 1, result.stderr

    errors = [line for line in result.stderr.splitlines() if line.startswith("error:")]
    assert errors == ["error: fatal: giving up; claude exited with code 3 before the turn ended"]
    assert "at frame one" not in result.stderr
    (log,) = (home / "logs").glob("claude-*.log")
    assert "at frame one" in log.read_text() and str(log) in result.stderr
