"""What an operation changed, by id: the one value every view of the window learns from.

A service operation that changes state reports an `OpChanges` on its hub's
`ChangeFeed` (renaming a conversation, switching its account, adding an
account, saving a setting); a run says the same as it starts, is recorded,
asks a question, answers and ends. The window hands each value to every view
and each view decides from the ids whether what it shows is touched, so a new
operation cannot leave a view stale by forgetting to tell it: the operation
says what changed, never who should hear it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import StrEnum

SessionKey = tuple[str, str]
"""(account, Claude session id)."""


class RunEvent(StrEnum):
    """A step in a run's life that changes what the window shows of it."""

    STARTED = "started"
    BOUND = "bound"
    """It learnt (or changed) the Claude session it writes to."""
    RECORDED = "recorded"
    """Its execution row exists, or its status changed."""
    NEEDS_ANSWER = "needs_answer"
    ANSWERED = "answered"
    REPLIED = "replied"
    """Its turn's answer is complete (its process may still be closing)."""
    ENDED = "ended"


def _frozen(values: Iterable[str] | None) -> frozenset[str]:
    return frozenset(v for v in (values or ()) if v)


@dataclass(frozen=True, slots=True)
class OpChanges:
    """Ids of what one operation (or one step of a run) changed."""

    conversations: frozenset[str] = field(default_factory=frozenset)
    executions: frozenset[str] = field(default_factory=frozenset)
    sessions: frozenset[SessionKey] = field(default_factory=frozenset)
    accounts: frozenset[str] = field(default_factory=frozenset)
    settings: frozenset[str] = field(default_factory=frozenset)
    listing: bool = False
    """The list of sessions on disk as a whole (an index pass, an import)."""
    runs: frozenset[str] = field(default_factory=frozenset)
    """Ids of the window's runs whose state changed (a run id is the window's own)."""
    run_events: frozenset[RunEvent] = field(default_factory=frozenset)

    @classmethod
    def of(
        cls,
        *,
        conversations: Iterable[str] | None = None,
        executions: Iterable[str] | None = None,
        sessions: Iterable[SessionKey | None] | None = None,
        accounts: Iterable[str] | None = None,
        settings: Iterable[str] | None = None,
        listing: bool = False,
        runs: Iterable[str] | None = None,
        run_events: Iterable[RunEvent] | None = None,
    ) -> OpChanges:
        """Built from any iterables; empty ids (None, "") are left out."""
        return cls(
            _frozen(conversations), _frozen(executions),
            frozenset(k for k in (sessions or ()) if k is not None and all(k)),
            _frozen(accounts), _frozen(settings), listing, _frozen(runs),
            frozenset(run_events or ()),
        )  # fmt: skip

    def __bool__(self) -> bool:
        return any((self.conversations, self.executions, self.sessions, self.accounts,
                    self.settings, self.listing, self.runs, self.run_events))  # fmt: skip

    def merged(self, other: OpChanges) -> OpChanges:
        return OpChanges(
            self.conversations | other.conversations, self.executions | other.executions,
            self.sessions | other.sessions, self.accounts | other.accounts,
            self.settings | other.settings, self.listing or other.listing,
            self.runs | other.runs, self.run_events | other.run_events,
        )  # fmt: skip

    def touches(
        self,
        *,
        conversation: str | None = None,
        session: SessionKey | None = None,
        executions: Iterable[str] = (),
    ) -> bool:
        """Whether this changed the conversation, the session or one of the executions."""
        return (
            (conversation is not None and conversation in self.conversations)
            or (session is not None and session in self.sessions)
            or not self.executions.isdisjoint(executions)
        )


Listener = Callable[[OpChanges], None]


class ChangeFeed:
    """Where a hub's services report what they changed; any thread may report,
    and each listener is called on the reporting thread (the window's listener
    hands the value to its own thread)."""

    def __init__(self) -> None:
        self._listeners: list[Listener] = []
        self._lock = threading.Lock()

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Hear every report from now on; the returned call stops it."""
        with self._lock:
            self._listeners.append(listener)

        def unsubscribe() -> None:
            with self._lock:
                if listener in self._listeners:
                    self._listeners.remove(listener)

        return unsubscribe

    def report(self, changes: OpChanges) -> None:
        if not changes:
            return
        with self._lock:
            listeners = list(self._listeners)
        for listener in listeners:
            listener(changes)
