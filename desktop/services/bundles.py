"""Bundles: create, fill, show, load as context, export to one file and import it.

The window's pages and `sessiondesk bundle …` call this. Import trusts nothing
in the file: `BundleFiles.read` validates all of it first; then the
transcripts are staged in the archive and everything else is written in one
transaction, so a failure anywhere leaves the home as it was.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from desktop.domain.bundle_format import FORMAT, VERSION, Manifest, transcript_name
from desktop.domain.bundles import (
    Bundle,
    BundleFiles,
    BundleItem,
    BundleRepository,
    BundleTransfer,
    ContextPart,
    ImportPlan,
    ItemKind,
    bundle_context,
    validate_bundle_name,
)
from desktop.domain.conversations import Conversation, Execution, parse_code
from desktop.domain.errors import NotFoundError, SessiondeskError, UsageError
from desktop.domain.transcript import is_valid_session_id
from desktop.domain.transcript_text import shorten
from desktop.services.accounts import AccountService
from desktop.services.archive import ArchiveService
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
class ExportReport:
    path: str
    conversations: int
    sessions: int
    left_out: list[str] = field(default_factory=list)
    """Sessions whose transcript is neither on disk nor archived."""


@dataclass(frozen=True, slots=True)
class ImportReport:
    bundle: str
    conversations: list[str]
    sessions_added: list[str]
    sessions_present: list[str]


class BundleService:
    def __init__(
        self,
        repo: BundleRepository,
        transfer: BundleTransfer,
        files: BundleFiles,
        runs: RunService,
        sessions: SessionService,
        archive: ArchiveService,
        settings: SettingsService,
        accounts: AccountService,
    ) -> None:
        self._accounts = accounts
        self._repo = repo
        self._transfer = transfer
        self._files = files
        self._runs = runs
        self._sessions = sessions
        self._archive = archive
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

    def note(self, name: str, text: str) -> Bundle:
        if not text.strip():
            raise UsageError("the note is empty")
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

    def resolve(self, ref: str, account: str | None = None) -> BundleItem:
        """`SESS-042`, a conversation id, or a Claude session id."""
        number = parse_code(ref)
        conv = (
            self._runs.conversations.by_number(number)
            if number
            else self._runs.conversations.get(ref)
        )
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
                conv = self._runs.conversations.get(item.ref or "")
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
            conv = self._runs.conversations.get(item.ref or "")
            if conv is None:
                return None, None, f"conversation {item.ref} (deleted)"
            return conv.account, conv.session_id, f"{conv.code} {conv.title}".strip()
        short = (item.ref or "")[:8]
        return item.account, item.ref, f"session {short} {self._session_title(item) or ''}".strip()

    def context(self, name: str, account: str, confirm_cross_account: bool = False) -> str:
        """The labelled context of a bundle's items, within `carry_context.budget_bytes`.
        Items of another account need the person's confirmation (UsageError naming them)."""
        bundle = self.get(name)
        foreign = []
        parts: list[ContextPart] = []
        for index, item in enumerate(bundle.items, 1):
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
                + ". Add --confirm-cross-account to send their text under this account."
            )
        budget = int(self._settings.get("carry_context.budget_bytes"))
        return bundle_context(bundle.name, bundle.description, parts, budget)

    async def load(
        self, name: str, account: str, cwd: str, prompt: str, confirm_cross_account: bool = False
    ) -> Run:
        """A new conversation's first turn, seeded with the bundle's context."""
        if not prompt.strip():
            raise UsageError("the prompt is empty")
        seeded = self.context(name, account, confirm_cross_account) + "\n\n" + prompt
        run = await self._runs.prepare(TurnRequest(prompt=seeded, account=account, cwd=cwd))
        self._runs.rename(run.conversation_id, shorten(f"{prompt} [{name}]", 80))
        return run

    # ---- export and import ------------------------------------------------------

    def export(self, name: str, target: str) -> ExportReport:
        bundle = self.get(name)
        conversations: list[tuple[Conversation, list[Execution]]] = []
        wanted: dict[str, str | None] = {}  # session id -> account
        for item in bundle.items:
            if item.kind is ItemKind.SESSION and item.ref:
                wanted.setdefault(item.ref, item.account)
            elif item.kind is ItemKind.CONVERSATION:
                conv = self._runs.conversations.get(item.ref or "")
                if conv is None:
                    continue
                executions = self._runs.executions.for_conversation(conv.id)
                conversations.append((conv, executions))
                for sid, owner in [(conv.session_id, conv.account)] + [
                    (e.session_id, e.account) for e in executions
                ]:
                    if sid:
                        wanted.setdefault(sid, owner)
        carried, left_out = [], []
        for sid, owner in wanted.items():
            found = self._transcript(sid, owner)
            if found is None:
                left_out.append(sid)
            else:
                carried.append((sid, *found))
        kept_convs = {c.id for c, _ in conversations}
        kept_sids = {sid for sid, *_ in carried}

        def manifest(digests: dict[str, tuple[int, str]]) -> dict[str, Any]:
            return {
                "format": FORMAT,
                "version": VERSION,
                "created": datetime.now(UTC).isoformat(timespec="seconds"),
                "bundle": {"name": bundle.name, "description": bundle.description},
                "items": [
                    _item_json(i)
                    for i in bundle.items
                    if i.kind is ItemKind.NOTE or i.ref in kept_convs | kept_sids
                ],
                "conversations": [_conversation_json(c, es) for c, es in conversations],
                "sessions": [
                    {
                        "session_id": sid,
                        "file": transcript_name(sid),
                        "size": digests[transcript_name(sid)][0],
                        "sha256": digests[transcript_name(sid)][1],
                        "cwd": record_cwd,
                        "title": title,
                    }
                    for sid, _chunks, record_cwd, title in carried
                ],
            }

        files = ((transcript_name(sid), chunks) for sid, chunks, _cwd, _title in carried)
        path = self._files.write(target, files, manifest)
        return ExportReport(str(path), len(conversations), len(carried), left_out)

    def _transcript(self, session_id: str, account: str | None) -> tuple[Any, Any, Any] | None:
        try:
            record = self._sessions.find(session_id, account)
        except SessiondeskError:
            return None
        path = None if record.missing else record.path
        chunks = self._archive.store.transcript(record.account, session_id, path)
        return None if chunks is None else (chunks, record.cwd, record.title)

    def import_file(self, path: str, account: str) -> ImportReport:
        manifest = self._files.read(path)  # validates everything, or raises
        self._accounts.get(account)
        present = [s.session_id for s in manifest.sessions if self._present(s.session_id, account)]
        plan = _plan(manifest, account)
        staged: list[str] = []
        try:
            for s in manifest.sessions:
                if s.session_id in present:
                    continue
                chunks = self._files.member(path, s.file, s.size, s.sha256)
                name = self._archive.store.stage(account, s.session_id, chunks)
                staged.append(name)
                plan.archived.append((s.session_id, name, s.size))
            bundle_name, numbers = self._transfer.apply_import(plan)
        except BaseException:
            self._archive.store.discard(staged)
            raise
        self._archive.relist()  # the index lists and searches the new transcripts
        added = [sid for sid, _name, _size in plan.archived]
        codes = [f"SESS-{n:03d}" for n in numbers]
        return ImportReport(bundle_name, codes, added, present)

    def _present(self, session_id: str, account: str) -> bool:
        if (account, session_id) in self._archive.archived():
            return True
        try:
            self._sessions.find(session_id, account)
        except NotFoundError:
            return False
        return True


def _item_json(item: BundleItem) -> dict[str, Any]:
    if item.kind is ItemKind.NOTE:
        return {"kind": "note", "text": item.text}
    return {"kind": item.kind.value, "ref": item.ref}


def _iso(value: datetime | None) -> str | None:
    return value.isoformat() if value else None


def _conversation_json(conv: Conversation, executions: list[Execution]) -> dict[str, Any]:
    return {
        "id": conv.id,
        "code": conv.code,
        "title": conv.title,
        "cwd": conv.cwd,
        "session_id": conv.session_id,
        "history_epoch": conv.history_epoch,
        "last_input_tokens": conv.last_input_tokens,
        "created": _iso(conv.created),
        "executions": [
            {
                "id": e.id,
                "kind": str(e.kind),
                "status": str(e.status),
                "parent_execution_id": e.parent_execution_id,
                "forked_from_execution_id": e.forked_from_execution_id,
                "cwd": e.cwd,
                "prompt": e.prompt,
                "session_id_in": e.session_id_in,
                "session_id": e.session_id,
                "exit_code": e.exit_code,
                "error": e.error,
                "usage": e.usage,
                "context_tokens": e.context_tokens,
                "cost_usd": e.cost_usd,
                "started": _iso(e.started),
                "finished": _iso(e.finished),
            }
            for e in executions
        ],
    }


def _plan(manifest: Manifest, account: str) -> ImportPlan:
    """New ids for every conversation and execution, links between them remapped;
    links to executions the bundle does not carry are dropped."""
    conv_ids = {c["id"]: str(uuid.uuid4()) for c in manifest.conversations}
    exec_ids = {
        e["id"]: str(uuid.uuid4()) for c in manifest.conversations for e in c.get("executions", [])
    }
    conversations = []
    for c in manifest.conversations:
        executions = [
            {
                **e,
                "id": exec_ids[e["id"]],
                "parent_execution_id": exec_ids.get(e.get("parent_execution_id") or ""),
                "forked_from_execution_id": exec_ids.get(e.get("forked_from_execution_id") or ""),
            }
            for e in c.get("executions", [])
        ]
        conversations.append({**c, "id": conv_ids[c["id"]], "executions": executions})
    items = []
    for raw in manifest.items:
        if raw["kind"] == "note":
            items.append(BundleItem(ItemKind.NOTE, text=raw["text"]))
        elif raw["kind"] == "conversation":
            items.append(BundleItem(ItemKind.CONVERSATION, conv_ids[raw["ref"]]))
        else:
            items.append(BundleItem(ItemKind.SESSION, raw["ref"], account))
    return ImportPlan(account, manifest.name, manifest.description, conversations, items)
