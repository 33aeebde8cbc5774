"""Helpers for the library window tests: recorded turns in a real home's database.

The turns are written through the store's own repositories (as a finished run
leaves them), so the insight page counts rows the app itself made.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from pathlib import Path

from pytestqt.qtbot import QtBot

from desktop.compose import DB_NAME
from desktop.domain.conversations import Execution, ExecutionKind, ExecutionStatus
from desktop.store.conversations import SqlConversationRepository, SqlExecutionRepository
from desktop.store.db import open_database
from desktop.ui.library.insight_page import InsightPage
from desktop.ui.shell.main_window import MainWindow


@dataclass(frozen=True)
class Turn:
    kind: ExecutionKind = ExecutionKind.NEW
    status: ExecutionStatus = ExecutionStatus.SUCCEEDED
    tokens_in: int = 100
    tokens_out: int = 50
    cost: float = 0.01
    resumed_from: str | None = None
    usage: dict[str, int] | None = None
    """The full usage claude reported (instead of `tokens_in` and `tokens_out`)."""
    after: int | None = None
    """The index of the turn it follows (default: the one before it)."""
    epoch: int = 0


def record(home: Path, title: str, account: str, cwd: str, turns: list[Turn]) -> str:
    """A conversation with these finished turns, each after the one before it
    (a fork hangs from it as a fork does); its id."""
    db = open_database(home / DB_NAME)
    try:
        conversation = SqlConversationRepository(db).create(title, account, cwd)
        executions = SqlExecutionRepository(db)
        ids: list[str] = []
        for n, turn in enumerate(turns):
            link = ids[turn.after if turn.after is not None else n - 1] if n else None
            fork = turn.kind is ExecutionKind.FORK
            made = executions.create(
                Execution(
                    id=str(uuid.uuid4()),
                    conversation_id=conversation.id,
                    kind=turn.kind,
                    account=account,
                    cwd=cwd,
                    prompt="p",
                    session_id_in=turn.resumed_from,
                    parent_execution_id=None if fork else link,
                    forked_from_execution_id=link if fork else None,
                    history_epoch=turn.epoch,
                )
            )
            ids.append(made.id)
            executions.update(
                made.id,
                usage=turn.usage
                or {"input_tokens": turn.tokens_in, "output_tokens": turn.tokens_out},
                finished=True,
                status=turn.status,
                cost_usd=turn.cost,
            )
        return conversation.id
    finally:
        db.close()


def open_insight(window: MainWindow, qtbot: QtBot) -> InsightPage:
    """The insight page opened from the window, its figures counted."""
    window.library.insight.trigger()
    page = window.findChild(InsightPage)
    assert page is not None
    qtbot.waitUntil(lambda: page.refresh_button.isEnabled() and page.insight is not None)
    return page
