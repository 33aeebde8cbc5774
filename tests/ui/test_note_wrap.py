"""A turn's usage line (a note row) wraps in a narrow transcript instead of
losing its end: model, tokens, cost, context and what resuming saved."""

from __future__ import annotations

from PySide6.QtCore import QRect
from PySide6.QtGui import QColor, QImage, QPainter
from pytestqt.qtbot import QtBot

from desktop.domain.transcript import Message, Role
from desktop.ui.transcript.transcript_delegate import TranscriptDelegate
from desktop.ui.transcript.transcript_paint import NOTE_LINES
from desktop.ui.transcript.transcript_rows import Row, RowKind

USAGE = (
    "claude-opus-5-5  ·  155,000 tokens in  ·  2 out  ·  $0.7801  ·  context 155,000 tokens"
    "  ·  resumed: 204 new tokens in, a replay would have sent 17,900"
)
# The column stops at MAX_COLUMN (900 px), so whether all of USAGE fits one line there
# depends on the font; its first part fits it in any font the note could be drawn in.
SHORT_USAGE = USAGE.split("  ·  context")[0]


def _note(text: str) -> Row:
    message = Message(Role.SYSTEM, text, timestamp="2026-11-28T05:13:00Z")
    return Row(RowKind.NOTE, "note", message)


def _inked_lines(delegate: TranscriptDelegate, row: Row, width: int) -> int:
    """Bands of rows with ink in them, painted as the view paints the row."""
    height = delegate.height(row, width)
    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    delegate.paint_row(painter, QRect(0, 0, width, height), row)
    painter.end()
    inked = [any(image.pixelColor(x, y).lightness() < 200 for x in range(0, width, 2))
             for y in range(height)]  # fmt: skip
    return sum(1 for y in range(1, height) if inked[y] and not inked[y - 1]) + int(inked[0])


def test_a_long_note_wraps_where_narrow_and_stays_one_line_where_wide(qtbot: QtBot) -> None:
    delegate = TranscriptDelegate()
    row = _note(USAGE)
    one_line = delegate.height(_note("interrupted"), 480)
    narrow, wide = delegate.height(row, 480), delegate.height(_note(SHORT_USAGE), 2400)
    assert wide == one_line
    assert narrow > one_line, "the words past the width were cut off"
    assert delegate.estimate(row, 480) > one_line  # the guess a long load makes agrees
    assert _inked_lines(delegate, row, 480) >= 2
    assert _inked_lines(delegate, _note(SHORT_USAGE), 2400) == 1

    endless = _note("word " * 2000)
    lines = (delegate.height(endless, 480) - one_line) // delegate.small_line() + 1
    assert lines == NOTE_LINES
