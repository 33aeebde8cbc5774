"""decide_resume returns an id only when every guard passes."""

from __future__ import annotations

from dataclasses import replace

import pytest

from desktop.domain.resume import ProviderPointer, RunContext, decide_resume, resume_blocker

POINTER = ProviderPointer(
    session_id="6a1f0d36-5a2b-4b7e-9a43-1d2c3b4a5e6f",
    account="alpha",
    cwd="/src/api",
    runtime_id="/opt/claude@2.1.332",
    history_epoch=0,
    has_assistant_turn=True,
)
CURRENT = RunContext(
    account="alpha",
    cwd="/src/api",
    runtime_id="/opt/claude@2.1.332",
    history_epoch=0,
    supports_resume=True,
)


def test_every_guard_passing_resumes_the_pinned_session() -> None:
    assert decide_resume(POINTER, CURRENT) == POINTER.session_id
    assert resume_blocker(POINTER, CURRENT) is None


@pytest.mark.parametrize(
    ("pointer", "current", "reason"),
    [
        (POINTER, replace(CURRENT, supports_resume=False), "no --resume"),
        (POINTER, replace(CURRENT, force_fresh=True), "fresh"),
        (replace(POINTER, session_id=None), CURRENT, "no Claude session"),
        (replace(POINTER, has_assistant_turn=False), CURRENT, "no assistant turn"),
        (POINTER, replace(CURRENT, account="beta"), "account"),
        (POINTER, replace(CURRENT, history_epoch=1), "history"),
        (POINTER, replace(CURRENT, cwd="/src/other"), "folder"),
        (POINTER, replace(CURRENT, runtime_id="/opt/claude@2.2.0"), "binary"),
    ],
)
def test_any_failing_guard_means_replay(
    pointer: ProviderPointer, current: RunContext, reason: str
) -> None:
    assert decide_resume(pointer, current) is None
    assert reason in (resume_blocker(pointer, current) or "")
