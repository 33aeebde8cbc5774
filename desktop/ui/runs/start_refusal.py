"""A turn that could not start, as the run desk says it.

A prompt naming another account's conversation (`[[SESS-042]]`) is asked
about first, and sent again once the person agrees. Any other refusal is
said on the composer's error line and in the status bar, in the window's
words; a bug is said plainly and logged in full. "claude not found" stays
on the composer until Settings point at a claude that is found.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QMessageBox

from desktop.domain.errors import ClaudeNotFoundError, SessiondeskError
from desktop.services.hub import ServiceHub
from desktop.ui.common.error_text import error_text
from desktop.ui.common.status import StatusBar
from desktop.ui.runs.composer import Composer
from desktop.ui.runs.reference_consent import ask_cross_account

log = logging.getLogger(__name__)


class StartRefusal(QObject):
    def __init__(
        self,
        hub: ServiceHub,
        composer: Composer,
        status: StatusBar,
        send_anyway: Callable[[], None],
        parent: QObject,
    ) -> None:
        """`send_anyway` sends the prompt again, another account's conversation allowed."""
        super().__init__(parent)
        self._hub, self._composer, self._status = hub, composer, status
        self._send_anyway = send_anyway
        self.consent: QMessageBox | None = None
        """The last question about sending another account's referenced conversation."""
        self._claude_missing = False
        """The composer says claude was not found: Settings may fix that."""

    def refused(self, exc: Exception) -> None:
        """The turn did not start because of `exc`."""
        if isinstance(exc, SessiondeskError) and exc.kind == "cross_account_reference":
            self.consent = ask_cross_account(self._composer.window(), **exc.details)
            self.consent.accepted.connect(lambda: self._send_anyway())
            return
        if not isinstance(exc, SessiondeskError):  # a bug: said plainly, logged in full
            log.error("a turn could not start", exc_info=exc)
        reason = (
            error_text(exc) if isinstance(exc, SessiondeskError)
            else f"{type(exc).__name__}: {exc}"
        )  # fmt: skip
        self._composer.show_error(reason)
        self._claude_missing = isinstance(exc, ClaudeNotFoundError)
        self._status.notify(self.tr("The turn did not start: {reason}").format(
            reason=reason))  # fmt: skip

    def settings_saved(self) -> None:
        """Settings may point at a working claude now: say so, and drop the old complaint."""
        if not self._claude_missing:
            return
        try:
            path = self._hub.runs.binary()
        except SessiondeskError:
            return  # still not found: the composer's words stay true
        self._claude_missing = False
        self._composer.clear_error()
        self._status.notify(self.tr("claude found: {path}").format(path=path))
