"""Fork, from a session's menu, of a session found on disk: claude's own
`--fork-session` when resuming is safe (the whole history comes along, the
parent file untouched), as `sessiondesk fork SESSION_ID` does."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from desktop.domain.conversations import ExecutionKind, ExecutionStatus
from tests.rig.claude import ClaudeAccount
from tests.rig.fakeapi import Reply
from tests.ui.run_kit import Rig, until

pytestmark = [pytest.mark.gui, pytest.mark.claude, pytest.mark.keyring]


def alpha_outside(rig: Rig, claude_bin: Path) -> ClaudeAccount:
    """The rig's account `alpha`, as a person would run claude in a terminal."""
    account = rig.hub.accounts.get("alpha")
    key = rig.hub.accounts.secret("alpha") or ""
    env = {
        "CLAUDE_CONFIG_DIR": account.config_dir, "ANTHROPIC_BASE_URL": rig.api.url,
        "ANTHROPIC_API_KEY": key, "DISABLE_TELEMETRY": "1", "CLAUDE_CODE_MAX_RETRIES": "0",
        "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1", "DISABLE_AUTOUPDATER": "1",
    }  # fmt: skip
    return ClaudeAccount("alpha", Path(account.config_dir), key, claude_bin, env)


def test_a_fork_of_a_session_on_disk_uses_claudes_fork_session(rig: Rig, claude_bin: Path) -> None:
    outside = alpha_outside(rig, claude_bin)
    rig.api.enqueue(Reply.text("Noted: KESTREL."))
    made = outside.run(["-p", "--output-format", "json", "remember the word KESTREL"],
                       cwd=rig.project)  # fmt: skip
    assert made.returncode == 0, made.stderr
    parent_id = json.loads(made.stdout)["session_id"]
    parent_file = outside.transcript(parent_id)
    parent_bytes = parent_file.read_bytes()
    rig.api.enqueue(Reply.text("The word was KESTREL."))

    async def scenario() -> None:
        rig.window.commands.reindex.trigger()
        source = rig.window.sessions.pane.source
        await until(lambda: any(r.session_id == parent_id for r in source.records()), 30,
                    "the session on disk to be listed")  # fmt: skip
        (record,) = [r for r in source.records() if r.session_id == parent_id]
        rig.window.sessions.menu.fork_requested.emit(record)
        banner = rig.desk.branch_banner
        assert banner.isVisible() and "remember the word KESTREL" in banner.label.text()
        assert not rig.desk.composer.fresh()

        mark = len(rig.api.requests)
        rig.type_and_send("which word?")
        fork = await rig.finished(await rig.started())
        assert fork.status is ExecutionStatus.SUCCEEDED, fork.error
        assert fork.kind is ExecutionKind.FORK and fork.resumed, fork.resume_reason
        assert "--fork-session" in fork.args and parent_id in fork.args
        assert fork.session_id and fork.session_id != parent_id
        (sent,) = [r for r in rig.api.main_turns() if r in rig.api.requests[mark:]]
        messages = json.dumps(sent.json["messages"], ensure_ascii=False)
        # claude's own history, message by message: not one replayed prompt
        assert "remember the word KESTREL" in messages and "Noted: KESTREL." in messages
        assert len(sent.json["messages"]) >= 3
        assert not banner.isVisible()

    rig.play(scenario())
    assert parent_file.read_bytes() == parent_bytes, "the parent's file is untouched"
