"""Wires turns into the window: the composer, live rows, permission cards, badges, the tray.

Like the session browser, this keeps the window a shell: it gets the
session browser, the transcript area, the status bar, its two actions and
the window's `Changes`, never the window. The composer and the permission
cards go under the transcript; a send continues the session the list has
chosen (adopting it into a conversation) or, in a draft made by New
Conversation, starts one with the chosen account and folder. Its runs' steps
go out on the change spine (`Changes`) from the controller; the composer,
Stop, the cards and the activity line follow the spine like every other
view, each time asking the controller whether the conversation shown has a
run going — so no path (new, continue, resume, fork, re-run, switch, a
failure, a stop, a rollover) can leave them saying it is answering.

Its parts: `branch_flow` (where the next send starts: the chosen session, a
branch, a re-run), `drafts` (a turn shown on its own until its session is
listed), `run_notices` (what the person is told at a run's steps),
`start_refusal` (a turn that could not start) and `renderer_warm_up`.
"""

from __future__ import annotations

import asyncio
import os
from dataclasses import replace

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QBoxLayout, QMessageBox

from desktop.domain.changes import OpChanges
from desktop.domain.sessions import SessionRecord
from desktop.services.hub import ServiceHub
from desktop.services.run import PermissionChoice, TurnRequest
from desktop.ui.common.changes import Changes
from desktop.ui.common.records import key_of
from desktop.ui.common.status import StatusBar
from desktop.ui.runs.activity import ActivityLine
from desktop.ui.runs.branch_banner import BranchBanner
from desktop.ui.runs.branch_flow import BranchFlow
from desktop.ui.runs.composer import Composer
from desktop.ui.runs.drafts import Drafts
from desktop.ui.runs.live_transcript import LivePresenter
from desktop.ui.runs.mode_flow import ModeFlow
from desktop.ui.runs.permission_card import PermissionStack
from desktop.ui.runs.renderer_warm_up import RendererWarmUp
from desktop.ui.runs.run_controller import LiveRun, RunController
from desktop.ui.runs.run_indicator import RunIndicator, status_label
from desktop.ui.runs.run_notices import RunNotices
from desktop.ui.runs.start_refusal import StartRefusal
from desktop.ui.runs.switch_flow import SwitchFlow
from desktop.ui.runs.tray import Notifier
from desktop.ui.runs.turn_usage import TurnUsage
from desktop.ui.sessions.session_browser import SessionBrowser
from desktop.ui.sessions.session_model import TITLE
from desktop.ui.transcript.transcript_area import TranscriptArea

SHUTDOWN_GRACE_S = 3.0


class RunDesk(QObject):
    def __init__(
        self,
        hub: ServiceHub,
        *,
        sessions: SessionBrowser,
        area: TranscriptArea,
        status: StatusBar,
        new_conversation: QAction,
        stop_run: QAction,
        notifier: Notifier,
        changes: Changes,
        parent: QObject,
    ) -> None:
        super().__init__(parent)
        self.hub = hub
        self.area = area
        self.status = status
        self.stop_action = stop_run
        self.new_action = new_conversation
        self.changes = changes
        self.pane, self.panel = sessions.pane, sessions.panel
        self.controller = RunController(hub, changes, self)
        self.presenter = LivePresenter(self.panel, self.controller, changes)
        self.usage = TurnUsage(hub, self.panel, self.controller, sessions.background)
        page = area.transcript_page
        self.cards = PermissionStack(page)
        self.composer = Composer(page)
        self.activity = ActivityLine(page)
        self.switching = SwitchFlow(hub, self.composer, status, self.controller, self)
        self.modes = ModeFlow(hub, self.composer, sessions.background, self)
        layout = page.layout()
        assert isinstance(layout, QBoxLayout)
        layout.addWidget(self.cards)
        layout.addWidget(self.activity)
        self.branch_banner = BranchBanner(page)
        layout.addWidget(self.branch_banner)
        self.branching = BranchFlow(hub, self.composer, self.branch_banner, pane=self.pane,
                                    panel=self.panel, status=status, parent=self)  # fmt: skip
        self.drafts = Drafts(self.presenter, self.pane, self.panel, area, self._sync)
        layout.addWidget(self.composer)
        layout.setStretchFactor(self.panel, 1)  # the transcript takes the height; these fit
        label = status_label(status)
        status.addPermanentWidget(label)
        self.indicator = RunIndicator(self.controller, changes, self.pane.view, TITLE, label,
                                      hold=self.pane.source.hold)  # fmt: skip
        self.notifier = notifier
        self.starting = False
        self._sending: asyncio.Future[None] | None = None
        self.refusal = StartRefusal(
            hub, self.composer, status, lambda: self.send(confirm_cross_account=True), self
        )
        self._folder = os.path.expanduser("~")

        self.composer.use_stop_action(stop_run)
        # Esc stops only where a person is looking at a conversation, not in the search box
        stop_run.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        area.addAction(stop_run)
        sessions.toolbar.insertAction(sessions.toolbar.actions()[0], new_conversation)
        new_conversation.triggered.connect(self.new_conversation)
        stop_run.triggered.connect(self.stop_shown)
        self.composer.send_requested.connect(self.send)
        self.cards.decided.connect(self._answer)
        self.cards.answered.connect(self._answer_questions)
        self.panel.view.rerun_requested.connect(self.branching.rerun_message)
        self.pane.record_selected.connect(self._selected)
        self.pane.contents_changed.connect(self._fill_accounts)
        changes.changed.connect(self._changed)
        self.panel.loaded.connect(self._sync)
        c = self.controller
        # the owner's own work at a run's steps (notices, drafts, relisting); what
        # the composer and its neighbours show follows the spine (`_changed`)
        c.bound.connect(self.drafts.bound)
        self.notices = RunNotices(
            hub, c, composer=self.composer, presenter=self.presenter, drafts=self.drafts,
            switching=self.switching, pane=self.pane, panel=self.panel, notifier=notifier,
            status=status, changes=changes, sync=self._sync,
        )  # fmt: skip
        c.updated.connect(self._update_activity)
        self._fill_accounts()
        self._selected(self.pane.selected_record())
        self._warm_up = RendererWarmUp(area, hub.executor)

    @property
    def consent(self) -> QMessageBox | None:
        """The last question about sending another account's referenced conversation."""
        return self.refusal.consent

    # -- what is shown ---------------------------------------------------------------------

    def target_run(self) -> LiveRun | None:
        """The streaming run of the conversation in the centre, if any."""
        if self.presenter.is_draft():
            shown = self.presenter.shown()
            return shown if shown is not None and shown.streaming else None
        record = self.panel.current() or self.pane.selected_record()
        return self.controller.of_session(key_of(record)) if record is not None else None

    def _changed(self, changes: OpChanges) -> None:
        """The spine's news: a run's step, or the list, may change what the composer,
        Stop, the cards and the activity line say; and a draft's session may be
        listed now."""
        if changes.listing:
            self.drafts.listed()
        if changes.run_events or changes.sessions or changes.conversations:
            self._sync()

    def _sync(self, *_args: object) -> None:
        run = self.target_run()
        streaming = run is not None
        # once the answer is complete claude may take seconds to exit (a background
        # task keeps it): the composer says it is answering only while it is
        answering = streaming and not run.replied
        self.composer.set_state(streaming=answering, starting=self.starting)
        self.stop_action.setEnabled(streaming and not run.stopping)
        self.cards.show_run(run)
        self.activity.show_state(starting=self.starting, live=run)

    def _update_activity(self, *_args: object) -> None:
        self.activity.show_state(starting=self.starting, live=self.target_run())

    # -- commands ------------------------------------------------------------------------------

    def new_conversation(self) -> None:
        account = self.pane.selected_account() or self.composer.account()
        self.drafts.enter(None)
        self.switching.shown(None)
        self.composer.set_target(account, self.composer.folder() or self._folder)
        self.composer.prompt.setFocus()

    def show_run(self, live: LiveRun) -> None:
        """Show a run's conversation (for the run wall): its listed session, or the
        turn on its own while its session is not listed yet."""
        if live.key is None or not self.pane.select_session(*live.key):
            self.drafts.enter(live)
            self.presenter.attach(live)

    def stop_shown(self) -> None:
        run = self.target_run()
        if run is not None:
            self.controller.stop(run)
            self.status.notify(self.tr("Stopping…"))
            self._sync()

    def send(self, *, confirm_cross_account: bool = False) -> None:
        if self.starting or not self.composer.can_send():
            return
        self._warm_up.before_reply()
        self._sending = asyncio.ensure_future(self._send(confirm_cross_account))

    async def _send(self, confirm_cross_account: bool = False) -> None:
        text = self.composer.prompt_text().strip()
        closing = self.target_run()
        if closing is not None and closing.replied and not self.branching.branching():
            # the last turn answered and its claude is still exiting: the next turn
            # of the same session waits for it rather than being refused as busy
            self.starting = True
            self._sync()
            await self.controller.exited(closing)
        record = None if self.presenter.is_draft() else self.panel.current()
        fresh = self.composer.fresh()
        branched = self.branching.request_for(text)
        if branched is not None:  # it brings its own account, folder and session
            record, request = None, branched
        else:
            request = TurnRequest(prompt=text, account=self.composer.account(),
                                  cwd=self.composer.folder() or None, fresh=fresh)  # fmt: skip
            request = self.switching.request_for(request) if record is not None else request
        request = self.modes.request_for(request)  # the composer's model and mode
        request = replace(request, confirm_cross_account=confirm_cross_account,
                          images=self.composer.images())  # fmt: skip
        self.starting = True
        self.composer.clear_error()
        self._sync()
        try:
            live = await self.controller.start(request, key_of(record) if record else None)
        except Exception as exc:
            self.refusal.refused(exc)
            return
        finally:
            self.starting = False
            self._sync()
        self._folder = request.cwd or self._folder
        self.composer.clear_prompt()
        self.notices.tell_notice(live)
        self.composer.fresh_check.setChecked(False)  # a fresh start is a one-off
        if branched is not None:
            self.branching.clear()
        if branched is not None or (record is not None and fresh):
            self.drafts.enter(live)  # claude may make a new session: show the turn on its own
        self.presenter.attach(live)
        self._sync()

    async def start_request(self, request: TurnRequest) -> LiveRun:
        """Start a turn another room composed (a bundle's "Load context") as a new
        conversation, shown on its own; SessiondeskError when it cannot start."""
        live = await self.controller.start(request)
        self._folder = request.cwd or self._folder
        self.drafts.enter(live)
        self.presenter.attach(live)
        self._sync()
        return live

    def _answer_questions(self, live: LiveRun, request_id: str, answers: dict[str, str]) -> None:
        self._answer(live, request_id, PermissionChoice.ALLOW, answers)

    def _answer(
        self,
        live: LiveRun,
        request_id: str,
        choice: PermissionChoice,
        answers: dict[str, str] | None = None,
    ) -> None:
        self.controller.answer(live, request_id, choice, answers)
        # the answered card is rebuilt without its buttons: the keyboard goes back to writing
        self.composer.prompt.setFocus(Qt.FocusReason.OtherFocusReason)

    # -- reactions ---------------------------------------------------------------------------------

    def _fill_accounts(self) -> None:
        names = self.pane.account_names()
        self.composer.set_accounts(names)
        self.new_action.setEnabled(bool(names))  # no account, no turn

    def _selected(self, record: SessionRecord | None) -> None:
        self.presenter.selection_changed(record)
        if record is not None:
            self.composer.set_target(
                record.account, record.cwd or self._last_folder(record.account)
            )
        self.switching.shown(record)
        self.modes.shown(record)
        self._sync()

    def _last_folder(self, account: str) -> str:
        """Where `account` worked last (its newest listed session with a folder), else the
        folder of the window's last turn: never a home folder nobody chose."""
        dated = [r for r in self.pane.source.records() if r.account == account and r.cwd]
        if dated:
            newest = max(dated, key=lambda r: r.modified.timestamp() if r.modified else 0.0)
            return newest.cwd or self._folder
        return self._folder

    def shutdown(self, grace: float = SHUTDOWN_GRACE_S) -> None:
        """The window closes: stop every run and give them a moment to record their end.

        A run still going after that is recorded as interrupted at the next start.
        """
        self.controller.stop_all()
        self.controller.wait_ended(grace)
        self.notifier.close()
