"""Bundles and their ordered items in the database; an import written in one transaction."""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import delete, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from desktop.domain.bundles import Bundle, BundleItem, ImportPlan, ItemKind
from desktop.domain.errors import ConflictError, NotFoundError
from desktop.store.archive_files import relative_file
from desktop.store.conversations import next_number
from desktop.store.db import Database
from desktop.store.library_models import ArchivedTranscriptRow, BundleItemRow, BundleRow
from desktop.store.models import (
    AccountRow,
    ConversationRow,
    ExecutionRow,
    RolloverRow,
    utcnow,
)

_RETRIES = 5


def _names(session: Session) -> dict[int, str]:
    return {pk: name for pk, name in session.execute(select(AccountRow.id, AccountRow.name))}


def _ids(session: Session) -> dict[str, int]:
    return {name: pk for pk, name in _names(session).items()}


def _bundle(session: Session, row: BundleRow) -> Bundle:
    names = _names(session)
    items = session.scalars(
        select(BundleItemRow)
        .where(BundleItemRow.bundle_id == row.id)
        .order_by(BundleItemRow.position)
    )
    return Bundle(
        row.id,
        row.name,
        row.description,
        tuple(
            BundleItem(
                ItemKind(i.kind),
                i.ref,
                names.get(i.account_id) if i.account_id else None,
                i.text,
                i.position,
            )
            for i in items
        ),
        row.created,
        row.updated,
    )


def _row(session: Session, name: str) -> BundleRow:
    row = session.scalar(select(BundleRow).where(BundleRow.name == name))
    if row is None:
        raise NotFoundError(f"no bundle {name!r} (see `sessiondesk bundle list`)")
    return row


def _add_items(session: Session, row: BundleRow, items: Sequence[BundleItem]) -> None:
    accounts = _ids(session)
    last = session.scalar(
        select(func.max(BundleItemRow.position)).where(BundleItemRow.bundle_id == row.id)
    )
    position = last or 0
    for item in items:
        if item.kind is ItemKind.CONVERSATION and session.get(ConversationRow, item.ref) is None:
            # deleted by another process since the item was resolved: never a dangling item
            raise NotFoundError(f"no conversation {item.ref}")
        position += 1
        session.add(
            BundleItemRow(
                bundle_id=row.id,
                position=position,
                kind=item.kind.value,
                ref=item.ref,
                account_id=accounts.get(item.account) if item.account else None,
                text=item.text,
            )
        )
    row.updated = utcnow()


def _name_taken(name: str | None) -> ConflictError:
    """What creating or renaming a bundle says when its name is another's (the
    unique index refused it)."""
    return ConflictError(f"a bundle named {name!r} exists already", kind="bundle_exists", name=name)


class SqlBundleRepository:
    def __init__(self, db: Database) -> None:
        self._db = db

    def create(self, name: str, description: str) -> Bundle:
        try:
            with self._db.session() as session:
                row = BundleRow(name=name, description=description)
                session.add(row)
                session.flush()
                return _bundle(session, row)
        except IntegrityError:
            raise _name_taken(name) from None

    def get(self, name: str) -> Bundle | None:
        with self._db.session() as session:
            row = session.scalar(select(BundleRow).where(BundleRow.name == name))
            return _bundle(session, row) if row else None

    def list(self) -> list[Bundle]:
        with self._db.session() as session:
            rows = session.scalars(select(BundleRow).order_by(BundleRow.name))
            return [_bundle(session, row) for row in rows]

    def append(self, name: str, items: Sequence[BundleItem]) -> Bundle:
        # positions are unique per bundle: two processes adding at once collide, and retry
        for attempt in range(_RETRIES):
            try:
                with self._db.session() as session:
                    row = _row(session, name)
                    _add_items(session, row, items)
                    session.flush()
                    return _bundle(session, row)
            except IntegrityError:
                if attempt == _RETRIES - 1:
                    raise
        raise AssertionError("unreachable")

    def update(
        self, name: str, *, new_name: str | None = None, description: str | None = None
    ) -> Bundle:
        try:
            with self._db.session() as session:
                row = _row(session, name)
                if new_name is not None:
                    row.name = new_name
                if description is not None:
                    row.description = description
                row.updated = utcnow()
                session.flush()
                return _bundle(session, row)
        except IntegrityError:
            raise _name_taken(new_name) from None

    def reorder(self, name: str, positions: Sequence[int]) -> Bundle:
        """`positions`: the items' current positions, in their new order."""
        with self._db.session() as session:
            row = _row(session, name)
            items = {
                i.position: i
                for i in session.scalars(
                    select(BundleItemRow).where(BundleItemRow.bundle_id == row.id)
                )
            }
            if sorted(positions) != sorted(items):
                raise ConflictError(f"bundle {name!r} changed meanwhile: show it again")
            # positions are unique per bundle: step aside first, then take the new places
            for index, position in enumerate(positions, 1):
                items[position].position = -index
            session.flush()
            for index, position in enumerate(positions, 1):
                items[position].position = index
            row.updated = utcnow()
            session.flush()
            return _bundle(session, row)

    def delete(self, name: str) -> None:
        with self._db.session() as session:
            row = _row(session, name)
            session.execute(delete(BundleItemRow).where(BundleItemRow.bundle_id == row.id))
            session.delete(row)

    def remove(self, name: str, position: int) -> Bundle:
        with self._db.session() as session:
            row = _row(session, name)
            gone = session.execute(
                delete(BundleItemRow).where(
                    BundleItemRow.bundle_id == row.id, BundleItemRow.position == position
                )
            )
            if not gone.rowcount:  # type: ignore[attr-defined]
                raise NotFoundError(f"bundle {name!r} has no such item")
            row.updated = utcnow()
            session.flush()
            return _bundle(session, row)


def _when(value: Any) -> datetime | None:
    try:
        return datetime.fromisoformat(value) if isinstance(value, str) and value else None
    except ValueError:
        return None


class SqlBundleTransfer:
    """Writes an import: archive rows, conversations, executions, the bundle and its
    items, all in one transaction; staged transcripts are moved into place last."""

    def __init__(self, db: Database, archive_folder: os.PathLike[str] | str) -> None:
        self._db = db
        self._folder = os.fspath(archive_folder)

    def apply_import(self, plan: ImportPlan) -> tuple[str, list[int]]:
        placed: list[str] = []
        try:
            with self._db.session() as session:
                account_id = _ids(session).get(plan.account)
                if account_id is None:
                    raise NotFoundError(f"no account {plan.account!r}")
                numbers = self._conversations(session, plan, account_id)
                name = self._free_name(session, plan.bundle_name)
                bundle = BundleRow(name=name, description=plan.description)
                session.add(bundle)
                session.flush()
                _add_items(session, bundle, plan.items)
                for session_id, staged, source_bytes in plan.archived:
                    final = relative_file(plan.account, session_id)
                    size = os.stat(os.path.join(self._folder, staged)).st_size
                    session.add(
                        ArchivedTranscriptRow(
                            account_id=account_id,
                            session_id=session_id,
                            file=final,
                            source_path=os.path.join(self._folder, final),
                            source_bytes=source_bytes,
                            stored_bytes=size,
                            head="",
                            imported=True,
                        )
                    )
                session.flush()
                for session_id, staged, _size in plan.archived:
                    final = os.path.join(self._folder, relative_file(plan.account, session_id))
                    if os.path.exists(final):
                        raise ConflictError(f"session {session_id} is archived already")
                    os.rename(os.path.join(self._folder, staged), final)
                    placed.append(final)
                return name, numbers
        except BaseException:
            for final in placed:
                with contextlib.suppress(OSError):
                    os.unlink(final)
            raise

    def _conversations(self, session: Session, plan: ImportPlan, account_id: int) -> list[int]:
        number = next_number(session) - 1
        numbers = []
        for conv in plan.conversations:
            number += 1
            numbers.append(number)
            session.add(
                ConversationRow(
                    id=conv["id"],
                    number=number,
                    title=conv.get("title") or "",
                    description=conv.get("description") or "",
                    archived=False,
                    account_id=account_id,
                    session_id=conv.get("session_id"),
                    cwd=conv.get("cwd"),
                    runtime_id=None,  # another machine's claude: replay, never resume
                    history_epoch=conv.get("history_epoch") or 0,
                    last_input_tokens=conv.get("last_input_tokens"),
                    context_window=conv.get("context_window"),
                    created=_when(conv.get("created")) or utcnow(),
                )
            )
            session.flush()
            for e in conv.get("executions", []):
                session.add(_execution(e, conv["id"], account_id))
            session.flush()  # a rollover's row names its turn's
            for r in conv.get("rollovers", []):
                session.add(_rollover(r, conv["id"]))
        return numbers

    @staticmethod
    def _free_name(session: Session, wanted: str) -> str:
        taken = set(session.scalars(select(BundleRow.name)))
        name, n = wanted, 1
        while name in taken:
            n += 1
            name = f"{wanted} ({n})"
        return name


def _execution(e: dict[str, Any], conversation_id: str, account_id: int) -> ExecutionRow:
    status = e["status"] if e["status"] not in ("pending", "running") else "interrupted"
    return ExecutionRow(
        id=e["id"],
        conversation_id=conversation_id,
        kind=e["kind"],
        parent_execution_id=e.get("parent_execution_id"),
        forked_from_execution_id=e.get("forked_from_execution_id"),
        account_id=account_id,
        cwd=e["cwd"],
        prompt=e["prompt"],
        args_json="[]",
        runtime_fingerprint=None,
        session_id_in=e.get("session_id_in"),
        session_id=e.get("session_id"),
        status=status,
        exit_code=e.get("exit_code"),
        error=e.get("error"),
        usage_json=json.dumps(e["usage"]) if e.get("usage") else None,
        context_tokens=e.get("context_tokens"),
        cost_usd=e.get("cost_usd"),
        started=_when(e.get("started")) or utcnow(),
        finished=_when(e.get("finished")),
    )


def _rollover(r: dict[str, Any], conversation_id: str) -> RolloverRow:
    return RolloverRow(
        execution_id=r["execution_id"],
        conversation_id=conversation_id,
        old_session_id=r["old_session_id"],
        new_session_id=r["new_session_id"],
        tokens=r["tokens"],
        threshold=r["threshold"],
        created=_when(r.get("created")) or utcnow(),
    )
