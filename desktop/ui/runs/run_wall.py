"""The run wall: every running or waiting turn across accounts, in one window.

A row per turn — this window's runs and those other Sessiondesk processes
drive — with its account, conversation, elapsed time, tokens so far and
state. The chosen row's permission requests and Claude's questions
(`AskUserQuestion`) show under the list as the same cards the composer
shows, answered through the same run controller; Stop and Open Conversation
(Enter, a double-click) act on the chosen row. A
question another process waits on is answered there: it holds `claude`'s
pipe, and the wall says so. The rows follow the change spine; only the clock
ticks by itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop.domain.changes import OpChanges
from desktop.domain.run_wall import WallRun, WallState, elapsed_text
from desktop.domain.transcript_text import shorten
from desktop.services.run import PermissionChoice
from desktop.ui.common.changes import Changes
from desktop.ui.runs.permission_card import PermissionStack
from desktop.ui.runs.run_controller import LiveRun, RunController
from desktop.ui.runs.wall_feed import WallFeed

ACCOUNT, CONVERSATION, ELAPSED, TOKENS, STATE = range(5)
TICK_MS = 1000
ASKING = "#B45309"
"""The amber of the list's waiting badge, dark enough to read as text."""


@dataclass(eq=False)
class WallRow:
    """One turn on the wall: this window's (`live`), or another process's (`read` only)."""

    live: LiveRun | None
    read: WallRun | None

    @property
    def key(self) -> str:
        return self.live.id if self.live is not None else self.read.execution_id  # type: ignore[union-attr]

    @property
    def state(self) -> WallState:
        if self.live is not None:
            return WallState.NEEDS_ANSWER if self.live.needs_answer else WallState.RUNNING
        assert self.read is not None
        return self.read.state

    @property
    def account(self) -> str:
        return self.live.account if self.live is not None else self.read.account  # type: ignore[union-attr]

    @property
    def tokens(self) -> int | None:
        if self.live is not None:
            return self.live.run.tally.total
        return self.read.tokens if self.read is not None else None

    def seconds(self) -> float:
        execution = self.live.execution if self.live is not None else None
        started = execution.started if execution is not None else None
        if started is None and self.read is not None:
            started = self.read.started
        now = datetime.now(UTC).replace(tzinfo=None)  # the database's times are naive UTC
        return max(0.0, (now - started).total_seconds()) if started else 0.0


class RunWall(QDialog):
    open_requested = Signal(object)
    """A WallRow whose conversation the person wants to see."""
    stop_requested = Signal(object)
    """A WallRow of another process to stop (its owner records the end)."""

    def __init__(
        self, controller: RunController, feed: WallFeed, changes: Changes,
        parent: QWidget | None = None,
    ) -> None:  # fmt: skip
        super().__init__(parent)
        self.setObjectName("runWall")
        self.setWindowFlag(Qt.WindowType.Window)
        self._controller = controller
        self._feed = feed
        self.rows: list[WallRow] = []
        self.heading = QLabel(self)
        self.heading.setObjectName("runWallHeading")
        self.table = QTreeWidget(self)
        self.table.setObjectName("runWallTable")
        self.table.setRootIsDecorated(False)
        self.table.setUniformRowHeights(True)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setColumnCount(5)
        header = self.table.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(CONVERSATION, QHeaderView.ResizeMode.Stretch)
        for column in (ACCOUNT, ELAPSED, TOKENS, STATE):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.empty_label = QLabel(self)
        self.empty_label.setObjectName("runWallEmpty")
        self.elsewhere_label = QLabel(self)
        self.elsewhere_label.setObjectName("runWallElsewhere")
        self.elsewhere_label.setWordWrap(True)
        self.cards = PermissionStack(self)
        self.open_button = QPushButton(self)
        self.open_button.setObjectName("runWallOpen")
        self.stop_button = QPushButton(self)
        self.stop_button.setObjectName("runWallStop")
        buttons = QDialogButtonBox(self)
        buttons.addButton(self.open_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.stop_button, QDialogButtonBox.ButtonRole.ActionRole)
        for button in (self.open_button, self.stop_button):
            button.setAutoDefault(False)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.empty_label)
        layout.addWidget(self.elsewhere_label)
        layout.addWidget(self.cards)
        layout.addWidget(buttons)
        self._clock = QTimer(self)
        self._clock.setInterval(TICK_MS)
        self._clock.timeout.connect(self._tick)
        self.table.itemActivated.connect(lambda *_: self._open())
        self.table.itemSelectionChanged.connect(self._chosen)
        self.open_button.clicked.connect(self._open)
        self.stop_button.clicked.connect(self._stop)
        self.cards.decided.connect(self._answer)
        self.cards.answered.connect(self._answer_questions)
        changes.changed.connect(self._changed)
        self.retranslate_ui()
        self.resize(800, 500)
        self.refresh()

    # -- what is shown ---------------------------------------------------------------------

    def refresh(self) -> None:
        """Lay the rows out again from the window's runs and the last read."""
        chosen = self.chosen()
        key = chosen.key if chosen is not None else None
        lives = self._controller.streaming()
        own = {live.execution.id for live in lives if live.execution is not None}
        self.rows = [WallRow(live, self._feed.find(live.execution.id if live.execution else None))
                     for live in lives]  # fmt: skip
        self.rows += [WallRow(None, read) for read in self._feed.others(own)]
        self.table.blockSignals(True)
        self.table.clear()
        for row in self.rows:
            item = QTreeWidgetItem(self.table)
            item.setData(0, Qt.ItemDataRole.UserRole, row.key)
            self._fill(item, row)
            if row.key == key:
                item.setSelected(True)
                self.table.setCurrentItem(item)
        self.table.blockSignals(False)
        if self.chosen() is None and self.rows:
            self.table.setCurrentItem(self.table.topLevelItem(0))
        self.empty_label.setVisible(not self.rows)
        self.table.setVisible(bool(self.rows))
        self._chosen()
        self._heading()

    def chosen(self) -> WallRow | None:
        item = self.table.currentItem()
        if item is None:
            return None
        key = item.data(0, Qt.ItemDataRole.UserRole)
        return next((row for row in self.rows if row.key == key), None)

    def _fill(self, item: QTreeWidgetItem, row: WallRow) -> None:
        read = row.read
        if read is not None and read.conversation:
            conversation = f"{read.conversation} · {shorten(read.title, 60)}"
        else:  # a turn of ours just started: its conversation is read in a moment
            conversation = shorten(row.live.prompt, 60) if row.live is not None else ""
        waiting = row.live.pending.values() if row.live is not None else ()
        tools = [r.tool_name for r in waiting] or list(read.waiting if read else ())
        if row.state is WallState.NEEDS_ANSWER:
            state = self.tr("needs answer: {tools}").format(tools=", ".join(tools))
        else:
            state = self.tr("running")
        if row.live is None:
            state += " " + self.tr("(another process)")
        tokens = row.tokens
        item.setText(ACCOUNT, row.account)
        item.setText(CONVERSATION, conversation)
        item.setToolTip(CONVERSATION, conversation)
        item.setText(ELAPSED, elapsed_text(row.seconds()))
        item.setText(TOKENS, self.locale().toString(tokens) if tokens is not None else "?")
        item.setText(STATE, state)
        asking = row.state is WallState.NEEDS_ANSWER
        item.setForeground(STATE, QBrush(QColor(ASKING)) if asking else QBrush())
        font = item.font(STATE)
        font.setBold(asking)
        item.setFont(STATE, font)
        item.setTextAlignment(ELAPSED, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        item.setTextAlignment(TOKENS, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)

    def _tick(self) -> None:
        """The clock, and tokens as they stream: in-memory values, no read."""
        for i, row in enumerate(self.rows):
            item = self.table.topLevelItem(i)
            if item is not None:
                self._fill(item, row)

    def _heading(self) -> None:
        waiting = sum(1 for row in self.rows if row.state is WallState.NEEDS_ANSWER)
        text = self.tr("%Ln turns running across accounts", "", len(self.rows))
        if waiting:
            text += " · " + self.tr("%Ln waiting for an answer", "", waiting)
        self.heading.setText(text)

    def _chosen(self) -> None:
        row = self.chosen()
        self.cards.show_run(row.live if row is not None else None)
        elsewhere = row is not None and row.live is None and row.state is WallState.NEEDS_ANSWER
        if elsewhere and row is not None and row.read is not None:
            self.elsewhere_label.setText(self.tr(
                "This question waits in another Sessiondesk process (process {pid}): answer it "
                "there, in its window or terminal.").format(pid=row.read.owner_pid))  # fmt: skip
        self.elsewhere_label.setVisible(elsewhere)
        stopping = row is not None and row.live is not None and row.live.stopping
        self.stop_button.setEnabled(row is not None and not stopping)
        self.open_button.setEnabled(row is not None)

    # -- commands ------------------------------------------------------------------------------

    def _answer(self, live: LiveRun, request_id: str, choice: PermissionChoice) -> None:
        self._controller.answer(live, request_id, choice)

    def _answer_questions(self, live: LiveRun, request_id: str, answers: dict[str, str]) -> None:
        self._controller.answer(live, request_id, PermissionChoice.ALLOW, answers)

    def _open(self) -> None:
        row = self.chosen()
        if row is not None:
            self.open_requested.emit(row)

    def _stop(self) -> None:
        row = self.chosen()
        if row is not None and row.live is not None:
            self._controller.stop(row.live)
            self._chosen()
        elif row is not None:
            self.stop_requested.emit(row)

    # -- news ----------------------------------------------------------------------------------

    def _changed(self, changes: OpChanges) -> None:
        if self.isVisible() and (changes.run_events or changes.executions):
            self.refresh()

    def showEvent(self, event: object) -> None:
        self._feed.watch(True)
        self._clock.start()
        self.refresh()
        super().showEvent(event)  # type: ignore[arg-type]

    def hideEvent(self, event: object) -> None:
        self._feed.watch(False)
        self._clock.stop()
        super().hideEvent(event)  # type: ignore[arg-type]

    def retranslate_ui(self) -> None:
        self.setWindowTitle(self.tr("Runs"))
        labels = (self.tr("Account"), self.tr("Conversation"), self.tr("Elapsed"),
                  self.tr("Tokens"), self.tr("State"))  # fmt: skip
        self.table.setHeaderLabels(list(labels))
        self.empty_label.setText(
            self.tr(
                "No turn is running. Turns started here, in another "
                "window or by the sessiondesk command show here."
            )
        )
        self.open_button.setText(self.tr("&Open Conversation"))
        self.stop_button.setText(self.tr("S&top Run"))
        self._heading()
        self._tick()
        self._chosen()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)
