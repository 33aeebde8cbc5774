"""What the chain walk reads of a transcript's entries, packed in columns.

`sessions show` of a file of a million lines keeps these facts of every line
between its two reads, so each costs a few bytes, not a few Python objects:
uuids, parents and reply keys are held as 64-bit string hashes in arrays,
kinds as one byte each, and tool calls and results (their role and id) in
flat columns of their own. The hashes are Python's own (`hash(str)`, salted
per process), so they only ever compare strings of one process's reading; two
different strings of one file share a hash with odds of about n² / 2⁶⁵, which
the re-read of each shown line checks for its own uuid.

A parent is looked up once, when the packing is done (`resolve`): the table
from a uuid to its first line is an open-addressing array of line numbers
keyed by those hashes, eight bytes a line rather than a dict's hundred.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Iterator
from typing import Protocol

from desktop.domain.transcript import EntryKind, Message, Role, UserKind

NONE = -1
"""The key of a missing string (`hash` never returns -1)."""
LOST = -2
"""A resolved link whose uuid is no line of the file."""

KIND_CODES = {kind: code for code, kind in enumerate(EntryKind)}
USER_KIND_CODES = {None: 0} | {kind: code for code, kind in enumerate(UserKind, 1)}
MESSAGE = KIND_CODES[EntryKind.MESSAGE]
BOUNDARY = KIND_CODES[EntryKind.COMPACT_BOUNDARY]
TOOL_USE, TOOL_RESULT = 1, 2
"""`PackedFacts.tool_roles`: a tool call, and its result."""
_TOOL_ROLES = {Role.TOOL_USE: TOOL_USE, Role.TOOL_RESULT: TOOL_RESULT}


def key(text: str | None) -> int:
    """The packed form of a uuid, reply key or tool id."""
    return NONE if text is None else hash(text)


class EntryFacts(Protocol):
    """What the walk reads of an entry (an `Entry` has all of it)."""

    @property
    def uuid(self) -> str | None: ...
    @property
    def parent_uuid(self) -> str | None: ...
    @property
    def logical_parent_uuid(self) -> str | None: ...
    @property
    def kind(self) -> EntryKind: ...
    @property
    def user_kind(self) -> UserKind | None: ...
    @property
    def reply_key(self) -> str | None: ...
    @property
    def messages(self) -> tuple[Message, ...]: ...


class PackedFacts:
    """The facts of a file's entries, in file order, one column each."""

    __slots__ = ("kinds", "links", "replies", "resolved", "tool_at", "tool_ids", "tool_roles",
                 "user_kinds", "uuids")  # fmt: skip

    def __init__(self) -> None:
        self.uuids = array("q")
        self.links = array("q")
        """What the walk follows from a line: its parent, or a compaction
        boundary's logical parent when it has none. Keys until `resolve`, then
        the line it names (its first), `LOST`, or `NONE`."""
        self.replies = array("q")
        self.kinds = bytearray()
        self.user_kinds = bytearray()
        self.tool_at = array("q")
        """The line of each tool call or result (ascending)."""
        self.tool_ids = array("q")
        self.tool_roles = bytearray()
        self.resolved = False

    @classmethod
    def of(cls, entries: Iterable[EntryFacts]) -> PackedFacts:
        packed = cls()
        for entry in entries:
            packed.add(entry)
        return packed

    def __len__(self) -> int:
        return len(self.kinds)

    def add(self, entry: EntryFacts) -> None:
        line = len(self.kinds)
        link = entry.parent_uuid
        if link is None and entry.kind is EntryKind.COMPACT_BOUNDARY:
            link = entry.logical_parent_uuid
        self.uuids.append(key(entry.uuid))
        self.links.append(key(link))
        self.replies.append(key(entry.reply_key))
        self.kinds.append(KIND_CODES[entry.kind])
        self.user_kinds.append(USER_KIND_CODES[entry.user_kind])
        for message in entry.messages:
            role = _TOOL_ROLES.get(message.role)
            if role is not None:
                self.tool_at.append(line)
                self.tool_ids.append(key(message.tool_use_id))
                self.tool_roles.append(role)

    def resolve(self) -> None:
        """Turn each link's key into the first line with that uuid (once)."""
        if self.resolved:
            return
        self.resolved = True
        uuids, links = self.uuids, self.links
        size = 8
        while size < 2 * len(uuids):
            size <<= 1
        mask = size - 1
        table = array("i", [0]) * size  # a line's number + 1; 0 is an empty slot
        for line, uuid in enumerate(uuids):
            if uuid == NONE:
                continue
            slot = uuid & mask
            while (held := table[slot]) and uuids[held - 1] != uuid:
                slot = (slot + 1) & mask
            if not held:  # a uuid met again keeps its first line
                table[slot] = line + 1
        for line, link in enumerate(links):
            if link == NONE:
                continue
            slot = link & mask
            while (held := table[slot]) and uuids[held - 1] != link:
                slot = (slot + 1) & mask
            links[line] = held - 1 if held else LOST

    def tools(self) -> Iterator[tuple[int, int, int]]:
        """(line, role, id key) of every tool call and result, in file order."""
        return zip(self.tool_at, self.tool_roles, self.tool_ids, strict=True)
