"""The execution tree's choice, and what follows from it.

Filling the tree keeps the node chosen while its session is shown (else the
newest node of the shown session is chosen) and two nodes chosen to compare;
choosing a node scrolls the transcript to that turn (showing the node's
session when it is another one). Continue, Fork and Compare act on the
choice: each is an action of the conversation pane (its keys work anywhere
in the pane), of the tree (its node menu lists them) and a button under the
tree. Continue and Fork put the run desk's composer into "from this node"
mode; Compare opens two turns side by side. The pane names the actions and
buttons (`retranslate_ui`), so their words stay in its translation context.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QModelIndex, QObject, QPoint, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QHBoxLayout, QPushButton, QTreeView, QWidget

from desktop.domain.conversations import Execution
from desktop.domain.errors import SessiondeskError
from desktop.domain.execution_tree import TreeNode
from desktop.domain.sessions import SessionRecord
from desktop.services.hub import ServiceHub
from desktop.ui.common.error_text import error_text
from desktop.ui.common.status import StatusBar
from desktop.ui.conversations.tree_fit import fit_columns
from desktop.ui.conversations.tree_menu import reselect, show_node_menu
from desktop.ui.conversations.tree_model import LABEL_ROLE, NODE, ExecutionTreeModel
from desktop.ui.runs.run_desk import RunDesk
from desktop.ui.sessions.session_browser import SessionBrowser

if TYPE_CHECKING:  # the dialog loads when first opened
    from desktop.ui.conversations.compare_dialog import CompareDialog


class TreeControl(QObject):
    def __init__(
        self,
        pane: QWidget,
        tree: QTreeView,
        model: ExecutionTreeModel,
        *,
        hub: ServiceHub,
        sessions: SessionBrowser,
        desk: RunDesk,
        status: StatusBar,
    ) -> None:
        super().__init__(pane)
        self._pane, self._tree, self._model = pane, tree, model
        self._hub, self._sessions, self._desk, self._status = hub, sessions, desk, status
        self._filling = False
        self._chosen: str | None = None
        self._many_accounts = False
        self.continue_action = self._action("Ctrl+Shift+C", self.continue_selected)
        self.fork_action = self._action("Ctrl+Shift+F", self.fork_selected)
        self.compare_action = self._action("Ctrl+Shift+D", self.compare_selected)
        tree.addActions([self.continue_action, self.fork_action, self.compare_action])
        self.continue_button = QPushButton(pane)
        self.fork_button = QPushButton(pane)
        self.compare_button = QPushButton(pane)
        for button, action in self.pairs():
            button.clicked.connect(action.trigger)
            action.changed.connect(lambda b=button, a=action: b.setEnabled(a.isEnabled()))
        tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        tree.customContextMenuRequested.connect(self._node_menu)
        tree.selectionModel().selectionChanged.connect(lambda *_args: self.update())
        tree.selectionModel().currentChanged.connect(self._current_changed)
        tree.activated.connect(lambda _index: self.continue_selected())  # Enter, double-click
        tree.installEventFilter(self)

    def _action(self, keys: str, slot: Callable[[], object]) -> QAction:
        action = QAction(self._pane)
        action.setShortcut(QKeySequence(keys))
        action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        action.triggered.connect(slot)
        action.setEnabled(False)
        self._pane.addAction(action)
        return action

    def pairs(self) -> tuple[tuple[QPushButton, QAction], ...]:
        """Each button with the action it triggers."""
        return ((self.continue_button, self.continue_action),
                (self.fork_button, self.fork_action),
                (self.compare_button, self.compare_action))  # fmt: skip

    def button_row(self) -> QHBoxLayout:
        row = QHBoxLayout()
        row.addWidget(self.continue_button)
        row.addWidget(self.fork_button)
        row.addStretch(1)
        row.addWidget(self.compare_button)
        return row

    # -- the choice ----------------------------------------------------------------------

    def fill(self, roots: list[TreeNode], record: SessionRecord) -> None:
        """Show a new read of the tree, for the shown session `record`."""
        self._filling = True
        kept = [e.id for e in self.selected_executions()]
        try:
            self._model.fill(roots)
            self._tree.expandAll()
            # one account's tree needs no account column: the node's name gets the room
            accounts = {e.account for e in self._model.executions()}
            self._many_accounts = len(accounts) > 1
            self.fit_columns()
            self._choose_shown(record)
            # two nodes chosen to compare stay chosen when choosing one of another
            # session showed that session and re-read the tree; otherwise the node
            # shown now is the one chosen (each turn's node stayed chosen before)
            current = self.current_execution()
            if len(kept) > 1 and current is not None and current.id in kept:
                reselect(self._tree, self._model, kept)
        finally:
            self._filling = False

    def fit_columns(self) -> None:
        """Columns as wide as their values; in a narrow pane the start time, the
        tokens and the account give way (its node's label needs the room more)."""
        fit_columns(self._tree, accounts=self._many_accounts)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._tree and event.type() == QEvent.Type.Resize:
            self.fit_columns()
        return super().eventFilter(watched, event)

    def _choose_shown(self, record: SessionRecord) -> None:
        """Keep the chosen node while its session is shown, else choose the
        newest node of the shown session."""
        key = (record.account, record.session_id)
        mine = [e for e in self._model.executions() if (e.account, e.session_id) == key]
        chosen = next((e for e in mine if e.id == self._chosen), None)
        if chosen is None:
            chosen = max(mine, key=lambda e: (e.started is not None, e.started), default=None)
        index = self._model.index_of(chosen.id) if chosen else QModelIndex()
        if index.isValid():
            self._tree.setCurrentIndex(index)
            self._tree.scrollTo(index)

    def _current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        execution = self._model.execution_at(current)
        self.update()
        if execution is None or self._filling:
            return
        self._chosen = execution.id
        self.scroll_to(execution)

    def scroll_to(self, execution: Execution) -> bool:
        """Show the execution's session at the first message of its turn."""
        if not execution.account or not execution.session_id:
            return False
        try:
            turns = self._hub.conversations.turns.branch(execution)
        except SessiondeskError as exc:
            self._status.notify(error_text(exc))
            return False
        prompts = [t for t in turns if t.role == "user" and t.uuid]
        uuid = prompts[-1].uuid if prompts else None
        return self._sessions.show_message(execution.account, execution.session_id, uuid)

    # -- acting on it ----------------------------------------------------------------------

    def update(self) -> None:
        """Enable what the chosen nodes allow."""
        current = self.current_execution()
        can_branch = current is not None and bool(current.session_id)
        self.continue_action.setEnabled(can_branch)
        self.fork_action.setEnabled(can_branch)
        self.compare_action.setEnabled(len(self.selected_executions()) == 2)

    def _node_menu(self, at: QPoint) -> None:
        show_node_menu(self._tree, self._model, at, self._tree.actions(), self.compare_pair)

    def selected_executions(self) -> list[Execution]:
        rows = self._tree.selectionModel().selectedRows(NODE)
        found = [self._model.execution_at(index) for index in rows]
        return [e for e in found if e is not None]

    def current_execution(self) -> Execution | None:
        return self._model.execution_at(self._tree.currentIndex())

    def node_name(self, execution: Execution) -> str:
        label = self._model.index_of(execution.id).data(LABEL_ROLE) or ""
        return f"{label} {execution.id[:8]}".strip()

    def continue_selected(self) -> None:
        self._branch(fork=False)

    def fork_selected(self) -> None:
        self._branch(fork=True)

    def _branch(self, *, fork: bool) -> None:
        execution = self.current_execution()
        if execution is None or not execution.session_id or not execution.account:
            return
        self._desk.branching.branch_from(
            execution.id, execution.account, fork=fork, node=self.node_name(execution)
        )

    def compare_selected(self) -> CompareDialog | None:
        chosen = self.selected_executions()
        if len(chosen) != 2:
            return None
        return self.compare_pair(*chosen)

    def compare_pair(self, first: Execution, second: Execution) -> CompareDialog | None:
        """Two turns side by side, the older on the left, whatever session each is in."""
        a, b = sorted((first, second), key=lambda e: (e.started is not None, e.started))
        try:
            comparison = self._hub.conversations.turns.compare(a, b)
        except SessiondeskError as exc:
            self._status.notify(error_text(exc))
            return None
        from desktop.ui.conversations.compare_dialog import CompareDialog

        dialog = CompareDialog(comparison, self.node_name(a), self.node_name(b), self._pane)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        return dialog
