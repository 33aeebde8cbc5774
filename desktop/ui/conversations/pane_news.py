"""Which of the change spine's news the conversation pane reads again for.

The pane hears every `OpChanges` (services' operations and each step of a
run); five runs streaming make that news frequent, and each read costs the
window. So it re-reads only when the news names what it shows: its
conversation or a fork of it in its tree, its session, one of its
executions, or a rollover setting. The session list's conversation marks
are read again when sessions or conversations changed, except at a run's
steps that cannot move a session into or out of a conversation.
"""

from __future__ import annotations

from desktop.domain.changes import OpChanges, RunEvent
from desktop.domain.conversations import ExecutionStatus
from desktop.domain.sessions import SessionRecord
from desktop.ui.common.records import key_of
from desktop.ui.conversations.pane_state import PaneState

TREE_EVENTS = frozenset({RunEvent.STARTED, RunEvent.BOUND, RunEvent.RECORDED, RunEvent.ENDED})
"""The steps of a run that add a node or change its status dot."""
MARK_EVENTS = frozenset({RunEvent.STARTED, RunEvent.ENDED})
"""The steps after which a session may have joined a conversation (the list's marks)."""
ROLLOVER_SETTINGS = "rollover."
"""The settings whose change moves the chart's threshold line and the composer's fill."""


def marks_stale(changes: OpChanges) -> bool:
    """The news may have moved a session into or out of a conversation."""
    runs = changes.run_events
    return changes.listing or bool((changes.conversations or changes.sessions) and (
        not runs or not runs.isdisjoint(MARK_EVENTS)))  # fmt: skip


class PaneNews:
    """What the pane shows, kept to match the news against."""

    def __init__(self) -> None:
        self._known: dict[str, ExecutionStatus] = {}
        """The executions in the tree shown, by id: the status each shows."""
        self._in_tree: set[str] = set()
        """The conversations the tree shown holds (its own and its forks)."""

    def shown(self, state: PaneState) -> None:
        executions = state.executions()
        self._known = {e.id: e.status for e in executions}
        self._in_tree = {e.conversation_id for e in executions}
        if state.conversation is not None:
            self._in_tree.add(state.conversation.id)

    def stale(self, changes: OpChanges, record: SessionRecord | None) -> bool:
        """The news changes what the pane shows for `record`: a new node, a status
        dot, a switch, a new account or title, the rollover threshold."""
        runs = changes.run_events
        if record is None or (runs and runs.isdisjoint(TREE_EVENTS)):
            return False  # a reply or an answer changes no node: reads cost the streaming window
        rollover = any(key.startswith(ROLLOVER_SETTINGS) for key in changes.settings)
        return (
            rollover
            or changes.touches(session=key_of(record), executions=self._known)
            or not changes.conversations.isdisjoint(self._in_tree)
        )
