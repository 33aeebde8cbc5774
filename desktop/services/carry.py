"""The carry-over of a switch, built when the first turn under the new account starts.

Whatever goes wrong here (the old transcript missing or unreadable, the recap
failing, the copy refused) degrades to less: summary to raw, migrate to raw,
raw to a fresh session with a notice. A switch never fails because of it, and
no carried text is logged: failures are logged by kind and session id only.

Across accounts the old transcript is carried whole or not at all: a file with
any line that cannot be read carries nothing (`DAMAGED_NOT_CARRIED`), since
its readable rest may lack exactly the turns that made sense of it. A
rollover (same account) still carries what it can read: its other choice is
an overflowing context.
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from dataclasses import dataclass

from desktop.domain.carry import (
    DAMAGED_NOT_CARRIED,
    NOT_MOVED,
    NOTHING_CARRIED,
    RECAP_FAILED,
    SWITCH_FRAMING,
    CarryMode,
    Framing,
    SwitchDecision,
    carry_block,
)
from desktop.domain.carry import summary_block as recap_block
from desktop.domain.errors import DamagedTranscriptError, SessiondeskError
from desktop.domain.events import AssistantMessage
from desktop.domain.ports import ClaudeRuntime, TranscriptCopier
from desktop.domain.prompt_wrap import RECAP_REQUEST
from desktop.domain.runs import RunRequest
from desktop.services.accounts import AccountService
from desktop.services.claude_launch import Launch
from desktop.services.offload import Offload, inline
from desktop.services.sessions import SessionService
from desktop.services.settings import SettingsService

log = logging.getLogger(__name__)

SUMMARY_TIMEOUT = 120.0


@dataclass(frozen=True, slots=True)
class Carried:
    """How the first turn under the new account starts. Held in memory only."""

    text: str | None = None
    """For `--append-system-prompt`."""
    resume: str | None = None
    """migrate: the copied transcript to `--resume … --fork-session`."""
    fallback: str | None = None
    """migrate: the raw block, should `claude` refuse the copy."""
    notice: str | None = None
    """What the person is told when less was carried than asked."""


class CarryOverBuilder:
    def __init__(
        self,
        sessions: SessionService,
        accounts: AccountService,
        settings: SettingsService,
        runtime: ClaudeRuntime,
        copier: TranscriptCopier,
    ) -> None:
        self._sessions = sessions
        self._accounts = accounts
        self._settings = settings
        self._runtime = runtime
        self._copier = copier

    async def build(
        self,
        decision: SwitchDecision,
        cwd: str,
        launch: Launch,
        framing: Framing = SWITCH_FRAMING,
        offload: Offload = inline,
    ) -> Carried:
        """`framing`: how the block introduces itself (a rollover's own words);
        `offload` runs its blocking steps (the transcript's read, the settings,
        the keyring, a copy) off the caller's loop (`desktop.services.offload`)."""
        if decision.mode is CarryMode.NONE:
            return Carried()
        raw, notice = await offload(lambda: self._raw(decision, framing))
        if raw is None:
            return Carried(notice=notice)
        if decision.mode is CarryMode.SUMMARY:
            recap = await self._summary(decision, raw, cwd, launch, offload)
            if recap is None:
                return Carried(raw, notice=RECAP_FAILED)
            return Carried(recap_block(recap, framing))
        if decision.mode is CarryMode.MIGRATE:
            copied = await offload(lambda: self._migrate(decision, launch))
            if copied is None:
                return Carried(raw, notice=NOT_MOVED)
            return Carried(resume=copied, fallback=raw)
        return Carried(raw)

    def check(self, decision: SwitchDecision) -> str | None:
        """What a carry of this decision would tell the person, known at the
        switch already (a missing or damaged transcript); None: nothing to say."""
        if decision.mode is CarryMode.NONE:
            return None
        return self._raw(decision, SWITCH_FRAMING)[1]

    def _raw(self, decision: SwitchDecision, framing: Framing) -> tuple[str | None, str | None]:
        """The raw block, or None and the notice that says why not."""
        if not decision.from_account or not decision.from_session:
            return None, NOTHING_CARRIED
        budget = int(self._settings.get("carry_context.budget_bytes"))
        across = decision.from_account != decision.to_account
        try:
            turns = self._sessions.transcript_turns(
                decision.from_account, decision.from_session, whole=across
            )
            block = carry_block(turns, budget, framing)
            return block, None if block else NOTHING_CARRIED
        except DamagedTranscriptError:
            log.warning("carry-over from session %s refused: the transcript is damaged",
                        decision.from_session)  # fmt: skip
            return None, DAMAGED_NOT_CARRIED
        except (SessiondeskError, OSError, ValueError) as exc:
            log.warning(
                "carry-over from session %s failed: %s", decision.from_session, type(exc).__name__
            )
            return None, NOTHING_CARRIED

    async def _summary(
        self, decision: SwitchDecision, raw: str, cwd: str, launch: Launch, offload: Offload
    ) -> str | None:
        """A recap written by a short headless run under the OLD account."""
        assert decision.from_account is not None
        try:
            old = decision.from_account
            env = await offload(lambda: self._account_env(old))  # SQLite and the keyring
            argv = self._runtime.argv(
                launch.binary, RunRequest(cwd=cwd, ask_permissions=False), launch.caps
            )
            process = await self._runtime.start(argv, cwd, env)
            try:
                texts: list[str] = []

                async def collect() -> None:
                    async for event in process.turn(RECAP_REQUEST + raw):
                        if isinstance(event, AssistantMessage) and event.text:
                            texts.append(event.text)

                await asyncio.wait_for(collect(), SUMMARY_TIMEOUT)
            finally:
                await process.close()
            recap = "\n".join(texts).strip()
            return recap if recap and process.returncode in (0, None) else None
        except (SessiondeskError, OSError, TimeoutError) as exc:
            log.warning("summary for session %s failed: %s", decision.from_session,
                        type(exc).__name__)  # fmt: skip
            return None

    def _account_env(self, name: str) -> dict[str, str]:
        account = self._accounts.get(name)
        secret = self._accounts.secret(account.name)  # the keyring, over D-Bus
        return self._runtime.account_env(account.config_dir, account.auth, secret)

    def _migrate(self, decision: SwitchDecision, launch: Launch) -> str | None:
        """The copy's new session id, or None when it cannot be made."""
        if not (launch.runtime.supports_resume and launch.runtime.supports_fork):
            return None
        assert decision.from_account and decision.from_session
        new_id = str(uuid.uuid4())
        try:
            path = self._sessions.transcript_file(decision.from_account, decision.from_session)
            target = self._accounts.get(decision.to_account).config_dir
            self._copier.copy_as(path, target, new_id)
        except (SessiondeskError, OSError, ValueError) as exc:
            log.warning("migrating session %s failed: %s", decision.from_session,
                        type(exc).__name__)  # fmt: skip
            return None
        return new_id
