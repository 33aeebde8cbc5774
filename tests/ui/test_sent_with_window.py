"""A prompt sent with a reference, a guard line or a replay, read back from
Claude's own transcript on disk: the bubble shows what was typed, and what was
sent with it as one folded line under the words, opened by a click; a search
that finds the carried text says where it found it."""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRectF, Qt
from pytestqt.qtbot import QtBot

from desktop.domain.carry import carry_block
from desktop.domain.prompt_wrap import RECAP_REQUEST, SentKind, guarded
from desktop.domain.references import ReferencedConversation, expand_references
from desktop.domain.replay import Turn, replay_prompt
from desktop.services.hub import ServiceHub
from desktop.ui.shell.main_window import MainWindow
from desktop.ui.transcript.transcript_rows import RowKind
from tests.test_transcript_fixtures import Transcript, text
from tests.ui.session_kit import (
    WAIT_MS,
    add_account,
    browser,
    open_session,
    wait_indexed,
    wait_listed,
    write,
)
from tests.ui.test_search import search

pytestmark = pytest.mark.gui
HEAD = "The request below refers to other conversations"
SHOTS = Path(os.environ.get("SESSIONDESK_SHOTS", "/tmp/sessiondesk-shots"))


def _sent_session() -> Transcript:
    ship = [Turn("user", "name the ship"), Turn("assistant", "Named it ALBATROSS, painted TEAL.")]
    found = [ReferencedConversation(1, "Ship", "alpha", ship)]
    t = Transcript(session_id=str(uuid.uuid4()), cwd="/home/ana/src/boats")
    t.prompt(expand_references("name the boat the way [[SESS-001]] did", found, 4000))
    t.reply(text("Named it OSPREY."))
    t.prompt(guarded("and paint it"))
    t.reply(text("Painted."))
    t.prompt(replay_prompt([Turn("user", "and paint it"), Turn("assistant", "Painted.")],
                           "once more, from the start", 4000))  # fmt: skip
    t.reply(text("Again."))
    t.prompt(RECAP_REQUEST + (carry_block(ship, 4000) or ""))  # a recap run: nothing typed
    t.reply(text("A ship was named."))
    return t


@pytest.fixture
def window(
    hub: ServiceHub, tmp_path: Path, open_window: Callable[[ServiceHub], MainWindow], qtbot: QtBot
) -> tuple[MainWindow, Transcript]:
    config = add_account(hub, "alpha", tmp_path)
    t = _sent_session()
    write(config, t)
    made = open_window(hub)
    made.resize(1200, 800)
    wait_listed(qtbot, made, 1)
    open_session(qtbot, made, "alpha", t.session_id)
    return made, t


def _sent_line(window: MainWindow, number: int) -> QPoint:
    """Where the prompt's "sent with this turn" line is on screen (its last block)."""
    view = browser(window).panel.view
    view.scroll_to_row(number)
    rect = view.visual_rect(number)
    row = view.model().row(number)  # type: ignore[union-attr]
    document = view.delegate.document(row, rect.width())
    block = document.lastBlock()
    if row.expanded:  # open: the line is the first block of the fold
        block = document.findBlock(document.toPlainText().index("Sent with this turn"))
    box = QRectF(document.documentLayout().blockBoundingRect(block))
    origin = view.delegate.body_origin(row, rect)
    return (origin + box.topLeft()).toPoint() + QPoint(12, int(box.height() / 2))


def test_the_bubble_shows_the_typed_words_and_folds_what_was_sent(
    window: tuple[MainWindow, Transcript], qtbot: QtBot
) -> None:
    made, _t = window
    panel = browser(made).panel
    model = panel.model
    prompts = [n for n in range(model.rowCount()) if model.row(n).kind is RowKind.PROMPT]
    texts = [model.row(n).message.text for n in prompts]
    assert texts == ["name the boat the way [[SESS-001]] did", "and paint it",
                     "once more, from the start", ""]  # fmt: skip
    kinds = [[p.kind for p in model.row(n).message.sent_with] for n in prompts]
    assert kinds == [[SentKind.REFERENCES], [SentKind.GUARD], [SentKind.REPLAY], [SentKind.RECAP]]

    view = panel.view
    first = prompts[0]
    folded = view.delegate.document(model.row(first), view.viewport().width()).toPlainText()
    assert folded.startswith("name the boat the way [[SESS-001]] did")
    assert "Sent with this turn: text of SESS-001" in folded
    assert HEAD not in folded and "ALBATROSS" not in folded
    SHOTS.mkdir(parents=True, exist_ok=True)
    made.grab().save(str(SHOTS / "sent-with-folded.png"))
    view.scroll_to_bottom()
    view.viewport().repaint()
    made.grab().save(str(SHOTS / "sent-with-recap.png"))

    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=_sent_line(made, first))
    qtbot.waitUntil(lambda: model.row(first).expanded, timeout=WAIT_MS)
    opened = view.delegate.document(model.row(first), view.viewport().width()).toPlainText()
    assert HEAD in opened and "ALBATROSS" in opened
    assert opened.startswith("name the boat the way [[SESS-001]] did")
    view.viewport().repaint()
    made.grab().save(str(SHOTS / "sent-with-open.png"))
    assert model.text_of([first]) == "name the boat the way [[SESS-001]] did", "copy: the words"

    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=_sent_line(made, first))
    qtbot.waitUntil(lambda: not model.row(first).expanded, timeout=WAIT_MS)
    view.select_row(first)  # and from the keyboard
    qtbot.keyClick(view, Qt.Key.Key_Return)
    assert model.row(first).expanded
    qtbot.keyClick(view, Qt.Key.Key_Return)
    assert not model.row(first).expanded

    # in Spanish, the line speaks Spanish
    made.set_language("es")
    qtbot.waitUntil(lambda: "Enviado con este turno" in view.delegate.document(
        model.row(first), view.viewport().width()).toPlainText(), timeout=WAIT_MS)  # fmt: skip


def test_a_search_hit_in_the_carried_text_is_labelled(
    window: tuple[MainWindow, Transcript], qtbot: QtBot
) -> None:
    made, _t = window
    wait_indexed(qtbot, made)
    bar = browser(made).search
    (own,) = search(qtbot, bar, "boat")
    assert "in text sent with the turn" not in own and HEAD not in own
    (carried,) = search(qtbot, bar, "ALBATROSS")
    assert "in text sent with the turn:" in carried
