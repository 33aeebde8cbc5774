"""Delete Conversation…: asks first, saying what goes and what stays, then deletes.

The plan and the delete are read and done off the window's thread; the
service reports the change on the spine, so the list, the pane and the
library re-read by themselves. A running turn refuses the delete, in words.
"""

from __future__ import annotations

from PySide6.QtCore import QLocale, QObject, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QWidget

from desktop.domain.conversations import Conversation
from desktop.domain.errors import SessiondeskError
from desktop.domain.removal import ConversationDeleted, ConversationRemoval
from desktop.services.hub import ServiceHub
from desktop.ui.common.background import Background
from desktop.ui.common.confirm_removal import ConfirmRemoval
from desktop.ui.common.error_text import error_text
from desktop.ui.common.status import StatusBar


class ConversationDeleter(QObject):
    deleted = Signal(object)
    """The ConversationDeleted, once it is done."""
    refused = Signal(str)
    """Why nothing was deleted, as the status bar says it."""

    def __init__(self, hub: ServiceHub, status: StatusBar, parent: QWidget) -> None:
        super().__init__(parent)
        self._hub, self._status, self._parent = hub, status, parent
        self._background = Background(hub.executor, self)
        self.dialog: ConfirmRemoval | None = None
        self.action = QAction(parent)
        self.action.setObjectName("deleteConversation")
        self.action.setShortcut(QKeySequence(QKeySequence.StandardKey.Delete))
        # only where a conversation is what has the focus: Delete in a text field edits text
        self.action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.retranslate()

    def retranslate(self) -> None:
        self.action.setText(self.tr("&Delete Conversation…"))
        self.action.setStatusTip(
            self.tr("Remove the conversation from Sessiondesk, after saying what goes")
        )

    def ask(self, conversation: Conversation | None) -> None:
        """Plan the delete, then ask with what it removes."""
        if conversation is None:
            self._status.notify(self.tr("Choose a session of a conversation first."))
            return
        hub = self._hub
        self._background.submit(
            lambda: hub.removal.conversation_plan(conversation.id), self.confirm, self._failed
        )

    def confirm(self, plan: ConversationRemoval) -> ConfirmRemoval:
        option = None
        if plan.transcripts:
            option = self.tr("Also delete Claude's own transcripts of it ({size})").format(
                size=QLocale().formattedDataSize(plan.transcript_bytes)
            )
        dialog = ConfirmRemoval(
            self._parent,
            title=self.tr("Delete Conversation"),
            heading=self.tr("Delete {code} “{title}”?").format(code=plan.code, title=plan.title),
            body=self.describe(plan),
            action=self.tr("&Delete"),
            option=option,
        )
        dialog.accepted.connect(lambda: self.delete(plan, dialog.ticked()))
        dialog.finished.connect(dialog.deleteLater)
        self.dialog = dialog
        dialog.open()
        return dialog

    def describe(self, plan: ConversationRemoval) -> str:
        """What goes and what stays, one line each."""
        lines = [
            self.tr("Its {count} recorded turns and its execution tree are removed.").format(
                count=plan.executions
            )
        ]
        if plan.bundles:
            lines.append(
                self.tr("It is taken out of the bundles {names}; they keep their other items.")
                .format(names=", ".join(plan.bundles))
            )  # fmt: skip
        if plan.forks:
            lines.append(
                self.tr("Its forks {codes} keep their own sessions and become conversations "
                        "of their own.").format(codes=", ".join(plan.forks))
            )  # fmt: skip
        if plan.referenced_by:
            lines.append(
                self.tr("{codes} name it in their text; that text stays, and {code} is never "
                        "given to another conversation.")
                .format(codes=", ".join(plan.referenced_by), code=plan.code)
            )  # fmt: skip
        if plan.shared_sessions:
            lines.append(
                self.tr("{count} of its Claude sessions are used by another conversation too "
                        "and always stay.").format(count=plan.shared_sessions)
            )  # fmt: skip
        lines.append(
            self.tr("Claude's own transcripts stay on disk unless you tick the box below; "
                    "it removes only the {count} that no other conversation uses.")
            .format(count=len(plan.transcripts))
            if plan.transcripts
            else self.tr("Claude's own transcripts stay on disk.")
        )  # fmt: skip
        return "\n\n".join(lines)

    def delete(self, plan: ConversationRemoval, with_transcripts: bool) -> None:
        hub = self._hub
        self._background.submit(
            lambda: hub.removal.delete_conversation(
                plan.conversation_id, with_transcripts=with_transcripts
            ),
            self._done,
            self._failed,
        )

    def _done(self, done: ConversationDeleted) -> None:
        said = self.tr("Deleted {code}.").format(code=done.plan.code)
        if done.transcripts_removed:
            said += " " + self.tr("Removed {count} transcripts ({size}).").format(
                count=done.transcripts_removed,
                size=QLocale().formattedDataSize(done.bytes_freed),
            )
        if done.failed:
            said += " " + self.tr("{count} transcripts could not be removed.").format(
                count=len(done.failed)
            )
        self._status.notify(said)
        self.deleted.emit(done)

    def _failed(self, error: BaseException) -> None:
        if not isinstance(error, SessiondeskError):
            raise error
        said = self.tr("Nothing was deleted: {reason}").format(reason=error_text(error))
        self._status.notify(said)
        self.refused.emit(said)
