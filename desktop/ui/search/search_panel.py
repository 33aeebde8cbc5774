"""Search every session from the toolbar: a box, and ranked hits in a drop-down.

Typing searches after a short pause, in a worker thread (the index is SQLite
full-text search; Chinese and Japanese work because the store splits their
characters). Each hit shows the session's title, its account and project,
and the matching words in bold. Enter or a click opens the session at the
hit; Up and Down move through the hits without leaving the box.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import (
    QEvent,
    QPoint,
    QPointF,
    QRect,
    QRectF,
    QSize,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import (
    QColor,
    QFocusEvent,
    QIcon,
    QKeyEvent,
    QMoveEvent,
    QPainter,
    QPalette,
    QPen,
    QPixmap,
)
from PySide6.QtWidgets import (
    QFrame,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop.domain.sessions import SENT_WITH, SearchHit, is_under
from desktop.services.sessions import SessionService
from desktop.ui.common.background import Background
from desktop.ui.common.records import project_name

DEBOUNCE_MS = 200
Search = Callable[[str, str | None, int], list[SearchHit]]
"""(query, account or None, limit) -> hits, best first."""
LIMIT = 30
VISIBLE_HITS = 7


def search_icon(colour: QColor, size: int = 16) -> QIcon:
    """A magnifying glass, drawn rather than taken from a theme that may lack one."""
    pixmap = QPixmap(size * 2, size * 2)  # drawn at 2x, crisp on HiDPI screens
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    pen = QPen(colour, size * 0.19)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    painter.setPen(pen)
    lens = size * 1.1
    painter.drawEllipse(QRectF(size * 0.3, size * 0.3, lens, lens))
    handle = size * 0.3 + lens * 0.85
    painter.drawLine(QPointF(handle, handle), QPointF(size * 1.72, size * 1.72))
    painter.end()
    pixmap.setDevicePixelRatio(2.0)
    return QIcon(pixmap)


class SearchEdit(QLineEdit):
    """The search box: Up/Down, Enter and Escape drive the hits below it."""

    stepped = Signal(int)
    entered = Signal()
    escaped = Signal()
    focus_lost = Signal()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key in (Qt.Key.Key_Down, Qt.Key.Key_Up):
            self.stepped.emit(1 if key == Qt.Key.Key_Down else -1)
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.entered.emit()
        elif key == Qt.Key.Key_Escape:
            self.escaped.emit()
        else:
            super().keyPressEvent(event)

    def focusOutEvent(self, event: QFocusEvent) -> None:
        self.focus_lost.emit()
        super().focusOutEvent(event)


class SearchBar(QWidget):
    hit_chosen = Signal(object)
    """The SearchHit a person chose."""
    finished = Signal(int)
    """How many hits the last search found (for tests and the status bar)."""

    def __init__(
        self,
        sessions: SessionService,
        background: Background,
        overlay_parent: QWidget,
        parent: QWidget | None = None,
        *,
        search: Search | None = None,
    ) -> None:
        super().__init__(parent)
        self._sessions = sessions
        self._search: Search = search or sessions.search
        """Sessions' text only, or (the window's) conversations' names too."""
        self._background = background
        self._ticket = 0
        self._query = ""
        self._open_first = False
        self.edit = SearchEdit(self)
        self.edit.setObjectName("searchBox")
        self.edit.setClearButtonEnabled(True)
        self.edit.setMinimumWidth(360)
        colour = self.palette().color(QPalette.ColorRole.PlaceholderText)
        self.edit.addAction(search_icon(colour), QLineEdit.ActionPosition.LeadingPosition)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.edit)

        self._overlay_parent = overlay_parent
        self._drop_down: tuple[QFrame, QListWidget] | None = None
        """The drop-down of hits and its list, made at the first search."""

        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(DEBOUNCE_MS)
        self._timer.timeout.connect(self.search_now)
        self.edit.textChanged.connect(self._text_changed)
        self.edit.stepped.connect(self._step)
        self.edit.entered.connect(self._enter)
        self.edit.escaped.connect(self._hide_popup)
        self.edit.focus_lost.connect(self._focus_lost)
        self.retranslate_ui()

    @property
    def popup(self) -> QFrame:
        return self._made()[0]

    @property
    def results(self) -> QListWidget:
        return self._made()[1]

    def _made(self) -> tuple[QFrame, QListWidget]:
        if self._drop_down is None:  # not at the window's start: at the first search
            self._drop_down = self._make_popup()
        return self._drop_down

    def _make_popup(self) -> tuple[QFrame, QListWidget]:
        from desktop.ui.search.search_hits import HitDelegate

        popup = QFrame(self._overlay_parent)
        popup.setObjectName("searchPopup")
        popup.setFrameShape(QFrame.Shape.StyledPanel)
        popup.setStyleSheet(
            "QFrame#searchPopup { background: palette(base); border: 1px solid palette(mid);"
            " border-radius: 6px; }"
        )
        results = QListWidget(popup)
        results.setObjectName("searchResults")
        results.setFrameShape(QFrame.Shape.NoFrame)
        results.setItemDelegate(HitDelegate(results))
        results.setVerticalScrollMode(QListWidget.ScrollMode.ScrollPerPixel)
        results.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # typing stays in the box
        results.itemClicked.connect(self._choose_item)
        popup_layout = QVBoxLayout(popup)
        popup_layout.setContentsMargins(1, 1, 1, 1)
        popup_layout.addWidget(results)
        popup.hide()
        return popup, results

    def popup_made(self) -> bool:
        return self._drop_down is not None

    def _hide_popup(self) -> None:
        if self._drop_down is not None:
            self.popup.hide()

    def _hit_count(self) -> int:
        return self.results.count() if self._drop_down is not None else 0

    def retranslate_ui(self) -> None:
        self.edit.setPlaceholderText(self.tr("Search all sessions (Ctrl+K)"))
        self.edit.setAccessibleName(self.tr("Search all sessions"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def focus(self) -> None:
        self.edit.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.edit.selectAll()
        if self._hit_count():
            self._show_popup()

    def hits(self) -> list[SearchHit]:
        from desktop.ui.search.search_hits import HIT_ROLE

        return [h for i in range(self._hit_count()) if (h := self.results.item(i).data(HIT_ROLE))]

    # -- searching -----------------------------------------------------------------------

    def _text_changed(self, text: str) -> None:
        if text.strip():
            self._timer.start()
        else:
            self._timer.stop()
            self._background.cancel(self._ticket)
            if self._drop_down is not None:
                self.results.clear()
            self._hide_popup()

    def search_now(self) -> None:
        query = self.edit.text().strip()
        if not query:
            return
        self._query = query
        sessions, search = self._sessions, self._search

        def work() -> list[SearchHit]:
            roots = sessions.roots()
            hits = search(query, None, LIMIT)
            return [h for h in hits if not roots or any(is_under(h.cwd, r) for r in roots)]

        self._background.cancel(self._ticket)
        self._ticket = self._background.submit(
            work, self._show_hits, lambda e: self._show_message(str(e))
        )

    def _show_hits(self, hits: list[SearchHit]) -> None:
        from desktop.ui.search.search_hits import HIT_ROLE, HTML_ROLE

        self.results.clear()
        for hit in hits:
            item = QListWidgetItem()
            item.setData(HIT_ROLE, hit)
            item.setData(HTML_ROLE, self._hit_html(hit))
            self.results.addItem(item)
        if hits:
            self.results.setCurrentRow(0)
        else:
            self._show_message(self.tr("No session mentions “{query}”.").format(query=self._query))
        self._show_popup()
        self.finished.emit(len(hits))
        if hits and self._open_first:
            self.choose(0)
        self._open_first = False

    def _hit_html(self, hit: SearchHit) -> str:
        import html  # with the first hits: its import is ~5 ms of the window's start

        from desktop.ui.search.search_hits import marked_html

        muted = self.palette().color(QPalette.ColorRole.PlaceholderText).name()
        title = html.escape(hit.title or self.tr("(untitled)"))
        where = html.escape("  ·  ".join(p for p in (hit.account, project_name(hit.cwd)) if p))
        snippet = marked_html(hit.snippet, self._query)
        if hit.role == SENT_WITH:  # found in a reference's text, not the person's words
            label = html.escape(self.tr("in text sent with the turn:"))
            snippet = f"<i style='color:{muted}'>{label}</i> {snippet}"
        return f"<b>{title}</b> <span style='color:{muted}'>&nbsp;{where}</span><br>{snippet}"

    def _show_message(self, text: str) -> None:
        import html

        from desktop.ui.search.search_hits import HTML_ROLE

        self.results.clear()
        item = QListWidgetItem()
        item.setData(HTML_ROLE, f"<i>{html.escape(text)}</i>")
        item.setFlags(Qt.ItemFlag.NoItemFlags)
        self.results.addItem(item)
        self._show_popup()

    def _show_popup(self) -> None:
        window = self.popup.parentWidget()
        corner = self.edit.mapTo(window, QPoint(0, self.edit.height() + 4))
        width = min(max(self.edit.width(), 560), window.width() - corner.x() - 8)
        self.popup.setGeometry(QRect(corner, QSize(width, self.popup.height())))
        self.popup.layout().activate()  # the list gets its width before rows are measured
        self.results.doItemsLayout()
        shown = min(self.results.count(), VISIBLE_HITS)
        rows = sum(self.results.sizeHintForRow(i) for i in range(shown))
        self.popup.setGeometry(QRect(corner, QSize(width, rows + 4)))
        self.popup.show()
        self.popup.raise_()

    # -- choosing -------------------------------------------------------------------------

    def _choose_item(self, item: QListWidgetItem | None) -> None:
        from desktop.ui.search.search_hits import HIT_ROLE

        hit = item.data(HIT_ROLE) if item is not None else None
        if hit is None:
            return
        self.popup.hide()
        self.hit_chosen.emit(hit)

    def choose(self, row: int = -1) -> None:
        self._choose_item(self.results.item(row if row >= 0 else max(0, self.results.currentRow())))

    def moveEvent(self, event: QMoveEvent) -> None:
        # the window was resized and the box moved: the drop-down would hang in the air
        self._hide_popup()
        super().moveEvent(event)

    def _step(self, step: int) -> None:
        if self._hit_count():
            row = max(0, min(self.results.count() - 1, self.results.currentRow() + step))
            self.results.setCurrentRow(row)
            self._show_popup()

    def _enter(self) -> None:
        if self._timer.isActive():  # Enter before the pause ended: search, then open
            self._timer.stop()
            self._open_first = True
            self.search_now()
        else:
            self.choose()

    def _focus_lost(self) -> None:
        # a click on a hit takes the focus first: give it the time to land
        QTimer.singleShot(150, self, self._hide_unless_focused)

    def _hide_unless_focused(self) -> None:
        if not self.edit.hasFocus():
            self._hide_popup()
