"""`sessiondesk runs`: turns other processes drive, under two accounts, and a waiting question."""

from __future__ import annotations

import json
import os
import pty
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.clirun import sessiondesk
from tests.rig.fakeapi import FakeAPI, Reply
from tests.rig.fixtures import AccountFactory
from tests.sdrig import register, spawn

pytestmark = [pytest.mark.claude, pytest.mark.keyring]


@pytest.fixture
def project(tmp_path: Path) -> Path:
    folder = tmp_path / "wall project"
    folder.mkdir()
    return folder


def listed(home: Path, env: dict[str, str]) -> list[dict[str, Any]]:
    result = sessiondesk(home, "--json", "runs", env=env)
    assert result.code == 0, result.stderr
    runs: list[dict[str, Any]] = result.json()
    return runs


def wait_listed(
    home: Path, env: dict[str, str], check: Callable[[list[dict[str, Any]]], bool], what: str
) -> list[dict[str, Any]]:
    deadline = time.monotonic() + 60
    while True:
        runs = listed(home, env)
        if check(runs):
            return runs
        if time.monotonic() > deadline:
            raise AssertionError(f"runs never showed {what}: {runs}")
        time.sleep(0.3)


def test_runs_lists_turns_of_other_processes_under_two_accounts(
    home: Path, claude_account: AccountFactory, claude_bin: Path, fake_api: FakeAPI,
    project: Path,
) -> None:  # fmt: skip
    env = register(home, claude_account("alpha"), claude_bin)
    register(home, claude_account("beta"), claude_bin)
    holds = threading.Event(), threading.Event()
    fake_api.enqueue(Reply.text("herons", hold=holds[0]), Reply.text("kingfishers", hold=holds[1]))
    procs = [
        spawn(home, env, "--json", "run", "--account", name, "--cwd", str(project), prompt)
        for name, prompt in (("alpha", "How do herons fish?"), ("beta", "And kingfishers?"))
    ]
    try:
        # a fast poll can list a turn before its held call has reported its input
        runs = wait_listed(
            home, env, lambda r: len(r) == 2 and all(x["tokens"] for x in r), "both turns"
        )
        assert {r["account"] for r in runs} == {"alpha", "beta"}
        assert {r["title"] for r in runs} == {"How do herons fish?", "And kingfishers?"}
        assert {r["conversation"] for r in runs} == {"SESS-001", "SESS-002"}
        for run in runs:
            assert run["state"] == "running" and run["waiting"] == []
            assert run["elapsed"] >= 0 and run["tokens"] >= 12  # the held call's input
            assert run["owner_pid"] in {p.pid for p in procs}
        shown = sessiondesk(home, "runs", env=env)
        assert shown.code == 0, shown.stderr
        assert "SESS-001" in shown.stdout and "beta" in shown.stdout and "running" in shown.stdout
        for hold in holds:
            hold.set()
        for proc in procs:
            _out, err = proc.communicate(timeout=60)
            assert proc.returncode == 0, err
        assert listed(home, env) == []
        assert sessiondesk(home, "runs", env=env).stdout.strip() == "no turn is running"
    finally:
        for hold in holds:
            hold.set()
        for proc in procs:
            if proc.poll() is None:
                proc.kill()


def test_a_question_waiting_in_another_process_shows_as_needs_answer(
    home: Path, claude_account: AccountFactory, claude_bin: Path, fake_api: FakeAPI,
    project: Path,
) -> None:  # fmt: skip
    """A `run` on a terminal asks; `runs` in another process sees the question and the
    tokens so far, and the watch prints a line as the state changes."""
    env = register(home, claude_account("alpha"), claude_bin)
    target = project / "made.txt"
    fake_api.enqueue(
        Reply.tool_use("Bash", {"command": f"touch '{target}'"}, input_tokens=40, output_tokens=9),
        Reply.text("Made it."),
    )
    master, slave = pty.openpty()  # the asking `run` needs a terminal on stdin
    proc = subprocess.Popen(
        [sys.executable, "-m", "desktop", "--json", "run", "--account", "alpha",
         "--cwd", str(project), "make a file"],
        env={**os.environ, **env, "SESSIONDESK_HOME": str(home)},
        stdin=slave, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    os.close(slave)
    watch = spawn(home, env, "--json", "runs", "--watch")
    seen: list[list[str]] = []  # each line of the watch: the states of the runs it lists
    reader = threading.Thread(
        target=lambda: seen.extend(
            [r["state"] for r in json.loads(line)] for line in watch.stdout or ()
        ),
        daemon=True,
    )
    reader.start()
    try:
        runs = wait_listed(home, env, lambda r: r and r[0]["state"] == "needs-answer", "a question")
        (run,) = runs
        assert run["waiting"] == ["Bash"] and run["tokens"] == 49
        assert run["owner_pid"] == proc.pid
        human = sessiondesk(home, "runs", env=env).stdout
        assert "needs-answer (Bash)" in human and "answer it where the turn runs" in human
        assert not target.exists()
        deadline = time.monotonic() + 30  # the watch polls on its own clock: let it see it too
        while ["needs-answer"] not in seen and time.monotonic() < deadline:
            time.sleep(0.1)
        os.write(master, b"y\n")
        _out, err = proc.communicate(timeout=60)
        assert proc.returncode == 0, err
        assert target.exists()
        assert listed(home, env) == []
        deadline = time.monotonic() + 30
        while not (seen and seen[-1] == []) and time.monotonic() < deadline:
            time.sleep(0.1)
        watch.send_signal(signal.SIGINT)  # Ctrl+C ends the watch, quietly
        _, err = watch.communicate(timeout=30)
        assert watch.returncode == 0 and "Traceback" not in err, err
        reader.join(5)
        assert ["needs-answer"] in seen and seen[-1] == []
        assert seen.index(["needs-answer"]) < len(seen) - 1
    finally:
        os.close(master)
        for child in (proc, watch):
            if child.poll() is None:
                child.kill()


def test_a_turn_whose_owner_died_leaves_the_wall_and_its_note(
    home: Path, claude_account: AccountFactory, claude_bin: Path, fake_api: FakeAPI,
    project: Path,
) -> None:  # fmt: skip
    env = register(home, claude_account("alpha"), claude_bin)
    hold = threading.Event()
    fake_api.enqueue(Reply.text("never finished", hold=hold))
    proc = spawn(home, env, "--json", "run", "--account", "alpha", "--cwd", str(project), "go")
    try:
        notes = home / "cache" / "runs"
        # the turn's row can be listed a moment before its owner has written its note
        (run,) = wait_listed(
            home, env, lambda r: len(r) == 1 and (notes / f"{r[0]['execution']}.json").is_file(),
            "the turn and its note",
        )  # fmt: skip
        note = notes / f"{run['execution']}.json"
        proc.kill()  # Sessiondesk dies outright: nothing of it removes the note
        proc.communicate(timeout=30)
        assert note.is_file()
        assert listed(home, env) == []  # its start recovered the turn, and took the note
        assert not note.exists()
    finally:
        hold.set()
        if proc.poll() is None:
            proc.kill()
