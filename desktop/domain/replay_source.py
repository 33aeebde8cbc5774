"""Which sessions a replay reads: the whole conversation up to a node, in order.

A conversation may have used several Claude sessions (a fork, a fresh start,
a rerun, a switch, a rollover). Its replay reads each of them in turn, along
the node's lineage, and only those of the account the turn runs under:
another account's turns come along only when a switch consented to carry
them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from desktop.domain.carry import CarryMode, SwitchDecision
from desktop.domain.conversations import Execution, ExecutionKind, ExecutionStatus

_ANSWERED = (ExecutionStatus.SUCCEEDED, ExecutionStatus.INTERRUPTED)


@dataclass(frozen=True, slots=True)
class Segment:
    """One session's part of a conversation: up to `last_uuid` (None: all of it)."""

    account: str
    session_id: str
    last_uuid: str | None


def segments(chain: Sequence[Execution], account: str) -> list[Segment]:
    """The sessions to read for a turn under `account` after the last of
    `chain` (root first), in order."""
    found: list[Segment] = []
    for execution in chain:
        if execution.kind is ExecutionKind.SWITCH:
            decision = SwitchDecision.of(execution)
            if decision is None or decision.mode is CarryMode.NONE:
                found.clear()  # nothing of the old account crosses without consent
            continue
        if execution.status not in _ANSWERED or not execution.session_id:
            continue
        if not execution.account:
            continue
        segment = Segment(execution.account, execution.session_id, execution.last_uuid)
        if found and found[-1].session_id == segment.session_id:
            found[-1] = segment  # the same session grew: read it up to the later turn
        else:
            found.append(segment)
    others = {s.account for s in found} - {account}
    if others and not any(
        e.kind is ExecutionKind.SWITCH for e in chain
    ):  # another account's sessions with no switch between: never carried
        found = [s for s in found if s.account == account]
    return found
