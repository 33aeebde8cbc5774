"""One bundle round-trip with the real `claude`: a conversation that ran, was
continued, forked, switched to another account (carrying its recent
turns) and continued there exports, and imports into another home whole."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.clirun import sessiondesk
from tests.rig.fakeapi import FakeAPI, Reply
from tests.rig.fixtures import AccountFactory
from tests.sdrig import register

pytestmark = [pytest.mark.claude, pytest.mark.keyring, pytest.mark.timeout(600)]


def turn(home: Path, env: dict[str, str], fake_api: FakeAPI, *args: str) -> dict[str, Any]:
    fake_api.enqueue(Reply.text("Noted."))
    result = sessiondesk(home, "--json", *args, env=env, timeout=90)
    assert result.code == 0, result.stderr
    done: dict[str, Any] = result.json_lines()[-1]
    assert done["type"] == "execution" and done["status"] == "succeeded", done
    return done


def shape(home: Path, code: str) -> list[tuple[str, str, bool, bool]]:
    shown = sessiondesk(home, "--home", str(home), "--json", "conversations", "show", code)
    assert shown.code == 0, shown.stderr
    return [
        (e["kind"], e["status"], e["parent_execution_id"] is not None, bool(e["session_id"]))
        for e in shown.json()["executions"]
    ]


def test_a_switched_conversation_round_trips_through_a_bundle(
    home: Path, tmp_path: Path, claude_account: AccountFactory, claude_bin: Path,
    fake_api: FakeAPI, project: Path,
) -> None:  # fmt: skip
    env = register(home, claude_account("alpha"), claude_bin)
    register(home, claude_account("beta"), claude_bin)
    first = turn(home, env, fake_api, "run", "--account", "alpha", "--cwd", str(project),
                 "remember HERON")  # fmt: skip
    conv = first["conversation_id"]
    turn(home, env, fake_api, "run", "--conversation", conv, "and GANNET")
    forked = turn(home, env, fake_api, "fork", first["execution_id"], "what else?")
    moved = sessiondesk(home, "--json", "switch", conv, "--to", "beta", "--carry-context", "raw",
                        env=env)  # fmt: skip
    assert moved.code == 0, moved.stderr
    carried = turn(home, env, fake_api, "run", "--conversation", conv, "which birds?")
    assert carried["kind"] == "carryover"
    kinds = [k for k, *_ in shape(home, conv)]
    assert kinds == ["new", "continue", "switch", "carryover"], kinds

    assert sessiondesk(home, "bundle", "create", "birds", env=env).code == 0
    added = sessiondesk(home, "bundle", "add", "birds", conv, forked["conversation_id"], env=env)
    assert added.code == 0, added.stderr
    bundle = tmp_path / "birds.zip"
    exported = sessiondesk(home, "bundle", "export", "birds", str(bundle), env=env)
    assert exported.code == 0, exported.stderr

    other = tmp_path / "other"
    other.mkdir()
    there = ("--home", str(other))  # the rig's environment names the first home
    mine = ("accounts", "add", "mine", "--config-dir", str(tmp_path / "mine"), "--create")
    assert sessiondesk(other, *there, *mine, env=env).code == 0
    imported = sessiondesk(other, *there, "--json", "bundle", "import", str(bundle),
                           "--account", "mine", env=env)  # fmt: skip
    assert imported.code == 0, imported.stderr
    codes = imported.json()["conversations"]
    assert len(codes) == 2
    assert shape(other, codes[0]) == shape(home, conv)
    assert shape(other, codes[1]) == shape(home, forked["conversation_id"])
