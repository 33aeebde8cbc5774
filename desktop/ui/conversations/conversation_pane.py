"""The pane right of the transcript: the conversation of the chosen session
(its header) and its execution tree, with Continue, Fork and Compare.

It follows the session list's choice and the window's change spine (`Changes`:
what services and runs changed, by id; it re-reads when they touch the
conversation, sessions or executions it shows); choosing a
node scrolls the transcript to that turn (showing the node's session when it
is another one); Continue and Fork put the run desk's composer into
"from this node" mode.

What it shows is read in a worker (`LatestRead`) whenever the choice or a
run's news asks for it, and put on screen on the window's thread: five runs
streaming send it news often, and those SQLite reads were the window
thread's largest own cost between frames. Asks that come while a read is out
fold into one read after it; only the newest read's answer is shown. A
newly chosen session's read waits for its transcript's first rows to be
painted: the person looks there first, and a read in a worker beside that
paint made it wait for the interpreter lock (the longest stall of five
streaming runs came when a new conversation's session was listed and chosen).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QItemSelection, QModelIndex, QObject, QPoint, Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from desktop.domain.changes import OpChanges, RunEvent
from desktop.domain.conversations import (
    Conversation,
    Execution,
    ExecutionStatus,
    conversation_code,
)
from desktop.domain.errors import SessiondeskError
from desktop.domain.execution_tree import TreeNode
from desktop.domain.references import number_of_link
from desktop.domain.sessions import SessionRecord
from desktop.domain.token_savings import saving_of, summed
from desktop.services.conversations import Membership
from desktop.services.hub import ServiceHub
from desktop.ui.common.changes import Changes
from desktop.ui.common.error_text import error_text
from desktop.ui.common.first_paint import after_first_paint
from desktop.ui.common.latest_read import LatestRead
from desktop.ui.common.records import key_of
from desktop.ui.common.status import StatusBar
from desktop.ui.conversations.conversation_header import ConversationHeader
from desktop.ui.conversations.token_chart import TokenChart, fill_text, turn_points
from desktop.ui.conversations.tree_fit import fit_columns
from desktop.ui.conversations.tree_menu import reselect, show_node_menu
from desktop.ui.conversations.tree_model import LABEL_ROLE, NODE, ExecutionTreeModel
from desktop.ui.runs.run_desk import RunDesk
from desktop.ui.sessions.session_browser import SessionBrowser

if TYPE_CHECKING:  # the dialog loads when first opened
    from desktop.ui.conversations.compare_dialog import CompareDialog

MARKS_FOLD_MS = 100
"""The list's marks are read once for news that comes this close together (a run's
end relists its session, tells its conversation changed, and the index follows)."""
TREE_EVENTS = frozenset({RunEvent.STARTED, RunEvent.BOUND, RunEvent.RECORDED, RunEvent.ENDED})
"""The steps of a run that add a node or change its status dot."""
MARK_EVENTS = frozenset({RunEvent.STARTED, RunEvent.ENDED})
"""The steps after which a session may have joined a conversation (the list's marks)."""
ROLLOVER_SETTINGS = "rollover."
"""The settings whose change moves the chart's threshold line and the composer's fill."""
TRANSCRIPT_FIRST_MS = 500
"""The longest a newly chosen session's read waits for its transcript to paint."""


@dataclass(frozen=True, slots=True)
class PaneState:
    """What the pane shows for a chosen session, as one read found it."""

    record: SessionRecord | None
    conversation: Conversation | None = None
    roots: tuple[TreeNode, ...] = ()
    threshold: int | None = None
    """The rollover threshold for its context window (None: rollovers are off)."""
    error: SessiondeskError | None = None
    referenced_by: tuple[Conversation, ...] = ()
    """The conversations that reference this one (`[[SESS-042]]`)."""


def read_state(hub: ServiceHub, record: SessionRecord | None) -> PaneState:
    """The chosen session's conversation and its tree (blocking: SQLite)."""
    if record is None:
        return PaneState(None)
    try:
        conversations = hub.conversations
        conversation = conversations.for_session(record.account, record.session_id)
        if conversation is None:
            return PaneState(record)
        roots = conversations.tree(conversations.root_of(conversation.id).id)
        policy = hub.runs.rollover_policy()
        threshold = policy.threshold(conversation.context_window) if policy.enabled else None
        citing = tuple(conversations.referenced_by(conversation.id))
    except SessiondeskError as exc:
        return PaneState(record, error=exc)
    return PaneState(record, conversation, tuple(roots), threshold, referenced_by=citing)


class ConversationPane(QWidget):
    def __init__(
        self,
        hub: ServiceHub,
        *,
        sessions: SessionBrowser,
        desk: RunDesk,
        changes: Changes,
        status: StatusBar,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("conversationPane")
        self.hub = hub
        self.sessions = sessions
        self.desk = desk
        self.status = status
        self.header = ConversationHeader(self)
        self.header.rename_requested.connect(self.rename)
        self.header.describe_requested.connect(self.describe)
        self.header.reference_activated.connect(self.open_reference)
        self.header.switch_requested.connect(lambda: desk.switching.open(""))
        self.empty_label = QLabel(self)
        self.empty_label.setObjectName("conversationEmpty")
        self.empty_label.setWordWrap(True)
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.tree_label = QLabel(self)
        self.model = ExecutionTreeModel(self)
        self.tree = QTreeView(self)
        self.tree.setObjectName("executionTree")
        self.tree.setModel(self.model)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.tree.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.tree.setUniformRowHeights(True)
        self.tree.setAllColumnsShowFocus(True)
        self.tree.header().setStretchLastSection(False)
        self.tree.header().setSectionResizeMode(NODE, QHeaderView.ResizeMode.Stretch)
        self.tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.tree.customContextMenuRequested.connect(self._node_menu)
        self.tree_label.setBuddy(self.tree)
        # four turns in sight on a low window: the chart gives way first (it was 1.5 rows)
        rows = self.tree.fontMetrics().height() + 8
        self.tree.setMinimumHeight(5 * rows + 8)  # the column heads and four rows
        self.tree.installEventFilter(self)

        self.continue_action = self._action("Ctrl+Shift+C", self.continue_selected)
        self.fork_action = self._action("Ctrl+Shift+F", self.fork_selected)
        self.compare_action = self._action("Ctrl+Shift+D", self.compare_selected)
        self.tree.addActions([self.continue_action, self.fork_action, self.compare_action])
        self.continue_button = QPushButton(self)
        self.fork_button = QPushButton(self)
        self.compare_button = QPushButton(self)
        for button, action in ((self.continue_button, self.continue_action),
                               (self.fork_button, self.fork_action),
                               (self.compare_button, self.compare_action)):  # fmt: skip
            button.clicked.connect(action.trigger)
            action.changed.connect(lambda b=button, a=action: b.setEnabled(a.isEnabled()))

        self.chart = TokenChart(self)
        buttons = QHBoxLayout()
        buttons.addWidget(self.continue_button)
        buttons.addWidget(self.fork_button)
        buttons.addStretch(1)
        buttons.addWidget(self.compare_button)
        self.body = QWidget(self)
        body = QVBoxLayout(self.body)
        body.setContentsMargins(0, 0, 0, 0)
        body.addWidget(self.header)
        body.addSpacing(6)
        body.addWidget(self.tree_label)
        body.addWidget(self.tree, 1)
        body.addLayout(buttons)
        body.addWidget(self.chart)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.addWidget(self.body, 1)
        layout.addWidget(self.empty_label, 1)

        self._record: SessionRecord | None = None
        self._conversation: Conversation | None = None
        self._filling = False
        self._chosen: str | None = None
        self._many_accounts = False
        self._known: dict[str, ExecutionStatus] = {}
        """The executions in the tree shown, by id: the status each shows."""
        self._in_tree: set[str] = set()
        """The conversations the tree shown holds (its own and its forks)."""
        background = sessions.background
        self.reader = LatestRead(background, self._plan_read, self._show_read)
        """The pane's reads: `reader.busy()` while what it shows may still change."""
        self._marks = LatestRead(background, self._plan_marks, self._marked, self._not_marked,
                                 MARKS_FOLD_MS)  # fmt: skip
        self.tree.selectionModel().selectionChanged.connect(self._selection_changed)
        self.tree.selectionModel().currentChanged.connect(self._current_changed)
        self.tree.activated.connect(lambda _index: self.continue_selected())  # Enter, double-click
        sessions.pane.record_selected.connect(self.show_session)
        sessions.panel.view.link_activated.connect(self._transcript_link)
        changes.changed.connect(self.follow)
        self.retranslate_ui()
        self.show_session(sessions.pane.selected_record())
        # the list's conversation marks are read once the window has painted:
        # the first paint never waits for them (nor for SQLAlchemy to load)
        after_first_paint(self, self.mark_list)
        after_first_paint(self, self._show_body_once)

    def _show_body_once(self) -> None:
        """Show the conversation's widgets once, hidden again before any paint: their
        first show (the pending resize events, the chart's layout at its size) took
        ~3 of the ~5 ms of the handler that first showed a conversation — a new
        run's, in the frame where its session is listed and chosen."""
        if not self.body.isVisible() and self.isVisible():
            self.body.setVisible(True)
            self.body.setVisible(False)

    def _action(self, keys: str, slot: object) -> QAction:
        action = QAction(self)
        action.setShortcut(QKeySequence(keys))
        action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        action.triggered.connect(slot)
        action.setEnabled(False)
        self.addAction(action)
        return action

    # -- what is shown -------------------------------------------------------------------

    def conversation(self) -> Conversation | None:
        return self._conversation

    def show_session(self, record: SessionRecord | None) -> None:
        """Follow the list's choice: its conversation shows once read (no session: at once)."""
        shown = self._record
        self._record = record
        if record is None:
            self.reload()
        elif self.sessions.panel_made() and (shown is None or key_of(shown) != key_of(record)):
            # another session: its transcript's first screen is painted first
            self.reader.request_after(self.sessions.panel.view.rows_painted, TRANSCRIPT_FIRST_MS)
        else:
            self.refresh()

    def refresh(self, *_args: object) -> None:
        """Read again what the pane shows, in a worker; shown when read."""
        self.reader.request()

    def reload(self) -> None:
        """Read and show what the pane shows now, on this thread (a setting changed)."""
        self.reader.cancel()
        self._show(read_state(self.hub, self._record))

    def _plan_marks(self) -> Callable[[], dict[tuple[str, str], Membership]]:
        # the service is asked for in the worker: built on first use, it imports the
        # store and claude modules (40 ms of the window's thread while runs streamed)
        hub = self.hub
        return lambda: hub.conversations.memberships()

    def _plan_read(self) -> Callable[[], PaneState]:
        hub, record = self.hub, self._record
        return lambda: read_state(hub, record)

    def _show_read(self, state: PaneState) -> None:
        """A worker's answer: the header and tree now, the context chart on the next
        turn of the loop, after a paint (the first time a session's conversation
        showed, the two made one piece of 15–20 ms on the window's thread)."""
        self._show(state, context_later=True)

    def _show(self, state: PaneState, *, context_later: bool = False) -> None:
        record = state.record
        if record != self._record:
            return  # read for an earlier choice: the read for this one is on its way
        if state.error is not None:
            self.status.notify(error_text(state.error))
        conversation, roots = state.conversation, list(state.roots)
        self._conversation = conversation
        if record is not None:  # the one read of it: the composer's model and mode follow
            self.desk.modes.recalled(record, conversation)
        self._known = {e.id: e.status for e in _executions(roots)}
        self._in_tree = {e.conversation_id for e in _executions(roots)}
        if conversation is not None:
            self._in_tree.add(conversation.id)
        self.body.setVisible(conversation is not None)
        self.empty_label.setVisible(conversation is None)
        if conversation is None or record is None:
            self.model.fill([])
            self.desk.composer.show_fill("", "")
            self._update_actions()
            return
        everything = {e.id: e for e in _executions(roots)}
        mine = [e for e in everything.values() if e.conversation_id == conversation.id]
        saved = sum(e.saved_bytes or 0 for e in mine)
        tokens = summed(saving_of(e, everything.get) for e in mine)
        self.header.show_conversation(conversation, record.session_id, saved, tokens)
        self.header.show_backlinks(state.referenced_by)
        self._filling = True
        kept = [e.id for e in self.selected_executions()]
        try:
            self.model.fill(roots)
            self.tree.expandAll()
            # one account's tree needs no account column: the node's name gets the room
            accounts = {e.account for e in self.model.executions()}
            self._many_accounts = len(accounts) > 1
            self._fit_columns()
            self._choose_shown(record)
            # two nodes chosen to compare stay chosen when choosing one of another
            # session showed that session and re-read the tree; otherwise the node
            # shown now is the one chosen (each turn's node stayed chosen before)
            current = self.current_execution()
            if len(kept) > 1 and current is not None and current.id in kept:
                reselect(self.tree, self.model, kept)
        finally:
            self._filling = False
        if context_later:
            threshold = state.threshold
            QTimer.singleShot(0, self, lambda: self._show_context(conversation, threshold))
        else:
            self._show_context(conversation, state.threshold)
        self._update_actions()

    def _fit_columns(self) -> None:
        """Columns as wide as their values; in a narrow pane the start time, the
        tokens and the account give way (its node's label needs the room more)."""
        fit_columns(self.tree, accounts=self._many_accounts)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.tree and event.type() == QEvent.Type.Resize:
            self._fit_columns()
        return super().eventFilter(watched, event)

    def _show_context(self, conversation: Conversation, threshold: int | None) -> None:
        """The chart of its turns' context sizes, and how full it is now in the composer."""
        if conversation is not self._conversation:
            return  # a newer state is shown (or its context is on its way)
        mine = [e for e in self.model.executions() if e.conversation_id == conversation.id]
        self.chart.show_turns(turn_points(mine), threshold)
        self.desk.composer.show_fill(*fill_text(conversation.last_input_tokens, threshold))

    def _choose_shown(self, record: SessionRecord) -> None:
        """Keep the chosen node while its session is shown, else choose the
        newest node of the shown session."""
        key = (record.account, record.session_id)
        mine = [e for e in self.model.executions() if (e.account, e.session_id) == key]
        chosen = next((e for e in mine if e.id == self._chosen), None)
        if chosen is None:
            chosen = max(mine, key=lambda e: (e.started is not None, e.started), default=None)
        index = self.model.index_of(chosen.id) if chosen else QModelIndex()
        if index.isValid():
            self.tree.setCurrentIndex(index)
            self.tree.scrollTo(index)

    def _node_menu(self, at: QPoint) -> None:
        show_node_menu(self.tree, self.model, at, self.tree.actions(), self.compare_pair)

    def selected_executions(self) -> list[Execution]:
        rows = self.tree.selectionModel().selectedRows(NODE)
        found = [self.model.execution_at(index) for index in rows]
        return [e for e in found if e is not None]

    def current_execution(self) -> Execution | None:
        return self.model.execution_at(self.tree.currentIndex())

    # -- reactions -----------------------------------------------------------------------

    def follow(self, changes: OpChanges) -> None:
        """The spine's news: the list's marks are read again when sessions or
        conversations changed, and what the pane shows when the news names its
        conversation (or a fork of it in its tree), its session, one of its
        executions, or a setting (the rollover threshold)."""
        runs = changes.run_events
        if changes.listing or ((changes.conversations or changes.sessions) and (
                not runs or not runs.isdisjoint(MARK_EVENTS))):  # fmt: skip
            self.mark_list()
        record = self._record
        if record is None or (runs and runs.isdisjoint(TREE_EVENTS)):
            return  # a reply or an answer changes no node: reads cost the streaming window
        rollover = any(key.startswith(ROLLOVER_SETTINGS) for key in changes.settings)
        if rollover or changes.touches(
            session=key_of(record), executions=self._known
        ) or not changes.conversations.isdisjoint(self._in_tree):
            self.refresh()  # a new node, a status dot, a switch, a new account or title

    def mark_list(self, *_args: object) -> None:
        """Read (in a worker) which conversation each session belongs to, for the
        session list's marks; the pane follows when the shown session joined or left one."""
        self._marks.request()

    def marking(self) -> bool:
        """The list's conversation marks are being read: they may still change."""
        return self._marks.busy()

    def _marked(self, members: dict[tuple[str, str], Membership]) -> None:
        self.sessions.pane.source.set_memberships(members)
        record = self._record
        joined = record is not None and (record.account, record.session_id) in members
        if record is not None and joined != (self._conversation is not None):
            self.refresh()

    def _not_marked(self, error: BaseException) -> None:
        if not isinstance(error, SessiondeskError):
            raise error
        self.status.notify(error_text(error))

    def _selection_changed(self, _selected: QItemSelection, _deselected: QItemSelection) -> None:
        self._update_actions()

    def _current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        execution = self.model.execution_at(current)
        self._update_actions()
        if execution is None or self._filling:
            return
        self._chosen = execution.id
        self.scroll_to(execution)

    def scroll_to(self, execution: Execution) -> bool:
        """Show the execution's session at the first message of its turn."""
        if not execution.account or not execution.session_id:
            return False
        try:
            turns = self.hub.conversations.branch(execution)
        except SessiondeskError as exc:
            self.status.notify(error_text(exc))
            return False
        prompts = [t for t in turns if t.role == "user" and t.uuid]
        uuid = prompts[-1].uuid if prompts else None
        return self.sessions.show_message(execution.account, execution.session_id, uuid)

    def _update_actions(self) -> None:
        current = self.current_execution()
        can_branch = current is not None and bool(current.session_id)
        self.continue_action.setEnabled(can_branch)
        self.fork_action.setEnabled(can_branch)
        self.compare_action.setEnabled(len(self.selected_executions()) == 2)

    # -- commands ------------------------------------------------------------------------

    def node_name(self, execution: Execution) -> str:
        label = self.model.index_of(execution.id).data(LABEL_ROLE) or ""
        return f"{label} {execution.id[:8]}".strip()

    def continue_selected(self) -> None:
        self._branch(fork=False)

    def fork_selected(self) -> None:
        self._branch(fork=True)

    def _branch(self, *, fork: bool) -> None:
        execution = self.current_execution()
        if execution is None or not execution.session_id or not execution.account:
            return
        self.desk.branch_from(
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
            comparison = self.hub.conversations.compare(a.id, b.id)
        except SessiondeskError as exc:
            self.status.notify(error_text(exc))
            return None
        from desktop.ui.conversations.compare_dialog import CompareDialog

        dialog = CompareDialog(comparison, self.node_name(a), self.node_name(b), self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        return dialog

    def rename(self, title: str) -> None:
        if self._conversation is None:
            return
        try:
            self._conversation = self.hub.conversations.rename(self._conversation.id, title)
        except SessiondeskError as exc:
            self.status.notify(error_text(exc))
            return
        self.status.notify(self.tr("Renamed {code}.").format(code=self._conversation.code))

    def describe(self, text: str) -> None:
        if self._conversation is None:
            return
        try:
            self._conversation = self.hub.conversations.describe(self._conversation.id, text)
        except SessiondeskError as exc:
            self.status.notify(error_text(exc))
            return
        self.status.notify(self.tr("Described {code}.").format(code=self._conversation.code))

    def _transcript_link(self, link: str) -> None:
        number = number_of_link(link)
        if number is not None:
            self.open_reference(number)

    def open_reference(self, number: int) -> bool:
        """Show the conversation a `[[SESS-042]]` link names (its current session)."""
        code = conversation_code(number)
        try:
            target = self.hub.conversations.session_of(code)
        except SessiondeskError:
            target = None
        if target is None:
            self.status.notify(self.tr("There is no conversation {code}, or it has no "
                                       "session yet.").format(code=code))  # fmt: skip
            return False
        if not self.sessions.pane.select_session(*target):
            self.status.notify(self.tr("That session is not in the list yet."))
            return False
        return True

    def retranslate_ui(self) -> None:
        self.empty_label.setText(self.tr("Not a conversation yet — send a turn to start one."))
        self.tree_label.setText(self.tr("&Executions"))
        self.tree.setToolTip(
            self.tr(
                "Enter continues from the chosen node; to compare two, Ctrl+click them "
                "or use Compare with in a node's menu."
            )
        )
        self.continue_action.setText(self.tr("&Continue from Here"))
        self.fork_action.setText(self.tr("&Fork from Here"))
        self.compare_action.setText(self.tr("Co&mpare Branches"))
        self.continue_button.setText(self.tr("Continue"))
        self.fork_button.setText(self.tr("Fork"))
        self.compare_button.setText(self.tr("Compare"))
        for button, action in ((self.continue_button, self.continue_action),
                               (self.fork_button, self.fork_action),
                               (self.compare_button, self.compare_action)):  # fmt: skip
            keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
            button.setToolTip(f"{action.toolTip()} ({keys})")
        self.model.retranslate()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
            self.reload()
        super().changeEvent(event)


def _executions(nodes: list[TreeNode]) -> list[Execution]:
    """Every execution of a tree, each once."""
    found: list[Execution] = []
    for node in nodes:
        found += [node.execution, *_executions(node.children)]
    return found
