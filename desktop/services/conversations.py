"""Conversations: find them by any reference, show, rename, describe and hide them,
adopt sessions found on disk, and read their execution tree and token series.
What they said (histories, branches, comparisons) is `ConversationTurns`'s,
as `turns`; running turns is `RunService`'s job."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from desktop.domain.changes import ChangeFeed, OpChanges
from desktop.domain.conversations import (
    Conversation,
    Execution,
    ExecutionStatus,
    SessionLink,
    parse_code,
)
from desktop.domain.errors import NotFoundError, UsageError
from desktop.domain.execution_tree import TreeNode, build_tree, lineage
from desktop.domain.ports import ConversationRepository, ExecutionRepository
from desktop.domain.references import referenced_numbers
from desktop.domain.run_modes import check_model, check_permission_mode
from desktop.domain.sessions import SessionRecord
from desktop.domain.transcript import is_valid_session_id
from desktop.domain.turn_plan import BranchPoint
from desktop.services.claude_launch import ClaudeLauncher
from desktop.services.conversation_turns import ConversationTurns
from desktop.services.offload import Offload, inline
from desktop.services.sessions import SessionService

SHORT_ID = 6
"""The fewest characters of an execution id accepted as a reference."""


@dataclass(frozen=True, slots=True)
class ConversationDetail:
    conversation: Conversation
    executions: list[Execution]
    """Oldest first."""


@dataclass(frozen=True, slots=True)
class TokenPoint:
    execution_id: str
    started: datetime | None
    context_tokens: int | None


@dataclass(frozen=True, slots=True)
class Membership:
    """The conversation a Claude session belongs to, as the session list marks it."""

    code: str
    fork_of: str | None = None
    """For a fork, the code of the conversation it branched from."""
    hidden: bool = False
    """The conversation is hidden from the main list."""


class ConversationService:
    def __init__(
        self,
        conversations: ConversationRepository,
        executions: ExecutionRepository,
        sessions: SessionService,
        launcher: ClaudeLauncher,
        feed: ChangeFeed | None = None,
    ) -> None:
        self.feed = feed or ChangeFeed()
        """Where this and the services built on it report what they changed."""
        self._conversations = conversations
        self._executions = executions
        self._sessions = sessions
        self._launcher = launcher
        self.turns = ConversationTurns(executions, sessions)
        """What the conversations said: histories, branches, comparisons."""
        self.offload: Offload = inline
        """How the async steps below run their blocking reads and writes (the
        window points it at its executor, see `desktop.services.offload`)."""

    # ---- references -------------------------------------------------------------

    def get(self, ref: str) -> Conversation:
        """By id or by its `SESS-042` code."""
        found = self.find(ref)
        if found is None:
            raise UsageError(f"no conversation {ref} (see `sessiondesk conversations list`)")
        return found

    def find(self, ref: str) -> Conversation | None:
        """By id or `SESS-042` code, or None when there is no such conversation."""
        number = parse_code(ref)
        return self._conversations.by_number(number) if number else self._conversations.get(ref)

    def execution(self, ref: str) -> Execution:
        """By id, or by the start of one as the tables print it."""
        found = self._find_execution(ref)
        if found is None:
            raise UsageError(f"no execution {ref}")
        return found

    def _find_execution(self, ref: str) -> Execution | None:
        exact = self._executions.get(ref)
        if exact is not None or len(ref) < SHORT_ID:
            return exact
        matches = self._executions.with_prefix(ref)
        if len(matches) > 1:
            raise UsageError(f"{ref} is the start of {len(matches)} executions: give more of it")
        return matches[0] if matches else None

    async def branch_point(self, ref: str) -> BranchPoint:
        """Where a continue or a fork starts: an execution; a conversation (its
        head); or a Claude session id, adopted first when found only on disk."""
        point = await self.offload(lambda: self._known_point(ref))
        if point is None and is_valid_session_id(ref):
            try:
                conversation = await self.adopt(ref)
            except NotFoundError:
                pass
            else:
                point = await self.offload(lambda: self._head_of(conversation))
        if point is None:
            raise UsageError(f"{ref} is no execution, conversation or Claude session")
        return point

    def _known_point(self, ref: str) -> BranchPoint | None:
        """The branch point of what the database knows by `ref`, if it does."""
        execution = self._find_execution(ref)
        if execution is not None:
            return self._point_at(execution)
        conversation = self.find(ref)
        if conversation is not None:
            return self._head_of(conversation)
        if is_valid_session_id(ref):
            ran = [e for e in self._executions.with_session(ref) if e.account]
            if ran:
                return self._point_at(ran[-1])
        return None

    def _head_of(self, conversation: Conversation) -> BranchPoint:
        answered = [
            e
            for e in self._executions.for_conversation(conversation.id)
            if e.session_id and e.account and e.status is ExecutionStatus.SUCCEEDED
        ]
        if answered:
            return self._point_at(answered[-1])
        if conversation.session_id and conversation.account and conversation.cwd:
            # adopted from disk: its turns were made before Sessiondesk knew it
            return BranchPoint(
                conversation.id, conversation.code, None, conversation.account, conversation.cwd,
                conversation.session_id, conversation.runtime_id, conversation.history_epoch,
            )  # fmt: skip
        raise UsageError(f"{conversation.code} has no Claude session to branch from yet")

    def _point_at(self, execution: Execution) -> BranchPoint:
        if not execution.session_id or not execution.account:
            raise UsageError(f"execution {execution.id} never got a Claude session to resume")
        conversation = self.get(execution.conversation_id)
        later = [
            e
            for e in self._executions.with_session(execution.session_id)
            if e.status is ExecutionStatus.SUCCEEDED
            and (e.started, e.id) > (execution.started, execution.id)
        ]
        return BranchPoint(
            conversation.id, conversation.code, execution.id, execution.account, execution.cwd,
            execution.session_id, execution.runtime_fingerprint, conversation.history_epoch,
            execution.last_uuid, superseded=bool(later),
        )  # fmt: skip

    # ---- queries ----------------------------------------------------------------

    def list(self, *, hidden: bool | None = None) -> list[Conversation]:
        """Every conversation; with `hidden` True or False, only those hidden or shown."""
        found = self._conversations.list()
        return found if hidden is None else [c for c in found if c.hidden is hidden]

    def turn_of(self, account: str, session_id: str, prompt: str) -> Execution | None:
        """The execution that sent `prompt` (the person's words) into this session,
        the latest when several did; None when Sessiondesk did not send it."""
        sent = [
            e
            for e in self._executions.with_session(session_id)
            if e.account == account and e.prompt.strip() == prompt.strip()
        ]
        return sent[-1] if sent else None

    def for_session(self, account: str, session_id: str) -> Conversation | None:
        """The conversation a Claude session belongs to, if any: the one that ran
        a turn in it, else the one that adopted it."""
        ran = [e for e in self._executions.with_session(session_id) if e.account == account]
        if ran:
            return self._conversations.get(ran[-1].conversation_id)
        for conversation in self._conversations.list():
            if conversation.session_id == session_id and conversation.account == account:
                return conversation
        return None

    def root_of(self, ref: str) -> Conversation:
        """The conversation a fork (or a fork of a fork) started from: the one
        whose tree holds them all."""
        conversation = self.get(ref)
        executions = self._executions.for_conversation(conversation.id)
        if not executions:
            return conversation
        root = self._executions.get(lineage(executions[0], self._executions.get)[-1])
        return self.get(root.conversation_id) if root is not None else conversation

    def memberships(self) -> dict[tuple[str, str], Membership]:
        """Every known session by (account, session id): its conversation, and
        for a fork the conversation it was forked from."""
        found: dict[tuple[str, str], Membership] = {}
        conversations = {c.id: c for c in self._conversations.list()}
        links = self._executions.session_links()
        conversation_of = {link.execution_id: link.conversation_id for link in links}
        executions: dict[str, list[SessionLink]] = {}
        for link in links:
            executions.setdefault(link.conversation_id, []).append(link)
        for conversation in conversations.values():
            mine = executions.get(conversation.id, [])
            origin = next((e.forked_from_execution_id for e in mine
                           if e.forked_from_execution_id), None)  # fmt: skip
            parent = conversations.get(conversation_of.get(origin, "")) if origin else None
            fork_of = parent.code if parent else None
            member = Membership(conversation.code, fork_of, conversation.hidden)
            keys = [(e.account, e.session_id) for e in mine if e.account and e.session_id]
            if conversation.account and conversation.session_id:
                keys.append((conversation.account, conversation.session_id))
            for key in keys:
                found.setdefault(key, member)
        return found

    def session_of(self, ref: str) -> tuple[str, str] | None:
        """(account, Claude session id) where a conversation is read now: its
        pointer, else its newest turn that got a session; None before any."""
        conversation = self.get(ref)
        if conversation.account and conversation.session_id:
            return conversation.account, conversation.session_id
        for execution in reversed(self._executions.for_conversation(conversation.id)):
            if execution.account and execution.session_id:
                return execution.account, execution.session_id
        return None

    def referenced_by(self, ref: str) -> list[Conversation]:
        """The other conversations that reference this one as `[[SESS-042]]`, in a
        prompt of theirs or their description (references go both ways)."""
        target = self.get(ref)
        every = {c.id: c for c in self._conversations.list()}
        number = target.number
        citing = {c.id for c in every.values() if number in referenced_numbers(c.description)}
        for conversation_id, prompt in self._executions.prompts_containing("[["):
            if conversation_id not in citing and number in referenced_numbers(prompt):
                citing.add(conversation_id)
        citing.discard(target.id)
        return sorted((every[c] for c in citing if c in every), key=lambda c: c.number)

    def show(self, ref: str) -> ConversationDetail:
        conversation = self.get(ref)
        return ConversationDetail(conversation, self._executions.for_conversation(conversation.id))

    def tree(self, ref: str) -> list[TreeNode]:
        """The conversation's executions, and every fork started from them (and
        from those forks), each under the node it branched from."""
        root = self.get(ref)
        executions = self._executions.for_conversation(root.id)
        seen = {root.id}
        frontier = [e.id for e in executions]
        while frontier:
            forks = [
                f for f in self._executions.forks_of(frontier) if f.conversation_id not in seen
            ]
            added = []
            for conversation_id in dict.fromkeys(f.conversation_id for f in forks):
                seen.add(conversation_id)
                added += self._executions.for_conversation(conversation_id)
            executions += added
            frontier = [e.id for e in added]
        executions.sort(key=lambda e: (e.started or datetime.min, e.id))
        codes = {c: self.get(c).code for c in seen}
        return build_tree(executions, codes)

    def token_series(self, ref: str) -> list[TokenPoint]:
        """The context size after each turn, oldest first (for a chart)."""
        return [TokenPoint(e.id, e.started, e.context_tokens) for e in self.show(ref).executions]

    # ---- edits ------------------------------------------------------------------

    def rename(self, ref: str, title: str) -> Conversation:
        if not title.strip():
            raise UsageError("the title is empty")
        conversation = self.get(ref)
        self._conversations.update(conversation.id, title=title.strip())
        return self._changed(conversation.id)

    def describe(self, ref: str, text: str) -> Conversation:
        conversation = self.get(ref)
        self._conversations.update(conversation.id, description=text.strip())
        return self._changed(conversation.id)

    def set_hidden(self, ref: str, hidden: bool) -> Conversation:
        """Hide a conversation from the main list, or show it again; nothing is deleted."""
        conversation = self.get(ref)
        self._conversations.update(conversation.id, hidden=hidden)
        return self._changed(conversation.id)

    def remember_modes(self, ref: str, model: str | None, permission_mode: str | None) -> None:
        """The model and permission mode the conversation's next turn starts from.
        Nothing is reported on the spine: only the composer that chose them shows them."""
        if model is not None:
            check_model(model)
        if permission_mode is not None:
            check_permission_mode(permission_mode)
        conversation = self.get(ref)
        self._conversations.update(conversation.id, model=model, permission_mode=permission_mode)

    async def adopt(self, session_id: str, account: str | None = None) -> Conversation:
        """A conversation of a session found on disk (the existing one if adopted before)."""
        record, adopted = await self.offload(lambda: self._adoptable(session_id, account))
        if adopted is not None:
            return adopted
        launch = await self._launcher.probe(self.offload)

        def create() -> Conversation:
            conversation = self._conversations.create(
                record.title or session_id[:8], record.account, record.cwd
            )
            # the session was made by a claude on this machine: resumable by the current one
            self._conversations.update(
                conversation.id, session_id=session_id, runtime_id=str(launch.caps.fingerprint)
            )
            return self._changed(conversation.id, sessions=[(record.account, session_id)])

        return await self.offload(create)

    def _adoptable(
        self, session_id: str, account: str | None
    ) -> tuple[SessionRecord, Conversation | None]:
        """The session's record, and its conversation if it was adopted before."""
        try:
            record = self._sessions.find(session_id, account)
        except NotFoundError:
            self._sessions.refresh(account=account)  # it may be newer than the index
            record = self._sessions.find(session_id, account)
        for conversation in self._conversations.list():
            if conversation.session_id == session_id and conversation.account == record.account:
                return record, conversation
        return record, None

    def _changed(
        self, conversation_id: str, *, sessions: list[tuple[str, str]] | None = None
    ) -> Conversation:
        """Report the edit of a conversation and give it back as it is now."""
        self.feed.report(OpChanges.of(conversations=[conversation_id], sessions=sessions))
        return self.get(conversation_id)
