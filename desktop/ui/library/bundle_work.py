"""What the bundles page starts: load a context on the run desk, export, import, add a session.

Export and import read and write whole transcripts, so they run on a worker
thread (`Background`) while the page shows it is busy; the answer, or the
refusal in the window's words, comes back on the window's thread. An import
that is refused has changed nothing (the service checks everything first).
"""

from __future__ import annotations

import asyncio
import logging
import os
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QFileDialog, QInputDialog, QWidget

from desktop.domain.errors import SessiondeskError
from desktop.domain.sessions import SessionRecord
from desktop.services.hub import ServiceHub
from desktop.ui.common.background import Background
from desktop.ui.common.error_text import error_text
from desktop.ui.common.status import StatusBar
from desktop.ui.library.bundles_page import BundlesPage
from desktop.ui.library.load_dialog import LoadContextDialog
from desktop.ui.runs.run_desk import RunDesk

if TYPE_CHECKING:  # the exchange loads with its first export or import, not the window
    from desktop.domain.conversations import Conversation
    from desktop.services.bundle_exchange import ExportReport, ImportReport
    from desktop.services.bundles import LoadChoice, NotResumed

log = logging.getLogger(__name__)
BUNDLE_FILTER = "Sessiondesk bundle (*.sdbundle *.zip);;*"


class BundleWork(QObject):
    done = Signal(str)
    """What finished, in words (also said on the page and in the status bar)."""
    failed = Signal(str)

    def __init__(
        self, hub: ServiceHub, page: BundlesPage, desk: RunDesk, status: StatusBar,
        parent: QWidget,
    ) -> None:  # fmt: skip
        super().__init__(parent)
        self._hub, self._page, self._desk = hub, page, desk
        self._status, self._parent = status, parent
        self._background = Background(hub.executor, self)
        self._tasks: set[asyncio.Future[None]] = set()
        self.dialog: QWidget | None = None
        self._plan_ticket: int | None = None
        """The open question (load, file, account), for tests."""
        page.load_requested.connect(self.ask_load)
        page.export_requested.connect(self.ask_export)
        page.import_requested.connect(self.ask_import)

    def _said(self, text: str, ok: bool) -> None:
        self._page.busy(None)
        self._page.say(text)
        self._status.notify(text)
        (self.done if ok else self.failed).emit(text)

    def _refused(self, error: BaseException) -> None:
        if not isinstance(error, SessiondeskError):
            log.error("bundle work failed", exc_info=error)
            self._said(f"{type(error).__name__}: {error}", False)
            return
        self._said(self.tr("Refused, nothing was changed: {reason}").format(
            reason=error_text(error)), False)  # fmt: skip

    # -- load context ------------------------------------------------------------------

    def ask_load(self, name: str) -> LoadContextDialog:
        accounts = [a.name for a in self._hub.accounts.accounts()]
        folder = self._desk.composer.folder() or os.path.expanduser("~")
        views = self._page.views if self._page.bundle and self._page.bundle.name == name else []
        dialog = LoadContextDialog(name, views, accounts, folder, self._page)
        chosen = self._desk.composer.account()
        if chosen in accounts:
            dialog.account.setCurrentText(chosen)
        dialog.chosen.connect(lambda a, f, p, c: self.load(name, a, f, p, c))
        dialog.where_changed.connect(lambda a, f: self._preview(dialog, name, a, f))
        self.dialog = dialog
        dialog.open()
        dialog.ask_plan()
        return dialog

    def _preview(self, dialog: LoadContextDialog, name: str, account: str, folder: str) -> int:
        """What Start would do, found off the window's thread (a read and a file look-up)."""
        bundles = self._hub.bundles

        def find() -> tuple[Conversation | None, NotResumed | None]:
            latest = bundles.latest(name)
            return latest, bundles.why_not_resume(latest, account, folder)

        if self._plan_ticket is not None:
            self._background.cancel(self._plan_ticket)  # only the newest choice is answered
        self._plan_ticket = self._background.submit(
            find, lambda found: dialog.show_plan(self.plan_words(*found)), self._no_plan
        )
        return self._plan_ticket

    def _no_plan(self, error: BaseException) -> None:
        # the line is a forecast: Start still checks everything and says what went wrong
        log.warning("could not tell what Load Context will do: %s", error)

    def plan_words(self, latest: Conversation | None, why: NotResumed | None) -> str:
        if latest is not None and why is None:
            return self.tr(
                "Continues {code}: its session is resumed, and only the other items' text is sent."
            ).format(code=latest.code)
        return self.tr("Starts a new conversation with every item's text: {reason}").format(
            reason=self.reason_words(why)
        )

    def reason_words(self, why: NotResumed | None) -> str:
        kind, code = (why.kind, why.code) if why else ("no_conversation", "")
        words = {
            "other_account": self.tr("its latest conversation {code} is under another account."),
            "no_session": self.tr("its latest conversation {code} has no session yet."),
            "other_folder": self.tr("its latest conversation {code} ran in another folder."),
            "gone": self.tr("the session of {code} is no longer on disk."),
        }
        return words.get(kind, self.tr("the bundle holds no conversation.")).format(code=code)

    def load(self, name: str, account: str, folder: str, prompt: str, cross: bool) -> int:
        """Gather the items' text off the window's thread, then start the turn on the desk."""
        bundles = self._hub.bundles
        self._page.busy(self.tr("Gathering the context of “{name}”…").format(name=name))
        return self._background.submit(
            lambda: bundles.seeded(name, account, folder, prompt, cross),
            lambda choice: self._start(name, prompt, choice),
            self._refused,
        )

    def _start(self, name: str, prompt: str, choice: LoadChoice) -> None:
        task = asyncio.ensure_future(self._run(name, prompt, choice))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _run(self, name: str, prompt: str, choice: LoadChoice) -> None:
        try:
            live = await self._desk.start_request(choice.request)
            if choice.continues is None:
                self._hub.bundles.name_loaded(live.run.conversation_id, name, prompt)
        except SessiondeskError as exc:
            self._refused(exc)
            return
        if choice.continues is not None:
            self._said(
                self.tr(
                    "Continued {code} with the context of “{name}”, resuming its session."
                ).format(code=choice.continues.code, name=name),
                True,
            )
            return
        self._said(self.tr("Started a conversation with the context of “{name}”.").format(
            name=name) + " " + self.reason_words(choice.why_new), True)  # fmt: skip

    # -- files -------------------------------------------------------------------------

    def _file_dialog(self, title: str, save: bool) -> QFileDialog:
        dialog = QFileDialog(self._page, title, os.path.expanduser("~"), BUNDLE_FILTER)
        dialog.setAcceptMode(
            QFileDialog.AcceptMode.AcceptSave if save else QFileDialog.AcceptMode.AcceptOpen
        )
        dialog.setFileMode(
            QFileDialog.FileMode.AnyFile if save else QFileDialog.FileMode.ExistingFile
        )
        if save:
            dialog.setDefaultSuffix("sdbundle")
        self.dialog = dialog
        return dialog

    def ask_export(self, name: str) -> QFileDialog:
        dialog = self._file_dialog(self.tr("Export “{name}” to").format(name=name), save=True)
        dialog.selectFile(f"{name}.sdbundle")
        dialog.fileSelected.connect(lambda path: self.export(name, path))
        dialog.open()
        return dialog

    def export(self, name: str, path: str) -> int:
        exchange, sessions = self._hub.exchange, self._hub.sessions

        def work() -> ExportReport:
            sessions.refresh()
            return exchange.export(name, path)

        self._page.busy(self.tr("Exporting “{name}”…").format(name=name))
        return self._background.submit(work, self._exported, self._refused)

    def _exported(self, report: ExportReport) -> None:
        left_out = len(report.left_out)
        text = self.tr("Exported to {path}: %Ln transcripts.", "", report.sessions)
        text = text.format(path=report.path)
        if left_out:
            text += " " + self.tr("%Ln sessions without a transcript were left out.", "", left_out)
        self._said(text, True)

    def ask_import(self) -> QFileDialog:
        dialog = self._file_dialog(self.tr("Import a bundle"), save=False)
        dialog.fileSelected.connect(self.ask_account)
        dialog.open()
        return dialog

    def ask_account(self, path: str) -> QInputDialog:
        dialog = QInputDialog(self._page)
        dialog.setWindowTitle(self.tr("Import a bundle"))
        dialog.setLabelText(self.tr("Under which account should its conversations be kept?"))
        dialog.setComboBoxItems([a.name for a in self._hub.accounts.accounts()])
        dialog.textValueSelected.connect(lambda account: self.import_file(path, account))
        self.dialog = dialog
        dialog.open()
        return dialog

    def import_file(self, path: str, account: str) -> int:
        exchange = self._hub.exchange
        self._page.busy(self.tr("Checking and importing {path}…").format(path=path))
        return self._background.submit(
            lambda: exchange.import_file(path, account), self._imported, self._refused
        )

    def _imported(self, report: ImportReport) -> None:
        name = report.bundle
        codes = ", ".join(report.conversations) or "–"
        self._page.reload(name)
        self._said(self.tr("Imported the bundle “{name}”: conversations {codes}.").format(
            name=name, codes=codes), True)  # fmt: skip

    # -- from the session list ---------------------------------------------------------

    def ask_bundle_for(self, record: SessionRecord) -> QInputDialog:
        dialog = QInputDialog(self._parent)
        dialog.setWindowTitle(self.tr("Add to bundle"))
        dialog.setLabelText(self.tr("Add this session to the bundle (a new name creates one):"))
        dialog.setComboBoxItems([b.name for b in self._hub.bundles.list()])
        dialog.setComboBoxEditable(True)
        dialog.textValueSelected.connect(lambda name: self.add_session(name, record))
        self.dialog = dialog
        dialog.open()
        return dialog

    def add_session(self, name: str, record: SessionRecord) -> bool:
        bundles = self._hub.bundles
        try:
            if name.strip() not in {b.name for b in bundles.list()}:
                bundles.create(name)
            bundle = bundles.add_session(name.strip(), record.account, record.session_id)
        except SessiondeskError as exc:
            self._status.notify(self.tr("Could not add to the bundle: {reason}").format(
                reason=error_text(exc)))  # fmt: skip
            return False
        self._page.reload(bundle.name)
        self._status.notify(self.tr("Added to the bundle “{name}”, now %Ln items.", "",
            len(bundle.items)).format(name=bundle.name))  # fmt: skip
        return True
