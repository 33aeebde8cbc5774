"""The execution tree's columns in a narrow pane: the node's label comes
first. Columns give way one by one (start time, tokens, account) until the
widest label fits its cell; the status is a coloured dot, its word in the
tooltip, so it takes no more room than its icon."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QTreeView

from desktop.ui.conversations.tree_model import ACCOUNT, NODE, TIME, TOKENS

GIVE_WAY = (TIME, TOKENS, ACCOUNT)
"""In this order: what a person misses least first."""
INDENT = 12
"""Pixels a branch is indented: enough to see, little enough to keep labels whole."""


def label_width(tree: QTreeView, index: QModelIndex, depth: int) -> int:
    """What a node's label needs, its indentation and the branch mark included."""
    font = index.data(Qt.ItemDataRole.FontRole) or tree.font()
    text = str(index.data(Qt.ItemDataRole.DisplayRole) or "")
    style = tree.style()
    margin = 2 * (style.pixelMetric(style.PixelMetric.PM_FocusFrameHMargin, None, tree) + 1)
    return QFontMetrics(font).horizontalAdvance(text) + margin + tree.indentation() * (depth + 1)


def widest_label(tree: QTreeView) -> int:
    model = tree.model()
    widest = 0
    stack = [(QModelIndex(), -1)]
    while stack:
        parent, depth = stack.pop()
        for row in range(model.rowCount(parent)):
            index = model.index(row, NODE, parent)
            widest = max(widest, label_width(tree, index, depth + 1))
            stack.append((index, depth + 1))
    return widest


def fit_columns(tree: QTreeView, *, accounts: bool) -> None:
    """Columns as wide as their values; then, while the widest label does not
    fit, the next column in `GIVE_WAY` is hidden. `accounts`: the tree has
    more than one account, so its column is worth showing."""
    header = tree.header()
    if tree.indentation() != INDENT:
        tree.setIndentation(INDENT)
    for column in GIVE_WAY:
        tree.setColumnHidden(column, column == ACCOUNT and not accounts)
    for column in range(1, header.count()):
        tree.resizeColumnToContents(column)
    need = widest_label(tree)
    for column in GIVE_WAY:
        others = sum(header.sectionSize(c) for c in range(1, header.count())
                     if not header.isSectionHidden(c))  # fmt: skip
        if tree.viewport().width() - others >= need:
            return
        tree.setColumnHidden(column, True)
