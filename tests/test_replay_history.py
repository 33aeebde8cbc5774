"""The pure parts of guarded resume and replay: the guard line, a history block
that comes off exactly, one conversation from several sessions, a rerun plan."""

from __future__ import annotations

import pytest

from desktop.domain.carry import CarryMode, SwitchDecision
from desktop.domain.conversations import Conversation, Execution, ExecutionKind, ExecutionStatus
from desktop.domain.errors import UsageError
from desktop.domain.prompt_wrap import GUARD, REPLAY_INTRO, split_sent
from desktop.domain.replay import OMITTED, Turn, join, replay_prompt
from desktop.domain.replay_source import Segment, segments
from desktop.domain.turn_plan import BranchPoint, Runtime, plan_rerun, plan_turn, with_history

RUNTIME = Runtime("2.1.332@/opt/claude", supports_resume=True, supports_fork=True)
POINT = BranchPoint("c1", "SESS-001", "e1", "alpha", "/src", "s1", RUNTIME.runtime_id, 0, "u2")
TURNS = [Turn("user", "first question"), Turn("assistant", "first answer")]


def test_a_resumed_turn_sends_the_guard_then_only_the_new_prompt() -> None:
    plan = plan_turn(prompt="next", account="alpha", cwd="/src", runtime=RUNTIME, branch=POINT)
    sent = with_history(plan, TURNS, 10_000)
    assert sent.resumed and sent.content == f"{GUARD}\n\nnext"
    assert "first answer" not in sent.content
    # what a replay would have sent beyond it: what resuming saved
    replay = replay_prompt(TURNS, "next", 10_000).encode()
    assert sent.saved_bytes == len(replay) - len(sent.content.encode()) > 0
    assert split_sent(sent.content).text == "next" and split_sent(sent.content).guarded


def test_a_replay_comes_off_as_the_persons_words_even_with_tags_in_its_turns() -> None:
    tricky = [Turn("user", "what is </conversation-history>?"), Turn("assistant", "a tag")]
    sent = replay_prompt(tricky, "and now </conversation-history> too", 10_000)
    own = split_sent(sent)
    assert own.text == "and now </conversation-history> too"
    # a prompt and its answer: one turn
    assert own.replayed_turns == 1 and own.replayed_bytes > len("a tag")
    assert split_sent("just words") == type(own)("just words")


def test_a_replay_sent_before_the_block_stated_its_size_still_comes_off() -> None:
    old = (
        f"{REPLAY_INTRO}\n\n"
        '<conversation-history label="earlier turns of this conversation">\n'
        "User: hi\n\nAssistant: hello\n</conversation-history>\n\nand now?"
    )
    own = split_sent(old)
    assert (own.text, own.replayed_turns) == ("and now?", 1) and own.replayed_bytes > 0


def test_a_replay_of_a_replay_never_nests_its_history_block() -> None:
    once = replay_prompt(TURNS, "second", 10_000)
    twice = replay_prompt([Turn("user", once), Turn("assistant", "second answer")], "third", 10_000)
    assert twice.count("<conversation-history") == 1
    assert "User: second\n" in twice and "first question" not in twice


def test_tool_calls_and_results_stay_out_of_a_replay() -> None:
    noisy = [*TURNS, Turn("tool_use", "Bash ls -R /"), Turn("tool_result", "10,000 files")]
    sent = replay_prompt([*noisy, Turn("assistant", "done")], "next", 10_000)
    assert "ls -R" not in sent and "10,000 files" not in sent and "Assistant: done" in sent


def test_the_budget_keeps_the_latest_turns_and_marks_the_cut() -> None:
    many = [Turn("user" if i % 2 == 0 else "assistant", f"turn {i} " + "x" * 50) for i in range(40)]
    sent = replay_prompt(many, "go", 600)
    assert OMITTED in sent and "turn 39" in sent and "turn 0 " not in sent
    assert split_sent(sent).text == "go" and 0 < split_sent(sent).replayed_turns < 20


def test_sessions_join_into_one_conversation_keeping_a_fork_copy_once() -> None:
    first = [Turn("user", "q1"), Turn("assistant", "a1")]
    forked = [*first, Turn("user", "q2"), Turn("assistant", "a2")]  # a fork copies its parent
    replayed = [Turn("user", "q3"), Turn("assistant", "a3")]  # a replay starts afresh
    texts = [t.text for t in join([first, forked, replayed])]
    assert texts == ["q1", "a1", "q2", "a2", "q3", "a3"]


def _done(eid: str, session: str, account: str = "alpha", **kw: object) -> Execution:
    return Execution(eid, "c1", ExecutionKind.CONTINUE, account, "/src", "p",
                     status=ExecutionStatus.SUCCEEDED, session_id=session,
                     last_uuid=f"{eid}-u", **kw)  # type: ignore[arg-type]  # fmt: skip


def _switch(mode: CarryMode) -> Execution:
    decision = SwitchDecision(mode, "alpha", "beta", "s1")
    return Execution("sw", "c1", ExecutionKind.SWITCH, "beta", "/src", "",
                     status=ExecutionStatus.SUCCEEDED, args=decision.args())  # fmt: skip


def test_segments_follow_the_sessions_in_order_and_only_the_account() -> None:
    failed = Execution("x", "c1", ExecutionKind.CONTINUE, "alpha", "/src", "p",
                       status=ExecutionStatus.FAILED)  # fmt: skip
    chain = [_done("e1", "s1"), _done("e2", "s1"), failed, _done("e3", "s2")]
    assert segments(chain, "alpha") == [
        Segment("alpha", "s1", "e2-u"), Segment("alpha", "s2", "e3-u"),
    ]  # fmt: skip
    # a switch that carried nothing: the old account's turns stay behind
    moved = [_done("e1", "s1"), _switch(CarryMode.NONE), _done("e4", "s9", "beta")]
    assert segments(moved, "beta") == [Segment("beta", "s9", "e4-u")]
    consented = [_done("e1", "s1"), _switch(CarryMode.RAW), _done("e4", "s9", "beta")]
    assert [s.session_id for s in segments(consented, "beta")] == ["s1", "s9"]


def test_a_rerun_branches_from_before_the_execution_and_resumes_nothing() -> None:
    replaced = _done("e3", "s1", parent_execution_id="e2")
    plan = plan_rerun(prompt="edited", replaced=replaced)
    assert (plan.kind, plan.parent, plan.resume) == (ExecutionKind.REPLAY, "e2", None)
    assert plan.replays and "rewritten" in (plan.resume_blocker or "")
    first = _done("e1", "s1")
    assert plan_rerun(prompt="again", replaced=first).kind is ExecutionKind.NEW
    with pytest.raises(UsageError, match="no prompt"):
        plan_rerun(prompt=" ", replaced=replaced)


def test_a_session_made_before_a_history_edit_is_never_resumed() -> None:
    conv = Conversation(id="c1", number=1, account="alpha", session_id="s1", cwd="/src",
                        runtime_id=RUNTIME.runtime_id, history_epoch=1)  # fmt: skip
    stale = plan_turn(prompt="go", account="alpha", cwd="/src", runtime=RUNTIME,
                      conversation=conv, head="e3", answered=True, session_epoch=0)  # fmt: skip
    assert stale.resume is None and stale.resume_blocker == "the history was rewritten"
    current = plan_turn(prompt="go", account="alpha", cwd="/src", runtime=RUNTIME,
                        conversation=conv, head="e3", answered=True, session_epoch=1)  # fmt: skip
    assert current.resume == "s1"
