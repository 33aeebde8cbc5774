"""The window's runs: start them, follow what they say, answer their questions, stop them.

Each run is driven by a `RunDriver`, a task on the window's loop whose
blocking steps go to the process's executor, so several conversations
stream at once, none waits for another and none blocks the window. What the
runs say arrives here in order, a frame's worth at a time, and is re-emitted
as Qt signals for the run desk and the live rows (one `updated` per run a
frame). Every step that changes what a view shows (started, bound, recorded,
needs an answer, answered, replied, ended) also goes out on the window's
change spine as an `OpChanges` naming the run, its conversation, executions
and sessions: views follow the spine, not this. Nothing here knows which
session the window shows: that is the presenter's business.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import count

from PySide6.QtCore import QEventLoop, QObject, QTimer, Signal

from desktop.domain.changes import OpChanges, RunEvent
from desktop.domain.conversations import Execution, ExecutionStatus
from desktop.domain.errors import SessiondeskError
from desktop.domain.events import Event, PermissionRequest, Result, SystemInit
from desktop.services.hub import ServiceHub
from desktop.services.run import PermissionChoice, Run, TurnRequest
from desktop.ui.common.changes import Changes
from desktop.ui.common.error_text import error_text
from desktop.ui.runs import run_driver
from desktop.ui.runs.live_run import Change, LiveTranscript
from desktop.ui.runs.run_driver import FrameBatch, Key, RunDriver

__all__ = ["Key", "LiveRun", "Phase", "RunController"]

CLOSE_WAIT_STEPS = 400
"""Twentieths of a second a send waits for the answered turn's claude to exit
(its whole escalation, stdin to SIGKILL, fits in this)."""


class Phase(StrEnum):
    STREAMING = "streaming"
    FINISHED = "finished"


@dataclass(eq=False)
class LiveRun:
    """One turn the window started, from its first event to its recorded end."""

    id: str
    run: Run
    driver: RunDriver
    account: str
    cwd: str | None
    transcript: LiveTranscript
    origin: Key | None
    """The session the turn was sent from (None: a new conversation)."""
    key: Key | None
    """The session it writes to: the origin until `claude` names its session."""
    phase: Phase = Phase.STREAMING
    pending: dict[str, PermissionRequest] = field(default_factory=dict)
    """Permission requests waiting for an answer, by request id."""
    decided: list[tuple[PermissionRequest, PermissionChoice]] = field(default_factory=list)
    answers: dict[str, dict[str, str]] = field(default_factory=dict)
    """What the person answered Claude's questions with, by request id."""
    error: str | None = None
    stopping: bool = False
    replied: bool = False
    """Its turn's result is in: claude has answered, its process may still be
    closing (a background task can keep it for seconds after)."""
    told_status: ExecutionStatus | None = None
    """The execution status the spine last heard of."""

    @property
    def prompt(self) -> str:
        return self.transcript.prompt.message.text

    @property
    def execution(self) -> Execution | None:
        return self.run.execution

    @property
    def status(self) -> ExecutionStatus | None:
        execution = self.run.execution
        return execution.status if execution is not None else None

    @property
    def streaming(self) -> bool:
        return self.phase is Phase.STREAMING

    @property
    def needs_answer(self) -> bool:
        return self.streaming and bool(self.pending)

    def failed(self) -> bool:
        return self.error is not None or self.status is ExecutionStatus.FAILED


class RunController(QObject):
    started = Signal(object)
    """A LiveRun began."""
    updated = Signal(object, object)
    """(LiveRun, list of live_run.Change): its transcript grew or changed."""
    bound = Signal(object)
    """A LiveRun learnt (or changed) the session it writes to."""
    permission = Signal(object, object)
    """(LiveRun, PermissionRequest): a tool waits for the person's answer."""
    answered = Signal(object)
    """A LiveRun's permission question was answered."""
    replied = Signal(object)
    """A LiveRun's turn has its result: the answer is complete."""
    finished = Signal(object)
    """A LiveRun ended; its execution is final."""

    def __init__(self, hub: ServiceHub, changes: Changes, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._hub = hub
        self._changes = changes
        self._ids = count(1)
        self.runs: list[LiveRun] = []
        """Every run of this window, oldest first, finished ones included."""
        self._batch = FrameBatch(self)

    # -- queries ---------------------------------------------------------------------------

    def streaming(self) -> list[LiveRun]:
        return [live for live in self.runs if live.streaming]

    def for_key(self, key: Key | None) -> LiveRun | None:
        """The run streaming into this session now, if any."""
        if key is None:
            return None
        return next((r for r in reversed(self.runs) if r.streaming and r.key == key), None)

    def of_session(self, key: Key | None) -> LiveRun | None:
        """The run going on for this session's conversation now: one writing to it, or
        one sent from it that writes elsewhere (a fresh session, a rollover)."""
        if key is None:
            return None
        return self.for_key(key) or next(
            (r for r in reversed(self.runs) if r.streaming and r.origin == key), None
        )

    def run(self, run_id: str) -> LiveRun | None:
        """One of this window's runs by its id (an id in `OpChanges.runs`)."""
        return next((r for r in self.runs if r.id == run_id), None)

    # -- commands ------------------------------------------------------------------------

    async def start(self, request: TurnRequest, origin: Key | None = None) -> LiveRun:
        """Prepare a turn and set it streaming; SessiondeskError when it cannot start.

        With `origin`, the turn continues that session (adopting it into a
        conversation the first time). The turn goes on as a task of this loop.
        """
        self._hub.runs.runtime.nice = run_driver.CLAUDE_NICE
        handler = _Handler(self, request, origin, asyncio.get_running_loop().create_future())
        handler.driver = RunDriver(self._hub, request, origin, handler, self._batch)
        handler.driver.start()
        return await handler.ready

    async def exited(self, live: LiveRun) -> None:
        """Until the run has ended (its claude exited), or `CLOSE_WAIT_STEPS` passed."""
        for _ in range(CLOSE_WAIT_STEPS):
            if not live.streaming:
                return
            await asyncio.sleep(0.05)

    def answer(
        self,
        live: LiveRun,
        request_id: str,
        choice: PermissionChoice,
        answers: Mapping[str, str] | None = None,
    ) -> None:
        """Answer a permission request; `answers`: allow Claude's questions with them."""
        request = live.pending.pop(request_id, None)
        if request is None or not live.streaming:
            return
        if answers is not None:
            live.answers[request_id] = dict(answers)
        live.decided.append((request, choice))
        self.answered.emit(live)
        self._tell(live, RunEvent.ANSWERED)
        live.driver.call(live.run.answer(request, choice, answers=answers), "answer")

    def stop(self, live: LiveRun) -> None:
        if not live.streaming or live.stopping:
            return
        live.stopping = True
        live.driver.call(live.run.stop(), "stop")

    def stop_all(self) -> None:
        for live in self.streaming():
            self.stop(live)

    def wait_ended(self, seconds: float) -> None:
        """Turn the loop until every run has ended (its end recorded) or `seconds`
        have passed; the caller has asked them to stop.

        The runs are tasks of this loop, so it goes on turning while they record
        their end; it waits in a loop of its own that the last run's `finished`
        ends, not in a spin. A task of the loop that asks cannot wait on the
        others (asyncio runs one task at a time), so it does not wait."""
        if not self.streaming() or _in_task():
            return
        waiting = QEventLoop()
        deadline = QTimer()
        deadline.setSingleShot(True)
        deadline.timeout.connect(waiting.quit)

        def ended(_live: LiveRun) -> None:
            if not self.streaming():
                waiting.quit()

        self.finished.connect(ended)
        deadline.start(round(seconds * 1000))
        try:
            waiting.exec()
        finally:
            deadline.stop()
            self.finished.disconnect(ended)

    # -- what a run says (on the window's thread, in order) --------------------------------------

    def _new(
        self, run: Run, driver: RunDriver, request: TurnRequest, origin: Key | None
    ) -> LiveRun:
        live = LiveRun(
            id=f"live{next(self._ids)}",
            run=run,
            driver=driver,
            account=request.account or (origin[0] if origin else ""),
            cwd=request.cwd,
            transcript=LiveTranscript(request.prompt, images=request.images),
            origin=origin,
            key=None if request.fresh else origin,  # fresh: claude names a new session
        )
        self.runs.append(live)
        self.started.emit(live)
        self._tell(live, RunEvent.STARTED)
        return live

    def _tell(self, live: LiveRun, event: RunEvent) -> None:
        """Put one step of a run on the spine, with everything it may have changed:
        its conversation, its execution and the ones it continues or forks, the
        session it writes to and the one it was sent from."""
        execution = live.run.execution
        executions: list[str] = []
        if execution is not None:
            live.told_status = execution.status
            executions = [execution.id, execution.parent_execution_id or "",
                          execution.forked_from_execution_id or ""]  # fmt: skip
        self._changes.publish(OpChanges.of(
            conversations=[live.run.conversation_id or "",
                           execution.conversation_id if execution else ""],
            executions=executions, sessions=[live.key, live.origin], runs=[live.id],
            run_events=[event],
        ))  # fmt: skip

    def _events(self, live: LiveRun, events: list[Event]) -> None:
        """A frame's events of one run: the transcript's changes go out in one `updated`,
        sent before any other news so each signal sees the transcript as it was then."""
        changes: list[Change] = []
        for event in events:
            if isinstance(event, SystemInit) and event.session_id:
                key = (live.account, event.session_id)
                if key != live.key:
                    changes = self._updated(live, changes)
                    live.key = key
                    self.bound.emit(live)
                    self._tell(live, RunEvent.BOUND)
            elif isinstance(event, PermissionRequest):
                changes = self._updated(live, changes)
                live.pending[event.request_id] = event
                self.permission.emit(live, event)
                self._tell(live, RunEvent.NEEDS_ANSWER)
                continue
            changes.extend(live.transcript.apply(event))
            # an error result may be followed by a retry (a refused resume replays): not yet
            if isinstance(event, Result) and not event.is_error and not live.replied:
                changes = self._updated(live, changes)
                live.replied = True
                self.replied.emit(live)
                self._tell(live, RunEvent.REPLIED)
        self._updated(live, changes)
        if live.status is not live.told_status:  # its row was made, or its status moved
            self._tell(live, RunEvent.RECORDED)

    def _updated(self, live: LiveRun, changes: list[Change]) -> list[Change]:
        if changes:
            self.updated.emit(live, changes)
        return []

    def _ended(self, live: LiveRun, error: str | SessiondeskError | None) -> None:
        live.phase = Phase.FINISHED
        live.pending.clear()
        live.error = error_text(error) if isinstance(error, SessiondeskError) else error
        execution = live.run.execution
        if error is None and execution is not None and execution.status is ExecutionStatus.FAILED:
            live.error = execution.error or self.tr("The turn failed.")
        self.finished.emit(live)  # the run desk tells its end and lists its session first
        self._tell(live, RunEvent.ENDED)


def _in_task() -> bool:
    try:
        return asyncio.current_task() is not None
    except RuntimeError:  # no loop is running: nothing would drive the runs either
        return True


@dataclass(eq=False)
class _Handler:
    """One run's news, for the controller: before it is prepared, and after."""

    controller: RunController
    request: TurnRequest
    origin: Key | None
    ready: asyncio.Future[LiveRun]
    driver: RunDriver | None = None
    live: LiveRun | None = None

    def prepared(self, run: Run) -> None:
        assert self.driver is not None
        self.live = self.controller._new(run, self.driver, self.request, self.origin)
        if not self.ready.done():
            self.ready.set_result(self.live)

    def refused(self, error: BaseException) -> None:
        if not self.ready.done():
            self.ready.set_exception(error)

    def events(self, events: list[Event]) -> None:
        if self.live is not None:
            self.controller._events(self.live, events)

    def ended(self, error: str | SessiondeskError | None) -> None:
        if self.live is not None:
            self.controller._ended(self.live, error)
