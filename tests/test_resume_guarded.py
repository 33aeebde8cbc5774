"""Guarded resume with the real CLI and the fake API: each test asserts both
halves. Resumed: `--resume` in the argv, and the request carries only the new
prompt after the guard line. Replayed: no `--resume`, and the history rides in
the prompt."""

from __future__ import annotations

import json
import sqlite3
import stat
from contextlib import closing
from pathlib import Path

import pytest

from desktop.domain.prompt_wrap import GUARD, REPLAY_INTRO
from tests.clirun import CliResult, sessiondesk
from tests.rig.fakeapi import FakeAPI, Reply, last_user_text, user_texts
from tests.rig.fixtures import AccountFactory
from tests.sdrig import register, run_turn

pytestmark = [pytest.mark.claude, pytest.mark.keyring]


def _argv(home: Path, execution_id: str) -> list[str]:
    with closing(sqlite3.connect(home / "sessiondesk.db")) as db, db:
        query = "SELECT args_json FROM executions WHERE id = ?"
        (raw,) = db.execute(query, (execution_id,)).fetchone()
    return list(json.loads(raw))


def _done(result: CliResult) -> dict:
    assert result.code == 0, result.stderr
    last = result.json_lines()[-1]
    assert last["type"] == "execution" and last["status"] == "succeeded", last
    return last


def _assert_resumed(home: Path, fake_api: FakeAPI, done: dict, prompt: str, earlier: str) -> None:
    assert done["resumed"] is True and done["kind"] == "continue"
    assert "--resume" in _argv(home, done["execution_id"])
    request = fake_api.main_turns()[-1]
    assert last_user_text(request) == f"{GUARD}\n\n{prompt}"
    # the CLI brought the history from its own session, not our prompt
    assert earlier in json.dumps(request.json["messages"])
    assert done["bytes_sent"] == len(f"{GUARD}\n\n{prompt}".encode())
    assert done["bytes_saved"] > 0


def _assert_replayed(home: Path, fake_api: FakeAPI, done: dict, prompt: str,
                     earlier: str, reason: str) -> str:  # fmt: skip
    assert done["resumed"] is False and reason in (done["resume_reason"] or "")
    assert "--resume" not in _argv(home, done["execution_id"])
    sent = last_user_text(fake_api.main_turns()[-1])
    assert sent.startswith(REPLAY_INTRO) and sent.endswith(prompt) and earlier in sent
    assert len(user_texts(fake_api.main_turns()[-1])) == 1, "a fresh session: one user message"
    assert done["bytes_sent"] >= len(sent.encode())
    return sent


def _start(home: Path, env: dict[str, str], fake_api: FakeAPI, project: Path) -> dict:
    fake_api.enqueue(Reply.text("The word is PELICAN."))
    return _done(run_turn(home, env, "--account", "alpha", "--cwd", str(project), "remember"))


def test_two_turns_resume_and_a_fresh_session_replays(
    home: Path, claude_account: AccountFactory, claude_bin: Path, fake_api: FakeAPI,
    project: Path,
) -> None:  # fmt: skip
    env = register(home, claude_account("alpha"), claude_bin)
    first = _start(home, env, fake_api, project)
    assert first["resumed"] is False and first["resume_reason"] == "a new conversation"
    conv = first["conversation_id"]
    for prompt in ("what was the word?", "and spell it"):
        fake_api.enqueue(Reply.text("PELICAN, still."))
        done = _done(run_turn(home, env, "--conversation", conv, prompt))
        _assert_resumed(home, fake_api, done, prompt, "PELICAN")

    fake_api.enqueue(Reply.text("Fresh."))
    done = _done(run_turn(home, env, "--conversation", conv, "--fresh-session", "now?"))
    sent = _assert_replayed(home, fake_api, done, "now?", "PELICAN", "fresh")
    assert GUARD not in sent and "User: and spell it" in sent

    # and the next turn resumes the replayed session, which reads as the person wrote it
    fake_api.enqueue(Reply.text("Yes."))
    after = _done(run_turn(home, env, "--conversation", conv, "one more"))
    _assert_resumed(home, fake_api, after, "one more", "now?")
    shown = sessiondesk(home, "--json", "sessions", "show", after["session_id"], env=env).json()
    prompts = [m for m in shown["messages"] if m["role"] == "user"]
    assert prompts[0]["text"] == "now?" and prompts[0]["replayed_turns"] == 3
    assert prompts[1]["text"] == "one more"
    listed = sessiondesk(home, "--json", "sessions", "list", env=env).json()
    mine = next(s for s in listed if s["id"] == after["session_id"])
    assert mine["first_prompt"] == "now?" and mine["title"] == "now?"

    # what was decided is recorded and shown everywhere
    executions = sessiondesk(home, "--json", "conversations", "show", conv, env=env).json()
    marks = [(e["kind"], e["resumed"]) for e in executions["executions"]]
    assert marks == [("new", False), ("continue", True), ("continue", True),
                     ("replay", False), ("continue", True)]  # fmt: skip
    assert all(e["bytes_sent"] for e in executions["executions"])
    tree = sessiondesk(home, "--json", "tree", conv, env=env).json()
    assert tree[0]["resume_reason"] == "a new conversation" and "bytes_saved" in tree[0]
    stats = sessiondesk(home, "--json", "stats", env=env).json()["totals"]
    assert stats["bytes_saved"] == sum(e["bytes_saved"] or 0 for e in executions["executions"])
    assert stats["bytes_sent"] == sum(e["bytes_sent"] for e in executions["executions"])


def test_rerun_bumps_the_epoch_and_replays_only_the_history_before(
    home: Path, claude_account: AccountFactory, claude_bin: Path, fake_api: FakeAPI,
    project: Path,
) -> None:  # fmt: skip
    env = register(home, claude_account("alpha"), claude_bin)
    first = _start(home, env, fake_api, project)
    conv = first["conversation_id"]
    fake_api.enqueue(Reply.text("The colour is CRIMSON."))
    second = _done(run_turn(home, env, "--conversation", conv, "pick a colour WRONGTURN"))

    fake_api.enqueue(Reply.text("The colour is JADE."))
    rerun = sessiondesk(home, "--json", "rerun", second["execution_id"], "pick a colour again",
                        env=env, timeout=90)  # fmt: skip
    done = _done(rerun)
    sent = _assert_replayed(home, fake_api, done, "pick a colour again", "PELICAN", "rewritten")
    assert "WRONGTURN" not in sent and "CRIMSON" not in sent, "never the turn it replaces"
    assert done["parent_execution_id"] == first["execution_id"]

    # the old session is stale now: the next turn resumes the new branch's session
    fake_api.enqueue(Reply.text("JADE it is."))
    after = _done(run_turn(home, env, "--conversation", conv, "which colour?"))
    _assert_resumed(home, fake_api, after, "which colour?", "JADE")
    assert after["session_id"] == done["session_id"] != second["session_id"]
    assert "CRIMSON" not in json.dumps(fake_api.main_turns()[-1].json["messages"])
    # the old branch stays in the tree, beside the new one
    (root,) = sessiondesk(home, "--json", "tree", conv, env=env).json()
    assert {c["execution_id"] for c in root["children"]} == {
        second["execution_id"], done["execution_id"],
    }  # fmt: skip

    # the same prompt, when none is given
    fake_api.enqueue(Reply.text("Again."))
    same = _done(sessiondesk(home, "--json", "rerun", after["execution_id"], env=env, timeout=90))
    assert same["parent_execution_id"] == done["execution_id"]
    assert last_user_text(fake_api.main_turns()[-1]).endswith("which colour?")


def test_rerun_of_an_unknown_execution_or_without_a_prompt_is_one_line(
    home: Path, claude_account: AccountFactory, claude_bin: Path, fake_api: FakeAPI,
    project: Path,
) -> None:  # fmt: skip
    env = register(home, claude_account("alpha"), claude_bin)
    unknown = sessiondesk(home, "rerun", "0123456789abcdef", "x", env=env)
    assert unknown.code == 2 and len(unknown.stderr.strip().splitlines()) == 1
    assert "no execution" in unknown.stderr
    register(home, claude_account("beta"), claude_bin)
    first = _start(home, env, fake_api, project)
    moved = sessiondesk(home, "switch", first["conversation_id"], "--to", "beta", env=env)
    assert moved.code == 0, moved.stderr
    executions = sessiondesk(home, "--json", "conversations", "show", first["conversation_id"],
                             env=env).json()["executions"]  # fmt: skip
    (switch,) = [e for e in executions if e["kind"] == "switch"]
    # a switch records no prompt: nothing to re-run, and nothing changes
    empty = sessiondesk(home, "rerun", switch["execution_id"], env=env)
    assert empty.code == 2 and "no prompt" in empty.stderr
    assert len(empty.stderr.strip().splitlines()) == 1
    # a turn of the account the conversation left: re-running it would cross accounts
    crossed = sessiondesk(home, "rerun", first["execution_id"], "again", env=env)
    assert crossed.code == 2 and "moved to beta" in crossed.stderr
    assert len(crossed.stderr.strip().splitlines()) == 1
    with closing(sqlite3.connect(home / "sessiondesk.db")) as db, db:
        assert db.execute("SELECT history_epoch FROM conversations").fetchall() == [(0,)]


def test_another_folder_or_another_claude_replays(
    home: Path, claude_account: AccountFactory, claude_bin: Path, fake_api: FakeAPI,
    project: Path, tmp_path: Path,
) -> None:  # fmt: skip
    env = register(home, claude_account("alpha"), claude_bin)
    conv = _start(home, env, fake_api, project)["conversation_id"]
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    fake_api.enqueue(Reply.text("Moved."))
    done = _done(run_turn(home, env, "--conversation", conv, "--cwd", str(elsewhere), "here?"))
    _assert_replayed(home, fake_api, done, "here?", "PELICAN", "folder")

    # the same version at another path is another claude
    wrapper = tmp_path / "bin" / "claude"
    wrapper.parent.mkdir()
    wrapper.write_text(f'#!/bin/sh\nexec "{claude_bin}" "$@"\n')
    wrapper.chmod(wrapper.stat().st_mode | stat.S_IXUSR)
    other = {**env, "SESSIONDESK_CLAUDE": str(wrapper)}
    fake_api.enqueue(Reply.text("Other binary."))
    done = _done(run_turn(home, other, "--conversation", conv, "--cwd", str(elsewhere), "again?"))
    _assert_replayed(home, fake_api, done, "again?", "here?", "binary")


def test_a_claude_without_resume_replays_every_turn_and_none_fails(
    home: Path, claude_account: AccountFactory, claude_bin: Path, fake_api: FakeAPI,
    project: Path, tmp_path: Path,
) -> None:  # fmt: skip
    wrapper = tmp_path / "bin" / "claude"
    wrapper.parent.mkdir()
    wrapper.write_text(
        "#!/bin/sh\n"
        f'if [ "$1" = "--help" ]; then "{claude_bin}" --help | grep -v -e "--resume"; exit 0; fi\n'
        f'exec "{claude_bin}" "$@"\n'
    )
    wrapper.chmod(wrapper.stat().st_mode | stat.S_IXUSR)
    env = register(home, claude_account("alpha"), wrapper)
    conv = _start(home, env, fake_api, project)["conversation_id"]
    for prompt in ("second", "third"):
        fake_api.enqueue(Reply.text(f"reply to {prompt}"))
        done = _done(run_turn(home, env, "--conversation", conv, prompt))
        _assert_replayed(home, fake_api, done, prompt, "PELICAN", "no --resume")
    assert "reply to second" in last_user_text(fake_api.main_turns()[-1])


def test_a_deleted_transcript_is_rejected_then_replayed_once_with_the_reason(
    home: Path, claude_account: AccountFactory, claude_bin: Path, fake_api: FakeAPI,
    project: Path,
) -> None:  # fmt: skip
    account = claude_account("alpha")
    env = register(home, account, claude_bin)
    first = _start(home, env, fake_api, project)
    account.transcript(first["session_id"]).unlink()

    fake_api.enqueue(Reply.text("Recovered."))
    result = run_turn(home, env, "--conversation", first["conversation_id"], "the word?")
    done = _done(result)
    sent = _assert_replayed(home, fake_api, done, "the word?", "PELICAN", "rejected by claude: ")
    assert "No conversation found" in done["resume_reason"] and GUARD not in sent
    shown = sessiondesk(home, "--json", "conversations", "show", first["conversation_id"],
                        env=env).json()["executions"]  # fmt: skip
    refused = shown[1]
    assert (refused["kind"], refused["status"], refused["resumed"]) == ("continue", "failed", True)
    assert "--resume" in _argv(home, refused["execution_id"])
    assert [e["kind"] for e in shown] == ["new", "continue", "replay"], "retried once"
