"""Drawing one transcript row: the prompt bubble, a reply, a card, a divider.

Kept apart from the delegate so each stays readable; the delegate owns the
geometry, the colours and the document cache, this module only paints.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Protocol

from PySide6.QtCore import QDateTime, QLocale, QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPainterPath, QPen

from desktop.ui.transcript import transcript_cards as cards
from desktop.ui.transcript import transcript_render as render
from desktop.ui.transcript.transcript_rows import Row, RowKind

RADIUS = 8.0
MAX_COLUMN = 900
MARGIN_X = 20
PAD = 12
CARD_PAD = 8
GAP = 4
TURN_GAP = 14


class RowStyle(Protocol):
    """What painting a row needs from the delegate: its fonts, colours, words and documents."""

    font: QFont
    bold: QFont
    small: QFont
    line: int
    header: int
    colours: dict[str, QColor]
    labels: render.Labels
    names: tuple[str, str, str, str]
    gap_text: str
    compact_text: str
    earlier_text: str

    def column(self, width: int) -> tuple[int, int]: ...

    def chevron(self, open_: bool, size: float) -> QPainterPath: ...

    def paint_document(self, painter: QPainter, row: Row, rect: QRect, colour: QColor) -> None: ...


def row_gap(row: Row) -> int:
    """The space above a row: a new turn stands further apart than its parts."""
    return (
        TURN_GAP
        if row.kind is RowKind.PROMPT or (row.kind is RowKind.REPLY and row.first_of_turn)
        else GAP
    )


def format_time(timestamp: str | None) -> tuple[str, str]:
    """A short local time for the row and the full date for its tooltip."""
    # the locale is part of the key: a language switch must not show old formats
    return _format_time(timestamp, QLocale().name())


@lru_cache(maxsize=8192)
def _format_time(timestamp: str | None, _locale: str) -> tuple[str, str]:
    if not timestamp:
        return "", ""
    moment = QDateTime.fromString(timestamp, Qt.DateFormat.ISODateWithMs)
    if not moment.isValid():
        moment = QDateTime.fromString(timestamp, Qt.DateFormat.ISODate)
    if not moment.isValid():
        return "", ""
    local = moment.toLocalTime()
    locale = QLocale()
    full = locale.toString(local, QLocale.FormatType.LongFormat)
    clock = locale.toString(local.time(), QLocale.FormatType.ShortFormat)
    today = QDateTime.currentDateTime().date()
    if local.date() == today:
        return clock, full
    if local.date().year() == today.year():
        return f"{locale.toString(local.date(), 'd MMM')}, {clock}", full
    return f"{locale.toString(local.date(), QLocale.FormatType.ShortFormat)}, {clock}", full


def _text(painter: QPainter, font: QFont, colour: QColor, rect: QRectF, text: str,
          align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignLeft) -> float:  # fmt: skip
    """Draw one elided line; returns the width it took."""
    metrics = QFontMetrics(font)
    shown = metrics.elidedText(text, Qt.TextElideMode.ElideRight, int(rect.width()))
    painter.setFont(font)
    painter.setPen(colour)
    painter.drawText(rect, int(align | Qt.AlignmentFlag.AlignVCenter), shown)
    return float(metrics.horizontalAdvance(shown))


NOTE_LINES = 4
"""A note (a turn's usage line, an interrupt) wraps to at most this many lines:
a turn's model, tokens, cost, context and savings do not fit one narrow line."""


def note_words(row: Row) -> str:
    return "•  " + " ".join(row.message.text.split())


def note_width(d: RowStyle, row: Row, inner: float) -> float:
    """The width a note's words have beside its time."""
    short, _full = format_time(row.message.timestamp)
    taken = QFontMetrics(d.small).horizontalAdvance(short) if short else 0
    return max(60.0, inner - 2 * PAD - taken - 8)


def note_lines(d: RowStyle, row: Row, inner: float, *, exact: bool) -> int:
    """How many lines a note takes; `exact` lays its words out, else a guess from
    their count (the estimate a long load makes for every row)."""
    metrics = QFontMetrics(d.small)
    words = note_words(row)
    available = note_width(d, row, inner)
    if exact:
        bounds = metrics.boundingRect(
            QRect(0, 0, int(available), 1 << 20), int(Qt.TextFlag.TextWordWrap), words
        )
        lines = -(-bounds.height() // max(1, metrics.lineSpacing()))
    else:
        lines = 1 + int(metrics.averageCharWidth() * len(words) // available)
    return min(max(1, lines), NOTE_LINES)


def _note(d: RowStyle, painter: QPainter, row: Row, x: float, top: float, inner: float,
          height: float) -> None:  # fmt: skip
    _time(d, painter, row, QRectF(x + PAD, top, inner - 2 * PAD, d.line))
    small = QFontMetrics(d.small).lineSpacing()
    # the first line sits where a one-line note's did, beside the time
    words = QRectF(x + PAD, top + max(0, d.line - small) / 2,
                   note_width(d, row, inner), height)  # fmt: skip
    painter.setFont(d.small)
    painter.setPen(d.colours["muted"])
    flags = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop
    painter.drawText(words, int(flags) | int(Qt.TextFlag.TextWordWrap), note_words(row))


def _time(d: RowStyle, painter: QPainter, row: Row, rect: QRectF) -> float:
    short, _full = format_time(row.message.timestamp)
    if not short:
        return 0.0
    return _text(painter, d.small, d.colours["muted"], rect, short, Qt.AlignmentFlag.AlignRight)


def paint_row(d: RowStyle, painter: QPainter, rect: QRect, row: Row, selected: bool) -> None:
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    left, inner = d.column(rect.width())
    x = float(rect.left() + left)
    top = float(rect.top() + row_gap(row))
    height = float(rect.bottom() + 1) - top
    if selected:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(d.colours["select"])
        painter.drawRoundedRect(QRectF(x - 6, top - 3, inner + 12, height + 4), RADIUS, RADIUS)
    kind = row.kind
    if kind is RowKind.PROMPT:
        _prompt(d, painter, rect, row, QRectF(x, top, inner, height))
    elif kind is RowKind.IMAGE:  # the prompt's bubble again, with no second "You"
        _bubble(d, painter, QRectF(x, top, inner, height))
        d.paint_document(painter, row, rect, d.colours["text"])
    elif kind is RowKind.REPLY:
        _reply(d, painter, rect, row, QRectF(x, top, inner, height))
    elif kind is RowKind.DIVIDER:
        _divider(d, painter, row, QRectF(x, top, inner, height))
    elif kind is RowKind.NOTE:
        _note(d, painter, row, x, top, inner, height)
    else:
        _card(d, painter, rect, row, QRectF(x + PAD, top, inner - 2 * PAD, height))
    painter.restore()


def _bubble(d: RowStyle, painter: QPainter, card: QRectF) -> None:
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(d.colours["prompt"])
    painter.drawRoundedRect(card, RADIUS, RADIUS)
    painter.setBrush(d.colours["prompt_edge"])
    painter.drawRoundedRect(QRectF(card.left(), card.top(), 3.5, card.height()), 1.5, 1.5)


def _prompt(d: RowStyle, painter: QPainter, rect: QRect, row: Row, card: QRectF) -> None:
    _bubble(d, painter, card)
    head = QRectF(card.left() + PAD, card.top() + PAD, card.width() - 2 * PAD, d.header)
    taken = _time(d, painter, row, head)
    name = _text(painter, d.bold, d.colours["you"], head, d.names[0])
    chip = prompt_chip(d.labels, row)
    if chip:
        _chip(d, painter, head.adjusted(name + 10, 0, -taken - 10, 0), chip)
    d.paint_document(painter, row, rect, d.colours["text"])


def prompt_chip(labels: render.Labels, row: Row) -> str | None:
    """How a prompt carried its history: the replay chip, or the resumed mark (what
    was sent is folded under the words: `transcript_render.sent_html`)."""
    message = row.message
    if message.replayed_turns:
        return labels.replayed(message.replayed_turns, message.replayed_bytes)
    return labels.resumed if message.resumed else None


def _chip(d: RowStyle, painter: QPainter, room: QRectF, text: str) -> None:
    metrics = QFontMetrics(d.small)
    # a few pixels beyond the text's advance: elision rounds, and would cut a short word
    width = min(room.width(), float(metrics.horizontalAdvance(text) + 20))
    if width < 40:
        return
    box = QRectF(room.left(), room.center().y() - metrics.height() / 2 - 2, width,
                 metrics.height() + 4)  # fmt: skip
    painter.setPen(QPen(d.colours["prompt_edge"], 1.0))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRoundedRect(box, box.height() / 2, box.height() / 2)
    _text(painter, d.small, d.colours["you"], box.adjusted(8, 0, -6, 0), text)


def _reply(d: RowStyle, painter: QPainter, rect: QRect, row: Row, area: QRectF) -> None:
    failed = row.message.is_error
    if failed:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(d.colours["error_bg"])
        painter.drawRoundedRect(area, RADIUS, RADIUS)
    if row.first_of_turn:
        head = QRectF(area.left() + PAD, area.top() + 2, area.width() - 2 * PAD, d.header)
        _time(d, painter, row, head)
        dot = d.header * 0.32
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(d.colours["claude"])
        painter.drawEllipse(QPointF(head.left() + dot / 2 + 1, head.center().y()), dot / 2, dot / 2)
        _text(painter, d.bold, d.colours["claude"], head.adjusted(dot + 7, 0, 0, 0), d.names[1])
    d.paint_document(painter, row, rect, d.colours["error"] if failed else d.colours["text"])


def _divider(d: RowStyle, painter: QPainter, row: Row, area: QRectF) -> None:
    gap = row.message.divider == "gap"
    label = {"gap": d.gap_text, "earlier": d.earlier_text}.get(
        row.message.divider or "", d.compact_text
    )
    colour = d.colours["error"] if gap else d.colours["muted"]
    metrics = QFontMetrics(d.small)
    mid = area.top() + area.height() / 2
    width = min(area.width() - 40, metrics.horizontalAdvance(label) + 24)
    pen = QPen(d.colours["card_edge"], 1.0, Qt.PenStyle.DashLine if gap else Qt.PenStyle.SolidLine)
    painter.setPen(pen)
    painter.drawLine(QPointF(area.left(), mid), QPointF(area.center().x() - width / 2, mid))
    painter.drawLine(QPointF(area.center().x() + width / 2, mid), QPointF(area.right(), mid))
    box = QRectF(area.center().x() - width / 2, mid - d.line / 2, width, d.line)
    _text(painter, d.small, colour, box, label, Qt.AlignmentFlag.AlignHCenter)


def _card(d: RowStyle, painter: QPainter, rect: QRect, row: Row, card: QRectF) -> None:
    kind, message, result = row.kind, row.message, row.result
    boxed = kind in (RowKind.TOOL, RowKind.RESULT)
    failed = (result is not None and result.is_error) or (
        kind is RowKind.RESULT and message.is_error
    )
    if boxed:
        painter.setPen(QPen(d.colours["error"] if failed else d.colours["card_edge"], 1.0))
        painter.setBrush(d.colours["card"])
        painter.drawRoundedRect(card.adjusted(0.5, 0.5, -0.5, -0.5), RADIUS - 2, RADIUS - 2)
    head = QRectF(
        card.left() + CARD_PAD, card.top() + CARD_PAD, card.width() - 2 * CARD_PAD, d.header
    )
    size = d.line * 0.5
    painter.save()
    painter.translate(head.left(), head.center().y() - size / 2)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(d.colours["muted"])
    painter.drawPath(d.chevron(row.expanded, size))
    painter.restore()
    head = head.adjusted(size + 8, 0, 0, 0)
    if boxed:
        head = head.adjusted(0, 0, -_status(d, painter, row, head, failed) - 8, 0)
        name = message.tool_name or d.labels.result if kind is RowKind.TOOL else d.labels.result
        taken = _text(painter, d.bold, d.colours["text"], head, name)
        summary = (
            cards.tool_summary(message.tool_name, message.input)
            if kind is RowKind.TOOL
            else " ".join(message.text.split())[:200]
        )
        _text(painter, d.font, d.colours["muted"], head.adjusted(taken + 10, 0, 0, 0), summary)
    else:
        title = d.names[2] if kind is RowKind.THINKING else d.names[3]
        italic = QFont(d.font)
        italic.setItalic(True)
        taken = _time(d, painter, row, head)
        _text(painter, italic, d.colours["muted"], head.adjusted(0, 0, -taken - 8, 0), title)
    if row.expanded:
        d.paint_document(painter, row, rect, d.colours["text"])


def _status(d: RowStyle, painter: QPainter, row: Row, head: QRectF, failed: bool) -> float:
    """The call's outcome at the card's right end: a dot, and a word when it failed."""
    if row.kind is RowKind.RESULT:
        colour = d.colours["error"] if failed else d.colours["ok"]
    elif row.result is None:
        colour = d.colours["pending"]
    else:
        colour = d.colours["error"] if failed else d.colours["ok"]
    radius = d.line * 0.2
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(colour)
    centre = QPointF(head.right() - radius, head.center().y())
    painter.drawEllipse(centre, radius, radius)
    taken = 2 * radius
    if failed:
        label = QRectF(head.left(), head.top(), head.width() - taken - 6, head.height())
        taken += 6 + _text(
            painter, d.small, colour, label, d.labels.error, Qt.AlignmentFlag.AlignRight
        )
    return taken
