"""What the conversation pane shows for the chosen session, and how it is read.

`read_state` is the one read (blocking: SQLite); `PaneReader` runs it in a
worker (`LatestRead`) whenever the choice or a run's news asks for it, and
hands the answer to the pane on the window's thread: five runs streaming
send the pane news often, and those reads were the window thread's largest
own cost between frames. Asks that come while a read is out fold into one
read after it; only the newest read's answer is shown.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from desktop.domain.conversations import Conversation, Execution
from desktop.domain.errors import SessiondeskError
from desktop.domain.execution_tree import TreeNode
from desktop.domain.sessions import SessionRecord
from desktop.services.hub import ServiceHub
from desktop.ui.common.background import Background
from desktop.ui.common.latest_read import LatestRead


@dataclass(frozen=True, slots=True)
class PaneState:
    """What the pane shows for a chosen session, as one read found it."""

    record: SessionRecord | None
    conversation: Conversation | None = None
    roots: tuple[TreeNode, ...] = ()
    threshold: int | None = None
    """The rollover threshold for its context window (None: rollovers are off)."""
    error: SessiondeskError | None = None
    referenced_by: tuple[Conversation, ...] = ()
    """The conversations that reference this one (`[[SESS-042]]`)."""

    def executions(self) -> list[Execution]:
        """Every execution of its tree, each once."""
        return executions_of(self.roots)


def read_state(hub: ServiceHub, record: SessionRecord | None) -> PaneState:
    """The chosen session's conversation and its tree (blocking: SQLite)."""
    if record is None:
        return PaneState(None)
    try:
        conversations = hub.conversations
        conversation = conversations.for_session(record.account, record.session_id)
        if conversation is None:
            return PaneState(record)
        roots = conversations.tree(conversations.root_of(conversation.id).id)
        policy = hub.runs.rollover_policy()
        threshold = policy.threshold(conversation.context_window) if policy.enabled else None
        citing = tuple(conversations.referenced_by(conversation.id))
    except SessiondeskError as exc:
        return PaneState(record, error=exc)
    return PaneState(record, conversation, tuple(roots), threshold, referenced_by=citing)


def executions_of(nodes: tuple[TreeNode, ...] | list[TreeNode]) -> list[Execution]:
    """Every execution of a tree, each once."""
    found: list[Execution] = []
    for node in nodes:
        found += [node.execution, *executions_of(node.children)]
    return found


class PaneReader(LatestRead[PaneState]):
    """The pane's reads of the chosen session (`record`): `busy()` while what the
    pane shows may still change."""

    def __init__(
        self, hub: ServiceHub, background: Background, show: Callable[[PaneState], None]
    ) -> None:
        super().__init__(background, self._work, show)
        self._hub = hub
        self.record: SessionRecord | None = None
        """The session whose state is read (the list's choice)."""

    def _work(self) -> Callable[[], PaneState]:
        hub, record = self._hub, self.record  # the choice as it is when the read starts
        return lambda: read_state(hub, record)

    def read_now(self) -> PaneState:
        """Read in place, on this thread, forgetting what was asked and what is out."""
        self.cancel()
        return read_state(self._hub, self.record)
