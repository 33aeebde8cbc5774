"""When the database vanished or broke under a turn: say so, with what is left.

The turn's end could not be kept, so the command must not report it kept;
it names the turn and the transcript `claude` wrote, which holds the whole
exchange, so nothing said in it is lost.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from desktop.domain.errors import StoreError


@dataclass
class TurnTrail:
    """What a driven turn left to find it by, gathered as it streams (kept in
    memory: the database may be the thing that failed)."""

    execution_id: str | None = None
    conversation_id: str | None = None
    session_id: str | None = None
    config_dir: str | None = None
    errors: list[str] = field(default_factory=list)

    def transcript(self) -> Path | None:
        if not (self.session_id and self.config_dir):
            return None
        found = sorted(Path(self.config_dir, "projects").glob(f"*/{self.session_id}.jsonl"))
        return found[0] if found else None


def trail_of(run: object, config_dir: str | None) -> TurnTrail:
    """What a run (`services.run.Run`) left to find its turn by."""
    execution = getattr(run, "execution", None)
    return TurnTrail(
        execution_id=getattr(execution, "id", None),
        conversation_id=getattr(run, "conversation_id", None),
        session_id=getattr(execution, "session_id", None),
        config_dir=config_dir,
    )


def lost_turn(error: StoreError, trail: TurnTrail) -> StoreError:
    """`error`, told with the turn it cost: its id and its transcript."""
    if trail.execution_id is None:
        return error  # the turn never started: nothing of it to find
    transcript = trail.transcript()
    where = (
        f"its transcript is {transcript}"
        if transcript is not None
        else f"claude's session {trail.session_id} holds what it wrote"
        if trail.session_id
        else "claude had not started a session"
    )
    message = (
        f"{error}\nthe turn was NOT kept: execution {trail.execution_id} of conversation "
        f"{trail.conversation_id}; {where}"
    )
    lost = type(error)(message, kind=error.kind, **error.details)
    lost.details.update(
        execution=trail.execution_id,
        transcript=str(transcript) if transcript else None,
        session_id=trail.session_id,
    )
    return lost
