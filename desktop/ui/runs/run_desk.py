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
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
import time
from dataclasses import replace
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEventLoop, QObject, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QBoxLayout, QMessageBox

from desktop.domain.changes import OpChanges
from desktop.domain.conversations import Execution, ExecutionStatus
from desktop.domain.errors import ClaudeNotFoundError, SessiondeskError
from desktop.domain.questions import questions_of
from desktop.domain.sessions import SessionRecord
from desktop.domain.transcript import Message
from desktop.domain.transcript_text import shorten
from desktop.services.hub import ServiceHub
from desktop.services.run import PermissionChoice, TurnRequest
from desktop.ui.accounts.switcher import carry_notice_text
from desktop.ui.common.changes import Changes
from desktop.ui.common.error_text import error_text
from desktop.ui.common.first_paint import after_first_paint, after_paint
from desktop.ui.common.records import key_of
from desktop.ui.common.status import StatusBar
from desktop.ui.runs.activity import ActivityLine
from desktop.ui.runs.branch_banner import BranchBanner
from desktop.ui.runs.composer import Composer
from desktop.ui.runs.live_transcript import LivePresenter
from desktop.ui.runs.mode_flow import ModeFlow
from desktop.ui.runs.permission_card import PermissionStack
from desktop.ui.runs.reference_consent import ask_cross_account
from desktop.ui.runs.run_controller import LiveRun, RunController
from desktop.ui.runs.run_indicator import RunIndicator, status_label
from desktop.ui.runs.switch_flow import SwitchFlow
from desktop.ui.runs.tray import Attention, Notifier
from desktop.ui.runs.turn_usage import TurnUsage
from desktop.ui.sessions.session_browser import SessionBrowser
from desktop.ui.sessions.session_model import TITLE
from desktop.ui.transcript.transcript_area import TranscriptArea
from desktop.ui.transcript.transcript_render import Theme, code_html, markdown_html

log = logging.getLogger(__name__)
SHUTDOWN_GRACE_S = 3.0
LISTED_PAINT_WAIT_MS = 100
"""The longest a draft's newly listed session waits for the list to paint its row."""
CLOSE_WAIT_STEPS = 400
"""Twentieths of a second a send waits for the answered turn's claude to exit
(its whole escalation, stdin to SIGKILL, fits in this)."""

if TYPE_CHECKING:
    from desktop.domain.events import PermissionRequest


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
        self._branch: tuple[str, bool] | None = None
        self._branch_account: str | None = None
        self._rerun_of: str | None = None
        """An execution the next send re-runs (a history edit), instead of a branch."""
        layout.addWidget(self.composer)
        layout.setStretchFactor(self.panel, 1)  # the transcript takes the height; these fit
        label = status_label(status)
        status.addPermanentWidget(label)
        self.indicator = RunIndicator(self.controller, changes, self.pane.view, TITLE, label)
        self.notifier = notifier
        self.starting = False
        self._sending: asyncio.Future[None] | None = None
        self.consent: QMessageBox | None = None
        """The last question about sending another account's referenced conversation."""
        self._folder = os.path.expanduser("~")
        self._claude_missing = False
        """The composer says claude was not found: Settings may fix that."""

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
        self.branch_banner.cancelled.connect(self.clear_branch)
        self.panel.view.rerun_requested.connect(self.rerun_message)
        self.pane.record_selected.connect(self._selected)
        self.pane.contents_changed.connect(self._fill_accounts)
        changes.changed.connect(self._changed)
        self.panel.loaded.connect(self._sync)
        c = self.controller
        # the owner's own work at a run's steps (notices, drafts, relisting); what
        # the composer and its neighbours show follows the spine (`_changed`)
        c.bound.connect(self._bound)
        c.permission.connect(self._permission)
        c.finished.connect(self._finished)
        c.updated.connect(self._update_activity)
        self._fill_accounts()
        self._selected(self.pane.selected_record())
        # once the window is on screen: before, the thread competes with the first paint
        after_first_paint(area, _start_warm_up)
        self._renderer_warm = False

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
            self._listed()
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
        self._enter_draft(None)
        self.switching.shown(None)
        self.composer.set_target(account, self.composer.folder() or self._folder)
        self.composer.prompt.setFocus()

    def continue_session(self, record: SessionRecord) -> None:
        """Choose the session and put the keyboard where its next prompt is written."""
        self.pane.select_session(record.account, record.session_id)
        self.composer.fresh_check.setChecked(False)
        self.clear_branch()  # a fork chosen before is called off
        self.composer.prompt.setFocus()

    def fork_session(self, record: SessionRecord) -> None:
        """The next prompt branches a new conversation from this session, as
        `sessiondesk fork SESSION_ID` does: claude's own `--fork-session` when
        resuming it is safe (same account, folder and claude), a replay when not."""
        self.pane.select_session(record.account, record.session_id)
        self.composer.fresh_check.setChecked(False)
        self.branch_from(record.session_id, record.account, fork=True,
                         node=shorten(record.title or record.session_id, 48))  # fmt: skip

    def branch_from(self, execution_id: str, account: str, *, fork: bool, node: str) -> None:
        """The next send continues (or, with `fork`, forks) from this execution
        (of `account`; or a Claude session id, which the service adopts first)
        instead of the shown session; `node` is how the banner names it."""
        self._branch = (execution_id, fork)
        self._branch_account = account
        self.branch_banner.show_branch(fork=fork, node=node)
        self.composer.prompt.setFocus()

    def rerun_message(self, message: Message) -> None:
        """For "Edit & Re-run from Here" on a prompt: its turn's prompt in the composer,
        and the next send a new branch from just before that turn."""
        record = self.panel.current()
        found = (
            self.hub.conversations.turn_of(record.account, record.session_id, message.text)
            if record is not None
            else None
        )
        if found is None:
            self.status.notify(self.tr("Sessiondesk did not send this prompt: nothing to re-run."))
            return
        self.rerun_from(found, node=found.id[:8])

    def rerun_from(self, execution: Execution, *, node: str) -> None:
        self.clear_branch()
        self._rerun_of = execution.id
        self._branch_account = execution.account
        self.branch_banner.show_branch(fork=False, node=node, rerun=True)
        self.composer.prompt.setPlainText(execution.prompt)
        self.composer.prompt.setFocus()

    def clear_branch(self) -> None:
        self._branch = None
        self._rerun_of = None
        self.branch_banner.hide()

    def show_run(self, live: LiveRun) -> None:
        """Show a run's conversation (for the run wall): its listed session, or the
        turn on its own while its session is not listed yet."""
        if live.key is None or not self.pane.select_session(*live.key):
            self._enter_draft(live)
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
        if not self._renderer_warm:  # the reply's Markdown renderer loads while claude starts
            self._renderer_warm = True
            threading.Thread(target=_warm_up_markdown, name="sessiondesk-warm-md",
                             daemon=True).start()  # fmt: skip
        self._sending = asyncio.ensure_future(self._send(confirm_cross_account))

    async def _send(self, confirm_cross_account: bool = False) -> None:
        text = self.composer.prompt_text().strip()
        closing = self.target_run()
        if closing is not None and closing.replied and self._branch is None:
            # the last turn answered and its claude is still exiting: the next turn
            # of the same session waits for it rather than being refused as busy
            self.starting = True
            self._sync()
            await self._closed(closing)
        record = None if self.presenter.is_draft() else self.panel.current()
        fresh = self.composer.fresh()
        branch, branch_account, rerun = self._branch, self._branch_account, self._rerun_of
        if rerun is not None:  # a history edit: the replaced turn brings its conversation
            record = None
            request = TurnRequest(prompt=text, account=branch_account, rerun_of=rerun)
        elif branch is not None:  # the node brings its own account, folder and session
            record, (node, fork) = None, branch
            request = TurnRequest(prompt=text, account=branch_account,
                                  continue_from=None if fork else node,
                                  fork_from=node if fork else None)  # fmt: skip
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
            if isinstance(exc, SessiondeskError) and exc.kind == "cross_account_reference":
                self.consent = ask_cross_account(self.composer.window(), **exc.details)
                self.consent.accepted.connect(lambda: self.send(confirm_cross_account=True))
                return
            if not isinstance(exc, SessiondeskError):  # a bug: said plainly, logged in full
                log.error("a turn could not start", exc_info=exc)
            reason = (
                error_text(exc) if isinstance(exc, SessiondeskError)
                else f"{type(exc).__name__}: {exc}"
            )  # fmt: skip
            self.composer.show_error(reason)
            self._claude_missing = isinstance(exc, ClaudeNotFoundError)
            self.status.notify(self.tr("The turn did not start: {reason}").format(
                reason=reason))  # fmt: skip
            return
        finally:
            self.starting = False
            self._sync()
        self._folder = request.cwd or self._folder
        self.composer.clear_prompt()
        self._tell_notice(live)
        self.composer.fresh_check.setChecked(False)  # a fresh start is a one-off
        if branch is not None or rerun is not None:
            self.clear_branch()
        if branch is not None or rerun is not None or (record is not None and fresh):
            self._enter_draft(live)  # claude may make a new session: show the turn on its own
        self.presenter.attach(live)
        self._sync()

    async def start_request(self, request: TurnRequest) -> LiveRun:
        """Start a turn another room composed (a bundle's "Load context") as a new
        conversation, shown on its own; SessiondeskError when it cannot start."""
        live = await self.controller.start(request)
        self._folder = request.cwd or self._folder
        self._enter_draft(live)
        self.presenter.attach(live)
        self._sync()
        return live

    def _tell_notice(self, live: LiveRun, *, ended: bool = False) -> None:
        """Less was carried over than the switch asked: said when the turn starts,
        and kept above the composer once it ended (a refused moved transcript
        is known only then)."""
        notice = live.run.plan.notice
        if notice:
            text = carry_notice_text(notice)
            self.status.notify(text)
            if ended:
                self.composer.show_error(text)

    async def _closed(self, live: LiveRun) -> None:
        for _ in range(CLOSE_WAIT_STEPS):
            if not live.streaming:
                return
            await asyncio.sleep(0.05)

    def settings_saved(self) -> None:
        """Settings may point at a working claude now: say so, and drop the old complaint."""
        if not self._claude_missing:
            return
        try:
            path = self.hub.runs.binary()
        except SessiondeskError:
            return  # still not found: the composer's words stay true
        self._claude_missing = False
        self.composer.clear_error()
        self.status.notify(self.tr("claude found: {path}").format(path=path))

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

    def _enter_draft(self, live: LiveRun | None) -> None:
        self.pane.view.clearSelection()
        self.area.show_transcript()
        self.presenter.show_draft(live, *self.presenter.draft_header(live))
        self._sync()

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

    def _listed(self, *_args: object) -> None:
        """A draft's session is in the list now: choose it, so the list and the centre agree.

        Chosen once the list has painted its new row: choosing starts the transcript's
        and the pane's reads in workers, and the list's repaint beside them (its
        model is Python) waited for the interpreter lock at every cell."""
        live = self.presenter.shown()
        if not self.presenter.is_draft() or live is None or live.key is None:
            return
        if self.pane.source.row_of(live.key) >= 0:
            after_paint(self.pane.view.viewport(), lambda: self._choose_listed(live),
                        LISTED_PAINT_WAIT_MS)  # fmt: skip

    def _choose_listed(self, live: LiveRun) -> None:
        if not self.presenter.is_draft() or self.presenter.shown() is not live:
            return  # the person chose something else meanwhile
        if live.key is not None and self.pane.source.row_of(live.key) >= 0:
            self.pane.select_session(*live.key)

    def _bound(self, live: LiveRun) -> None:
        current = self.panel.current()
        shown = self.presenter.shown() is live and not self.presenter.is_draft()
        if shown and current is not None and key_of(current) != live.key:
            self._enter_draft(live)  # claude started another session: follow the turn
        self._sync()

    def _permission(self, live: LiveRun, request: PermissionRequest) -> None:
        self._sync()
        title = self.tr("Claude needs your permission")
        text = self.tr("{tool} in “{turn}”").format(tool=request.tool_name,
                                                    turn=shorten(live.prompt, 60))  # fmt: skip
        questions = questions_of(request.tool_name, request.input)
        if questions:  # the question says more than the tool's name
            title, text = self.tr("Claude asks you"), shorten(questions[0].text, 90)
        self.notifier.tell(Attention.PERMISSION, title, text, run_shown=self._is_shown(live))

    def _finished(self, live: LiveRun) -> None:
        try:
            self._announce_end(live)
        finally:
            self._sync()  # whatever went wrong telling it, the composer stops saying "answering"

    def _announce_end(self, live: LiveRun) -> None:
        shown = self._is_shown(live)
        self._relist(live)  # first: choosing the listed session resets the composer
        if live.failed():
            reason = live.error or self.tr("the turn failed")
            if shown:
                self.composer.show_error(reason)
                if not live.transcript.text():
                    self.composer.restore_prompt(live.prompt)
            self.notifier.tell(Attention.FAILED, self.tr("A turn failed"), reason, run_shown=shown)
        elif live.status is ExecutionStatus.INTERRUPTED:  # stopped: it did not finish
            self.notifier.tell(Attention.FINISHED, self.tr("Claude stopped"),
                               shorten(live.prompt, 80), run_shown=shown)  # fmt: skip
        else:
            self.notifier.tell(Attention.FINISHED, self.tr("Claude finished"),
                               shorten(live.prompt, 80), run_shown=shown)  # fmt: skip
        self.switching.finished(live, shown)
        if shown:
            self._tell_notice(live, ended=True)
        self._sync()  # the controller's "ended" on the spine comes after this

    def _relist(self, live: LiveRun) -> None:
        # the run service indexed the transcript as the turn ended: put it in the list now
        if live.key is None:
            return
        try:
            record = self.hub.sessions.find(live.key[1], live.key[0])
        except SessiondeskError:
            return  # never written (the turn failed early): nothing to list
        self.pane.merge([record])
        # chosen now, not after the list's next paint (`_listed`): the end's error and
        # prompt shown next must not be reset by a choice that comes after them
        self._choose_listed(live)
        # the list follows; the run's own "ended" tells the rest (one read of the pane, not two)
        self.changes.publish(OpChanges(listing=True))

    def _is_shown(self, live: LiveRun) -> bool:
        """Whether the centre shows this run's conversation (its rows, cards or end)."""
        if self.presenter.shown() is live:
            return True
        current = self.panel.current()
        return not self.presenter.is_draft() and current is not None and key_of(current) == live.key

    def shutdown(self, grace: float = SHUTDOWN_GRACE_S) -> None:
        """The window closes: stop every run and give them a moment to record their end.

        A run still going after that is recorded as interrupted at the next start.
        """
        self.controller.stop_all()
        deadline = time.monotonic() + grace
        # the runs are tasks of this loop: it goes on turning while they record their
        # end — unless a task of the loop closes the window, which cannot wait on others
        while self.controller.streaming() and time.monotonic() < deadline and not _in_task():
            QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
        self.controller.close()
        self.notifier.close()


def _in_task() -> bool:
    try:
        return asyncio.current_task() is not None
    except RuntimeError:  # no loop is running: nothing would drive the runs either
        return True


def _warm_up_markdown() -> None:
    """Load markdown-it and build the reply renderer, in a thread of its own.

    It loads at the first message rendered, not while the window starts; for
    a new conversation that is the first streamed reply, where the import
    (60–100 ms) was the longest stall on the window's thread.
    """
    markdown_html("x", Theme.for_dark(False))


def _start_warm_up() -> None:
    threading.Thread(target=_warm_up_highlighter, name="sessiondesk-warm", daemon=True).start()


def _warm_up_highlighter() -> None:
    """Load the Markdown renderer and the code highlighter's commonest lexers,
    in a thread of its own.

    The first message shown costs markdown-it's import (about 110 ms on a busy
    machine), and the first code block in a language an import and a few
    hundred regular expressions (about 45 ms for Python): paid on the window's
    thread when a transcript opens or in the middle of a streaming reply, that
    is a visible stall.
    """
    theme = Theme.for_dark(False)
    for prompt in (False, True):
        markdown_html("x", theme, prompt=prompt)
    for language in ("python", "bash", "diff"):
        code_html("x", theme, language)
