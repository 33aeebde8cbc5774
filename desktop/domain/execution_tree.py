"""A conversation's executions as a tree: continues under their parent, forks
under the node they branched from (though they live in a conversation of
their own), and the lineage that tells whether two executions are related."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from desktop.domain.conversations import Execution


@dataclass(slots=True)
class TreeNode:
    execution: Execution
    conversation_code: str
    """The conversation the execution belongs to: a fork's differs from its parent's."""
    children: list[TreeNode] = field(default_factory=list)


def link_of(execution: Execution) -> str | None:
    """The node an execution hangs under: its parent, else what it forked from."""
    return execution.parent_execution_id or execution.forked_from_execution_id


def build_tree(executions: Iterable[Execution], codes: dict[str, str]) -> list[TreeNode]:
    """The roots, each with its descendants, in the order given (oldest first).

    An execution whose parent is not among `executions` is a root: the first
    of a conversation, or a fork shown without its origin.
    """
    ordered = list(executions)
    nodes = {e.id: TreeNode(e, codes.get(e.conversation_id, "")) for e in ordered}
    roots: list[TreeNode] = []
    for execution in ordered:
        node = nodes[execution.id]
        link = link_of(execution)
        if link in nodes and link != execution.id:
            nodes[link].children.append(node)
        else:
            roots.append(node)
    return roots


def lineage(execution: Execution, get: Callable[[str], Execution | None]) -> list[str]:
    """The execution's id and its ancestors' up to its root, nearest first."""
    chain = [execution.id]
    current: Execution | None = execution
    while current is not None:
        link = link_of(current)
        if link is None or link in chain:  # a cycle would be a damaged row, not a loop
            break
        current = get(link)
        if current is not None:
            chain.append(current.id)
    return chain
