"""Errors a user can act on. Their message is shown as is, never a traceback."""


class SessiondeskError(Exception):
    """Base of every error whose message is meant for a person."""

    exit_code = 1


class UsageError(SessiondeskError):
    """Bad usage or bad input: the person can fix it by calling differently."""

    exit_code = 2


class NotFoundError(SessiondeskError):
    """A named thing (account, session, execution) does not exist."""


class ConflictError(UsageError):
    """The request collides with what exists (a duplicate name, say)."""


class BusyError(SessiondeskError):
    """A conversation already has a turn running: one turn at a time."""

    def __init__(self, running: object) -> None:
        self.running = running
        """The `Execution` in the way."""
        execution_id = getattr(running, "id", running)
        super().__init__(
            f"the conversation is busy: execution {execution_id} is still running "
            f"(wait for it, or `sessiondesk stop {execution_id}`)"
        )


class StoreError(SessiondeskError):
    """The database cannot be used as it is (newer schema, locked, corrupt)."""


class VaultError(SessiondeskError):
    """The OS keyring refused or is unavailable."""


class ClaudeError(SessiondeskError):
    """The Claude Code CLI could not be run or talked to as expected."""


class ClaudeNotFoundError(ClaudeError):
    """No usable `claude` binary: missing, or not an executable file."""
