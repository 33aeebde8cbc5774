"""The session list's conversation marks: which conversation each session belongs to.

The conversation pane asks for them (it hears the news that may move them);
they are read in a worker and put on the list's model on the window's
thread. News that comes close together makes one read (`MARKS_FOLD_MS`).
"""

from __future__ import annotations

from collections.abc import Callable

from desktop.domain.errors import SessiondeskError
from desktop.services.conversations import Membership
from desktop.services.hub import ServiceHub
from desktop.ui.common.error_text import error_text
from desktop.ui.common.latest_read import LatestRead
from desktop.ui.common.status import StatusBar
from desktop.ui.sessions.session_browser import SessionBrowser

MARKS_FOLD_MS = 100
"""The list's marks are read once for news that comes this close together (a run's
end relists its session, tells its conversation changed, and the index follows)."""

Members = dict[tuple[str, str], Membership]


class ListMarks:
    def __init__(
        self,
        hub: ServiceHub,
        sessions: SessionBrowser,
        status: StatusBar,
        marked: Callable[[Members], None],
    ) -> None:
        """`marked` hears each set of marks once the list shows it."""
        self._hub = hub
        self._sessions = sessions
        self._status = status
        self._marked = marked
        self._read = LatestRead(sessions.background, self._plan, self._show, self._failed,
                                MARKS_FOLD_MS)  # fmt: skip

    def request(self) -> None:
        """Read the marks again (in a worker), soon."""
        self._read.request()

    def busy(self) -> bool:
        """The marks are being read: they may still change."""
        return self._read.busy()

    def _plan(self) -> Callable[[], Members]:
        # the service is asked for in the worker: built on first use, it imports the
        # store and claude modules (40 ms of the window's thread while runs streamed)
        hub = self._hub
        return lambda: hub.conversations.memberships()

    def _show(self, members: Members) -> None:
        self._sessions.pane.source.set_memberships(members)
        self._marked(members)

    def _failed(self, error: BaseException) -> None:
        if not isinstance(error, SessiondeskError):
            raise error
        self._status.notify(error_text(error))
