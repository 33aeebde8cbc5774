"""`bundle load` continues the bundle's latest conversation when it can (the
chosen account, the same folder, its session still on disk): the turn resumes
Claude's session and sends only the other items' text; else a new
conversation carries every item's text. The last JSON line says which.
Real `claude` against the fake API, a real SQLite home."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from desktop.domain.prompt_wrap import GUARD
from tests.clirun import CliResult, sessiondesk
from tests.rig.fakeapi import FakeAPI, Reply, last_user_text
from tests.rig.fixtures import AccountFactory
from tests.sdrig import register, run_turn

pytestmark = [pytest.mark.claude, pytest.mark.keyring]


def _last(result: CliResult) -> dict:
    assert result.code == 0, result.stderr
    last = result.json_lines()[-1]
    assert last["type"] == "execution" and last["status"] == "succeeded", last
    return last


def _load(home: Path, env: dict[str, str], project: Path, prompt: str) -> CliResult:
    return sessiondesk(home, "--json", "bundle", "load", "ship", "--account", "alpha",
                       "--cwd", str(project), prompt, env=env, timeout=90)  # fmt: skip


def test_load_resumes_the_latest_conversation_then_starts_anew_when_its_session_is_gone(
    home: Path, claude_account: AccountFactory, claude_bin: Path, fake_api: FakeAPI,
    project: Path,
) -> None:  # fmt: skip
    alpha = claude_account("alpha")
    env = register(home, alpha, claude_bin)
    fake_api.enqueue(Reply.text("The ship is ALBATROSS."))
    first = _last(run_turn(home, env, "--account", "alpha", "--cwd", str(project), "name it"))
    for args in (("create", "ship"), ("add", "ship", first["conversation_id"]),
                 ("note", "ship", "Crew of twelve.")):  # fmt: skip
        assert sessiondesk(home, "--json", "bundle", *args, env=env).code == 0

    fake_api.enqueue(Reply.text("Twelve aboard ALBATROSS."))
    loaded = _load(home, env, project, "who sails?")
    done = _last(loaded)
    assert (done["load"], done["load_conversation"], done["load_reason"]) == (
        "resumed", "SESS-001", None)  # fmt: skip
    assert done["conversation_id"] == first["conversation_id"] and done["resumed"] is True
    assert "continuing SESS-001" in loaded.stderr
    sent = last_user_text(fake_api.main_turns()[-1])
    # the note rides along; the conversation's own text comes from its session, not re-sent
    assert sent.startswith(GUARD) and "Crew of twelve." in sent and sent.endswith("who sails?")
    assert "ALBATROSS" not in sent
    assert "ALBATROSS" in json.dumps(fake_api.main_turns()[-1].json["messages"])

    # Claude Code removed the session's file: a new conversation with every item's text
    (transcript,) = alpha.config_dir.glob(f"projects/*/{done['session_id']}.jsonl")
    transcript.unlink()
    fake_api.enqueue(Reply.text("From the bundle."))
    again = _load(home, env, project, "and now?")
    fresh = _last(again)
    assert (fresh["load"], fresh["load_conversation"]) == ("new", None)
    assert fresh["load_reason"] == "the session of SESS-001 is no longer on disk"
    assert fresh["conversation_id"] != first["conversation_id"] and fresh["resumed"] is False
    assert "a new conversation with every item's text" in again.stderr
    sent = last_user_text(fake_api.main_turns()[-1])
    assert "ALBATROSS" in sent and "Crew of twelve." in sent and sent.endswith("and now?")
