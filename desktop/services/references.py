"""`[[SESS-042]]` in a prompt: checked, then expanded into context before it is sent.

Every reference must name a conversation that exists (an unknown one stops
the turn: it is never silently dropped), and a conversation of another
account is sent under this one only when the person confirmed it. What is
sent is each referenced conversation's most recent user and assistant text,
labelled, within `carry_context.budget_bytes` (see `desktop.domain.references`).
"""

from __future__ import annotations

from dataclasses import dataclass

from desktop.domain.conversations import Conversation, conversation_code
from desktop.domain.errors import SessiondeskError, UsageError
from desktop.domain.references import (
    ReferencedConversation,
    expand_references,
    referenced_numbers,
)
from desktop.domain.replay import Turn
from desktop.services.conversations import ConversationService
from desktop.services.sessions import SessionService
from desktop.services.settings import SettingsService


@dataclass(frozen=True, slots=True)
class ReferenceCheck:
    found: list[Conversation]
    unknown: list[str]
    """Handles that name no conversation."""
    foreign: list[Conversation]
    """Referenced conversations of another account than the turn's."""


class ReferenceService:
    def __init__(
        self,
        conversations: ConversationService,
        sessions: SessionService,
        settings: SettingsService,
    ) -> None:
        self._conversations = conversations
        self._sessions = sessions
        self._settings = settings

    def check(self, text: str, account: str) -> ReferenceCheck:
        found, unknown = [], []
        for number in referenced_numbers(text):
            conversation = self._conversations.find(conversation_code(number))
            if conversation is None:
                unknown.append(conversation_code(number))
            else:
                found.append(conversation)
        foreign = [c for c in found if c.account != account]
        return ReferenceCheck(found, unknown, foreign)

    def expand(self, prompt: str, account: str, *, confirm_cross_account: bool = False) -> str:
        """The prompt with its references' text before it (the prompt as is
        when it has none). UsageError, and nothing is sent, for an unknown
        handle, or another account's conversation not confirmed."""
        checked = self.check(prompt, account)
        if checked.unknown:
            codes = ", ".join(checked.unknown)
            raise UsageError(
                f"no conversation {codes} to refer to: nothing was sent "
                "(see `sessiondesk conversations list`)",
                kind="unknown_reference",
                codes=codes,
            )
        if checked.foreign and not confirm_cross_account:
            named = ", ".join(f"{c.code} ({c.account or 'no account'})" for c in checked.foreign)
            raise UsageError(
                f"{named} belongs to another account than {account}: nothing was sent; "
                f"add --confirm-cross-account to send its text under {account}",
                kind="cross_account_reference",
                codes=", ".join(c.code for c in checked.foreign),
                account=account,
            )
        if not checked.found:
            return prompt
        budget = int(self._settings.get("carry_context.budget_bytes"))
        parts = [
            ReferencedConversation(c.number, c.title, c.account, self._recent(c))
            for c in checked.found
        ]
        return expand_references(prompt, parts, budget)

    def _recent(self, conversation: Conversation) -> list[Turn]:
        try:
            where = self._conversations.session_of(conversation.id)
            return self._sessions.history(*where) if where else []
        except SessiondeskError:
            return []  # its transcript is gone: the block says it has no text
