"""summarize_turn: how a turn's events become one outcome."""

from __future__ import annotations

from desktop.domain.events import (
    AssistantMessage,
    Event,
    ModelUsage,
    ProcessExited,
    Result,
    SystemInit,
    TextBlock,
    Usage,
)
from desktop.domain.runs import summarize_turn

SID = "0e75cb40-e959-40b4-832a-720c44cfe609"


def init(sid: str = SID) -> SystemInit:
    return SystemInit(sid, "/src", "claude-opus-5-5", (), "default", "ANTHROPIC_API_KEY", "2.1.332")


def reply(text: str, input_tokens: int = 100, *, subagent: bool = False) -> AssistantMessage:
    return AssistantMessage(
        "msg_1", (TextBlock(text),), Usage(input_tokens, 1, 20, 5), "claude-opus-5-5", False, SID,
        "toolu_1" if subagent else None,
    )  # fmt: skip


def result(**overrides: object) -> Result:
    fields: dict[str, object] = {
        "subtype": "success",
        "is_error": False,
        "text": "hello",
        "session_id": SID,
        "num_turns": 1,
        "total_cost_usd": 0.01,
        "usage": Usage(900, 10, 0, 0),
        "model_usage": {"claude-opus-5-5": ModelUsage(200_000, 0.01)},
        "permission_denials": (),
        "errors": (),
        "api_error_status": None,
        "terminal_reason": "completed",
    }
    fields.update(overrides)
    return Result(**fields)  # type: ignore[arg-type]


def test_a_good_turn() -> None:
    events: list[Event] = [init(), reply("hel"), reply("lo", 400), result()]
    outcome = summarize_turn(events)
    assert outcome.ok and outcome.error is None
    assert outcome.session_id == SID
    assert outcome.text == "hello"
    assert outcome.context_tokens == 425  # the last call, not result.usage
    assert outcome.context_window == 200_000
    assert outcome.exit_code is None  # the process lives on


def test_session_id_comes_from_init() -> None:
    events: list[Event] = [init("new-id"), result(session_id="other")]
    assert summarize_turn(events).session_id == "new-id"


def test_an_interrupted_turn_keeps_the_partial_reply() -> None:
    events: list[Event] = [
        init(),
        reply("w0 w1 w2 "),
        reply("ignored", subagent=True),
        result(subtype="error_during_execution", is_error=True, text=None,
               errors=("[ede_diagnostic] result_type=user",)),
    ]  # fmt: skip
    outcome = summarize_turn(events)
    assert not outcome.ok
    assert outcome.text == "w0 w1 w2 "
    assert outcome.error == "[ede_diagnostic] result_type=user"


def test_an_api_error_with_exit_code_one() -> None:
    events: list[Event] = [
        init(),
        result(is_error=True, text="API Error: 400 bad thing", api_error_status=400),
        ProcessExited(1, ""),
    ]
    outcome = summarize_turn(events)
    assert not outcome.ok and outcome.exit_code == 1
    assert outcome.error == "API Error: 400 bad thing"


def test_unknown_resume_id_reports_stderr() -> None:
    message = "No conversation found with session ID: 1111"
    events: list[Event] = [
        result(subtype="error_during_execution", is_error=True, text=None, session_id="1111"),
        ProcessExited(1, f"{message}\n"),
    ]
    outcome = summarize_turn(events)
    assert outcome.session_id == "1111"
    assert outcome.stderr == message
    assert outcome.error is not None and message in outcome.error


def test_killed_mid_turn_is_a_failure() -> None:
    outcome = summarize_turn([init(), reply("partial"), ProcessExited(-9, "")])
    assert not outcome.ok
    assert outcome.result is None and outcome.text == "partial"
    assert outcome.error == "claude was killed by signal 9 before the turn ended"


def test_a_clean_exit_without_result_is_still_a_failure() -> None:
    outcome = summarize_turn([init(), ProcessExited(0, "")])
    assert not outcome.ok
    assert outcome.error == "claude exited with code 0 before the turn ended"


def test_success_but_nonzero_exit_fails() -> None:
    outcome = summarize_turn([init(), result(), ProcessExited(1, "boom\nlast words")])
    assert not outcome.ok
    assert outcome.error == "last words"
