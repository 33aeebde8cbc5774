"""The chain walk reads each entry's facts packed in columns (`PackedFacts`):
the plan it makes is the one the plain walk over the entries themselves made
(the walk as it was before the packing, kept here as the reference), on
generated trees with branches, compaction boundaries, lost parents, repeated
uuids, reply blocks off the chain and parallel tool calls sharing a reply."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from itertools import chain as concatenated
from itertools import filterfalse
from operator import attrgetter

from hypothesis import given, settings
from hypothesis import strategies as st

from desktop.domain.packed_facts import PackedFacts
from desktop.domain.transcript import Entry, EntryKind, Message, Role, UserKind
from desktop.domain.transcript_chain import plan_thread

_uuid = attrgetter("uuid")
_parent_uuid = attrgetter("parent_uuid")
_messages = attrgetter("messages")


def _plain_plan(
    entries: Sequence[Entry],
) -> tuple[list[int], frozenset[int], list[int], int | None]:
    """The plain walk over the entries themselves, as `plan_thread` was before
    it read packed facts: (order, gaps, unreached, leaf)."""
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
    return order, frozenset(gaps), unreached, leaf


def _walk(
    entries: Sequence[Entry], by_uuid: Mapping[str, int], leaf: int | None
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


def _earlier_message(entries: Sequence[Entry], before: int, chain: set[int]) -> int | None:
    for index in range(before - 1, -1, -1):
        if entries[index].kind is EntryKind.MESSAGE and index not in chain:
            return index
    return None


def _siblings(entries: Sequence[Entry], chain: set[int], rest: set[int]) -> set[int]:
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


def _messages_of(entries: Sequence[Entry], indices: Iterable[int]) -> Iterator[Message]:
    return concatenated.from_iterable(map(_messages, map(entries.__getitem__, indices)))


_POOL = [f"u{n}" for n in range(12)]

kinds = st.sampled_from(["prompt", "reply", "use", "result", "meta", "boundary", "system"])
links = st.one_of(st.none(), st.sampled_from(_POOL), st.just("gone"))


@st.composite
def entries(draw: st.DrawFn) -> Entry:
    kind = draw(kinds)
    uuid = draw(st.one_of(st.sampled_from(_POOL), st.none()))
    parent = draw(links)
    if kind == "boundary":
        return Entry("system", EntryKind.COMPACT_BOUNDARY, uuid=uuid, parent_uuid=parent,
                     logical_parent_uuid=draw(links))  # fmt: skip
    if kind in ("system", "meta"):
        return Entry("system", EntryKind.SYSTEM if kind == "system" else EntryKind.META,
                     uuid=uuid, parent_uuid=parent)  # fmt: skip
    calls = st.lists(st.one_of(st.sampled_from(["t1", "t2", "t3"]), st.none()), max_size=2)
    if kind == "reply" or kind == "use":
        said = [Message(Role.ASSISTANT, "a")] if kind == "reply" else []
        said += [Message(Role.TOOL_USE, tool_use_id=t) for t in draw(calls)]
        return Entry("assistant", EntryKind.MESSAGE, uuid=uuid, parent_uuid=parent,
                     message_id=draw(st.sampled_from(["m1", "m2", "m3", None])),
                     request_id=draw(st.sampled_from(["r1", None])),
                     messages=tuple(said))  # fmt: skip
    if kind == "result":
        said = [Message(Role.TOOL_RESULT, tool_use_id=t) for t in draw(calls)]
        return Entry("user", EntryKind.MESSAGE, uuid=uuid, parent_uuid=parent,
                     user_kind=UserKind.TOOL_RESULT, messages=tuple(said))  # fmt: skip
    user_kind = draw(st.sampled_from([UserKind.PROMPT, UserKind.META, UserKind.COMPACT_SUMMARY]))
    return Entry("user", EntryKind.MESSAGE, uuid=uuid, parent_uuid=parent, user_kind=user_kind,
                 messages=(Message(Role.USER, "p"),))  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(st.lists(entries(), max_size=30), st.integers(0, 30))
def test_packed_plan_is_the_plain_plan(file: list[Entry], cut: int) -> None:
    """Packed whole and resolved by a dict (the window), or packed in parts and
    resolved by the table (`sessions show`): the plain walk's plan both ways."""
    streamed = PackedFacts()
    streamed.extend(file[:cut])
    streamed.extend(file[cut:])
    streamed.resolve()
    expected = _plain_plan(file)
    for packed in (PackedFacts.of(file), streamed):
        plan = plan_thread(packed)
        assert (list(plan.order), plan.gaps, list(plan.unreached), plan.leaf) == expected


def test_a_chain_of_parallel_tool_calls_brings_back_its_siblings() -> None:
    """Two calls in one reply, each block and result off the one before: the
    walk from the last result misses the first call's result and block."""

    def reply(uuid: str, parent: str | None, call: str) -> Entry:
        return Entry("assistant", EntryKind.MESSAGE, uuid=uuid, parent_uuid=parent,
                     message_id="m",
                     messages=(Message(Role.TOOL_USE, tool_use_id=call),))  # fmt: skip

    def result(uuid: str, parent: str, call: str) -> Entry:
        return Entry("user", EntryKind.MESSAGE, uuid=uuid, parent_uuid=parent,
                     user_kind=UserKind.TOOL_RESULT,
                     messages=(Message(Role.TOOL_RESULT, tool_use_id=call),))  # fmt: skip

    prompt = Entry("user", EntryKind.MESSAGE, uuid="p", user_kind=UserKind.PROMPT)
    file = [prompt, reply("a", "p", "t1"), result("ra", "a", "t1"), reply("b", "p", "t2"),
            result("rb", "b", "t2")]  # fmt: skip
    plan = plan_thread(PackedFacts.of(file))
    assert list(plan.order) == [0, 1, 2, 3, 4]
    assert list(plan.unreached) == []
    assert (list(plan.order), plan.gaps, list(plan.unreached), plan.leaf) == _plain_plan(file)
