"""Where a person sees that runs are going: a badge in the session list, a status-bar count.

The badge is drawn by a delegate on the list's title column, so the list's
model stays a plain mirror of the index: a spinning arc for a session whose
run streams, an amber mark for one that waits for a permission answer.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum

from PySide6.QtCore import (
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QPoint,
    QRect,
    QRectF,
    Qt,
    QTimer,
)
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QLabel,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

from desktop.domain.changes import OpChanges, RunEvent
from desktop.ui.common.changes import Changes
from desktop.ui.common.records import key_of
from desktop.ui.runs.run_controller import Key, LiveRun, RunController
from desktop.ui.sessions.session_model import RECORD_ROLE

BADGE = 14
SPIN_MS = 125
"""A spinner step: smooth enough to read as motion, rare enough to cost nothing
(eight steps of 45° make a turn a second, as twelve of 90 ms nearly did)."""
STEPS = 8


def badge_rect(cell: QRect) -> QRect:
    """Where a cell's badge sits: its right end, the text's room left of it."""
    return QRect(cell.right() - BADGE - 5, cell.top(), BADGE + 6, cell.height())


BADGE_EVENTS = frozenset({RunEvent.STARTED, RunEvent.BOUND, RunEvent.NEEDS_ANSWER,
                          RunEvent.ANSWERED, RunEvent.ENDED})  # fmt: skip
"""The steps of a run that change a badge or the status bar's count."""


class Badge(StrEnum):
    RUNNING = "running"
    ATTENTION = "attention"


def badge_for(runs: list[LiveRun], key: Key) -> Badge | None:
    """The badge a session gets from the runs streaming into it."""
    mine = [r for r in runs if r.streaming and r.key == key]
    if any(r.needs_answer for r in mine):
        return Badge.ATTENTION
    return Badge.RUNNING if mine else None


class RunBadgeDelegate(QStyledItemDelegate):
    """Paints a list row as usual, leaving room at its right end for a run badge."""

    def __init__(self, badge: Callable[[Key], Badge | None], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._badge = badge
        self.step = 0

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        record = index.data(RECORD_ROLE)
        badge = self._badge(key_of(record)) if record is not None else None
        if badge is None:
            super().paint(painter, option, index)
            return
        opt = QStyleOptionViewItem(option)
        text = opt.rect.adjusted(0, 0, -(BADGE + 8), 0)  # type: ignore[attr-defined]
        exposed = self._text_exposed(painter, text)
        if exposed:  # the model's roles (text, icon, font) matter only to the text
            self.initStyleOption(opt, index)
        widget = opt.widget  # type: ignore[attr-defined]
        style = widget.style() if widget is not None else QApplication.style()
        # the row's background first, across the whole cell; then the text, narrower
        style.drawPrimitive(QStyle.PrimitiveElement.PE_PanelItemViewItem, opt, painter, widget)
        full = QRectF(opt.rect)  # type: ignore[attr-defined]
        if exposed:
            opt.rect = text  # type: ignore[attr-defined]
            style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, widget)
        box = QRectF(full.right() - BADGE - 4, full.center().y() - BADGE / 2, BADGE, BADGE)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if badge is Badge.ATTENTION:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor("#F59E0B"))
            painter.drawEllipse(box)
            font = QFont(opt.font)  # type: ignore[attr-defined]
            font.setBold(True)
            font.setPixelSize(BADGE - 3)
            painter.setFont(font)
            painter.setPen(QColor("white"))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, "!")
        else:
            pen = QPen(QColor("#2563EB"), 2.2)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            painter.setPen(pen)
            start = -(self.step % STEPS) * (360 // STEPS) * 16
            painter.drawArc(box.adjusted(2, 2, -2, -2), start, 270 * 16)
        painter.restore()

    @staticmethod
    def _text_exposed(painter: QPainter, text: QRect) -> bool:
        """Whether this paint reaches the row's text: a spinner step repaints only the
        badges, and laying the text out again for them was most of a step's cost. The
        region being painted is known in the device's coordinates (the window's)."""
        engine = painter.paintEngine()
        exposed = engine.systemClip() if engine is not None else None
        if exposed is None or exposed.isEmpty():
            return True  # a grab or a print: no region, paint everything
        return exposed.intersects(painter.deviceTransform().mapRect(text))


class RunIndicator(QObject):
    """Keeps the list's badges spinning and the status-bar count true."""

    def __init__(
        self,
        controller: RunController,
        changes: Changes,
        view: QAbstractItemView,
        column: int,
        label: QLabel,
        hold: Callable[[set[Key]], None],
    ) -> None:
        super().__init__(view)
        self._controller = controller
        self._view = view
        self.label = label
        self._column = column
        self._hold = hold
        """Tells the list which rows keep their place: those whose run streams."""
        self._badges: dict[Key, Badge | None] = {}
        """Each streaming session's badge as last painted."""
        self.delegate = RunBadgeDelegate(self.badge, view)
        view.setItemDelegateForColumn(column, self.delegate)
        self._timer = QTimer(self)
        self._timer.setInterval(SPIN_MS)
        self._timer.timeout.connect(self._spin)
        changes.changed.connect(self._changed)
        self.refresh()

    def _changed(self, changes: OpChanges) -> None:
        # not at every status or reply: each refresh repaints the list's rows on screen
        if not changes.run_events.isdisjoint(BADGE_EVENTS):
            self.refresh()

    def badge(self, key: Key) -> Badge | None:
        return badge_for(self._controller.runs, key)

    def summary(self) -> str:
        """'2 runs streaming · 1 waits for you', or '' when nothing runs."""
        streaming = self._controller.streaming()
        if not streaming:
            return ""
        text = self.tr("%Ln runs streaming", "", len(streaming))
        waiting = sum(1 for live in streaming if live.needs_answer)
        if waiting:
            text += " · " + self.tr("%Ln waiting for permission", "", waiting)
        return text

    def refresh(self, *_args: object) -> None:
        badges = {key: self.badge(key) for key in self._keys()}
        self._hold(set(badges))
        text = self.summary()
        self.label.setText(text)
        self.label.setVisible(bool(text))
        if self._controller.streaming():
            if not self._timer.isActive():
                self._timer.start()
        else:
            self._timer.stop()
        # only the rows whose badge came, went or changed: the whole list repainted at
        # each run's start and end was 15-35 ms with a screenful of rows (2,000 listed)
        changed = {k for k in badges.keys() | self._badges.keys()
                   if badges.get(k) != self._badges.get(k)}  # fmt: skip
        self._badges = badges
        self._update_rows(changed, whole=True)

    def _keys(self) -> set[Key]:
        return {live.key for live in self._controller.streaming() if live.key is not None}

    def _spin(self) -> None:
        """The next spinner step: only the badges on screen are painted again (painting the
        whole list ten times a second cost the window a frame with five runs, and
        whole rows still cost it 6 % of its time)."""
        self.delegate.step += 1
        self._update_rows(self._keys(), whole=False)

    def _update_rows(self, keys: set[Key], *, whole: bool) -> None:
        """Repaint the badge (or, `whole`, the title) of the rows on screen with these keys."""
        view, model = self._view, self._view.model()
        viewport = view.viewport()
        first = view.indexAt(QPoint(0, 0))
        if not keys or model is None or not first.isValid():
            return
        last = view.indexAt(QPoint(0, viewport.height() - 1))
        end = last.row() if last.isValid() else model.rowCount() - 1
        for row in range(first.row(), end + 1):
            index = model.index(row, self._column)
            record = index.data(RECORD_ROLE)
            if record is not None and key_of(record) in keys:
                cell = view.visualRect(index)
                viewport.update(cell if whole else badge_rect(cell))


def status_label(parent: QWidget) -> QLabel:
    label = QLabel(parent)
    label.setObjectName("runSummary")
    label.setContentsMargins(12, 0, 0, 0)  # apart from the account count beside it
    label.hide()
    return label
