"""The chain walk of a 200 MB transcript is written for speed (whole-list passes
in C); here it is held to its plain first form, kept as the reference, on
generated trees: duplicate and lost uuids, cycles, compactions, branches,
parallel tool calls, sidechains, meta messages."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from desktop.domain.transcript import Entry, EntryKind, Message, Role, UserKind
from desktop.domain.transcript_chain import (
    _AGENT_TOOLS,
    GAP_TEXT,
    Conversation,
    Subagent,
    _match_by_prompt,
    _Thread,
    build_conversation,
)

UUIDS = [f"u{n}" for n in range(8)]
LINKS = st.one_of(st.none(), st.sampled_from([*UUIDS, "lost", "lost"]))
CALLS = st.one_of(st.none(), st.sampled_from(["c1", "c2", "c3"]))

messages = st.builds(
    Message,
    role=st.sampled_from(list(Role)),
    text=st.sampled_from(["", "hi", "prompt"]),
    uuid=st.one_of(st.none(), st.sampled_from(UUIDS)),
    tool_name=st.sampled_from([None, "Agent", "Read"]),
    input=st.sampled_from([None, {"prompt": "prompt"}]),
    tool_use_id=CALLS,
    is_meta=st.booleans(),
    spawned_agent_id=st.sampled_from([None, "a1", "a2"]),
)
entries = st.builds(
    Entry,
    type=st.sampled_from(["user", "assistant", "system"]),
    kind=st.sampled_from([EntryKind.MESSAGE] * 4 + list(EntryKind)),
    uuid=st.one_of(st.none(), st.sampled_from(UUIDS)),
    parent_uuid=LINKS,
    logical_parent_uuid=LINKS,
    is_sidechain=st.booleans(),
    agent_id=st.sampled_from([None, "a1", "a2"]),
    user_kind=st.one_of(st.none(), st.sampled_from(list(UserKind))),
    message_id=st.sampled_from([None, "m1", "m2"]),
    request_id=st.sampled_from([None, "r1"]),
    messages=st.lists(messages, max_size=3).map(tuple),
)


@settings(max_examples=1000, deadline=None)
@given(
    st.lists(entries, max_size=30),
    st.dictionaries(st.sampled_from(["a1", "a3"]), st.lists(entries, max_size=6), max_size=2),
    st.dictionaries(st.sampled_from(["a1", "a2"]), CALLS.filter(bool), max_size=2),
    st.booleans(),
)
def test_the_walk_gives_what_its_plain_form_gives(
    main: list[Entry],
    subagents: dict[str, list[Entry]],
    hints: dict[str, str],
    include_meta: bool,
) -> None:
    got = build_conversation(
        iter(main), subagents=subagents, agent_tool_uses=hints, include_meta=include_meta
    )
    assert got == reference_conversation(
        main, subagents=subagents, agent_tool_uses=hints, include_meta=include_meta
    )


# -- the reference: the walk as first written, a step per entry --------------------------


def reference_conversation(
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
    main: list[Entry] = []
    groups: dict[str, list[Entry]] = defaultdict(list)
    for entry in entries:
        if entry.is_sidechain:
            groups[entry.agent_id or ""].append(entry)
        else:
            main.append(entry)
    for agent_id, side in (subagents or {}).items():
        groups[agent_id].extend(side)

    thread = _reference_thread(main, include_meta)
    shown_calls = {
        m.tool_use_id: m
        for m in thread.messages
        if m.role is Role.TOOL_USE and m.tool_use_id and m.tool_name in _AGENT_TOOLS
    }
    spawned = {
        m.spawned_agent_id: m.tool_use_id
        for m in thread.messages
        if m.role is Role.TOOL_RESULT and m.spawned_agent_id and m.tool_use_id
    }
    hints = {**spawned, **(agent_tool_uses or {})}
    claimed: set[str] = set()
    found: list[Subagent] = []
    for agent_id, side in groups.items():
        sub = _reference_thread(side, include_meta)
        call = hints.get(agent_id)
        if call not in shown_calls or call in claimed:
            call = _match_by_prompt(side, shown_calls, claimed)
        if call is not None:
            claimed.add(call)
        found.append(Subagent(agent_id or None, call, sub.messages))
    return Conversation(thread.messages, tuple(found), thread.dropped, thread.leaf_uuid)


def _reference_thread(entries: Sequence[Entry], include_meta: bool) -> _Thread:
    """Walk one file's tree (main thread or one subagent) into display order."""
    by_uuid: dict[str, int] = {}
    for index, entry in enumerate(entries):
        if entry.uuid is not None:
            by_uuid.setdefault(entry.uuid, index)
    leaf = next(
        (i for i in range(len(entries) - 1, -1, -1) if entries[i].kind is EntryKind.MESSAGE),
        None,
    )
    chain, gaps = _walk(entries, by_uuid, leaf)
    chosen = chain | _siblings(entries, chain)
    out: list[Message] = []
    for index in sorted(chosen):
        if index in gaps:
            out.append(Message(Role.SYSTEM, GAP_TEXT, divider="gap"))
        out.extend(m for m in entries[index].messages if include_meta or not m.is_meta)
    dropped = sum(
        1
        for index, entry in enumerate(entries)
        if index not in chosen
        and entry.kind is EntryKind.MESSAGE
        and entry.user_kind is not UserKind.META
    )
    leaf_uuid = entries[leaf].uuid if leaf is not None else None
    return _Thread(tuple(out), dropped, leaf_uuid)


def _walk(
    entries: Sequence[Entry], by_uuid: Mapping[str, int], leaf: int | None
) -> tuple[set[int], set[int]]:
    """Indices on the chain from `leaf` to the root, and those that follow a gap."""
    chain: set[int] = set()
    gaps: set[int] = set()
    lowest = len(entries)
    index = leaf
    while index is not None and index not in chain:
        chain.add(index)
        lowest = min(lowest, index)
        entry = entries[index]
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


def _siblings(entries: Sequence[Entry], chain: set[int]) -> set[int]:
    """Off-chain lines that belong with the chain: other blocks of a shown reply,
    and the results of tool calls we show (parallel calls branch off each other)."""
    replies = {entries[i].reply_key for i in chain}
    replies.discard(None)
    extra = {
        index
        for index, entry in enumerate(entries)
        if index not in chain and entry.reply_key is not None and entry.reply_key in replies
    }
    calls: set[str] = set()
    answered: set[str] = set()
    for index in chain | extra:
        for message in entries[index].messages:
            if message.role is Role.TOOL_USE and message.tool_use_id:
                calls.add(message.tool_use_id)
            elif message.role is Role.TOOL_RESULT and message.tool_use_id and index in chain:
                answered.add(message.tool_use_id)
    wanted = calls - answered
    for index, entry in enumerate(entries):
        if index in chain or entry.user_kind is not UserKind.TOOL_RESULT:
            continue
        ids = {m.tool_use_id for m in entry.messages if m.role is Role.TOOL_RESULT}
        if ids and ids <= wanted:
            extra.add(index)
            wanted -= ids
    return extra
