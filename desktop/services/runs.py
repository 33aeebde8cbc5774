"""Send a turn: the one service the window and the command line run turns through.

A turn is planned (`turn_planning`), then driven by a `Run` that records it
as it goes (`turn_recording`); stopping turns and recovering the ones a dead
Sessiondesk left running is `turn_recovery`'s. This service hands out what
callers need of each, so none of them learns how a turn is split (the
composition root builds the three over the same repositories).
Conversations themselves (queries, edits, references) belong to
`ConversationService`.
"""

from __future__ import annotations

from desktop.domain.conversations import Execution
from desktop.domain.ports import ClaudeRuntime, RolloverRepository
from desktop.domain.rollover import Rollover, RolloverPolicy
from desktop.domain.run_modes import ModelOption
from desktop.services.claude_launch import ClaudeLauncher
from desktop.services.offload import Offload
from desktop.services.run import Run
from desktop.services.turn_planning import TurnPlanner
from desktop.services.turn_recording import TurnRecorder
from desktop.services.turn_recovery import TurnRecovery
from desktop.services.turn_request import TurnRequest


class RunService:
    def __init__(
        self,
        launcher: ClaudeLauncher,
        planner: TurnPlanner,
        recorder: TurnRecorder,
        recovery: TurnRecovery,
        rollovers: RolloverRepository | None = None,
    ) -> None:
        self._launcher = launcher
        self._planner = planner
        self._recorder = recorder
        self._recovery = recovery
        self._rollovers = rollovers
        self._models: dict[tuple[str, str], list[ModelOption]] = {}

    @property
    def offload(self) -> Offload:
        """How a turn's blocking steps are run, planning and recording alike
        (`desktop.services.offload`): the window points it at its executor."""
        return self._recorder.offload

    @offload.setter
    def offload(self, offload: Offload) -> None:
        self._recorder.offload = offload
        self._planner.offload = offload

    @property
    def runtime(self) -> ClaudeRuntime:
        return self._launcher.runtime

    def binary(self) -> str:
        return self._launcher.binary()

    async def models(self, account: str) -> list[ModelOption]:
        """The models `claude` offers `account` (its `initialize` answer), asked
        once per binary and account; ClaudeError when claude cannot say."""
        launch = await self._launcher.probe(self.offload)
        key = (str(launch.caps.fingerprint), account)
        if key not in self._models:
            env = await self.offload(lambda: self._recorder.account_env(account))
            self._models[key] = await self.runtime.models(launch.binary, launch.caps, env)
        return self._models[key]

    async def prepare(self, request: TurnRequest) -> Run:
        """Check everything a turn needs and decide how it runs (nothing starts yet)."""
        checked, plan, launch = await self._planner.plan(request)
        return Run(self._recorder, self._planner, checked, plan, launch)

    def rollover_policy(self) -> RolloverPolicy:
        return self._planner.rollover_policy()

    def rollovers(self, conversation_id: str) -> list[Rollover]:
        """The conversation's rollovers, oldest first."""
        return self._rollovers.for_conversation(conversation_id) if self._rollovers else []

    async def stop(self, execution_id: str) -> Execution:
        """Interrupt a running turn, whichever Sessiondesk process drives it."""
        return await self._recovery.stop(execution_id)

    def busy(self, conversation_id: str) -> Execution | None:
        """The turn a live process runs in this conversation, or None."""
        return self._recovery.busy(conversation_id)

    def owner_alive(self, execution: Execution) -> bool:
        """Whether the Sessiondesk process that drives this turn still runs."""
        return self._recorder.owner_alive(execution)

    def needs_recovery(self) -> bool:
        return self._recovery.needs_recovery()

    async def recover(self) -> list[Execution]:
        """Rows left running by a Sessiondesk that died: end their `claude`, mark them."""
        return await self._recovery.recover()
