"""The pure parts of a turn: its plan, the execution tree, where branches diverge."""

from __future__ import annotations

from dataclasses import replace

import pytest

from desktop.domain.branches import diverge
from desktop.domain.conversations import Conversation, Execution, ExecutionKind
from desktop.domain.errors import UsageError
from desktop.domain.execution_tree import build_tree, lineage
from desktop.domain.replay import Turn, up_to
from desktop.domain.turn_plan import (
    BranchPoint,
    Runtime,
    after_refusal,
    plan_turn,
    with_history,
)

SESSION = "6a1f0d36-5a2b-4b7e-9a43-1d2c3b4a5e6f"
RUNTIME = Runtime("2.1.332@/opt/claude", supports_resume=True, supports_fork=True)
CONV = Conversation(
    id="c1", number=42, account="alpha", session_id=SESSION, cwd="/src",
    runtime_id=RUNTIME.runtime_id,
)  # fmt: skip
POINT = BranchPoint("c1", "SESS-042", "e2", "alpha", "/src", SESSION, RUNTIME.runtime_id, 0, "u4")


def test_a_new_conversation_starts_fresh_and_says_why() -> None:
    plan = plan_turn(prompt="hi", account="alpha", cwd="/src", runtime=RUNTIME)
    assert (plan.kind, plan.conversation_id, plan.resume) == (ExecutionKind.NEW, None, None)
    assert plan.resume_blocker == "a new conversation" and not plan.resumed


def test_a_next_turn_resumes_the_conversation_session() -> None:
    plan = plan_turn(prompt="more", account="alpha", cwd="/src", runtime=RUNTIME,
                     conversation=CONV, head="e2", answered=True)  # fmt: skip
    assert (plan.kind, plan.resume, plan.parent) == (ExecutionKind.CONTINUE, SESSION, "e2")
    assert plan.resumed and plan.resume_blocker is None and plan.content == "more"


def test_a_fresh_turn_replays_the_conversation_session() -> None:
    plan = plan_turn(prompt="more", account="alpha", cwd="/src", runtime=RUNTIME,
                     conversation=CONV, head="e2", answered=True, fresh=True)  # fmt: skip
    assert (plan.kind, plan.resume) == (ExecutionKind.REPLAY, None)
    assert plan.replay_from is not None and plan.replay_from.session_id == SESSION
    assert "fresh" in (plan.resume_blocker or "")
    filled = with_history(plan, [Turn("user", "earlier WORD")], 10_000)
    assert "earlier WORD" in filled.content and filled.content.endswith("more")


def test_another_account_on_a_conversation_is_refused_pointing_to_switch() -> None:
    with pytest.raises(UsageError, match="sessiondesk switch SESS-042 --to beta"):
        plan_turn(prompt="hi", account="beta", cwd="/src", runtime=RUNTIME,
                  conversation=CONV, answered=True)  # fmt: skip
    with pytest.raises(UsageError, match="sessiondesk switch SESS-042 --to beta"):
        plan_turn(prompt="hi", account="beta", cwd="/src", runtime=RUNTIME,
                  branch=POINT, fork=True)  # fmt: skip


def test_a_fork_resumes_with_fork_session_and_records_its_origin() -> None:
    plan = plan_turn(prompt="b", account="alpha", cwd="/src", runtime=RUNTIME,
                     branch=POINT, fork=True)  # fmt: skip
    assert (plan.kind, plan.resume, plan.fork) == (ExecutionKind.FORK, SESSION, True)
    assert (plan.conversation_id, plan.parent, plan.forked_from) == (None, None, "e2")
    # the history kept for a retry is the node's, up to its last message
    assert plan.replay_from is not None and plan.replay_from.last_uuid == "u4"


def test_a_refused_fork_replays_the_parent_history_from_the_refused_attempt() -> None:
    plan = plan_turn(prompt="b", account="alpha", cwd="/src", runtime=RUNTIME,
                     branch=POINT, fork=True)  # fmt: skip
    retry = after_refusal(plan, "e3")
    assert (retry.kind, retry.resume, retry.fork, retry.parent) == (
        ExecutionKind.REPLAY, None, False, "e3",
    )  # fmt: skip
    assert retry.replay_from == plan.replay_from
    assert (retry.resume_blocker or "").startswith("rejected by claude: ")
    filled = with_history(retry, [Turn("user", "PARENT words")], 10_000)
    assert "PARENT words" in filled.content


def test_a_continue_from_an_older_node_replays_that_node() -> None:
    plan = plan_turn(prompt="c", account="alpha", cwd="/src", runtime=RUNTIME, branch=POINT)
    assert (plan.kind, plan.conversation_id, plan.parent) == (ExecutionKind.CONTINUE, "c1", "e2")
    older = replace(POINT, superseded=True)
    for fork in (False, True):
        plan = plan_turn(prompt="c", account="alpha", cwd="/src", runtime=RUNTIME,
                         branch=older, fork=fork)  # fmt: skip
        assert plan.resume is None and "later turns" in (plan.resume_blocker or "")
        assert plan.kind is (ExecutionKind.FORK if fork else ExecutionKind.REPLAY)
        assert plan.replay_from is not None and plan.replay_from.last_uuid == "u4"
    no_fork = replace(RUNTIME, supports_fork=False)
    forked = plan_turn(prompt="c", account="alpha", cwd="/src", runtime=no_fork,
                       branch=POINT, fork=True)  # fmt: skip
    assert forked.resume is None and "--fork-session" in (forked.resume_blocker or "")


def test_a_carry_over_rides_along_untouched() -> None:
    plan = plan_turn(prompt="hi", account="alpha", cwd="/src", runtime=RUNTIME,
                     carry_over="<summary/>")  # fmt: skip
    assert plan.carry_over == "<summary/>"


def test_an_empty_prompt_is_refused() -> None:
    with pytest.raises(UsageError, match="empty"):
        plan_turn(prompt="  ", account="alpha", cwd="/src", runtime=RUNTIME)


def test_up_to_cuts_a_session_at_a_node() -> None:
    turns = [Turn("user", "a", "u1"), Turn("assistant", "b", "u2"), Turn("user", "c", "u3")]
    assert up_to(turns, "u2") == turns[:2]
    assert up_to(turns, None) == turns
    assert up_to(turns, "gone") == turns


def _execution(eid: str, conv: str = "c1", *, parent: str | None = None,
               forked_from: str | None = None) -> Execution:  # fmt: skip
    return Execution(eid, conv, ExecutionKind.CONTINUE, "alpha", "/src", "p",
                     parent_execution_id=parent, forked_from_execution_id=forked_from)  # fmt: skip


def test_the_tree_hangs_forks_under_their_origin_with_their_conversation() -> None:
    executions = [
        _execution("e1"),
        _execution("e2", parent="e1"),
        _execution("f1", "c2", forked_from="e1"),
        _execution("e3", parent="e2"),
        _execution("f2", "c2", parent="f1"),
    ]
    (root,) = build_tree(executions, {"c1": "SESS-001", "c2": "SESS-002"})
    assert [c.execution.id for c in root.children] == ["e2", "f1"]
    fork = root.children[1]
    assert fork.conversation_code == "SESS-002"
    assert [c.execution.id for c in fork.children] == ["f2"]
    assert [c.execution.id for c in root.children[0].children] == ["e3"]
    # a fork shown without its origin is a root of its own
    assert [n.execution.id for n in build_tree(executions[2:3], {})] == ["f1"]
    by_id = {e.id: e for e in executions}
    assert lineage(by_id["f2"], by_id.get) == ["f2", "f1", "e1"]


def test_branches_diverge_after_the_shared_messages() -> None:
    shared = [Turn("user", "q", "u1"), Turn("assistant", "a", "u2")]
    # a fork copies the history under new ids: the same text is the same message
    copied = [Turn("user", "q", "x1"), Turn("assistant", "a", "x2")]
    a = [*shared, Turn("user", "left", "u3")]
    b = [*copied, Turn("user", "right", "x3"), Turn("assistant", "r", "x4")]
    found = diverge(a, b)
    assert found.common == tuple(shared)
    assert [t.text for t in found.a] == ["left"]
    assert [t.text for t in found.b] == ["right", "r"]
    assert diverge(a, a).a == () and diverge([], b).b == tuple(b)
