"""A virtualised, variable-height list of transcript rows.

QListView lays out every row before it shows one, which for a 50,000-message
session means 50,000 rich-text layouts. This view paints only the rows in the
viewport; `RowLayout` keeps their heights (guessed until a row is first shown,
then measured) and the scroll anchor, so the text under the reader never jumps.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QModelIndex, QPoint, QPointF, QRect, Qt, QUrl, Signal
from PySide6.QtGui import (
    QContextMenuEvent,
    QDesktopServices,
    QGuiApplication,
    QKeyEvent,
    QKeySequence,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QResizeEvent,
)
from PySide6.QtWidgets import QAbstractScrollArea, QFrame, QToolTip, QWidget

from desktop.domain.references import number_of_link
from desktop.ui.transcript.context_menu import message_menu
from desktop.ui.transcript.transcript_delegate import TranscriptDelegate
from desktop.ui.transcript.transcript_layout import RowLayout
from desktop.ui.transcript.transcript_model import TranscriptModel
from desktop.ui.transcript.transcript_paint import format_time
from desktop.ui.transcript.transcript_render import SENT_LINK
from desktop.ui.transcript.transcript_rows import COLLAPSIBLE


class TranscriptView(QAbstractScrollArea):
    link_activated = Signal(str)
    rerun_requested = Signal(object)
    rows_painted = Signal()
    """A paint that drew rows is over."""
    """"Edit & Re-run from Here" on a prompt: its `Message`."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("transcriptView")
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.viewport().setMouseTracking(True)
        self.viewport().setBackgroundRole(QPalette.ColorRole.Base)
        self.viewport().setAutoFillBackground(True)
        self.delegate = TranscriptDelegate(self)
        self.delegate.configure(self.palette(), self.font())
        self.delegate.retranslate()
        self._name()
        self._model: TranscriptModel | None = None
        self.layout_ = RowLayout(self._measure)
        self._width = 0
        self._selection: tuple[int, int] | None = None
        self._current = -1
        self.painted: range = range(0)
        """The rows drawn by the last paint, for tests and for keyboard moves."""
        self.painted_area = QRect()
        """What the last paint drew (for tests: a growing reply repaints only itself)."""
        self._on_screen: dict[int, int] | None = None
        """Each row's top as the viewport's pixels show it (None: not known)."""
        self.paints = 0
        self.follow_tail = True
        """Stick to the bottom as rows arrive while the reader is at the bottom."""
        self.verticalScrollBar().valueChanged.connect(self._scrolled)

    # -- the model -------------------------------------------------------------------

    def model(self) -> TranscriptModel | None:
        return self._model

    def setModel(self, model: TranscriptModel) -> None:
        self._model = model
        model.modelReset.connect(self._reset)
        model.rowsInserted.connect(self._inserted)
        model.rowsRemoved.connect(self._removed)
        model.dataChanged.connect(self._data_changed)
        self._reset()

    def _guesses(self, first: int = 0, last: int | None = None) -> list[int]:
        if self._model is None:
            return []
        rows = self._model.rows(first, None if last is None else last + 1)
        return self.delegate.estimates(rows, self._width)

    def _measure(self, number: int) -> int:
        assert self._model is not None
        return self.delegate.height(self._model.row(number), self._width)

    def _reset(self) -> None:
        self._selection, self._current, self._on_screen = None, -1, None
        self._width = self.viewport().width()
        self.layout_.reset(self._guesses())
        self._refresh_scrollbar()

    def _inserted(self, _parent: QModelIndex, first: int, last: int) -> None:
        at_end = self.is_at_bottom()
        # rows that go above the first one shown change nothing in sight (the view
        # keeps its place): only the scroll bar moves. A long transcript's beginning
        # arrives that way, in many slices
        above = first <= self.layout_.anchor and first < len(self.layout_)
        self.layout_.insert(first, self._guesses(first, last))
        count = last - first + 1

        def shifted(row: int) -> int:
            return row + count if row >= first else row

        if self._selection is not None:  # rows that arrive keep the reader's selection
            self._selection = (shifted(self._selection[0]), shifted(self._selection[1]))
        self._current = shifted(self._current) if self._current >= 0 else -1
        if at_end and self.follow_tail and last == len(self.layout_) - 1:
            self._follow_tail(first)
            return
        self._on_screen = None  # the rows shown may have new numbers
        if at_end and self.follow_tail:
            self.layout_.scroll_to_end(self.viewport().height())
        self._refresh_scrollbar(repaint=not above)

    def _removed(self, _parent: QModelIndex, first: int, last: int) -> None:
        self.layout_.remove(first, last)
        self._selection, self._current, self._on_screen = None, -1, None
        self._refresh_scrollbar()

    def _data_changed(self, top: QModelIndex, bottom: QModelIndex, _roles: object = None) -> None:
        at_end = self.is_at_bottom()
        self.layout_.invalidate(top.row(), bottom.row())
        if at_end and self.follow_tail and bottom.row() == len(self.layout_) - 1:
            self._follow_tail(top.row())  # a reply still streaming in keeps its end in view
        else:
            self.viewport().update()

    # -- geometry --------------------------------------------------------------------

    def _refresh_scrollbar(self, *, repaint: bool = True) -> None:
        bar = self.verticalScrollBar()
        visible = self.viewport().height()
        blocked = bar.blockSignals(True)
        bar.setRange(0, max(0, self.layout_.total() - visible))
        bar.setPageStep(visible)
        bar.setSingleStep(max(12, self.delegate.line * 3))
        bar.setValue(self.layout_.value())
        bar.blockSignals(blocked)
        if repaint:
            self.viewport().update()

    def _follow_tail(self, first: int) -> None:
        """Rows from `first` to the end changed (a reply streaming in) while the reader
        follows the end: the rows above move up as they are drawn, and only the changed
        rows are painted again. Repainting every row in sight at each flush was the
        window's largest paint while runs streamed (8 a second, 1.9 Mpx/s)."""
        visible = self.viewport().height()
        self.layout_.scroll_to_end(visible)
        self._refresh_scrollbar(repaint=False)
        now = {number: top for number, top, _height in self.layout_.rows(visible)}
        before = self._on_screen or {}
        moves = {top - before[n] for n, top in now.items() if n < first and n in before}
        if len(moves) != 1:  # nothing above the change stays in sight: paint it all
            self._on_screen = None
            self.viewport().update()
            return
        (move,) = moves
        if move:
            self.viewport().scroll(0, move)  # the pixels, and any update still pending
        changed = min((top for n, top in now.items() if n >= first), default=visible)
        self.viewport().update(QRect(0, changed, self.viewport().width(), visible - changed))
        self._on_screen = now

    def _scrolled(self, value: int) -> None:
        self.layout_.scroll_to(value)
        self.viewport().update()

    def row_at(self, y: int) -> tuple[int, QRect]:
        """The row under viewport position `y` and its rectangle, or (-1, empty)."""
        for number, top, height in self.layout_.rows(self.viewport().height()):
            if top <= y < top + height:
                return number, QRect(0, top, self.viewport().width(), height)
        return -1, QRect()

    def visual_rect(self, number: int) -> QRect:
        """Where row `number` is drawn now (empty when it is off screen)."""
        for current, top, height in self.layout_.rows(self.viewport().height()):
            if current == number:
                return QRect(0, top, self.viewport().width(), height)
        return QRect()

    def is_at_bottom(self) -> bool:
        bar = self.verticalScrollBar()
        return bar.value() >= bar.maximum() - 2

    def scroll_to_row(self, number: int) -> None:
        if 0 <= number < len(self.layout_):
            self.layout_.scroll_to_row(number)
            self.layout_.fill(self.viewport().height())
            self._refresh_scrollbar()

    def scroll_to_bottom(self) -> None:
        self.layout_.scroll_to_end(self.viewport().height())
        self._refresh_scrollbar()

    # -- painting ----------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        if self._model is None or not len(self.layout_):
            return
        visible = self.viewport().height()
        self.layout_.fill(visible)
        drawn: list[int] = []
        tops: dict[int, int] = {}
        with QPainter(self.viewport()) as painter:  # ended even when a row's paint raises
            for number, top, height in self.layout_.rows(visible):
                rect = QRect(0, top, self.viewport().width(), height)
                if rect.intersects(event.rect()):
                    row = self._model.row(number)
                    self.delegate.paint_row(painter, rect, row, self.is_selected(number))
                drawn.append(number)
                tops[number] = top
        self.painted = range(drawn[0], drawn[-1] + 1) if drawn else range(0)
        self.painted_area = event.rect()
        self._on_screen = tops
        self.paints += 1
        if self.layout_.changed():  # measuring changed the total: the scroll bar follows
            self._refresh_scrollbar()
        if drawn:
            self.rows_painted.emit()

    def resizeEvent(self, event: QResizeEvent) -> None:
        # the end in sight stays in sight (a banner that appears above shrinks the view)
        at_end = self.follow_tail and len(self.layout_) > 0 and self.is_at_bottom()
        super().resizeEvent(event)
        if self.viewport().width() != self._width:
            self._width = self.viewport().width()
            self.layout_.rescale(self._guesses())
        if at_end:
            self.layout_.scroll_to_end(self.viewport().height())
        self._refresh_scrollbar()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.FontChange):
            self.delegate.configure(self.palette(), self.font())
            self.layout_.rescale(self._guesses())
            self._refresh_scrollbar()
        elif event.type() == QEvent.Type.LanguageChange:
            self.delegate.retranslate()
            self._name()
            self.viewport().update()
        super().changeEvent(event)

    def _name(self) -> None:
        # the rows are painted, not widgets: say what the view holds and how to use it
        self.setAccessibleName(self.tr("Transcript"))
        self.setAccessibleDescription(
            self.tr("The messages of the selected session; Ctrl+C copies the selected ones")
        )

    # -- selection, keys and mouse ----------------------------------------------------------------

    def is_selected(self, number: int) -> bool:
        if self._selection is None:
            return False
        low, high = sorted(self._selection)
        return low <= number <= high

    def selected_rows(self) -> list[int]:
        if self._selection is None:
            return []
        low, high = sorted(self._selection)
        return list(range(low, high + 1))

    def select_row(self, number: int, *, extend: bool = False, scroll: bool = True) -> None:
        if not 0 <= number < len(self.layout_):
            return
        start = self._selection[0] if extend and self._selection else number
        self._selection, self._current = (start, number), number
        if scroll and number not in self.painted[:-1]:
            self.scroll_to_row(number)
        self.viewport().update()

    def copy_selection(self) -> str:
        text = self._model.text_of(self.selected_rows()) if self._model else ""
        if text:
            QGuiApplication.clipboard().setText(text)
        return text

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        number, _rect = self.row_at(event.pos().y())
        if self._model is None or number < 0:
            return
        if not self.is_selected(number):
            self.select_row(number, scroll=False)
        self.menu = message_menu(
            self._model, self.selected_rows(), number, self, self.rerun_requested.emit
        )
        self.menu.popup(event.globalPos())

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key, count = event.key(), len(self.layout_)
        shift = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        if event.matches(QKeySequence.StandardKey.Copy):
            self.copy_selection()
        elif event.matches(QKeySequence.StandardKey.SelectAll) and count:
            self._selection, self._current = (0, count - 1), count - 1
            self.viewport().update()
        elif key in (Qt.Key.Key_Down, Qt.Key.Key_Up) and count:
            step = 1 if key == Qt.Key.Key_Down else -1
            start = self._current if self._current >= 0 else self.layout_.anchor - step
            self.select_row(max(0, min(count - 1, start + step)), extend=shift)
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space) and self._current >= 0:
            if self._model is not None and self._model.is_collapsible(self._current):
                self._model.toggle(self._current)
        elif key == Qt.Key.Key_Home:
            self.scroll_to_row(0)
        elif key == Qt.Key.Key_End:
            self.scroll_to_bottom()
        else:
            super().keyPressEvent(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.setFocus(Qt.FocusReason.MouseFocusReason)
        number, rect = self.row_at(int(event.position().y()))
        if number < 0 or self._model is None or event.button() != Qt.MouseButton.LeftButton:
            return super().mousePressEvent(event)
        row = self._model.row(number)
        point = event.position().toPoint()
        if row.kind in COLLAPSIBLE and self.delegate.header_rect(row, rect).contains(point):
            self._model.toggle(number)
        else:
            link = self.delegate.anchor_at(row, rect, QPointF(event.position()))
            if link == SENT_LINK:  # the prompt's "sent with this turn" line
                self._model.toggle(number)
                return None
            if number_of_link(link) is not None:  # [[SESS-042]]: the window opens it
                self.link_activated.emit(link)
                return None
            if link.lower().startswith(("http://", "https://")):
                self.link_activated.emit(link)
                QDesktopServices.openUrl(QUrl(link))
                return None
        shift = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        self.select_row(number, extend=shift, scroll=False)
        return None

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        number, rect = self.row_at(int(event.position().y()))
        pointing = False
        if number >= 0 and self._model is not None:
            row = self._model.row(number)
            pointing = self.delegate.header_rect(row, rect).contains(
                event.position().toPoint()
            ) or bool(self.delegate.anchor_at(row, rect, QPointF(event.position())))
        shape = Qt.CursorShape.PointingHandCursor if pointing else Qt.CursorShape.ArrowCursor
        self.viewport().setCursor(shape)
        super().mouseMoveEvent(event)

    def viewportEvent(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and self._model is not None:
            pos: QPoint = event.pos()  # type: ignore[attr-defined]
            number, _rect = self.row_at(pos.y())
            if number >= 0:
                row = self._model.row(number)
                _short, full = format_time(row.message.timestamp)
                link = self.delegate.anchor_at(row, _rect, QPointF(pos))
                if link == SENT_LINK:
                    link = self.tr("Show or hide what Sessiondesk sent to Claude with these words")
                tip = link or full
                if tip:
                    QToolTip.showText(event.globalPos(), tip, self)  # type: ignore[attr-defined]
                    return True
            QToolTip.hideText()
            return True
        return super().viewportEvent(event)
