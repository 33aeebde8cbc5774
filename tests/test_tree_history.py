"""The tree as history (pure): a chain of continues is one column, branches
one column in; each node's label says what reached Claude; insight counts
the same replays and turns."""

from __future__ import annotations

from desktop.domain.carry import SwitchDecision, carried_marker
from desktop.domain.carry_mode import CarryMode
from desktop.domain.conversations import ExecutionKind, ExecutionStatus
from desktop.domain.execution_tree import history_columns, history_rows
from desktop.domain.stats import ExecutionFact, aggregate
from desktop.domain.tree_labels import Sent, english_label, node_facts
from tests.tree_kit import Book, twenty_turns_three_branches


def labels(book: Book) -> dict[str, tuple[int, str]]:
    rows = history_rows(history_columns(book.tree()))
    return {r.node.execution.id: (r.depth, r.label) for r in rows}


def test_twenty_continues_are_one_column_and_only_branches_go_deeper() -> None:
    book, named = twenty_turns_three_branches()
    shown = labels(book)
    main = [e for e in book.executions if e.conversation_id == "c1" and e.session_id == "s-main"]
    assert len(main) == 20
    assert {shown[e.id][0] for e in main} == {0}, "each continue the next row, not deeper"
    for branch in ("fork", "fork_next", "rerun", "rerun_next", "switch", "carry", "after"):
        assert shown[named[branch].id][0] == 1, branch
    assert max(depth for depth, _ in shown.values()) <= 3 + 1
    rows = history_rows(history_columns(book.tree()))
    order = [r.node.execution.id for r in rows]
    # a branch shows under the node it left, before the line goes on
    assert order.index(named["fork"].id) == order.index(named["turn5"].id) + 1
    assert order.index(named["rerun"].id) == order.index(named["turn9"].id) + 1
    assert [r.node.execution.id for r in rows if r.head] == [
        named["fork_next"].id, named["rerun_next"].id, named["after"].id,
    ]  # fmt: skip


def test_each_label_says_what_reached_claude() -> None:
    book, named = twenty_turns_three_branches()
    shown = {k: label for k, (_, label) in labels(book).items()}
    assert shown[book.executions[0].id] == "new · fresh"
    assert shown[named["turn5"].id] == "continue · resumed"
    assert shown[named["fork"].id] == "fork · resumed"
    # the re-run of turn 10 replays the nine turns before it, never turn 10 itself
    assert shown[named["rerun"].id] == "re-run · replayed 9 turns"
    assert shown[named["switch"].id] == "switch → beta"
    assert shown[named["carry"].id] == "carried raw 2.1 KB"
    assert shown[named["after"].id] == "continue · resumed"


def test_a_switch_that_carried_nothing_and_a_summary_say_so() -> None:
    book = Book()
    first = book.add(ExecutionKind.NEW)
    second = book.add(ExecutionKind.CONTINUE, first, resumed=True)
    nothing = SwitchDecision(CarryMode.NONE, "alpha", "beta", "s01")
    switch = book.add(ExecutionKind.SWITCH, second, account="beta", args=nothing.args(),
                      session_id=None)  # fmt: skip
    fresh = book.add(ExecutionKind.NEW, switch, account="beta")
    # a fresh session asked for after the switch: what is replayed is beta's turn only
    again = book.add(ExecutionKind.REPLAY, fresh, account="beta")
    shown = {k: label for k, (_, label) in labels(book).items()}
    assert shown[switch.id] == "switch → beta"
    assert shown[fresh.id] == "new · fresh"
    assert shown[again.id] == "replay · replayed 1 turn"
    summary = carried_marker('preamble <conversation-summary label="x">\nrecap\n</conv')
    carry = book.add(ExecutionKind.CARRYOVER, again, account="beta",
                     args=["--append-system-prompt", summary])  # fmt: skip
    migrated = book.add(ExecutionKind.CARRYOVER, again, account="beta", resumed=True)
    facts = {e.id: node_facts(e, {x.id: x for x in book.executions}.get) for e in (carry, migrated)}
    assert english_label(facts[carry.id]) == "carried a summary"
    assert english_label(facts[migrated.id]) == "migrated"


def test_a_fork_from_turn_two_counts_two_turns() -> None:
    book = Book()
    first = book.add(ExecutionKind.NEW)
    second = book.add(ExecutionKind.CONTINUE, first, resumed=True)
    book.add(ExecutionKind.CONTINUE, second, resumed=True)
    fork = book.add(ExecutionKind.FORK, None, forked_from_execution_id=second.id,
                    conversation_id="c2", resumed=False)  # fmt: skip
    assert labels(book)[fork.id][1] == "fork · replayed 2 turns"


def test_insight_counts_the_replays_and_turns_the_tree_shows() -> None:
    book, named = twenty_turns_three_branches()
    book.add(ExecutionKind.FORK, None, forked_from_execution_id=named["turn9"].id,
             conversation_id="c2", resumed=False)  # fmt: skip
    book.add(ExecutionKind.NEW, None, status=ExecutionStatus.FAILED)
    rows = history_rows(history_columns(book.tree()))
    facts = [
        ExecutionFact(
            e.account,
            e.cwd,
            e.conversation_id,
            1,
            "t",
            str(e.kind),
            str(e.status),
            None,
            None,
            e.session_id_in,
            resumed=e.resumed,
        )
        for e in book.executions
    ]
    totals = aggregate(facts).totals
    assert totals.replays == sum(r.facts.sent is Sent.REPLAYED for r in rows) == 2
    assert totals.turns == sum(r.facts.is_turn for r in rows) == len(book.executions) - 1
    assert totals.resumes == sum(r.facts.sent is Sent.RESUMED for r in rows)
    assert totals.succeeded == len(book.executions) - 2, "a switch record is not a success"
