"""The composer's side of an account switch.

On an existing conversation the composer's account picker does not change
the account silently: it opens the switcher, and so does "Continue under
another account" after a run hit a usage or rate limit. Once switched, the
session shown still belongs to the old account, so the next send names the
conversation (and the new account) instead of adopting that session again.
"""

from __future__ import annotations

import asyncio
from dataclasses import replace

from PySide6.QtCore import QObject, Signal

from desktop.domain.errors import SessiondeskError
from desktop.domain.runs import RATE_LIMITED, error_kind
from desktop.domain.sessions import SessionRecord
from desktop.services.hub import ServiceHub
from desktop.services.run import TurnRequest
from desktop.ui.accounts.switcher import (
    AccountSwitcher,
    SwitchChoice,
    switch_notice_text,
    switch_to,
)
from desktop.ui.common.error_text import error_text
from desktop.ui.common.records import key_of
from desktop.ui.common.status import StatusBar
from desktop.ui.runs.composer import Composer
from desktop.ui.runs.run_controller import LiveRun, RunController

STOP_WAIT_STEPS = 150
"""Tenths of a second a running turn gets to end before the switch goes on."""


class SwitchFlow(QObject):
    available = Signal(bool)
    """Whether the session shown can be switched (it exists, it has an account)."""

    def __init__(
        self,
        hub: ServiceHub,
        composer: Composer,
        status: StatusBar,
        controller: RunController,
        parent: QObject,
    ) -> None:
        super().__init__(parent)
        self._hub = hub
        self._controller = controller
        self._composer = composer
        self._status = status
        self._record: SessionRecord | None = None
        self._switched: dict[tuple[str, str], tuple[str, str]] = {}
        """A shown session's key → (its conversation, the account it moved to)."""
        self.dialog: AccountSwitcher | None = None
        self.pending: asyncio.Future[None] | None = None
        composer.switch_requested.connect(self.open)

    def shown(self, record: SessionRecord | None) -> None:
        """The centre shows this session (None: a new conversation's draft)."""
        self._record = record
        self._composer.offer_switch(False)
        self._composer.lock_account(self._owner())
        self.available.emit(self.can_switch())

    def can_switch(self) -> bool:
        return self._owner() is not None

    def _owner(self) -> str | None:
        if self._record is None:
            return None
        moved = self._switched.get(key_of(self._record))
        return moved[1] if moved else self._record.account

    def request_for(self, request: TurnRequest) -> TurnRequest:
        """A send from a switched conversation goes to it, under its new account."""
        if self._record is None:
            return request
        moved = self._switched.get(key_of(self._record))
        if moved is None:
            return request
        return replace(request, conversation_id=moved[0], account=moved[1])

    def finished(self, live: LiveRun, shown: bool) -> None:
        self._composer.offer_switch(shown and error_kind(live.error) == RATE_LIMITED)

    def open(self, target: str) -> None:
        owner = self._owner()
        if self._record is None or owner is None:
            return
        names = [v.account.name for v in self._hub.accounts.list() if v.account.name != owner]
        dialog = AccountSwitcher(
            owner, names, lambda to: self._hub.switch.carry_refusal(owner, to),
            self._composer.window(),
        )  # fmt: skip
        if target:
            dialog.choose(target)
        record = self._record
        dialog.accepted.connect(lambda: self._chosen(record, dialog.choice()))
        self.dialog = dialog
        dialog.open()

    def _chosen(self, record: SessionRecord, choice: SwitchChoice | None) -> None:
        if choice is not None:
            self.pending = asyncio.ensure_future(self._apply(record, choice))

    async def _stop_running(self, key: tuple[str, str]) -> None:
        """A turn of this conversation that streams here is stopped first, by the
        controller that drives it (its process lives on the run's own loop)."""
        live = self._controller.for_key(key)
        if live is None:
            return
        self._controller.stop(live)
        for _ in range(STOP_WAIT_STEPS):
            if not live.streaming:
                return
            await asyncio.sleep(0.1)

    async def _apply(self, record: SessionRecord, choice: SwitchChoice) -> None:
        key = key_of(record)
        await self._stop_running(key)
        try:
            moved = self._switched.get(key)
            if moved is None:
                conversation = await self._hub.conversations.adopt(
                    record.session_id, record.account
                )
                conversation_id = conversation.id
            else:
                conversation_id = moved[0]
            _conversation, switched = await switch_to(self._hub, conversation_id, choice)
            # reads the old transcript whole: off the window's thread, on the executor
            notice = await self._hub.runs.offload(lambda: self._hub.switch.carry_notice(switched))
        except SessiondeskError as exc:
            self._composer.show_error(error_text(exc))
            return
        self._switched[key] = (conversation_id, choice.account)
        if self._record is not None and key_of(self._record) == key:
            self._composer.offer_switch(False)
            self._composer.lock_account(choice.account)
        said = self.tr("The conversation now runs under {account}").format(account=choice.account)
        if notice:  # told now, not first at the next turn: the person may switch back
            said = f"{said}. {switch_notice_text(notice)}"
        self._status.notify(said)
