"""What the chain walk reads of a transcript's entries, packed in columns.

`sessions show` of a file of a million lines keeps these facts of every line
between its two reads, so each costs a few bytes, not a few Python objects:
uuids, parents and reply keys are held as 64-bit string hashes in arrays,
kinds as one byte each, and tool calls and results (their role and id) in
flat columns of their own. The hashes are Python's own (`hash(str)`, salted
per process), so they only ever compare strings of one process's reading.
Two different strings of one file share a hash with odds of about n² / 2⁶⁵
(10⁻⁸ for a million lines); such a pair would be taken for one uuid (a link
followed to the wrong line), the one thing the packing trades for its bytes.
The re-read of each shown line checks its own uuid against its hash.

A parent is looked up once, when the packing is done: by a dict for a caller
that holds every entry anyway (`of`), else (`resolve`) by an open-addressing
table of line numbers keyed by those hashes, 8–16 bytes a line rather than a
dict's hundred.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Sequence
from itertools import repeat
from operator import attrgetter
from typing import Protocol

from desktop.domain.transcript import EntryKind, Message, Role, UserKind

NONE = hash(None)
"""The key of a missing string: `hash` of every column is taken in C, None's
too (one fixed number within a process, like every string's hash)."""
NO_LINK = -1
"""A resolved link of a line that names no parent (a root)."""
LOST = -2
"""A resolved link whose uuid is no line of the file."""

KIND_CODES = {kind: code for code, kind in enumerate(EntryKind)}
USER_KIND_CODES = {None: 0} | {kind: code for code, kind in enumerate(UserKind, 1)}
MESSAGE = KIND_CODES[EntryKind.MESSAGE]
BOUNDARY = KIND_CODES[EntryKind.COMPACT_BOUNDARY]
TOOL_USE, TOOL_RESULT = 1, 2
"""`PackedFacts.tool_roles`: a tool call, and its result."""
_TOOL_ROLES = {Role.TOOL_USE: TOOL_USE, Role.TOOL_RESULT: TOOL_RESULT}


_uuid = attrgetter("uuid")
_parent_uuid = attrgetter("parent_uuid")
_kind = attrgetter("kind")
_user_kind = attrgetter("user_kind")
_reply_key = attrgetter("reply_key")
_messages = attrgetter("messages")


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
        the line it names (its first), `LOST`, or `NO_LINK`."""
        self.replies = array("q")
        self.kinds = bytearray()
        self.user_kinds = bytearray()
        self.tool_at = array("q")
        """The line of each tool call or result (ascending)."""
        self.tool_ids = array("q")
        self.tool_roles = bytearray()
        self.resolved = False

    @classmethod
    def of(cls, entries: Sequence[EntryFacts]) -> PackedFacts:
        """`entries`' facts, resolved by a dict: fast, and ~100 bytes a line
        more while it is made, which a caller holding every entry whole can
        afford (`resolve` is for one that cannot)."""
        packed = cls()
        packed.extend(entries)
        uuids, count = packed.uuids, len(entries)
        first = dict(zip(reversed(uuids), range(count - 1, -1, -1), strict=True))
        first[NONE] = NO_LINK
        packed.links = array("q", map(first.get, packed.links, repeat(LOST)))
        packed.resolved = True
        return packed

    def __len__(self) -> int:
        return len(self.kinds)

    def extend(self, entries: Sequence[EntryFacts]) -> None:
        """Pack `entries` after those already packed: column by column, in C
        where it can be (`map`), since the window packs every entry it reads."""
        first = len(self.kinds)
        kinds = bytes(map(KIND_CODES.__getitem__, map(_kind, entries)))
        self.kinds += kinds
        self.user_kinds += bytes(map(USER_KIND_CODES.__getitem__, map(_user_kind, entries)))
        self.uuids.fromlist(list(map(hash, map(_uuid, entries))))
        self.replies.fromlist(list(map(hash, map(_reply_key, entries))))
        links = self.links
        links.fromlist(list(map(hash, map(_parent_uuid, entries))))
        at = kinds.find(BOUNDARY)
        while at >= 0:  # a boundary with no parent links back to its logical parent
            if links[first + at] == NONE:
                links[first + at] = hash(entries[at].logical_parent_uuid)
            at = kinds.find(BOUNDARY, at + 1)
        for line, messages in enumerate(map(_messages, entries), first):
            for message in messages:
                role = _TOOL_ROLES.get(message.role)
                if role is not None:
                    self.tool_at.append(line)
                    self.tool_ids.append(hash(message.tool_use_id))
                    self.tool_roles.append(role)

    def resolve(self) -> None:
        """Turn each link's key into the first line with that uuid (once), through
        a table of 4 bytes a slot: a step a line in Python, memory kept small."""
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
                links[line] = NO_LINK
                continue
            slot = link & mask
            while (held := table[slot]) and uuids[held - 1] != link:
                slot = (slot + 1) & mask
            links[line] = held - 1 if held else LOST

    def tools(self) -> Iterator[tuple[int, int, int]]:
        """(line, role, id key) of every tool call and result, in file order."""
        return zip(self.tool_at, self.tool_roles, self.tool_ids, strict=True)
