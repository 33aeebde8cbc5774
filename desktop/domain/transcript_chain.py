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

from array import array
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import compress

from desktop.domain.packed_facts import (
    BOUNDARY,
    MESSAGE,
    NO_LINK,
    NONE,
    TOOL_RESULT,
    TOOL_USE,
    USER_KIND_CODES,
    PackedFacts,
)
from desktop.domain.transcript import Entry, Message, Role, UserKind

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


def _thread(entries: Sequence[Entry], include_meta: bool) -> _Thread:
    """Walk one file's tree (main thread or one subagent) into display order."""
    plan = plan_thread(PackedFacts.of(entries))
    said = thread_messages(plan, lambda indices: map(entries.__getitem__, indices), include_meta)
    leaf_uuid = entries[plan.leaf].uuid if plan.leaf is not None else None
    return _Thread(tuple(said), len(plan.unreached), leaf_uuid)


@dataclass(frozen=True, slots=True)
class ThreadPlan:
    """Which entries of a file show, in what order, and where the dividers go:
    made from what each entry is (its `PackedFacts`), not from what it says."""

    order: Sequence[int]
    """The chain and the siblings brought back to it, in file order."""
    gaps: frozenset[int]
    """Entries of `order` a `gap` divider goes before."""
    unreached: Sequence[int]
    """Message lines the walk did not reach, in file order (after `earlier`)."""
    leaf: int | None


_FLIP = bytes([1, 0]) + bytes(254)
"""`bytes.translate` table: a bitmap's complement."""


def plan_thread(facts: PackedFacts) -> ThreadPlan:
    """One walk for the window's whole read and for `sessions show`'s two passes:
    a million-line file's plan holds a byte a line for the chain, and passes over
    whole columns in C (`compress`, `translate`, `rfind`) wherever a step per
    entry in Python can be spared."""
    facts.resolve()
    count = len(facts)
    leaf = facts.kinds.rfind(MESSAGE)
    on, gaps = _walk(facts, None if leaf < 0 else leaf)
    rest = on.translate(_FLIP)
    for index in _siblings(facts, on, rest):
        on[index], rest[index] = 1, 0
    kinds, user_kinds = facts.kinds, facts.user_kinds
    meta = USER_KIND_CODES[UserKind.META]
    unreached = array(
        "q",
        (
            index
            for index in compress(range(count), rest)
            if kinds[index] == MESSAGE and user_kinds[index] != meta
        ),
    )
    order = array("q", compress(range(count), on))
    return ThreadPlan(order, frozenset(gaps), unreached, None if leaf < 0 else leaf)


def thread_messages(
    plan: ThreadPlan,
    entries_at: Callable[[Sequence[int]], Iterable[Entry]],
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


def _walk(facts: PackedFacts, leaf: int | None) -> tuple[bytearray, set[int]]:
    """The chain from `leaf` to the root (a byte a line, 1 on it), and the
    lines of it that follow a gap."""
    links, kinds = facts.links, facts.kinds
    on = bytearray(len(kinds))
    gaps: set[int] = set()
    lowest = len(kinds)
    index = leaf
    while index is not None and not on[index]:
        on[index] = 1
        if index < lowest:
            lowest = index
        following = links[index]
        if following >= 0:
            index = following
            continue
        if following == NO_LINK:  # a root
            break
        # the parent's line is lost (damaged, or cut from the file):
        # carry on from the closest earlier message instead of losing the past
        after = _earlier_message(kinds, lowest, on)
        if after is not None and kinds[index] != BOUNDARY:
            gaps.add(index)
        index = after
    return on, gaps


def _earlier_message(kinds: bytearray, before: int, on: bytearray) -> int | None:
    index = kinds.rfind(MESSAGE, 0, before)
    while index >= 0 and on[index]:
        index = kinds.rfind(MESSAGE, 0, index)
    return None if index < 0 else index


def _siblings(facts: PackedFacts, on: bytearray, rest: bytearray) -> set[int]:
    """Off-chain lines (`rest`) that belong with the chain: other blocks of a shown
    reply, and the results of tool calls we show (parallel calls branch off each other).
    What is gathered of the chain is only what some line of `rest` could match."""
    count = len(facts)
    replies = facts.replies
    loose = {key for key in compress(replies, rest) if key != NONE}
    extra: set[int] = set()
    if loose:
        shown = {key for key in compress(replies, on) if key in loose}
        extra = {index for index in compress(range(count), rest) if replies[index] in shown}
    result = USER_KIND_CODES[UserKind.TOOL_RESULT]
    user_kinds = facts.user_kinds
    answers: dict[int, set[int]] = {}  # the results of each off-chain tool-result line
    for index, role, tool_id in facts.tools():
        if role == TOOL_RESULT and rest[index] and user_kinds[index] == result:
            answers.setdefault(index, set()).add(tool_id)
    wanted = set().union(*answers.values())
    wanted.discard(NONE)
    if not wanted:
        return extra
    calls: set[int] = set()
    answered: set[int] = set()
    for index, role, tool_id in facts.tools():
        if tool_id not in wanted:
            continue
        if on[index]:
            (calls if role == TOOL_USE else answered).add(tool_id)
        elif role == TOOL_USE and index in extra:
            calls.add(tool_id)
    wanted &= calls - answered
    for index in sorted(answers) if wanted else ():
        ids = answers[index]
        if ids <= wanted:
            extra.add(index)
            wanted -= ids
    return extra
