"""What the centre says while it shows no transcript: why, and what to do next.

With no account yet it says whether Claude Code's own folder was found (and
offers Add Account…); before the first pass over the session files has
ended an empty list may only be unread, so it says the sessions are being
read; then that there are none yet, or that none is chosen.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from PySide6.QtCore import QObject

from desktop.services.hub import ServiceHub
from desktop.ui.sessions.navigation import NavigationPane
from desktop.ui.transcript.transcript_area import EmptyState


class EmptyCentre(QObject):
    def __init__(
        self,
        hub: ServiceHub,
        empty_state: EmptyState,
        navigation: Callable[[], NavigationPane],
        parent: QObject,
    ) -> None:
        """`navigation` is the window's left pane at the time of asking."""
        super().__init__(parent)
        self._hub, self._empty_state, self._navigation = hub, empty_state, navigation

    def update(self, *, first_pass_running: bool) -> None:
        """Say what fits now; `first_pass_running`: no pass over the files has ended."""
        navigation = self._navigation()
        names = navigation.account_names()
        if not names:
            folder = str(self._hub.accounts.default_folder())
            if os.path.isdir(folder):
                found = self.tr(
                    "Claude Code's folder was found at {folder}, but it is not an account here yet."
                ).format(folder=folder)
            else:
                found = self.tr(
                    "No Claude Code folder was found at {folder}: sign in once with the claude "
                    "command, or add the folder of an account you already use."
                ).format(folder=folder)
            where = self.tr("Its sessions will appear in the list on the left, newest first.")
            self._empty_state.set_content(
                self.tr("No Claude accounts yet"), f"{found}\n\n{where}",
                self.tr("Add Account…"),
            )  # fmt: skip
        elif not navigation.session_count() and first_pass_running:
            self._empty_state.set_content(
                self.tr("Reading sessions…"),
                self.tr(
                    "Sessiondesk is reading the Claude Code sessions on this computer. "
                    "They appear on the left as they are found."
                ),
            )
        elif not navigation.session_count():
            self._empty_state.set_content(
                self.tr("No sessions yet"),
                self.tr(
                    "Sessions appear on the left as soon as Claude Code writes them. "
                    "Start one with New Conversation (Ctrl+N)."
                ),
            )
        else:
            self._empty_state.set_content(
                self.tr("No session selected"),
                self.tr("Select a session on the left to read its transcript."),
            )
