"""`sessiondesk run` and Claude's questions: asked on a terminal, declined without one."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.clirun import sessiondesk
from tests.rig.fakeapi import FakeAPI, Reply, tool_results
from tests.rig.fixtures import AccountFactory
from tests.sdrig import register
from tests.ui.test_ask_questions import QUESTIONS

pytestmark = [pytest.mark.claude, pytest.mark.keyring]


def test_without_a_terminal_the_questions_are_declined_in_words(
    home: Path, claude_account: AccountFactory, claude_bin: Path, fake_api: FakeAPI,
    tmp_path: Path,
) -> None:  # fmt: skip
    env = register(home, claude_account("alpha"), claude_bin)
    fake_api.enqueue(Reply.tool_use("AskUserQuestion", {"questions": QUESTIONS}),
                     Reply.text("Defaults it is: SQLite on Linux."))  # fmt: skip
    done = sessiondesk(home, "run", "--account", "alpha", "--cwd", str(tmp_path),
                       "plan the storage", stdin="", env=env, timeout=90)  # fmt: skip
    assert done.code == 0, done.stderr  # the turn itself went on and succeeded
    assert "Claude asked 2 question(s); declined (nobody to ask: no terminal" in done.stderr
    assert "Defaults it is" in done.stdout
    (result,) = tool_results(fake_api.main_turns()[-1])
    assert result.is_error and "could not be asked" in result.text


def _read_until(fd: int, marker: bytes, seen: bytearray, limit: float = 60) -> None:
    end = time.monotonic() + limit  # a guard against a hang, not a measurement
    while marker not in seen:
        ready, _, _ = select.select([fd], [], [], 1)
        if ready:
            try:
                seen += os.read(fd, 4096)
            except OSError:
                break  # the child closed the terminal
        if time.monotonic() > end:
            break
    assert marker in seen, seen.decode(errors="replace")[-2000:]


def test_on_a_terminal_each_question_is_asked_and_the_answers_reach_claude(
    home: Path, claude_account: AccountFactory, claude_bin: Path, fake_api: FakeAPI,
    tmp_path: Path,
) -> None:  # fmt: skip
    env = register(home, claude_account("alpha"), claude_bin)
    fake_api.enqueue(Reply.tool_use("AskUserQuestion", {"questions": QUESTIONS}),
                     Reply.text("PostgreSQL, on Linux and Windows."))  # fmt: skip
    master, slave = pty.openpty()
    child = subprocess.Popen(
        [sys.executable, "-m", "desktop", "run", "--account", "alpha", "--cwd", str(tmp_path),
         "plan the storage"],
        env={**os.environ, **env, "SESSIONDESK_HOME": str(home)},
        stdin=slave, stdout=subprocess.PIPE, stderr=slave,
    )  # fmt: skip
    os.close(slave)
    seen = bytearray()
    try:
        _read_until(master, b"or your own answer: ", seen)
        assert b"Claude asks (1/2): [Database] Which database" in seen
        assert b"2. PostgreSQL \xe2\x80\x94 A server, for many writers" in seen
        os.write(master, b"9\n")  # no such option: asked again
        _read_until(master, b"from the list", seen)
        os.write(master, b"I want DuckDB\n")
        del seen[:]
        _read_until(master, b"(2/2)", seen)
        _read_until(master, b"or your own answer: ", seen)
        assert b"numbers, comma separated" in seen
        os.write(master, b"1, 3\n")
        out, _ = child.communicate(timeout=90)
    finally:
        if child.poll() is None:
            child.kill()
        os.close(master)
    assert child.returncode == 0, seen.decode(errors="replace")
    assert b"PostgreSQL, on Linux and Windows." in out
    (result,) = tool_results(fake_api.main_turns()[-1])
    assert not result.is_error
    assert f'"{QUESTIONS[0]["question"]}"="I want DuckDB"' in result.text
    assert f'"{QUESTIONS[1]["question"]}"="Linux, Windows"' in result.text
