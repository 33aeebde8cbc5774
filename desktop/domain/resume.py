"""Whether a turn may resume Claude's own session, or must replay our transcript.

One decision, two consequences: with a session id the turn sends only the new
message (`--resume`); without one the prompt carries the conversation so far.
Either way no turn loses its context.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class ProviderPointer:
    """Where a conversation's Claude session lives now."""

    session_id: str | None
    account: str | None
    cwd: str | None
    runtime_id: str | None
    history_epoch: int
    has_assistant_turn: bool


@dataclass(frozen=True, slots=True)
class RunContext:
    """Where the next turn is about to run."""

    account: str
    cwd: str
    runtime_id: str
    history_epoch: int
    supports_resume: bool
    force_fresh: bool = False


def resume_blocker(pointer: ProviderPointer, current: RunContext) -> str | None:
    """Why resuming is not safe, or None when it is."""
    checks = (
        (current.supports_resume, "this claude has no --resume"),
        (not current.force_fresh, "a fresh session was asked for"),
        (pointer.session_id is not None, "no Claude session yet"),
        (pointer.has_assistant_turn, "no assistant turn to resume"),
        (pointer.account == current.account, "the account changed"),
        (pointer.history_epoch == current.history_epoch, "the history was rewritten"),
        (pointer.cwd == current.cwd, "the working folder changed"),
        (pointer.runtime_id == current.runtime_id, "the claude binary changed"),
    )
    return next((reason for ok, reason in checks if not ok), None)


def decide_resume(pointer: ProviderPointer, current: RunContext) -> str | None:
    """The session id to `--resume`, or None to start fresh with a replay."""
    if resume_blocker(pointer, current) is None:
        return pointer.session_id
    return None
