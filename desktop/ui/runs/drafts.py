"""A turn shown on its own in the centre (a draft) until its session is listed.

New Conversation opens an empty draft; a turn whose session is not listed
yet (a new conversation, a branch, a re-run, a fresh start, a session claude
switched to) is shown on its own, with nothing chosen in the list. Once its
session is listed, it is chosen there, so the list and the centre agree.
"""

from __future__ import annotations

from collections.abc import Callable

from desktop.ui.common.first_paint import after_paint
from desktop.ui.common.records import key_of
from desktop.ui.runs.live_transcript import LivePresenter
from desktop.ui.runs.run_controller import LiveRun
from desktop.ui.sessions.session_list import SessionListPane
from desktop.ui.transcript.transcript_area import TranscriptArea
from desktop.ui.transcript.transcript_panel import TranscriptPanel

LISTED_PAINT_WAIT_MS = 100
"""The longest a draft's newly listed session waits for the list to paint its row."""


class Drafts:
    def __init__(
        self,
        presenter: LivePresenter,
        pane: SessionListPane,
        panel: TranscriptPanel,
        area: TranscriptArea,
        sync: Callable[[], None],
    ) -> None:
        """`sync` brings the composer and its neighbours up to what the centre shows."""
        self._presenter, self._pane, self._panel, self._area = presenter, pane, panel, area
        self._sync = sync

    def enter(self, live: LiveRun | None) -> None:
        """Show `live` on its own (None: an empty draft for a new conversation)."""
        self._pane.view.clearSelection()
        self._area.show_transcript()
        self._presenter.show_draft(live, *self._presenter.draft_header(live))
        self._sync()

    def listed(self) -> None:
        """A draft's session is in the list now: choose it, so the list and the centre agree.

        Chosen once the list has painted its new row: choosing starts the transcript's
        and the pane's reads in workers, and the list's repaint beside them (its
        model is Python) waited for the interpreter lock at every cell."""
        live = self._presenter.shown()
        if not self._presenter.is_draft() or live is None or live.key is None:
            return
        if self._pane.source.row_of(live.key) >= 0:
            after_paint(self._pane.view.viewport(), lambda: self.choose_listed(live),
                        LISTED_PAINT_WAIT_MS)  # fmt: skip

    def choose_listed(self, live: LiveRun) -> None:
        """Choose the draft's session in the list, if it is still the draft shown."""
        if not self._presenter.is_draft() or self._presenter.shown() is not live:
            return  # the person chose something else meanwhile
        if live.key is not None and self._pane.source.row_of(live.key) >= 0:
            self._pane.select_session(*live.key)

    def bound(self, live: LiveRun) -> None:
        """`live` learnt its session: one other than the shown one is followed on its own."""
        current = self._panel.current()
        shown = self._presenter.shown() is live and not self._presenter.is_draft()
        if shown and current is not None and key_of(current) != live.key:
            self.enter(live)  # claude started another session: follow the turn
        self._sync()
