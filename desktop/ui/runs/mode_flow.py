"""The composer's model and permission mode, per conversation.

The shown conversation's remembered choice goes into the composer when it is
selected, and a choice the person makes there is written back at once, so
coming back to the conversation finds it (a turn's start writes it too: the
command line's choice is remembered alike). The account's models are asked
of `claude` the first time the model list opens.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace

from PySide6.QtCore import QObject

from desktop.domain.conversations import Conversation
from desktop.domain.errors import SessiondeskError
from desktop.domain.sessions import SessionRecord
from desktop.services.hub import ServiceHub
from desktop.services.run import TurnRequest
from desktop.ui.common.background import Background
from desktop.ui.common.error_text import error_text
from desktop.ui.common.records import key_of
from desktop.ui.runs.composer import Composer

log = logging.getLogger(__name__)


class ModeFlow(QObject):
    def __init__(
        self, hub: ServiceHub, composer: Composer, background: Background, parent: QObject
    ) -> None:
        super().__init__(parent)
        self._hub = hub
        self._background = background
        self._composer = composer
        self._choices = composer.modes
        self._record: SessionRecord | None = None
        self._conversation: str | None = None
        """The shown session's conversation, once known (None: none yet, or a draft)."""
        self._recalled = False
        """Whether the composer took the shown session's remembered choice."""
        self._models_of: str | None = None
        """The account whose models the list holds (or is asking for)."""
        self.pending: asyncio.Future[None] | None = None
        composer.account_combo.currentIndexChanged.connect(self._account_changed)
        self._choices.models_wanted.connect(self._load_models)
        self._choices.changed.connect(self._picked)

    def shown(self, record: SessionRecord | None) -> None:
        """The centre shows this session (None: a new conversation's draft, which
        starts from the choices as they are); its choice follows with `recalled`."""
        self._record, self._conversation, self._recalled = record, None, False

    def recalled(self, record: SessionRecord, found: Conversation | None) -> None:
        """The pane read the shown session's conversation: its choice goes into the
        composer the first time only, so a later re-read (each turn's) cannot undo a
        pick whose write is still on its way."""
        if self._record is None or key_of(self._record) != key_of(record):
            return  # read for an earlier choice
        self._conversation = found.id if found is not None else None
        if self._recalled:
            return
        self._recalled = True
        if found is not None:
            self._choices.set_choice(found.model, found.permission_mode)
        else:  # a session no turn of ours ran in: claude's defaults, as its terminal had
            self._choices.set_choice(None, None)

    def request_for(self, request: TurnRequest) -> TurnRequest:
        return replace(
            request, model=self._choices.model(), permission_mode=self._choices.permission_mode()
        )

    def _picked(self) -> None:
        conversation = self._conversation
        if conversation is None:
            return
        model, mode = self._choices.model(), self._choices.permission_mode()
        remember = self._hub.conversations.remember_modes
        self._background.submit(
            lambda: remember(conversation, model, mode),
            lambda _done: None,
            lambda exc: log.warning("the choice of model and mode was not kept: %s", exc),
        )

    def _account_changed(self, _index: int) -> None:
        if self._composer.account() != self._models_of:
            self._models_of = None
            self._choices.forget_models()

    def _load_models(self) -> None:
        account = self._composer.account()
        if account is None or account == self._models_of:
            return
        self._models_of = account
        self.pending = asyncio.ensure_future(self._ask(account))

    async def _ask(self, account: str) -> None:
        try:
            options = await self._hub.runs.models(account)
        except SessiondeskError as exc:
            if self._models_of == account:
                said = self.tr("claude did not list its models: {reason}")
                self._choices.set_models([], said.format(reason=error_text(exc)))
            return
        if self._models_of == account:
            self._choices.set_models(options)
