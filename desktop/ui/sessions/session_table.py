"""The session list's view: a table, one row a session, that moves by rows as a list does.

A table and not a tree: a tree lays out every row again whenever a row comes,
goes or moves, and with a Python model each row of that layout is calls into
Python (~20 ms for 2,000 sessions, each time a new run's session was listed);
a table's rows are sections of its vertical header, laid out in C++ alone.

It keeps what the list had as a tree: rows of one height, chosen whole, keys
that move between rows (Home and End go to the first and last session, Left
and Right do not walk the cells), Tab leaving for the transcript, and no
frame around the one cell that holds the keyboard's place (the list's style
sheet draws none; the chosen row's colour says where it is).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QModelIndex, Qt
from PySide6.QtWidgets import QAbstractItemView, QFrame, QHeaderView, QTableView, QWidget

ROW_PADDING = 10
"""Above and below a row's text together (px): the height the tree's rows had."""


class SessionTable(QTableView):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("sessionTable")
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setShowGrid(False)
        self.setWordWrap(False)
        self.setTabKeyNavigation(False)  # Tab goes on to the transcript
        self.setCornerButtonEnabled(False)
        self.setTextElideMode(Qt.TextElideMode.ElideRight)
        # the tree's heads: left, and not bold for the columns of the chosen row
        heads = self.horizontalHeader()
        heads.setHighlightSections(False)
        heads.setDefaultAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        rows = self.verticalHeader()
        rows.hide()
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self._fit_rows()

    def _fit_rows(self) -> None:
        self.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + ROW_PADDING)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.FontChange:
            self._fit_rows()
        super().changeEvent(event)

    def moveCursor(
        self, cursorAction: QAbstractItemView.CursorAction, modifiers: Qt.KeyboardModifier
    ) -> QModelIndex:
        action = QAbstractItemView.CursorAction
        current = self.currentIndex()
        model = self.model()
        if cursorAction in (action.MoveLeft, action.MoveRight):
            return current  # a list: the keys move between rows only
        if model is not None and cursorAction in (action.MoveHome, action.MoveEnd):
            row = 0 if cursorAction is action.MoveHome else model.rowCount() - 1
            return model.index(row, max(current.column(), 0))
        return super().moveCursor(cursorAction, modifiers)
