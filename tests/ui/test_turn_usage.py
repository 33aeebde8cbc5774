"""The quiet line under a turn: its tokens, cost and context, in the window's
language as soon as that changes, and never a count claude did not report."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from desktop.domain.conversations import Execution, ExecutionKind, ExecutionStatus
from desktop.domain.transcript import Message, Role
from desktop.ui.shell.main_window import MainWindow
from desktop.ui.transcript.transcript_rows import RowKind
from tests.ui.session_kit import WAIT_MS

pytestmark = pytest.mark.gui


def _turn(
    eid: str, status: ExecutionStatus, usage: dict[str, int] | None, cost: float
) -> Execution:
    return Execution(eid, "c1", ExecutionKind.NEW, "alpha", "/src", "count", status,
                     usage=usage, cost_usd=cost, context_tokens=None)  # fmt: skip


ANSWERED = _turn("e1", ExecutionStatus.SUCCEEDED,
                 {"input_tokens": 1204, "output_tokens": 310}, 0.0123)  # fmt: skip
# what claude's result says of a turn it was interrupted in: no counts, a cost
STOPPED = _turn("e2", ExecutionStatus.INTERRUPTED, {"input_tokens": 0, "output_tokens": 0}, 0.0119)
FAILED = _turn("e3", ExecutionStatus.FAILED, None, 0.0042)


def _notes(window: MainWindow) -> list[str]:
    model = window.runs.panel.model
    return [r.message.text for r in model.rows() if r.kind is RowKind.NOTE]


def _placed(window: MainWindow, *executions: Execution) -> None:
    """Each execution's line placed under a turn of the transcript shown."""
    model = window.runs.panel.model
    for n in range(len(executions)):
        model.append_message(Message(Role.USER, f"prompt {n}", uuid=f"u{n}"))
        model.append_message(Message(Role.ASSISTANT, f"reply {n}", uuid=f"a{n}"))
    window.runs.usage._placed([(f"u{n}", e, None) for n, e in enumerate(executions)])


def test_the_line_never_claims_counts_claude_did_not_report(window: MainWindow) -> None:
    _placed(window, ANSWERED, STOPPED, FAILED)
    answered, stopped, failed = _notes(window)
    assert answered == "1,204 tokens in  ·  310 out  ·  $0.0123"
    assert stopped == "interrupted  ·  $0.0119", "never 0 tokens for counts never reported"
    assert failed == "usage unknown  ·  $0.0042"


def test_the_line_follows_a_language_change_at_once(window: MainWindow, qtbot: QtBot) -> None:
    _placed(window, ANSWERED, STOPPED)
    window.set_language("es")
    qtbot.waitUntil(lambda: "tokens de entrada" in _notes(window)[0], timeout=WAIT_MS)
    assert "$0,0123" in _notes(window)[0]  # in Spanish numbers too
    assert _notes(window)[1].startswith("interrumpido")
    window.set_language("zh_CN")
    qtbot.waitUntil(lambda: "已中断" in _notes(window)[1], timeout=WAIT_MS)
    assert "输入" in _notes(window)[0]
