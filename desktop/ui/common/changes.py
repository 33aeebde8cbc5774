"""One change notice for the whole window: what changed, by id.

The main window makes one `Changes` and hands it to its parts. Whoever
changes something (a run that ended, indexing that found sessions) emits
here; whatever shows it (the list, the transcript, later the execution tree
and the token chart) follows here, so no part needs to know another.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal


class Changes(QObject):
    conversation_changed = Signal(str)
    """A conversation (by id) changed: an execution of it ended (later: renamed, adopted)."""
    execution_changed = Signal(str)
    """An execution (by id) ended: succeeded, failed or stopped; its record is final."""
    sessions_changed = Signal()
    """Sessions on disk were listed or merged into the session list."""
