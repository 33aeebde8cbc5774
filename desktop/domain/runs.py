"""One run of `claude`: what to ask for, what the runtime can do, how a turn ended.

Pure values. `desktop.claude` turns a `RunRequest` into argv and a process;
the services decide what to request (resume or not, which account) from a
conversation, `Capabilities` and a `RuntimeFingerprint`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from desktop.domain.errors import UsageError
from desktop.domain.events import (
    AssistantMessage,
    Event,
    ProcessExited,
    Result,
    SystemInit,
    context_tokens,
)
from desktop.domain.run_modes import check_model, check_permission_mode

_UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$", re.I)

# flags Sessiondesk cares about; `--permission-prompt-tool` is not here because
# `claude --help` hides it, so the probe can never see it
PROBED_FLAGS = (
    "--resume",
    "--fork-session",
    "--append-system-prompt",
    "--include-partial-messages",
    "--session-id",
    "--input-format",
)


@dataclass(frozen=True)
class RuntimeFingerprint:
    """Which `claude` ran a session: resolved binary path and version.

    A session is resumed only under the same fingerprint it was made with.
    """

    path: str
    version: str

    def __str__(self) -> str:
        return f"{self.version}@{self.path}"

    @classmethod
    def parse(cls, text: str) -> RuntimeFingerprint:
        version, sep, path = text.partition("@")
        if not sep or not version or not path:
            raise ValueError(f"not a runtime fingerprint: {text!r}")
        return cls(path=path, version=version)


@dataclass(frozen=True)
class Capabilities:
    """What one `claude` binary supports, from `--version` and `--help`."""

    path: str
    version: str | None
    flags: frozenset[str] = frozenset()

    def supports(self, flag: str) -> bool:
        return flag in self.flags

    @property
    def fingerprint(self) -> RuntimeFingerprint:
        return RuntimeFingerprint(self.path, self.version or "unknown")


@dataclass(frozen=True)
class RunRequest:
    """The options of one `claude` process. Never holds a secret: those go
    through the environment only."""

    cwd: str
    resume: str | None = None
    fork_session: bool = False
    session_id: str | None = None  # choose the new session's id (a UUID)
    append_system_prompt: str | None = None
    allowed_tools: tuple[str, ...] = ()
    disallowed_tools: tuple[str, ...] = ()
    model: str | None = None
    permission_mode: str | None = None
    # True: the host answers permission prompts (can_use_tool control
    # requests). False: the CLI denies silently and lists the calls in
    # Result.permission_denials.
    ask_permissions: bool = True

    def __post_init__(self) -> None:
        if self.fork_session and not self.resume:
            raise UsageError("forking a session needs the id of the session to resume")
        if self.session_id is not None and not _UUID.match(self.session_id):
            raise UsageError(f"a new session id must be a UUID, not {self.session_id!r}")
        if self.session_id is not None and self.resume and not self.fork_session:
            raise UsageError("a session id can be chosen for a new or forked session only")
        if self.model is not None:
            check_model(self.model)
        if self.permission_mode is not None:
            check_permission_mode(self.permission_mode)


@dataclass(frozen=True)
class TurnOutcome:
    """How one turn ended, folded from its events."""

    session_id: str | None
    result: Result | None
    text: str  # the reply's text: the result's, else what was streamed
    context_tokens: int | None
    context_window: int | None
    exit_code: int | None  # None while the process lives on
    stderr: str = ""
    errors: tuple[str, ...] = field(default=())
    model: str | None = None
    """The model that answered (its last reply's own, not a subagent's), when one did."""

    @property
    def ok(self) -> bool:
        return self.result is not None and not self.result.is_error and self.exit_code in (0, None)

    @property
    def error(self) -> str | None:
        """A message for a person when the turn failed, else None."""
        if self.ok:
            return None
        if self.errors:
            return "; ".join(self.errors)
        return "the turn failed"


def summarize_turn(events: Iterable[Event]) -> TurnOutcome:
    """Fold one turn's events (up to its `Result`, or `ProcessExited`)."""
    seen = list(events)
    init = next((e for e in seen if isinstance(e, SystemInit)), None)
    result = next((e for e in reversed(seen) if isinstance(e, Result)), None)
    exited = next((e for e in reversed(seen) if isinstance(e, ProcessExited)), None)
    replies = [e for e in seen if isinstance(e, AssistantMessage) and e.parent_tool_use_id is None]
    streamed = "".join(e.text for e in replies)
    answered = [e.model for e in replies if e.model and not e.is_api_error]
    errors: list[str] = []
    if result is not None and result.is_error:
        errors.append(result.text or "; ".join(result.errors) or result.subtype)
    stderr = exited.stderr.strip() if exited else ""
    if exited is not None and (result is None or exited.returncode != 0):
        if stderr:
            errors.append(stderr.splitlines()[-1])
        if result is None:
            errors.append(_exit_reason(exited.returncode))
    return TurnOutcome(
        session_id=init.session_id if init else (result.session_id if result else None),
        result=result,
        text=result.text if result is not None and result.text is not None else streamed,
        context_tokens=context_tokens(seen),
        context_window=result.context_window if result else None,
        exit_code=exited.returncode if exited else None,
        stderr=stderr,
        errors=tuple(dict.fromkeys(errors)),  # keep order, drop repeats
        model=answered[-1] if answered else None,
    )


def _exit_reason(returncode: int | None) -> str:
    if returncode is None:
        return "claude ended without a result"
    if returncode < 0:
        return f"claude was killed by signal {-returncode} before the turn ended"
    return f"claude exited with code {returncode} before the turn ended"


RATE_LIMITED = "rate_limited"
_LIMIT = re.compile(r"\b429\b|rate[ _-]?limit|usage limit|limit reached", re.I)


def error_kind(error: str | None) -> str | None:
    """What kind of failure an execution's error is: `rate_limited` when the
    account hit a usage or rate limit (another account may continue)."""
    if error and _LIMIT.search(error):
        return RATE_LIMITED
    return None
