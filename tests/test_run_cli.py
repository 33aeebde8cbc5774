"""`sessiondesk run`: the real claude, through the fake API, recorded end to end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.clirun import sessiondesk
from tests.rig.fakeapi import FakeAPI, Reply, last_user_text, tool_results
from tests.rig.fixtures import AccountFactory
from tests.sdrig import register, run_turn

pytestmark = [pytest.mark.claude, pytest.mark.keyring]


@pytest.fixture
def project(tmp_path: Path) -> Path:
    folder = tmp_path / "my project_v1.2 项目"
    folder.mkdir()
    return folder


def test_run_streams_events_and_records_one_session_everywhere(
    home: Path, claude_account: AccountFactory, claude_bin: Path, fake_api: FakeAPI,
    project: Path,
) -> None:  # fmt: skip
    account = claude_account("alpha")
    env = register(home, account, claude_bin)
    fake_api.enqueue(Reply.text("Hello from the fake, 8841.", chunks=4))

    result = run_turn(home, env, "--account", "alpha", "--cwd", str(project), "hello")

    assert result.code == 0, result.stderr
    lines = result.json_lines()
    init = next(e for e in lines if e.get("type") == "system" and e.get("subtype") == "init")
    assert any(e.get("type") == "stream_event" for e in lines), "partial messages streamed"
    assert any(e.get("type") == "result" for e in lines)
    last = lines[-1]
    assert last["type"] == "execution"
    assert last["status"] == "succeeded" and last["kind"] == "new" and last["resumed"] is False
    assert last["session_id"] == init["session_id"]
    assert last["exit_code"] == 0
    assert last["context_tokens"] and last["usage"]["output_tokens"] > 0

    assert account.transcript(last["session_id"]).exists()
    listed = sessiondesk(home, "--json", "sessions", "list", env=env).json()
    mine = [s for s in listed if s["id"] == last["session_id"]]
    assert len(mine) == 1
    assert mine[0]["account"] == "alpha" and mine[0]["cwd"] == str(project)
    assert mine[0]["first_prompt"] == "hello"

    # the key went through the environment: the API saw it, our records did not
    (turn,) = fake_api.main_turns()
    assert turn.headers["x-api-key"] == account.api_key
    assert account.api_key not in result.stdout + result.stderr
    shown = sessiondesk(home, "--json", "conversations", "show", last["conversation_id"], env=env)
    assert account.api_key not in shown.stdout
    db = b"".join(p.read_bytes() for p in home.glob("sessiondesk.db*"))
    assert account.api_key.encode() not in db


def test_a_conversation_resumes_its_session_and_replays_when_asked_fresh(
    home: Path, claude_account: AccountFactory, claude_bin: Path, fake_api: FakeAPI,
    project: Path,
) -> None:  # fmt: skip
    account = claude_account("alpha")
    env = register(home, account, claude_bin)
    fake_api.enqueue(Reply.text("The secret word is PELICAN."))
    first = run_turn(home, env, "--account", "alpha", "--cwd", str(project), "remember")
    conv = first.json_lines()[-1]["conversation_id"]
    session = first.json_lines()[-1]["session_id"]

    fake_api.enqueue(Reply.text("Still here."))
    second = run_turn(home, env, "--conversation", conv, "what was the word?")
    done = second.json_lines()[-1]
    assert done["status"] == "succeeded", second.stderr
    assert (done["kind"], done["resumed"], done["session_id"]) == ("continue", True, session)
    # resumed: the CLI itself sent the earlier turn from its own session file
    history = json.dumps(fake_api.main_turns()[-1].json["messages"])
    assert "PELICAN" in history

    fake_api.enqueue(Reply.text("Fresh but informed."))
    third = run_turn(home, env, "--conversation", conv, "--fresh-session", "and now?")
    done = third.json_lines()[-1]
    assert (done["kind"], done["resumed"]) == ("replay", False)
    assert done["session_id"] != session
    # replayed: the prompt itself carries the conversation so far
    prompt = last_user_text(fake_api.main_turns()[-1])
    assert "PELICAN" in prompt and "and now?" in prompt


def test_a_rejected_resume_is_retried_once_with_a_replay(
    home: Path, claude_account: AccountFactory, claude_bin: Path, fake_api: FakeAPI,
    project: Path,
) -> None:  # fmt: skip
    account = claude_account("alpha")
    env = register(home, account, claude_bin)
    fake_api.enqueue(Reply.text("Noted: the colour is TEAL."))
    first = run_turn(home, env, "--account", "alpha", "--cwd", str(project), "note teal")
    done = first.json_lines()[-1]
    # Claude Code cleaned its file up (or another machine made it): --resume must fail
    account.transcript(done["session_id"]).unlink()

    fake_api.enqueue(Reply.text("Recovered."))
    second = run_turn(home, env, "--conversation", done["conversation_id"], "colour?")
    final = second.json_lines()[-1]
    assert second.code == 0, second.stderr
    assert (final["status"], final["kind"]) == ("succeeded", "replay")
    prompt = last_user_text(fake_api.main_turns()[-1])
    assert "TEAL" in prompt, "the replay came from what the index kept of the session"
    shown = sessiondesk(home, "--json", "conversations", "show", done["conversation_id"],
                        env=env).json()  # fmt: skip
    statuses = [(e["kind"], e["status"]) for e in shown["executions"]]
    assert statuses == [("new", "succeeded"), ("continue", "failed"), ("replay", "succeeded")]


def test_permission_deny_and_allow_reach_the_tool(
    home: Path, claude_account: AccountFactory, claude_bin: Path, fake_api: FakeAPI,
    project: Path,
) -> None:  # fmt: skip
    account = claude_account("alpha")
    env = register(home, account, claude_bin)
    target = project / "made-by-bash.txt"
    fake_api.enqueue(Reply.tool_use("Bash", {"command": f"touch '{target}'"}))
    fake_api.enqueue(Reply.text("Understood, not touching it."))
    denied = run_turn(home, env, "--account", "alpha", "--cwd", str(project),
                      "--permission", "deny", "make a file")  # fmt: skip
    assert denied.code == 0, denied.stderr
    assert not target.exists()
    (result,) = tool_results(fake_api.main_turns()[-1])
    assert result.is_error and "denied" in result.text.lower()

    fake_api.enqueue(Reply.tool_use("Bash", {"command": f"touch '{target}'"}))
    fake_api.enqueue(Reply.text("Done."))
    allowed = run_turn(home, env, "--account", "alpha", "--cwd", str(project),
                       "--allow", "Bash", "make a file")  # fmt: skip
    assert allowed.code == 0, allowed.stderr
    assert target.exists()


def test_an_api_error_fails_the_execution_with_its_message(
    home: Path, claude_account: AccountFactory, claude_bin: Path, fake_api: FakeAPI,
    project: Path,
) -> None:  # fmt: skip
    account = claude_account("alpha")
    env = register(home, account, claude_bin)
    fake_api.enqueue(Reply.error(401, "authentication_error", "invalid x-api-key"))
    result = run_turn(home, env, "--account", "alpha", "--cwd", str(project), "hi")
    assert result.code == 1
    done = result.json_lines()[-1]
    assert done["status"] == "failed" and done["exit_code"] == 1
    assert done["error"] and "Traceback" not in result.stderr


def test_a_missing_claude_is_a_clear_error(home: Path, project: Path, tmp_path: Path) -> None:
    sessiondesk(home, "accounts", "add", "solo", "--config-dir", str(tmp_path / "c"), "--create")
    result = sessiondesk(
        home, "run", "--account", "solo", "--cwd", str(project), "hi",
        env={"SESSIONDESK_CLAUDE": str(tmp_path / "nowhere" / "claude")},
    )  # fmt: skip
    assert result.code == 1
    assert "does not exist" in result.stderr and "npm install" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_session_made_outside_sessiondesk_is_adopted_and_resumed(
    home: Path, claude_account: AccountFactory, claude_bin: Path, fake_api: FakeAPI,
    project: Path,
) -> None:  # fmt: skip
    account = claude_account("alpha")
    env = register(home, account, claude_bin)
    fake_api.enqueue(Reply.text("The code name is HERON."))
    made = account.run(["-p", "--output-format", "json", "name it"], cwd=project)
    assert made.returncode == 0, made.stderr
    session = json.loads(made.stdout)["session_id"]

    adopted = sessiondesk(home, "--json", "adopt", session, "--account", "alpha", env=env)
    assert adopted.code == 0, adopted.stderr
    conv = adopted.json()
    assert conv["session_id"] == session and conv["code"].startswith("SESS-")
    again = sessiondesk(home, "--json", "adopt", session, env=env).json()
    assert again["id"] == conv["id"], "adopting twice gives the same conversation"

    renamed = sessiondesk(
        home, "--json", "conversations", "rename", conv["code"], "Herons", env=env
    )
    assert renamed.json()["title"] == "Herons"

    fake_api.enqueue(Reply.text("Yes, HERON."))
    turn = run_turn(home, env, "--conversation", conv["code"], "what was the name?")
    done = turn.json_lines()[-1]
    assert (done["status"], done["kind"], done["resumed"]) == ("succeeded", "continue", True)
    assert done["session_id"] == session
    assert "HERON" in json.dumps(fake_api.main_turns()[-1].json["messages"])
