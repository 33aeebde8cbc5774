"""A conversation's executions as the store records them, built by hand: 20
turns with a fork, a re-run and a switch, for the tree's pure and widget tests."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta

from desktop.domain.carry import SwitchDecision, carried_marker
from desktop.domain.carry_mode import CarryMode
from desktop.domain.conversations import Execution, ExecutionKind, ExecutionStatus
from desktop.domain.execution_tree import TreeNode, build_tree

START = datetime(2026, 11, 27, 9, 0)


@dataclass
class Book:
    """Executions in the order they ran, each a minute after the one before."""

    executions: list[Execution] = field(default_factory=list)
    codes: dict[str, str] = field(default_factory=lambda: {"c1": "SESS-001", "c2": "SESS-002"})

    def add(
        self, kind: ExecutionKind, parent: Execution | None = None, **extra: object
    ) -> Execution:
        n = len(self.executions)
        values: dict[str, object] = {
            "id": f"e{n:02d}-0000-0000",
            "conversation_id": "c1",
            "kind": kind,
            "account": "alpha",
            "cwd": "/src",
            "prompt": f"turn {n}",
            "status": ExecutionStatus.SUCCEEDED,
            "parent_execution_id": parent.id if parent else None,
            "session_id": f"s{n:02d}",
            "started": START + timedelta(minutes=n),
            "history_epoch": parent.history_epoch if parent else 0,
        }
        values.update(extra)
        execution = Execution(**values)  # type: ignore[arg-type]
        self.executions.append(execution)
        return execution

    def tree(self) -> list[TreeNode]:
        return build_tree(self.executions, self.codes)


def twenty_turns_three_branches() -> tuple[Book, dict[str, Execution]]:
    """new, 19 continues (one session); a fork from turn 5 with a continue; a
    re-run of turn 10 with a continue; a switch to beta carrying raw text,
    its carry-over and a continue."""
    book = Book()
    named: dict[str, Execution] = {}
    head = book.add(ExecutionKind.NEW, session_id="s-main")
    line = [head]
    for _ in range(19):
        head = book.add(ExecutionKind.CONTINUE, head, resumed=True, session_id="s-main")
        line.append(head)
    named["turn5"], named["turn9"], named["turn10"] = line[4], line[8], line[9]
    named["head"] = head
    fork = book.add(ExecutionKind.FORK, None, forked_from_execution_id=line[4].id,
                    conversation_id="c2", resumed=True, session_id="s-fork")  # fmt: skip
    named["fork"] = fork
    named["fork_next"] = book.add(ExecutionKind.CONTINUE, fork, resumed=True,
                                  conversation_id="c2", session_id="s-fork")  # fmt: skip
    rerun = book.add(ExecutionKind.REPLAY, line[8], history_epoch=1, session_id="s-rerun")
    named["rerun"] = rerun
    named["rerun_next"] = book.add(ExecutionKind.CONTINUE, rerun, resumed=True,
                                   session_id="s-rerun")  # fmt: skip
    decision = SwitchDecision(CarryMode.RAW, "alpha", "beta", "s-main")
    switch = book.add(ExecutionKind.SWITCH, head, account="beta", args=decision.args(),
                      session_id=None, prompt=decision.summary)  # fmt: skip
    named["switch"] = switch
    carried = carried_marker("x" * 2150)
    carry = book.add(ExecutionKind.CARRYOVER, switch, account="beta", session_id="s-beta",
                     args=["claude", "-p", "--append-system-prompt", carried])  # fmt: skip
    named["carry"] = carry
    named["after"] = book.add(ExecutionKind.CONTINUE, carry, account="beta", resumed=True,
                              session_id="s-beta")  # fmt: skip
    return book, named
