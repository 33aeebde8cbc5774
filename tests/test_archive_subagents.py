"""Subagent transcripts are archived with their session: a session whose files Claude Code
deleted still opens with its subagent's messages, and a changed subagent file is copied again."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from desktop.compose import open_services
from desktop.domain.accounts import AuthKind
from tests.test_transcript_fixtures import REAL, REAL_COMPACTED


def _subagents(home: Path) -> Path:
    return home / "archive" / "work" / f"{REAL_COMPACTED}.subagents"


def test_a_deleted_session_opens_from_the_archive_with_its_subagent(
    home: Path, tmp_path: Path
) -> None:
    config = tmp_path / "config"
    shutil.copytree(REAL, config)
    (original,) = config.glob(f"projects/*/{REAL_COMPACTED}.jsonl")
    folder = original.with_suffix("") / "subagents"
    hub = open_services(home)
    try:
        hub.accounts.add("work", str(config), AuthKind.LOGIN)
        hub.sessions.refresh()
        kept = json.loads((_subagents(home) / "index.json").read_text())
        assert sorted(kept) == [
            "agent-a7487e35ece7bb423.jsonl", "agent-a7487e35ece7bb423.meta.json",
        ]  # fmt: skip
        _, before = hub.sessions.show(REAL_COMPACTED, "work")
        (agent,) = before.thread.subagents

        shutil.rmtree(original.with_suffix(""))
        original.unlink()
        hub.sessions.refresh()
        record, after = hub.sessions.show(REAL_COMPACTED, "work")
        assert record.missing
        (restored,) = after.thread.subagents
        assert restored.tool_use_id == agent.tool_use_id == "toolu_a1"
        assert [m.text for m in restored.messages] == ["list things", "all done"]
        assert [m.text for m in after.messages] == [m.text for m in before.messages]
    finally:
        hub.close()
    assert not folder.exists()


def test_a_changed_subagent_file_is_copied_again_and_an_unchanged_one_is_not(
    home: Path, tmp_path: Path
) -> None:
    config = tmp_path / "config"
    shutil.copytree(REAL, config)
    (original,) = config.glob(f"projects/*/{REAL_COMPACTED}.jsonl")
    agent = original.with_suffix("") / "subagents" / "agent-a7487e35ece7bb423.jsonl"
    hub = open_services(home)
    try:
        hub.accounts.add("work", str(config), AuthKind.LOGIN)
        hub.sessions.refresh()
        store = hub.archive.store
        paths = [str(p) for p in agent.parent.iterdir()]
        assert store.follow_subagents("work", REAL_COMPACTED, paths) == 0
        with agent.open("a", encoding="utf-8") as out:
            out.write("\n")
        assert store.follow_subagents("work", REAL_COMPACTED, paths) == 1
        kept = json.loads((_subagents(home) / "index.json").read_text())
        assert kept[agent.name]["source"] == agent.stat().st_size
        gone = str(agent.parent / "agent-gone.jsonl")
        assert store.follow_subagents("work", REAL_COMPACTED, [gone]) == 0
    finally:
        hub.close()
