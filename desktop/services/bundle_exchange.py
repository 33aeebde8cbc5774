"""Move a bundle between homes: export it to one file, import such a file.

Import trusts nothing in the file: `BundleFiles.read` validates all of it
first; then the transcripts are staged in the archive and everything else is
written in one transaction, so a failure anywhere leaves the home as it was.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from desktop.domain.bundle_format import FORMAT, VERSION, Manifest, transcript_name
from desktop.domain.bundles import (
    BundleFiles,
    BundleItem,
    BundleTransfer,
    ImportPlan,
    ItemKind,
)
from desktop.domain.changes import OpChanges
from desktop.domain.conversations import Conversation, Execution
from desktop.domain.errors import NotFoundError, SessiondeskError
from desktop.domain.ports import RolloverRepository
from desktop.domain.rollover import Rollover
from desktop.services.accounts import AccountService
from desktop.services.archive import ArchiveService
from desktop.services.bundles import BundleService
from desktop.services.conversations import ConversationService
from desktop.services.sessions import SessionService


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


class BundleExchange:
    def __init__(
        self,
        bundles: BundleService,
        transfer: BundleTransfer,
        files: BundleFiles,
        conversations: ConversationService,
        sessions: SessionService,
        archive: ArchiveService,
        accounts: AccountService,
        rollovers: RolloverRepository,
    ) -> None:
        self._bundles = bundles
        self._transfer = transfer
        self._files = files
        self._conversations = conversations
        self._sessions = sessions
        self._archive = archive
        self._accounts = accounts
        self._rollovers = rollovers

    def export(self, name: str, target: str) -> ExportReport:
        bundle = self._bundles.get(name)
        conversations: list[tuple[Conversation, list[Execution], list[Rollover]]] = []
        wanted: dict[str, str | None] = {}  # session id -> account
        for item in bundle.items:
            if item.kind is ItemKind.SESSION and item.ref:
                wanted.setdefault(item.ref, item.account)
            elif item.kind is ItemKind.CONVERSATION:
                conv = self._conversations.find(item.ref or "")
                if conv is None:
                    continue
                executions = self._conversations.show(conv.id).executions
                rollovers = self._rollovers.for_conversation(conv.id)
                conversations.append((conv, executions, rollovers))
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
        kept_convs = {c.id for c, _, _ in conversations}
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
                "conversations": [_conversation_json(*c) for c in conversations],
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
        # the list gains its sessions, and their conversations join it
        self._conversations.feed.report(OpChanges.of(listing=True, sessions=[
            (account, sid) for sid in added]))  # fmt: skip
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


def _conversation_json(
    conv: Conversation, executions: list[Execution], rollovers: list[Rollover]
) -> dict[str, Any]:
    return {
        "id": conv.id,
        "code": conv.code,
        "title": conv.title,
        "cwd": conv.cwd,
        "session_id": conv.session_id,
        "history_epoch": conv.history_epoch,
        "last_input_tokens": conv.last_input_tokens,
        "context_window": conv.context_window,
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
        "rollovers": [
            {
                "execution_id": r.execution_id,
                "old_session_id": r.old_session_id,
                "new_session_id": r.new_session_id,
                "tokens": r.tokens,
                "threshold": r.threshold,
                "created": _iso(r.created),
            }
            for r in rollovers
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
        rollovers = [
            {**r, "execution_id": exec_ids[r["execution_id"]]} for r in c.get("rollovers", [])
        ]
        conversations.append(
            {**c, "id": conv_ids[c["id"]], "executions": executions, "rollovers": rollovers}
        )
    items = []
    for raw in manifest.items:
        if raw["kind"] == "note":
            items.append(BundleItem(ItemKind.NOTE, text=raw["text"]))
        elif raw["kind"] == "conversation":
            items.append(BundleItem(ItemKind.CONVERSATION, conv_ids[raw["ref"]]))
        else:
            items.append(BundleItem(ItemKind.SESSION, raw["ref"], account))
    return ImportPlan(account, manifest.name, manifest.description, conversations, items)
