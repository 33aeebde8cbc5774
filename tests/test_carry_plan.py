"""The switch's decision, policy and carried block, as plain values."""

from __future__ import annotations

import pytest

from desktop.domain.carry import (
    CARRY_LABEL,
    CarryMode,
    SwitchDecision,
    carry_block,
    carry_refusal,
    check_carry,
    parse_pairs,
    pending_switch,
    recorded_args,
)
from desktop.domain.conversations import Execution, ExecutionKind, ExecutionStatus
from desktop.domain.errors import UsageError
from desktop.domain.replay import OMITTED, Turn
from desktop.domain.runs import error_kind
from desktop.domain.turn_plan import Plan, carried_retry


def execution(kind: ExecutionKind, n: int, **fields: object) -> Execution:
    return Execution(id=f"e{n}", conversation_id="c", kind=kind, account="b", cwd="/p",
                     prompt="x", **fields)  # type: ignore[arg-type]  # fmt: skip


def test_a_switch_is_pending_until_a_turn_gets_a_session_after_it() -> None:
    decision = SwitchDecision(CarryMode.RAW, "a", "b", "s-old")
    switch = execution(ExecutionKind.SWITCH, 2, args=decision.args(),
                       status=ExecutionStatus.SUCCEEDED)  # fmt: skip
    before = execution(ExecutionKind.NEW, 1, session_id="s-old", status=ExecutionStatus.SUCCEEDED)
    failed = execution(ExecutionKind.CARRYOVER, 3, status=ExecutionStatus.FAILED)
    after = execution(ExecutionKind.CARRYOVER, 4, session_id="s-new",
                      status=ExecutionStatus.SUCCEEDED)  # fmt: skip
    assert pending_switch([before]) is None
    assert pending_switch([before, switch]) == decision
    assert pending_switch([before, switch, failed]) == decision  # a failed first turn: again
    assert pending_switch([before, switch, failed, after]) is None


def test_the_carried_block_keeps_the_latest_turns_within_budget() -> None:
    turns = [Turn("user", f"question {i} " + "q" * 100) for i in range(50)]
    turns.append(Turn("assistant", "LATEST answer"))
    block = carry_block(turns, 1000)
    assert block is not None and CARRY_LABEL in block and OMITTED in block
    assert "LATEST answer" in block and "question 0 " not in block
    assert len(block.encode()) < 1500
    assert carry_block([Turn("tool_use", "ls")], 1000) is None


def test_the_stored_argv_holds_the_size_and_hash_not_the_text() -> None:
    argv = ["claude", "-p", "--append-system-prompt", "SECRET CONTEXT", "--model", "m"]
    stored = recorded_args(argv)
    assert "SECRET CONTEXT" not in " ".join(stored)
    assert stored[3].startswith("<carried context: 14 bytes, sha256 ")
    assert stored[4:] == ["--model", "m"]


def test_policy_pairs_work_either_way_and_none_is_always_allowed() -> None:
    pairs = parse_pairs('[["work","personal"]]')
    assert carry_refusal(pairs, "personal", "work") is not None
    assert carry_refusal(pairs, "work", "client") is None
    check_carry(CarryMode.NONE, carry_refusal(pairs, "work", "personal"))
    with pytest.raises(UsageError, match="never carries"):
        check_carry(CarryMode.RAW, carry_refusal(pairs, "work", "personal"))
    with pytest.raises(ValueError):
        parse_pairs('["work"]')


def test_a_refused_migration_is_retried_with_the_raw_block() -> None:
    plan = Plan(ExecutionKind.CARRYOVER, "b", "/p", "hi", "hi", "c", resume="s-copy",
                fork=True, carry_fallback="BLOCK")  # fmt: skip
    retry = carried_retry(plan, "e9")
    assert retry.resume is None and not retry.fork and retry.carry_over == "BLOCK"
    assert retry.carry_fallback is None and retry.notice and retry.parent == "e9"


def test_limits_are_told_apart() -> None:
    assert error_kind("API Error: 429 rate_limit_error") == "rate_limited"
    assert error_kind("Claude AI usage limit reached|1700000000") == "rate_limited"
    assert error_kind("API Error: 500") is None and error_kind(None) is None
