"""A conversation's executions as a tree: continues under their parent, forks
under the node they branched from (though they live in a conversation of
their own), and the lineage that tells whether two executions are related."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from desktop.domain.conversations import Execution, ExecutionKind
from desktop.domain.tree_labels import NodeFacts, english_label, is_rerun, node_facts


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


# ---- the tree as history: one column a line of turns, indented only where it branches --


_BRANCHING = frozenset({ExecutionKind.FORK, ExecutionKind.SWITCH, ExecutionKind.ROLLOVER})


@dataclass(slots=True)
class HistoryRow:
    """One node as the tree shows it: `depth` columns in, with the branches
    that start at it (each a column of its own, one deeper)."""

    node: TreeNode
    facts: NodeFacts
    depth: int
    head: bool
    """The newest node of its line: where a plain continue goes on."""
    branches: list[list[HistoryRow]] = field(default_factory=list)
    own_code: str | None = None
    """The conversation's code when this node starts one of its own (a fork)."""

    @property
    def label(self) -> str:
        """The label in English, as `tree --json` gives it (the window translates)."""
        return english_label(self.facts)


def continuation(node: TreeNode, get: Callable[[str], Execution | None]) -> TreeNode | None:
    """The child that goes on with `node`'s line: the first of its
    conversation that neither forks, switches, rolls over nor re-runs."""
    for child in node.children:
        e = child.execution
        if (
            child.conversation_code == node.conversation_code
            and e.kind not in _BRANCHING
            and not is_rerun(e, node.execution)
        ):
            return child
    return None


def history_columns(roots: list[TreeNode]) -> list[list[HistoryRow]]:
    """The tree laid out as history: a chain of continues is one column (each
    turn the next row), and a fork, re-run, switch or rollover starts a
    column one deeper under the node it branched from."""
    everything = {n.execution.id: n.execution for n in walk(roots)}
    return [_column(root, 0, everything.get, None) for root in roots]


def _column(
    first: TreeNode, depth: int, get: Callable[[str], Execution | None], code: str | None
) -> list[HistoryRow]:
    rows: list[HistoryRow] = []
    current: TreeNode | None = first
    while current is not None:
        following = continuation(current, get)
        # a switch or a rollover carries the line on, one column in
        goes_on = following is not None or any(
            c.conversation_code == current.conversation_code
            and c.execution.kind in (ExecutionKind.SWITCH, ExecutionKind.ROLLOVER)
            for c in current.children
        )
        row = HistoryRow(current, node_facts(current.execution, get), depth, not goes_on)
        mine = current.conversation_code
        row.own_code = mine if code is not None and mine != code else None
        rows.append(row)
        for child in current.children:
            if child is not following:
                row.branches.append(_column(child, depth + 1, get, mine))
        current, code = following, mine
    return rows


def walk(roots: Iterable[TreeNode]) -> list[TreeNode]:
    """Every node, parents before their children."""
    out: list[TreeNode] = []
    stack = list(reversed(list(roots)))
    while stack:
        node = stack.pop()
        out.append(node)
        stack += reversed(node.children)
    return out


def history_rows(columns: list[list[HistoryRow]]) -> list[HistoryRow]:
    """Every row in the order the tree shows them (branches under their node)."""
    out: list[HistoryRow] = []
    for column in columns:
        for row in column:
            out.append(row)
            out += history_rows(row.branches)
    return out
