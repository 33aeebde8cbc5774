"""Tokens saved by resuming, in the window: the resumed turn's footer puts its
input tokens next to what a replay would have sent, the insight page totals
them, and the conversation header counts tokens first (bytes second). The
turns are rows of a real SQLite home."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from desktop.domain.conversations import Conversation, ExecutionKind
from desktop.domain.token_savings import TokenSaving
from desktop.domain.transcript import Message, Role
from desktop.services.hub import ServiceHub
from desktop.ui.shell.main_window import MainWindow
from desktop.ui.transcript.transcript_rows import RowKind
from tests.ui.library_kit import Turn, open_insight, record
from tests.ui.session_kit import add_account

pytestmark = pytest.mark.gui

FIRST = {"input_tokens": 1000, "cache_creation_input_tokens": 200,
         "cache_read_input_tokens": 300, "output_tokens": 50}  # fmt: skip
SECOND = {"input_tokens": 40, "cache_creation_input_tokens": 60,
          "cache_read_input_tokens": 1500, "output_tokens": 20}  # fmt: skip


def _conversation(hub: ServiceHub, home: Path, tmp_path: Path) -> str:
    add_account(hub, "alpha", tmp_path / "alpha")
    return record(home, "Rivers", "alpha", "/src", [
        Turn(usage=FIRST),
        Turn(ExecutionKind.CONTINUE, resumed_from="s1", usage=SECOND),
    ])  # fmt: skip


def test_the_resumed_turns_footer_says_what_a_replay_would_have_sent(
    window: MainWindow, hub: ServiceHub, home: Path, tmp_path: Path
) -> None:
    conversation = _conversation(hub, home, tmp_path)
    first, second = hub.conversations.show(conversation).executions
    usage = window.runs.usage
    found = usage._read([("u0", first.id), ("u1", second.id)])
    assert [saving for _, _, saving in found] == [None, TokenSaving(100, 1650)]
    model = window.runs.panel.model
    for n in range(2):
        model.append_message(Message(Role.USER, f"prompt {n}", uuid=f"u{n}"))
        model.append_message(Message(Role.ASSISTANT, f"reply {n}", uuid=f"a{n}"))
    usage._placed(found)
    notes = [r.message.text for r in model.rows() if r.kind is RowKind.NOTE]
    assert "resumed" not in notes[0], "the first turn resumed nothing"
    assert notes[1].endswith("resumed: 100 new tokens in, a replay would have sent 1,650")


def test_insight_totals_the_tokens_saved(
    window: MainWindow, hub: ServiceHub, home: Path, qtbot: QtBot, tmp_path: Path
) -> None:
    _conversation(hub, home, tmp_path)
    page = open_insight(window, qtbot)
    saved = page.total_values["tokens_saved"]
    assert saved.text() == "1,550"
    assert "100" in saved.toolTip() and "1,650" in saved.toolTip()
    table = page.tables["accounts"]
    last = table.columnCount() - 1
    assert table.horizontalHeaderItem(last).text() == "Tokens saved"
    assert table.item(0, last).text() == "1,550"


def test_the_header_counts_tokens_first(window: MainWindow) -> None:
    header = window.conversation.header
    shown = Conversation(id="c1", number=1, title="Rivers", account="alpha", cwd="/src")
    header.show_conversation(shown, "s1", 2048, TokenSaving(100, 1650))
    assert header.saved_label.text() == "1,550 tokens (2.0 KiB)"
    assert "1,650" in header.saved_label.toolTip()
    # a resumed turn still running (or one claude reported no usage for): no "0 tokens"
    header.show_conversation(shown, "s1", 932, None)
    assert header.saved_label.text() == "932 bytes; tokens pending"
    header.show_conversation(shown, "s1", 0, None)
    assert header.saved_label.text() == "0 tokens (0 bytes)"
