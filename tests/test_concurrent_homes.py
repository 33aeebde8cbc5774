"""Several Sessiondesk processes on one home at once, as users do (the window
plus scripts): nothing they write may collide, and one conversation runs one
turn at a time."""

from __future__ import annotations

import json
import multiprocessing
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from desktop.compose import DB_NAME, open_services
from desktop.store.conversations import SqlConversationRepository, SqlExecutionRepository
from desktop.store.db import open_database
from tests.clirun import sessiondesk
from tests.rig.fakeapi import FakeAPI, Reply
from tests.rig.fixtures import AccountFactory
from tests.sdrig import register, run_turn, spawn
from tests.test_run_faults import running_execution, status_of
from tests.test_transcript_fixtures import Transcript, text


def _create_conversations(home: str, count: int) -> list[int]:
    """In a child process: `count` conversations, their numbers."""
    db = open_database(Path(home) / DB_NAME)
    try:
        rows = SqlConversationRepository(db)
        return [rows.create(f"t{i}", None, None).number for i in range(count)]
    finally:
        db.close()


def test_conversation_numbers_do_not_race_between_processes(home: Path) -> None:
    open_services(home).close()  # the schema exists before the race starts
    context = multiprocessing.get_context("spawn")
    with context.Pool(4) as pool:
        numbers = pool.starmap(_create_conversations, [(str(home), 15)] * 4)
    flat = sorted(n for batch in numbers for n in batch)
    assert flat == list(range(1, 61))


def corpus(config: Path, sessions: int) -> None:
    """Transcripts with enough text that indexing them takes a while."""
    for i in range(sessions):
        sid = f"{i:08x}-0000-4000-8000-{i:012x}"
        t = Transcript(session_id=sid, cwd=f"/src/p{i % 7}")
        for turn in range(12):
            t.prompt(f"question {turn} about walrus number {i} " + "padding words " * 40)
            t.reply(text(f"answer {turn} for {i} " + "more words here " * 60))
        t.write(config / "projects" / f"-src-p{i % 7}" / f"{sid}.jsonl")


@pytest.fixture
def indexed_home(home: Path, tmp_path: Path) -> Path:
    config = tmp_path / "claude"
    corpus(config, 120)
    added = sessiondesk(home, "accounts", "add", "work", "--config-dir", str(config))
    assert added.code == 0, added.stderr
    return home


def _together(home: Path, *commands: list[str]) -> list[subprocess.CompletedProcess[str]]:
    procs = [
        subprocess.Popen(
            [sys.executable, "-m", "desktop", "--home", str(home), "--json", *command],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for command in commands
    ]
    done = []
    for proc, command in zip(procs, commands, strict=True):
        out, err = proc.communicate(timeout=180)
        done.append(subprocess.CompletedProcess(command, proc.returncode, out, err))
    return done


def test_listing_a_fresh_home_from_three_processes_at_once(indexed_home: Path) -> None:
    results = _together(indexed_home, *[["sessions", "list"]] * 3)
    for result in results:
        assert result.returncode == 0, result.stderr
        assert len(json.loads(result.stdout)) == 120
    assert "Error" not in "".join(r.stderr for r in results)


def test_a_rebuild_beside_another_rebuild_a_list_and_a_search(indexed_home: Path) -> None:
    results = _together(
        indexed_home,
        ["index", "--rebuild"],
        ["index", "--rebuild"],
        ["sessions", "list"],
        ["search", "walrus"],
    )
    for result in results:
        assert result.returncode == 0, (result.args, result.stderr)
    listed = sessiondesk(indexed_home, "--json", "sessions", "list")
    assert len(listed.json()) == 120
    found = sessiondesk(indexed_home, "--json", "search", "walrus", "--limit", "500")
    assert len(found.json()) == 120


@pytest.mark.claude
@pytest.mark.keyring
def test_one_conversation_runs_one_turn_at_a_time(
    home: Path, claude_account: AccountFactory, claude_bin: Path, fake_api: FakeAPI,
    tmp_path: Path,
) -> None:  # fmt: skip
    env = register(home, claude_account("alpha"), claude_bin)
    first = run_turn(home, env, "--account", "alpha", "--cwd", str(tmp_path), "first")
    assert first.code == 0, first.stderr
    previous = first.json_lines()[-1]

    hold = threading.Event()
    fake_api.enqueue(Reply.text("slow answer", hold=hold))
    slow = spawn(home, env, "--json", "continue", previous["execution_id"], "second")
    try:
        running, _pid = running_execution(home)
        # another process tries a turn of the same conversation: refused, in one line
        other = sessiondesk(home, "--json", "continue", previous["execution_id"], "third", env=env)
        assert other.code == 1
        assert other.stderr.strip().count("\n") == 0
        assert running in other.stderr and "busy" in other.stderr
        also = run_turn(home, env, "--conversation", previous["conversation_id"], "fourth")
        assert also.code == 1 and running in also.stderr
        # the window asks before it offers Send
        from desktop.domain.errors import BusyError

        services = open_services(home)
        db = open_database(home / DB_NAME)
        try:
            busy = services.runs.busy(previous["conversation_id"])
            assert busy is not None and busy.id == running
            with pytest.raises(BusyError):
                SqlExecutionRepository(db).create(busy, running=lambda e: True)
        finally:
            db.close()
            services.close()
        # a fork is a new conversation: it runs meanwhile
        fork = sessiondesk(home, "--json", "fork", previous["execution_id"], "branch", env=env)
        assert fork.code == 0, fork.stderr
    finally:
        hold.set()
        _out, err = slow.communicate(timeout=60)
    assert slow.returncode == 0, err
    assert status_of(home, running)[0] == "succeeded"
    # once it ended, the conversation takes the next turn
    services = open_services(home)
    try:
        assert services.runs.busy(previous["conversation_id"]) is None
    finally:
        services.close()
    again = sessiondesk(home, "--json", "continue", running, "fifth", env=env)
    assert again.code == 0, again.stderr
