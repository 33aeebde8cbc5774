"""Building the displayed conversation from a transcript's tree of entries."""

from __future__ import annotations

import json
from pathlib import Path

from desktop.domain.transcript import Entry, Role
from desktop.domain.transcript_chain import EARLIER_TEXT, build_conversation, chain_of
from desktop.domain.transcript_decode import parse_entry
from tests.clirun import sessiondesk
from tests.test_transcript_fixtures import Transcript, simple_session, text, tool_use


def merged() -> tuple[Transcript, list[str]]:
    """A hand-merged file: an older conversation's lines, then a newer one's with
    a root of its own, and a line whose parent is in neither (the texts in file order)."""
    t = Transcript()
    said = ["old question", "old answer", "newer question", "newer answer", "orphan note"]
    t.prompt(said[0], parent=None)
    t.reply(text(said[1]))
    t.prompt(said[2], parent=None)  # a second root
    t.reply(text(said[3]))
    t.prompt(said[4], parent="0000-not-in-this-file")  # and the newest line: its own root
    return t, said


def test_a_file_of_several_roots_shows_every_message_newest_chain_first() -> None:
    t, said = merged()
    conversation = build_conversation(entries(t))
    shown = [m.text for m in conversation.messages]
    assert set(said) <= set(shown)
    # the newest leaf's chain (its lost link bridged to the closest earlier message)
    chain = [m.text for m in chain_of(conversation.messages) if not m.divider]
    assert chain == [said[2], said[3], said[4]]
    assert shown[shown.index(EARLIER_TEXT) :] == [EARLIER_TEXT, said[0], said[1]]


def test_the_list_counts_what_show_shows_for_a_file_of_several_roots(
    home: Path, tmp_path: Path
) -> None:
    t, said = merged()
    config = tmp_path / "claude"
    t.write(config / "projects" / "-src-app" / f"{t.session_id}.jsonl")
    added = sessiondesk(home, "accounts", "add", "work", "--config-dir", str(config))
    assert added.code == 0, added.stderr
    (listed,) = sessiondesk(home, "--json", "sessions", "list").json()
    shown = sessiondesk(home, "--json", "sessions", "show", t.session_id).json()
    messages = [m for m in shown["messages"] if m["role"] in ("user", "assistant")]
    assert [m["text"] for m in messages] == [said[2], said[3], said[4], said[0], said[1]]
    assert listed["message_count"] == len(messages) == len(said)


def entries(t: Transcript) -> list[Entry]:
    # through JSON, exactly as the reader hands them over
    return [parse_entry(json.loads(line)) for line in t.dumps().splitlines()]


def texts(t: Transcript, include_meta: bool = False) -> list[str]:
    conversation = build_conversation(entries(t), include_meta=include_meta)
    return [m.text or f"<{m.role}>" for m in conversation.messages]


def test_chain_runs_through_attachments_and_bookkeeping() -> None:
    assert texts(simple_session()) == [
        "plan the parser",
        "hm",
        "Reading it.",
        "<tool_use>",
        "1\tcontent",
        "Here is the plan.",
        "now do it",
        "Done.",
    ]


def test_a_rewound_branch_follows_the_chain_as_an_earlier_branch() -> None:
    t = Transcript()
    t.prompt("first question")
    (answer,) = t.reply(text("first answer"))
    t.prompt("second question, badly put")
    t.reply(text("an answer nobody wanted"))
    # the person rewinds to after the first answer and asks again
    t.prompt("second question, better", parent=answer)
    t.attachment()
    t.reply(text("the good answer"))
    conversation = build_conversation(entries(t))
    assert [m.text for m in conversation.messages] == [
        "first question",
        "first answer",
        "second question, better",
        "the good answer",
        EARLIER_TEXT,
        "second question, badly put",
        "an answer nobody wanted",
    ]
    assert conversation.messages[4].divider == "earlier"
    assert [m.text for m in chain_of(conversation.messages)][-1] == "the good answer"
    assert conversation.dropped == 2
    assert conversation.leaf_uuid == t.last


def test_compaction_leaves_a_divider_and_keeps_the_history() -> None:
    t = Transcript()
    t.prompt("old question")
    t.reply(text("old answer"))
    t.compact("we talked about old things")
    t.prompt("<local-command-stdout>Compacted</local-command-stdout>")
    t.prompt("new question")
    t.reply(text("new answer"))
    conversation = build_conversation(entries(t))
    rows = [(m.role, m.divider, m.is_compact_summary, m.text) for m in conversation.messages]
    assert rows == [
        (Role.USER, None, False, "old question"),
        (Role.ASSISTANT, None, False, "old answer"),
        (Role.SYSTEM, "compact", False, "Conversation compacted"),
        (Role.USER, None, True, "Summary:\nwe talked about old things"),
        (Role.USER, None, False, "new question"),
        (Role.ASSISTANT, None, False, "new answer"),
    ]
    assert conversation.dropped == 0
    with_meta = texts(t, include_meta=True)
    assert "<local-command-stdout>Compacted</local-command-stdout>" in with_meta


def test_parallel_tool_calls_branching_off_each_other_are_kept() -> None:
    # as the real CLI writes them: each call's result hangs off its own block
    t = Transcript()
    t.prompt("read two files")
    first, _ = t.reply(
        tool_use("toolu_a", "Read", {"file_path": "a"}),
        tool_use("toolu_b", "Read", {"file_path": "b"}),
        message_id="msg_parallel",
    )
    t.result("toolu_b", "B", is_error=True)
    t.last = first
    t.result("toolu_a", "A")
    t.reply(text("both read"))
    conversation = build_conversation(entries(t))
    assert [(m.role, m.tool_use_id) for m in conversation.messages] == [
        (Role.USER, None),
        (Role.TOOL_USE, "toolu_a"),
        (Role.TOOL_USE, "toolu_b"),
        (Role.TOOL_RESULT, "toolu_b"),
        (Role.TOOL_RESULT, "toolu_a"),
        (Role.ASSISTANT, None),
    ]
    assert conversation.dropped == 0


def test_a_missing_link_continues_before_the_gap() -> None:
    t = simple_session()
    lost = next(i for i, e in enumerate(t.lines) if e.get("type") == "user" and i > 2)
    del t.lines[lost]  # the tool result line vanished: the chain breaks there
    conversation = build_conversation(entries(t))
    dividers = [m for m in conversation.messages if m.divider == "gap"]
    assert len(dividers) == 1
    shown = [m.text for m in conversation.messages]
    assert shown[0] == "plan the parser" and shown[-1] == "Done."
    assert shown.index("Reading it.") < shown.index(dividers[0].text) < shown.index("Done.")


def test_a_parent_cycle_does_not_hang() -> None:
    t = Transcript()
    t.prompt("a")
    t.reply(text("b"))
    t.lines[0]["parentUuid"] = t.last  # a -> b -> a
    conversation = build_conversation(entries(t))
    assert [m.text for m in conversation.messages] == ["a", "b"]


def test_sidechains_group_under_the_call_that_started_them() -> None:
    main = Transcript()
    main.prompt("look around")
    main.reply(tool_use("toolu_x", "Agent", {"prompt": "explore src", "description": "x"}))
    main.result("toolu_x", "started", toolUseResult={"agentId": "agx", "status": "ok"})
    main.reply(tool_use("toolu_y", "Task", {"prompt": "explore docs"}))
    main.result("toolu_y", "started")
    main.reply(tool_use("toolu_z", "Agent", {"prompt": "by hint"}))
    main.result("toolu_z", "started")
    main.reply(text("all agents done"))

    by_result = Transcript(agent_id="agx")
    by_result.prompt("explore src")
    by_result.reply(text("src explored"))
    by_prompt = Transcript(agent_id="agy")
    by_prompt.prompt("explore docs")
    by_prompt.reply(text("docs explored"))
    by_hint = Transcript(agent_id="agz")
    by_hint.prompt("different words")
    by_hint.reply(text("hinted"))
    stray = Transcript(agent_id="agq")
    stray.prompt("nobody asked")
    stray.reply(text("orphan"))

    # an older CLI kept one subagent inside the main file
    mixed = entries(main) + entries(by_result)
    conversation = build_conversation(
        mixed,
        subagents={
            "agy": entries(by_prompt),
            "agz": entries(by_hint),
            "agq": entries(stray),
        },
        agent_tool_uses={"agz": "toolu_z"},
    )
    assert [m.text for m in conversation.messages][-1] == "all agents done"
    assert not any(m.is_sidechain for m in conversation.messages)
    for call, last in (("toolu_x", "src explored"), ("toolu_y", "docs explored")):
        sub = conversation.subagent_for(call)
        assert sub is not None and sub.messages[-1].text == last
        assert all(m.is_sidechain for m in sub.messages)
    hinted = conversation.subagent_for("toolu_z")
    assert hinted is not None and hinted.agent_id == "agz"
    (orphan,) = conversation.unmatched_subagents
    assert orphan.agent_id == "agq" and orphan.messages[-1].text == "orphan"


def test_empty_and_message_less_input() -> None:
    assert build_conversation([]).messages == ()
    t = Transcript()
    t.meta("queue-operation", operation="enqueue")
    t.attachment()
    assert build_conversation(entries(t)).messages == ()
