"""One rule for a turn branched from a node (continue, fork, rerun): the node
must have run under its conversation's current account.

A node from before a switch ran under the old account, whose Claude session
only that account holds; branching from it would take the conversation back
to the old account unasked (a continue finishes by recording its account on
the conversation) or carry its history across without the switch's consent.
So all three refuse, and say where the conversation's next turn goes.
"""

from __future__ import annotations

from desktop.domain.errors import UsageError


def refuse_if_moved(
    execution_id: str | None, ran_under: str, owner: str | None, conversation: str
) -> None:
    """`UsageError` when the node ran under an account its conversation left."""
    if not owner or owner == ran_under:
        return
    node = f"execution {execution_id}" if execution_id else "that session"
    raise UsageError(
        f"{node} ran under account {ran_under}, and its conversation has moved to "
        f"{owner}: continue it there instead (`sessiondesk run --conversation "
        f"{conversation} PROMPT`), or switch it back first",
        kind="conversation_moved",
        execution=execution_id,
        account=ran_under,
        owner=owner,
        conversation=conversation,
    )
