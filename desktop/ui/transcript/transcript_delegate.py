"""Paints transcript rows and measures them, one cached QTextDocument per row.

A row's rich body is built only when the row is painted or measured, i.e. when
it scrolls into view; a collapsed card has no body at all. Documents live in a
small LRU cache keyed by the row's key, revision and open state, so scrolling
back is cheap and a 50,000-row session never holds 50,000 documents.
Rows not yet seen get a height guessed from their text size.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable

from PySide6.QtCore import (
    QLocale,
    QModelIndex,
    QPersistentModelIndex,
    QPointF,
    QRect,
    QRectF,
    QSize,
    Qt,
)
from PySide6.QtGui import (
    QAbstractTextDocumentLayout,
    QColor,
    QFont,
    QFontMetrics,
    QPainter,
    QPainterPath,
    QPalette,
    QTextDocument,
)
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem, QWidget

from desktop.domain.prompt_wrap import SentKind, SentPart
from desktop.ui.transcript import transcript_cards as cards
from desktop.ui.transcript import transcript_render as render
from desktop.ui.transcript.diff_html import note_text
from desktop.ui.transcript.transcript_images import THUMB, image_html
from desktop.ui.transcript.transcript_paint import (
    CARD_PAD,
    GAP,
    MARGIN_X,
    MAX_COLUMN,
    PAD,
    format_time,
    note_lines,
    paint_row,
    row_gap,
)
from desktop.ui.transcript.transcript_rows import COLLAPSIBLE, Row, RowKind

ROW_ROLE = Qt.ItemDataRole.UserRole + 1
CACHE_SIZE = 400


class TranscriptDelegate(QStyledItemDelegate):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._docs: OrderedDict[tuple[str, int, bool], QTextDocument] = OrderedDict()
        self._html: dict[tuple[str, int, bool], tuple[render.Theme, str]] = {}
        """Markdown made ahead by `prepare` on a worker thread, taken by `_build`."""
        self.documents_built = 0
        """How many row documents were ever made: tests check rendering stays lazy."""
        self.labels = render.Labels()
        self.names = ("You", "Claude", "Thinking", "Summary of the earlier conversation")
        self.configure(QPalette(), QFont())

    # -- appearance ----------------------------------------------------------------

    def configure(self, palette: QPalette, font: QFont) -> None:
        self.palette = palette
        self.font = QFont(font)
        self.bold = QFont(font)
        self.bold.setBold(True)
        self.small = QFont(font)
        if font.pointSizeF() > 0:  # a font given in pixels has no point size to scale
            self.small.setPointSizeF(max(6.0, font.pointSizeF() * 0.88))
        self.metrics = QFontMetrics(self.font)
        self.line = self.metrics.lineSpacing()
        self.header = max(self.line, QFontMetrics(self.bold).height()) + 4
        self.char_width = max(1.0, self.metrics.averageCharWidth() * 1.02)
        dark = palette.color(QPalette.ColorRole.Base).lightness() < 128
        self.dark = dark
        self.theme = render.Theme.for_dark(dark)
        self.colours = {
            "prompt": QColor("#262B3D" if dark else "#EEF2FF"),
            "prompt_edge": QColor("#6366F1"),
            "you": QColor("#A5B4FC" if dark else "#4338CA"),
            "claude": QColor("#FDBA74" if dark else "#C2410C"),
            "card": QColor("#1B1F27" if dark else "#FAFAFB"),
            "card_edge": QColor("#323845" if dark else "#E4E6EB"),
            "muted": QColor(self.theme.muted),
            "text": QColor(self.theme.text),
            "ok": QColor("#16A34A"),
            "error": QColor(self.theme.error_text),
            "error_bg": QColor(self.theme.error_bg),
            "pending": QColor("#D97706"),
            "select": QColor(palette.color(QPalette.ColorRole.Highlight)),
        }
        self.colours["select"].setAlpha(48)
        self.clear_cache()

    def retranslate(self) -> None:
        self.names = (self.tr("You"), self.tr("Claude"),
                      self.tr("Thinking"),
                      self.tr("Summary of the earlier conversation"))  # fmt: skip
        self.labels = render.Labels(
            input=self.tr("Input"),
            result=self.tr("Result"),
            error=self.tr("Error"),
            pending=self.tr("No result yet."),
            subagent=lambda n: self.tr("Subagent · %Ln messages", "", n),
            more=lambda n: self.tr("… %Ln more characters (copy the row to get all of it)", "", n),
            you=self.tr("You"),
            agent=self.tr("Agent"),
            resumed=self.tr("resumed"),
            replayed=lambda n, size: self.tr(
                "history replayed (%Ln turns, {size} KB)", "", n
            ).replace("{size}", QLocale().toString(size / 1024, "f", 1)),
            sent_heading=self.tr("Sent with this turn"),
            sent_part=self._sent_part,
            diff_note=note_text,
        )
        self.gap_text = self.tr("Part of the transcript could not be read here.")
        self.compact_text = self.tr("Conversation compacted")
        self.earlier_text = self.tr("Earlier branches of this transcript")
        self.clear_cache()

    def _sent_part(self, part: SentPart) -> str:
        """What one part sent with a prompt was, in the window's language."""
        size = QLocale().toString(part.size / 1024, "f", 1)
        if part.kind is SentKind.GUARD:
            return self.tr("the guard line")
        if part.kind is SentKind.REPLAY:
            return self.tr("history replayed (%Ln turns, {size} KB)", "", part.turns).replace(
                "{size}", size
            )
        if part.kind is SentKind.REFERENCES:
            text = self.tr("text of {handles} ({size} KB)")
            return text.replace("{handles}", part.names).replace("{size}", size)
        if part.kind is SentKind.RECAP:
            return self.tr("a conversation to recap ({size} KB)").replace("{size}", size)
        text = self.tr("context of the bundle “{name}” ({size} KB)")
        return text.replace("{name}", part.names).replace("{size}", size)

    def clear_cache(self) -> None:
        self._docs.clear()
        self._html = {}

    def prepare(self, rows: Iterable[Row]) -> None:
        """Make the Markdown of prompts and replies about to be shown; safe on
        a worker thread (plain Python, no Qt). A long transcript's first screen
        otherwise renders its last rows' Markdown and code on the window's
        thread, in the same turn as it lays them out: the longest stall of
        opening it. Rows whose text is cut (its note is translated) are left.
        Their times are formatted here too (Qt's dates are reentrant): the first
        formatting loads the time zone and locale data, 5-12 ms that would
        otherwise stretch the first screen's paint past a frame."""
        theme, made = self.theme, {}
        for row in rows:
            format_time(row.message.timestamp)  # kept in its cache for the paint
            # a prompt's "sent with" line is in the window's language: made on its thread
            if (
                row.kind in (RowKind.PROMPT, RowKind.REPLY)
                and not row.message.sent_with
                and (len(row.message.text) <= render.MAX_MARKDOWN_CHARS)
            ):
                html = render.markdown_html(row.message.text, theme,
                                            prompt=row.kind is RowKind.PROMPT)  # fmt: skip
                made[(row.key, row.revision, row.expanded)] = (theme, html)
        self._html = made  # one store: the window's thread sees all of it or none

    # -- geometry --------------------------------------------------------------------

    @staticmethod
    def column(width: int) -> tuple[int, int]:
        """Left edge and width of the reading column inside a view `width` wide."""
        usable = max(120, width - 2 * MARGIN_X)
        inner = min(usable, MAX_COLUMN)
        return MARGIN_X + (usable - inner) // 2, inner

    def _body_width(self, row: Row, width: int) -> int:
        _, inner = self.column(width)
        inset = 2 * PAD + (2 * CARD_PAD if row.kind in COLLAPSIBLE else 0)
        return max(60, inner - inset)

    def _has_body(self, row: Row) -> bool:
        if row.kind in COLLAPSIBLE:
            return row.expanded
        return row.kind in (RowKind.PROMPT, RowKind.REPLY, RowKind.IMAGE)

    def _frame(self, row: Row, body: int) -> int:
        """Height of everything but the body document."""
        gap = row_gap(row)
        if row.kind is RowKind.DIVIDER:
            return gap + self.line + 2 * GAP + 6
        if row.kind is RowKind.NOTE:  # `body`: the lines its words wrap to after the first
            return gap + self.line + 2 + body
        if row.kind in COLLAPSIBLE:
            return gap + self.header + 2 * CARD_PAD + ((body + CARD_PAD) if body else 0)
        head = self.header if row.kind is RowKind.PROMPT or row.first_of_turn else 0
        head = 0 if row.kind is RowKind.IMAGE else head
        pad = PAD if row.kind in (RowKind.PROMPT, RowKind.IMAGE) else 2
        return gap + head + body + 2 * pad

    def estimate(self, row: Row, width: int) -> int:
        """A cheap guess: no document, just the text's size against the width."""
        if row.kind is RowKind.NOTE:
            return self._frame(row, self._note_more(row, width, exact=False))
        if not self._has_body(row):
            return self._frame(row, 0)
        if row.kind in COLLAPSIBLE:  # an open card is measured when opened; guess big
            return self._frame(row, 12 * self.line)
        if row.kind is RowKind.IMAGE:  # a thumbnail and its line
            return self._frame(row, THUMB.height() + 2 * self.line)
        per_line = max(10, int(self._body_width(row, width) / self.char_width))
        lines = row.breaks + 1 + row.chars // per_line
        return self._frame(row, int(lines * self.line * 1.15))

    def estimates(self, rows: list[Row], width: int) -> list[int]:
        """`estimate()` for many rows at once: the loop a 50,000-row load waits on."""
        per_line = max(10, int((self.column(width)[1] - 2 * PAD) / self.char_width))
        spacing = self.line * 1.15
        frames: dict[tuple[RowKind, bool], int] = {}
        out: list[int] = []
        append = out.append
        for row in rows:
            if row.kind in COLLAPSIBLE or row.kind is RowKind.IMAGE or row.kind is RowKind.NOTE:
                append(self.estimate(row, width))
                continue
            shape = (row.kind, row.first_of_turn)
            frame = frames.get(shape)
            if frame is None:
                frame = frames[shape] = self._frame(row, 0)
            if row.kind is RowKind.PROMPT or row.kind is RowKind.REPLY:
                append(frame + int((row.breaks + 1 + row.chars // per_line) * spacing))
            else:
                append(frame)
        return out

    def height(self, row: Row, width: int) -> int:
        """The exact height (lays the body out, so only for rows being shown)."""
        if row.kind is RowKind.NOTE:
            return self._frame(row, self._note_more(row, width, exact=True))
        if not self._has_body(row):
            return self._frame(row, 0)
        document = self.document(row, width)
        return self._frame(row, int(document.size().height() + 0.999))

    def _note_more(self, row: Row, width: int, *, exact: bool) -> int:
        """The height a note's words take below its first line."""
        lines = note_lines(self, row, self.column(width)[1], exact=exact)
        return (lines - 1) * self.small_line()

    def small_line(self) -> int:
        return QFontMetrics(self.small).lineSpacing()

    def document(self, row: Row, width: int) -> QTextDocument:
        key = (row.key, row.revision, row.expanded)
        document = self._docs.get(key)
        if document is None:
            document = self._build(row)
            self._docs[key] = document
            while len(self._docs) > CACHE_SIZE:
                self._docs.popitem(last=False)
        else:
            self._docs.move_to_end(key)
        body_width = self._body_width(row, width)
        if document.textWidth() != body_width:
            document.setTextWidth(body_width)
        return document

    def _build(self, row: Row) -> QTextDocument:
        self.documents_built += 1
        document = QTextDocument()
        document.setDocumentMargin(0)
        font = QFont(self.font)
        theme, labels, message = self.theme, self.labels, row.message
        if row.kind is RowKind.TOOL:
            html = cards.card_html(message, row.result, row.subagent, theme, labels)
        elif row.kind is RowKind.IMAGE and message.image is not None:
            html = image_html(document, message.image, f"{row.key}/{row.revision}", theme)
        elif row.kind is RowKind.RESULT:
            html = render.output_html(message.text, theme, labels, error=message.is_error)
        elif (made := self._html.pop((row.key, row.revision, row.expanded), None)) and (
            made[0] is theme
        ):
            html = made[1]
        else:
            html = render.markdown_html(message.text, theme, prompt=row.kind is RowKind.PROMPT,
                                        labels=labels)  # fmt: skip
            if row.kind is RowKind.THINKING:
                font.setItalic(True)
                html = f'<div style="color:{theme.muted}">{html}</div>'
            elif row.kind is RowKind.PROMPT and message.sent_with:
                html += render.sent_html(message.sent_with, theme, labels, row.expanded)
        document.setDefaultFont(font)
        document.setDefaultStyleSheet(render.STYLE_SHEET + render.inline_code_css(theme))
        document.setHtml(html)
        return document

    # -- painting --------------------------------------------------------------------

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        row = index.data(ROW_ROLE)
        width = option.rect.width() or 600  # type: ignore[attr-defined]
        return QSize(width, self.height(row, width))

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        selected = bool(option.state & QStyle.StateFlag.State_Selected)  # type: ignore[attr-defined]
        self.paint_row(painter, option.rect, index.data(ROW_ROLE), selected)  # type: ignore[attr-defined]

    def header_rect(self, row: Row, rect: QRect) -> QRect:
        """Where a click opens or closes a card (empty for rows that do not fold)."""
        if row.kind not in COLLAPSIBLE:
            return QRect()
        left, inner = self.column(rect.width())
        top = rect.top() + row_gap(row)
        return QRect(rect.left() + left + PAD, top, inner - 2 * PAD, self.header + 2 * CARD_PAD)

    def body_origin(self, row: Row, rect: QRect) -> QPointF:
        left, _ = self.column(rect.width())
        top = rect.top() + row_gap(row)
        if row.kind in COLLAPSIBLE:
            return QPointF(
                rect.left() + left + PAD + CARD_PAD, top + CARD_PAD + self.header + CARD_PAD
            )
        head = self.header if row.kind is RowKind.PROMPT or row.first_of_turn else 0
        head = 0 if row.kind is RowKind.IMAGE else head
        pad = PAD if row.kind in (RowKind.PROMPT, RowKind.IMAGE) else 2
        return QPointF(rect.left() + left + PAD, top + pad + head)

    def anchor_at(self, row: Row, rect: QRect, pos: QPointF) -> str:
        if not self._has_body(row):
            return ""
        document = self.document(row, rect.width())
        local = pos - self.body_origin(row, rect)
        return document.documentLayout().anchorAt(local)

    def paint_row(self, painter: QPainter, rect: QRect, row: Row, selected: bool = False) -> None:
        paint_row(self, painter, rect, row, selected)

    def paint_document(self, painter: QPainter, row: Row, rect: QRect, colour: QColor) -> None:
        document = self.document(row, rect.width())
        painter.save()
        painter.translate(self.body_origin(row, rect))
        context = QAbstractTextDocumentLayout.PaintContext()
        context.palette.setColor(QPalette.ColorRole.Text, colour)
        document.documentLayout().draw(painter, context)
        painter.restore()

    def chevron(self, open_: bool, size: float) -> QPainterPath:
        path = QPainterPath()
        if open_:
            path.moveTo(0, size * 0.25)
            path.lineTo(size, size * 0.25)
            path.lineTo(size / 2, size * 0.85)
        else:
            path.moveTo(size * 0.25, 0)
            path.lineTo(size * 0.85, size / 2)
            path.lineTo(size * 0.25, size)
        path.closeSubpath()
        return path

    @staticmethod
    def rect_f(rect: QRect) -> QRectF:
        return QRectF(rect)
