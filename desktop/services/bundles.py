"""Bundles: create, fill, show, and load as the context of a new turn.

The window's pages and `sessiondesk bundle …` call this; moving a bundle to
another home is `bundle_exchange`.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import datetime

from desktop.domain.bundles import (
    Bundle,
    BundleItem,
    BundleRepository,
    ContextPart,
    ItemKind,
    bundle_context,
    validate_bundle_name,
)
from desktop.domain.conversations import Conversation, parse_code
from desktop.domain.errors import NotFoundError, SessiondeskError, UsageError
from desktop.domain.transcript import is_valid_session_id
from desktop.domain.transcript_text import shorten
from desktop.services.conversations import ConversationService
from desktop.services.run import Run, TurnRequest
from desktop.services.runs import RunService
from desktop.services.sessions import SessionService
from desktop.services.settings import SettingsService


@dataclass(frozen=True, slots=True)
class ItemView:
    """One item as a list shows it."""

    index: int
    kind: str
    ref: str | None
    account: str | None
    code: str | None = None
    title: str | None = None
    text: str | None = None


@dataclass(frozen=True, slots=True)
class NotResumed:
    """Why a load starts a new conversation: a kind the window words, the
    conversation it is about, and the reason in English (the command line's)."""

    kind: str
    """no_conversation, other_account, no_session, other_folder, gone."""
    code: str
    text: str


@dataclass(frozen=True, slots=True)
class LoadChoice:
    """How a bundle's context is loaded: the turn to start, and which way."""

    request: TurnRequest
    continues: Conversation | None
    """The bundle's latest conversation, continued by resuming its session
    (None: a new conversation seeded with every item's text)."""
    why_new: NotResumed | None = None
    """Why it starts a new conversation instead (None when it continues)."""

    @property
    def mode(self) -> str:
        """`resumed` (it continues the latest conversation) or `new`."""
        return "new" if self.continues is None else "resumed"


_EPOCH = datetime(1970, 1, 1)


class BundleService:
    def __init__(
        self,
        repo: BundleRepository,
        runs: RunService,
        conversations: ConversationService,
        sessions: SessionService,
        settings: SettingsService,
    ) -> None:
        self._repo = repo
        self._runs = runs
        self._conversations = conversations
        self._sessions = sessions
        self._settings = settings

    # ---- the collection ---------------------------------------------------------

    def create(self, name: str, description: str = "") -> Bundle:
        return self._repo.create(validate_bundle_name(name), description.strip())

    def get(self, name: str) -> Bundle:
        found = self._repo.get(name)
        if found is None:
            raise NotFoundError(f"no bundle {name!r} (see `sessiondesk bundle list`)")
        return found

    def list(self) -> list[Bundle]:
        return self._repo.list()

    def add(self, name: str, refs: list[str], account: str | None = None) -> Bundle:
        """`account` picks a session id found under several accounts."""
        self.get(name)
        return self._repo.append(name, [self.resolve(ref, account) for ref in refs])

    def add_session(self, name: str, account: str, session_id: str) -> Bundle:
        """A session from the list: its conversation when it has one, else the session."""
        self.get(name)
        conversation = self._conversations.for_session(account, session_id)
        if conversation is not None:
            item = BundleItem(ItemKind.CONVERSATION, conversation.id)
        else:
            item = BundleItem(ItemKind.SESSION, self._sessions.find(session_id, account).session_id,
                              account)  # fmt: skip
        return self._repo.append(name, [item])

    def note(self, name: str, text: str) -> Bundle:
        if not text.strip():
            raise UsageError("the note is empty", kind="note_empty")
        self.get(name)
        return self._repo.append(name, [BundleItem(ItemKind.NOTE, text=text.strip())])

    def remove(self, name: str, ref: str) -> Bundle:
        """By its place in the list (1, 2, …) or by what it refers to."""
        items = self.get(name).items
        if ref.isdigit():
            index = int(ref)
            if not 1 <= index <= len(items):
                raise NotFoundError(f"bundle {name!r} has no item {index}")
            return self._repo.remove(name, items[index - 1].position)
        wanted = self.resolve(ref)
        for item in items:
            if (item.kind, item.ref) == (wanted.kind, wanted.ref):
                return self._repo.remove(name, item.position)
        raise NotFoundError(f"bundle {name!r} does not hold {ref}")

    def rename(self, name: str, new_name: str) -> Bundle:
        self.get(name)
        return self._repo.update(name, new_name=validate_bundle_name(new_name))

    def describe(self, name: str, description: str) -> Bundle:
        self.get(name)
        return self._repo.update(name, description=description.strip())

    def move(self, name: str, index: int, to: int) -> Bundle:
        """Move item `index` (1, 2, …) to place `to`, the others keeping their order."""
        items = list(self.get(name).items)
        for place in (index, to):
            if not 1 <= place <= len(items):
                raise NotFoundError(f"bundle {name!r} has no item {place}")
        moved = items.pop(index - 1)
        items.insert(to - 1, moved)
        return self._repo.reorder(name, [item.position for item in items])

    def delete(self, name: str) -> None:
        self.get(name)
        self._repo.delete(name)

    def resolve(self, ref: str, account: str | None = None) -> BundleItem:
        """`SESS-042`, a conversation id, or a Claude session id."""
        number = parse_code(ref)
        conv = self._conversations.find(ref)
        if conv is not None:
            return BundleItem(ItemKind.CONVERSATION, conv.id)
        if number is None and is_valid_session_id(ref):
            record = self._sessions.find(ref, account)
            return BundleItem(ItemKind.SESSION, record.session_id, record.account)
        raise NotFoundError(f"{ref} is neither a conversation (SESS-042 or its id) nor a session")

    def views(self, bundle: Bundle) -> list[ItemView]:
        out = []
        for index, item in enumerate(bundle.items, 1):
            if item.kind is ItemKind.CONVERSATION:
                conv = self._conversations.find(item.ref or "")
                out.append(
                    ItemView(index, item.kind.value, item.ref,
                             conv.account if conv else None,
                             conv.code if conv else None,
                             conv.title if conv else "(deleted)")
                )  # fmt: skip
            elif item.kind is ItemKind.SESSION:
                title = self._session_title(item)
                out.append(ItemView(index, item.kind.value, item.ref, item.account, None, title))
            else:
                out.append(ItemView(index, item.kind.value, None, None, text=item.text))
        return out

    def _session_title(self, item: BundleItem) -> str | None:
        try:
            return self._sessions.find(item.ref or "", item.account).title
        except SessiondeskError:
            return None

    # ---- load as context --------------------------------------------------------

    def _owner(self, item: BundleItem) -> tuple[str | None, str | None, str]:
        """(account, session id, label) of an item's text."""
        if item.kind is ItemKind.CONVERSATION:
            conv = self._conversations.find(item.ref or "")
            if conv is None:
                return None, None, f"conversation {item.ref} (deleted)"
            return conv.account, conv.session_id, f"{conv.code} {conv.title}".strip()
        short = (item.ref or "")[:8]
        return item.account, item.ref, f"session {short} {self._session_title(item) or ''}".strip()

    def context(
        self,
        name: str,
        account: str,
        confirm_cross_account: bool = False,
        leave_out: str | None = None,
    ) -> str:
        """The labelled context of a bundle's items, within `carry_context.budget_bytes`.
        Items of another account need the person's confirmation (UsageError naming them).
        `leave_out`: a conversation whose session the turn resumes (its text is
        there already); "" when nothing else is left to send."""
        bundle = self.get(name)
        foreign = []
        parts: list[ContextPart] = []
        for index, item in enumerate(bundle.items, 1):
            if leave_out is not None and item.kind is ItemKind.CONVERSATION:
                found = self._conversations.find(item.ref or "")
                if found is not None and found.id == leave_out:
                    continue
            if item.kind is ItemKind.NOTE:
                parts.append(ContextPart(f"note {index}", note=item.text or ""))
                continue
            owner, session_id, label = self._owner(item)
            if owner != account:
                foreign.append(f"{label} ({owner or 'no account'})")
            turns = []
            if owner and session_id:
                try:
                    turns = self._sessions.history(owner, session_id)
                except SessiondeskError:
                    turns = []
            parts.append(ContextPart(f"{label} ({owner})", turns=turns))
        if foreign and not confirm_cross_account:
            raise UsageError(
                f"bundle {name!r} holds items of other accounts than {account}: "
                + "; ".join(foreign)
                + ". Add --confirm-cross-account to send their text under this account.",
                kind="bundle_other_accounts",
                account=account,
                items="; ".join(foreign),
            )
        if leave_out is not None and not parts:
            return ""
        budget = int(self._settings.get("carry_context.budget_bytes"))
        return bundle_context(bundle.name, bundle.description, parts, budget)

    def latest(self, name: str) -> Conversation | None:
        """The bundle's conversation that ran last (None: it holds none)."""
        found = [
            conversation
            for item in self.get(name).items
            if item.kind is ItemKind.CONVERSATION
            and (conversation := self._conversations.find(item.ref or "")) is not None
        ]
        return max(found, key=lambda c: c.updated or c.created or _EPOCH, default=None)

    def why_not_resume(
        self, latest: Conversation | None, account: str, cwd: str
    ) -> NotResumed | None:
        """Why a load cannot continue the bundle's latest conversation (None: it can)."""
        if latest is None:
            return NotResumed("no_conversation", "", "the bundle holds no conversation")
        code = latest.code
        if latest.account != account:
            owner = latest.account or "no account"
            return NotResumed("other_account", code, f"its latest conversation {code} is "
                              f"under {owner}")  # fmt: skip
        if not latest.session_id:
            return NotResumed("no_session", code, f"its latest conversation {code} has no session")
        if os.path.realpath(latest.cwd or "") != os.path.realpath(cwd):
            return NotResumed("other_folder", code, f"its latest conversation {code} ran in "
                              f"another folder ({latest.cwd})")  # fmt: skip
        try:
            self._sessions.transcript_file(account, latest.session_id)
        except SessiondeskError:
            return NotResumed("gone", code, f"the session of {code} is no longer on disk")
        return None

    def seeded(
        self, name: str, account: str, cwd: str, prompt: str, confirm_cross_account: bool = False
    ) -> LoadChoice:
        """The turn a load starts (the window starts it on its run desk; `load`
        prepares it for the CLI). When the bundle's latest conversation is under
        this account and folder and its session is still on disk, the turn
        continues it, resuming the session, with only the other items' text;
        else a new conversation whose first turn carries every item's text."""
        if not prompt.strip():
            raise UsageError("the prompt is empty", kind="prompt_empty")
        latest = self.latest(name)
        why = self.why_not_resume(latest, account, cwd)
        if latest is None or why is not None:
            seeded = self.context(name, account, confirm_cross_account) + "\n\n" + prompt
            return LoadChoice(TurnRequest(prompt=seeded, account=account, cwd=cwd), None, why)
        others = self.context(name, account, confirm_cross_account, leave_out=latest.id)
        text = f"{others}\n\n{prompt}" if others else prompt
        request = TurnRequest(prompt=text, account=account, cwd=cwd, conversation_id=latest.id)
        return LoadChoice(request, latest)

    def name_loaded(self, conversation_id: str, name: str, prompt: str) -> None:
        """Title the conversation a load started after its prompt and the bundle."""
        self._conversations.rename(conversation_id, shorten(f"{prompt} [{name}]", 80))

    async def load(self, choice: LoadChoice, name: str, prompt: str) -> Run:
        """Prepare the turn `seeded` chose; a new conversation is titled after the load."""
        run = await self._runs.prepare(choice.request)
        if choice.continues is None:
            self.name_loaded(run.conversation_id, name, prompt)
        return run
