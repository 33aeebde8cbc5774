"""Subagent transcripts are archived with their session: a session whose files Claude Code
deleted still opens with its subagent's messages, and a changed subagent file is copied again."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from desktop.compose import open_services
from desktop.domain.accounts import AuthKind
from desktop.services.hub import ServiceHub
from tests.test_transcript_fixtures import REAL, REAL_COMPACTED

AGENT = "agent-a7487e35ece7bb423"


def _kept(home: Path) -> dict[str, dict[str, int]]:
    folder = home / "archive" / "work" / f"{REAL_COMPACTED}.subagents"
    return json.loads((folder / "index.json").read_text(encoding="utf-8"))


@pytest.fixture
def indexed(home: Path, tmp_path: Path) -> Iterator[tuple[ServiceHub, Path]]:
    """The CLI's real files under account `work`, indexed and archived; the session's path."""
    config = tmp_path / "config"
    shutil.copytree(REAL, config)
    (original,) = config.glob(f"projects/*/{REAL_COMPACTED}.jsonl")
    hub = open_services(home)
    try:
        hub.accounts.add("work", str(config), AuthKind.LOGIN)
        hub.sessions.refresh()
        yield hub, original
    finally:
        hub.close()


def test_a_deleted_session_opens_from_the_archive_with_its_subagent(
    home: Path, indexed: tuple[ServiceHub, Path]
) -> None:
    hub, original = indexed
    assert sorted(_kept(home)) == [f"{AGENT}.jsonl", f"{AGENT}.meta.json"]
    _, before = hub.sessions.show(REAL_COMPACTED, "work")
    (agent,) = before.thread.subagents

    shutil.rmtree(original.with_suffix(""))  # the session's folder, subagents and all
    original.unlink()
    hub.sessions.refresh()
    record, after = hub.sessions.show(REAL_COMPACTED, "work")
    assert record.missing
    (restored,) = after.thread.subagents
    assert restored.tool_use_id == agent.tool_use_id == "toolu_a1"
    assert [m.text for m in restored.messages] == ["list things", "all done"]
    assert [m.text for m in after.messages] == [m.text for m in before.messages]


def test_a_changed_subagent_file_is_copied_again_and_an_unchanged_one_is_not(
    home: Path, indexed: tuple[ServiceHub, Path]
) -> None:
    hub, original = indexed
    agent = original.with_suffix("") / "subagents" / f"{AGENT}.jsonl"
    store = hub.archive.store
    paths = [str(p) for p in agent.parent.iterdir()]
    assert store.follow_subagents("work", REAL_COMPACTED, paths) == 0
    with agent.open("a", encoding="utf-8") as out:
        out.write("\n")
    assert store.follow_subagents("work", REAL_COMPACTED, paths) == 1
    assert _kept(home)[agent.name]["source"] == agent.stat().st_size
    gone = str(agent.parent / "agent-gone.jsonl")
    assert store.follow_subagents("work", REAL_COMPACTED, [gone]) == 0
