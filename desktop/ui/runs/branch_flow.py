"""Where the next send starts: the chosen session, or a branch or a re-run.

Continue and Fork on a node of the execution tree or on a listed session,
and "Edit & Re-run from Here" on a prompt, send nothing: they say where the
next send starts, the banner above the composer says so for a branch or a
re-run, and its close button calls that off. At its next send the run desk
asks `request_for`: a branch or a re-run brings its own account, folder and
session, so the session the centre shows is not the one that turn continues.
"""

from __future__ import annotations

from PySide6.QtCore import QObject

from desktop.domain.conversations import Execution
from desktop.domain.sessions import SessionRecord
from desktop.domain.transcript import Message
from desktop.domain.transcript_text import shorten
from desktop.services.hub import ServiceHub
from desktop.services.run import TurnRequest
from desktop.ui.common.status import StatusBar
from desktop.ui.runs.branch_banner import BranchBanner
from desktop.ui.runs.composer import Composer
from desktop.ui.sessions.session_list import SessionListPane
from desktop.ui.transcript.transcript_panel import TranscriptPanel


class BranchFlow(QObject):
    def __init__(
        self,
        hub: ServiceHub,
        composer: Composer,
        banner: BranchBanner,
        *,
        pane: SessionListPane,
        panel: TranscriptPanel,
        status: StatusBar,
        parent: QObject,
    ) -> None:
        super().__init__(parent)
        self._hub, self._composer, self._banner = hub, composer, banner
        self._pane, self._panel, self._status = pane, panel, status
        self._branch: tuple[str, bool] | None = None
        """The execution (or Claude session id) the next send branches from, and
        whether it forks."""
        self._account: str | None = None
        self._rerun_of: str | None = None
        """An execution the next send re-runs (a history edit), instead of a branch."""
        banner.cancelled.connect(self.clear)

    def branching(self) -> bool:
        """The next send continues or forks from a chosen node."""
        return self._branch is not None

    def continue_session(self, record: SessionRecord) -> None:
        """Choose the session and put the keyboard where its next prompt is written."""
        self._pane.select_session(record.account, record.session_id)
        self._composer.fresh_check.setChecked(False)
        self.clear()  # a fork chosen before is called off
        self._composer.prompt.setFocus()

    def fork_session(self, record: SessionRecord) -> None:
        """The next prompt branches a new conversation from this session, as
        `sessiondesk fork SESSION_ID` does: claude's own `--fork-session` when
        resuming it is safe (same account, folder and claude), a replay when not."""
        self._pane.select_session(record.account, record.session_id)
        self._composer.fresh_check.setChecked(False)
        self.branch_from(record.session_id, record.account, fork=True,
                         node=shorten(record.title or record.session_id, 48))  # fmt: skip

    def branch_from(self, execution_id: str, account: str, *, fork: bool, node: str) -> None:
        """The next send continues (or, with `fork`, forks) from this execution
        (of `account`; or a Claude session id, which the service adopts first)
        instead of the shown session; `node` is how the banner names it."""
        self._branch = (execution_id, fork)
        self._account = account
        self._banner.show_branch(fork=fork, node=node)
        self._composer.prompt.setFocus()

    def rerun_message(self, message: Message) -> None:
        """For "Edit & Re-run from Here" on a prompt: its turn's prompt in the composer,
        and the next send a new branch from just before that turn."""
        record = self._panel.current()
        found = (
            self._hub.conversations.turn_of(record.account, record.session_id, message.text)
            if record is not None
            else None
        )
        if found is None:
            self._status.notify(self.tr("Sessiondesk did not send this prompt: nothing to re-run."))
            return
        self.rerun_from(found, node=found.id[:8])

    def rerun_from(self, execution: Execution, *, node: str) -> None:
        """The next send is a new branch from just before this turn; its prompt
        is put in the composer to be edited."""
        self.clear()
        self._rerun_of = execution.id
        self._account = execution.account
        self._banner.show_branch(fork=False, node=node, rerun=True)
        self._composer.prompt.setPlainText(execution.prompt)
        self._composer.prompt.setFocus()

    def clear(self) -> None:
        self._branch = None
        self._rerun_of = None
        self._banner.hide()

    def request_for(self, text: str) -> TurnRequest | None:
        """The turn the next send starts with `text`, when it is a branch or a
        re-run (None: it continues the shown session)."""
        if self._rerun_of is not None:  # a history edit: the replaced turn brings its conversation
            return TurnRequest(prompt=text, account=self._account, rerun_of=self._rerun_of)
        if self._branch is not None:  # the node brings its own account, folder and session
            node, fork = self._branch
            return TurnRequest(prompt=text, account=self._account,
                               continue_from=None if fork else node,
                               fork_from=node if fork else None)  # fmt: skip
        return None
