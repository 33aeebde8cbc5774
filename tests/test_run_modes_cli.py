"""`--model` and `--permission-mode` on `run`/`continue`/`fork`/`rerun`: the
real claude, the fake API, and what the records and the JSON say of each turn."""

from __future__ import annotations

import json
import os
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from tests.clirun import sessiondesk
from tests.rig.fakeapi import FakeAPI, Reply
from tests.rig.fixtures import AccountFactory
from tests.sdrig import register, run_turn

pytestmark = [pytest.mark.claude, pytest.mark.keyring]


def _argv(home: Path, execution_id: str) -> list[str]:
    """The argv the turn's claude ran with, as the database recorded it."""
    with closing(sqlite3.connect(home / "sessiondesk.db")) as db, db:
        (args,) = db.execute(
            "SELECT args_json FROM executions WHERE id = ?", (execution_id,)
        ).fetchone()
    return json.loads(args)


def _flag(argv: list[str], flag: str) -> str | None:
    return argv[argv.index(flag) + 1] if flag in argv else None


def test_a_plan_mode_turn_on_a_chosen_model_runs_so_and_says_so(
    home: Path, claude_account: AccountFactory, claude_bin: Path, fake_api: FakeAPI,
    tmp_path: Path,
) -> None:  # fmt: skip
    account = claude_account("alpha")
    env = register(home, account, claude_bin)
    fake_api.enqueue(Reply.text("A plan, nothing changed."))

    result = run_turn(home, env, "--account", "alpha", "--cwd", str(tmp_path),
                      "--model", "sonnet", "--permission-mode", "plan", "plan it")  # fmt: skip

    assert result.code == 0, result.stderr
    lines = result.json_lines()
    init = next(e for e in lines if e.get("type") == "system" and e.get("subtype") == "init")
    done = lines[-1]
    assert done["status"] == "succeeded", done
    argv = _argv(home, done["execution_id"])
    assert _flag(argv, "--permission-mode") == "plan"
    assert _flag(argv, "--model") == "sonnet"
    # claude took both: its init says so, and the API was asked for that model
    assert init["permissionMode"] == "plan"
    (turn,) = fake_api.main_turns()
    assert turn.json["model"] == init["model"] and "sonnet" in init["model"]
    # the turn records what claude reported, not just the alias it was given
    assert (done["model"], done["permission_mode"]) == (init["model"], "plan")

    shown = sessiondesk(home, "--json", "conversations", "show", done["conversation_id"], env=env)
    (execution,) = shown.json()["executions"]
    assert (execution["model"], execution["permission_mode"]) == (init["model"], "plan")
    tree = sessiondesk(home, "--json", "tree", done["conversation_id"], env=env).json()
    assert (tree[0]["model"], tree[0]["permission_mode"]) == (init["model"], "plan")


def test_continue_takes_its_own_choice_and_a_turn_without_one_uses_claudes_default(
    home: Path, claude_account: AccountFactory, claude_bin: Path, fake_api: FakeAPI,
    tmp_path: Path,
) -> None:  # fmt: skip
    account = claude_account("alpha")
    env = register(home, account, claude_bin)
    fake_api.enqueue(Reply.text("first"))
    first = run_turn(home, env, "--account", "alpha", "--cwd", str(tmp_path), "hello")
    done = first.json_lines()[-1]
    assert done["status"] == "succeeded", first.stderr
    argv = _argv(home, done["execution_id"])
    assert "--model" not in argv and "--permission-mode" not in argv
    assert done["permission_mode"] == "default" and done["model"]  # as claude reported

    fake_api.enqueue(Reply.text("second"))
    chosen = ["--permission-mode", "acceptEdits", "--model", "haiku"]
    second = sessiondesk(home, "--json", "continue", done["execution_id"], "on", *chosen, env=env)
    again = second.json_lines()[-1]
    assert again["status"] == "succeeded", second.stderr
    assert again["permission_mode"] == "acceptEdits"
    assert fake_api.main_turns()[-1].json["model"] == again["model"]
    assert "haiku" in again["model"]


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--permission-mode", "yolo"], "invalid choice: 'yolo'"),
        (["--permission-mode", "auto"], "invalid choice: 'auto'"),
        (["--model", "--help"], "expected one argument"),
        (["--model", "son net"], "not a model name"),
        (["--model", ""], "not a model name"),
    ],
)
def test_a_bad_model_or_mode_is_refused_in_one_line(
    home: Path, tmp_path: Path, args: list[str], said: str
) -> None:
    result = sessiondesk(home, "run", "--cwd", str(tmp_path), *args, "hello")
    assert result.code == 2
    assert said in result.stderr
    assert "Traceback" not in result.stderr and len(result.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("command", ["continue", "fork", "rerun"])
def test_the_branching_commands_refuse_the_same(home: Path, command: str) -> None:
    refused = sessiondesk(home, command, "abc", "--permission-mode", "plan!", "hello")
    assert refused.code == 2 and "invalid choice: 'plan!'" in refused.stderr, refused.stderr


def test_the_turn_records_the_model_that_answered_not_only_the_one_init_named(
    home: Path, claude_account: AccountFactory, claude_bin: Path, fake_api: FakeAPI,
    tmp_path: Path,
) -> None:  # fmt: skip
    """claude 2.1.332 answers a haiku plan-mode turn with sonnet, while its
    init still says haiku: the record follows the reply's own model."""
    account = claude_account("alpha")
    env = register(home, account, claude_bin)
    fake_api.enqueue(Reply.text("planned"))
    result = run_turn(home, env, "--account", "alpha", "--cwd", str(tmp_path),
                      "--model", "haiku", "--permission-mode", "plan", "plan it")  # fmt: skip
    lines = result.json_lines()
    init = next(e for e in lines if e.get("type") == "system" and e.get("subtype") == "init")
    done = lines[-1]
    (turn,) = fake_api.main_turns()
    assert "haiku" in init["model"]
    assert done["model"] == turn.json["model"] != init["model"]


@pytest.mark.skipif(os.geteuid() != 0, reason="claude refuses bypass only as root")
def test_bypass_refused_by_claude_as_root_fails_the_turn_with_its_words(
    home: Path, claude_account: AccountFactory, claude_bin: Path, fake_api: FakeAPI,
    tmp_path: Path,
) -> None:  # fmt: skip
    env = register(home, claude_account("alpha"), claude_bin)
    result = run_turn(home, env, "--account", "alpha", "--cwd", str(tmp_path),
                      "--permission-mode", "bypassPermissions", "hi")  # fmt: skip
    assert result.code != 0
    done = result.json_lines()[-1]
    assert done["status"] == "failed" and done["permission_mode"] == "bypassPermissions"
    assert "root" in done["error"], done["error"]
    assert "Traceback" not in result.stderr
    assert not fake_api.requests, "nothing reached the API"
