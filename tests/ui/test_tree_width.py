"""The execution tree at the default window width: 20 turns and three
branches (a fork, a re-run, a switch) read whole — each continue the next
row, not the next depth, and no label cut."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication, QTreeView

from desktop.ui.shell.window_state import DEFAULT_SIZE
from tests.tree_kit import twenty_turns_three_branches

pytestmark = pytest.mark.gui
SHOTS = Path(os.environ.get("SESSIONDESK_SHOTS", "/tmp/tree-shots"))


def depth_of(index: QModelIndex) -> int:
    depth = 0
    while index.parent().isValid():
        index, depth = index.parent(), depth + 1
    return depth


def cut(tree: QTreeView, index: QModelIndex) -> bool:
    """The node's text does not fit its cell: the view elides it."""
    text = str(index.data(Qt.ItemDataRole.DisplayRole))
    font = index.data(Qt.ItemDataRole.FontRole) or tree.font()
    margin = 2 * (tree.style().pixelMetric(tree.style().PixelMetric.PM_FocusFrameHMargin) + 1)
    return QFontMetrics(font).horizontalAdvance(text) + margin > tree.visualRect(index).width()


def test_twenty_turns_and_three_branches_read_whole_at_the_default_width(
    hub, open_window, qtbot
) -> None:  # fmt: skip
    book, _named = twenty_turns_three_branches()
    window = open_window(hub)
    window.resize(DEFAULT_SIZE)
    window.default_layout()  # the offscreen screen is smaller than the default window
    pane = window.conversation
    qtbot.wait(200)  # the window's first reads (an empty pane) come before the tree below
    qtbot.waitUntil(lambda: not pane.reader.busy())
    pane.body.setVisible(True)
    pane.empty_label.setVisible(False)
    pane.model.fill(book.tree())
    pane.tree.expandAll()
    QApplication.processEvents()
    pane.tree_control.fit_columns()
    assert len(pane.model.executions()) == len(book.executions)
    SHOTS.mkdir(parents=True, exist_ok=True)
    window.grab().save(str(SHOTS / "tree-twenty-window.png"))
    pane.tree.grab().save(str(SHOTS / "tree-twenty.png"))
    indexes = [pane.model.index_of(e.id) for e in book.executions]
    assert max(depth_of(i) for i in indexes) <= 3 + 1
    assert [i.data() for i in indexes if cut(pane.tree, i)] == []
    # and in Spanish and Chinese (the pane reads its tree again after a change)
    for code in ("es", "zh_CN"):
        window.commands.languages[code].trigger()
        qtbot.wait(200)
        qtbot.waitUntil(lambda: not pane.reader.busy())
        pane.model.fill(book.tree())
        pane.tree.expandAll()
        QApplication.processEvents()
        pane.tree_control.fit_columns()
        pane.tree.grab().save(str(SHOTS / f"tree-twenty-{code}.png"))
        shown = [pane.model.index_of(e.id) for e in book.executions]
        assert shown[0].data() != "new · fresh", code
        assert [i.data() for i in shown if cut(pane.tree, i)] == [], code
    window.commands.languages["en"].trigger()
