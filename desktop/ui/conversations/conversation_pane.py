"""The pane right of the transcript: the conversation of the chosen session
(its header) and its execution tree, with Continue, Fork and Compare.

It follows the session list's choice and the window's change spine (`Changes`:
what services and runs changed, by id; `pane_news` says which news touches
what it shows). The tree's choice (it scrolls the transcript to the chosen
turn) and Continue, Fork and Compare on it are `tree_control`'s. What it
shows is read in a worker (`pane_state`) and put on screen here; it also
asks for the session list's conversation marks (`list_marks`), since it
hears the news that moves them. A newly chosen session's read waits for its
transcript's first rows to be painted: the person looks there first, and a
read in a worker beside that paint made it wait for the interpreter lock
(the longest stall of five streaming runs came when a new conversation's
session was listed and chosen).
"""

from __future__ import annotations

from functools import partial

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from desktop.domain.changes import OpChanges
from desktop.domain.conversations import Conversation, conversation_code
from desktop.domain.errors import SessiondeskError
from desktop.domain.references import number_of_link
from desktop.domain.sessions import SessionRecord
from desktop.domain.token_savings import saving_of, summed
from desktop.services.hub import ServiceHub
from desktop.ui.common.changes import Changes
from desktop.ui.common.error_text import error_text
from desktop.ui.common.first_paint import after_first_paint, after_paint
from desktop.ui.common.records import key_of
from desktop.ui.common.status import StatusBar
from desktop.ui.conversations.conversation_header import ConversationHeader
from desktop.ui.conversations.list_marks import ListMarks, Members
from desktop.ui.conversations.pane_news import PaneNews, marks_stale
from desktop.ui.conversations.pane_state import PaneReader, PaneState
from desktop.ui.conversations.token_chart import TokenChart, fill_text, turn_points
from desktop.ui.conversations.tree_control import TreeControl
from desktop.ui.conversations.tree_model import NODE, ExecutionTreeModel
from desktop.ui.runs.run_desk import RunDesk
from desktop.ui.sessions.session_browser import SessionBrowser

TRANSCRIPT_FIRST_MS = 500
"""The longest a newly chosen session's read waits for its transcript to paint."""
CONTEXT_WAIT_MS = 100
"""The longest a read's context chart waits for the window's paint (none comes when
nothing changed on screen, or the window is hidden)."""


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
        self.tree_label.setBuddy(self.tree)
        # four turns in sight on a low window: the chart gives way first (it was 1.5 rows)
        rows = self.tree.fontMetrics().height() + 8
        self.tree.setMinimumHeight(5 * rows + 8)  # the column heads and four rows
        control = self.tree_control = TreeControl(
            self, self.tree, self.model, hub=hub, sessions=sessions, desk=desk, status=status
        )
        # the pane's own names for them: the window's menus, the tests and the tools use these
        self.continue_action, self.fork_action = control.continue_action, control.fork_action
        self.compare_action = control.compare_action
        self.continue_button, self.fork_button = control.continue_button, control.fork_button
        self.compare_button = control.compare_button
        self.continue_selected = control.continue_selected
        self.fork_selected = control.fork_selected
        self.compare_selected, self.compare_pair = control.compare_selected, control.compare_pair
        self.selected_executions = control.selected_executions
        self.current_execution = control.current_execution

        self.chart = TokenChart(self)
        self.body = QWidget(self)
        body = QVBoxLayout(self.body)
        body.setContentsMargins(0, 0, 0, 0)
        body.addWidget(self.header)
        body.addSpacing(6)
        body.addWidget(self.tree_label)
        body.addWidget(self.tree, 1)
        body.addLayout(control.button_row())
        body.addWidget(self.chart)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.addWidget(self.body, 1)
        layout.addWidget(self.empty_label, 1)

        self._conversation: Conversation | None = None
        self._news = PaneNews()
        self.reader = PaneReader(hub, sessions.background, self._show_read)
        """The pane's reads: `reader.busy()` while what it shows may still change."""
        self._marks = ListMarks(hub, sessions, status, self._marked)
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

    # -- what is shown -------------------------------------------------------------------

    def conversation(self) -> Conversation | None:
        return self._conversation

    def show_session(self, record: SessionRecord | None) -> None:
        """Follow the list's choice: its conversation shows once read (no session: at once)."""
        shown = self.reader.record
        self.reader.record = record
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
        self._show(self.reader.read_now())

    def _show_read(self, state: PaneState) -> None:
        """A worker's answer: the header and tree now, the context chart once they
        are painted (the first time a session's conversation showed, the two made
        one piece of 15–20 ms on the window's thread; a zero timer still ran the
        chart before the paint, which Qt posts at low priority)."""
        self._show(state, context_later=True)

    def _show(self, state: PaneState, *, context_later: bool = False) -> None:
        record = state.record
        if record != self.reader.record:
            return  # read for an earlier choice: the read for this one is on its way
        if state.error is not None:
            self.status.notify(error_text(state.error))
        conversation, roots = state.conversation, list(state.roots)
        self._conversation = conversation
        if record is not None:  # the one read of it: the composer's model and mode follow
            self.desk.modes.recalled(record, conversation)
        self._news.shown(state)
        self.body.setVisible(conversation is not None)
        self.empty_label.setVisible(conversation is None)
        if conversation is None or record is None:
            self.model.fill([])
            self.desk.composer.show_fill("", "")
            self.tree_control.update()
            return
        everything = {e.id: e for e in state.executions()}
        mine = [e for e in everything.values() if e.conversation_id == conversation.id]
        saved = sum(e.saved_bytes or 0 for e in mine)
        tokens = summed(saving_of(e, everything.get) for e in mine)
        self.header.show_conversation(conversation, record.session_id, saved, tokens)
        self.header.show_backlinks(state.referenced_by)
        self.tree_control.fill(roots, record)
        if context_later:
            later = partial(self._show_context, conversation, state.threshold)
            after_paint(self.window(), later, CONTEXT_WAIT_MS, owner=self)
        else:
            self._show_context(conversation, state.threshold)
        self.tree_control.update()

    def _show_context(self, conversation: Conversation, threshold: int | None) -> None:
        """The chart of its turns' context sizes, and how full it is now in the composer."""
        if conversation is not self._conversation:
            return  # a newer state is shown (or its context is on its way)
        mine = [e for e in self.model.executions() if e.conversation_id == conversation.id]
        self.chart.show_turns(turn_points(mine), threshold)
        self.desk.composer.show_fill(*fill_text(conversation.last_input_tokens, threshold))

    # -- reactions -----------------------------------------------------------------------

    def follow(self, changes: OpChanges) -> None:
        """The spine's news: the list's marks, and what the pane shows, are read
        again when the news touches them (`pane_news`)."""
        if marks_stale(changes):
            self.mark_list()
        if self._news.stale(changes, self.reader.record):
            self.refresh()

    def mark_list(self, *_args: object) -> None:
        """Read (in a worker) which conversation each session belongs to, for the
        session list's marks; the pane follows when the shown session joined or left one."""
        self._marks.request()

    def marking(self) -> bool:
        """The list's conversation marks are being read: they may still change."""
        return self._marks.busy()

    def _marked(self, members: Members) -> None:
        record = self.reader.record
        joined = record is not None and (record.account, record.session_id) in members
        if record is not None and joined != (self._conversation is not None):
            self.refresh()

    # -- commands ------------------------------------------------------------------------

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
        for button, action in self.tree_control.pairs():
            keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
            button.setToolTip(f"{action.toolTip()} ({keys})")
        self.model.retranslate()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
            self.reload()
        super().changeEvent(event)
