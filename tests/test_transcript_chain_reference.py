"""The chain walk of a 200 MB transcript is written for speed (whole-list passes
in C); here it is held to its plain first form, kept as the reference, on
generated trees: duplicate and lost uuids, cycles, compactions, branches,
parallel tool calls, meta messages. (Grouping sidechains and matching
subagents around it: `test_transcript_chain.py`.)"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from desktop.domain.transcript import Entry, EntryKind, Message, Role, UserKind
from desktop.domain.transcript_chain import EARLIER_TEXT, GAP_TEXT, _Thread, _thread

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
@given(st.lists(entries, max_size=30), st.booleans())
def test_the_walk_gives_what_its_plain_form_gives(main: list[Entry], include_meta: bool) -> None:
    assert _thread(main, include_meta) == _reference_thread(main, include_meta)


def test_a_result_among_a_shown_replys_blocks_answers_its_call_before_later_ones() -> None:
    """A line both a block of a shown reply and a tool result: it answers the call,
    and a later result for the same call stays off the conversation."""
    call = Message(Role.TOOL_USE, tool_use_id="c1", tool_name="Read")
    result = Message(Role.TOOL_RESULT, "read", tool_use_id="c1")
    reply = {"type": "assistant", "kind": EntryKind.MESSAGE, "message_id": "m1"}
    lines = [
        Entry(uuid="u0", messages=(call,), **reply),
        Entry(
            uuid="u1", parent_uuid="u0", user_kind=UserKind.TOOL_RESULT, messages=(result,), **reply
        ),
        Entry(
            "user",
            EntryKind.MESSAGE,
            "u2",
            "u1",
            user_kind=UserKind.TOOL_RESULT,
            messages=(result,),
        ),
        Entry("user", EntryKind.MESSAGE, "u3", "u0", messages=(Message(Role.USER, "go on"),)),
    ]
    walked = _thread(lines, False)
    assert walked == _reference_thread(lines, False)
    assert walked.messages[:3] == (call, result, lines[3].messages[0]) and walked.dropped == 1
    assert walked.messages[3].divider == "earlier" and walked.messages[4:] == (result,)


# -- the reference: the walk as first written, a step per entry --------------------------


def _reference_thread(entries: Sequence[Entry], include_meta: bool) -> _Thread:
    by_uuid: dict[str, int] = {}
    for index, entry in enumerate(entries):
        if entry.uuid is not None:
            by_uuid.setdefault(entry.uuid, index)
    leaf = next(
        (i for i in range(len(entries) - 1, -1, -1) if entries[i].kind is EntryKind.MESSAGE),
        None,
    )
    chain, gaps = _reference_walk(entries, by_uuid, leaf)
    chosen = chain | _reference_siblings(entries, chain)
    out: list[Message] = []
    for index in sorted(chosen):
        if index in gaps:
            out.append(Message(Role.SYSTEM, GAP_TEXT, divider="gap"))
        out.extend(m for m in entries[index].messages if include_meta or not m.is_meta)
    unreached = [
        index
        for index, entry in enumerate(entries)
        if index not in chosen
        and entry.kind is EntryKind.MESSAGE
        and entry.user_kind is not UserKind.META
    ]
    dropped = len(unreached)
    earlier = [m for i in unreached for m in entries[i].messages if include_meta or not m.is_meta]
    if earlier:  # every message is shown: what the walk missed follows, in file order
        out.append(Message(Role.SYSTEM, EARLIER_TEXT, divider="earlier"))
        out.extend(earlier)
    leaf_uuid = entries[leaf].uuid if leaf is not None else None
    return _Thread(tuple(out), dropped, leaf_uuid)


def _reference_walk(
    entries: Sequence[Entry], by_uuid: Mapping[str, int], leaf: int | None
) -> tuple[set[int], set[int]]:
    """From the leaf up one parent at a time; a lost parent: the closest earlier
    message (all walked ones are later), and a gap unless a compaction's boundary lost it."""
    chain: set[int] = set()
    gaps: set[int] = set()
    here = leaf
    while here is not None and here not in chain:
        chain.add(here)
        entry = entries[here]
        boundary = entry.kind is EntryKind.COMPACT_BOUNDARY
        link = entry.parent_uuid
        if link is None and boundary:
            link = entry.logical_parent_uuid
        if link is None:
            break
        parent = by_uuid.get(link)
        if parent is None:
            earlier = [i for i in range(min(chain)) if entries[i].kind is EntryKind.MESSAGE]
            parent = earlier[-1] if earlier else None
            if parent is not None and not boundary:
                gaps.add(here)
        here = parent
    return chain, gaps


def _reference_siblings(entries: Sequence[Entry], chain: set[int]) -> set[int]:
    """Blocks sharing a reply key with a walked line; then, in file order, tool
    results whose ids all answer a shown call the chain left unanswered."""
    replies = {entries[i].reply_key for i in chain} - {None}
    extra = {
        index
        for index, entry in enumerate(entries)
        if index not in chain and entry.reply_key in replies
    }
    shown = [(index, m) for index in chain | extra for m in entries[index].messages]
    calls = {m.tool_use_id for _i, m in shown if m.role is Role.TOOL_USE and m.tool_use_id}
    answered = {
        m.tool_use_id
        for index, m in shown
        if m.role is Role.TOOL_RESULT and m.tool_use_id and index in chain
    }
    wanted = calls - answered
    results = [
        (index, {m.tool_use_id for m in entry.messages if m.role is Role.TOOL_RESULT})
        for index, entry in enumerate(entries)
        if index not in chain and entry.user_kind is UserKind.TOOL_RESULT
    ]
    for index, ids in results:
        if ids and ids <= wanted:
            extra.add(index)
            wanted = wanted - ids
    return extra
