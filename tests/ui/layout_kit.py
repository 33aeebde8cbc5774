"""A window worth measuring: two accounts, sessions with titles that start
alike, and one session in a conversation of several turns with context
sizes (so the pane shows its header, tree and chart, the composer its fill).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from pathlib import Path

from pytestqt.qtbot import QtBot

from desktop.compose import DB_NAME
from desktop.domain.conversations import Execution, ExecutionKind, ExecutionStatus
from desktop.services.hub import ServiceHub
from desktop.store.conversations import SqlConversationRepository, SqlExecutionRepository
from desktop.store.db import open_database
from desktop.ui.shell.main_window import MainWindow
from tests.ui.session_kit import add_account, new_session, open_session, wait_listed, write

CWD = "/home/ana/src/parser"
ALIKE = [
    "plan the parser refactor: split the tokenizer from the grammar",
    "plan the parser refactor: error recovery and messages",
    "plan the parser refactor: benchmarks before and after",
]
TOKENS = (42_000, 61_000, 88_000, 131_000, 36_000)
"""Context tokens after each turn; the last one rolled over."""


def record_conversation(home: Path, account: str, session_id: str, tokens: tuple[int, ...]) -> str:
    """A conversation whose turns ran in `session_id` (the last a rollover), with
    context sizes; its id."""
    db = open_database(home / DB_NAME)
    try:
        conversation = SqlConversationRepository(db).create("Parser refactor", account, CWD)
        executions = SqlExecutionRepository(db)
        parent: str | None = None
        for number, size in enumerate(tokens, start=1):
            kind = ExecutionKind.NEW if number == 1 else ExecutionKind.CONTINUE
            if number == len(tokens) > 2:
                kind = ExecutionKind.ROLLOVER
            made = executions.create(
                Execution(
                    id=str(uuid.uuid4()), conversation_id=conversation.id, kind=kind,
                    account=account, cwd=CWD, prompt=f"turn {number}",
                    parent_execution_id=parent, session_id_in=None if number == 1 else session_id,
                    session_id=session_id, resumed=number > 1,
                )
            )  # fmt: skip
            executions.update(
                made.id, usage={"input_tokens": size, "output_tokens": 300}, finished=True,
                status=ExecutionStatus.SUCCEEDED, context_tokens=size, cost_usd=0.02,
            )  # fmt: skip
            parent = made.id
        return conversation.id
    finally:
        db.close()


def measured_window(
    hub: ServiceHub,
    home: Path,
    tmp_path: Path,
    open_window: Callable[..., MainWindow],
    qtbot: QtBot,
    *,
    size: tuple[int, int],
    tokens: tuple[int, ...] = TOKENS,
) -> MainWindow:
    """The window at `size` (after a first start at its default size, as a person
    who resizes it), showing the conversation's session."""
    work = add_account(hub, "work", tmp_path)
    personal = add_account(hub, "personal", tmp_path)
    main = new_session(CWD, *ALIKE[:1], "and the error messages?")
    write(work, main)
    for title in ALIKE[1:]:
        write(work, new_session(CWD, title))
    write(personal, new_session("/home/ana/src/blog", "Draft a post about the parser"))
    record_conversation(home, "work", main.session_id, tokens)
    window = open_window(hub)
    window.resize(1200, 760)
    window.default_layout()
    wait_listed(qtbot, window, 1 + len(ALIKE))
    window.resize(*size)
    open_session(qtbot, window, "work", main.session_id)
    pane = window.conversation
    qtbot.waitUntil(lambda: pane.model.rowCount() > 0 and not pane.reader.busy())
    qtbot.wait(350)  # the list's columns are measured a moment after rows arrive
    return window
