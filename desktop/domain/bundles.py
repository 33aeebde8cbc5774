"""Bundles: named, described, ordered collections of conversations, sessions and notes.

A bundle's context (for `bundle load`) is each item's most recent text,
labelled, within one byte budget shared by the items.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from pathlib import Path
from typing import Any, Protocol

from desktop.domain.bundle_format import Manifest
from desktop.domain.errors import UsageError
from desktop.domain.prompt_wrap import bundle_intro, note_block
from desktop.domain.replay import Turn, history_block


class ItemKind(StrEnum):
    CONVERSATION = "conversation"
    SESSION = "session"
    NOTE = "note"


@dataclass(frozen=True, slots=True)
class BundleItem:
    kind: ItemKind
    ref: str | None = None
    """A conversation id, or a Claude session id."""
    account: str | None = None
    """A session's account (a conversation's comes from the conversation)."""
    text: str | None = None
    """A note's text."""
    position: int = 0


@dataclass(frozen=True, slots=True)
class Bundle:
    id: int
    name: str
    description: str = ""
    items: tuple[BundleItem, ...] = ()
    created: datetime | None = None
    updated: datetime | None = None


def validate_bundle_name(name: str) -> str:
    cleaned = name.strip()
    if not cleaned or len(cleaned) > 128 or any(ord(c) < 32 for c in cleaned):
        raise UsageError(
            f"invalid bundle name {name!r}: use 1-128 printable characters",
            kind="bad_bundle_name",
        )
    return cleaned


class BundleRepository(Protocol):
    def create(self, name: str, description: str) -> Bundle: ...
    def get(self, name: str) -> Bundle | None: ...
    def list(self) -> list[Bundle]: ...
    def append(self, name: str, items: Sequence[BundleItem]) -> Bundle: ...
    def remove(self, name: str, position: int) -> Bundle: ...
    def update(
        self, name: str, *, new_name: str | None = None, description: str | None = None
    ) -> Bundle: ...
    def reorder(self, name: str, positions: Sequence[int]) -> Bundle: ...
    def delete(self, name: str) -> None: ...


@dataclass(frozen=True, slots=True)
class ContextPart:
    label: str
    turns: Sequence[Turn] = ()
    note: str | None = None


@dataclass(frozen=True, slots=True)
class ImportPlan:
    """Everything an import adds, decided and checked before one transaction writes it."""

    account: str
    bundle_name: str
    description: str
    conversations: list[dict[str, Any]] = field(default_factory=list)
    """Rows with new ids; `executions` inside each, with new ids and remapped links."""
    items: list[BundleItem] = field(default_factory=list)
    archived: list[tuple[str, str, int]] = field(default_factory=list)
    """(session id, staged archive file, uncompressed size) of each transcript to add."""


class BundleTransfer(Protocol):
    def apply_import(self, plan: ImportPlan) -> tuple[str, list[int]]:
        """Write the plan in one transaction; the bundle's name and the new
        conversations' numbers. Raises, having written nothing, on any failure."""
        ...


def bundle_context(name: str, description: str, parts: Sequence[ContextPart], budget: int) -> str:
    """The labelled context block that seeds `bundle load`'s turn."""
    share = max(1, budget // max(1, len(parts)))
    blocks: list[str] = []
    for part in parts:
        if part.note is not None:
            text = part.note.encode("utf-8")[:share].decode("utf-8", "ignore")
            blocks.append(note_block(_attr(part.label), text))
            continue
        block = history_block(part.turns, share, _attr(part.label))
        if block is not None:
            blocks.append(block)
    return bundle_intro(name, description, blocks)


def _attr(text: str) -> str:
    return text.replace('"', "'").replace("\n", " ")


class BundleFiles(Protocol):
    """Bundle files on disk (zip); see `desktop.domain.bundle_format`."""

    def read(self, path: str) -> Manifest: ...
    def member(self, path: str, name: str, size: int, sha256: str) -> Iterator[bytes]: ...
    def write(
        self,
        target: str,
        files: Iterable[tuple[str, Iterable[bytes]]],
        manifest: Callable[[dict[str, tuple[int, str]]], dict[str, Any]],
    ) -> Path: ...
