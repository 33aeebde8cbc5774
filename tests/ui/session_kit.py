"""Helpers for the session window tests: accounts with transcripts on disk.

Transcripts are written with the builder of tests/test_transcript_fixtures.py,
which writes what Claude Code 2.1.332 writes (compact JSON lines, one block a
line, attachments in the chain), into `<config>/projects/<encoded cwd>/`.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from pytestqt.qtbot import QtBot

from desktop.domain.accounts import AuthKind
from desktop.services.hub import ServiceHub
from desktop.store.conversations import SqlConversationRepository
from desktop.store.db import open_database
from desktop.ui.sessions.session_browser import SessionBrowser
from desktop.ui.sessions.session_list import SessionListPane
from desktop.ui.shell.main_window import MainWindow
from tests.test_transcript_fixtures import Transcript, text, tool_use

WAIT_MS = 15_000


def add_account(hub: ServiceHub, name: str, root: Path) -> Path:
    config = root / f".claude-{name}"
    config.mkdir(parents=True, exist_ok=True)
    hub.accounts.add(name, str(config), AuthKind.LOGIN)
    return config


@contextmanager
def conversation_rows(home: Path) -> Iterator[SqlConversationRepository]:
    """The home's conversation rows straight in the store, past the services (which
    would tell the window); the database is closed after, not left to the gc."""
    db = open_database(home / "sessiondesk.db")
    try:
        yield SqlConversationRepository(db)
    finally:
        db.close()


def transcript_path(config: Path, cwd: str, session_id: str) -> Path:
    folder = re.sub(r"[^A-Za-z0-9]", "-", cwd)
    return config / "projects" / folder / f"{session_id}.jsonl"


def new_session(cwd: str, *prompts: str, session_id: str | None = None) -> Transcript:
    """A session of prompt/reply turns, one per prompt."""
    t = Transcript(session_id=session_id or str(uuid.uuid4()), cwd=cwd)
    for number, prompt in enumerate(prompts, start=1):
        t.prompt(prompt)
        t.attachment()
        t.reply(text(f"Answer {number} to: {prompt}"))
    return t


def write(config: Path, t: Transcript) -> Path:
    return t.write(transcript_path(config, t.cwd, t.session_id))


def tool_session(cwd: str, session_id: str | None = None) -> Transcript:
    """A prompt, a Read call with its result, a failing Bash call, a reply."""
    t = Transcript(session_id=session_id or str(uuid.uuid4()), cwd=cwd)
    t.prompt("read the notes and run the tests")
    t.reply(text("Reading them."), tool_use("toolu_read", "Read", {"file_path": f"{cwd}/notes.md"}))
    t.result("toolu_read", "     1\tthe magic word is xylophone\n")
    t.reply(tool_use("toolu_bash", "Bash", {"command": "pytest -q", "description": "run tests"}))
    t.result("toolu_bash", "E   AssertionError: 1 != 2\n1 failed", is_error=True)
    t.reply(text("The word is **xylophone**; one test fails."))
    return t


def browser(window: MainWindow) -> SessionBrowser:
    return window.sessions


def pane(window: MainWindow) -> SessionListPane:
    assert isinstance(window.navigation, SessionListPane)
    return window.navigation


def wait_listed(qtbot: QtBot, window: MainWindow, count: int) -> None:
    qtbot.waitUntil(lambda: pane(window).source.rowCount() == count, timeout=WAIT_MS)


def wait_indexed(qtbot: QtBot, window: MainWindow) -> None:
    """Until the first indexing pass has finished."""
    indexer = browser(window).indexer
    qtbot.waitUntil(lambda: indexer.completed >= 1 and not indexer.running(), timeout=WAIT_MS)


def open_session(qtbot: QtBot, window: MainWindow, account: str, session_id: str) -> None:
    """Choose a session in the list and wait until its transcript is shown."""
    assert pane(window).select_session(account, session_id)
    panel = browser(window).panel
    qtbot.waitUntil(
        lambda: (
            (current := panel.current()) is not None
            and current.session_id == session_id
            and not panel.is_loading()
            and panel.model.rowCount() > 0
        ),
        timeout=WAIT_MS,
    )
