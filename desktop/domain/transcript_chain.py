"""Build the conversation a person sees from a transcript's entries.

A transcript file is a tree, not a list: every entry names its `parentUuid`,
and rewinding or editing a prompt leaves the abandoned branch in the file. The
conversation is the chain from the leaf (the last main-thread message line) back
to the root. Three things complicate that walk:

* compaction: a `compact_boundary` entry has no parent; its
  `logicalParentUuid` points into the chain before it, so we keep walking there
  and leave a divider row behind;
* parallel tool calls: the blocks of one reply and their results branch off
  one another, so the walk misses siblings. Blocks sharing a reply's message
  id, and results answering a tool call we show, are brought back;
* damage: a line we could not read breaks the chain. Rather than lose
  everything before it, the walk resumes at the closest earlier message and
  leaves a `gap` divider.

Whatever message lines the walk does not reach — rewound or edited turns,
and in files with several roots or broken links (old CLI versions,
hand-edited or merged files) perhaps most of the file — follow the chain, in
file order, after an `earlier` divider: a file with messages never shows
fewer than it has, and the session list's count (every prompt and reply of
the file) is what is shown. What a turn replays or carries is the chain
alone (`chain_of`).

Entries are emitted in file order, which the CLI writes parents-first.
Subagent (sidechain) transcripts are threaded the same way and attached to the
Agent/Task tool call that started them when it can be told.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import chain as concatenated
from itertools import filterfalse
from operator import attrgetter
from typing import Protocol

import msgspec

from desktop.domain.transcript import Entry, EntryKind, Message, Role, UserKind

GAP_TEXT = "Part of the transcript could not be read here."
EARLIER_TEXT = "Earlier branches of this transcript"
EARLIER = "earlier"
"""The divider before the messages the chain walk did not reach."""


def chain_of(messages: Sequence[Message]) -> Sequence[Message]:
    """The messages on the chain from the newest leaf: those before the
    `earlier` divider (what a replay or a carry may send)."""
    for index, message in enumerate(messages):
        if message.divider == EARLIER:
            return messages[:index]
    return messages


_AGENT_TOOLS = frozenset({"Agent", "Task"})


@dataclass(frozen=True, slots=True)
class Subagent:
    agent_id: str | None
    tool_use_id: str | None
    """The main-thread tool call that started it, or None when it could not be told."""
    messages: tuple[Message, ...]


@dataclass(frozen=True, slots=True)
class Conversation:
    messages: tuple[Message, ...]
    subagents: tuple[Subagent, ...] = ()
    dropped: int = 0
    """Message lines the chain walk did not reach (shown after the `earlier` divider)."""
    leaf_uuid: str | None = None

    def subagent_for(self, tool_use_id: str) -> Subagent | None:
        return next((s for s in self.subagents if s.tool_use_id == tool_use_id), None)

    @property
    def unmatched_subagents(self) -> tuple[Subagent, ...]:
        return tuple(s for s in self.subagents if s.tool_use_id is None)


@dataclass(frozen=True, slots=True)
class _Thread:
    messages: tuple[Message, ...]
    dropped: int
    leaf_uuid: str | None


def build_conversation(
    entries: Iterable[Entry],
    *,
    subagents: Mapping[str, Sequence[Entry]] | None = None,
    agent_tool_uses: Mapping[str, str] | None = None,
    include_meta: bool = False,
) -> Conversation:
    """The displayed conversation of one session.

    `subagents` maps an agent id to the entries of its own file;
    `agent_tool_uses` maps an agent id to the tool call that started it when
    something outside the transcript says so (the CLI's `.meta.json`).
    Sidechain entries found in the main file (older CLIs) are grouped too.
    """
    main = list(entries)
    groups: dict[str, list[Entry]] = defaultdict(list)
    if any(entry.is_sidechain for entry in main):
        for entry in main:
            if entry.is_sidechain:
                groups[entry.agent_id or ""].append(entry)
        main = [entry for entry in main if not entry.is_sidechain]
    for agent_id, side in (subagents or {}).items():
        groups[agent_id].extend(side)

    thread = _thread(main, include_meta)
    tooled = [m for m in thread.messages if m.tool_use_id]
    shown_calls = {
        m.tool_use_id: m
        for m in tooled
        if m.role is Role.TOOL_USE and m.tool_use_id and m.tool_name in _AGENT_TOOLS
    }
    spawned = {
        m.spawned_agent_id: m.tool_use_id
        for m in tooled
        if m.role is Role.TOOL_RESULT and m.spawned_agent_id and m.tool_use_id
    }
    hints = {**spawned, **(agent_tool_uses or {})}
    claimed: set[str] = set()
    found: list[Subagent] = []
    for agent_id, side in groups.items():
        sub = _thread(side, include_meta)
        call = hints.get(agent_id)
        if call not in shown_calls or call in claimed:
            call = _match_by_prompt(side, shown_calls, claimed)
        if call is not None:
            claimed.add(call)
        found.append(Subagent(agent_id or None, call, sub.messages))
    return Conversation(thread.messages, tuple(found), thread.dropped, thread.leaf_uuid)


def _match_by_prompt(
    side: Sequence[Entry], calls: Mapping[str, Message], claimed: set[str]
) -> str | None:
    """Last resort: the subagent's first prompt is the `prompt` its caller passed."""
    first = next((e for e in side if e.user_kind is UserKind.PROMPT and e.messages), None)
    if first is None:
        return None
    text = first.messages[0].text.strip()
    for call_id, call in calls.items():
        wanted = call.input.get("prompt") if isinstance(call.input, dict) else None
        if call_id not in claimed and isinstance(wanted, str) and wanted.strip() == text:
            return call_id
    return None


_uuid = attrgetter("uuid")
_parent_uuid = attrgetter("parent_uuid")
_messages = attrgetter("messages")


def _thread(entries: Sequence[Entry], include_meta: bool) -> _Thread:
    """Walk one file's tree (main thread or one subagent) into display order."""
    plan = plan_thread(entries)
    said = thread_messages(plan, lambda indices: map(entries.__getitem__, indices), include_meta)
    leaf_uuid = entries[plan.leaf].uuid if plan.leaf is not None else None
    return _Thread(tuple(said), len(plan.unreached), leaf_uuid)


@dataclass(frozen=True, slots=True)
class ThreadPlan:
    """Which entries of a file show, in what order, and where the dividers go:
    made from what each entry is (its `EntryFacts`), not from what it says."""

    order: list[int]
    """The chain and the siblings brought back to it, in file order."""
    gaps: frozenset[int]
    """Entries of `order` a `gap` divider goes before."""
    unreached: list[int]
    """Message lines the walk did not reach, in file order (after `earlier`)."""
    leaf: int | None


class EntryFacts(Protocol):
    """What the walk reads of an entry: an `Entry`, or `entry_facts` of one."""

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


class Facts(msgspec.Struct, frozen=True, gc=False, array_like=True):
    """An entry's small facts: all `plan_thread` needs, none of its text.
    `messages` keeps only tool calls and results, and of them role and id."""

    uuid: str | None
    parent_uuid: str | None
    logical_parent_uuid: str | None
    kind: EntryKind
    user_kind: UserKind | None
    reply_key: str | None
    messages: tuple[Message, ...]


_TOOLED = (Role.TOOL_USE, Role.TOOL_RESULT)


def entry_facts(entry: Entry, known: dict[str, str]) -> Facts:
    """`entry`'s `Facts`; `known` shares one string among a uuid's mentions."""
    uuid, parent = entry.uuid, entry.parent_uuid
    if uuid is not None:
        uuid = known.setdefault(uuid, uuid)
    if parent is not None:
        parent = known.setdefault(parent, parent)
    tools = tuple(
        Message(m.role, tool_use_id=m.tool_use_id)
        for m in entry.messages
        if m.role in _TOOLED or m.tool_use_id is not None
    )
    return Facts(uuid, parent, entry.logical_parent_uuid, entry.kind, entry.user_kind,
                 entry.reply_key, tools)  # fmt: skip


def plan_thread(entries: Sequence[EntryFacts]) -> ThreadPlan:
    """A 200 MB transcript's 75,000 entries pass through here after their reading,
    with a person waiting: hence passes over whole lists in C (`map`, `zip`)
    wherever a step per entry in Python can be spared."""
    count = len(entries)
    # each uuid's first line: an earlier index overwrites a later one
    by_uuid = dict(zip(map(_uuid, reversed(entries)), range(count - 1, -1, -1), strict=True))
    by_uuid.pop(None, None)
    leaf = next(
        (i for i in range(count - 1, -1, -1) if entries[i].kind is EntryKind.MESSAGE),
        None,
    )
    chain, gaps = _walk(entries, by_uuid, leaf)
    # not set(range(count)) less the chain: that set of every index is the walk's peak
    rest = set(filterfalse(chain.__contains__, range(count)))
    extra = _siblings(entries, chain, rest)
    rest -= extra
    order = sorted(chain | extra)
    unreached = sorted(
        index
        for index in rest
        if entries[index].kind is EntryKind.MESSAGE
        and entries[index].user_kind is not UserKind.META
    )
    return ThreadPlan(order, frozenset(gaps), unreached, leaf)


def thread_messages(
    plan: ThreadPlan,
    entries_at: Callable[[list[int]], Iterable[Entry]],
    include_meta: bool,
) -> Iterator[Message]:
    """The messages a plan shows, dividers included, one entry at a time:
    `entries_at` gives the entries at some indices (in file order), as they
    are held or read again from the file."""
    for index, entry in zip(plan.order, entries_at(plan.order), strict=True):
        if index in plan.gaps:  # a gap's divider goes before its entry's messages
            yield Message(Role.SYSTEM, GAP_TEXT, divider="gap")
        for message in entry.messages:
            if include_meta or not message.is_meta:
                yield message
    divided = False
    for entry in entries_at(plan.unreached):
        for message in entry.messages:
            if include_meta or not message.is_meta:
                if not divided:
                    yield Message(Role.SYSTEM, EARLIER_TEXT, divider=EARLIER)
                    divided = True
                yield message


def _walk(
    entries: Sequence[EntryFacts], by_uuid: Mapping[str, int], leaf: int | None
) -> tuple[set[int], set[int]]:
    """Indices on the chain from `leaf` to the root, and those that follow a gap."""
    parents = list(map(by_uuid.get, map(_parent_uuid, entries)))
    chain: set[int] = set()
    gaps: set[int] = set()
    lowest = len(entries)
    index = leaf
    step = chain.add
    while index is not None and index not in chain:
        step(index)
        if index < lowest:
            lowest = index
        following = parents[index]
        if following is not None:
            index = following
            continue
        entry = entries[index]  # a root, a compaction's boundary, or a lost link
        link = entry.parent_uuid
        if link is None and entry.kind is EntryKind.COMPACT_BOUNDARY:
            link = entry.logical_parent_uuid
        if link is None:
            break
        following = by_uuid.get(link)
        if following is None:
            # the parent's line is lost (damaged, or cut from the file):
            # carry on from the closest earlier message instead of losing the past
            following = _earlier_message(entries, lowest, chain)
            if following is not None and entry.kind is not EntryKind.COMPACT_BOUNDARY:
                gaps.add(index)
        index = following
    return chain, gaps


def _earlier_message(entries: Sequence[EntryFacts], before: int, chain: set[int]) -> int | None:
    for index in range(before - 1, -1, -1):
        if entries[index].kind is EntryKind.MESSAGE and index not in chain:
            return index
    return None


def _siblings(entries: Sequence[EntryFacts], chain: set[int], rest: set[int]) -> set[int]:
    """Off-chain lines (`rest`) that belong with the chain: other blocks of a shown
    reply, and the results of tool calls we show (parallel calls branch off each other)."""
    keys = {index: entries[index].reply_key for index in rest}
    extra: set[int] = set()
    if any(key is not None for key in keys.values()):
        replies = {entries[index].reply_key for index in chain}
        replies.discard(None)
        extra = {index for index, key in keys.items() if key in replies}
    calls: set[str] = set()
    answered: set[str] = set()
    for on_chain, indices in ((True, chain), (False, extra)):
        for message in [m for m in _messages_of(entries, indices) if m.tool_use_id is not None]:
            if message.role is Role.TOOL_USE:
                calls.add(message.tool_use_id)
            elif message.role is Role.TOOL_RESULT and on_chain:
                answered.add(message.tool_use_id)
    wanted = calls - answered
    for index in sorted(rest) if wanted else ():
        entry = entries[index]
        if entry.user_kind is not UserKind.TOOL_RESULT:
            continue
        ids = {m.tool_use_id for m in entry.messages if m.role is Role.TOOL_RESULT}
        if ids and ids <= wanted:
            extra.add(index)
            wanted -= ids
    return extra


def _messages_of(entries: Sequence[EntryFacts], indices: Iterable[int]) -> Iterator[Message]:
    return concatenated.from_iterable(map(_messages, map(entries.__getitem__, indices)))
