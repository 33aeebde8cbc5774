"""Remove Archived Copy… and Prune Archive…: each says what goes before it goes.

Remove Archived Copy (the session list's menu) asks in a confirmation with
the copy's size and whether the session stays listed; Prune Archive (the
settings' Archive section) picks an account and an age, shows what that
would remove as the choice changes, and removes on its button. Plans and
removals run off the window's thread; the service reports on the spine.
"""

from __future__ import annotations

from PySide6.QtCore import QLocale, QObject, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from desktop.domain.errors import SessiondeskError
from desktop.domain.removal import ArchiveRemoval
from desktop.domain.sessions import SessionRecord
from desktop.services.hub import ServiceHub
from desktop.ui.common.background import Background
from desktop.ui.common.confirm_removal import ConfirmRemoval
from desktop.ui.common.error_text import error_text
from desktop.ui.common.status import StatusBar


def _size(value: int) -> str:
    return QLocale().formattedDataSize(value)


class ArchiveRemover(QObject):
    """Asks, then removes archived copies; says what was freed (`said`, and in the
    status bar when it has one)."""

    said = Signal(str)

    def __init__(self, hub: ServiceHub, status: StatusBar | None, parent: QWidget) -> None:
        super().__init__(parent)
        self._hub, self._status, self._parent = hub, status, parent
        self._background = Background(hub.executor, self)
        self.dialog: QDialog | None = None

    def remove_copy(self, record: SessionRecord) -> None:
        hub = self._hub
        self._background.submit(
            lambda: hub.removal.copy_plan(record.session_id, record.account),
            self.confirm_copy,
            self._failed,
        )

    def confirm_copy(self, plan: ArchiveRemoval) -> ConfirmRemoval:
        entry = plan.entries[0]
        body = (
            self.tr("Its original is still on disk: the session stays in the list, and the "
                    "archive copies it again at the next reading while keeping copies is on.")
            if entry.original_on_disk
            else self.tr("Claude Code deleted its original: with the copy gone, the session "
                         "leaves the list and can no longer be opened or searched.")
        )  # fmt: skip
        dialog = ConfirmRemoval(
            self._parent,
            title=self.tr("Remove Archived Copy"),
            heading=self.tr("Remove the archived copy of {session} ({size})?").format(
                session=entry.session_id[:8], size=_size(plan.stored_bytes)
            ),
            body=body,
            action=self.tr("&Remove Copy"),
        )
        dialog.accepted.connect(lambda: self.remove(plan))
        dialog.finished.connect(dialog.deleteLater)
        self.dialog = dialog
        dialog.open()
        return dialog

    def prune(self) -> PruneDialog:
        dialog = PruneDialog(self._hub, self._parent)
        dialog.accepted.connect(lambda: dialog.plan is not None and self.remove(dialog.plan))
        dialog.finished.connect(dialog.deleteLater)
        self.dialog = dialog
        dialog.open()
        return dialog

    def remove(self, plan: ArchiveRemoval) -> None:
        hub = self._hub
        self._background.submit(lambda: hub.removal.remove_copies(plan), self._done, self._failed)

    def _done(self, done: ArchiveRemoval) -> None:
        self._say(
            self.tr("Removed {count} archived copies; {size} freed.").format(
                count=done.count, size=_size(done.bytes_freed)
            )
        )

    def _failed(self, error: BaseException) -> None:
        if not isinstance(error, SessiondeskError):
            raise error
        self._say(self.tr("Nothing was removed: {reason}").format(reason=error_text(error)))

    def _say(self, text: str) -> None:
        if self._status is not None:
            self._status.notify(text)
        self.said.emit(text)


class PruneDialog(QDialog):
    """An account and an age; what that removes, said as they change; Prune removes it."""

    def __init__(self, hub: ServiceHub, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.setObjectName("pruneArchive")
        self.setMinimumWidth(440)
        self._hub = hub
        self._background = Background(hub.executor, self)
        self._asked = 0
        self.plan: ArchiveRemoval | None = None
        self.account = QComboBox(self)
        self.account.setObjectName("pruneAccount")
        self.days = QSpinBox(self)
        self.days.setObjectName("pruneDays")
        self.days.setRange(0, 100_000)
        self.days.setValue(90)
        self.summary = QLabel(self)
        self.summary.setObjectName("pruneSummary")
        self.summary.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.prune_button = QPushButton(self)
        self.prune_button.setObjectName("pruneConfirm")
        self.prune_button.setAutoDefault(False)
        self.prune_button.setEnabled(False)
        self.buttons.addButton(self.prune_button, QDialogButtonBox.ButtonRole.DestructiveRole)
        self.buttons.button(QDialogButtonBox.StandardButton.Cancel).setDefault(True)
        self.prune_button.clicked.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        form = QFormLayout()
        self.account_label = QLabel(self)
        self.days_label = QLabel(self)
        form.addRow(self.account_label, self.account)
        form.addRow(self.days_label, self.days)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.summary)
        layout.addWidget(self.buttons)
        try:
            self.account.addItems([a.name for a in hub.accounts.accounts()])
        except SessiondeskError as exc:
            self.summary.setText(error_text(exc))
        self.retranslate()
        self.account.currentIndexChanged.connect(self.replan)
        self.days.valueChanged.connect(self.replan)
        self.replan()

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Prune Archive"))
        self.account_label.setText(self.tr("&Account:"))
        self.account_label.setBuddy(self.account)
        self.days_label.setText(self.tr("&Older than:"))
        self.days_label.setBuddy(self.days)
        self.days.setSuffix(self.tr(" days"))
        self.prune_button.setText(self.tr("&Prune"))

    def replan(self) -> None:
        """What the choice would remove, read off the window's thread (the last asked wins)."""
        self.plan = None
        self.prune_button.setEnabled(False)
        account, days = self.account.currentText(), self.days.value()
        if not account:
            self.summary.setText(self.tr("No accounts yet."))
            return
        self._asked += 1
        asked, hub = self._asked, self._hub
        self._background.submit(
            lambda: hub.removal.prune_plan(account, days),
            lambda plan: self._planned(asked, plan),
            self._failed,
        )

    def _planned(self, asked: int, plan: ArchiveRemoval) -> None:
        if asked != self._asked:
            return  # the choice changed since
        self.plan = plan
        if not plan.count:
            self.summary.setText(self.tr("No archived copy of this account is that old."))
            return
        self.summary.setText(
            self.tr(
                "Removes {count} archived copies ({size}). {gone} sessions whose original "
                "Claude Code deleted leave the list; {kept} whose original is on disk stay."
            ).format(
                count=plan.count,
                size=_size(plan.stored_bytes),
                gone=plan.unlisted,
                kept=plan.count - plan.unlisted,
            )
        )
        self.prune_button.setEnabled(True)

    def _failed(self, error: BaseException) -> None:
        if not isinstance(error, SessiondeskError):
            raise error
        self.summary.setText(error_text(error))
