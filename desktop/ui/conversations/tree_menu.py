"""The execution tree's node menu and what keeps two chosen nodes chosen.

Two turns are compared from anywhere in the tree, whatever session each is
in: "Compare with ▸" on a node lists every other node, and a Ctrl+click
selection survives the tree's re-read when choosing a node of another
session shows that session."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import QCoreApplication, QModelIndex, QPoint
from PySide6.QtGui import QAction, QGuiApplication
from PySide6.QtWidgets import QMenu, QTreeView, QWidget

from desktop.domain.conversations import Execution
from desktop.domain.transcript_text import shorten
from desktop.ui.conversations.tree_labels import session_line
from desktop.ui.conversations.tree_model import LABEL_ROLE, NODE, ExecutionTreeModel

PROMPT_CHARS = 40


def node_entry(model: ExecutionTreeModel, execution: Execution) -> str:
    """A node as a menu names it: its label and the start of its prompt."""
    label = model.index_of(execution.id).data(LABEL_ROLE) or ""
    prompt = shorten(execution.prompt, PROMPT_CHARS)
    return f"{label} — {prompt}" if prompt else str(label)


def node_menu(
    model: ExecutionTreeModel,
    index: QModelIndex,
    actions: Iterable[QAction],
    compare: Callable[[Execution, Execution], object],
    parent: QWidget,
) -> QMenu | None:
    """The menu of the node at `index`: the tree's own actions, "Compare
    with ▸" every other node, and "Copy Session ID"."""
    execution = model.execution_at(index)
    if execution is None:
        return None
    menu = QMenu(parent)
    menu.setObjectName("executionNodeMenu")
    menu.addActions(list(actions))
    menu.addSeparator()
    others = menu.addMenu(QCoreApplication.translate("ExecutionTree", "Compare &with"))
    others.setObjectName("compareWithMenu")
    for other in model.executions():
        if other.id == execution.id:
            continue
        action = others.addAction(node_entry(model, other))
        action.setData(other.id)
        action.triggered.connect(lambda _=False, o=other: compare(execution, o))
    others.setEnabled(not others.isEmpty())
    copy = menu.addAction(QCoreApplication.translate("ExecutionTree", "Copy &Session ID"))
    copy.setObjectName("copySessionId")
    copy.setToolTip(session_line(execution))
    copy.setEnabled(bool(execution.session_id))
    copy.triggered.connect(lambda: QGuiApplication.clipboard().setText(execution.session_id or ""))
    return menu


def show_node_menu(
    tree: QTreeView,
    model: ExecutionTreeModel,
    position: QPoint,
    actions: Iterable[QAction],
    compare: Callable[[Execution, Execution], object],
) -> None:
    menu = node_menu(model, tree.indexAt(position), actions, compare, tree)
    if menu is not None:
        menu.exec(tree.viewport().mapToGlobal(position))
        menu.deleteLater()


def reselect(tree: QTreeView, model: ExecutionTreeModel, ids: Iterable[str]) -> None:
    """Choose these nodes again after the tree was re-read (those it still holds)."""
    selection = tree.selectionModel()
    flags = selection.SelectionFlag.Select | selection.SelectionFlag.Rows
    for execution_id in ids:
        index = model.index_of(execution_id)
        if index.isValid():
            selection.select(index.siblingAtColumn(NODE), flags)
