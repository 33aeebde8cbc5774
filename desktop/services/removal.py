"""Deleting a conversation, an archived copy, or an account's old archive.

Each removal is planned first (`*_plan`: what would go, counts and sizes),
which the window shows in its confirmation and the command line prints
without `--yes`; carrying it out re-plans inside the store's transaction.
Each reports on the change spine, so every view of the window re-reads.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from desktop.domain.changes import ChangeFeed, OpChanges
from desktop.domain.conversations import Execution
from desktop.domain.errors import BusyError, NotFoundError, SessiondeskError, UsageError
from desktop.domain.removal import (
    ArchiveRemoval,
    ArchiveRemovalStore,
    ConversationDeleted,
    ConversationRemoval,
    ConversationRemovalStore,
    TranscriptRemover,
)
from desktop.services.conversations import ConversationService

log = logging.getLogger(__name__)


class RemovalService:
    def __init__(
        self,
        conversations: ConversationService,
        store: ConversationRemovalStore,
        archive: ArchiveRemovalStore,
        archived: Callable[[], set[tuple[str, str]]],
        transcripts: TranscriptRemover,
        running: Callable[[Execution], bool],
        accounts: Callable[[], list[str]],
        feed: ChangeFeed | None = None,
    ) -> None:
        self._conversations = conversations
        self._store = store
        self._archive = archive
        self._archived = archived
        self._transcripts = transcripts
        self._running = running
        self._accounts = accounts
        self.feed = feed or ChangeFeed()

    # ---- conversations ------------------------------------------------------------

    def conversation_plan(self, ref: str) -> ConversationRemoval:
        """What deleting the conversation (`SESS-042` or its id) would remove and keep."""
        return self._store.plan(self._conversations.get(ref).id)

    def delete_conversation(self, ref: str, *, with_transcripts: bool) -> ConversationDeleted:
        """Delete it from Sessiondesk; Claude's own transcripts only `with_transcripts`,
        and then only those no other conversation uses. Refused while one of its
        turns runs, in this process or another."""
        conversation = self._conversations.get(ref)
        try:
            plan = self._store.delete(
                conversation.id,
                running=self._running,
                with_transcripts=with_transcripts,
                archived=self._archived() if with_transcripts else set(),
            )
        except NotFoundError:
            # deleted by another process since it was looked up: as if it never was
            raise UsageError(
                f"no conversation {ref} (see `sessiondesk conversations list`)"
            ) from None
        except BusyError as exc:
            execution = str(exc.details.get("execution", ""))
            raise SessiondeskError(
                f"{conversation.code} has a turn running (execution {execution}): stop it "
                f"first (`sessiondesk stop {execution}`); nothing was deleted",
                kind="delete_busy",
                code=conversation.code,
                execution=execution,
            ) from None
        removed, freed, failed = 0, 0, []
        if with_transcripts:
            for transcript in plan.transcripts:
                try:
                    freed += self._transcripts.remove(transcript.path, transcript.session_id)
                    removed += 1
                except (OSError, ValueError) as exc:
                    log.warning("cannot remove transcript %s: %s", transcript.path, exc)
                    failed.append(f"{transcript.path}: {exc}")
        self.feed.report(
            OpChanges.of(
                conversations=[conversation.id],
                sessions=[(t.account, t.session_id) for t in plan.transcripts],
                listing=True,
            )
        )
        return ConversationDeleted(plan, removed, freed, tuple(failed))

    # ---- the archive --------------------------------------------------------------

    def copy_plan(self, session_id: str, account: str | None = None) -> ArchiveRemoval:
        """The archived copies of this session: the account's, or each account's that
        keeps one (a session id is one account's, unless a bundle brought it twice)."""
        accounts = [account] if account else self._archive.accounts_of(session_id)
        entries = [entry for name in accounts for entry in self._archive.copies(name, session_id)]
        if not entries:
            raise UsageError(f"session {session_id} has no archived copy")
        return ArchiveRemoval(tuple(entries))

    def has_copy(self, account: str, session_id: str) -> bool:
        """Whether the archive keeps a copy of this session (one look-up)."""
        return bool(self._archive.copies(account, session_id))

    def prune_plan(self, account: str, days: int, now: datetime | None = None) -> ArchiveRemoval:
        """The account's copies of sessions last changed more than `days` days ago."""
        if account not in self._accounts():
            raise UsageError(f"no account {account!r} (see `sessiondesk accounts list`)")
        if days < 0:
            raise UsageError(f"--older-than must be 0 days or more, not {days}")
        cutoff = (now or datetime.now(UTC)).replace(tzinfo=None) - timedelta(days=days)
        old = [e for e in self._archive.copies(account) if e.when is not None and e.when < cutoff]
        return ArchiveRemoval(tuple(old))

    def remove_copies(self, plan: ArchiveRemoval) -> ArchiveRemoval:
        """Remove the planned copies; what went and the bytes freed."""
        done = self._archive.remove(plan.entries)
        if done.entries:
            self.feed.report(
                OpChanges.of(
                    sessions=[(e.account, e.session_id) for e in done.entries], listing=True
                )
            )
        return done
