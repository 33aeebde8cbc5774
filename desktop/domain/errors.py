"""Errors a user can act on. Their message is shown as is, never a traceback.

The message is English, for the command line. Each error also has a `kind`
(a stable, machine-readable name) and `details` (the values the message
names), so the window can say the same thing in its own language.
"""

from __future__ import annotations

from typing import Any


class SessiondeskError(Exception):
    """Base of every error whose message is meant for a person."""

    exit_code = 1
    default_kind = "error"

    def __init__(self, message: str = "", *, kind: str | None = None, **details: Any) -> None:
        super().__init__(message)
        self.kind: str = kind or self.default_kind
        self.details: dict[str, Any] = details


class UsageError(SessiondeskError):
    """Bad usage or bad input: the person can fix it by calling differently."""

    exit_code = 2
    default_kind = "usage"


class NotFoundError(SessiondeskError):
    """A named thing (account, session, execution) does not exist."""

    default_kind = "not_found"


class ConflictError(UsageError):
    """The request collides with what exists (a duplicate name, say)."""

    default_kind = "conflict"


class BusyError(SessiondeskError):
    """A conversation already has a turn running: one turn at a time."""

    def __init__(self, running: object) -> None:
        self.running = running
        """The `Execution` in the way."""
        execution_id = getattr(running, "id", running)
        super().__init__(
            f"the conversation is busy: execution {execution_id} is still running "
            f"(wait for it, or `sessiondesk stop {execution_id}`)",
            kind="busy",
            execution=str(execution_id),
        )


class StoreError(SessiondeskError):
    """The database cannot be used as it is (newer schema, locked, corrupt)."""

    default_kind = "store"


class VaultError(SessiondeskError):
    """The OS keyring refused or is unavailable."""

    default_kind = "vault"


class ClaudeError(SessiondeskError):
    """The Claude Code CLI could not be run or talked to as expected."""

    default_kind = "claude"


class ClaudeNotFoundError(ClaudeError):
    """No usable `claude` binary: missing, or not an executable file."""

    default_kind = "claude_not_found"


class DamagedTranscriptError(SessiondeskError):
    """A transcript has lines that cannot be read: what must be carried whole
    (across accounts) is not carried at all."""
