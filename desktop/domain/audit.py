"""The audit log's record: one decision Sessiondesk made about a turn.

Decisions: `resume`, `replay` or `fresh` (and why), `carry` (mode, bytes, the account
pair), `switch`, `rollover` (old and new session, tokens, threshold) and
`context` (the context size stored after a turn). Each names its
conversation and execution. A record holds ids, account names, numbers and
short reasons — never a prompt, a reply, carried text or a secret; string
details are redacted once more on the way in, should a reason quote
something it should not.

On disk a record is one JSON object a line, so a line is either whole or
skipped when read back (`parse`), and `sessiondesk logs --json` hands them on
as they are.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from desktop.domain.redact import redact


@dataclass(frozen=True, slots=True)
class AuditEntry:
    decision: str
    conversation_id: str | None
    execution_id: str | None
    details: dict[str, Any] = field(default_factory=dict)
    time: datetime = field(default_factory=lambda: datetime.now(UTC))

    @classmethod
    def of(
        cls, decision: str, conversation_id: str | None, execution_id: str | None, **details: Any
    ) -> AuditEntry:
        kept = {k: redact(v) if isinstance(v, str) else v for k, v in details.items()}
        return cls(decision, conversation_id, execution_id, kept)

    def to_json(self) -> dict[str, Any]:
        return {
            "time": self.time.isoformat(timespec="milliseconds"),
            "decision": self.decision,
            "conversation_id": self.conversation_id,
            "execution_id": self.execution_id,
            **self.details,
        }

    def line(self) -> str:
        """One line of the log file (no newline in it: JSON escapes them)."""
        return json.dumps(self.to_json(), ensure_ascii=False, default=str)

    def human(self) -> str:
        """How `--verbose` and `sessiondesk logs` show it to a person."""
        said = " ".join(f"{k}={_word(v)}" for k, v in self.details.items() if v is not None)
        when = self.time.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S")
        return (
            f"{when} {self.decision} conversation {self.conversation_id or '-'} "
            f"execution {self.execution_id or '-'}: {said}"
        ).rstrip(": ")


def _word(value: Any) -> str:
    text = str(value)
    return json.dumps(text, ensure_ascii=False) if (" " in text or not text) else text


_FIXED = ("time", "decision", "conversation_id", "execution_id")


def parse(line: str) -> AuditEntry | None:
    """A line of the file, or None for one that is not a record (cut short, foreign)."""
    try:
        raw = json.loads(line)
        when = datetime.fromisoformat(raw["time"])
    except (ValueError, KeyError, TypeError):
        return None
    if not isinstance(raw.get("decision"), str):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    details = {k: v for k, v in raw.items() if k not in _FIXED}
    return AuditEntry(
        raw["decision"], raw.get("conversation_id"), raw.get("execution_id"), details, when
    )


def matches(entry: AuditEntry, conversation_id: str | None, since: datetime | None) -> bool:
    """`since` naive is UTC (as `--since` parses it)."""
    if conversation_id and entry.conversation_id != conversation_id:
        return False
    if since is not None:
        bound = since if since.tzinfo else since.replace(tzinfo=UTC)
        if entry.time < bound:
            return False
    return True
