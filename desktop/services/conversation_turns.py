"""What was said in a conversation: a node's turns, one branch up to an
execution, the whole conversation across every session its lineage used, and
two turns compared from where they part. `ConversationService.turns` is the
one of a home; finding conversations and executions is that service's job."""

from __future__ import annotations

from desktop.domain.branches import Comparison, diverge
from desktop.domain.conversations import Execution
from desktop.domain.errors import UsageError
from desktop.domain.execution_tree import lineage
from desktop.domain.ports import ExecutionRepository
from desktop.domain.replay import Turn, join, up_to
from desktop.domain.replay_source import segments
from desktop.domain.turn_plan import HistorySource
from desktop.services.sessions import SessionService


class ConversationTurns:
    def __init__(self, executions: ExecutionRepository, sessions: SessionService) -> None:
        self._executions = executions
        self._sessions = sessions

    def history(self, source: HistorySource) -> list[Turn]:
        """A node's user and assistant turns, up to its last message."""
        return up_to(self._sessions.history(source.account, source.session_id), source.last_uuid)

    def replay_history(
        self, until: str | None, account: str, fallback: HistorySource | None = None
    ) -> list[Turn]:
        """The whole conversation up to execution `until`, across every session
        its lineage used, in order, under `account` (see `replay_source`).
        Without an execution (an adopted session's first turn): `fallback`."""
        start = self._executions.get(until) if until else None
        if start is None:
            return self.history(fallback) if fallback and fallback.session_id else []
        chain = [self._executions.get(i) for i in reversed(lineage(start, self._executions.get))]
        found = segments([e for e in chain if e is not None], account)
        return join(
            self.history(HistorySource(s.account, s.session_id, s.last_uuid)) for s in found
        )

    def branch(self, execution: Execution) -> list[Turn]:
        """What a person reads of one branch, up to this execution."""
        if not execution.session_id or not execution.account:
            return []
        return self.history(HistorySource(execution.account, execution.session_id,
                                          execution.last_uuid))  # fmt: skip

    def compare(self, a: Execution, b: Execution) -> Comparison:
        """Two turns from where their histories part; both must share a root.

        The common part is their shared lineage of executions: a re-run, a
        replayed fork or a turn after a switch read their first turns from
        other sessions, so each side is its whole conversation up to the turn
        (`replay_history`), and what the shared ancestors said is common."""
        line_a = lineage(a, self._executions.get)
        line_b = lineage(b, self._executions.get)
        if line_a[-1] != line_b[-1] and a.conversation_id != b.conversation_id:
            raise UsageError(
                f"executions {a.id} and {b.id} belong to unrelated conversations: "
                "nothing to compare"
            )
        full_a, full_b = self.whole(a), self.whole(b)
        last_shared = None
        for x, y in zip(reversed(line_a), reversed(line_b), strict=False):
            if x != y:
                break
            last_shared = x
        ancestor = self._executions.get(last_shared) if last_shared else None
        if ancestor is None:
            return diverge(full_a, full_b)  # no shared turn: what they say alike
        shared = min(len(self.whole(ancestor)), len(full_a), len(full_b))
        return Comparison(tuple(full_a[:shared]), tuple(full_a[shared:]), tuple(full_b[shared:]))

    def whole(self, execution: Execution) -> list[Turn]:
        """The conversation up to and with this execution's turn, across every
        session its lineage used."""
        return self.replay_history(execution.id, execution.account or "")
