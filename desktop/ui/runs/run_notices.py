"""What the person is told at a run's steps that need them: a question waiting,
the run's end, and less carried over than a switch asked.

The tray (or the status bar) says a permission or question is waiting and
that a run finished, stopped or failed; a failure shown in the centre puts
its reason on the composer's error line (and the prompt back when claude
answered nothing). At the end the run's session is listed and, for a draft,
chosen — before anything is said, since choosing resets the composer.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from desktop.domain.changes import OpChanges
from desktop.domain.conversations import ExecutionStatus
from desktop.domain.errors import SessiondeskError
from desktop.domain.questions import questions_of
from desktop.domain.transcript_text import shorten
from desktop.services.hub import ServiceHub
from desktop.ui.accounts.switcher import carry_notice_text
from desktop.ui.common.changes import Changes
from desktop.ui.common.records import key_of
from desktop.ui.common.status import StatusBar
from desktop.ui.runs.composer import Composer
from desktop.ui.runs.drafts import Drafts
from desktop.ui.runs.live_transcript import LivePresenter
from desktop.ui.runs.run_controller import LiveRun, RunController
from desktop.ui.runs.switch_flow import SwitchFlow
from desktop.ui.runs.tray import Attention, Notifier
from desktop.ui.sessions.session_list import SessionListPane
from desktop.ui.transcript.transcript_panel import TranscriptPanel

if TYPE_CHECKING:
    from desktop.domain.events import PermissionRequest


class RunNotices(QObject):
    def __init__(
        self,
        hub: ServiceHub,
        controller: RunController,
        *,
        composer: Composer,
        presenter: LivePresenter,
        drafts: Drafts,
        switching: SwitchFlow,
        pane: SessionListPane,
        panel: TranscriptPanel,
        notifier: Notifier,
        status: StatusBar,
        changes: Changes,
        sync: Callable[[], None],
    ) -> None:
        """`sync` brings the composer and its neighbours up to the run's step."""
        super().__init__(controller)
        self._hub, self._composer, self._presenter = hub, composer, presenter
        self._drafts, self._switching, self._pane, self._panel = drafts, switching, pane, panel
        self._notifier, self._status, self._changes = notifier, status, changes
        self._sync = sync
        controller.permission.connect(self._permission)
        controller.finished.connect(self._finished)

    def tell_notice(self, live: LiveRun, *, ended: bool = False) -> None:
        """Less was carried over than the switch asked: said when the turn starts,
        and kept above the composer once it ended (a refused moved transcript
        is known only then)."""
        notice = live.run.plan.notice
        if notice:
            text = carry_notice_text(notice)
            self._status.notify(text)
            if ended:
                self._composer.show_error(text)

    def is_shown(self, live: LiveRun) -> bool:
        """Whether the centre shows this run's conversation (its rows, cards or end)."""
        if self._presenter.shown() is live:
            return True
        current = self._panel.current()
        return (not self._presenter.is_draft() and current is not None
                and key_of(current) == live.key)  # fmt: skip

    def _permission(self, live: LiveRun, request: PermissionRequest) -> None:
        self._sync()
        title = self.tr("Claude needs your permission")
        text = self.tr("{tool} in “{turn}”").format(tool=request.tool_name,
                                                    turn=shorten(live.prompt, 60))  # fmt: skip
        questions = questions_of(request.tool_name, request.input)
        if questions:  # the question says more than the tool's name
            title, text = self.tr("Claude asks you"), shorten(questions[0].text, 90)
        self._notifier.tell(Attention.PERMISSION, title, text, run_shown=self.is_shown(live))

    def _finished(self, live: LiveRun) -> None:
        try:
            self._announce_end(live)
        finally:
            self._sync()  # whatever went wrong telling it, the composer stops saying "answering"

    def _announce_end(self, live: LiveRun) -> None:
        shown = self.is_shown(live)
        self._relist(live)  # first: choosing the listed session resets the composer
        if live.failed():
            reason = live.error or self.tr("the turn failed")
            if shown:
                self._composer.show_error(reason)
                if not live.transcript.text():
                    self._composer.restore_prompt(live.prompt)
            self._notifier.tell(Attention.FAILED, self.tr("A turn failed"), reason,
                                run_shown=shown)  # fmt: skip
        elif live.status is ExecutionStatus.INTERRUPTED:  # stopped: it did not finish
            self._notifier.tell(Attention.FINISHED, self.tr("Claude stopped"),
                                shorten(live.prompt, 80), run_shown=shown)  # fmt: skip
        else:
            self._notifier.tell(Attention.FINISHED, self.tr("Claude finished"),
                                shorten(live.prompt, 80), run_shown=shown)  # fmt: skip
        self._switching.finished(live, shown)
        if shown:
            self.tell_notice(live, ended=True)
        self._sync()  # the controller's "ended" on the spine comes after this

    def _relist(self, live: LiveRun) -> None:
        # the run service indexed the transcript as the turn ended: put it in the list now
        if live.key is None:
            return
        try:
            record = self._hub.sessions.find(live.key[1], live.key[0])
        except SessiondeskError:
            return  # never written (the turn failed early): nothing to list
        self._pane.merge([record])
        # chosen now, not after the list's next paint (`Drafts.listed`): the end's error
        # and prompt shown next must not be reset by a choice that comes after them
        self._drafts.choose_listed(live)
        # the list follows; the run's own "ended" tells the rest (one read of the pane, not two)
        self._changes.publish(OpChanges(listing=True))
